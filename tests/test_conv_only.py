"""The convolution ablations: encoder self-attention "none" (each layer is the local
convolution + FFN: conv_only_small) and the transformer with the same convolution
(transformer_conv_small). What each position can see, padding, parameters, the refusal of an
encoder with neither attention nor convolution, training and decoding of a tiny model."""
import argparse
import re

import pytest
import torch
from fairseq.models import ARCH_CONFIG_REGISTRY
from fairseq.sequence_generator import SequenceGenerator

import fairseq_plugins  # noqa: F401  (registers the architectures)
from test_model import FakeTask, batch, build

TINY = dict(encoder_embed_dim=32, decoder_embed_dim=32, encoder_ffn_embed_dim=64, decoder_ffn_embed_dim=64)
SIZES = ("encoder_layers", "decoder_layers", "encoder_embed_dim", "encoder_ffn_embed_dim", "encoder_attention_heads",
         "decoder_attention_heads", "dropout", "max_source_positions", "max_target_positions")


def arch_args(arch: str) -> argparse.Namespace:
    args = argparse.Namespace()
    ARCH_CONFIG_REGISTRY[arch](args)
    return args


def trained_looking(model, std: float = 0.3):
    """Random weights everywhere (the convolution starts at zero, which would hide what it sees)."""
    torch.manual_seed(0)
    with torch.no_grad():
        for p in model.parameters():
            p.normal_(0, std)
    return model


def encoder_reach(model, n: int, position: int) -> list:
    """For every encoder layer, the positions whose output changes when token `position` changes."""
    enc = model.encoder
    tokens = torch.randint(4, 50, (1, n))
    other = tokens.clone()
    other[0, position] = 4 + (tokens[0, position] - 3) % 46

    def states(t):
        x, out = enc.embed(t), []
        for layer in enc.layers:
            x = layer(x, t.eq(enc.padding_idx))
            out.append(x[0])
        return out

    with torch.no_grad():
        return [set(torch.nonzero((a - b).abs().amax(-1) > 1e-6).flatten().tolist())
                for a, b in zip(states(tokens), states(other))]


def test_presets():
    conv_only, fastformer = arch_args("conv_only_small"), arch_args("fastformer_small")
    assert (conv_only.encoder_self_attention, conv_only.encoder_local_conv) == ("none", 7)
    assert {k: getattr(conv_only, k) for k in SIZES} == {k: getattr(fastformer, k) for k in SIZES}
    transformer_conv, transformer = arch_args("transformer_conv_small"), arch_args("transformer_small")
    assert (transformer_conv.encoder_self_attention, transformer_conv.encoder_local_conv) == ("softmax", 7)
    assert vars(transformer_conv) == dict(vars(transformer), encoder_local_conv=7)
    assert conv_only.decoder_self_attention == transformer_conv.decoder_self_attention == "softmax"


def test_conv_only_has_no_attention_parameters():
    task = FakeTask()
    conv_only, with_attention = build("conv_only_small", task=task), build("transformer_conv_small", task=task)
    assert all(layer.self_attention is None and layer.local_conv is not None for layer in conv_only.encoder.layers)
    names = [name for name, _ in conv_only.encoder.named_parameters()]
    assert names and not [n for n in names if "attention" in n]
    # exactly the attention sublayers (projections + their LayerNorm) fewer than the transformer's
    attention = sum(p.numel() for layer in with_attention.encoder.layers for p in layer.self_attention.parameters())
    count = lambda m: sum(p.numel() for p in m.parameters())  # noqa: E731
    assert count(with_attention) - count(conv_only) == attention > 0
    decoder_shapes = lambda m: {k: v.shape for k, v in m.decoder.state_dict().items()}  # noqa: E731
    assert decoder_shapes(conv_only) == decoder_shapes(with_attention)


def test_conv_only_sees_exactly_its_kernel_per_layer():
    """Kernel 7: a token reaches 3 positions either side per layer and nothing beyond; with
    attention (transformer_conv_small) the first layer already reaches every position."""
    conv_only = trained_looking(build("conv_only_small", **TINY).eval())
    reach = encoder_reach(conv_only, 30, 12)
    assert reach == [set(range(12 - 3 * k, 13 + 3 * k)) for k in (1, 2, 3)]
    transformer_conv = trained_looking(build("transformer_conv_small", **TINY).eval(), std=0.1)
    assert encoder_reach(transformer_conv, 30, 12)[0] == set(range(30))


@pytest.mark.parametrize("arch", ["conv_only_small", "transformer_conv_small"])
def test_padding_changes_nothing(arch):
    task = FakeTask()
    model = trained_looking(build(arch, task=task, copy_attention=True, dropout=0.0, **TINY), std=0.1).eval()
    src, lengths, prev = batch(task, bsz=4, src_len=17)  # left-padded by 0, 2, 4, 6
    full = model.get_normalized_probs(model(src, lengths, prev), log_probs=True)
    for i, n in enumerate(lengths.tolist()):
        alone = model.get_normalized_probs(model(src[i : i + 1, -n:], lengths[i : i + 1], prev[i : i + 1]), log_probs=True)
        torch.testing.assert_close(alone[0], full[i], rtol=1e-4, atol=1e-4)


def test_no_attention_without_a_convolution_is_refused():
    with pytest.raises(ValueError, match=re.escape("--encoder-self-attention none (a convolution-only encoder) needs --encoder-local-conv")):
        build("fastformer_small", encoder_self_attention="none")
    with pytest.raises(ValueError, match="needs --encoder-local-conv"):
        build("conv_only_small", encoder_local_conv=0)  # the command line overrides the preset's 7
    assert len(build("conv_only_small", encoder_local_conv=3).encoder.layers) == 3


def test_train_step_and_incremental_decoding():
    task = FakeTask()
    model = trained_looking(build("conv_only_small", task=task, copy_attention=True, **TINY), std=0.1)
    src, lengths, prev = batch(task)
    model.train()
    log_probs = model.get_normalized_probs(model(src, lengths, prev), log_probs=True)
    (-log_probs[..., 5].mean()).backward()
    grads = [layer.local_conv.sublayer.conv.weight.grad for layer in model.encoder.layers]
    assert all(g is not None and torch.isfinite(g).all() and g.abs().sum() > 0 for g in grads)
    assert all(p.grad is not None and torch.isfinite(p.grad).all() for p in model.parameters() if p.requires_grad)

    model.eval()
    with torch.no_grad():
        encoder_out = model.encoder(src, lengths)
        parallel = model.get_normalized_probs(model.decoder(prev, encoder_out), log_probs=True)
        state = {}
        for t in range(prev.size(1)):
            step = model.get_normalized_probs(model.decoder(prev[:, : t + 1], encoder_out, incremental_state=state), log_probs=True)
            torch.testing.assert_close(step[:, 0], parallel[:, t], rtol=1e-4, atol=1e-4)
    # fairseq's beam search, as the app runs it: exactly the length asked for, trigrams blocked
    generator = SequenceGenerator([model], task.dictionary, beam_size=4, min_len=10, max_len_a=0, max_len_b=10,
                                  no_repeat_ngram_size=3)
    sample = {"net_input": {"src_tokens": src, "src_lengths": lengths}}
    with torch.no_grad():
        hypos = generator.forward(sample)
    for hypo in hypos:
        tokens = hypo[0]["tokens"].tolist()
        assert len(tokens) == 11 and tokens[-1] == task.dictionary.eos()
        trigrams = [tuple(tokens[i : i + 3]) for i in range(len(tokens) - 3)]
        assert len(trigrams) == len(set(trigrams))


def test_encoder_ablation_has_no_attention_to_switch_off():
    """scripts/encoder_ablation.py: no_self_attention is n/a for the convolution-only encoder
    (nothing changed), and still applies to a model with attention."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    import encoder_ablation

    conv_only = build("conv_only_small", **TINY)
    before = {k: v.clone() for k, v in conv_only.state_dict().items()}
    assert encoder_ablation.zero_self_attention(conv_only) is False
    assert all(torch.equal(before[k], v) for k, v in conv_only.state_dict().items())
    with_attention = build("transformer_conv_small", **TINY)
    assert encoder_ablation.zero_self_attention(with_attention) is True
    assert all(isinstance(layer.self_attention.sublayer, encoder_ablation.ZeroSublayer) for layer in with_attention.encoder.layers)

"""The encoder-decoder as fairseq builds it: architectures, decoding state, sharing, lengths."""
import argparse

import pytest
import torch
from fairseq.data import Dictionary
from fairseq.models import ARCH_MODEL_REGISTRY, ARCH_CONFIG_REGISTRY

import fairseq_plugins  # noqa: F401  (registers the architectures)
from fairseq_plugins.models.efficient_transformer import (
    DECODER_SELF_ATTENTION,
    ENCODER_SELF_ATTENTION,
    EfficientTransformerModel,
)

torch.manual_seed(0)

# options an encoder mechanism cannot be built without (check_config refuses it otherwise)
MECHANISM_OPTIONS = {"none": dict(encoder_local_conv=3)}


class FakeTask:
    def __init__(self, vocab: int = 50):
        self.dictionary = Dictionary()
        for i in range(vocab):
            self.dictionary.add_symbol(f"w{i}")
        self.source_dictionary = self.target_dictionary = self.dictionary


def build(arch: str = "fastformer_small", task=None, **overrides):
    args = argparse.Namespace(arch=arch, **overrides)
    ARCH_CONFIG_REGISTRY[arch](args)
    return ARCH_MODEL_REGISTRY[arch].build_model(args, task or FakeTask()).eval()


def batch(task, bsz=3, src_len=13, tgt_len=7):
    d = task.dictionary
    src = torch.randint(d.nspecial, len(d), (bsz, src_len))
    lengths = torch.tensor([src_len - 2 * i for i in range(bsz)])
    for i, n in enumerate(lengths):  # fairseq left-pads sources by default
        src[i, : src_len - n] = d.pad()
    prev = torch.randint(d.nspecial, len(d), (bsz, tgt_len))
    prev[:, 0] = d.eos()
    return src, lengths, prev


@pytest.mark.parametrize("arch", ["fastformer_small", "fastformer_cnndm", "fastformer_pubmed"])
def test_paper_architectures(arch):
    model = build(arch)
    args = argparse.Namespace(arch=arch)
    ARCH_CONFIG_REGISTRY[arch](args)
    expected = {
        "fastformer_cnndm": (4, 4, 16, 2048, 0.2),
        "fastformer_pubmed": (2, 4, 16, 4096, 0.2),
        "fastformer_small": (3, 3, 4, 2048, 0.1),
    }[arch]
    got = (args.encoder_layers, args.decoder_layers, args.encoder_attention_heads, args.max_source_positions, args.dropout)
    assert got == expected
    assert len(model.encoder.layers) == expected[0] and len(model.decoder.layers) == expected[1]
    assert model.max_positions() == (expected[3], 1024)


def test_command_line_sizes_override_the_architecture():
    model = build("fastformer_cnndm", encoder_layers=2, encoder_embed_dim=64, decoder_embed_dim=64, encoder_attention_heads=8, decoder_attention_heads=8)
    assert len(model.encoder.layers) == 2
    assert model.encoder.embed.embed_tokens.embedding_dim == 64


@pytest.mark.parametrize("decoder", sorted(DECODER_SELF_ATTENTION))
@pytest.mark.parametrize("encoder", ["fastformer", "softmax"])
def test_incremental_decoding_equals_parallel_after_beam_reorder(encoder, decoder):
    task = FakeTask()
    model = build(encoder_self_attention=encoder, decoder_self_attention=decoder, encoder_embed_dim=32, decoder_embed_dim=32)
    src, lengths, prev = batch(task)
    encoder_out = model.encoder(src, lengths)
    parallel, _ = model.decoder(prev, encoder_out)  # (B, T, V)

    state = {}
    for t in range(4):
        step, extra = model.decoder(prev[:, : t + 1], encoder_out, incremental_state=state)
        torch.testing.assert_close(step[:, 0], parallel[:, t], rtol=1e-4, atol=1e-4)
    assert extra["attn"][0].shape == (3, 1, src.size(1))
    # beam search: row i now continues the prefix of row order[i]
    order = torch.tensor([1, 1, 0])
    model.decoder.reorder_incremental_state_scripting(state, order)
    encoder_out = model.encoder.reorder_encoder_out(encoder_out, order)
    new_prev = torch.cat([prev[order, :4], prev[:, 4:]], dim=1)
    expected, _ = model.decoder(new_prev, encoder_out)
    for t in range(4, prev.size(1)):
        step, _ = model.decoder(new_prev[:, : t + 1], encoder_out, incremental_state=state)
        torch.testing.assert_close(step[:, 0], expected[:, t], rtol=1e-4, atol=1e-4)


def test_fastformer_decoder_state_does_not_grow():
    task = FakeTask()
    model = build(encoder_embed_dim=32, decoder_embed_dim=32)
    src, lengths, prev = batch(task, tgt_len=40)
    encoder_out = model.encoder(src, lengths)
    state, sizes = {}, []
    for t in range(40):
        model.decoder(prev[:, : t + 1], encoder_out, incremental_state=state)
        self_state = [v for k, v in state.items() if k.endswith("self_attention")]
        sizes.append(sum(t.numel() for s in self_state for t in s.values()))
    assert sizes[1] == sizes[-1] > 0


@pytest.mark.parametrize("encoder", sorted(ENCODER_SELF_ATTENTION))
def test_source_padding_changes_nothing(encoder):
    task = FakeTask()
    model = build(encoder_self_attention=encoder, encoder_embed_dim=32, decoder_embed_dim=32, **MECHANISM_OPTIONS.get(encoder, {}))
    src, lengths, prev = batch(task)
    full, _ = model(src, lengths, prev)
    for i, n in enumerate(lengths.tolist()):
        alone, _ = model(src[i : i + 1, -n:], lengths[i : i + 1], prev[i : i + 1])
        torch.testing.assert_close(alone[0], full[i], rtol=1e-4, atol=1e-4)


def test_layer_sharing_switch():
    shared = build()
    per_layer = build(no_fastformer_layer_sharing=True)
    enc_shared = {id(layer.self_attention.sublayer) for layer in shared.encoder.layers}
    enc_separate = {id(layer.self_attention.sublayer) for layer in per_layer.encoder.layers}
    assert len(enc_shared) == 1 and len(enc_separate) == 3
    n_shared = sum(p.numel() for p in shared.parameters())
    n_separate = sum(p.numel() for p in per_layer.parameters())
    attention = sum(p.numel() for p in shared.encoder.layers[0].self_attention.sublayer.parameters())
    decoder_attention = sum(p.numel() for p in shared.decoder.layers[0].self_attention.sublayer.parameters())
    assert n_separate - n_shared == 2 * attention + 2 * decoder_attention


def test_positions_cover_65536_source_tokens():
    task = FakeTask()
    model = build(max_source_positions=65536, encoder_embed_dim=16, decoder_embed_dim=16, encoder_attention_heads=2, decoder_attention_heads=2)
    src = torch.randint(task.dictionary.nspecial, 50, (1, 65536))
    with torch.no_grad():
        out = model.encoder(src)
    memory = out["encoder_out"][0]
    assert memory.shape == (65536, 1, 16) and torch.isfinite(memory).all()
    # positions are distinct at the far end: the same token at two late positions differs
    emb = model.encoder.embed.positions(torch.full((1, 65536), 5))
    assert not torch.allclose(emb[0, -1], emb[0, -2])


def test_gradients_finite_on_16k_source():
    task = FakeTask()
    model = build(max_source_positions=16384, encoder_embed_dim=32, decoder_embed_dim=32).train()
    src = torch.randint(task.dictionary.nspecial, 50, (1, 16384))
    prev = torch.randint(task.dictionary.nspecial, 50, (1, 20))
    logits, _ = model(src, torch.tensor([16384]), prev)
    logits.float().logsumexp(-1).mean().backward()
    assert all(torch.isfinite(p.grad).all() for p in model.parameters() if p.grad is not None)


def test_bad_sizes_are_rejected_with_a_message():
    with pytest.raises(ValueError, match="divisible"):
        build(encoder_embed_dim=30, decoder_embed_dim=30, encoder_attention_heads=4)
    task = FakeTask()
    other = FakeTask(vocab=60)
    task.target_dictionary = other.dictionary
    with pytest.raises(ValueError, match="joined dictionary"):
        build(task=task)


def test_bf16_autocast_only_while_training():
    """--autocast-bf16: training forward runs its matmuls in bf16 (close to, not equal to, fp32);
    evaluation is exact fp32; the weights and their gradients stay fp32."""
    task = FakeTask()
    torch.manual_seed(0)
    fp32 = build(task=task, copy_attention=True, dropout=0.0)
    bf16 = build(task=task, copy_attention=True, dropout=0.0, autocast_bf16=True)
    bf16.load_state_dict(fp32.state_dict())
    src, lengths, prev = batch(task, bsz=4, src_len=40, tgt_len=9)

    def log_probs(model):
        return model.get_normalized_probs(model(src, lengths, prev), log_probs=True)

    fp32.train(), bf16.train()
    reference, mixed = log_probs(fp32), log_probs(bf16)
    assert mixed.dtype == torch.float32  # the loss sees fp32 log-probabilities
    assert not torch.equal(reference, mixed)  # bf16 really ran ...
    torch.testing.assert_close(mixed.exp(), reference.exp(), atol=2e-2, rtol=0)  # ... close to fp32
    mixed.sum().backward()
    assert all(p.grad is None or (p.grad.dtype == torch.float32 and torch.isfinite(p.grad).all()) for p in bf16.parameters())
    assert all(p.dtype == torch.float32 for p in bf16.parameters())
    fp32.eval(), bf16.eval()
    with torch.no_grad():
        torch.testing.assert_close(log_probs(bf16), log_probs(fp32), rtol=0, atol=0)

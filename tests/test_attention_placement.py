"""Where the encoder's attention sits beside its convolution: --encoder-attention-placement
gated_parallel (the attention a gated branch beside the convolution, the gate closed at first) and
--encoder-attention-layers N (attention in the top N layers only). Each against its written
equation (EncoderLayer's docstring, modules/gate.py), at initialisation against the
convolution-only encoder, what each layer can see, padding, refusals, and the extractive model's
sentence layers, which keep their own attention in series."""
import re

import pytest
import torch

import fairseq_plugins  # noqa: F401  (registers the architectures)
from fairseq_plugins.modules.gate import TanhGate
from test_conv_only import TINY, encoder_reach, trained_looking
from test_model import FakeTask, batch, build

GATED = dict(encoder_attention_placement="gated_parallel")


def test_gate_is_tanh_alpha_times_the_branch():
    branch = torch.nn.Linear(8, 8)
    gate = TanhGate(branch, 8)
    x = torch.randn(2, 5, 8)
    assert torch.equal(gate(x), torch.zeros(2, 5, 8))  # closed at initialisation
    with torch.no_grad():
        gate.alpha.copy_(torch.linspace(-2, 2, 8))
    expected = torch.tanh(torch.linspace(-2, 2, 8)) * branch(x)
    torch.testing.assert_close(gate(x), expected)


def test_gated_parallel_layer_is_its_equation():
    """h = x + Conv(LN_1 x) + tanh(alpha) * Attn(LN_2 x);  y = h + FFN(LN_3 h), dropout off."""
    model = trained_looking(build("fastformer_conv_small", **GATED, **TINY), std=0.2).eval()
    layer = model.encoder.layers[0]
    assert layer.parallel and isinstance(layer.self_attention.sublayer, TanhGate)
    x, padding = torch.randn(2, 11, 32), torch.zeros(2, 11, dtype=torch.bool)
    conv, attention, ffn = layer.local_conv, layer.self_attention, layer.feed_forward
    alpha = attention.sublayer.alpha
    assert alpha.abs().min() > 0  # trained_looking opened the gate
    h = x + conv.sublayer(conv.norm(x), padding) + torch.tanh(alpha) * attention.sublayer.branch(attention.norm(x), padding)
    y = h + ffn.sublayer(ffn.norm(h))
    torch.testing.assert_close(layer(x, padding), y)
    # not the series layer: there the attention reads the convolution's output
    series = x + conv.sublayer(conv.norm(x), padding)
    series = series + torch.tanh(alpha) * attention.sublayer.branch(attention.norm(series), padding)
    assert not torch.allclose(layer(x, padding), series + ffn.sublayer(ffn.norm(series)), atol=1e-4)


def test_gated_parallel_starts_as_the_convolution_only_encoder():
    task = FakeTask()
    torch.manual_seed(1)
    gated = build("fastformer_conv_small", task=task, **GATED, **TINY)
    conv_only = trained_looking(build("conv_only_small", task=task, **TINY), std=0.1)
    missing, unexpected = gated.encoder.load_state_dict(conv_only.encoder.state_dict(), strict=False)
    assert not unexpected and missing and all(".self_attention." in key for key in missing)
    gated.eval(), conv_only.eval()
    src, lengths, _ = batch(task, bsz=3, src_len=13)
    out = lambda m: m.encoder(src, lengths)["encoder_out"][0]  # noqa: E731
    torch.testing.assert_close(out(gated), out(conv_only))
    # the gate opens from there: its gradient is the branch's output, the attention's own is 0 until it does
    gated.train()
    out(gated).pow(2).sum().backward()
    alphas = [layer.self_attention.sublayer.alpha for layer in gated.encoder.layers]
    assert all(alpha.grad is not None and alpha.grad.abs().sum() > 0 for alpha in alphas)
    attention_weights = [p for n, p in gated.encoder.named_parameters() if ".self_attention.sublayer.branch." in n]
    assert attention_weights and all(p.grad is None or p.grad.abs().sum() == 0 for p in attention_weights)


def test_attention_in_the_top_layer_only():
    """Layers 1-2 are convolution + FFN (a token reaches 3 positions either side a layer); the
    top layer's Fastformer attention reaches every position."""
    model = trained_looking(build("fastformer_conv_small", encoder_attention_layers=1, **TINY), std=0.1).eval()
    assert [layer.self_attention is None for layer in model.encoder.layers] == [True, True, False]
    reach = encoder_reach(model, 30, 12)
    assert reach[:2] == [set(range(9, 16)), set(range(6, 19))]
    assert reach[2] == set(range(30))
    every_layer = build("fastformer_conv_small", encoder_attention_layers=0, **TINY)
    assert all(layer.self_attention is not None for layer in every_layer.encoder.layers)
    assert all(layer.self_attention is not None for layer in build("fastformer_conv_small", encoder_attention_layers=3, **TINY).encoder.layers)


@pytest.mark.parametrize("options", [GATED, dict(encoder_attention_layers=1), dict(GATED, encoder_attention_layers=2)])
def test_padding_changes_nothing(options):
    task = FakeTask()
    model = trained_looking(build("fastformer_conv_small", task=task, copy_attention=True, dropout=0.0, **options, **TINY), std=0.1).eval()
    src, lengths, prev = batch(task, bsz=4, src_len=17)  # left-padded by 0, 2, 4, 6
    full = model.get_normalized_probs(model(src, lengths, prev), log_probs=True)
    for i, n in enumerate(lengths.tolist()):
        alone = model.get_normalized_probs(model(src[i : i + 1, -n:], lengths[i : i + 1], prev[i : i + 1]), log_probs=True)
        torch.testing.assert_close(alone[0], full[i], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("arch, options, message", [
    ("fastformer_small", GATED, "--encoder-attention-placement gated_parallel puts the attention beside the convolution"),
    ("conv_only_small", GATED, "needs --encoder-local-conv K and an encoder self-attention other than none"),
    ("fastformer_conv_small", dict(GATED, post_norm=True), "cannot be combined with --post-norm"),
    ("fastformer_conv_small", dict(encoder_attention_layers=4), "--encoder-attention-layers must be between 0"),
    ("fastformer_conv_small", dict(encoder_attention_layers=-1), "--encoder-attention-layers must be between 0"),
    ("fastformer_small", dict(encoder_attention_layers=1), "leaves layers without attention"),
])
def test_refused(arch, options, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        build(arch, **options, **TINY)


def test_extractive_sentence_layers_keep_their_attention_in_series():
    task = FakeTask()
    task.dictionary.add_symbol("<n>")  # the extractive model's sentence separator
    model = build("extractive_fastformer_conv_small", task=task, **GATED, **TINY)
    assert all(layer.parallel for layer in model.encoder.layers)
    assert not [name for name, _ in model.scorer.named_parameters() if "alpha" in name]
    assert all(not layer.parallel and layer.local_conv is None for layer in model.scorer.layers)


@pytest.mark.parametrize("encoder", ["fastformer_conv_small", "conv_only_small", "transformer_conv_small", "local_transformer_small"])
def test_extractive_architecture_per_encoder(encoder):
    from test_conv_only import arch_args

    extractive, abstractive = arch_args(f"extractive_{encoder}"), arch_args(encoder)
    assert {k: v for k, v in vars(extractive).items() if k in vars(abstractive)} == vars(abstractive)
    assert (extractive.sentence_layers, extractive.sentence_attention_heads) == (2, 4)


def test_pooling_init_std_starts_the_pooling_selective():
    """--fastformer-pooling-init-std: the scale of w_q and w_k at initialisation; at the default
    0.02 an untrained layer's pooling is within a hair of flat, at 1.0 it is not."""
    from fairseq_plugins.evaluation import pooling
    from fairseq_plugins.modules.additive_attention import recording_pooling

    def effective_share(std):
        torch.manual_seed(0)
        model = build("fastformer_conv_small", fastformer_pooling_init_std=std, **TINY).eval()
        attention = model.encoder.layers[0].self_attention.sublayer
        assert attention.w_q.std().item() == pytest.approx(std, rel=0.3)
        tokens = torch.randint(4, 50, (1, 300))
        with torch.no_grad(), recording_pooling() as records:
            model.encoder(tokens, torch.tensor([300]))
        return pooling.profile(records[0][0][0], torch.zeros(300, dtype=torch.bool))["effective_share"]

    assert effective_share(0.02) > 0.99
    assert effective_share(1.0) < 0.9
    # the extractive study's row (pooling_8192) builds the extractive model: its encoder keeps the scale
    task = FakeTask()
    task.dictionary.add_symbol("<n>")
    extractive = build("extractive_fastformer_conv_small", task=task, fastformer_pooling_init_std=1.0, **TINY)
    assert extractive.encoder.layers[0].self_attention.sublayer.w_k.std().item() == pytest.approx(1.0, rel=0.3)


def test_extractive_sentence_layers_with_additive_attention():
    """--sentence-self-attention fastformer: Fastformer's additive attention over the sentence
    vectors in the scorer's layers (x + Attn(LN x), then the FFN, no convolution); padded
    sentences change no other sentence's score; softmax stays the default, also for a
    configuration written before the option."""
    import argparse

    from fairseq.models import ARCH_CONFIG_REGISTRY

    from fairseq_plugins.models.extractive import SentenceScorer
    from fairseq_plugins.modules.additive_attention import AdditiveAttention
    from fairseq_plugins.modules.softmax_attention import MultiheadSoftmaxAttention

    task = FakeTask()
    task.dictionary.add_symbol("<n>")
    model = trained_looking(build("extractive_conv_only_small", task=task, sentence_self_attention="fastformer",
                                  dropout=0.0, **TINY), std=0.1).eval()
    assert all(layer.self_attention is None for layer in model.encoder.layers)  # the pieces' encoder: convolution alone
    scorer = model.scorer
    assert len(scorer.layers) == 2
    assert all(isinstance(layer.self_attention.sublayer, AdditiveAttention) and layer.local_conv is None
               for layer in scorer.layers)
    x, padding = torch.randn(2, 9, 32), torch.zeros(2, 9, dtype=torch.bool)
    layer = scorer.layers[0]
    attention, ffn = layer.self_attention, layer.feed_forward
    h = x + attention.sublayer(attention.norm(x), padding)
    torch.testing.assert_close(layer(x, padding), h + ffn.sublayer(ffn.norm(h)))
    # two papers of 9 and 5 sentences in one batch: the second's scores as when it is alone
    padding[1, 5:] = True
    with torch.no_grad():
        together = scorer(x, padding)
        alone = scorer(x[1:, :5], padding[1:, :5])
    torch.testing.assert_close(together[1, :5], alone[0], rtol=1e-4, atol=1e-5)

    softmax = build("extractive_conv_only_small", task=task, **TINY)
    assert all(isinstance(layer.self_attention.sublayer, MultiheadSoftmaxAttention) for layer in softmax.scorer.layers)
    # a configuration saved before the option has no such field: its sentence layers were softmax
    before_the_option = argparse.Namespace(arch="extractive_conv_only_small", **TINY)
    ARCH_CONFIG_REGISTRY["extractive_conv_only_small"](before_the_option)
    del before_the_option.sentence_self_attention
    assert all(isinstance(layer.self_attention.sublayer, MultiheadSoftmaxAttention)
               for layer in SentenceScorer(before_the_option).layers)

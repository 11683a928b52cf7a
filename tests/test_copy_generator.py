"""Pointer-generator output layer against its definition, and inside the decoder."""
import torch

from fairseq_plugins.modules.copy_generator import CopyGenerator
from test_model import FakeTask, batch, build

torch.manual_seed(0)


def test_mixture_matches_the_definition():
    B, T, S, V, C = 2, 3, 5, 11, 8
    layer = CopyGenerator(C)
    logits, features, context = torch.randn(B, T, V), torch.randn(B, T, C), torch.randn(B, T, C)
    attention = torch.softmax(torch.randn(B, T, S), -1)
    src = torch.tensor([[4, 7, 4, 9, 1], [3, 3, 3, 10, 2]])
    got = layer(logits, features, context, attention, src).exp()
    for b in range(B):
        for t in range(T):
            p_gen = torch.sigmoid(layer.gate.weight @ torch.cat([features[b, t], context[b, t]]) + layer.gate.bias)
            expected = p_gen * torch.softmax(logits[b, t], -1)
            for i in range(S):
                expected[src[b, i]] += (1 - p_gen[0]) * attention[b, t, i]
            torch.testing.assert_close(got[b, t], expected, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(got.sum(-1), torch.ones(B, T))


def test_decoder_with_copy_is_a_distribution_and_decodes_incrementally():
    task = FakeTask()
    model = build(copy_attention=True, encoder_embed_dim=32, decoder_embed_dim=32)
    src, lengths, prev = batch(task)
    encoder_out = model.encoder(src, lengths)
    out = model.decoder(prev, encoder_out)
    probs = model.get_normalized_probs(out, log_probs=False)
    torch.testing.assert_close(probs.sum(-1), torch.ones(prev.shape))
    # a gate forced to "copy" puts all mass on tokens present in the source
    with torch.no_grad():
        model.decoder.copy_generator.gate.bias.fill_(-50.0)
    probs = model.get_normalized_probs(model.decoder(prev, encoder_out), log_probs=False)
    outside = torch.ones(len(task.dictionary), dtype=torch.bool)
    for b in range(src.size(0)):
        mask = outside.clone()
        mask[src[b]] = False
        assert probs[b][:, mask].sum() < 1e-6
    parallel = model.get_normalized_probs(model.decoder(prev, encoder_out), log_probs=True)
    state = {}
    for t in range(prev.size(1)):
        step = model.decoder(prev[:, : t + 1], encoder_out, incremental_state=state)
        torch.testing.assert_close(model.get_normalized_probs(step, log_probs=True)[:, 0], parallel[:, t], rtol=1e-4, atol=1e-4)


def test_copy_cannot_combine_with_a_shortening_input_stage():
    import pytest
    from fairseq_plugins.models.efficient_transformer import ENCODER_INPUT_STAGE

    shortening = [name for name in ENCODER_INPUT_STAGE if name != "none"]
    if not shortening:
        pytest.skip("no input stage registered")
    with pytest.raises(ValueError, match="copy-attention"):
        build(copy_attention=True, encoder_input_stage=shortening[0])

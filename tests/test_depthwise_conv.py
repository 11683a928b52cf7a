"""The encoder's local convolution (modules/depthwise_conv.py, --encoder-local-conv): the equation
against a loop, padding on either side, and the model wiring."""
import argparse

import pytest
import torch

import fairseq_plugins  # noqa: F401  (registers the architectures)
from fairseq_plugins.modules.depthwise_conv import DepthwiseConv
from test_model import FakeTask, batch, build


def loop_reference(conv: DepthwiseConv, x: torch.Tensor) -> torch.Tensor:
    """y_{i,c} = b_c + sum_{j=-h}^{h} w_{c,j} x_{i+j,c}, zeros outside the sequence: x (N, D)."""
    n, d = x.shape
    h = conv.kernel_size // 2
    w, b = conv.conv.weight[:, 0, :].double(), conv.conv.bias.double()  # (D, K), (D,)
    y = torch.zeros(n, d, dtype=torch.float64)
    for i in range(n):
        y[i] = b
        for j in range(-h, h + 1):
            if 0 <= i + j < n:
                y[i] += w[:, j + h] * x[i + j].double()
    return y


def randomised(dim: int, kernel: int) -> DepthwiseConv:
    conv = DepthwiseConv(dim, kernel)
    torch.nn.init.normal_(conv.conv.weight)
    torch.nn.init.normal_(conv.conv.bias)
    return conv


@pytest.mark.parametrize("kernel", [1, 3, 7])
def test_matches_the_equation(kernel):
    torch.manual_seed(0)
    conv = randomised(8, kernel)
    x = torch.randn(2, 11, 8)
    out = conv(x)
    for b in range(2):
        torch.testing.assert_close(out[b].double(), loop_reference(conv, x[b]), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("left_pad", [True, False])
def test_padding_is_invisible_to_real_positions(left_pad):
    """A sequence padded in a batch gets what it gets alone, whatever the padded values hold."""
    torch.manual_seed(1)
    conv = randomised(6, 5)
    alone = torch.randn(1, 7, 6)
    padded = torch.randn(1, 10, 6) * 100  # garbage in the 3 padded slots
    mask = torch.zeros(1, 10, dtype=torch.bool)
    real = slice(3, 10) if left_pad else slice(0, 7)
    padded[:, real] = alone
    mask[:, slice(0, 3) if left_pad else slice(7, 10)] = True
    torch.testing.assert_close(conv(padded, mask)[:, real], conv(alone), rtol=1e-5, atol=1e-5)


def test_starts_as_nothing():
    """Zero initialisation: an untrained encoder with the convolution is the plain one."""
    task = FakeTask()
    torch.manual_seed(0)
    plain = build(task=task, dropout=0.0)
    torch.manual_seed(0)
    with_conv = build(task=task, dropout=0.0, encoder_local_conv=7)
    missing, unexpected = with_conv.load_state_dict(plain.state_dict(), strict=False)
    assert not unexpected and missing and all(".local_conv." in key for key in missing)
    src, lengths, prev = batch(task)
    torch.testing.assert_close(with_conv(src, lengths, prev)[0], plain(src, lengths, prev)[0])


def test_architecture_and_parameters():
    args = argparse.Namespace(arch="fastformer_conv_small")
    from fairseq.models import ARCH_CONFIG_REGISTRY

    ARCH_CONFIG_REGISTRY["fastformer_conv_small"](args)
    assert (args.encoder_local_conv, args.encoder_layers, args.encoder_attention_heads) == (7, 3, 4)
    task = FakeTask()
    conv_model, plain = build("fastformer_conv_small", task=task), build("fastformer_small", task=task)
    extra = sum(p.numel() for p in conv_model.parameters()) - sum(p.numel() for p in plain.parameters())
    dim = args.encoder_embed_dim
    assert extra == args.encoder_layers * (dim * 7 + dim + 2 * dim)  # weights, bias, LayerNorm, per layer
    assert all(layer.local_conv is not None for layer in conv_model.encoder.layers)
    assert all(layer.local_conv is None for layer in plain.encoder.layers)
    torch.manual_seed(0)
    for p in conv_model.parameters():  # trained-looking weights, so the convolution does something
        torch.nn.init.normal_(p, std=0.05)
    src, lengths, prev = batch(task)
    logits, _ = conv_model.train()(src, lengths, prev)
    logits.float().logsumexp(-1).mean().backward()
    grads = [layer.local_conv.sublayer.conv.weight.grad for layer in conv_model.encoder.layers]
    assert all(g is not None and torch.isfinite(g).all() and g.abs().sum() > 0 for g in grads)


@pytest.mark.parametrize("kernel", [2, -3])
def test_bad_kernels_are_rejected_with_a_message(kernel):
    with pytest.raises(ValueError, match="--encoder-local-conv must be 0 .none. or an odd kernel size"):
        build(encoder_local_conv=kernel)

"""Depthwise convolution along the sequence: local context for an encoder whose attention has none.

For positions x_1 .. x_N (width D), an odd kernel K and per-channel weights w_{c, -h .. h}
(h = (K - 1) / 2):

    y_{i, c} = b_c + sum_{j=-h}^{h} w_{c, j} x_{i+j, c}          (x_{i+j} = 0 outside 1 .. N)

Each channel mixes only its own values in a window of K positions: K D multiply-adds per
position, against the D^2 of one linear map, so the layer stays O(N D) and cheap beside
the attention's maps.

Why a Fastformer encoder wants it: additive attention gives position i the output
W_r (k * q_i) + q_i, its own query modulated by global vectors that are the same for every
position, so no position learns anything about its neighbours (scripts/encoder_ablation.py
measures how little a trained Fastformer encoder's attention carries, docs/cpu_budget.md).
A depthwise convolution before the attention supplies that phrase-level context, as
convolution modules do in Conformer and in the CS224N study's finding that local structure is
what summarization encoders need.

Padding: padded positions are zeroed before the convolution, so a real position's window sees
its real neighbours and zeros, exactly as if its sequence were alone in the batch, whichever
side fairseq padded it on (left padding puts zeros before the first token, as the convolution's
own boundary does). Initialisation: w = 0, b = 0, so an untrained layer adds nothing and the
encoder starts as the plain Fastformer one.
"""
from typing import Optional

from einops import rearrange
from torch import Tensor, nn


class DepthwiseConv(nn.Module):
    """(B, N, D) -> (B, N, D), a depthwise convolution with an odd kernel, padding zeroed first."""

    def __init__(self, embed_dim: int, kernel_size: int):
        super().__init__()
        if kernel_size < 1 or kernel_size % 2 == 0:
            raise ValueError(f"the local convolution's kernel must be odd and positive (centred on each position), got {kernel_size}")
        self.kernel_size = kernel_size
        self.conv = nn.Conv1d(embed_dim, embed_dim, kernel_size, padding=kernel_size // 2, groups=embed_dim)
        nn.init.zeros_(self.conv.weight)  # (D, 1, K)
        nn.init.zeros_(self.conv.bias)

    def forward(self, x: Tensor, padding_mask: Optional[Tensor] = None) -> Tensor:
        """x: (B, N, D); padding_mask: (B, N), True = padding."""
        if padding_mask is not None:
            x = x.masked_fill(padding_mask[..., None], 0.0)
        y = self.conv(rearrange(x, "b n d -> b d n"))  # (B, D, N): Conv1d wants channels first
        return rearrange(y, "b d n -> b n d")

"""Memory-compressed self-attention (Liu et al. 2018, "Generating Wikipedia by Summarizing Long
Sequences"; the CS224N variant of papers.md part B: kernel = stride = s = 4).

Keys and values are shortened by strided convolutions after their projections; every query
attends to all compressed slots:

    K = x W_k,  V = x W_v                                  (N x D)
    K~_j = b_K + sum_{t<s} C^K_t K_{js+t},  V~_j likewise   (ceil(N/s) x D; C_t: D x D)
    out_i = W_o concat_h [ sum_j softmax_j( q_i^h . K~_j^h / sqrt(d) ) V~_j^h ]

Cost per layer: O(N D^2) for the projections and convolutions, O(N^2 D / s) time and
O(N^2 / s) memory for the attention: the s-fold saving is on the quadratic term only.

Padding. The convolution windows are aligned to each row's first real token (keys and values
are packed real-first and their padding zeroed, see strided_conv.py), so a padded batch gives
each sequence the same result as alone, on either padding side. A compressed slot is padding
iff all s of its inputs are; such slots are masked. Queries keep their positions (a query's
output does not depend on where it sits), so nothing has to be scattered back.

The convolutions start as window means (the identity when s = 1), where the module is exactly
`MultiheadSoftmaxAttention` with the same projections.
"""
from typing import Optional, Tuple

from einops import rearrange
from torch import Tensor

from .softmax_attention import MultiheadSoftmaxAttention, scaled_dot_product
from .strided_conv import StridedConv, pack_real_first


class MemoryCompressedAttention(MultiheadSoftmaxAttention):
    """Softmax self-attention over keys and values shortened s-fold by strided convolutions."""

    def __init__(self, embed_dim: int, num_heads: int, stride: int, dropout: float = 0.0):
        super().__init__(embed_dim, num_heads, dropout, causal=False)
        self.compress_keys = StridedConv(embed_dim, stride)
        self.compress_values = StridedConv(embed_dim, stride)

    def compress(self, x: Tensor, padding_mask: Optional[Tensor] = None) -> Tuple[Tensor, Tensor, Optional[Tensor]]:
        """x (B, N, D) -> keys, values (B, H, ceil(N/s), d) and their mask (B, ceil(N/s)) or None."""
        packed, mask, _ = pack_real_first(x, padding_mask)  # (B, N, D), real positions first

        def project(linear):  # a zeroed padded input projects to the bias: zero it again
            t = linear(packed)  # (B, N, D)
            return t if mask is None else t.masked_fill(mask[..., None], 0.0)

        has_mask = padding_mask is not None
        k, short_mask = self.compress_keys.shorten(project(self.k_proj), mask, has_mask)  # (B, M, D)
        v, _ = self.compress_values.shorten(project(self.v_proj), mask, has_mask)
        return self.split_heads(k), self.split_heads(v), short_mask

    def forward(self, x: Tensor, padding_mask: Optional[Tensor] = None, **kwargs) -> Tensor:
        """x: (B, N, D); padding_mask: (B, N), True = padding, or None. Returns (B, N, D)."""
        if kwargs.get("cache") is not None:
            raise ValueError("memory-compressed attention is an encoder mechanism: no incremental decoding")
        q = self.split_heads(self.q_proj(x))  # (B, H, N, d)
        k, v, mask = self.compress(x, padding_mask)  # (B, H, ceil(N/s), d), (B, ceil(N/s))
        out, _ = scaled_dot_product(q, k, v, key_padding_mask=mask, dropout_p=self.dropout if self.training else 0.0)
        return self.out_proj(rearrange(out, "b h n d -> b n (h d)"))

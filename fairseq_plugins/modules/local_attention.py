"""Local (block) self-attention, optionally with shifted blocks (CS224N "local transformer" and
"local transformer with shifts"; papers.md part B).

The sequence is cut into blocks of k consecutive tokens and softmax attention runs inside each
block independently. For a query at position i in block b(i):

    out_i = W_o concat_h [ sum_{j : b(j) = b(i)} softmax_j( q_i^h . k_j^h / sqrt(d) ) v_j^h ]

with q, k, v = x W_q, x W_k, x W_v as in `MultiheadSoftmaxAttention` (same parameters, same
names) and padded keys masked. Blocks:

    unshifted:  b(i) = floor(i / k)
    shifted:    b(i) = floor((i + k//2) / k)   (borders moved by k//2: the first block is
                                                 k - k//2 tokens long)

where i counts from each sequence's first real token. Stacking an unshifted and a shifted layer
lets information cross every block border; without shifts, blocks never exchange anything.
With k >= N it is exactly full softmax attention; with k = 1 each position sees only itself.

Cost per layer: O(N k d) time and O(N k) memory for the attention weights (N/k blocks of
k x k), besides the O(N d^2) projections; the same with or without the shift.

Padding. Blocks are counted from each row's first real token: the row's real positions are
gathered to the front (`pack_real_first`, a stable sort of the padding mask), the shift adds
k//2 masked slots in front, the tail is padded with masked slots up to a multiple of k, and the
result is scattered back to the input's positions. So a left-padded (fairseq's default) or
right-padded sequence gets exactly the result it gets alone. Padded keys are never attended; a
block that holds only padding outputs zeros.
"""
from typing import Optional

from einops import rearrange
from torch import Tensor

from .softmax_attention import MultiheadSoftmaxAttention, scaled_dot_product
from .strided_conv import pack_real_first, pad_to_multiple, unpack


class LocalAttention(MultiheadSoftmaxAttention):
    """Softmax self-attention inside blocks of `block_size` tokens; `shift=True` moves the block
    borders by block_size // 2 (the model gives shifted blocks to odd layers)."""

    def __init__(self, embed_dim: int, num_heads: int, block_size: int, shift: bool = False, dropout: float = 0.0):
        super().__init__(embed_dim, num_heads, dropout, causal=False)
        if block_size < 1:
            raise ValueError(f"block size must be at least 1, got {block_size}")
        self.block_size = block_size
        self.shift = block_size // 2 if shift else 0

    def extra_repr(self) -> str:
        return f"block_size={self.block_size}, shift={self.shift}"

    def forward(self, x: Tensor, padding_mask: Optional[Tensor] = None, **kwargs) -> Tensor:
        """x: (B, N, D); padding_mask: (B, N), True = padding, or None. Returns (B, N, D)."""
        if kwargs.get("cache") is not None:
            raise ValueError("local attention is an encoder mechanism: no incremental decoding")
        length = x.size(1)
        packed, mask, order = pack_real_first(x, padding_mask)  # real tokens first in every row
        q, k, v = self.q_proj(packed), self.k_proj(packed), self.v_proj(packed)  # (B, N, D) each
        # k//2 masked slots in front when shifted, masked slots behind up to a multiple of k;
        # then every block becomes a batch entry (4-D, so the fused kernels apply)
        blocks = [
            rearrange(
                pad_to_multiple(t, mask, self.block_size, front=self.shift)[0],  # (B, n k, D)
                "b (n k) (h d) -> (b n) h k d",
                k=self.block_size,
                h=self.num_heads,
            )
            for t in (q, k, v)
        ]
        _, block_mask = pad_to_multiple(packed, mask, self.block_size, front=self.shift)  # (B, n k)
        block_mask = rearrange(block_mask, "b (n k) -> (b n) k", k=self.block_size)
        out, _ = scaled_dot_product(
            *blocks, key_padding_mask=block_mask, dropout_p=self.dropout if self.training else 0.0
        )  # (B n, H, k, d)
        out = rearrange(out, "(b n) h k d -> b (n k) (h d)", b=x.size(0))  # (B, n k, D)
        out = out[:, self.shift : self.shift + length]  # drop the shift's front slots and the tail: (B, N, D)
        return unpack(self.out_proj(out), order)

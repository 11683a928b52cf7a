"""Strided 1-D convolution that shortens a sequence s-fold (CS224N "input convolution"), and the
padding bookkeeping that every windowed mechanism here shares.

For one sequence x_0 .. x_{L-1} (L real tokens, width D) and stride s (kernel = stride):

    y_j = b + sum_{t=0}^{s-1} W_t x_{js+t},      j = 0 .. ceil(L/s) - 1,   W_t: D x D

where x_i = 0 for i >= L (the last window is completed with zeros). Slot j is padding iff all
of its s inputs are padding. Cost O(N D^2) time (N/s outputs, s D^2 each), O(N D / s) memory;
any attention after it works on ceil(N/s) positions: O((N/s)^2 D) for softmax attention.

Used twice: as the encoder's input stage (`StridedConv` on the embeddings, before the encoder
layers: the encoder memory and its mask are then ceil(N/s) long, and so is what the decoder's
cross-attention sees) and inside memory-compressed attention (on keys and values).

Padding. fairseq left-pads sources (pads first), and a batch mixes lengths, so windows counted
from position 0 of the padded row would start at a different token than when the sequence is
alone. Windows are therefore aligned to each row's first real token: `pack_real_first` moves
the real positions of every row to the front, in order (a stable sort of the padding mask; a
no-op for right padding), and zeroes the padded ones, so no padding value can enter a real
window. A packed row looks exactly like the sequence alone followed by zeros, so each sequence
of a padded batch gets the same result as alone, whichever side it was padded on. The output is
right-padded (real slots first); every consumer takes any padding pattern through its mask.

Inputs shorter than the stride are not an error: they give one slot (one window completed with
zeros). A stride larger than the longest source the model accepts is rejected when the model is
built (models/efficient_transformer.py, `check_config`).

Initialisation: W_t = I / s, b = 0, i.e. the mean of each window (the identity when s = 1), so
an untrained model sees averaged embeddings rather than random mixtures.
"""
import math
from typing import Optional, Tuple

import torch
import torch.nn.functional as F
from einops import rearrange
from torch import Tensor, nn


def real_first_order(padding_mask: Tensor) -> Tensor:
    """(B, N) bool, True = padding -> (B, N) indices: each row's real positions in their order,
    then its padded positions (a stable sort on the mask)."""
    return torch.argsort(padding_mask.to(torch.uint8), dim=1, stable=True)


def pack_real_first(x: Tensor, padding_mask: Optional[Tensor]) -> Tuple[Tensor, Optional[Tensor], Optional[Tensor]]:
    """Move every row's real positions to the front and zero the padded ones.

    x: (B, N, C); padding_mask: (B, N), True = padding, or None.
    Returns packed x (B, N, C), packed mask (B, N) (True on a suffix of each row) and the order
    (B, N) that `unpack` needs, or None when there is no mask. (No test for "no padding at all":
    it would cost a device sync per layer, and packing such a batch is the identity.)
    """
    if padding_mask is None:
        return x, padding_mask, None
    order = real_first_order(padding_mask)  # (B, N)
    x = torch.take_along_dim(x, order[..., None], dim=1)  # (B, N, C)
    mask = padding_mask.gather(1, order)  # (B, N)
    return x.masked_fill(mask[..., None], 0.0), mask, order


def unpack(y: Tensor, order: Optional[Tensor]) -> Tensor:
    """Inverse of `pack_real_first` for a per-position result y (B, N, C): back to the input's
    positions."""
    if order is None:
        return y
    return torch.empty_like(y).scatter_(1, order[..., None].expand_as(y), y)


def pad_to_multiple(x: Tensor, mask: Optional[Tensor], multiple: int, front: int = 0) -> Tuple[Tensor, Tensor]:
    """Add `front` padded slots before and enough after to make the length a multiple of
    `multiple`; the new slots are zeros and marked as padding. x: (B, N, C) -> (B, N', C),
    mask (B, N) or None -> (B, N')."""
    batch, length = x.shape[:2]
    back = -(front + length) % multiple
    if mask is None:
        mask = torch.zeros(batch, length, dtype=torch.bool, device=x.device)
    if front or back:
        x = F.pad(x, (0, 0, front, back))
        mask = F.pad(mask, (front, back), value=True)
    return x, mask


class StridedConv(nn.Module):
    """Kernel = stride = s convolution over the length axis: (B, N, D) -> (B, ceil(N/s), D),
    windows aligned to each row's first real token (see the module docstring)."""

    def __init__(self, embed_dim: int, stride: int):
        super().__init__()
        if stride < 1:
            raise ValueError(f"stride must be at least 1, got {stride}")
        self.stride = stride
        self.conv = nn.Conv1d(embed_dim, embed_dim, kernel_size=stride, stride=stride)
        with torch.no_grad():  # mean of each window
            self.conv.weight.copy_(torch.eye(embed_dim)[:, :, None].expand(-1, -1, stride) / stride)
            self.conv.bias.zero_()

    def output_length(self, length: int) -> int:
        return math.ceil(length / self.stride)

    def forward(self, x: Tensor, padding_mask: Optional[Tensor] = None) -> Tuple[Tensor, Optional[Tensor]]:
        """x: (B, N, D); padding_mask: (B, N), True = padding, or None.
        Returns (B, ceil(N/s), D) and its mask (B, ceil(N/s)) (None if the input had none)."""
        packed, mask, _ = pack_real_first(x, padding_mask)
        return self.shorten(packed, mask, has_mask=padding_mask is not None)

    def shorten(self, packed: Tensor, mask: Optional[Tensor], has_mask: bool = True) -> Tuple[Tensor, Optional[Tensor]]:
        """The convolution proper, on rows already packed (real first, padding zeroed)."""
        x, mask = pad_to_multiple(packed, mask, self.stride)  # (B, M s, D), (B, M s)
        y = rearrange(self.conv(rearrange(x, "b n d -> b d n")), "b d m -> b m d")  # (B, M, D)
        short_mask = rearrange(mask, "b (m s) -> b m s", s=self.stride).all(dim=-1)  # (B, M)
        if not has_mask:
            return y, None
        return y.masked_fill(short_mask[..., None], 0.0), short_mask

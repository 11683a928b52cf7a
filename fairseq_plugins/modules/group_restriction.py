"""Group-restricted cross-attention: the decoder step that writes summary sentence k attends only to
the source tokens of the k-th chosen sentence (contextualized rewriting, Bao & Zhang 2021; the
one-sentence-in, one-sentence-out rewriter of Chen & Bansal 2018, with the whole document still
read by the encoder).

The target is one segment a chosen sentence, segments joined by ``<n>``; the decoder's input at
step t is y_0 = </s>, y_1 .. y_t the tokens written so far. The segment step t writes is the
number of separators already written,

    k_t = #{ t' <= t : y_t' = <n> }

(the step that writes the separator ending segment k is still in segment k), and with the group
tags of the memory positions i (modules/group_tags.py: tag(i) = j + 1 inside the j-th chosen
sentence, 0 elsewhere)

    allowed(t, i) = [ tag(i) = k_t + 1 ]              if some position i has that tag
                  = [ i is not padding ]              otherwise: more segments written than
                                                      sentences chosen, so attend as the unrestricted
                                                      model would rather than to nothing (NaN)
    A_t = softmax( q_t K^T / sqrt(d) + M_t ),   M_t(i) = 0 if allowed(t, i) else -inf

Every cross-attention layer gets the mask, so the copy head, which copies through the last
layer's weights A_t (modules/copy_generator.py), puts exactly zero probability on copying a token
from outside sentence k. The step still reads earlier segments through the decoder's
self-attention: what step t depends on is the memory of sentences 1 .. k_t + 1, not of sentence
k_t + 1 alone.

**Decoding reads the chosen sentences only.** No step attends outside the chosen sentences, except
a step past the last of them (the fallback above), whose segment rewrites nothing and is left out of
the summary. So at inference the memory can be cut to the tagged positions, in their order, before
the first step (``chosen_memory``): cross-attention then costs O(T * sum_k |sentence k|) instead of
O(T * S), a few hundred positions instead of 8,192 pieces of a paper, with the same outputs for
every segment that rewrites a chosen sentence. The decoder's attention weights are put back at
the memory positions they came from (``full_attention``), so that alignments still index the source.
"""
from typing import Dict, List

import torch
from torch import Tensor

from .beam_groups import per_hypothesis

__all__ = ["segment_index", "group_attention_mask", "chosen_memory", "full_attention"]


def segment_index(prev_output_tokens: Tensor, separator: int) -> Tensor:
    """prev_output_tokens (B, T) -> k (B, T): the segment each step writes (separators so far)."""
    return prev_output_tokens.eq(separator).long().cumsum(dim=1)


def group_attention_mask(tags: Tensor, segments: Tensor, padding_mask: Tensor) -> Tensor:
    """tags (B, S) exact group tags of the memory, segments (B, T) = k_t, padding_mask (B, S)
    True = padding -> mask (B, T, S), True = hidden from step t (the module docstring's M_t)."""
    allowed = tags[:, None, :].eq(segments[:, :, None] + 1)  # (B, T, S)
    missing = ~allowed.any(dim=-1, keepdim=True)  # (B, T, 1): no sentence k_t chosen in this row
    allowed = allowed | (missing & ~padding_mask[:, None, :])  # the fallback: every real position
    return ~allowed


def chosen_memory(encoder_out: Dict[str, List[Tensor]]) -> Dict[str, List[Tensor]]:
    """An encoder output (EfficientEncoder's, with "source_tags") cut to the tagged positions of each
    row, in order, right-padded to the longest row's count L: "encoder_out" (L, B, C),
    "encoder_padding_mask", "src_tokens" and "source_tags" (B, L), plus "memory_positions" (B, L),
    where each kept position was, and "source_padding_mask" (B, S), the uncut mask (its width S is
    what ``full_attention`` scatters back to). "encoder_states" is dropped. Unchanged when a row
    has no tagged position (its decoder would attend everywhere: the fallback)."""
    tags = encoder_out["source_tags"][0]  # (B, S)
    keep = tags.gt(0)  # (B, S)
    counts = keep.sum(dim=1)  # (B,)
    if counts.min().item() == 0:
        return encoder_out
    width = int(counts.max().item())
    # the tagged positions first, in order (a stable sort of 0 = kept before 1 = dropped)
    positions = torch.sort(keep.logical_not().to(torch.uint8), dim=1, stable=True).indices[:, :width]  # (B, L)
    padding = torch.arange(width, device=tags.device)[None, :].ge(counts[:, None])  # (B, L), True past a row's count
    memory = encoder_out["encoder_out"][0].transpose(0, 1)  # (S, B, C) -> (B, S, C)
    memory = memory.gather(1, positions[..., None].expand(-1, -1, memory.size(2)))  # (B, L, C)
    memory = memory.masked_fill(padding[..., None], 0.0)
    out = dict(encoder_out)
    out.update(
        encoder_out=[memory.transpose(0, 1)],  # (B, L, C) -> (L, B, C)
        encoder_padding_mask=[padding],
        src_tokens=[encoder_out["src_tokens"][0].gather(1, positions)],  # (B, L): what the copy head copies
        source_tags=[tags.gather(1, positions).masked_fill(padding, 0)],
        memory_positions=[positions],
        source_padding_mask=[encoder_out["encoder_padding_mask"][0]],
        encoder_states=[],
    )
    return out


def full_attention(weights: Tensor, encoder_out: Dict[str, List[Tensor]], group: int = 1) -> Tensor:
    """Attention weights (B, T, L) over a ``chosen_memory`` -> (B, T, S) over the source positions
    they came from (zero elsewhere); ``group``: hypothesis rows per stored row (beam groups)."""
    positions = encoder_out["memory_positions"][0]  # (B / group, L)
    width = encoder_out["source_padding_mask"][0].size(1)  # S
    positions = per_hypothesis(positions, group)  # (B, L)
    index = positions[:, None, :].expand(-1, weights.size(1), -1)  # (B, T, L)
    # padded slots point at position 0 with weight 0: adding keeps position 0's own weight
    return weights.new_zeros(weights.size(0), weights.size(1), width).scatter_add_(2, index, weights)

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
"""
from torch import Tensor

__all__ = ["segment_index", "group_attention_mask"]


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

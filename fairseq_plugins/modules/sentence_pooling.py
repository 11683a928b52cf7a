"""Sentence pooling: an encoder's token states -> one vector per sentence (extractive summarization).

The source is the article's sentences joined by a separator token (``<n>``, the symbol that
already separates summary sentences in the targets), then ``</s>``:

    w_1 ... w_a <n> w_{a+1} ... w_b <n> ... w_T </s>

A token's sentence is the number of separators before it; separators, ``</s>`` and padding
belong to none.  Sentence j's vector is the mean of its tokens' states:

    sid(t) = #{ t' < t : x_t' = <n> }
    s_j    = (1 / |S_j|) * sum_{t in S_j} h_t,      S_j = { t : sid(t) = j, x_t a word piece }

BertSum (Liu & Lapata 2019) reads the state of a [CLS] token put before each sentence instead;
an encoder pre-trained for abstraction (ours) has no token trained to summarise its sentence,
while the mean of its tokens is there from the first update.
"""
from typing import Tuple

import torch
from torch import Tensor, nn

__all__ = ["sentence_ids", "SentenceMeanPool"]


def sentence_ids(tokens: Tensor, separator: int, special: Tuple[int, ...]) -> Tensor:
    """tokens (B, T) -> sid (B, T): each word piece's sentence index, -1 for the separator and
    for the ``special`` tokens (padding, ``</s>``)."""
    is_separator = tokens.eq(separator)  # (B, T)
    sid = torch.cumsum(is_separator.long(), dim=1) - is_separator.long()  # separators before t
    outside = is_separator
    for index in special:
        outside = outside | tokens.eq(index)
    return sid.masked_fill(outside, -1)  # (B, T)


class SentenceMeanPool(nn.Module):
    """(states (B, T, C), tokens (B, T)) -> (sentences (B, S, C), padding_mask (B, S)), where S is
    the most sentences any row has and ``padding_mask`` is True where a row has fewer."""

    def __init__(self, separator: int, special: Tuple[int, ...]):
        super().__init__()
        self.separator = separator
        self.special = tuple(special)

    def forward(self, states: Tensor, tokens: Tensor) -> Tuple[Tensor, Tensor]:
        batch, _, channels = states.shape
        sid = sentence_ids(tokens, self.separator, self.special)  # (B, T)
        counts_per_row = sid.max(dim=1).values + 1  # (B,): sentences in each row
        num_sentences = max(int(counts_per_row.max()), 1)
        inside = sid.ge(0)  # (B, T)
        slot = sid.clamp(min=0)  # (B, T): -1 rows go to slot 0 with weight 0
        weights = inside.to(states.dtype)  # (B, T)
        sums = states.new_zeros(batch, num_sentences, channels)  # (B, S, C)
        sums.scatter_add_(1, slot[..., None].expand(-1, -1, channels), states * weights[..., None])
        sizes = states.new_zeros(batch, num_sentences)  # (B, S): tokens in each sentence
        sizes.scatter_add_(1, slot, weights)
        sentences = sums / sizes.clamp(min=1.0)[..., None]  # (B, S, C): the means
        padding_mask = torch.arange(num_sentences, device=tokens.device)[None, :] >= counts_per_row[:, None]  # (B, S)
        return sentences, padding_mask

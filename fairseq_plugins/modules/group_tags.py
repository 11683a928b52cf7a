"""Group tags: which chosen sentence each source token belongs to (contextualized rewriting, Bao &
Zhang 2021, "Contextualized Rewriting for Text Summarization", sec. 3: "group tags").

A rewriting source (scripts/prepare_rewriting.py) is the document's sentences joined by the
separator ``<n>``, every chosen sentence led by the mark ``<s>`` (fairseq's bos):

    w w w <n> <s> w w w <n> w w <n> <s> w w </s>
    0 0 0  0   1  1 1 1  0  0 0  0   2  2 2  0          tag(t)

A token's tag is k + 1 inside the k-th marked sentence (k from 0; from its mark, included, up to
the next separator, excluded) and 0 everywhere else: unchosen sentences, separators, ``</s>`` and
padding. With

    m(t) = #{ t' <= t : x_t' = <s> }                     marks so far
    a(t) = max{ t' <= t : x_t' = <s> }  (-1 if none)      the last mark
    b(t) = max{ t' <= t : x_t' = <n> }  (-1 if none)      the last separator

    tag(t) = m(t)  if a(t) > b(t) and x_t is not </s> or padding,  else 0

The embedding adds one learnt vector per tag to the encoder's input,

    e_t = scale * E[x_t] + P_t + G[min(tag(t), max_groups)]      (G: (max_groups + 1) x C)

with G = 0 at initialisation, so an encoder loaded from an abstractive checkpoint computes exactly
what it computed before and learns from there what "chosen" and "the k-th chosen" mean. Tags above
max_groups share the last row G[max_groups] (a summary with more sentences than rows tells its
later sentences apart by their positions only); the exact tags, unclamped, are what the rewriter's
decoder restricts its attention with (models/rewriter.py), so the clamp never merges two sentences
there. Padding gets no tag vector at all (its input stays the zero it was).
"""
import torch
from torch import Tensor, nn

__all__ = ["group_tags", "GroupTagEmbedding"]


def group_tags(tokens: Tensor, mark: int, separator: int, special=()) -> Tensor:
    """tokens (B, T) -> tags (B, T) (long): k + 1 for the tokens of the k-th marked sentence of
    each row, 0 for every other token and for the ``special`` ones (``</s>``, padding)."""
    position = torch.arange(tokens.size(1), device=tokens.device).expand_as(tokens)  # (B, T)
    is_mark, is_separator = tokens.eq(mark), tokens.eq(separator)
    last_mark = torch.where(is_mark, position, -1).cummax(dim=1).values  # (B, T): a(t)
    last_separator = torch.where(is_separator, position, -1).cummax(dim=1).values  # (B, T): b(t)
    inside = last_mark > last_separator  # a mark opened this sentence (and -1 > -1 is False)
    for index in special:
        inside = inside & tokens.ne(index)
    marks = torch.cumsum(is_mark.long(), dim=1)  # (B, T): m(t)
    return marks.masked_fill(~inside, 0)


class GroupTagEmbedding(nn.Module):
    """tokens (B, T) -> the group-tag vectors G[min(tag, max_groups)] (B, T, C), 0 on padding."""

    def __init__(self, mark: int, separator: int, padding_idx: int, eos: int, max_groups: int, embed_dim: int):
        super().__init__()
        if max_groups < 1:
            raise ValueError(f"max_groups must be at least 1, got {max_groups}")
        self.mark, self.separator, self.padding_idx, self.eos = mark, separator, padding_idx, eos
        self.max_groups = max_groups
        self.embedding = nn.Embedding(max_groups + 1, embed_dim)
        # zero: the encoder starts out as the one it was loaded from (module docstring)
        nn.init.zeros_(self.embedding.weight)

    def tags(self, tokens: Tensor) -> Tensor:
        """tokens (B, T) -> exact tags (B, T), not clamped."""
        return group_tags(tokens, self.mark, self.separator, special=(self.eos, self.padding_idx))

    def forward(self, tokens: Tensor) -> Tensor:
        rows = self.tags(tokens).clamp(max=self.max_groups)  # (B, T): the last row serves every later group
        vectors = self.embedding(rows)  # (B, T, C)
        # row 0 (unchosen tokens) is learnt too: keep it off padding, whose input is zero
        return vectors.masked_fill(tokens.eq(self.padding_idx)[..., None], 0.0)

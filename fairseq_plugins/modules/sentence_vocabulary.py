"""Sentence vocabulary: while decoding, a restricted rewriter's output layer scores only the pieces
of the sentence it rewrites.

The restricted decoder (modules/group_restriction.py) already attends, and so copies, only within
chosen sentence k while it writes segment k. Its generator still scores the whole vocabulary V at
every step, yet the way back of both rewriting presets (text/deletions.py, ``clauses``) keeps only a
subsequence of the sentence: a rewrite holding a word the sentence does not is given as the sentence
stands, so every probability put on such a word is either wasted or throws the rewrite away. Here
the output is restricted to what the way back can keep. With the memory cut to the chosen
sentences (``chosen_memory``: tokens x_i and group tags tag(i), i = 1 .. L) and the closers
E = {</s>, <n>}, every article gets its candidates

    C       = { x_i : i real } u E                        (one sorted list a row, N = |C| <= L + 2)
    C_k     = { x_i : tag(i) = k + 1 } u E                what segment k may write
    C_k     = C                                           when no sentence k was chosen (the fallback
                                                          of group_restriction: the decoder attends
                                                          everywhere there too)

and the step t writing segment k_t mixes, as the copy head does (modules/copy_generator.py), a
generator over C_{k_t} with the copy distribution (already inside sentence k_t):

    P_t(w) = p_gen softmax_{w' in C_{k_t}}( e_w'^T h_t )_w + (1 - p_gen) sum_{i: x_i = w} a_{t,i}    w in C_{k_t}
    P_t(w) = PROBABILITY_FLOOR                                                                       otherwise

The output layer's cost per step is O(N d) instead of O(V d) (a few hundred pieces against 16,000),
and a rewrite can no longer hold a foreign word. Only incremental decoding reads it; training and
validation score the whole vocabulary, so the loss is the model's own.

``with_sentence_vocabulary`` computes C, where each memory token is in it, and the C_k as masks,
once an article, as three batch-major entries of the encoder output (reordered with its other rows);
``allowed`` picks the mask of every step's segment; ``scatter_to_vocabulary`` writes the candidates'
log-probabilities back into a (B, T, V) tensor for the beam search.
"""
import math
from typing import Dict, List, Sequence

import torch
from torch import Tensor

from .beam_groups import per_hypothesis
from .copy_generator import PROBABILITY_FLOOR

__all__ = ["with_sentence_vocabulary", "allowed", "scatter_to_vocabulary"]


def with_sentence_vocabulary(encoder_out: Dict[str, List[Tensor]], closers: Sequence[int], pad: int
                             ) -> Dict[str, List[Tensor]]:
    """A ``chosen_memory`` encoder output (its "src_tokens", "source_tags", "encoder_padding_mask",
    (B', L)) with three more entries:
    "vocabulary" (B', N): each row's candidates C, sorted, right-padded with ``pad``;
    "vocabulary_slots" (B', L): the column of C that holds each memory position's token (0 on padding,
    whose attention weight is 0), what the copy head adds its weights to;
    "vocabulary_members" (B', G + 2, N), G the most chosen sentences of a row: row k + 1 is C_k as a
    mask; row 0 and every row past a row's own chosen sentences are C (the fallback); padding
    columns are never members."""
    tokens = encoder_out["src_tokens"][0]  # (B', L)
    tags = encoder_out["source_tags"][0]  # (B', L): k + 1 in chosen sentence k, 0 on padding
    padding = encoder_out["encoder_padding_mask"][0]  # (B', L)
    closers = torch.tensor(list(closers), dtype=tokens.dtype, device=tokens.device)
    rows = []
    for row, real in zip(tokens, ~padding):
        ids, column = torch.unique(torch.cat([row[real], closers]), sorted=True, return_inverse=True)
        rows.append((real, ids, column))
    width = max(ids.numel() for _, ids, _ in rows)
    groups = int(tags.max())
    vocabulary = tokens.new_full((tokens.size(0), width), pad)  # (B', N)
    slots = torch.zeros_like(tokens)  # (B', L)
    members = torch.zeros(tokens.size(0), groups + 2, width, dtype=torch.bool, device=tokens.device)
    for b, (real, ids, column) in enumerate(rows):
        count = int(real.sum())
        vocabulary[b, :ids.numel()] = ids
        slots[b, real] = column[:count]
        members[b, tags[b, real], column[:count]] = True  # sentence k's own pieces in row k + 1
        members[b, :, column[count:]] = True  # the closers, in every segment
        members[b, 0, :ids.numel()] = True
        members[b, int(tags[b].max()) + 1:, :ids.numel()] = True  # past the last chosen sentence: all of C
    out = dict(encoder_out)
    out.update(vocabulary=[vocabulary], vocabulary_slots=[slots], vocabulary_members=[members])
    return out


def allowed(encoder_out: Dict[str, List[Tensor]], segments: Tensor, group: int = 1) -> Tensor:
    """segments (B, T), k_t of every step -> (B, T, N), True where the candidate is in C_{k_t};
    ``group``: hypothesis rows per stored row (beam groups)."""
    members = per_hypothesis(encoder_out["vocabulary_members"][0], group)  # (B, G + 2, N)
    row = (segments + 1).clamp(max=members.size(1) - 1)  # (B, T): past every chosen sentence, the fallback row
    return members.gather(1, row[..., None].expand(-1, -1, members.size(2)))  # (B, T, N)


def scatter_to_vocabulary(log_probs: Tensor, vocabulary: Tensor, size: int) -> Tensor:
    """log_probs (B, T, N) over each row's candidates, vocabulary (B, N) their ids -> (B, T, size),
    PROBABILITY_FLOOR's log everywhere else (as the copy head floors a token it cannot reach)."""
    full = log_probs.new_full((log_probs.size(0), log_probs.size(1), size), math.log(PROBABILITY_FLOOR))
    return full.scatter_(2, vocabulary[:, None, :].expand(-1, log_probs.size(1), -1), log_probs)

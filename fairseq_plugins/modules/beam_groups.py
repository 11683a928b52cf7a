"""Per-article tensors under beam search, stored once per article instead of once per hypothesis.

Beam search keeps `beam` hypotheses of every article in consecutive rows and, at every step,
reorders the decoder state with `new_order` (row r continues the prefix of row new_order[r]).
Everything computed from the source alone (the encoder output: its states, padding mask, token
embedding, source tokens and lengths; the cross-attention keys and values) is identical across
the hypotheses of an article, yet the usual `index_select(0, new_order)` copies all of it,
B x beam x S x C numbers, at every step: at 4,096 source tokens that copy costs more than the
decoder step itself.

Here such a tensor keeps one row per *group* of `group` consecutive hypothesis rows: hypothesis
row r reads stored row r // group. Reordering is integer arithmetic on `new_order`:

    owner_r  = new_order_r // group                     stored row that hypothesis r now reads
    group'   = gcd of the lengths of the runs of equal owners
    index    = owner_{0}, owner_{group'}, owner_{2 group'}, ...   (one per new group)

Every run boundary falls on a multiple of group', so the hypotheses in each block of group'
consecutive rows share one owner, and storing `index` rows (gathered from the stored ones) with
group size group' is exact for *any* `new_order`, not only for beam search's. For beam search:
the first expansion (0,0,0,0,1,1,1,1,...) gives group' = beam and index = arange (nothing is
copied, ever); a step that permutes hypotheses within articles changes nothing; dropping
finished articles keeps group' = beam and gathers the surviving articles' rows once; an arbitrary
permutation degrades gracefully to group' = 1, i.e. the usual per-hypothesis gather.

Only a decoder that reads the grouping may be handed grouped tensors. EfficientEncoder groups
its output (a "beam_group" entry beside fairseq's) only when its model's decoder declares
`reads_beam_groups` (EfficientDecoder does; EfficientTransformerModel tells the encoder when it
is built); a bare encoder, or one under fairseq's TransformerDecoder, keeps fairseq's one row
per hypothesis. The decoder's cross-attention keys and values are grouped in either case: they
are its own state, regrouped by its own reorder_incremental_state.
"""
import math
from functools import reduce
from typing import Dict, Optional, Tuple

import torch
from torch import Tensor


def regroup(new_order: Tensor, group: int, stored_rows: int) -> Tuple[Optional[Tensor], int]:
    """new_order (R',) indexes the R = stored_rows x group current hypothesis rows.

    Returns (index, group'): gather the stored rows with `index` (None: keep them as they are)
    and read them with group size group' from now on.
    """
    owners = torch.div(new_order, group, rounding_mode="floor")  # (R',) stored row of each new row
    _, runs = torch.unique_consecutive(owners, return_counts=True)
    new_group = reduce(math.gcd, runs.tolist())
    index = owners[::new_group]  # (R' / group',) one stored row per new group
    if index.numel() == stored_rows and bool(torch.equal(index, torch.arange(stored_rows, device=index.device))):
        return None, new_group
    return index, new_group


def regroup_rows(rows: Dict[str, Tensor], new_order: Tensor, group: int) -> Tuple[Dict[str, Tensor], int]:
    """`regroup` applied to tensors that share their stored rows (axis 0): returns them, gathered
    only when the grouping needs it, and the new group size."""
    stored_rows = next(iter(rows.values())).size(0)
    index, new_group = regroup(new_order, group, stored_rows)
    if index is not None:
        rows = {key: tensor.index_select(0, index) for key, tensor in rows.items()}
    return rows, new_group


def fold_queries(x: Tensor, group: int) -> Tensor:
    """(B*g, H, T, d) hypothesis rows -> (B, H, g*T, d): the hypotheses of one stored row become
    extra query positions against that row's keys."""
    # "(b g) h t d -> b h (g t) d", as views and one copy (einops' bookkeeping is slow on this hot path)
    return x if group == 1 else x.unflatten(0, (-1, group)).transpose(1, 2).flatten(2, 3)


def unfold_queries(x: Tensor, group: int) -> Tensor:
    """Inverse of `fold_queries`: (B, H, g*T, d) -> (B*g, H, T, d)."""
    # "b h (g t) d -> (b g) h t d"
    return x if group == 1 else x.unflatten(2, (group, -1)).transpose(1, 2).flatten(0, 1)


def per_hypothesis(stored: Tensor, group: int) -> Tensor:
    """A stored tensor (B / g, ...), one row per group -> (B, ...), one row per hypothesis: for the
    small per-article tensors (source tokens, tags, masks) a step combines with per-hypothesis ones."""
    return stored if group == 1 else stored.repeat_interleave(group, dim=0)

"""Where Fastformer's global vectors look: profiles of the additive attention's pooling weights
(alpha of eq. 3, the global query; beta of eq. 5, the global key) over a document's positions.

A Fastformer layer gives every position the same two global vectors, each a softmax-weighted mean
over all N positions. Whether that is a view of the whole document depends on the weights: spread
flat, the mean is a bag of everything; on a few positions, it is a pointer to them. For one head's
weights w_1..w_N (sum 1, padding excluded):

    effective positions  exp(-sum_i w_i log w_i)       N for flat weights, 1 for one position
    top 1% mass          the weight on the ceil(N / 100) heaviest positions
    first 10% mass       the weight on positions 1 .. ceil(N / 10) (the title, abstract-like opening)
    separator mass       the weight on sentence separators (<n>), beside their share of positions

``profile`` gives them for one document's (H, N) weights, averaged over heads.
"""
import math
from typing import Dict

import torch
from torch import Tensor

MEASURES = ("effective_share", "effective_positions", "top1pct_mass", "first10pct_mass", "separator_mass", "separator_share")


def profile(weights: Tensor, separators: Tensor) -> Dict[str, float]:
    """weights (H, N), each row a distribution over one document's N real positions; separators
    (N,) bool -> the measures of the module docstring, each the mean over heads."""
    heads, n = weights.shape
    w = weights.double().clamp_min(0)
    entropy = -(w * torch.log(w.clamp_min(1e-300))).sum(dim=1)  # (H,)
    effective = entropy.exp()  # (H,)
    top = max(1, math.ceil(n / 100))
    first = max(1, math.ceil(n / 10))
    return {
        "effective_share": float((effective / n).mean()),
        "effective_positions": float(effective.mean()),
        "top1pct_mass": float(w.topk(top, dim=1).values.sum(dim=1).mean()),
        "first10pct_mass": float(w[:, :first].sum(dim=1).mean()),
        "separator_mass": float(w[:, separators].sum(dim=1).mean()),
        "separator_share": float(separators.double().mean()),
    }

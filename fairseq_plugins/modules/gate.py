"""A learned per-channel gate on a branch, closed at initialisation (the tanh gating of
Flamingo's cross-attention layers, Alayrac et al. 2022; ReZero, Bachlechner et al. 2021, with a
vector instead of a scalar).

For a branch f, inputs x (N x D) and gate parameters alpha (size D, initialised to 0):

    y_i = tanh(alpha) * f(x)_i                      (element-wise over the D channels)

At alpha = 0 the branch adds nothing, so a layer that sums this beside other branches starts as
the layer without it; d y / d alpha = f(x) at alpha = 0 is not zero, so the gate opens wherever
the branch's output helps the loss, and only then does the branch's own gradient flow (it is
scaled by tanh(alpha)). Used to put Fastformer's additive attention beside the depthwise
convolution rather than after it (models/efficient_transformer.py, --encoder-attention-placement
gated_parallel): the encoder starts as the convolution-only encoder and can only add global
context to it.
"""
import torch
from torch import Tensor, nn


class TanhGate(nn.Module):
    """(B, N, D) -> (B, N, D): tanh(alpha) * branch(x, *args), alpha (D,) starting at 0."""

    def __init__(self, branch: nn.Module, embed_dim: int):
        super().__init__()
        self.branch = branch
        self.alpha = nn.Parameter(torch.zeros(embed_dim))

    def forward(self, x: Tensor, *args, **kwargs) -> Tensor:
        return torch.tanh(self.alpha) * self.branch(x, *args, **kwargs)  # (D,) broadcast over (B, N, D)

"""Standard multi-head scaled dot-product attention (Vaswani et al. 2017), batch-first.

    Attention(Q, K, V) = softmax(Q K^T / sqrt(d) + M) V,   Q = X W_q, K = Y W_k, V = Y W_v

with M = -inf on padded keys (and on future keys when causal, and wherever a per-query
`attn_mask` hides a key: the rewriter's group restriction, modules/group_restriction.py). Cost
O(N S d) time; memory O(N S) for the weights unless PyTorch's fused kernel is used (it is,
whenever the weights are not asked for).

This is the baseline ("transformer") and the decoder's cross-attention; the CS224N variants
(local, memory-compressed) reuse `scaled_dot_product` on blocks or on shortened keys.

Incremental decoding: the module is stateless; the caller (a decoder layer, which owns the
incremental state) passes `cache`, a dict that holds the keys/values seen so far
(self-attention) or the projected encoder memory (cross-attention). Under beam search the memory
holds one row per article and `memory_group` hypothesis rows read each (beam_groups.py): their
queries are folded into extra query positions of that row, so keys and values are never copied.
"""
from typing import Dict, Optional, Tuple

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from .beam_groups import fold_queries, unfold_queries


def scaled_dot_product(
    q: Tensor,
    k: Tensor,
    v: Tensor,
    key_padding_mask: Optional[Tensor] = None,
    causal: bool = False,
    dropout_p: float = 0.0,
    need_weights: bool = False,
    attn_mask: Optional[Tensor] = None,
) -> Tuple[Tensor, Optional[Tensor]]:
    """softmax(q k^T / sqrt(d)) v over the last two axes.

    q: (..., H, N, d); k, v: (..., H, S, d); key_padding_mask: (..., S), True = padding;
    attn_mask: (..., 1, N, S), True = key hidden from that query (the same for every head).
    Returns the output (..., H, N, d) and, if asked, the weights (..., H, N, S) in fp32.
    A query whose keys are all padding gets a zero output (not NaN): that happens for the padded
    tail blocks of local attention.
    """
    keep = None
    if key_padding_mask is not None:
        keep = ~key_padding_mask[..., None, None, :]  # (..., 1, 1, S)
    if causal:
        n, s = q.size(-2), k.size(-2)
        # query i (of the last n) may see keys 0 .. s - n + i
        future = torch.ones(n, s, dtype=torch.bool, device=q.device).triu(s - n + 1)
        keep = ~future if keep is None else keep & ~future
    if attn_mask is not None:
        keep = ~attn_mask if keep is None else keep & ~attn_mask  # (..., 1, N, S)
    if not need_weights:
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=keep, dropout_p=dropout_p)
        if keep is not None:
            # fully masked rows come back as NaN from the fused kernel; make them zero
            out = out.masked_fill(~keep.any(-1, keepdim=True), 0.0)
        return out, None
    scores = torch.matmul(q.float(), k.float().transpose(-1, -2)) / q.size(-1) ** 0.5
    if keep is not None:
        scores = scores.masked_fill(~keep, float("-inf"))
    weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)  # (..., H, N, S)
    out = torch.matmul(F.dropout(weights, dropout_p).to(v.dtype), v)
    return out, weights


class MultiheadSoftmaxAttention(nn.Module):
    """Multi-head softmax attention on (batch, length, dim) tensors.

    `causal=True` masks future positions (decoder self-attention); the cross-attention passes a
    separate `memory` for keys and values.
    """

    def __init__(self, embed_dim: int, num_heads: int, dropout: float = 0.0, causal: bool = False):
        super().__init__()
        if embed_dim % num_heads:
            raise ValueError(f"embed_dim {embed_dim} is not divisible by num_heads {num_heads}")
        self.num_heads = num_heads
        self.dropout = dropout
        self.causal = causal
        self.q_proj = nn.Linear(embed_dim, embed_dim)
        self.k_proj = nn.Linear(embed_dim, embed_dim)
        self.v_proj = nn.Linear(embed_dim, embed_dim)
        self.out_proj = nn.Linear(embed_dim, embed_dim)
        for proj in (self.q_proj, self.k_proj, self.v_proj):
            nn.init.xavier_uniform_(proj.weight, gain=2**-0.5)
        nn.init.xavier_uniform_(self.out_proj.weight)

    def split_heads(self, x: Tensor) -> Tensor:
        # "b n (h d) -> b h n d" as views: einops' own bookkeeping cost as much as a decoding step's
        # small attention products (it runs 8 times a layer a step)
        return x.unflatten(-1, (self.num_heads, -1)).transpose(1, 2)  # (B, H, N, d)

    def forward(self, x: Tensor, padding_mask: Optional[Tensor] = None, **kwargs) -> Tensor:
        """The encoder-layer interface: (B, N, D) -> (B, N, D); see `attend`."""
        return self.attend(x, padding_mask, **kwargs)[0]

    def attend(
        self,
        x: Tensor,
        padding_mask: Optional[Tensor] = None,
        memory: Optional[Tensor] = None,
        memory_padding_mask: Optional[Tensor] = None,
        cache: Optional[Dict[str, Tensor]] = None,
        need_weights: bool = False,
        memory_group: int = 1,
        memory_mask: Optional[Tensor] = None,
    ) -> Tuple[Tensor, Optional[Tensor]]:
        """x: (B, N, D) queries; memory: (B / memory_group, S, D) keys/values for cross-attention,
        row b serving query rows b*memory_group .. (b+1)*memory_group - 1.

        padding_mask (B, N) masks x's own positions as keys in self-attention; memory_mask
        (B, N, S), True = hidden, hides memory positions from single queries (cross-attention
        only; on top of memory_padding_mask, which hides them from all). With `cache`, x
        holds only the newest position(s) and the keys/values of earlier steps come from it.
        Returns (B, N, D) and, with need_weights, the head-averaged weights (B, N, S), else None.
        """
        q = self.split_heads(self.q_proj(x))  # (B, H, N, d)
        group = memory_group if memory is not None else 1
        q = fold_queries(q, group)  # (B/g, H, g*N, d)
        attn_mask = None
        if memory is not None:  # cross-attention: keys/values from the encoder, computed once
            key_padding_mask = memory_padding_mask
            if memory_mask is not None:
                # one mask row per query, folded as the queries are: (B, 1, N, S) -> (B/g, 1, g*N, S)
                attn_mask = fold_queries(memory_mask[:, None], group)
            if cache is not None and "k" in cache:
                k, v = cache["k"], cache["v"]
            else:
                # head-major and contiguous once: decoding reads them at every step, and a strided
                # view made every step's attention product copy all S x D of them first
                k = self.split_heads(self.k_proj(memory)).contiguous()  # (B, H, S, d)
                v = self.split_heads(self.v_proj(memory)).contiguous()
                if cache is not None:
                    cache["k"], cache["v"] = k, v
        else:
            key_padding_mask = padding_mask
            k, v = self.split_heads(self.k_proj(x)), self.split_heads(self.v_proj(x))
            if cache is not None:
                if "k" in cache:
                    k = torch.cat([cache["k"], k], dim=2)  # (B, H, steps so far, d)
                    v = torch.cat([cache["v"], v], dim=2)
                cache["k"], cache["v"] = k, v
                key_padding_mask = None  # generated prefixes hold no padding
        out, weights = scaled_dot_product(
            q,
            k,
            v,
            key_padding_mask=key_padding_mask,
            causal=self.causal,
            dropout_p=self.dropout if self.training else 0.0,
            need_weights=need_weights,
            attn_mask=attn_mask,
        )
        out = unfold_queries(out, group)  # (B, H, N, d)
        out = self.out_proj(out.transpose(1, 2).flatten(2))  # "b h n d -> b n (h d)": (B, N, D)
        return out, (unfold_queries(weights, group).mean(dim=1) if need_weights else None)  # (B, N, S)

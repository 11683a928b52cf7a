"""Fastformer additive attention (Wu et al. 2021, arXiv 2108.09084), bidirectional and causal.

For one head with inputs E (N x d_model), queries q_i, keys k_i, values v_i (head dim d) and
learnable vectors w_q, w_k (size d):

    alpha_i = softmax_i( w_q . q_i / sqrt(d) )              (eq. 3)
    q       = sum_i alpha_i q_i                              (eq. 4)   global query
    p_i     = q * k_i                                        interaction (element-wise)
    beta_i  = softmax_i( w_k . p_i / sqrt(d) )              (eq. 5)
    k       = sum_i beta_i p_i                               (eq. 6)   global key
    u_i     = k * v_i
    r_i     = W_r u_i + b_r
    out_i   = r_i + q_i

Heads are concatenated along the hidden axis before W_r. Padded positions get zero weight in
both softmaxes, so they change no real position's output. Cost O(N d_model) per layer for the
attention itself, besides the O(N d_model^2) linear maps.

Causal form (decoder self-attention; the paper gives none, see shared/papers.md): every pooling
runs over the prefix j <= t only,

    g_t = sum_{j<=t} exp(a_j) x_j / sum_{j<=t} exp(a_j).

Training evaluates all t at once with prefix sums in log space (`prefix_softmax_pool`);
step-by-step decoding keeps, per pooling and head, a running max m, a running denominator z and
a running numerator n (`PoolState`): constant size whatever the step, reordered by beam search
like any other incremental state.

How the bidirectional form is evaluated (interaction "mul", the default). Everything after
the query map is linear in the input x_i (k_i = W_k x_i + b_k), so with u_h = w_k * q_h for head h

    w_k . p_i = u . k_i = (W_k^T u) . x_i + u . b_k     and     k = q * sum_i beta_i k_i
                                                                  = q * (W_k (sum_i beta_i x_i) + b_k)

(sum_i beta_i = 1): the scores and the pool of eq. 5-6 are taken on x directly, and neither
the keys k_i nor the products p_i are ever formed. That saves the key projection (an N x d_model^2
matrix product, a third of the layer's attention cost) and two passes over N x d_model tensors;
the result is the same up to floating-point rounding. The per-head products are small matrix
products against block matrices (no head-major copies of the N x d_model tensors).
The other interactions and the causal form evaluate the equations as written.

Switches (paper sections 3.1 and 4.5, Fig. 3):
    share_query_value: V = Q (one map fewer; default on, neutral or better in the paper);
    share_heads:       one w_q and one w_k for all heads (the paper found head sharing hurts);
    interaction:       "mul" (default) | "add" | "concat" for both q*k_i and k*v_i;
    pooling_init_std:  the initial scale of w_q and w_k (0.02; larger starts the pooling selective).
Layer-wise sharing is a model-level choice: the model hands the same module to every layer.
"""
import math
from contextlib import contextmanager
from typing import Dict, List, Optional

import torch
import torch.nn.functional as F
from einops import rearrange
from torch import Tensor, nn

# Stands in for log(0) in log-space prefix sums. Finite, so no (-inf) - (-inf) = NaN appears in
# the backward pass of logcumsumexp; exp(LOG_ZERO - x) is exactly 0 in fp32 for any sane score.
LOG_ZERO = -1.0e4


class Multiply(nn.Module):
    """p_i = g * x_i  (the paper's choice)."""

    def __init__(self, head_dim: int):
        super().__init__()

    def forward(self, pooled: Tensor, x: Tensor) -> Tensor:
        return pooled * x


class Add(nn.Module):
    """p_i = g + x_i."""

    def __init__(self, head_dim: int):
        super().__init__()

    def forward(self, pooled: Tensor, x: Tensor) -> Tensor:
        return pooled + x


class Concatenate(nn.Module):
    """p_i = W [g ; x_i] + b, a (2d -> d) map shared by the heads."""

    def __init__(self, head_dim: int):
        super().__init__()
        self.proj = nn.Linear(2 * head_dim, head_dim)

    def forward(self, pooled: Tensor, x: Tensor) -> Tensor:
        return self.proj(torch.cat([pooled.expand_as(x), x], dim=-1))


INTERACTIONS = {"mul": Multiply, "add": Add, "concat": Concatenate}


def softmax_pool(scores: Tensor, values: Tensor, padding_mask: Optional[Tensor] = None) -> Tensor:
    """sum_i softmax_i(scores) values_i over the whole sequence, padding excluded.

    scores: (B, N, H); values: (B, N, H, d); padding_mask: (B, N), True = padding.
    Returns (B, 1, H, d) in values' dtype; softmax (max subtracted) and sum run in fp32.
    """
    scores = scores.float()
    if padding_mask is not None:
        scores = scores.masked_fill(padding_mask[:, :, None], float("-inf"))
    weights = torch.softmax(scores, dim=1)  # (B, N, H)
    with torch.autocast(device_type=values.device.type, enabled=False):
        pooled = torch.einsum("bnh,bnhd->bhd", weights, values.float())
    return pooled.unsqueeze(1).to(values.dtype)  # (B, 1, H, d)


def block_rows(w: Tensor) -> Tensor:
    """(..., H, d) -> (..., H, H*d): row h holds w[..., h, :] in columns h*d .. h*d+d-1 and zeros
    elsewhere, so that F.linear(x, block_rows(w)) gives every head's w_h . x_h for x (N, H*d)."""
    heads = w.size(-2)
    eye = torch.eye(heads, dtype=w.dtype, device=w.device)
    return (eye[:, :, None] * w.unsqueeze(-3)).flatten(-2)


def diagonal_blocks(r: Tensor, head_dim: int) -> Tensor:
    """(B, H, H*d) -> (B, H, d): row h's own block h (the heads' part of a product that was
    taken for all heads at once)."""
    batch, heads, _ = r.shape
    return r.view(batch, heads, heads, head_dim).diagonal(dim1=1, dim2=2).transpose(1, 2)


class HeadDot(torch.autograd.Function):
    """scores[..., h] = w_h . x[..., h-th block of d] for x (..., H*d) and w (H, d).

    One matrix product against `block_rows(w)` forward; backward takes the gradient of x as a
    broadcast product and that of w from (grad^T x): the products autograd would form instead,
    (N, H) @ (H, D) and (D, N) @ (N, H), are several times slower on CPU BLAS for few heads."""

    @staticmethod
    def forward(ctx, x: Tensor, w: Tensor) -> Tensor:
        ctx.save_for_backward(x, w)
        return F.linear(x, block_rows(w))

    @staticmethod
    def backward(ctx, grad: Tensor):
        x, w = ctx.saved_tensors
        heads, head_dim = w.shape
        grad_x = grad_w = None
        if ctx.needs_input_grad[0]:
            grad_x = (grad.unsqueeze(-1) * w).flatten(-2)
        if ctx.needs_input_grad[1]:
            rows = rearrange(grad, "... h -> 1 h (...)")  # (1, H, B*N)
            products = length_reduce(rows, x.reshape(1, -1, heads * head_dim))  # (1, H, D)
            grad_w = diagonal_blocks(products, head_dim)[0]
        return grad_x, grad_w


class HeadScores(torch.autograd.Function):
    """scores = x @ a^T: x (B, N, D), a (B, H, D) -> (B, N, H), a few heads against long N.

    The same as torch.bmm(x, a.transpose(1, 2)), with a backward that forms the gradient of a as
    grad^T x ((H, N) @ (N, D), fast) rather than autograd's x^T grad ((D, N) @ (N, H), slow)."""

    @staticmethod
    def forward(ctx, x: Tensor, a: Tensor) -> Tensor:
        ctx.save_for_backward(x, a)
        return torch.bmm(x, a.transpose(1, 2))

    @staticmethod
    def backward(ctx, grad: Tensor):
        x, a = ctx.saved_tensors
        grad_x = grad_a = None
        if ctx.needs_input_grad[0]:
            grad_x = torch.bmm(grad, a)
        if ctx.needs_input_grad[1]:
            grad_a = length_reduce(grad.transpose(1, 2), x)  # (B, H, D)
        return grad_x, grad_a


def masked_softmax(scores: Tensor, padding_mask: Optional[Tensor]) -> Tensor:
    """scores (B, N, H) -> weights (B, H, N): softmax over the length axis in fp32, padding (B, N)
    set to -inf first. Heads first, so that the softmax runs along contiguous rows (B*H of them,
    in parallel) and the weights are the left operand of the pooling product as they are."""
    scores = scores.float().transpose(1, 2)  # (B, H, N)
    if padding_mask is not None:
        scores = scores.masked_fill(padding_mask[:, None, :], float("-inf"))
    return torch.softmax(scores, dim=-1)


# Below this many positions a pooling product is small enough to leave to BLAS as it is.
MIN_CHUNKED_LENGTH = 4096


def length_chunks(batch: int, length: int) -> int:
    """How many pieces to cut the length axis into for `length_reduce`: enough batched products
    to give every thread two, a power of two dividing `length` (1: no cutting)."""
    want = -(-2 * torch.get_num_threads() // batch)  # ceil(2 threads / batch)
    if length < MIN_CHUNKED_LENGTH or want < 2:
        return 1
    chunks = 1
    while chunks * 2 <= want and length % (chunks * 2) == 0:
        chunks *= 2
    return chunks


def length_reduce(weights: Tensor, values: Tensor) -> Tensor:
    """sum_i weights[b, h, i] values[b, i, :]: (B, H, N) x (B, N, D) -> (B, H, D), fp32.

    The pooling products of eq. 4 and 6 (and their gradients) contract the long length axis. BLAS
    parallelises a batched product over its batch and over the output's rows and columns, and
    here there are only B x H x D outputs: with one long article (B = 1) most of the work ran on
    one core. Cutting the length axis into C pieces gives C times more batched products, whose
    partial sums are added at the end (the same sum, in a different order)."""
    batch, _, length = weights.shape
    chunks = length_chunks(batch, length)
    if chunks == 1:
        return torch.bmm(weights, values)
    pieces = torch.bmm(
        rearrange(weights, "b h (c n) -> (b c) h n", c=chunks),
        rearrange(values, "b (c n) d -> (b c) n d", c=chunks),
    )  # (B*C, H, D)
    return rearrange(pieces, "(b c) h d -> b c h d", c=chunks).sum(dim=1)


def prefix_softmax_pool(scores: Tensor, values: Tensor, padding_mask: Optional[Tensor] = None) -> Tensor:
    """For every t: g_t = sum_{j<=t} softmax_{j<=t}(scores)_j values_j, all t in parallel.

    In log space, so nothing overflows or divides 0 by 0 however wide the scores range:
        log Z_t = logcumsumexp(s)_t
        sum_{j<=t} e^{s_j} v_j = exp(logcumsumexp(s + log v+)_t) - exp(logcumsumexp(s + log v-)_t)
    with v = v+ - v- split into its positive and negative parts (both >= 0).
    scores: (B, N, H); values: (B, N, H, d). Returns (B, N, H, d) in values' dtype.
    """
    with torch.autocast(device_type=values.device.type, enabled=False):
        scores = scores.float()
        if padding_mask is not None:
            scores = scores.masked_fill(padding_mask[:, :, None], LOG_ZERO)
        v = values.float()
        log_norm = torch.logcumsumexp(scores, dim=1)[..., None]  # (B, N, H, 1)
        magnitude = v.abs()
        log_magnitude = torch.where(magnitude > 0, magnitude, torch.ones_like(magnitude)).log()
        shifted = scores[..., None] + log_magnitude  # (B, N, H, d)
        positive = torch.logcumsumexp(shifted.masked_fill(v <= 0, LOG_ZERO), dim=1)
        negative = torch.logcumsumexp(shifted.masked_fill(v >= 0, LOG_ZERO), dim=1)
        pooled = torch.exp(positive - log_norm) - torch.exp(negative - log_norm)
    return pooled.to(values.dtype)


class PoolState:
    """Running softmax pooling over a growing prefix: max m (B, H), denominator z (B, H) and
    numerator n (B, H, d), all fp32 and rescaled to the running max.

        m' = max(m, s);  n' = n e^{m - m'} + e^{s - m'} x;  z' = z e^{m - m'} + e^{s - m'};  g = n' / z'
    """

    @staticmethod
    def update(state: Dict[str, Tensor], prefix: str, score: Tensor, value: Tensor) -> Tensor:
        """score: (B, H); value: (B, H, d). Updates `state` in place, returns g (B, H, d)."""
        score, value = score.float(), value.float()
        if prefix + "max" not in state:
            running_max = score
            numerator = value
            denominator = torch.ones_like(score)
        else:
            running_max = torch.maximum(state[prefix + "max"], score)
            old_scale = torch.exp(state[prefix + "max"] - running_max)  # (B, H)
            new_scale = torch.exp(score - running_max)
            numerator = state[prefix + "num"] * old_scale[..., None] + new_scale[..., None] * value
            denominator = state[prefix + "den"] * old_scale + new_scale
        state[prefix + "max"], state[prefix + "num"], state[prefix + "den"] = (
            running_max,
            numerator,
            denominator,
        )
        return numerator / denominator[..., None]


# the lists that recording_pooling() has open; attention_core appends to the innermost
_POOLING_RECORDS: List[list] = []


@contextmanager
def recording_pooling():
    """Within it, every bidirectional "mul" AdditiveAttention call (the encoder's) appends its
    pooling weights ``(alpha, beta)`` of eq. 3 and 5, each (B, H, N), padding at 0, to the list it
    yields, in call order (an encoder of L layers: L pairs a forward). For reading where the
    global query and key look (scripts/attention_pooling.py); nothing is kept outside it."""
    records: list = []
    _POOLING_RECORDS.append(records)
    try:
        yield records
    finally:
        _POOLING_RECORDS.remove(records)


class AdditiveAttention(nn.Module):
    """Fastformer attention on (batch, length, dim) tensors; `causal` selects the decoder form."""

    def __init__(
        self,
        embed_dim: int,
        num_heads: int,
        share_query_value: bool = True,
        share_heads: bool = False,
        interaction: str = "mul",
        causal: bool = False,
        pooling_init_std: float = 0.02,
    ):
        super().__init__()
        if embed_dim % num_heads:
            raise ValueError(f"embed_dim {embed_dim} is not divisible by num_heads {num_heads}")
        if interaction not in INTERACTIONS:
            raise ValueError(f"interaction must be one of {sorted(INTERACTIONS)}, got {interaction!r}")
        self.num_heads = num_heads
        self.head_dim = embed_dim // num_heads
        self.causal = causal
        self.share_query_value = share_query_value
        self.q_proj = nn.Linear(embed_dim, embed_dim)
        self.k_proj = nn.Linear(embed_dim, embed_dim)
        self.v_proj = None if share_query_value else nn.Linear(embed_dim, embed_dim)
        pooling_heads = 1 if share_heads else num_heads
        # pooling_init_std: at 0.02 (BERT's initializer range, the paper's code) the scores
        # w . q_i / sqrt(d) are so small that alpha and beta start flat, and in the trained models
        # here they stay within 0.3% of flat (scripts/attention_pooling.py): the global vectors
        # are plain means. A larger value starts the pooling selective.
        self.w_q = nn.Parameter(torch.randn(pooling_heads, self.head_dim) * pooling_init_std)  # (H or 1, d)
        self.w_k = nn.Parameter(torch.randn(pooling_heads, self.head_dim) * pooling_init_std)
        self.query_key = INTERACTIONS[interaction](self.head_dim)
        self.key_value = INTERACTIONS[interaction](self.head_dim)
        self.out_proj = nn.Linear(embed_dim, embed_dim)  # W_r, b_r
        self.scale = 1.0 / math.sqrt(self.head_dim)

    def project(self, x: Tensor):
        """q, k, v: (B, N, H, d) each (views of the projections, no copies)."""
        split = lambda t: rearrange(t, "b n (h d) -> b n h d", h=self.num_heads)  # noqa: E731
        q = split(self.q_proj(x))
        k = split(self.k_proj(x))
        v = q if self.v_proj is None else split(self.v_proj(x))
        return q, k, v

    def score(self, x: Tensor, w: Tensor) -> Tensor:
        """w . x_i / sqrt(d): (B, N, H, d) -> (B, N, H)."""
        return torch.einsum("bnhd,hd->bnh", x, w.expand(self.num_heads, -1)) * self.scale

    def finish(self, u: Tensor, q: Tensor) -> Tensor:
        """out_i = W_r u_i + b_r + q_i, heads concatenated: (B, N, H, d) -> (B, N, D)."""
        return self.out_proj(rearrange(u, "b n h d -> b n (h d)")) + rearrange(q, "b n h d -> b n (h d)")

    def forward(
        self,
        x: Tensor,
        padding_mask: Optional[Tensor] = None,
        cache: Optional[Dict[str, Tensor]] = None,
    ) -> Tensor:
        """x: (B, N, D); padding_mask: (B, N), True = padding. Returns (B, N, D).

        Causal with `cache`: x holds the newest position(s) only; the cache carries the running
        pools of all earlier steps (constant size) and is updated in place.
        """
        if cache is not None:
            if not self.causal:
                raise ValueError("incremental decoding needs causal=True")
            return torch.cat([self.step(x[:, t : t + 1], cache) for t in range(x.size(1))], dim=1)
        if not self.causal and isinstance(self.query_key, Multiply) and isinstance(self.key_value, Multiply):
            return self.forward_multiply(x, padding_mask)
        pool = prefix_softmax_pool if self.causal else softmax_pool
        q, k, v = self.project(x)
        global_query = pool(self.score(q, self.w_q), q, padding_mask)  # (B, 1 or N, H, d)
        p = self.query_key(global_query, k)  # (B, N, H, d)
        global_key = pool(self.score(p, self.w_k), p, padding_mask)
        u = self.key_value(global_key, v)
        return self.finish(u, q)

    def forward_multiply(self, x: Tensor, padding_mask: Optional[Tensor] = None) -> Tensor:
        """The bidirectional form with the "mul" interaction, scores and key pool taken on x
        (see the module docstring): (B, N, D) -> (B, N, D)."""
        q, query_scores = self.project_query(x)
        v = q if self.v_proj is None else self.v_proj(x)
        u = self.attention_core(x, q, query_scores, v, padding_mask)
        return self.out_proj(u) + q

    def project_query(self, x: Tensor):
        """q = W_q x_i + b_q (B, N, D) and, when no gradient is needed, its pooling scores
        w_q . q_i / sqrt(d) (B, N, H) as H extra output rows of the same matrix product (one
        pass over x instead of two); None for the scores otherwise."""
        if torch.is_grad_enabled():
            return self.q_proj(x), None
        w_q = block_rows(self.query_vectors())  # (H, D)
        weight, bias = self.q_proj.weight, self.q_proj.bias
        w_q = w_q.to(weight.dtype)
        extended = F.linear(x, torch.cat([weight, w_q @ weight]), torch.cat([bias, w_q @ bias]))
        return extended[..., : x.size(-1)], extended[..., x.size(-1) :]

    def query_vectors(self) -> Tensor:
        """w_q / sqrt(d) of every head: (H, d)."""
        return self.w_q.expand(self.num_heads, self.head_dim) * self.scale

    def attention_core(
        self, x: Tensor, q: Tensor, query_scores: Optional[Tensor], v: Tensor, padding_mask: Optional[Tensor] = None
    ) -> Tensor:
        """Everything between the maps: x, q, v (B, N, D) -> u (B, N, D), u_i = k * v_i.

        Softmaxes, pools and scores in fp32 (autocast off), as `softmax_pool`."""
        batch, _, dim = x.shape
        heads, head_dim = self.num_heads, self.head_dim
        with torch.autocast(device_type=x.device.type, enabled=False):
            q32, x32 = q.float(), x.float()
            if query_scores is None:
                query_scores = HeadDot.apply(q32, self.query_vectors().float())
            alpha = masked_softmax(query_scores, padding_mask)  # eq. 3: (B, H, N)
            # eq. 4: global query = sum_i alpha_i q_i
            global_query = diagonal_blocks(length_reduce(alpha, q32), head_dim)  # (B, H, d)
            # eq. 5: w_k . (q * k_i) = (W_k^T u) . x_i + u . b_k  with u = w_k * q per head
            weight, bias = self.k_proj.weight.float(), self.k_proj.bias.float()
            u = block_rows(self.w_k.float() * global_query * self.scale)  # (B, H, D)
            key_scores = HeadScores.apply(x32, torch.matmul(u, weight)) + F.linear(u, bias).unsqueeze(1)
            beta = masked_softmax(key_scores, padding_mask)  # (B, H, N)
            if _POOLING_RECORDS:
                _POOLING_RECORDS[-1].append((alpha.detach(), beta.detach()))
            # eq. 6: global key = q * sum_i beta_i k_i = q * (W_k sum_i beta_i x_i + b_k)
            pooled_x = length_reduce(beta, x32)  # (B, H, D)
            pooled_k = diagonal_blocks(F.linear(pooled_x, weight), head_dim) + bias.view(heads, head_dim)
            global_key = (global_query * pooled_k).reshape(batch, 1, dim)
        return v * global_key.to(v.dtype)  # u_i = k * v_i, heads side by side

    def step(self, x: Tensor, cache: Dict[str, Tensor]) -> Tensor:
        """One decoding step: x (B, 1, D) -> (B, 1, D), O(D) state whatever the position."""
        q, k, v = self.project(x)  # (B, 1, H, d)
        global_query = PoolState.update(cache, "query_", self.score(q, self.w_q)[:, 0], q[:, 0])
        p = self.query_key(global_query.to(k.dtype)[:, None], k)  # (B, 1, H, d)
        global_key = PoolState.update(cache, "key_", self.score(p, self.w_k)[:, 0], p[:, 0])
        u = self.key_value(global_key.to(v.dtype)[:, None], v)
        return self.finish(u, q)

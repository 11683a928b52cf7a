"""Fastformer additive attention against the paper's equations, one position at a time."""
import math

import pytest
import torch

from fairseq_plugins.modules.additive_attention import AdditiveAttention, prefix_softmax_pool, softmax_pool

torch.manual_seed(0)


def reference_fastformer(attn: AdditiveAttention, x: torch.Tensor, length: int) -> torch.Tensor:
    """Eqs. 3-6 of Wu et al. (2021) with Python loops over heads and positions, in float64, for
    one unpadded sequence x[:length] of shape (N, D). Returns (length, D)."""
    x = x[:length].double()
    H, d = attn.num_heads, attn.head_dim
    Wq, bq = attn.q_proj.weight.double(), attn.q_proj.bias.double()
    Wk, bk = attn.k_proj.weight.double(), attn.k_proj.bias.double()
    vproj = attn.q_proj if attn.v_proj is None else attn.v_proj
    Wv, bv = vproj.weight.double(), vproj.bias.double()
    w_q = attn.w_q.double().expand(H, d)
    w_k = attn.w_k.double().expand(H, d)

    def interact(module, g, xi):
        name = type(module).__name__
        if name == "Multiply":
            return g * xi
        if name == "Add":
            return g + xi
        W, b = module.proj.weight.double(), module.proj.bias.double()
        return W @ torch.cat([g, xi]) + b

    heads_out = torch.zeros(length, H * d, dtype=torch.float64)
    for h in range(H):
        rows = slice(h * d, (h + 1) * d)
        q = [Wq[rows] @ x[i] + bq[rows] for i in range(length)]
        k = [Wk[rows] @ x[i] + bk[rows] for i in range(length)]
        v = [Wv[rows] @ x[i] + bv[rows] for i in range(length)]
        a = torch.stack([w_q[h] @ q[i] / math.sqrt(d) for i in range(length)])
        alpha = torch.exp(a - a.max()) / torch.exp(a - a.max()).sum()  # eq. 3
        gq = sum(alpha[i] * q[i] for i in range(length))  # eq. 4
        p = [interact(attn.query_key, gq, k[i]) for i in range(length)]
        b = torch.stack([w_k[h] @ p[i] / math.sqrt(d) for i in range(length)])
        beta = torch.exp(b - b.max()) / torch.exp(b - b.max()).sum()  # eq. 5
        gk = sum(beta[i] * p[i] for i in range(length))  # eq. 6
        for i in range(length):
            heads_out[i, rows] = interact(attn.key_value, gk, v[i])  # u_i
    Wr, br = attn.out_proj.weight.double(), attn.out_proj.bias.double()
    out = torch.zeros(length, H * d, dtype=torch.float64)
    for i in range(length):
        q_i = Wq @ x[i] + bq
        out[i] = Wr @ heads_out[i] + br + q_i  # r_i + q_i
    return out


def scramble_pooling_vectors(attn):
    # default init (std 0.02) makes both softmaxes nearly uniform; test with peaked weights
    with torch.no_grad():
        attn.w_q.normal_(0, 2.0)
        attn.w_k.normal_(0, 2.0)
    return attn


@pytest.mark.parametrize("interaction", ["mul", "add", "concat"])
@pytest.mark.parametrize("share_query_value", [True, False])
@pytest.mark.parametrize("share_heads", [False, True])
def test_bidirectional_matches_paper_loop(interaction, share_query_value, share_heads):
    attn = scramble_pooling_vectors(
        AdditiveAttention(24, 4, share_query_value=share_query_value, share_heads=share_heads, interaction=interaction)
    )
    x = torch.randn(2, 9, 24)
    lengths = [9, 6]
    padding_mask = torch.arange(9)[None, :] >= torch.tensor(lengths)[:, None]
    out = attn(x, padding_mask)
    for b, n in enumerate(lengths):
        torch.testing.assert_close(out[b, :n].double(), reference_fastformer(attn, x[b], n), rtol=1e-5, atol=1e-5)


def test_head_sharing_uses_one_vector_per_pooling():
    shared = AdditiveAttention(32, 8, share_heads=True)
    separate = AdditiveAttention(32, 8)
    assert shared.w_q.shape == (1, 4) and separate.w_q.shape == (8, 4)


def test_query_value_sharing_removes_the_value_map():
    assert AdditiveAttention(16, 2).v_proj is None
    assert AdditiveAttention(16, 2, share_query_value=False).v_proj is not None


def test_padding_changes_no_real_position():
    attn = scramble_pooling_vectors(AdditiveAttention(16, 2))
    x = torch.randn(1, 7, 16)
    mask = torch.tensor([[False] * 5 + [True] * 2])
    out = attn(x, mask)
    garbage = x.clone()
    garbage[:, 5:] = 1e4 * torch.randn(1, 2, 16)
    torch.testing.assert_close(attn(garbage, mask)[:, :5], out[:, :5])
    alone = attn(x[:, :5])
    torch.testing.assert_close(alone, out[:, :5], rtol=1e-5, atol=1e-6)


def reference_causal_fastformer(attn: AdditiveAttention, x: torch.Tensor) -> torch.Tensor:
    """The causal form with a loop over positions: every pooling at t runs over j <= t only,
    p_j = g_j * k_j uses the global query of j's own prefix. x (N, D) -> (N, D), float64."""
    x = x.double()
    N, H, d = x.size(0), attn.num_heads, attn.head_dim
    q = (x @ attn.q_proj.weight.double().T + attn.q_proj.bias.double()).view(N, H, d)
    k = (x @ attn.k_proj.weight.double().T + attn.k_proj.bias.double()).view(N, H, d)
    v = q  # query-value sharing (default)
    w_q, w_k = attn.w_q.double().expand(H, d), attn.w_k.double().expand(H, d)
    a = torch.einsum("nhd,hd->nh", q, w_q) / math.sqrt(d)
    p = torch.zeros(N, H, d, dtype=torch.float64)
    u = torch.zeros(N, H, d, dtype=torch.float64)
    for t in range(N):
        alpha = torch.softmax(a[: t + 1], dim=0)  # (t+1, H)
        p[t] = (alpha[..., None] * q[: t + 1]).sum(0) * k[t]
        b = torch.einsum("nhd,hd->nh", p[: t + 1], w_k) / math.sqrt(d)
        beta = torch.softmax(b, dim=0)
        u[t] = (beta[..., None] * p[: t + 1]).sum(0) * v[t]
    r = u.reshape(N, H * d) @ attn.out_proj.weight.double().T + attn.out_proj.bias.double()
    return r + q.reshape(N, H * d)


def test_causal_matches_prefix_loop_and_ignores_the_future():
    attn = scramble_pooling_vectors(AdditiveAttention(24, 3, causal=True))
    x = torch.randn(2, 11, 24)
    out = attn(x)
    for b in range(2):
        torch.testing.assert_close(out[b].double(), reference_causal_fastformer(attn, x[b]), rtol=1e-5, atol=1e-5)
    changed = x.clone()
    changed[:, 7:] = torch.randn(2, 4, 24)
    torch.testing.assert_close(attn(changed)[:, :7], out[:, :7])


def test_incremental_equals_parallel_and_survives_beam_reorder():
    attn = scramble_pooling_vectors(AdditiveAttention(16, 4, causal=True))
    x = torch.randn(3, 10, 16)
    parallel = attn(x)
    cache = {}
    steps = [attn(x[:, t : t + 1], cache=cache) for t in range(6)]
    torch.testing.assert_close(torch.cat(steps, 1), parallel[:, :6], rtol=1e-5, atol=1e-5)
    # beam search reorders hypotheses: row i continues the prefix of row order[i]
    order = torch.tensor([2, 0, 0])
    cache = {key: value.index_select(0, order) for key, value in cache.items()}
    state_size = sum(v.numel() for v in cache.values())
    continued = torch.cat([x[order, :6], x[:, 6:]], dim=1)
    expected = attn(continued)[:, 6:]
    got = torch.cat([attn(x[:, t : t + 1], cache=cache) for t in range(6, 10)], 1)
    torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-5)
    assert sum(v.numel() for v in cache.values()) == state_size  # constant-size state


def test_prefix_pool_is_stable_for_extreme_scores():
    # scores spanning 3000 would overflow exp() in any precision without log-space sums
    scores = torch.tensor([[[0.0], [3000.0], [-3000.0], [2999.0]]])  # (B=1, N=4, H=1)
    values = torch.randn(1, 4, 1, 3)
    got = prefix_softmax_pool(scores, values)
    s = scores.double()[0, :, 0]
    v = values.double()[0, :, 0]
    for t in range(4):
        w = torch.softmax(s[: t + 1], 0)
        # fp32 resolves 3000 + log|v| to ~2.4e-4, hence the tolerance; what matters is no inf/NaN
        torch.testing.assert_close(got[0, t, 0].double(), (w[:, None] * v[: t + 1]).sum(0), rtol=1e-3, atol=1e-4)
    assert torch.isfinite(got).all()


def test_gradients_finite_for_extreme_scores_and_long_inputs():
    attn = AdditiveAttention(32, 4, causal=True)
    with torch.no_grad():
        attn.w_q.fill_(50.0)
    x = torch.randn(1, 300, 32, requires_grad=True)
    attn(x).square().mean().backward()
    assert torch.isfinite(x.grad).all()
    assert all(torch.isfinite(p.grad).all() for p in attn.parameters())


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_autocast_16k_tokens_gradients_finite(dtype):
    attn = AdditiveAttention(64, 4)
    x = torch.randn(1, 16384, 64, requires_grad=True)
    mask = torch.zeros(1, 16384, dtype=torch.bool)
    mask[:, -100:] = True
    with torch.autocast("cpu", dtype=dtype):
        out = attn(x, mask)
    assert out.dtype == dtype
    out.float().square().mean().backward()
    assert torch.isfinite(x.grad).all()
    assert all(torch.isfinite(p.grad).all() for p in attn.parameters())
    # fp32 accumulation: the 16-bit result stays close to the fp32 one
    torch.testing.assert_close(out.float(), attn(x, mask), rtol=0.05, atol=0.05)


def test_rejects_bad_configuration():
    with pytest.raises(ValueError, match="divisible"):
        AdditiveAttention(10, 3)
    with pytest.raises(ValueError, match="interaction"):
        AdditiveAttention(8, 2, interaction="dot")
    with pytest.raises(ValueError, match="causal"):
        AdditiveAttention(8, 2)(torch.randn(1, 1, 8), cache={})


@pytest.mark.parametrize("batch, length", [(2, 17), (1, 8192)])  # the second cuts the pooling products
def test_fast_multiply_path_matches_the_equations_in_value_and_gradient(batch, length):
    """The default ("mul") bidirectional path never forms the keys (see the module docstring);
    its outputs and every parameter's gradient must equal the equations evaluated as written."""
    from fairseq_plugins.modules.additive_attention import length_chunks

    assert (length_chunks(batch, length) > 1) == (length >= 4096)
    attn = scramble_pooling_vectors(AdditiveAttention(32, 4, share_query_value=False))
    x = torch.randn(batch, length, 32, dtype=torch.float64)
    attn = attn.double()
    mask = torch.zeros(batch, length, dtype=torch.bool)
    mask[-1, :5] = True

    def as_written(x):
        q, k, v = attn.project(x)
        global_query = softmax_pool(attn.score(q, attn.w_q), q, mask)
        p = attn.query_key(global_query, k)
        global_key = softmax_pool(attn.score(p, attn.w_k), p, mask)
        return attn.finish(attn.key_value(global_key, v), q)

    outputs, grads = [], []
    for forward in (lambda x: attn(x, mask), as_written):
        attn.zero_grad()
        xi = x.clone().requires_grad_()
        out = forward(xi)
        (out * torch.linspace(-1, 1, out.numel(), dtype=out.dtype).view_as(out)).sum().backward()
        outputs.append(out.detach())
        grads.append([xi.grad] + [p.grad.clone() for p in attn.parameters()])
    # both paths pool in fp32 (by design), so agreement is to fp32 rounding, not float64's; a
    # gradient summed over thousands of positions carries that rounding in its small entries
    torch.testing.assert_close(outputs[0], outputs[1], rtol=1e-5, atol=1e-6)
    for fast, slow in zip(*grads):
        torch.testing.assert_close(fast, slow, rtol=1e-5, atol=max(1e-6, 2e-5 * float(slow.abs().max())))


@pytest.mark.parametrize("batch, length", [(1, 4096), (1, 65536), (3, 8192), (1, 12288), (2, 100)])
def test_length_reduce_equals_one_batched_product(batch, length):
    from fairseq_plugins.modules.additive_attention import length_reduce

    weights = torch.softmax(torch.randn(batch, 4, length), dim=-1)
    wide = torch.randn(batch, length, 260)
    values = wide[..., :256]  # a non-contiguous slice, as the query in the fused projection
    torch.testing.assert_close(length_reduce(weights, values), torch.bmm(weights, values), rtol=1e-4, atol=1e-5)


def test_recorded_pooling_weights_are_eq_3_and_5():
    """recording_pooling() hands out alpha (eq. 3: softmax_i of w_q . q_i / sqrt(d) per head) and
    beta (eq. 5), each (B, H, N), zero at padding; nothing is recorded outside it."""
    from fairseq_plugins.evaluation import pooling
    from fairseq_plugins.modules.additive_attention import recording_pooling

    torch.manual_seed(0)
    attention = AdditiveAttention(16, 2).eval()
    with torch.no_grad():
        attention.w_q.normal_(0, 1.0)
        attention.w_k.normal_(0, 1.0)
    x = torch.randn(2, 7, 16)
    padding = torch.zeros(2, 7, dtype=torch.bool)
    padding[1, :3] = True  # left padding
    with torch.no_grad(), recording_pooling() as records:
        attention(x, padding)
    assert len(records) == 1
    alpha, beta = records[0]
    assert alpha.shape == beta.shape == (2, 2, 7)
    q = attention.q_proj(x).view(2, 7, 2, 8)  # (B, N, H, d)
    scores = torch.einsum("bnhd,hd->bhn", q, attention.w_q) / math.sqrt(8)  # (B, H, N)
    expected = torch.softmax(scores.masked_fill(padding[:, None, :], float("-inf")), dim=-1)
    torch.testing.assert_close(alpha, expected, rtol=1e-5, atol=1e-6)
    assert beta[1, :, :3].abs().max() == 0 and torch.allclose(beta.sum(-1), torch.ones(2, 2))
    with torch.no_grad():
        attention(x, padding)
    assert len(records) == 1  # closed: the call after it recorded nothing

    # the profile's measures on weights whose answers are known
    n = 200
    flat = pooling.profile(torch.full((2, n), 1.0 / n), torch.arange(n) % 10 == 0)
    assert flat["effective_share"] == pytest.approx(1.0) and flat["top1pct_mass"] == pytest.approx(2 / n)
    assert flat["first10pct_mass"] == pytest.approx(0.1) and flat["separator_mass"] == pytest.approx(0.1)
    assert flat["separator_share"] == pytest.approx(0.1)
    one = torch.zeros(2, n)
    one[:, 150] = 1.0
    pointed = pooling.profile(one, torch.zeros(n, dtype=torch.bool))
    assert pointed["effective_positions"] == pytest.approx(1.0) and pointed["top1pct_mass"] == pytest.approx(1.0)
    assert pointed["first10pct_mass"] == 0.0

"""What one measurement point runs, inside its own process (`benchmark.py --worker SPEC`).

Every function takes the point's spec (a dict) and returns a JSON-able record; `run` dispatches
on spec["kind"]. Nothing here decides what to run: scripts/benchmark.py does.
"""
import statistics
import time
from typing import Callable, Dict, Optional

import torch
import torch.nn.functional as F
from torch import nn

from .common import HIDDEN, FakeTask, build_model, interleaved, measure, proc_status_mb
from .papers import papers_point
from .summarize import summarize_point

SEED = 0


def run(spec: dict) -> dict:
    torch.manual_seed(SEED)
    if spec.get("threads"):
        torch.set_num_threads(int(spec["threads"]))
    kind = spec["kind"]
    record = {key: spec[key] for key in ("kind", "model", "length", "batch") if key in spec}
    try:
        record.update(KINDS[kind](spec))
    except (RuntimeError, MemoryError) as err:  # an allocation that fails is a result, not a crash
        text = str(err)
        if isinstance(err, MemoryError) or "alloc" in text.lower() or "memory" in text.lower():
            record.update(status="out of memory", reason=text.splitlines()[0][:300])
        else:
            raise
    record.setdefault("status", "ok")
    record["threads"] = torch.get_num_threads()
    return record


# ----------------------------------------------------------------------------------------------
# sweeps: one callable for inference and one for training, timed with their memory
# ----------------------------------------------------------------------------------------------


WARMUP_TOKENS = 8192


def warmup_input(full: torch.Tensor, batch_dim: int = 0, length_dim: int = 1) -> torch.Tensor:
    """The same shape cut to at most WARMUP_TOKENS tokens: fewer sequences, or a shorter one."""
    batch, length = full.size(batch_dim), full.size(length_dim)
    if batch * length <= WARMUP_TOKENS:
        return full
    if length <= WARMUP_TOKENS:
        return full.narrow(batch_dim, 0, max(1, WARMUP_TOKENS // length))
    return full.narrow(batch_dim, 0, 1).narrow(length_dim, 0, WARMUP_TOKENS)


def timed_modes(spec: dict, infer: Callable, train: Callable, full, small) -> dict:
    """Inference first, then training, each with its RSS high-water mark over the base."""
    base = proc_status_mb("VmRSS")
    result = {"rss_base_mb": round(base, 1)}
    modes = {"infer": infer, "train": train}
    for mode in spec.get("modes", ["infer", "train"]):
        fn = modes[mode]
        if mode == "infer":
            def call(inp, fn=fn):
                with torch.no_grad():
                    fn(inp)
        else:
            call = fn
        warm = None if small is full else (lambda: call(small))
        timing = measure(lambda: call(full), spec["repeats"], spec["budget_s"], warmup=warm)
        timing["peak_mb"] = round(proc_status_mb("VmHWM") - base, 1)
        if timing["status"] == "ok":
            timing["us_per_token"] = timing["median_s"] / (spec["length"] * spec["batch"]) * 1e6
        result[mode] = timing
    statuses = {result[m]["status"] for m in modes if m in result}
    result["status"] = "ok" if statuses == {"ok"} else ", ".join(sorted(statuses))
    return result


def random_tokens(batch: int, length: int, vocab: int) -> torch.Tensor:
    return torch.randint(4, vocab + 4, (batch, length))  # 4 specials first, no padding


def encoder_point(spec: dict) -> dict:
    """A whole encoder (embeddings, input stage, layers, final norm) of one registered architecture."""
    variant = spec["variant"]
    overrides = dict(HIDDEN, encoder_layers=spec["depth"], decoder_layers=1, dropout=0.1, max_source_positions=max(spec["length"], 1024))
    overrides.update(variant["overrides"])
    model = build_model(variant["arch"], FakeTask(spec["vocab"]), **overrides)
    encoder = model.encoder
    tokens = random_tokens(spec["batch"], spec["length"], spec["vocab"])

    def forward(inp):
        out = encoder(inp, src_lengths=torch.full((inp.size(0),), inp.size(1)))
        return out["encoder_out"][0]  # (T, B, C): fairseq's encoder output, ours and LightConv's alike

    def infer(inp):
        encoder.eval()
        forward(inp)

    def train(inp):
        encoder.train()
        encoder.zero_grad(set_to_none=True)
        forward(inp).float().sum().backward()

    result = timed_modes(spec, infer, train, tokens, warmup_input(tokens))
    result["parameters"] = sum(p.numel() for p in encoder.parameters())
    return result


def our_layer(attention: str, spec: dict) -> nn.Module:
    model = build_model(
        "efficient_transformer",
        FakeTask(100),
        **dict(HIDDEN, encoder_self_attention=attention, encoder_layers=1, decoder_layers=1, dropout=0.1),
    )
    return model.encoder.layers[0]


def fairseq_layer(spec: dict) -> nn.Module:
    """fairseq.modules.TransformerEncoderLayer of the same size (pre-norm, as our layers)."""
    import argparse

    from fairseq.modules import TransformerEncoderLayer

    args = argparse.Namespace(
        encoder_embed_dim=HIDDEN["encoder_embed_dim"],
        encoder_ffn_embed_dim=HIDDEN["encoder_ffn_embed_dim"],
        encoder_attention_heads=HIDDEN["encoder_attention_heads"],
        encoder_normalize_before=True,
        dropout=0.1,
        attention_dropout=0.0,
        activation_dropout=0.0,
        activation_fn="relu",
    )
    return TransformerEncoderLayer(args)


def module_calls(module: nn.Module, forward: Callable[[torch.Tensor], torch.Tensor]):
    """(infer(x), train(x)) for a module whose `forward(x)` returns one tensor: inference in eval
    mode (the caller adds no_grad), training as forward + backward of the output's sum."""

    def infer(x):
        module.eval()
        forward(x)

    def train(x):
        module.train()
        x.grad = None
        module.zero_grad(set_to_none=True)
        forward(x).sum().backward()

    return infer, train


def trainable_input(full: torch.Tensor, small: torch.Tensor):
    return full.requires_grad_(), small.detach().clone().requires_grad_() if small is not full else full


def layer_point(spec: dict) -> dict:
    """One encoder layer (attention + FFN, residuals, norms) on (B, N, 256) inputs."""
    batch, length, dim = spec["batch"], spec["length"], HIDDEN["encoder_embed_dim"]
    if spec["model"] == "fairseq_transformer_layer":
        layer = fairseq_layer(spec)
        full = torch.randn(length, batch, dim)  # fairseq layers are T x B x C
        full, small = trainable_input(full, warmup_input(full, batch_dim=1, length_dim=0))

        def forward(x):
            return layer(x, encoder_padding_mask=None)
    else:
        layer = our_layer({"fastformer_layer": "fastformer", "transformer_layer": "softmax"}[spec["model"]], spec)
        full = torch.randn(batch, length, dim)
        full, small = trainable_input(full, warmup_input(full))

        def forward(x):
            return layer(x, None)

    return timed_modes(spec, *module_calls(layer, forward), full, small)


# ---- the attention layer alone, ours and the public implementations --------------------------


class ProjectedAttention(nn.Module):
    """q, k, v and output maps around an attention core taking (B, H, N, d) tensors: how a core
    without its own projections (SDPA, local-attention) is given the same work as ours."""

    def __init__(self, dim: int, heads: int, core: Callable):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.core = core

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, -1).permute(2, 0, 3, 1, 4)  # (B, H, N, d) each
        return self.out(self.core(q, k, v).transpose(1, 2).reshape(b, n, -1))


def attention_layer(name: str, dim: int, heads: int, block: int):
    """(module, call(x)) for every attention layer of section 2."""
    if name == "fastformer":
        from fairseq_plugins.modules.additive_attention import AdditiveAttention

        m = AdditiveAttention(dim, heads)
        return m, lambda x: m(x)
    if name == "fast-transformer-pytorch":
        from fast_transformer_pytorch.fast_transformer_pytorch import FastAttention

        m = FastAttention(dim, heads=heads, dim_head=dim // heads)
        masks = {}

        def call(x):  # its forward needs a mask: all positions real, as for the others
            key = tuple(x.shape[:2])
            if key not in masks:
                masks[key] = torch.ones(*key, dtype=torch.bool)
            return m(x, mask=masks[key])

        return m, call
    if name == "transformer":
        from fairseq_plugins.modules.softmax_attention import MultiheadSoftmaxAttention

        m = MultiheadSoftmaxAttention(dim, heads)
        return m, lambda x: m(x)
    if name == "torch-sdpa":
        m = ProjectedAttention(dim, heads, lambda q, k, v: F.scaled_dot_product_attention(q, k, v))
        return m, lambda x: m(x)
    if name == "local":
        from fairseq_plugins.modules.local_attention import LocalAttention

        m = LocalAttention(dim, heads, block)
        return m, lambda x: m(x)
    if name == "local-attention":
        from local_attention import LocalAttention as PeerLocal

        # blocks of `block` tokens attending within themselves, as ours (no look-around)
        core = PeerLocal(window_size=block, causal=False, look_backward=0, look_forward=0, autopad=True)
        m = ProjectedAttention(dim, heads, lambda q, k, v: core(q, k, v))
        return m, lambda x: m(x)
    raise ValueError(f"unknown attention layer {name!r}")


def attention_point(spec: dict) -> dict:
    dim, heads = HIDDEN["encoder_embed_dim"], HIDDEN["encoder_attention_heads"]
    module, call = attention_layer(spec["model"], dim, heads, spec["block"])
    full = torch.randn(spec["batch"], spec["length"], dim)
    full, small = trainable_input(full, warmup_input(full))
    return timed_modes(spec, *module_calls(module, call), full, small)


def attention_pair_point(spec: dict) -> dict:
    """Several attention layers timed in alternation on the same input (A B A B ..., medians),
    inference then training: the ratio of two medians compares like with like even when the
    machine's speed drifts between separate runs, which moves single points by 30% on this VM."""
    dim, heads = HIDDEN["encoder_embed_dim"], HIDDEN["encoder_attention_heads"]
    calls = {name: module_calls(*attention_layer(name, dim, heads, spec["block"])) for name in spec["models"]}
    x = torch.randn(spec["batch"], spec["length"], dim)
    x_grad = x.clone().requires_grad_()

    def inferring(infer):
        def run():
            with torch.no_grad():
                infer(x)
        return run

    return {
        "infer_s": interleaved({n: inferring(infer) for n, (infer, _) in calls.items()}, repeats=spec["repeats"]),
        "train_s": interleaved({n: (lambda train=train: train(x_grad)) for n, (_, train) in calls.items()}, repeats=spec["repeats"]),
        "repeats": spec["repeats"],
    }


# ----------------------------------------------------------------------------------------------
# section 3: where the time of a forward pass goes
# ----------------------------------------------------------------------------------------------

COMPONENTS = [
    "embeddings",
    "encoder self-attention",
    "encoder FFN",
    "decoder self-attention",
    "cross-attention",
    "decoder FFN",
    "output projection",
]


class Stopwatch:
    """Accumulates wall time per component; wraps bound methods of module instances."""

    def __init__(self):
        self.totals = {name: 0.0 for name in COMPONENTS}
        self.active = False

    def wrap(self, obj, method: str, component: str):
        original = getattr(obj, method)

        def timed(*args, **kwargs):
            if self.active:  # nested in another timed component: counted there
                return original(*args, **kwargs)
            self.active = True
            t0 = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.totals[component] += time.perf_counter() - t0
                self.active = False

        setattr(obj, method, timed)  # instance attribute: nn.Module.__call__ finds it first

    def reset(self):
        self.totals = {name: 0.0 for name in COMPONENTS}


def breakdown_point(spec: dict) -> dict:
    """Teacher-forced forward pass of the whole encoder-decoder (training mode, as a training
    step's forward), timed per component."""
    model = build_model(
        spec["arch"],
        FakeTask(spec["vocab"]),
        **dict(HIDDEN, max_source_positions=max(spec["length"], 1024), max_target_positions=max(spec["target_length"], 1024)),
    )
    watch = Stopwatch()
    watch.wrap(model.encoder.embed, "forward", "embeddings")
    watch.wrap(model.decoder.embed, "forward", "embeddings")
    if model.encoder.input_stage is not None:
        watch.wrap(model.encoder.input_stage, "forward", "embeddings")
    for layer in model.encoder.layers:
        watch.wrap(layer.self_attention, "forward", "encoder self-attention")
        watch.wrap(layer.feed_forward, "forward", "encoder FFN")
    for layer in model.decoder.layers:
        watch.wrap(layer.self_attention, "forward", "decoder self-attention")
        watch.wrap(layer.cross_attention, "attend", "cross-attention")
        watch.wrap(layer.feed_forward, "forward", "decoder FFN")
    watch.wrap(model.decoder, "output_layer", "output projection")

    batch, vocab = spec["batch"], spec["vocab"]
    src = random_tokens(batch, spec["length"], vocab)
    lengths = torch.full((batch,), spec["length"])
    prev = random_tokens(batch, spec["target_length"], vocab)
    model.train()
    runs = []
    for i in range(1 + spec["repeats"]):
        watch.reset()
        t0 = time.perf_counter()
        model(src, lengths, prev)
        total = time.perf_counter() - t0
        if i:  # the first call is the warm-up
            runs.append(dict(watch.totals, total=total))
    med = {name: statistics.median(r[name] for r in runs) for name in COMPONENTS + ["total"]}
    med["other"] = max(0.0, med["total"] - sum(med[name] for name in COMPONENTS))
    shares = {name: med[name] / med["total"] for name in COMPONENTS + ["other"]}
    encoder = sum(med[n] for n in ("encoder self-attention", "encoder FFN"))
    return {
        "seconds": med,
        "shares": shares,
        "encoder_attention_share_of_encoder_layers": med["encoder self-attention"] / encoder if encoder else None,
        "repeats": spec["repeats"],
    }


# ----------------------------------------------------------------------------------------------
# section 4a: time of one decoder step against its position
# ----------------------------------------------------------------------------------------------


def decoder_steps_point(spec: dict) -> dict:
    """Incremental decoding as fairseq's beam search calls it: one article's encoder output
    expanded to `beam` hypotheses, then at every step the state reordered (a permutation of the
    hypotheses, as beam search does) and the whole prefix handed in; reorder + step are timed."""
    steps, beam, vocab = spec["steps"], spec["beam"], spec["vocab"]
    model = build_model(
        spec["arch"],
        FakeTask(vocab),
        **dict(HIDDEN, max_source_positions=max(spec["source_length"], 1024), max_target_positions=steps + 8),
    ).eval()
    src = random_tokens(1, spec["source_length"], vocab)
    lengths = torch.full((1,), spec["source_length"])
    prev = random_tokens(beam, steps + 1, vocab)
    prev[:, 0] = 2  # eos starts every hypothesis, as in fairseq
    orders = [torch.randperm(beam) for _ in range(steps)]  # which hypothesis each row continues
    per_run, per_run_cpu = [], []
    with torch.no_grad():
        encoder_out = model.encoder.reorder_encoder_out(model.encoder(src, src_lengths=lengths), torch.zeros(beam, dtype=torch.long))
        for run in range(spec["repeats"] + 1):
            state: Dict = {}
            out = encoder_out
            times, cpu = [], []
            for t in range(steps):
                c0, t0 = time.process_time(), time.perf_counter()
                if t:
                    model.decoder.reorder_incremental_state_scripting(state, orders[t])
                    out = model.encoder.reorder_encoder_out(out, orders[t])
                model.decoder(prev[:, : t + 1], out, incremental_state=state)
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            if run:  # the first pass is the warm-up
                per_run.append(times)
                per_run_cpu.append(cpu)
    window = spec["window"]
    at, at_cpu = {}, {}
    for position in spec["positions"]:
        if position > steps:
            continue
        lo, hi = max(0, position - 1 - window), min(steps, position + window)
        at[str(position)] = statistics.median(statistics.median(times[lo:hi]) for times in per_run)
        at_cpu[str(position)] = statistics.median(statistics.median(times[lo:hi]) for times in per_run_cpu)
    # a smoothed curve for the plot: medians over runs, then over 1% windows
    curve_positions = sorted(set(int(round(p)) for p in torch.logspace(0, torch.log10(torch.tensor(float(steps))), 60).tolist()))
    curve = []
    for position in curve_positions:
        half = max(2, position // 50)
        lo, hi = max(0, position - 1 - half), min(steps, position + half)
        curve.append([position, statistics.median(statistics.median(times[lo:hi]) for times in per_run)])
    return {"step_s": at, "step_cpu_s": at_cpu, "curve": curve, "repeats": spec["repeats"], "arch": spec["arch"]}


# ----------------------------------------------------------------------------------------------
# section 5: the Fastformer attention core against the copy bandwidth
# ----------------------------------------------------------------------------------------------


def roofline_point(spec: dict) -> dict:
    """Bytes the bidirectional Fastformer core must move (read x and q once, write u once)
    against the copy bandwidth measured in alternation with it, on the same tensor sizes."""
    from fairseq_plugins.modules.additive_attention import AdditiveAttention

    dim, heads = HIDDEN["encoder_embed_dim"], HIDDEN["encoder_attention_heads"]
    attn = AdditiveAttention(dim, heads).eval()
    rows = []
    with torch.no_grad():
        for batch, length in spec["shapes"]:
            x = torch.randn(batch, length, dim)
            q, scores = attn.project_query(x)  # the core's inputs besides x
            q = q.contiguous()
            nbytes = x.numel() * x.element_size()
            src = torch.randn(x.numel())
            dst = torch.empty_like(src)
            times = interleaved(
                {
                    "copy": lambda: dst.copy_(src),
                    "core": lambda: attn.attention_core(x, q, scores, q, None),
                    "layer": lambda: attn(x),
                },
                repeats=spec["repeats"],
            )
            copy_bandwidth = 2 * nbytes / times["copy"]  # read + write
            compulsory = 3 * nbytes  # x and q read, u written
            rows.append(
                {
                    "batch": batch,
                    "length": length,
                    "tensor_mb": nbytes / 2**20,
                    "copy_gb_s": copy_bandwidth / 1e9,
                    "core_s": times["core"],
                    "layer_s": times["layer"],
                    "core_bytes": compulsory,
                    "core_gb_s": compulsory / times["core"] / 1e9,
                    "fraction_of_copy": compulsory / times["core"] / copy_bandwidth,
                    "core_share_of_layer": times["core"] / times["layer"],
                }
            )
        # what a fresh large tensor costs here (page faults) against a reused one
        n = spec["shapes"][0][0] * spec["shapes"][0][1] * dim
        buf = torch.empty(n)
        alloc = interleaved({"fresh": lambda: torch.empty(n).fill_(1.0), "reused": lambda: buf.fill_(1.0)}, repeats=spec["repeats"])
    return {"rows": rows, "fill_fresh_s": alloc["fresh"], "fill_reused_s": alloc["reused"]}


KINDS = {
    "encoder": encoder_point,
    "layer": layer_point,
    "attention": attention_point,
    "attention_pair": attention_pair_point,
    "breakdown": breakdown_point,
    "decoder_steps": decoder_steps_point,
    "roofline": roofline_point,
    "papers": papers_point,
    "summarize": summarize_point,
}

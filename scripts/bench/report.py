"""Targets, tables (markdown, also printed), plots (matplotlib, PNG) and the results page."""
import json
import shutil
from pathlib import Path
from typing import List, Optional

BEGIN, END = "<!-- benchmark results: begin (written by scripts/benchmark.py --update-docs) -->", "<!-- benchmark results: end -->"
PAPERS_BEGIN = "<!-- papers benchmark results: begin (written by scripts/benchmark.py --sections papers --update-docs) -->"
PAPERS_END = "<!-- papers benchmark results: end -->"
SHORT = {"out of time": "OOT", "out of memory": "OOM", "skipped": "skip", "error": "err"}
PLOTS = ["sweep", "sweep_memory", "layers", "peers", "breakdown", "decoder_steps", "generate", "roofline"]


# ----------------------------------------------------------------------------------------------
# lookups
# ----------------------------------------------------------------------------------------------


def section(results: dict, name: str) -> dict:
    return results.get("sections", {}).get(name) or {}


def point(results: dict, name: str, model: str, length: int) -> Optional[dict]:
    for p in section(results, name).get("points", []):
        if p.get("model") == model and p.get("length") == length:
            return p
    return None


def seconds(p: Optional[dict], mode: str, key: str = "median_s") -> Optional[float]:
    m = (p or {}).get(mode) or {}
    return m.get(key) if m.get("status") == "ok" else None


def ratio(a: Optional[float], b: Optional[float]) -> Optional[float]:
    return a / b if a and b else None


def per_token(p: Optional[dict], mode: str) -> Optional[float]:
    m = (p or {}).get(mode) or {}
    return m.get("us_per_token") if m.get("status") == "ok" else None


def lengths_of(results: dict, name: str) -> List[int]:
    return sorted({p["length"] for p in section(results, name).get("points", []) if "length" in p})


def nearest(available: List[int], wanted: int) -> Optional[int]:
    return min(available, key=lambda n: abs(n - wanted)) if available else None


# ----------------------------------------------------------------------------------------------
# targets
# ----------------------------------------------------------------------------------------------


def timed_pairs(peers: Optional[dict]) -> List[dict]:
    """The peers section's interleaved points that have both modes' times."""
    return [p for p in (peers or {}).get("pairs", []) if p.get("infer_s") and p.get("train_s")]


def pair_speedup(pair: dict, mode: str) -> float:
    """How many times faster our Fastformer layer ran than fast-transformer-pytorch in one pair."""
    times = pair[f"{mode}_s"]
    return times["fast-transformer-pytorch"] / times["fastformer"]


def gen_pair(gen: dict, n: int):
    """The fastformer and transformer generate points at length n."""
    def find(arch):
        return next((p for p in gen.get("points", []) if p["model"] == arch and p["length"] == n and p.get("status") == "ok"), None)

    return find("fastformer_small"), find("transformer_small")


def targets(results: dict) -> List[dict]:
    rows = []

    def add(name, measured, op, threshold, where, note="", cpu=None):
        ok = None if measured is None else (measured >= threshold if op == ">=" else measured <= threshold)
        rows.append({"target": name, "measured": measured, "measured_cpu": cpu, "op": op, "threshold": threshold, "pass": ok, "where": where, "note": note})

    # 1. layer against fairseq's layer, training
    lengths = lengths_of(results, "layers")
    for wanted, threshold, name in ((16384, 15.0, "Fastformer layer vs fairseq TransformerEncoderLayer, training, speed-up"), (512, 1.0, "Fastformer layer vs fairseq TransformerEncoderLayer, training, speed-up (not slower)")):
        n = nearest(lengths, wanted)
        if n is None:
            continue
        f, t = point(results, "layers", "fastformer_layer", n), point(results, "layers", "fairseq_transformer_layer", n)
        note = "" if n == wanted else f"nearest length run: {n}"
        slow = seconds(t, "train")
        timed_out = ((t or {}).get("train") or {})
        if slow is None and timed_out.get("status") == "out of time" and timed_out.get("times_s"):
            slow = timed_out["times_s"][0]  # its one call ran past the budget: a lower bound
            note = (note + "; " if note else "") + "lower bound: fairseq's layer ran out of the budget after one call"
        add(name, ratio(slow, seconds(f, "train")), ">=", threshold, f"N={n}", note,
            cpu=ratio(seconds(t, "train", "cpu_median_s"), seconds(f, "train", "cpu_median_s")))
    # 2. Fastformer time per token, long against short
    lengths = lengths_of(results, "sweep")
    if lengths:
        lo, hi = nearest(lengths, 512), max(lengths)
        for mode in ("train", "infer"):
            a, b = point(results, "sweep", "fastformer", lo), point(results, "sweep", "fastformer", hi)
            add(f"Fastformer encoder time per token at {hi} / at {lo} ({mode})", ratio(per_token(b, mode), per_token(a, mode)), "<=", 1.2, f"N={hi} vs {lo}",
                cpu=ratio(seconds(b, mode, "cpu_median_s"), seconds(a, mode, "cpu_median_s")))  # same tokens per batch
    # 3. against fast-transformer-pytorch: from the interleaved pairs when the run has them
    peers = section(results, "peers")
    pairs = timed_pairs(peers)
    if pairs:
        for mode in ("train", "infer"):
            ratios = [(pair_speedup(p, mode), p["length"]) for p in pairs]
            worst, best = min(ratios), max(ratios)
            add(f"our Fastformer layer vs fast-transformer-pytorch ({mode}), smallest speed-up over lengths", worst[0], ">=", 1.5,
                f"worst at N={worst[1]}", f"timed in alternation in one process; largest {best[0]:.2f}x at N={best[1]}")
    elif peers and "fast-transformer-pytorch" not in peers.get("missing", []):
        for mode in ("train", "infer"):
            ratios = []
            for n in lengths_of(results, "peers"):
                ours, theirs = point(results, "peers", "fastformer", n), point(results, "peers", "fast-transformer-pytorch", n)
                r = ratio(seconds(theirs, mode), seconds(ours, mode))
                if r:
                    ratios.append((r, n, ratio(seconds(theirs, mode, "cpu_median_s"), seconds(ours, mode, "cpu_median_s"))))
            if ratios:
                worst = min(ratios)
                add(f"our Fastformer layer vs fast-transformer-pytorch ({mode}), smallest speed-up over lengths", worst[0], ">=", 1.5, f"worst at N={worst[1]}",
                    f"largest {max(ratios)[0]:.2f}x at N={max(ratios)[1]}", cpu=min(r[2] for r in ratios if r[2]) if any(r[2] for r in ratios) else None)
    # 4. decoder step against position
    for p in section(results, "steps").get("points", []):
        steps = p.get("step_s") or {}
        if len(steps) >= 2:
            first, last = min(steps, key=int), max(steps, key=int)
            growth = steps[last] / steps[first]
            cpu_steps = p.get("step_cpu_s") or {}
            growth_cpu = ratio(cpu_steps.get(last), cpu_steps.get(first))
            if p["model"] == "fastformer_small":
                add(f"causal Fastformer decoder step at position {last} / at {first}", growth, "<=", 1.2, f"beam {section(results, 'steps').get('beam')}", cpu=growth_cpu)
            else:
                rows.append({"target": f"(reference) softmax decoder step at position {last} / at {first}", "measured": growth, "measured_cpu": growth_cpu, "op": "", "threshold": None, "pass": None, "where": "", "note": "about 10x expected"})
    # 5. generate
    gen = section(results, "generate")
    if gen.get("points"):
        lengths = sorted({p["length"] for p in gen["points"]})
        n = max(lengths)
        f, t = gen_pair(gen, n)
        add(f"fairseq-generate on {n}-token inputs, Fastformer / transformer articles per second", f["articles_per_s"] / t["articles_per_s"] if f and t else None, ">=", 3.0, f"N={n}, beam {gen.get('beam')}")
        shares = [p["trigram_share"] for p in gen["points"] if p.get("status") == "ok"]
        add("trigram blocking, largest share of generation time", max(shares) if shares else None, "<=", 0.10, "all runs")
    # 6. roofline
    roof = section(results, "roofline")
    if roof.get("rows"):
        worst = min(roof["rows"], key=lambda r: r["fraction_of_copy"])
        add("Fastformer attention core, fraction of copy bandwidth (smallest over shapes)", worst["fraction_of_copy"], ">=", 0.5, f"B={worst['batch']} N={worst['length']}")
    # whole papers: Fastformer against the transformer at 4,096 pieces
    papers_targets(results, add)
    return rows


def papers_targets(results: dict, add) -> None:
    from .papers import BASELINE, FASTFORMERS, REWRITERS

    n = nearest(lengths_of(results, "papers"), 4096)
    if n is None:
        return
    note = "" if n == 4096 else f"nearest length run: {n}"
    slow = point(results, "papers", BASELINE, n)

    def generation_target(model: str) -> None:
        fast = point(results, "papers", model, n)
        for mode, how in (("generate", ""), ("generate_per_core", "one worker a core, ")):
            if mode not in (fast or {}) and mode != "generate":
                continue  # a run without the mode
            add(f"generation speed per paper, {how}{model} / {BASELINE}", ratio(seconds(slow, mode), seconds(fast, mode)),
                ">=", 3.0, f"N={n}, beam {section(results, 'papers').get('beam')}", note,
                cpu=ratio(seconds(slow, mode, "cpu_median_s"), seconds(fast, mode, "cpu_median_s")))

    for fast_model in FASTFORMERS:
        fast = point(results, "papers", fast_model, n)
        if fast is None or slow is None:
            continue
        for mode in ("train_fp32", "train_bf16"):  # same batch for both: articles/s ratio = time ratio
            add(f"training articles per second, {fast_model} / {BASELINE} ({mode.split('_')[1]})",
                ratio(seconds(fast, mode, "articles_per_s"), seconds(slow, mode, "articles_per_s")), ">=", 3.0, f"N={n}", note,
                cpu=ratio(seconds(slow, mode, "cpu_median_s"), seconds(fast, mode, "cpu_median_s")))
        generation_target(fast_model)
    for rewriter in REWRITERS:  # its goal is its generation: it trains as the shipped encoder does
        if point(results, "papers", rewriter, n) is not None and slow is not None:
            generation_target(rewriter)


# ----------------------------------------------------------------------------------------------
# tables
# ----------------------------------------------------------------------------------------------


def fmt(x: Optional[float], digits: int = 2) -> str:
    if x is None:
        return "-"
    if abs(x) >= 100:
        return f"{x:,.0f}"
    return f"{x:.{digits}f}"


def cell(p: Optional[dict], mode: str, key: str = "us_per_token") -> str:
    if p is None:
        return ""
    m = p.get(mode) or {}
    if m.get("status") == "ok":
        return fmt(m.get(key))
    short = SHORT.get(m.get("status"), m.get("status") or "")
    if m.get("status") == "out of time" and m.get("times_s") and key == "us_per_token":  # one call was timed: a lower bound
        return f"{short} (>{fmt(m['times_s'][0] / (p['length'] * p['batch']) * 1e6)})"
    return short


def md_table(header: List[str], rows: List[List[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def grid(results: dict, name: str, mode: str, key: str = "us_per_token") -> str:
    sec = section(results, name)
    lengths = lengths_of(results, name)
    rows = []
    for model in sec.get("models", []):
        rows.append([model] + [cell(point(results, name, model, n), mode, key) for n in lengths])
    return md_table(["model \\ length"] + [f"{n:,}" for n in lengths], rows)


def targets_table(rows: List[dict]) -> str:
    out = []
    for r in rows:
        percent = "share" in r["target"] or "fraction" in r["target"]
        show = lambda v: "-" if v is None else (f"{v:.1%}" if percent else f"{v:.2f}x")  # noqa: E731
        measured = show(r["measured"])
        cpu = show(r.get("measured_cpu")) if r.get("measured_cpu") is not None else ""
        if r["threshold"] is None:
            goal = ""
        elif percent:
            goal = f"{r['op']} {r['threshold']:.0%}"
        else:
            goal = f"{r['op']} {r['threshold']:g}x"
        verdict = {True: "met", False: "**missed**", None: "n/a"}[r["pass"]] if r["threshold"] is not None else ""
        out.append([r["target"], measured, cpu, goal, verdict, " ".join(x for x in (r["where"], r["note"]) if x)])
    return md_table(["target", "measured (wall time)", "same from CPU time", "goal", "verdict (wall time)", "where / note"], out)


# a re-run's time budget per point is its section's own setting
RERUN_BUDGET_KEY = {"layers": "layer_budget_s", "papers": "papers_budget_s"}


def rerun_list(runs) -> List[dict]:
    """A section's re-runs, oldest first (a single record in runs merged before re-runs were listed)."""
    if runs is None:
        return []
    return [runs] if isinstance(runs, dict) else list(runs)


def models_of(rerun: dict) -> str:
    models = rerun["config"].get("models")
    return f" of {', '.join(models)}" if models else ""


def machine_block(results: dict) -> str:
    m = results["machine"]
    cfg = results["config"]
    env = ", ".join(f"{k}={v}" for k, v in m.get("worker_env", {}).items() if k != "PYTHONPATH") or "none"
    return "\n".join(
        [
            f"- machine: {m['cores']} cores ({m['cpu']}, {m.get('cpu_capability')}), {m.get('memory_gb')} GB RAM; {m['platform']}",
            f"- torch {m['torch']} ({m['blas']}); workers run {cfg.get('threads') or m['torch_threads']} torch thread(s) ({cfg.get('threads_reason') or 'torch default'}); fairseq {m.get('fairseq')}; Python {m['python']}; commit {m.get('git')}",
            f"- worker environment: {env}",
            f"- load average (1, 5, 15 min) at start {m.get('load_average_start')}, at end {m.get('load_average_end')}; run {results.get('started')} .. {results.get('finished')} ({results.get('elapsed_s')} s)",
            f"- mode: {'quick' if cfg['quick'] else 'full'}; sections {', '.join(results.get('sections_run', []))}"
            + (f"; medians of {cfg['repeats']} timed calls after one warm-up (fewer where a point's {cfg['budget_s']:.0f} s budget allowed fewer)"
               if set(results.get("sections_run", [])) - {"papers"} else ""),  # the papers section states its own
        ]
        + [
            f"- section `{name}` re-run{models_of(r)} {r['started']} .. {r['finished']} (load {r['load_average_start']} .. "
            f"{r['load_average_end']}; budget {r['config'].get(RERUN_BUDGET_KEY.get(name, 'budget_s'))} s per point)"
            for name, runs in results.get("section_reruns", {}).items() for r in rerun_list(runs)
        ]
    )


def report_markdown(results: dict, image_dir: str = "") -> str:
    cfg = results["config"]
    parts = ["## Run", machine_block(results)]
    if results.get("targets"):
        parts += ["## Targets", targets_table(results["targets"])]
    img = (lambda name: f"![{name}]({image_dir}{name}.png)")
    if section(results, "sweep"):
        parts += [
            f"## 1. Length sweep: encoders ({cfg['depth']} layer{'s' if cfg['depth'] > 1 else ''}, d 256, FFN 1024, 4 heads, {cfg['tokens']:,} tokens per batch)",
            *section(results, "sweep").get("notes", []),
            "Time per token in microseconds, training (forward + backward):",
            grid(results, "sweep", "train"),
            "Inference (forward, no_grad):",
            grid(results, "sweep", "infer"),
            "Peak memory of training in MB (RSS high-water mark over the process's base, inference peak in the JSON):",
            grid(results, "sweep", "train", "peak_mb"),
            img("sweep"),
            img("sweep_memory"),
        ]
    if section(results, "layers"):
        parts += [
            f"## 1b. One encoder layer: ours against fairseq's TransformerEncoderLayer ({cfg['layer_tokens']:,} tokens per batch)",
            "Training, microseconds per token:",
            grid(results, "layers", "train"),
            "Inference:",
            grid(results, "layers", "infer"),
            "Peak training memory (MB):",
            grid(results, "layers", "train", "peak_mb"),
            img("layers"),
        ]
    peers = section(results, "peers")
    if peers:
        parts += [f"## 2. The attention layer alone against public implementations ({cfg['tokens']:,} tokens per batch)"]
        if peers.get("missing"):
            parts.append(f"Not installed, so not measured: {', '.join(peers['missing'])} (`pip install --no-deps -r requirements-bench.txt`).")
        parts += ["Training, microseconds per token:", grid(results, "peers", "train"), "Inference:", grid(results, "peers", "infer"), "Peak training memory (MB):", grid(results, "peers", "train", "peak_mb"), img("peers")]
        pairs = timed_pairs(peers)
        if pairs:
            rows = [[f"{p['length']:,}", str(p["batch"])] + [f"{pair_speedup(p, m):.2f}x" for m in ("train", "infer")] for p in pairs]
            parts += [f"Our layer against fast-transformer-pytorch timed in alternation in one process (A B A B ..., medians of {pairs[0].get('repeats')}), how many times faster ours is:",
                      md_table(["length", "batch", "training", "inference"], rows)]
    bd = section(results, "breakdown")
    if bd.get("points"):
        ok = [p for p in bd["points"] if p.get("shares")]
        header = ["component"] + [f"{p['model']} {p['length']}" for p in ok]
        names = list(ok[0]["shares"]) if ok else []
        rows = [[n] + [f"{p['shares'][n]:.1%}" for p in ok] for n in names]
        rows.append(["total forward (s)"] + [fmt(p["seconds"]["total"], 3) for p in ok])
        rows.append(["self-attention / (self-attention + FFN) in the encoder"] + [f"{p['encoder_attention_share_of_encoder_layers']:.0%}" for p in ok])
        parts += [f"## 3. Component breakdown (teacher-forced forward, batch {bd.get('batch')}, {bd.get('target_length')} target tokens)", md_table(header, rows), img("breakdown")]
    st = section(results, "steps")
    if st.get("points"):
        ok = [p for p in st["points"] if p.get("step_s")]
        positions = sorted({int(k) for p in ok for k in p["step_s"]})
        rows = []
        for p in ok:
            s = p["step_s"]
            rows.append([p["model"]] + [fmt(s.get(str(n), 0) * 1e3) if str(n) in s else "" for n in positions] + [f"{s[str(max(positions))] / s[str(min(positions))]:.2f}x"])
        parts += [f"## 4a. Decoder step time (ms) against position (beam {st.get('beam')}, {st.get('source_length')}-token source)", md_table(["model"] + [str(n) for n in positions] + ["last / first"], rows), img("decoder_steps")]
    gen = section(results, "generate")
    if gen:
        parts.append(f"## 4b. fairseq-generate throughput (beam {gen.get('beam')}, trigram blocking, {gen.get('hypothesis_length')}-token hypotheses, vocabulary {gen.get('vocab')})")
        for err in [gen.get("error")] + gen.get("errors", []):
            if err:
                parts.append(f"Error: {err}")
        rows = []
        for p in gen.get("points", []):
            if p.get("status") == "ok":
                rows.append([p["model"], f"{p['length']:,}", fmt(p["articles_per_s"], 3), f"{p['trigram_share']:.1%}", f"{p['encoder_share']:.0%}", f"{p['timed_articles']} ({p['batch_size']} per batch)", f"{p['hypothesis_length_min']}-{p['hypothesis_length_max']}"])
            else:
                rows.append([p["model"], f"{p['length']:,}", SHORT.get(p.get("status"), p.get("status")), "", "", "", p.get("reason", "")[:80]])
        parts.append(md_table(["model", "source tokens", "articles/s", "trigram blocking", "encoder", "articles timed", "hypothesis tokens"], rows))
        ratios = []
        for n in sorted({p["length"] for p in gen.get("points", [])}):
            f, t = gen_pair(gen, n)
            if f and t:
                ratios.append(f"{n:,}: {f['articles_per_s'] / t['articles_per_s']:.2f}x")
        if ratios:
            parts.append("Fastformer / transformer throughput: " + ", ".join(ratios))
        parts.append(img("generate"))
    parts += papers_markdown(results)
    roof = section(results, "roofline")
    if roof.get("rows"):
        rows = [[f"{r['batch']} x {r['length']:,}", fmt(r["tensor_mb"], 0), fmt(r["copy_gb_s"], 1), fmt(r["core_s"] * 1e3, 1), fmt(r["core_gb_s"], 1), f"{r['fraction_of_copy']:.0%}", f"{r['core_share_of_layer']:.0%}"] for r in roof["rows"]]
        parts += [
            "## 5. Fastformer attention core against the copy bandwidth",
            md_table(["B x N (d 256)", "MB per tensor", "copy GB/s", "core ms", "core GB/s", "fraction of copy", "core / whole layer"], rows),
            f"Bytes the core must move: x and q read once, u written once (3 x B x N x 256 x 4 bytes); copy bandwidth: `dst.copy_(src)` of a tensor of the same size, read + write, measured in alternation with the core. A fresh {fmt(roof['rows'][0]['tensor_mb'], 0)} MB tensor filled: {roof['fill_fresh_s'] * 1e3:.1f} ms; the same tensor reused: {roof['fill_reused_s'] * 1e3:.1f} ms.",
            img("roofline"),
        ]
    return "\n\n".join(parts) + "\n"


def papers_markdown(results: dict) -> List[str]:
    sec = section(results, "papers")
    if not sec.get("points"):
        return []
    extra = f"; added flags `{' '.join(sec['model_args'])}`" if sec.get("model_args") else ""
    return [
        f"## 6. Whole papers: training and generation by encoder (the `*_small` sizes, 3 + 3 layers, "
        f"d 256, softmax decoder with copy attention, vocabulary {sec.get('vocab'):,}, {sec.get('target_length')}-piece "
        f"targets{extra})",
        f"Each mode of each point in its own process; medians of up to {sec.get('repeats')} timed calls after a warm-up, "
        f"a call longer than {sec.get('budget_s'):.0f} s is out of time (`OOT`); `skip`: estimated from the two shorter "
        "lengths to exceed the time budget or the memory limit, or the mode failed at a shorter length.",
        f"Training articles per second, fp32 (forward + label-smoothed loss + backward + Adam step; "
        f"{sec.get('tokens'):,} source pieces per batch):",
        grid(results, "papers", "train_fp32", "articles_per_s"),
        "Training articles per second, bf16 autocast (`--autocast-bf16`):",
        grid(results, "papers", "train_bf16", "articles_per_s"),
        f"Generation, seconds per paper (one paper, beam {sec.get('beam')}, trigram blocking, exactly "
        f"{sec.get('target_length')} pieces written):",
        grid(results, "papers", "generate", "seconds_per_paper"),
        *([] if "generate_per_core" not in sec.get("modes", []) else [
            "Generation, seconds per paper with one worker a core (each worker one thread on its core, all writing "
            "the same paper at once: 1 / their papers a second together, as `evaluate.py generate --shards` "
            "summarizes a batch of papers):",
            grid(results, "papers", "generate_per_core", "seconds_per_paper")]),
        "Peak memory of the process in MB (RSS high-water mark: Python, torch, fairseq, the model and the "
        "calls), training fp32:",
        grid(results, "papers", "train_fp32", "rss_peak_mb"),
        "Training bf16:",
        grid(results, "papers", "train_bf16", "rss_peak_mb"),
        "Generation:",
        grid(results, "papers", "generate", "rss_peak_mb"),
    ]


# ----------------------------------------------------------------------------------------------
# plots
# ----------------------------------------------------------------------------------------------


def plots(results: dict, out: Path) -> List[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []

    def save(fig, name):
        fig.tight_layout()
        fig.savefig(out / f"{name}.png", dpi=110)
        plt.close(fig)
        made.append(name)

    def sweep_plot(name, key="us_per_token", modes=("train", "infer"), ylabel="microseconds per token", file=None):
        sec = section(results, name)
        if not sec.get("points"):
            return
        fig, axes = plt.subplots(1, len(modes), figsize=(6 * len(modes), 4.2), squeeze=False)
        for ax, mode in zip(axes[0], modes):
            for model in sec.get("models", []):
                xs, ys, last = [], [], None
                for p in sec["points"]:
                    if p.get("model") != model:
                        continue
                    m = p.get(mode) or {}
                    if m.get("status") == "ok":
                        xs.append(p["length"])
                        ys.append(m[key])
                    elif last is None and xs:
                        last = (p["length"], SHORT.get(m.get("status"), "?"))
                if not xs:
                    continue
                line, = ax.plot(xs, ys, marker="o", ms=3, label=model)
                if last:
                    ax.annotate(last[1], (xs[-1], ys[-1]), textcoords="offset points", xytext=(4, 4), fontsize=7, color=line.get_color())
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_xlabel("sequence length (tokens)")
            ax.set_ylabel(ylabel)
            ax.set_title(f"{name}: {mode}")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=7)
        save(fig, file or name)

    sweep_plot("sweep")
    sweep_plot("sweep", key="peak_mb", modes=("train",), ylabel="peak memory over base (MB)", file="sweep_memory")
    sweep_plot("layers")
    sweep_plot("peers")

    bd = [p for p in section(results, "breakdown").get("points", []) if p.get("shares")]
    if bd:
        fig, ax = plt.subplots(figsize=(8, 0.6 * len(bd) + 1.6))
        names = list(bd[0]["shares"])
        left = [0.0] * len(bd)
        labels = [f"{p['model']} {p['length']}" for p in bd]
        for name in names:
            vals = [p["shares"][name] for p in bd]
            ax.barh(labels, vals, left=left, label=name)
            left = [a + b for a, b in zip(left, vals)]
        ax.set_xlabel("share of the forward pass")
        ax.legend(fontsize=7, ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.25))
        save(fig, "breakdown")

    st = [p for p in section(results, "steps").get("points", []) if p.get("curve")]
    if st:
        fig, ax = plt.subplots(figsize=(6, 4))
        for p in st:
            xs, ys = zip(*p["curve"])
            ax.plot(xs, [y * 1e3 for y in ys], label=p["model"])
        ax.set_xscale("log")
        ax.set_xlabel("decoder step (position)")
        ax.set_ylabel("ms per step")
        ax.set_ylim(bottom=0)
        ax.grid(True, alpha=0.3)
        ax.legend()
        save(fig, "decoder_steps")

    gen = [p for p in section(results, "generate").get("points", []) if p.get("status") == "ok"]
    if gen:
        fig, ax = plt.subplots(figsize=(6, 4))
        lengths = sorted({p["length"] for p in gen})
        models = sorted({p["model"] for p in gen})
        width = 0.8 / len(models)
        for i, model in enumerate(models):
            vals = [next((p["articles_per_s"] for p in gen if p["model"] == model and p["length"] == n), 0) for n in lengths]
            ax.bar([j + i * width for j in range(len(lengths))], vals, width, label=model)
        ax.set_xticks([j + width * (len(models) - 1) / 2 for j in range(len(lengths))], [str(n) for n in lengths])
        ax.set_xlabel("source tokens")
        ax.set_ylabel("articles per second")
        ax.set_yscale("log")
        ax.legend()
        save(fig, "generate")

    roof = section(results, "roofline").get("rows")
    if roof:
        fig, ax = plt.subplots(figsize=(6, 4))
        labels = [f"{r['batch']}x{r['length']}" for r in roof]
        xs = range(len(roof))
        ax.bar([x - 0.2 for x in xs], [r["copy_gb_s"] for r in roof], 0.4, label="copy (read + write)")
        ax.bar([x + 0.2 for x in xs], [r["core_gb_s"] for r in roof], 0.4, label="Fastformer core (compulsory bytes)")
        ax.set_xticks(list(xs), labels)
        ax.set_ylabel("GB/s")
        ax.legend()
        save(fig, "roofline")
    return made


# ----------------------------------------------------------------------------------------------
# outputs
# ----------------------------------------------------------------------------------------------


def write(results: dict, out: Path) -> str:
    try:
        plots(results, out)
    except Exception as err:  # noqa: BLE001  (plots are a convenience; the JSON and tables stand)
        results.setdefault("warnings", []).append(f"plots failed: {err}")
    text = report_markdown(results)
    (out / "report.md").write_text(text)
    return text


def replace_block(page: Path, begin: str, end: str, body: str) -> None:
    """Put `body` between the page's markers (appended at the end when it has none)."""
    text = page.read_text() if page.exists() else "# Benchmarks\n"
    if begin not in text or end not in text:
        text = text.rstrip() + f"\n\n{begin}\n{end}\n"
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    page.write_text(head + begin + "\n\n" + body + "\n" + end + tail)


def only_sections(results: dict, names) -> dict:
    sub = dict(results, sections={k: v for k, v in results.get("sections", {}).items() if k in names})
    sub["targets"] = targets(sub)
    return sub


def update_docs(results: dict, out: Path, docs: Path) -> None:
    """The speed sections go between BEGIN and END (plots to docs/img, the run to
    benchmarks.json); the papers section between its own markers (its run to
    benchmarks_papers.json), so a papers-only run leaves the rest of the page alone."""
    img = docs / "img"
    img.mkdir(parents=True, exist_ok=True)
    page = docs / "benchmarks.md"
    ran = set(results.get("sections", {}))
    if ran - {"papers"}:
        for name in PLOTS:
            if (out / f"{name}.png").exists():
                shutil.copyfile(out / f"{name}.png", img / f"benchmark_{name}.png")
        if (out / "results.json").exists():
            shutil.copyfile(out / "results.json", docs / "benchmarks.json")
        body = report_markdown(only_sections(results, ran - {"papers"}), image_dir="img/benchmark_").replace("## ", "### ")
        replace_block(page, BEGIN, END, body)
    if "papers" in ran:
        papers = only_sections(results, {"papers"})
        (docs / "benchmarks_papers.json").write_text(json.dumps(papers, indent=1, default=str))
        replace_block(page, PAPERS_BEGIN, PAPERS_END, report_markdown(papers).replace("## ", "### "))

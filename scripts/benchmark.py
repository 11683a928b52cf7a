#!/usr/bin/env python3
"""Speed and memory benchmarks of the encoders, the Fastformer layer, decoding and whole papers.

    python scripts/benchmark.py --quick                       # smoke run, a few minutes
    python scripts/benchmark.py --out bench-out --update-docs # the full run, refreshes docs/benchmarks.md
    python scripts/benchmark.py --sections sweep,roofline --lengths 512,4096

Sections (--sections, comma-separated; the numbers are those of docs/benchmarks.md's sections):
    sweep     (1) every registered encoder, time per token for training (forward + backward) and
                  inference and peak memory, lengths 128 .. 65,536, same number of tokens per batch
    layers    (1) one Fastformer encoder layer against fairseq's TransformerEncoderLayer
    peers     (2) the attention layer alone against fast-transformer-pytorch, local-attention and
                  PyTorch's scaled_dot_product_attention (requirements-bench.txt)
    breakdown (3) share of a forward pass per component at 400 and 2,000 source tokens
    steps     (4) time of one decoder step against its position, causal Fastformer vs softmax
    generate  (4) fairseq-generate throughput at 400 / 2,048 / 4,096 source tokens, beam 4,
                  trigram blocking, and the share of time spent blocking trigrams
    roofline  (5) bytes the Fastformer attention core moves against the copy bandwidth
    papers    (6) whole scientific papers: training articles per second (fp32 and bf16
                  autocast) and generation seconds per paper (beam 4, 350 pieces) of five encoders
                  with the same copy decoder at 1,024 .. 8,192 source pieces (scripts/bench/papers.py)
    (also: 1 = sweep,layers; 4 or decoding = steps,generate; all = the seven speed sections,
    without papers, which runs only when named)

    python scripts/benchmark.py --sections papers --quick --out /tmp/papers    # a few minutes
    python scripts/benchmark.py --sections papers --out bench-papers --update-docs
    python scripts/benchmark.py --sections papers --models conv_only_small --out bench-conv \
        --merge-into bench-papers/results.json --update-docs     # one encoder more, or again

Every point runs in its own process (timing and RSS high-water mark; limits on time and memory,
see scripts/bench/common.py). Outputs in --out: results.json (everything, with the machine and
its load), report.md (the tables, also printed), and PNG plots. --update-docs copies the plots to
docs/img/ and the tables into docs/benchmarks.md.
"""
import argparse
import datetime
import json
import os
import shlex
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

SPEED_SECTIONS = ["sweep", "layers", "peers", "breakdown", "steps", "generate", "roofline"]
SECTIONS = SPEED_SECTIONS + ["papers"]
# `all` is the speed sections' run; the papers study (hours of CPU) runs when named
GROUPS = {"1": ["sweep", "layers"], "2": ["peers"], "3": ["breakdown"], "4": ["steps", "generate"], "decoding": ["steps", "generate"], "5": ["roofline"], "all": SPEED_SECTIONS}
PEERS = ["fastformer", "fast-transformer-pytorch", "local", "local-attention", "transformer", "torch-sdpa"]
PEER_PACKAGES = {"fast-transformer-pytorch": "fast_transformer_pytorch", "local-attention": "local_attention"}


def powers_of_two(lo: int, hi: int):
    n, out = lo, []
    while n <= hi:
        out.append(n)
        n *= 2
    return out


def config(args) -> dict:
    quick = args.quick
    cfg = {
        "quick": quick,
        "lengths": powers_of_two(128, 1024) if quick else powers_of_two(128, 65536),
        "tokens": 2048 if quick else 65536,
        "layer_lengths": powers_of_two(128, 1024) if quick else powers_of_two(128, 16384),
        "layer_tokens": 1024 if quick else 16384,
        "depth": 1,
        "vocab": 8000,
        "repeats": 2 if quick else 3,
        "budget_s": 10.0 if quick else 40.0,
        "layer_budget_s": 10.0 if quick else 120.0,  # the layer targets sit at the longest length
        "memory_limit_gb": 4.0 if quick else 12.0,
        "block": 50,
        "breakdown_lengths": [400, 2000],
        "breakdown_batch": 2 if quick else 16,
        "breakdown_target": 100,
        "steps": 200 if quick else 4000,
        "step_positions": [10, 50, 100, 200] if quick else [10, 30, 100, 300, 1000, 2000, 4000],
        "step_source": 400,
        "step_repeats": 1 if quick else 3,
        # steps on each side of a reported position whose median it is: one step takes a few ms
        # and single steps jitter by 10-20% on this VM, so a ratio of two positions needs many
        "step_window": 5 if quick else 25,
        "beam": 4,
        "gen_lengths": [400, 2048] if quick else [400, 2048, 4096],
        "gen_batches": 1 if quick else 3,
        "gen_batch_size": {400: 4, 2048: 2, 4096: 2} if quick else {400: 16, 2048: 4, 4096: 4},
        "gen_len": 20 if quick else 60,
        "gen_time_limit_s": 300 if quick else 900,
        "roofline_shapes": [[2, 8192]] if quick else [[16, 4096], [1, 65536]],
        "roofline_repeats": 5 if quick else 15,
        "pair_repeats": 2 if quick else 7,
        "papers_lengths": [1024, 2048] if quick else [1024, 2048, 4096, 8192],
        "papers_models": None,  # bench.papers: QUICK_ENCODERS or ENCODERS
        "papers_tokens": 4096 if quick else 16384,
        "papers_target": 350,
        "papers_vocab": 16000,  # the papers recipe's vocabulary
        "papers_repeats": 1 if quick else 3,
        "papers_budget_s": 120.0 if quick else 300.0,
        "papers_model_args": shlex.split(args.papers_model_args or ""),
        "papers_modes": args.papers_modes.split(",") if args.papers_modes else None,  # bench.papers: MODES
        "threads": None,
        "thp": not args.no_thp,
    }
    for key in ("lengths", "layer_lengths", "gen_lengths", "step_positions", "papers_lengths"):
        value = getattr(args, key)
        if value:
            cfg[key] = [int(v) for v in value.split(",")]
    cores = os.cpu_count() or 1
    if args.threads == "auto":
        # On a machine other processes keep busy, OpenMP threads wait at every barrier for a
        # descheduled sibling and many small operations get ~10x slower; one thread per worker
        # measures the work instead of the contention.
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
        cfg["threads"] = 1 if load >= cores / 2 else None
        cfg["threads_reason"] = f"auto: 1-minute load {load:.1f} on {cores} cores -> " + ("1 thread" if cfg["threads"] else "torch default")
    elif args.threads:
        cfg["threads"] = int(args.threads)
        cfg["threads_reason"] = "--threads"
    for key in ("tokens", "layer_tokens", "depth", "repeats", "budget_s", "layer_budget_s", "memory_limit_gb", "steps", "gen_batches", "gen_len",
                "papers_tokens", "papers_target", "papers_vocab", "papers_repeats", "papers_budget_s"):
        value = getattr(args, key)
        if value is not None:
            cfg[key] = value
    if args.gen_batch_size:
        cfg["gen_batch_size"] = {n: args.gen_batch_size for n in cfg["gen_lengths"]}
    if args.steps is not None and not args.step_positions:
        cfg["step_positions"] = [p for p in cfg["step_positions"] if p <= args.steps] or [args.steps]
    cfg["lengths"] = [n for n in cfg["lengths"] if n <= cfg["tokens"]]
    cfg["layer_lengths"] = [n for n in cfg["layer_lengths"] if n <= cfg["layer_tokens"]]
    return cfg


def merge_section(old, new: dict, models=None) -> dict:
    """A re-run section into an earlier run's: whole, unless the re-run was limited to some
    models (--models), in which case only those models' points are replaced."""
    if not models or not old or "points" not in old or "points" not in new:
        return new
    kept = [p for p in old["points"] if p.get("model") not in models]
    merged = dict(new, points=kept + new["points"])
    if "pairs" in old and "pairs" not in new:
        merged["pairs"] = old["pairs"]
    if "models" in old:
        merged["models"] = list(old["models"]) + [m for m in new.get("models", []) if m not in old["models"]]
    return merged


def add_rerun(merged: dict, name: str, rerun: dict, models=None) -> None:
    """Records a re-run of section `name` in a full run's results: a re-run of some models (--models)
    adds to the section's earlier re-runs, as its points join theirs; a whole re-run supersedes them."""
    from bench.report import rerun_list

    reruns = merged.setdefault("section_reruns", {})
    reruns[name] = (rerun_list(reruns.get(name)) if models else []) + [rerun]


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def describe(rec: dict, modes=("infer", "train")) -> str:
    parts = []
    for mode in modes:
        m = rec.get(mode)
        if not m:
            continue
        if m.get("status") == "ok":
            figure = f"{m['us_per_token']:.2f} us/tok" if "us_per_token" in m else f"{m['median_s']:.2f} s"
            parts.append(f"{mode} {figure} (x{m['repeats']}, peak +{m['peak_mb']:.0f} MB)")
        else:
            parts.append(f"{mode} {m.get('status')}: {m.get('reason', '')}")
    if not parts:
        parts.append(f"{rec.get('status')}: {rec.get('reason', '')}")
    return "; ".join(parts)


def run_modes(spec: dict, modes, separate: bool, per_mode_s: float, memory_limit_mb: float, env: dict) -> dict:
    """A point's modes in one worker process, or with `separate` each in its own (so that each
    mode's peak memory is its own, not the high-water mark of the modes before it)."""
    from bench.common import run_point

    groups = [[mode] for mode in modes] if separate else [list(modes)]
    rec = {}
    for group in groups:
        got = run_point(dict(spec, modes=group), env, time_limit_s=len(group) * per_mode_s + 120, memory_limit_mb=memory_limit_mb)
        for mode in group:
            if mode not in got:  # the process as a whole failed: every mode it ran shares the cause
                got[mode] = {"status": got.get("status"), "reason": got.get("reason", "")}
            got[mode].setdefault("wall_s", got.get("wall_s"))
        rec.update(got)
    return rec


def sweep(name: str, kind: str, models: dict, lengths, tokens: int, cfg: dict, env: dict, extra=None, budget=None,
          modes=("infer", "train"), separate: bool = False) -> list:
    """Every model at every length, batch = tokens // length, with the skipping rules of
    bench.common (a mode that ran out at one length is not tried at the next; estimates)."""
    from bench.common import extrapolate

    budget, memory_limit = budget or cfg["budget_s"], cfg["memory_limit_gb"] * 1024
    points = []
    for model, payload in models.items():
        history = {mode: [] for mode in modes}
        memory = {mode: [] for mode in modes}
        stopped = {}
        for length in lengths:
            batch = max(1, tokens // length)
            skipped = {}
            for mode in modes:
                if mode in stopped:
                    skipped[mode] = {"status": "skipped", "reason": stopped[mode]}
                    continue
                t_est = extrapolate(history[mode], length)
                m_est = extrapolate(memory[mode], length)
                if t_est is not None and t_est > budget:
                    skipped[mode] = {"status": "skipped", "reason": f"estimated {t_est:.0f} s per call (budget {budget:.0f} s)", "estimated_s": t_est}
                elif m_est is not None and m_est > memory_limit:
                    skipped[mode] = {"status": "skipped", "reason": f"estimated peak {m_est / 1024:.1f} GB (limit {memory_limit / 1024:.0f} GB)", "estimated_mb": m_est}
            todo = [m for m in modes if m not in skipped]
            spec = dict(kind=kind, model=model, length=length, batch=batch, modes=todo, repeats=cfg["repeats"], budget_s=budget, vocab=cfg["vocab"], depth=cfg["depth"], block=cfg["block"], threads=cfg["threads"])
            if payload:
                spec["variant"] = payload
            if extra:
                spec.update(extra)
            if todo:
                rec = run_modes(spec, todo, separate, budget * 2 + 30, memory_limit, env)
            else:
                rec = {k: spec[k] for k in ("kind", "model", "length", "batch")}
            rec.update(skipped)
            for mode in modes:
                m = rec.get(mode, {})
                if m.get("status") == "ok":
                    history[mode].append((length, m["median_s"]))
                    memory[mode].append((length, max(m["peak_mb"], 1.0)))
                elif m.get("status") in ("out of time", "out of memory", "error"):
                    stopped[mode] = f"{m['status']} at length {length}"
            rec["status"] = "ok" if all(rec.get(m, {}).get("status") == "ok" for m in modes) else "partial"
            points.append(rec)
            log(f"[{name}] {model} N={length} B={batch}: {describe(rec, modes)}")
    return points


def run_sections(cfg: dict, sections, out: Path, env: dict, results: dict, save) -> None:
    from bench import report
    from bench.common import encoder_variants, run_point

    limit_mb = cfg["memory_limit_gb"] * 1024

    def chosen(models: dict) -> dict:
        return {k: v for k, v in models.items() if not cfg.get("models") or k in cfg["models"]}

    def run_sweep():
        variants = chosen(encoder_variants())
        notes = []
        if cfg["depth"] < 2 and "shifted_local" in variants:
            # shifts apply to odd layers (1, 3, ...): with one layer it is the local encoder itself
            del variants["shifted_local"]
            notes.append("shifted_local is not run with one layer: its shifts apply to odd layers, so it is the local encoder itself")
        results["sections"]["sweep"] = {"models": list(variants), "notes": notes, "depth": cfg["depth"], "points": sweep("sweep", "encoder", variants, cfg["lengths"], cfg["tokens"], cfg, env)}
        save()

    def run_layers():
        models = chosen({"fastformer_layer": None, "fairseq_transformer_layer": None, "transformer_layer": None})
        results["sections"]["layers"] = {"models": list(models), "budget_s": cfg["layer_budget_s"],
                                         "points": sweep("layers", "layer", models, cfg["layer_lengths"], cfg["layer_tokens"], cfg, env, budget=cfg["layer_budget_s"])}
        save()

    def run_peers():
        import importlib.util

        missing = [p for p, mod in PEER_PACKAGES.items() if importlib.util.find_spec(mod) is None]
        models = chosen({p: None for p in PEERS if p not in missing})
        if missing:
            log(f"[peers] not installed (pip install --no-deps -r requirements-bench.txt): {', '.join(missing)}")
        results["sections"]["peers"] = {"models": list(models), "missing": missing, "points": sweep("peers", "attention", models, cfg["lengths"], cfg["tokens"], cfg, env)}
        save()
        if "fast-transformer-pytorch" in models and "fastformer" in models:
            # the target's ratio, timed in alternation in one process per length
            pairs = []
            for length in cfg["lengths"]:
                spec = dict(kind="attention_pair", model="fastformer vs fast-transformer-pytorch", models=["fastformer", "fast-transformer-pytorch"],
                            length=length, batch=max(1, cfg["tokens"] // length), repeats=cfg["pair_repeats"], block=cfg["block"], threads=cfg["threads"])
                rec = run_point(spec, env, time_limit_s=20 * cfg["budget_s"] + 120, memory_limit_mb=limit_mb)
                pairs.append(rec)
                if rec.get("infer_s"):
                    log(f"[peers] interleaved N={length}: ours faster by {report.pair_speedup(rec, 'infer'):.2f}x (infer), "
                        f"{report.pair_speedup(rec, 'train'):.2f}x (train)")
                else:
                    log(f"[peers] interleaved N={length}: {rec.get('status')}: {rec.get('reason')}")
            results["sections"]["peers"]["pairs"] = pairs
            save()

    def run_breakdown():
        points = []
        for arch in ("transformer_small", "fastformer_small"):
            for length in cfg["breakdown_lengths"]:
                spec = dict(kind="breakdown", arch=arch, model=arch, length=length, batch=cfg["breakdown_batch"], target_length=cfg["breakdown_target"], vocab=cfg["vocab"], repeats=cfg["repeats"], threads=cfg["threads"])
                rec = run_point(spec, env, time_limit_s=20 * cfg["budget_s"] + 120, memory_limit_mb=limit_mb)
                points.append(rec)
                shares = rec.get("shares")
                log(f"[breakdown] {arch} N={length}: " + (", ".join(f"{k} {v:.0%}" for k, v in shares.items()) if shares else f"{rec.get('status')}: {rec.get('reason')}"))
        results["sections"]["breakdown"] = {"points": points, "batch": cfg["breakdown_batch"], "target_length": cfg["breakdown_target"]}
        save()

    def run_steps():
        points = []
        for arch in ("fastformer_small", "transformer_small"):
            spec = dict(kind="decoder_steps", arch=arch, model=arch, steps=cfg["steps"], positions=cfg["step_positions"], window=cfg["step_window"], beam=cfg["beam"], source_length=cfg["step_source"], vocab=cfg["vocab"], repeats=cfg["step_repeats"], threads=cfg["threads"])
            rec = run_point(spec, env, time_limit_s=30 * cfg["budget_s"] + 120, memory_limit_mb=limit_mb)
            points.append(rec)
            log(f"[steps] {arch}: " + (", ".join(f"@{p} {s * 1e3:.2f} ms" for p, s in rec.get("step_s", {}).items()) or f"{rec.get('status')}: {rec.get('reason')}"))
        results["sections"]["steps"] = {"points": points, "beam": cfg["beam"], "source_length": cfg["step_source"]}
        save()

    def run_generate():
        from bench.generate import generate_section

        results["sections"]["generate"] = generate_section(cfg, out / "generate-work", env, log)
        save()

    def run_roofline():
        spec = dict(kind="roofline", model="fastformer", shapes=cfg["roofline_shapes"], repeats=cfg["roofline_repeats"], threads=cfg["threads"])
        rec = run_point(spec, env, time_limit_s=20 * cfg["budget_s"] + 120, memory_limit_mb=limit_mb)
        for row in rec.get("rows", []):
            log(f"[roofline] B={row['batch']} N={row['length']}: core {row['core_gb_s']:.1f} GB/s, copy {row['copy_gb_s']:.1f} GB/s -> {row['fraction_of_copy']:.0%}")
        results["sections"]["roofline"] = rec
        save()

    def run_papers():
        from bench import papers

        encoders = papers.QUICK_ENCODERS if cfg["quick"] else papers.ENCODERS
        cfg["papers_models"] = cfg.get("models") or encoders
        results["sections"]["papers"] = papers.section(cfg, out / "papers-work", env, sweep)
        save()

    runners = {"sweep": run_sweep, "layers": run_layers, "peers": run_peers, "breakdown": run_breakdown,
               "steps": run_steps, "generate": run_generate, "roofline": run_roofline, "papers": run_papers}
    for name in sections:  # in the order asked for
        runners[name]()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small lengths and batches, one or two repeats: a smoke run")
    parser.add_argument("--sections", default="all", help=f"comma-separated, from {', '.join(SECTIONS)} (or 1-5, decoding, all)")
    parser.add_argument("--out", default="benchmark-out", help="directory for results.json, report.md and the plots")
    parser.add_argument("--update-docs", action="store_true", help="write the tables into docs/benchmarks.md and the plots into docs/img/")
    parser.add_argument("--models", help="sweep / layers / peers / papers: only the models of these names (comma-separated)")
    parser.add_argument("--lengths", help="sweep / peers lengths, comma-separated")
    parser.add_argument("--tokens", type=int, help="tokens per batch of the sweep and peers (>= the longest length)")
    parser.add_argument("--layer-lengths", dest="layer_lengths", help="layers section lengths")
    parser.add_argument("--layer-tokens", dest="layer_tokens", type=int, help="tokens per batch in the layers section")
    parser.add_argument("--depth", type=int, help="encoder layers in the sweep")
    parser.add_argument("--repeats", type=int, help="timed calls per point after the warm-up (median)")
    parser.add_argument("--budget", dest="budget_s", type=float, help="seconds per point and mode")
    parser.add_argument("--layer-budget", dest="layer_budget_s", type=float, help="seconds per point and mode in the layers section")
    parser.add_argument("--merge-into", dest="merge_into", help="after the run, put its sections into this results.json (replacing "
                        "those sections, with the re-run's time and load recorded) and rebuild tables and plots from it")
    parser.add_argument("--memory-limit-gb", dest="memory_limit_gb", type=float, help="kill a point above this RSS")
    parser.add_argument("--steps", type=int, help="decoder steps to run (section steps)")
    parser.add_argument("--step-positions", dest="step_positions", help="positions reported by the steps section")
    parser.add_argument("--gen-lengths", dest="gen_lengths", help="generate: source lengths")
    parser.add_argument("--gen-batches", dest="gen_batches", type=int, help="generate: batches per run (the first is a warm-up when there are several)")
    parser.add_argument("--gen-batch-size", dest="gen_batch_size", type=int, help="generate: articles per batch")
    parser.add_argument("--gen-len", dest="gen_len", type=int, help="generate: tokens per hypothesis (min = max)")
    parser.add_argument("--papers-lengths", dest="papers_lengths", help="papers: source lengths in pieces, comma-separated")
    parser.add_argument("--papers-tokens", dest="papers_tokens", type=int, help="papers: source pieces per training batch")
    parser.add_argument("--papers-target", dest="papers_target", type=int, help="papers: target and summary pieces")
    parser.add_argument("--papers-vocab", dest="papers_vocab", type=int, help="papers: dictionary size")
    parser.add_argument("--papers-repeats", dest="papers_repeats", type=int, help="papers: timed calls per mode after the warm-up")
    parser.add_argument("--papers-budget", dest="papers_budget_s", type=float, help="papers: seconds per call before a mode is out of time")
    parser.add_argument("--papers-modes", dest="papers_modes", help="papers: only these modes (comma-separated: "
                        "train_fp32, train_bf16, generate, generate_per_core)")
    parser.add_argument("--papers-model-args", dest="papers_model_args", help="papers: fairseq-train flags added to every encoder "
                        "(e.g. \"--encoder-layers 2\"); --models picks encoders by architecture name")
    parser.add_argument("--threads", default="auto", help="torch threads in the workers: a number, or auto (default): 1 when the "
                        "1-minute load average is at least half the core count, else torch's default (the core count)")
    parser.add_argument("--no-thp", action="store_true", help="do not set THP_MEM_ALLOC_ENABLE=1 in the workers")
    parser.add_argument("--from-json", dest="from_json", help="no run: rebuild the tables, plots (and with --update-docs the page) from a results.json")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.worker:  # one point, in its own process
        from bench.common import RESULT_PREFIX
        from bench.points import run

        record = run(json.loads(args.worker))
        print(RESULT_PREFIX + json.dumps(record), flush=True)
        return 0

    import signal

    from bench import report
    from bench.common import load_average, machine_info, worker_env

    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))  # so that workers are killed too

    if args.from_json:
        results = json.loads(Path(args.from_json).read_text())
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        results["targets"] = report.targets(results)
        print(report.write(results, out))
        if args.update_docs:
            report.update_docs(results, out, HERE.parent / "docs")
        return 0

    sections = []
    for item in args.sections.split(","):
        item = item.strip()
        for s in GROUPS.get(item, [item]):
            if s not in SECTIONS:
                parser.error(f"unknown section {item!r}; choose from {', '.join(SECTIONS)} or 1-5, decoding, all")
            if s not in sections:
                sections.append(s)
    cfg = config(args)
    if args.models:
        cfg["models"] = args.models.split(",")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    env = worker_env(cfg["thp"])
    if cfg["threads"]:
        env["OMP_NUM_THREADS"] = str(cfg["threads"])
    results = {
        "started": datetime.datetime.now().isoformat(timespec="seconds"),
        "machine": machine_info(env),
        "config": cfg,
        "sections_run": sections,
        "sections": {},
    }

    def save():
        results["load_average_now"] = load_average()
        (out / "results.json").write_text(json.dumps(results, indent=1, default=str))

    start = time.perf_counter()
    log(f"benchmark: sections {', '.join(sections)}; {'quick' if cfg['quick'] else 'full'} mode; out {out}; load {load_average()}")
    run_sections(cfg, sections, out, env, results, save)
    results["finished"] = datetime.datetime.now().isoformat(timespec="seconds")
    results["elapsed_s"] = round(time.perf_counter() - start, 1)
    results["machine"]["load_average_end"] = load_average()
    results["targets"] = report.targets(results)
    save()
    if args.merge_into:  # one or more sections re-run: they replace their namesakes in a full run
        merged = json.loads(Path(args.merge_into).read_text())
        for name, content in results["sections"].items():
            merged["sections"][name] = merge_section(merged["sections"].get(name), content, cfg.get("models"))
            rerun = {
                "started": results["started"], "finished": results["finished"], "config": results["config"],
                "load_average_start": results["machine"]["load_average_start"], "load_average_end": results["machine"]["load_average_end"],
            }
            add_rerun(merged, name, rerun, cfg.get("models"))
        merged["targets"] = report.targets(merged)
        Path(args.merge_into).write_text(json.dumps(merged, indent=1, default=str))
        results, out = merged, Path(args.merge_into).parent
    text = report.write(results, out)
    print(text)
    if args.update_docs:
        report.update_docs(results, out, HERE.parent / "docs")
        log("docs/benchmarks.md and docs/img/ updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""scripts/benchmark.py: the quick mode runs and writes well-formed results; limits are recorded,
not crashed on. These check the machinery and the output format, never timings."""
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "benchmark.py"
sys.path.insert(0, str(ROOT / "scripts"))

from bench import common, report  # noqa: E402

PEER_MODULES = ["fast_transformer_pytorch", "local_attention"]


def load_benchmark_module():
    spec = importlib.util.spec_from_file_location("benchmark_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_benchmark(tmp_path, *args, timeout=240):
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--out", str(out), "--threads", "1", "--repeats", "1", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=timeout,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out, json.loads((out / "results.json").read_text()), proc.stdout


def check_sweep_point(p, length, batch):
    assert (p["length"], p["batch"]) == (length, batch)
    assert p["status"] == "ok", p
    for mode in ("infer", "train"):
        m = p[mode]
        assert m["status"] == "ok"
        assert m["repeats"] >= 1 and len(m["times_s"]) == m["repeats"]
        assert m["median_s"] > 0 and m["us_per_token"] == pytest.approx(m["median_s"] / (length * batch) * 1e6)
        assert isinstance(m["peak_mb"], float)


def test_quick_run_writes_results_table_and_plots(tmp_path):
    out, results, stdout = run_benchmark(
        tmp_path, "--sections", "sweep,roofline", "--models", "fastformer", "--lengths", "32", "--tokens", "64"
    )
    machine = results["machine"]
    for key in ("cores", "torch", "torch_threads", "cpu", "load_average_start", "load_average_end"):
        assert key in machine
    assert results["config"]["threads"] == 1 and results["sections_run"] == ["sweep", "roofline"]
    points = results["sections"]["sweep"]["points"]
    assert [p["model"] for p in points] == ["fastformer"]
    check_sweep_point(points[0], 32, 2)
    assert all(p["threads"] == 1 for p in points)
    rows = results["sections"]["roofline"]["rows"]
    assert rows and all(0 < r["fraction_of_copy"] and r["copy_gb_s"] > 0 and r["core_bytes"] > 0 for r in rows)
    # targets that the run can speak to are evaluated, with a verdict
    names = [t["target"] for t in results["targets"]]
    assert any("time per token" in n for n in names) and any("copy bandwidth" in n for n in names)
    assert all(set(t) >= {"measured", "threshold", "pass"} for t in results["targets"])
    # the table is printed and written, the plots drawn
    assert "| fastformer |" in stdout and "## Targets" in stdout
    assert (out / "report.md").read_text().strip() == stdout.strip()
    assert (out / "sweep.png").stat().st_size > 0 and (out / "roofline.png").stat().st_size > 0


def test_peers_against_public_implementations(tmp_path):
    missing = [m for m in PEER_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"benchmark-only packages not installed ({', '.join(missing)}): pip install --no-deps -r requirements-bench.txt")
    _, results, stdout = run_benchmark(
        tmp_path, "--sections", "peers", "--models", "fastformer,fast-transformer-pytorch,local-attention", "--lengths", "64", "--tokens", "64"
    )
    peers = results["sections"]["peers"]
    assert peers["missing"] == [] and peers["models"] == ["fastformer", "fast-transformer-pytorch", "local-attention"]
    for p in peers["points"]:
        check_sweep_point(p, 64, 1)
    assert "| fast-transformer-pytorch |" in stdout
    # the target's ratio comes from both layers timed in alternation in one process
    (pair,) = peers["pairs"]
    for mode in ("infer", "train"):
        assert set(pair[f"{mode}_s"]) == {"fastformer", "fast-transformer-pytorch"} and min(pair[f"{mode}_s"].values()) > 0
    target = next(t for t in results["targets"] if "fast-transformer-pytorch (infer)" in t["target"])
    assert target["measured"] == pytest.approx(pair["infer_s"]["fast-transformer-pytorch"] / pair["infer_s"]["fastformer"])
    assert "alternation" in target["note"]


def test_a_point_over_its_limits_is_killed_and_recorded():
    spec = {"kind": "roofline", "model": "fastformer", "shapes": [[1, 64]], "repeats": 1}
    env = common.worker_env(thp=False)
    t0 = time.perf_counter()
    over_memory = common.run_point(spec, env, time_limit_s=120, memory_limit_mb=30)  # python + torch alone is more
    assert over_memory["status"] == "out of memory" and "limit" in over_memory["reason"]
    over_time = common.run_point(spec, env, time_limit_s=0.5, memory_limit_mb=10**6)
    assert over_time["status"] == "out of time"
    assert over_time["model"] == "fastformer"
    assert time.perf_counter() - t0 < 60


def test_measure_records_out_of_time_instead_of_running_on():
    calls = []
    result = common.measure(lambda: (calls.append(1), time.sleep(0.05)), repeats=5, budget_s=0.01)
    assert result["status"] == "out of time" and len(calls) == 1
    result = common.measure(lambda: None, repeats=3, budget_s=10)
    assert result["status"] == "ok" and result["repeats"] == 3


def test_sweep_stops_after_a_failure_and_skips_what_cannot_fit(monkeypatch):
    """A mode that ran out of time is not tried at longer lengths; a quadratic model whose
    extrapolated time exceeds the budget is skipped with the estimate, never launched."""
    benchmark = load_benchmark_module()
    launched = []

    def fake_run_point(spec, env, time_limit_s, memory_limit_mb):
        launched.append((spec["model"], spec["length"], tuple(spec["modes"])))
        n = spec["length"]
        rec = {"model": spec["model"], "length": n, "batch": spec["batch"]}
        for mode in spec["modes"]:
            if spec["model"] == "quadratic":
                t = 1e-6 * n * n  # per batch of a fixed number of tokens: grows with n
            elif mode == "train" and n >= 256:
                rec[mode] = {"status": "out of time", "reason": "test"}
                continue
            else:
                t = 0.01
            rec[mode] = {"status": "ok", "median_s": t, "us_per_token": 1.0, "peak_mb": 10.0, "repeats": 1}
        return rec

    monkeypatch.setattr(common, "run_point", fake_run_point)
    monkeypatch.setattr(benchmark, "log", lambda msg: None)
    cfg = {"budget_s": 10.0, "memory_limit_gb": 1.0, "repeats": 1, "vocab": 100, "depth": 1, "block": 50, "threads": 1}
    lengths = [64, 128, 256, 512, 1024, 2048, 4096]
    points = benchmark.sweep("test", "layer", {"linear": None, "quadratic": None}, lengths, 4096, cfg, {})
    linear = [p for p in points if p["model"] == "linear"]
    assert linear[2]["train"]["status"] == "out of time"
    assert all(p["train"]["status"] == "skipped" and "256" in p["train"]["reason"] for p in linear[3:])
    assert all(p["infer"]["status"] == "ok" for p in linear)
    quadratic = {p["length"]: p for p in points if p["model"] == "quadratic"}
    assert quadratic[2048]["infer"]["status"] == "ok"  # 4.2 s
    assert quadratic[4096]["infer"]["status"] == "skipped" and "estimated" in quadratic[4096]["infer"]["reason"]
    assert ("quadratic", 4096, ()) not in launched and all(m != "quadratic" or n < 4096 for m, n, _ in launched)


def synthetic_results():
    def p(model, n, infer, train):
        rec = {"model": model, "length": n, "batch": 1024 // n}
        for mode, t in (("infer", infer), ("train", train)):
            rec[mode] = {"status": "ok", "median_s": t, "us_per_token": t / 1024 * 1e6, "peak_mb": 5.0, "repeats": 3} if isinstance(t, float) else {"status": t, "reason": "test"}
        return rec

    return {
        "started": "x", "finished": "y", "elapsed_s": 1.0, "sections_run": ["sweep", "layers"],
        "machine": {"cores": 2, "cpu": "cpu", "memory_gb": 1, "platform": "linux", "torch": "2", "blas": "mkl", "torch_threads": 2,
                    "torch_interop_threads": 2, "python": "3", "worker_env": {}, "load_average_start": [1, 1, 1], "load_average_end": [1, 1, 1]},
        "config": {"quick": True, "depth": 1, "tokens": 1024, "layer_tokens": 1024, "repeats": 3, "budget_s": 10.0, "threads": None},
        "sections": {
            "sweep": {"models": ["fastformer", "transformer"], "points": [
                p("fastformer", 512, 0.1, 0.3), p("fastformer", 1024, 0.1, 0.33),
                p("transformer", 512, 0.2, 0.6), p("transformer", 1024, "out of time", "skipped")]},
            "layers": {"models": ["fastformer_layer", "fairseq_transformer_layer"], "points": [
                p("fastformer_layer", 512, 0.1, 0.2), p("fairseq_transformer_layer", 512, 0.1, 0.4)]},
        },
    }


def test_targets_and_tables_from_results(tmp_path):
    results = synthetic_results()
    results["targets"] = report.targets(results)
    by_name = {t["target"]: t for t in results["targets"]}
    per_token = by_name["Fastformer encoder time per token at 1024 / at 512 (train)"]
    assert per_token["measured"] == pytest.approx(1.1) and per_token["pass"] is True
    layer = next(t for t in results["targets"] if "not slower" in t["target"])
    assert layer["measured"] == pytest.approx(2.0) and layer["pass"] is True
    text = report.write(results, tmp_path)
    sweep_train = text.split("training (forward + backward):")[1].split("Inference")[0]
    assert "| transformer | 586 | skip |" in sweep_train
    assert "| transformer | 195 | OOT |" in text.split("Inference (forward, no_grad):")[1]
    assert (tmp_path / "sweep.png").exists() and (tmp_path / "layers.png").exists()
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "benchmarks.md").write_text(f"# Page\n\nintro\n\n{report.BEGIN}\nold\n{report.END}\n\nafter\n")
    report.update_docs(results, tmp_path, docs)
    page = (docs / "benchmarks.md").read_text()
    assert page.startswith("# Page\n\nintro") and page.rstrip().endswith("after") and "old" not in page
    assert "img/benchmark_sweep.png" in page and (docs / "img" / "benchmark_sweep.png").exists()


def test_a_rerun_limited_to_some_models_replaces_only_their_points():
    bench = load_benchmark_module()
    old = {"models": ["fastformer", "transformer"], "points": [
        {"model": "fastformer", "length": 128, "us": 9.0}, {"model": "transformer", "length": 128, "us": 7.0}]}
    new = {"models": ["fastformer"], "points": [{"model": "fastformer", "length": 128, "us": 5.0}]}
    merged = bench.merge_section(old, new, ["fastformer"])
    assert merged["models"] == ["fastformer", "transformer"]
    assert sorted((p["model"], p["us"]) for p in merged["points"]) == [("fastformer", 5.0), ("transformer", 7.0)]
    assert bench.merge_section(old, new, None) == new  # a whole re-run replaces the section
    assert bench.merge_section(None, new, ["fastformer"]) == new


def test_reruns_of_some_models_accumulate_and_a_whole_rerun_supersedes_them():
    bench = load_benchmark_module()
    merged = {"section_reruns": {"papers": {"started": "t0"}}}  # one record: the form before re-runs were listed
    bench.add_rerun(merged, "papers", {"started": "t1"}, ["conv_only_small"])
    bench.add_rerun(merged, "papers", {"started": "t2"}, ["local_transformer_small"])
    assert [r["started"] for r in merged["section_reruns"]["papers"]] == ["t0", "t1", "t2"]
    bench.add_rerun(merged, "papers", {"started": "t3"})
    assert merged["section_reruns"]["papers"] == [{"started": "t3"}]
    bench.add_rerun(merged, "layers", {"started": "t4"}, ["fastformer"])
    assert merged["section_reruns"]["layers"] == [{"started": "t4"}]


def test_the_run_block_lists_every_rerun_with_its_models_and_its_sections_budget():
    machine = {"cores": 2, "cpu": "cpu", "cpu_capability": "AVX2", "memory_gb": 8, "platform": "linux", "torch": "2",
               "blas": "mkl", "torch_threads": 2, "python": "3.11", "load_average_start": [0, 0, 0]}

    def rerun(models, started):
        return {"started": started, "finished": started + "+", "load_average_start": [1, 1, 1], "load_average_end": [2, 2, 2],
                "config": {"models": models, "budget_s": 40.0, "papers_budget_s": 300.0, "layer_budget_s": 20.0}}
    results = {"machine": machine, "config": {"quick": False}, "sections_run": ["papers"], "section_reruns": {
        "papers": [rerun(["conv_only_small"], "t1"), rerun(["local_transformer_small"], "t2")],
        "layers": rerun(None, "t3"),  # the form written before re-runs were listed: one record
    }}
    lines = [line for line in report.machine_block(results).splitlines() if "re-run" in line]
    assert lines == [
        "- section `papers` re-run of conv_only_small t1 .. t1+ (load [1, 1, 1] .. [2, 2, 2]; budget 300.0 s per point)",
        "- section `papers` re-run of local_transformer_small t2 .. t2+ (load [1, 1, 1] .. [2, 2, 2]; budget 300.0 s per point)",
        "- section `layers` re-run t3 .. t3+ (load [1, 1, 1] .. [2, 2, 2]; budget 20.0 s per point)",
    ]


# ------------------------------------------------------------------ section papers (whole papers)

PAPERS_TINY = ["--sections", "papers", "--models", "fastformer_conv_small,transformer_small", "--papers-lengths", "64",
               "--papers-tokens", "128", "--papers-target", "12", "--papers-vocab", "200", "--papers-model-args",
               "--encoder-embed-dim 32 --decoder-embed-dim 32 --encoder-ffn-embed-dim 64 --decoder-ffn-embed-dim 64 "
               "--encoder-layers 1 --decoder-layers 1"]


def test_papers_quick_run_on_tiny_models(tmp_path):
    """Every mode of every point measured in its own process, with the numbers the tables and the
    targets are made of; the page block of the papers section is refreshed alone."""
    out, results, stdout = run_benchmark(tmp_path, *PAPERS_TINY, timeout=600)
    sec = results["sections"]["papers"]
    assert sec["models"] == ["fastformer_conv_small", "transformer_small"]
    assert sec["modes"] == ["train_fp32", "train_bf16", "generate", "generate_per_core"]
    assert (sec["target_length"], sec["tokens"], sec["vocab"]) == (12, 128, 200)
    assert [(p["model"], p["length"], p["batch"]) for p in sec["points"]] == [("fastformer_conv_small", 64, 2), ("transformer_small", 64, 2)]
    for p in sec["points"]:
        assert p["status"] == "ok", p
        for mode in ("train_fp32", "train_bf16"):
            m = p[mode]
            assert m["status"] == "ok" and m["median_s"] > 0
            assert m["articles_per_s"] == pytest.approx(2 / m["median_s"])
            assert m["rss_peak_mb"] >= m["rss_base_mb"] > 0 and m["parameters"] > 0
        gen = p["generate"]
        assert gen["status"] == "ok" and gen["seconds_per_paper"] == gen["median_s"] > 0
        assert gen["summary_pieces"] == [12]  # min_len = max_len: every encoder writes as much
        per_core = p["generate_per_core"]  # the same paper, one worker a core, at once
        assert per_core["status"] == "ok" and per_core["workers"] == len(os.sched_getaffinity(0))
        assert per_core["seconds_per_paper"] == pytest.approx(1 / sum(1 / m for m in per_core["worker_median_s"]))
        assert per_core["summary_pieces"] == [12]
        assert all(p[mode]["wall_s"] > 0 for mode in sec["modes"])  # each mode's own worker process
    # the papers targets, Fastformer / transformer at the length nearest 4,096
    papers_targets = [t for t in results["targets"] if "transformer_small" in t["target"]]
    assert [t["target"].split(", ")[0] for t in papers_targets] == ["training articles per second"] * 2 + ["generation speed per paper"] * 2
    conv, transformer = sec["points"]
    for target, mode in zip(papers_targets[2:], ("generate", "generate_per_core")):
        expected = transformer[mode]["median_s"] / conv[mode]["median_s"]
        assert target["measured"] == pytest.approx(expected) and target["threshold"] == 3.0
    assert all("nearest length run: 64" in t["note"] for t in papers_targets)
    assert "## 6. Whole papers" in stdout and "| fastformer_conv_small |" in stdout
    # --update-docs: only the papers block changes
    docs = tmp_path / "docs"
    docs.mkdir()
    page = (f"# Page\n\n{report.BEGIN}\nspeed tables\n{report.END}\n\nmiddle\n\n"
            f"{report.PAPERS_BEGIN}\nold papers\n{report.PAPERS_END}\n\nafter\n")
    (docs / "benchmarks.md").write_text(page)
    report.update_docs(results, out, docs)
    text = (docs / "benchmarks.md").read_text()
    assert "speed tables" in text and "old papers" not in text and text.rstrip().endswith("after")
    assert text.index(report.PAPERS_BEGIN) < text.index("### 6. Whole papers") < text.index(report.PAPERS_END)
    assert "issue" not in text.lower()  # the generated block names what was measured, nothing else
    assert not (docs / "benchmarks.json").exists()  # the speed sections' numbers are left alone
    assert json.loads((docs / "benchmarks_papers.json").read_text())["sections"].keys() == {"papers"}


def test_papers_modes_pick_what_runs(tmp_path):
    """--papers-modes runs only the modes named; a mode that does not exist is an error that names the modes."""
    out, results, _ = run_benchmark(tmp_path, *PAPERS_TINY, "--papers-modes", "generate_per_core", timeout=600)
    sec = results["sections"]["papers"]
    assert sec["modes"] == ["generate_per_core"]
    assert all(p["generate_per_core"]["status"] == "ok" and "generate" not in p for p in sec["points"])
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--out", str(tmp_path / "bad"), *PAPERS_TINY,
                           "--papers-modes", "generate,decode"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and "papers: no mode decode (the modes: train_fp32, train_bf16, generate, generate_per_core)" in proc.stderr


def test_separate_modes_run_in_their_own_processes(monkeypatch):
    """sweep(..., separate=True): one worker per mode; a worker that dies records its own mode."""
    benchmark = load_benchmark_module()
    launched = []

    def fake_run_point(spec, env, time_limit_s, memory_limit_mb):
        launched.append(tuple(spec["modes"]))
        if spec["modes"] == ["generate"]:
            return {"status": "out of memory", "reason": "RSS over the limit", "wall_s": 1.0}
        return {spec["modes"][0]: {"status": "ok", "median_s": 0.5, "peak_mb": 10.0, "repeats": 1}, "wall_s": 2.0}

    monkeypatch.setattr(common, "run_point", fake_run_point)
    monkeypatch.setattr(benchmark, "log", lambda msg: None)
    cfg = {"budget_s": 10.0, "memory_limit_gb": 1.0, "repeats": 1, "vocab": 100, "depth": 1, "block": 50, "threads": 1}
    modes = ("train_fp32", "train_bf16", "generate")
    points = benchmark.sweep("papers", "papers", {"m": None}, [64, 128], 128, cfg, {}, modes=modes, separate=True)
    assert launched == [("train_fp32",), ("train_bf16",), ("generate",), ("train_fp32",), ("train_bf16",)]
    first, second = points
    assert first["generate"]["status"] == "out of memory" and first["train_bf16"]["status"] == "ok"
    assert second["generate"]["status"] == "skipped" and "out of memory at length 64" in second["generate"]["reason"]
    assert first["status"] == second["status"] == "partial"


def test_a_rewriters_synthetic_source_is_marked_as_it_reads_one(tmp_path):
    """bench.papers marks a rewriter's random source: REWRITER_CHOSEN chosen sentences of
    REWRITER_SENTENCE pieces (mark included, separator not), by the model's own group tags."""
    import torch
    from fairseq.data import Dictionary

    from bench import papers
    from fairseq_plugins.modules.group_tags import group_tags
    from fairseq_plugins.text.normalize import SENTENCE_SEPARATOR

    directory = papers.write_dictionary(tmp_path / "dict", 500)
    dictionary = Dictionary.load(str(directory / "dict.source.txt"))
    assert dictionary.index(SENTENCE_SEPARATOR) != dictionary.unk()
    source = torch.randint(dictionary.nspecial, len(dictionary) - 1, (1024,))
    source[-1] = dictionary.eos()
    marked = papers.mark_as_rewriting(source, dictionary)
    tags = group_tags(marked[None], dictionary.bos(), dictionary.index(SENTENCE_SEPARATOR),
                      special=(dictionary.eos(), dictionary.pad()))[0]
    assert tags.max().item() == papers.REWRITER_CHOSEN
    for k in range(1, papers.REWRITER_CHOSEN + 1):
        assert tags.eq(k).sum().item() == papers.REWRITER_SENTENCE - 1  # the sentence's pieces before its separator
    assert marked.eq(dictionary.index(SENTENCE_SEPARATOR)).sum().item() == 1024 // papers.REWRITER_SENTENCE


def test_a_rewriter_generates_the_sections_length_as_the_app_decodes_it(tmp_path):
    """bench.papers' generate mode on a rewriter: its decoder set by the papers rewriting preset
    (the sentence vocabulary, exact segments), and still exactly the section's number of pieces."""
    from bench import papers

    directory = papers.write_dictionary(tmp_path / "dict", 500)
    spec = dict(model="rewriter_restricted_fastformer_conv_small", dict_dir=str(directory), length=400,
                target_length=24, beam=2, repeats=1, budget_s=60.0, model_args=[], modes=["generate"])
    record = papers.generate_mode(spec, "generate")
    assert record["status"] == "ok" and record["summary_pieces"] == [24] and record["seconds_per_paper"] > 0


def test_a_failing_worker_of_the_per_core_mode_is_an_error_not_a_wait(tmp_path):
    """generate_per_core: a worker that fails reports it (and lets the others past the barrier)."""
    from bench import papers

    directory = papers.write_dictionary(tmp_path / "dict", 200)
    spec = dict(model="no_such_architecture", dict_dir=str(directory), length=64, target_length=8, beam=2, repeats=1,
                budget_s=60.0, model_args=[], modes=["generate_per_core"])
    record = papers.generate_per_core_mode(spec, "generate_per_core")
    assert record["status"] == "error" and "worker on core" in record["reason"]
    assert record["workers"] == len(os.sched_getaffinity(0))


def test_a_rewriters_generation_is_a_target_beside_the_transformers():
    """The papers targets hold the rewriter's generation against the transformer's at the length
    nearest 4,096, when the run has it (and no training target for it)."""
    def generation(seconds, cpu):
        return {"generate": {"status": "ok", "median_s": seconds, "cpu_median_s": cpu}}

    points = [dict(model="transformer_small", length=4096, **generation(6.0, 12.0)),
              dict(model="rewriter_restricted_fastformer_conv_small", length=4096, **generation(2.0, 3.0))]
    results = {"sections": {"papers": {"points": points, "beam": 4}}}
    rows = [t for t in report.targets(results) if "rewriter" in t["target"]]
    assert [t["target"] for t in rows] == ["generation speed per paper, rewriter_restricted_fastformer_conv_small / transformer_small"]
    assert rows[0]["measured"] == pytest.approx(3.0) and rows[0]["measured_cpu"] == pytest.approx(4.0) and rows[0]["pass"]
    assert not [t for t in report.targets({"sections": {"papers": {"points": points[:1], "beam": 4}}}) if "rewriter" in t["target"]]


def test_only_a_rewriter_reads_marks(tmp_path):
    from bench import papers

    directory = papers.write_dictionary(tmp_path / "dict", 300)
    built = {arch: papers.build_for(dict(model=arch, dict_dir=str(directory), length=128, target_length=8,
                                         model_args=[]), "generate")[1]
             for arch in ("transformer_small", "rewriter_restricted_fastformer_conv_small")}
    assert not papers.reads_marks(built["transformer_small"])
    assert papers.reads_marks(built["rewriter_restricted_fastformer_conv_small"])

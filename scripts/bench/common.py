"""Shared pieces: the machine record, timing, model building and the per-point subprocess runner.

Method (also stated on the results page):
- Time: `time.perf_counter` wall time around a full call (CPU ops are synchronous). One warm-up
  call (on at most 8,192 tokens of the same shape where the batch is larger: it exercises every
  code path without paying for a long call twice), then up to `repeats` timed calls; the figure
  is their median. A point whose first call exceeds its budget is recorded as out of time;
  otherwise the number of timed calls is cut to what fits in the budget (at least one) and the
  record says how many were taken. The process CPU time of the same calls is recorded too
  (`cpu_median_s`): on a machine that other processes keep busy it tracks the work done by the
  call better than the wall time does (with one thread per worker it is the wall time the call
  would take on an idle core, less memory-bandwidth contention).
- Memory: every (model, length) point runs in a fresh Python process. The process reads its own
  RSS high-water mark (`VmHWM` in /proc/self/status; `ru_maxrss` elsewhere) once the model and
  the inputs exist (the base), after the inference calls and after the training calls. Peak
  memory is the high-water mark minus the base: what the calls themselves needed. The training
  figure is the larger of both (the mark never goes down).
- Limits: the parent watches the child's RSS (every 0.2 s) and its wall time; a child over the
  memory limit or the time limit is killed and the point recorded as "out of memory" / "out of
  time", and so is a child that raises an allocation error. Before launching a point the parent
  extrapolates from the model's two previous lengths (time and memory grow by the same factor
  again) and records "skipped" with the estimate instead of running what cannot fit.
"""
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional

REPO = Path(__file__).resolve().parents[2]
BENCHMARK_SCRIPT = REPO / "scripts" / "benchmark.py"
RESULT_PREFIX = "BENCH-RESULT "


# ----------------------------------------------------------------------------------------------
# machine
# ----------------------------------------------------------------------------------------------


def proc_status_mb(field: str) -> Optional[float]:
    """VmHWM / VmRSS of this process in MiB (None where /proc is missing)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    if field == "VmHWM":
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    return None


def rss_of(pid: int) -> Optional[float]:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        return None
    return None


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def memory_total_gb() -> Optional[float]:
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return round(int(line.split()[1]) / 2**20, 1)
    except OSError:
        return None
    return None


def load_average():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def git_commit() -> Optional[str]:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=REPO, capture_output=True, text=True, timeout=10)
        return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return None


def machine_info(env: Dict[str, str]) -> dict:
    import torch

    from importlib import metadata

    fairseq_version = None
    for dist in ("fairseq-fixed", "fairseq"):  # read, not imported (importing fairseq takes seconds)
        try:
            fairseq_version = f"{dist} {metadata.version(dist)}"
            break
        except metadata.PackageNotFoundError:
            continue
    return {
        "cores": os.cpu_count(),
        "cpu": cpu_model(),
        "memory_gb": memory_total_gb(),
        "torch": torch.__version__,
        "torch_threads": torch.get_num_threads(),
        "torch_interop_threads": torch.get_num_interop_threads(),
        "blas": "mkl" if torch.backends.mkl.is_available() else "other",
        "cpu_capability": torch.backends.cpu.get_cpu_capability(),
        "fairseq": fairseq_version,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "git": git_commit(),
        "worker_env": env,
        "load_average_start": load_average(),
    }


# ----------------------------------------------------------------------------------------------
# timing
# ----------------------------------------------------------------------------------------------


def measure(fn: Callable[[], object], repeats: int, budget_s: float, warmup: Optional[Callable[[], object]] = None) -> dict:
    """Median wall time of fn() over up to `repeats` calls after one warm-up call, within about
    `budget_s` seconds. `warmup` (default: fn itself) may be the same computation on a smaller
    input, so that a long call is not paid for twice just to warm up."""
    t0 = time.perf_counter()
    (warmup or fn)()
    warmup_s = time.perf_counter() - t0
    if warmup is None and warmup_s > budget_s:
        return {"status": "out of time", "reason": f"one call took {warmup_s:.1f} s > budget {budget_s:.0f} s", "warmup_s": warmup_s}
    times, cpu = [], []
    while len(times) < repeats:
        c0, t0 = time.process_time(), time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        if times[0] > budget_s:
            return {"status": "out of time", "reason": f"one call took {times[0]:.1f} s > budget {budget_s:.0f} s", "warmup_s": warmup_s, "times_s": times}
        if warmup_s * (warmup is None) + sum(times) + statistics.mean(times) > budget_s:
            break
    return {"status": "ok", "median_s": statistics.median(times), "times_s": times, "repeats": len(times), "warmup_s": warmup_s,
            "cpu_median_s": statistics.median(cpu)}


def interleaved(fns: Dict[str, Callable[[], object]], repeats: int, warmup: int = 1) -> Dict[str, float]:
    """Median times of several functions measured in alternation (A B A B ...), so that a change
    of machine load hits all of them alike."""
    for fn in fns.values():
        for _ in range(warmup):
            fn()
    times = {name: [] for name in fns}
    for _ in range(repeats):
        for name, fn in fns.items():
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
    return {name: statistics.median(ts) for name, ts in times.items()}


# ----------------------------------------------------------------------------------------------
# models
# ----------------------------------------------------------------------------------------------

HIDDEN = dict(
    encoder_embed_dim=256,
    decoder_embed_dim=256,
    encoder_ffn_embed_dim=1024,
    decoder_ffn_embed_dim=1024,
    encoder_attention_heads=4,
    decoder_attention_heads=4,
)


class FakeTask:
    """The two dictionaries fairseq's build_model reads (one joined dictionary of `vocab` words)."""

    def __init__(self, vocab: int = 8000):
        from fairseq.data import Dictionary

        self.dictionary = Dictionary()
        for i in range(vocab):
            self.dictionary.add_symbol(f"w{i}")
        self.source_dictionary = self.target_dictionary = self.dictionary


def build_model(arch: str, task=None, **overrides):
    """A registered architecture as fairseq-train would build it (defaults, then overrides)."""
    import argparse

    import fairseq_plugins  # noqa: F401  (registers architectures, applies fixes)
    from fairseq.models import ARCH_CONFIG_REGISTRY, ARCH_MODEL_REGISTRY

    args = argparse.Namespace(arch=arch, **overrides)
    ARCH_CONFIG_REGISTRY[arch](args)
    return ARCH_MODEL_REGISTRY[arch].build_model(args, task or FakeTask())


def encoder_variants() -> Dict[str, dict]:
    """Every encoder we register, as {label: {"arch": ..., "overrides": {...}}}, read from the
    model's tables at run time (a mechanism added to a table shows up here by itself)."""
    import fairseq_plugins  # noqa: F401
    from fairseq.models import ARCH_MODEL_REGISTRY
    from fairseq_plugins.models.efficient_transformer import ENCODER_INPUT_STAGE, ENCODER_SELF_ATTENTION

    labels = {"softmax": "transformer", "strided_conv": "input_conv", "none": "conv_only"}
    needs = {"none": {"encoder_local_conv": 7}}  # no attention: the convolution is the only mixing (conv_only_small)
    variants = {}
    for name in ENCODER_SELF_ATTENTION:
        variants[labels.get(name, name)] = {"arch": "efficient_transformer", "overrides": {"encoder_self_attention": name, **needs.get(name, {})}}
    for stage in ENCODER_INPUT_STAGE:
        if stage != "none":
            variants[labels.get(stage, stage)] = {
                "arch": "efficient_transformer",
                "overrides": {"encoder_self_attention": "softmax", "encoder_input_stage": stage},
            }
    if "lightconv_small" in ARCH_MODEL_REGISTRY:
        variants["lightconv"] = {"arch": "lightconv_small", "overrides": {}}
    order = ["fastformer", "transformer", "local", "shifted_local", "input_conv", "memory_compressed", "conv_only", "lightconv"]
    return dict(sorted(variants.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))


# ----------------------------------------------------------------------------------------------
# the per-point subprocess
# ----------------------------------------------------------------------------------------------


def worker_env(thp: bool) -> Dict[str, str]:
    """What the worker processes get on top of the parent's environment."""
    env = {"PYTHONPATH": str(REPO) + os.pathsep + str(REPO / "scripts")}
    if thp:
        # PyTorch's own switch: 2 MiB-aligned buffers with madvise(MADV_HUGEPAGE) for large
        # tensors. Without it every fresh large tensor is page-faulted in 4 KiB at a time, which
        # on this VM makes a fresh 64 MiB tensor ~4x slower to fill than a reused one.
        env["THP_MEM_ALLOC_ENABLE"] = "1"
    return env


def run_point(spec: dict, env: Dict[str, str], time_limit_s: float, memory_limit_mb: float) -> dict:
    """Run one point in a fresh process (`benchmark.py --worker SPEC`), killing it when it
    exceeds the time or memory limit. Returns the worker's record, or a status record."""
    full_env = dict(os.environ)
    full_env.update(env)
    full_env["PYTHONPATH"] = env["PYTHONPATH"] + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else "")
    cmd = [sys.executable, str(BENCHMARK_SCRIPT), "--worker", json.dumps(spec)]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=full_env, cwd=REPO)
    killed, peak_seen = None, 0.0
    out = err = ""
    while True:
        try:
            out, err = proc.communicate(timeout=0.2)
            break
        except BaseException as stop:  # interrupted (Ctrl-C, SIGTERM): take the worker down too
            if not isinstance(stop, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()
                raise
            rss = rss_of(proc.pid)
            if rss is not None:
                peak_seen = max(peak_seen, rss)
            if rss is not None and rss > memory_limit_mb:
                killed = {"status": "out of memory", "reason": f"RSS {rss / 1024:.1f} GB > limit {memory_limit_mb / 1024:.1f} GB"}
            elif time.perf_counter() - start > time_limit_s:
                killed = {"status": "out of time", "reason": f"still running after {time_limit_s:.0f} s"}
            if killed:
                proc.kill()
                out, err = proc.communicate()
                break
    elapsed = time.perf_counter() - start
    result = None
    for line in out.splitlines():
        if line.startswith(RESULT_PREFIX):
            result = json.loads(line[len(RESULT_PREFIX):])
    if result is None:
        result = killed or {"status": "error", "reason": tail(err) or f"exit code {proc.returncode}"}
        result.update({key: spec[key] for key in ("kind", "model", "length", "batch") if key in spec})
    result["wall_s"] = round(elapsed, 2)
    result["rss_seen_mb"] = round(peak_seen, 1)
    return result


def tail(text: str, lines: int = 6) -> str:
    kept = [line for line in text.strip().splitlines() if "Warning" not in line and line.strip()]
    return " | ".join(kept[-lines:])[-1200:]


def extrapolate(history: List[tuple], length: int) -> Optional[float]:
    """Next value of a quantity measured at increasing lengths, assuming it keeps growing by
    the power of the length it grew by between the last two points (history: (length, value))."""
    points = [(n, v) for n, v in history if v is not None and v > 0]
    if len(points) < 2:
        return None
    (n0, v0), (n1, v1) = points[-2], points[-1]
    if n1 == n0:
        return v1
    exponent = max(0.0, math.log(v1 / v0) / math.log(n1 / n0))
    return v1 * (length / n1) ** exponent

#!/usr/bin/env python3
"""The longest input an encoder can afford at equal cost: train it briefly at each candidate length
with the study's recipe and compare its papers per second with a reference run's.

    python scripts/affordable_length.py --data-bin data-bin/sumpubmed --arch transformer_small \\
        --lengths 2048,3072,4096 --reference-log runs/papers_study/fastformer_8192/train.log

The equal-CPU-budget study (scripts/papers_study.sh) gives the transformer "the longest input it
can afford": the longest length at which it trains on as many papers per second as Fastformer
reading whole papers, so that in the same hour both see the same papers and differ only in how much
of each they read. Each candidate is a real fairseq-train run of ``--updates`` updates (recipe
``--recipe``, same batches of ``--max-tokens``, nothing saved); its rate is the papers of the
updates after the first ``--skip`` divided by their ``train_wall`` seconds, read from fairseq's own
``train_inner`` log lines, the same way as the reference run's whole log. Wall time: run it on a
quiet machine.
"""
import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def rate_of(lines: Iterable[str], skip: int, what: str) -> float:
    from fairseq_plugins.evaluation.study import papers_and_seconds  # here: argument errors need no fairseq import

    papers, seconds = papers_and_seconds(lines, skip)
    if seconds <= 0:
        raise SystemExit(f"affordable_length.py: {what}: no fairseq train_inner lines with training time after update {skip}")
    return papers / seconds


def measure(data_bin: str, recipe: str, arch: str, length: int, updates: int, skip: int) -> float:
    """Papers per second of ``arch`` reading ``length`` pieces, from a short fairseq-train run."""
    with tempfile.TemporaryDirectory() as save_dir:
        command = ["bash", str(ROOT / "scripts" / "train.sh"), recipe, data_bin, save_dir, "--arch", arch,
                   "--max-source-positions", str(length + 1), "--max-update", str(updates), "--log-interval", "2", "--no-save"]
        result = subprocess.run(command, capture_output=True, text=True, env=dict(os.environ, DEVICE="cpu"))
    if result.returncode != 0:
        raise SystemExit(f"affordable_length.py: {arch} at {length} pieces failed:\n{result.stderr[-2000:]}")
    return rate_of((result.stdout + result.stderr).splitlines(), skip, f"{arch} at {length}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-bin", required=True, help="the study's prepared data")
    parser.add_argument("--arch", required=True, help="the encoder-decoder to measure (a registered architecture)")
    parser.add_argument("--lengths", required=True, help="comma-separated candidate source lengths in pieces")
    parser.add_argument("--reference-log", required=True, help="the fairseq-train log of the reference run (its whole budget)")
    parser.add_argument("--recipe", default="papers_cpu", help="scripts/recipes.py recipe, as the study's [papers_cpu]")
    parser.add_argument("--updates", type=int, default=14, help="updates per candidate [14]")
    parser.add_argument("--skip", type=int, default=4, help="first updates left out, as a warm-up (even: logged every 2) [4]")
    args = parser.parse_args(argv)
    try:
        lengths = sorted(int(x) for x in args.lengths.split(",") if x.strip())
    except ValueError:
        parser.error(f"--lengths: comma-separated integers, not {args.lengths!r}")
    if not lengths or lengths[0] < 1:
        parser.error("--lengths: at least one positive length")
    if args.updates <= args.skip:
        parser.error("--updates must exceed --skip")
    if not (Path(args.data_bin) / "dict.source.txt").exists():
        parser.error(f"{args.data_bin}: no dict.source.txt (the directory prepare_data.py wrote)")
    try:
        reference = rate_of(Path(args.reference_log).read_text(errors="replace").splitlines(), 0, args.reference_log)
    except FileNotFoundError:
        parser.error(f"{args.reference_log}: no such file")
    print(f"reference: {reference:.3f} papers/s ({args.reference_log})")
    print("| length | papers/s | vs reference |")
    print("|---|---|---|")
    affordable = None
    for length in lengths:
        rate = measure(args.data_bin, args.recipe, args.arch, length, args.updates, args.skip)
        print(f"| {length:,} | {rate:.3f} | {rate / reference:.2f}x |", flush=True)
        if rate >= reference:
            affordable = length
    print(f"longest affordable: {affordable:,} pieces" if affordable else
          f"longest affordable: none of {args.lengths} (each trains on fewer papers a second than the reference)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

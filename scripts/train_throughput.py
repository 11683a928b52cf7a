#!/usr/bin/env python3
"""Training throughput (articles per second) of model variants on real batches: the speed side
of the CPU-budget levers (docs/cpu_budget.md).

    python scripts/train_throughput.py --data-bin data-bin/cnndm
    python scripts/train_throughput.py --data-bin data-bin/cnndm --variants fastformer,transformer --steps 6

Each variant is built as fairseq-train builds it (same task, criterion and flags), then timed on
the same batch of `--batch` validation articles: forward, label-smoothed loss, backward and an
Adam step, one warm-up step then the median of `--steps`. Every variant runs in fp32 and under
bf16 autocast (`--autocast-bf16`). Run it on a quiet machine: the figures are wall time.
"""
import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

COPY = ["--decoder-self-attention", "softmax", "--copy-attention"]
VARIANTS = {
    "fastformer": ["--arch", "fastformer_small", *COPY],
    "transformer": ["--arch", "transformer_small", *COPY],
    "fastformer_conv": ["--arch", "fastformer_conv_small", *COPY],
    "fastformer_no_copy": ["--arch", "fastformer_small", "--decoder-self-attention", "softmax"],
    "fastformer_small_decoder": ["--arch", "fastformer_small", *COPY, "--decoder-layers", "2",
                                 "--encoder-ffn-embed-dim", "512", "--decoder-ffn-embed-dim", "512"],
}


def build(data_dir: str, model_args, max_source_positions: int = 401, max_target_positions: int = 101, load_valid: bool = True):
    """(task, model, criterion) built as fairseq-train builds them from `model_args`; the task
    reads its dictionaries from `data_dir` (and the valid split unless `load_valid` is False:
    scripts/bench/papers.py times synthetic batches on a directory holding only dictionaries)."""
    from fairseq import options, tasks

    import fairseq_plugins  # noqa: F401

    parser = options.get_training_parser()
    args = options.parse_args_and_arch(parser, [
        data_dir, "--user-dir", str(ROOT / "fairseq_plugins"), "--task", "translation",
        "--source-lang", "source", "--target-lang", "target", "--truncate-source",
        "--max-source-positions", str(max_source_positions), "--max-target-positions", str(max_target_positions),
        "--criterion", "label_smoothed_cross_entropy", "--label-smoothing", "0.1", "--cpu", *model_args])
    task = tasks.setup_task(args)
    if load_valid:
        task.load_dataset("valid")
    return task, task.build_model(args), task.build_criterion(args)


def training_step(model, criterion, optimizer):
    """One training step on a sample, as fairseq-train takes it: forward, label-smoothed loss,
    backward and an Adam step."""

    def step(sample) -> None:
        loss, _, _ = criterion(model, sample)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()

    return step


def time_variant(data_bin: str, model_args, batch: int, steps: int) -> dict:
    import torch

    torch.manual_seed(1)
    task, model, criterion = build(data_bin, model_args)
    model.train()
    dataset = task.dataset("valid")
    sample = dataset.collater([dataset[i] for i in range(batch)])
    step = training_step(model, criterion, torch.optim.Adam(model.parameters(), lr=1e-4))
    times = []
    for i in range(steps + 1):
        start = time.perf_counter()
        step(sample)
        if i:  # the first step warms up
            times.append(time.perf_counter() - start)
    seconds = statistics.median(times)
    params = sum(p.numel() for p in model.parameters())
    return {"seconds": seconds, "articles_per_s": batch / seconds, "params": params}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-bin", required=True, help="a directory written by scripts/prepare_data.py")
    parser.add_argument("--variants", default=",".join(VARIANTS), help=f"comma-separated, from {', '.join(VARIANTS)}")
    parser.add_argument("--batch", type=int, default=16, help="validation articles per step [16]")
    parser.add_argument("--steps", type=int, default=4, help="timed steps after the warm-up [4]")
    args = parser.parse_args(argv)
    names = [v.strip() for v in args.variants.split(",") if v.strip()]
    unknown = [v for v in names if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant(s) {', '.join(unknown)}; choose from {', '.join(VARIANTS)}")
    if not (Path(args.data_bin) / "dict.source.txt").exists():
        parser.error(f"{args.data_bin}: no dict.source.txt (run scripts/prepare_data.py first)")
    import torch

    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, {os.cpu_count()} CPUs, "
          f"1-minute load {os.getloadavg()[0]:.1f}; batch {args.batch} articles, median of {args.steps} steps")
    print(f"| variant | parameters | fp32 s/step | fp32 articles/s | bf16 autocast s/step | bf16 articles/s | bf16 gain |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        fp32 = time_variant(args.data_bin, VARIANTS[name], args.batch, args.steps)
        bf16 = time_variant(args.data_bin, VARIANTS[name] + ["--autocast-bf16"], args.batch, args.steps)
        print(f"| {name} | {fp32['params'] / 1e6:.1f}M | {fp32['seconds']:.3f} | {fp32['articles_per_s']:.1f} | "
              f"{bf16['seconds']:.3f} | {bf16['articles_per_s']:.1f} | {fp32['seconds'] / bf16['seconds']:.2f}x |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

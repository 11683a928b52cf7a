#!/usr/bin/env python3
"""Validation loss against cumulative training time, read from fairseq checkpoints: a table and a
PNG, one line per run (docs/cpu_budget.md, docs/papers.md).

    python scripts/training_curve.py --run fastformer checkpoints/cpu_budget \\
        --run transformer checkpoints/cpu_budget_transformer --out docs/img/cpu_budget_curve.png
    python scripts/training_curve.py --data-bin data-bin/sumpubmed --documents 100 \\
        --run fastformer_8192 runs/papers_study/fastformer_8192 --run ... --out curve.png --json curve.json

A run is a directory of checkpoints (``checkpoint_*_*.pt``, a ``kept/`` subdirectory if any, and
``checkpoint_last.pt``, the end of the budget): each holds fairseq's cumulative training wall time
(``previous_training_time``) and its update count, so the curve needs no log parsing and survives
restarts. The loss is either

- the validation loss fairseq measured when it saved the checkpoint (the default; a checkpoint
  saved without validation is no point), or
- with ``--data-bin`` and ``--documents N``, the bits per target token on the first N validation
  documents, computed here for every checkpoint (``fairseq_plugins.likelihood``). Runs trained with
  ``--disable-validation`` (the papers study: validation would count as training time, and
  ``--max-valid-steps`` scores different papers in each run) are scored this way, all on the same
  documents. Scores are cached beside the checkpoints (``likelihood_valid_N.json``), so a resumed
  run's curve scores only its new checkpoints (a kept/ checkpoint: in kept/).
"""
import argparse
import json
import sys
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def checkpoint_files(run_dir: Path) -> List[Path]:
    files = {p.name: p for p in sorted(run_dir.glob("checkpoint_*_*.pt")) + sorted(run_dir.glob("kept/checkpoint_*_*.pt"))}
    last = run_dir / "checkpoint_last.pt"
    return list(files.values()) + ([last] if last.exists() else [])


def bookkeeping(path: Path) -> dict:
    """{updates, hours, val_loss} of one checkpoint (likelihood.bookkeeping); no model is built."""
    from fairseq_plugins import likelihood

    try:
        return likelihood.bookkeeping(path)
    except ValueError as err:  # a damaged or foreign file: say which, skip nothing silently
        raise SystemExit(f"training_curve.py: {err}") from None


def scored_loss(path: Path, data_bin: str, documents: int) -> float:
    from fairseq_plugins import likelihood

    try:
        return likelihood.cached_score(path, data_bin, documents)["nll_bits"]
    except (ValueError, FileNotFoundError) as err:
        raise SystemExit(f"training_curve.py: {err}") from None


def points(run_dir: Path, data_bin: Optional[str] = None, documents: int = 0):
    """[(hours, updates, loss)] of a run's checkpoints, by updates: the saved validation loss, or
    with data_bin the scored bits per token (see the module's docstring)."""
    rows = {}
    for path in checkpoint_files(run_dir):
        info = bookkeeping(path)
        if info["hours"] is None or info["updates"] in rows:  # checkpoint_last repeats an interval checkpoint
            continue
        loss = scored_loss(path, data_bin, documents) if data_bin else info["val_loss"]
        if loss is not None:
            rows[info["updates"]] = (info["hours"], info["updates"], loss)
    return [rows[k] for k in sorted(rows)]


def plot(curves: Dict[str, list], out: str, ylabel: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    for label, rows in curves.items():
        ax.plot([r[0] for r in rows], [r[2] for r in rows], marker="o", markersize=3, label=label)
    ax.set_xlabel("cumulative training time (hours, this machine)")
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=120)
    print(f"wrote {out}", file=sys.stderr)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", nargs=2, action="append", metavar=("LABEL", "CHECKPOINT_DIR"), required=True)
    parser.add_argument("--out", help="write the plot here (PNG)")
    parser.add_argument("--json", help="write the points here: {label: [[hours, updates, loss], ...]}")
    parser.add_argument("--data-bin", help="score every checkpoint on this prepared data's valid split (with --documents)")
    parser.add_argument("--documents", type=int, default=0, help="how many validation documents to score (the first N)")
    args = parser.parse_args(argv)
    if bool(args.data_bin) != (args.documents > 0):
        parser.error("--data-bin and --documents N (N >= 1) go together")
    if args.data_bin and not (Path(args.data_bin) / "dict.source.txt").exists():
        parser.error(f"{args.data_bin}: no dict.source.txt (--data-bin: the directory prepare_data.py wrote)")
    curves = {}
    for label, directory in args.run:
        if not Path(directory).is_dir():
            parser.error(f"{directory}: no such directory")
        curves[label] = points(Path(directory), args.data_bin, args.documents)
        if not curves[label]:
            what = "checkpoint with training time in it" if args.data_bin else "interval checkpoint with a validation loss in it"
            parser.error(f"{directory}: no {what}")
    measure = f"bits per token, first {args.documents} valid" if args.data_bin else "valid loss"
    print(f"| run | hours | updates | {measure} |")
    print("|---|---|---|---|")
    for label, rows in curves.items():
        for hours, updates, loss in rows:
            print(f"| {label} | {hours:.2f} | {updates} | {loss:.3f} |")
    if args.json:
        Path(args.json).write_text(json.dumps({label: [list(r) for r in rows] for label, rows in curves.items()}, indent=1) + "\n")
    if args.out:
        ylabel = (f"bits per summary token (first {args.documents} valid documents)" if args.data_bin
                  else "validation loss (label-smoothed, base 2)")
        plot(curves, args.out, ylabel)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Validation loss against cumulative training time, read from fairseq checkpoints: a table and a
PNG, one line per run (for the CPU-budget page, docs/cpu_budget.md).

    python scripts/training_curve.py --run fastformer checkpoints/cpu_budget \
        --run transformer checkpoints/cpu_budget_transformer --out docs/img/cpu_budget_curve.png

A run is a directory of checkpoints (``checkpoint_*_*.pt``, and a ``kept/`` subdirectory if any):
each holds fairseq's cumulative training wall time (``previous_training_time``), its update count
and the validation loss measured when it was saved, so the curve needs no log parsing and
survives restarts.
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def points(run_dir: Path):
    """[(hours, updates, valid loss)] of every interval checkpoint under run_dir, by updates."""
    import torch

    import fairseq_plugins  # noqa: F401  (allow-lists what fairseq checkpoints hold for the safe loader)

    files = {p.name: p for p in sorted(run_dir.glob("checkpoint_*_*.pt")) + sorted(run_dir.glob("kept/checkpoint_*_*.pt"))}
    rows = {}
    for path in files.values():
        try:  # only the bookkeeping is read: no model is built
            state = torch.load(path, map_location="cpu", weights_only=True)
            state["optimizer_history"][-1]
        except Exception as err:  # a damaged or foreign file: say which, skip nothing silently
            raise SystemExit(f"training_curve.py: {path}: not a readable fairseq checkpoint ({type(err).__name__}: {err})") from None
        extra = state.get("extra_state") or {}
        updates = state["optimizer_history"][-1].get("num_updates")
        if extra.get("val_loss") is None or extra.get("previous_training_time") is None:
            continue
        rows[updates] = (float(extra["previous_training_time"]) / 3600, updates, float(extra["val_loss"]))
    return [rows[k] for k in sorted(rows)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", nargs=2, action="append", metavar=("LABEL", "CHECKPOINT_DIR"), required=True)
    parser.add_argument("--out", help="write the plot here (PNG)")
    args = parser.parse_args(argv)
    curves = {}
    for label, directory in args.run:
        if not Path(directory).is_dir():
            parser.error(f"{directory}: no such directory")
        curves[label] = points(Path(directory))
        if not curves[label]:
            parser.error(f"{directory}: no interval checkpoint with a validation loss in it")
    print("| run | hours | updates | valid loss |")
    print("|---|---|---|---|")
    for label, rows in curves.items():
        for hours, updates, loss in rows:
            print(f"| {label} | {hours:.2f} | {updates} | {loss:.3f} |")
    if args.out:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 4))
        for label, rows in curves.items():
            ax.plot([r[0] for r in rows], [r[2] for r in rows], marker="o", markersize=3, label=label)
        ax.set_xlabel("cumulative training time (hours, this machine)")
        ax.set_ylabel("validation loss (label-smoothed, base 2)")
        ax.grid(True, alpha=0.3)
        ax.legend()
        fig.tight_layout()
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(args.out, dpi=120)
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

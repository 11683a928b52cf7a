#!/usr/bin/env python3
"""Validation loss against cumulative training time, read from fairseq checkpoints: a table and a
PNG, one line per run (docs/cpu_budget.md, docs/papers.md).

    python scripts/training_curve.py --run fastformer checkpoints/cpu_budget \\
        --run transformer checkpoints/cpu_budget_transformer --out docs/img/cpu_budget_curve.png
    python scripts/training_curve.py --data-bin data-bin/sumpubmed --documents 100 \\
        --run fastformer_8192 runs/papers_study/fastformer_8192 --run ... --out curve.png --json curve.json
    python scripts/training_curve.py --records docs/papers_study/*.json --out docs/img/papers_study_curve.png

A run is a directory of checkpoints (``checkpoint_*_*.pt``, a ``kept/`` subdirectory if any, and
``checkpoint_last.pt``, the end of the budget): each holds fairseq's cumulative training wall time
(``previous_training_time``) and its update count, so the curve needs no log parsing and survives
restarts. The loss is either

- the validation loss fairseq measured when it saved the checkpoint (the default; a checkpoint
  saved without validation is no point), or
- with ``--data-bin`` and ``--documents N``, the bits per target token on the first N validation
  documents, computed here for every checkpoint (``fairseq_plugins.evaluation.likelihood``). Runs trained with
  ``--disable-validation`` (the papers study: validation would count as training time, and
  ``--max-valid-steps`` scores different papers in each run) are scored this way, all on the same
  documents. Scores are cached beside the checkpoints (``likelihood_valid_N.json``), so a resumed
  run's curve scores only its new checkpoints (a kept/ checkpoint: in kept/).

``--records`` draws the curves kept in study records instead (fairseq_plugins/evaluation/study.py: bits per
summary token, scored when the row was recorded), so no checkpoint needs to be there; records
without a curve (the baselines) are left out.
"""
import argparse
import json
import sys
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def points(run_dir: Path, data_bin: Optional[str] = None, documents: int = 0):
    """fairseq_plugins.evaluation.study.curve, with a damaged or foreign checkpoint a one-line error."""
    from fairseq_plugins.evaluation import study

    try:
        return study.curve(run_dir, data_bin, documents)
    except (ValueError, FileNotFoundError) as err:
        raise SystemExit(f"training_curve.py: {err}") from None


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
    parser.add_argument("--run", nargs=2, action="append", metavar=("LABEL", "CHECKPOINT_DIR"), default=[])
    parser.add_argument("--records", nargs="+", metavar="RECORD", default=[],
                        help="study records (JSON) whose curves to draw, instead of --run directories")
    parser.add_argument("--out", help="write the plot here (PNG)")
    parser.add_argument("--json", help="write the points here: {label: [[hours, updates, loss], ...]}")
    parser.add_argument("--data-bin", help="score every checkpoint on this prepared data's valid split (with --documents)")
    parser.add_argument("--documents", type=int, default=0, help="how many validation documents to score (the first N)")
    args = parser.parse_args(argv)
    if bool(args.run) == bool(args.records):
        parser.error("give --run LABEL DIR (one or more) or --records FILE..., not both")
    if args.records:
        curves, documents = record_curves(args.records, parser)
        if documents is None:  # the validation loss fairseq saved with each checkpoint
            return report(curves, args, "valid loss", "validation loss saved with each checkpoint (base 2)")
        return report(curves, args, f"bits per token, first {documents} valid",
                      f"bits per summary token, first {documents} valid")
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
    if args.data_bin:
        return report(curves, args, f"bits per token, first {args.documents} valid",
                      f"bits per summary token, first {args.documents} valid")
    return report(curves, args, "valid loss", "validation loss (label-smoothed, base 2)")


def record_curves(paths, parser):
    """{name: curve} of the records that have one, and the number of documents they were scored on."""
    from fairseq_plugins.evaluation import study

    curves, documents = {}, set()
    for path in paths:
        try:
            record = study.read_record(path)
        except study.RecordError as err:
            parser.error(str(err))
        if record["curve"]:
            curves[record["name"]] = record["curve"]
            documents.add(record["documents"])
    if not curves:
        parser.error("none of the records has a curve (baselines have none)")
    if len(documents) > 1:
        parser.error(f"the records' curves were scored on different numbers of documents ({sorted(documents)})")
    return curves, documents.pop()


def report(curves: Dict[str, list], args, column: str, ylabel: str) -> int:
    """The points as a markdown table on stdout (the loss in ``column``), and the --json and --out
    files (the plot's axis: ``ylabel``)."""
    print(f"| run | hours | updates | {column} |")
    print("|---|---|---|---|")
    for label, rows in curves.items():
        for hours, updates, loss in rows:
            print(f"| {label} | {hours:.2f} | {updates} | {loss:.3f} |")
    if args.json:
        Path(args.json).write_text(json.dumps({label: [list(r) for r in rows] for label, rows in curves.items()}, indent=1) + "\n")
    if args.out:
        plot(curves, args.out, ylabel)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The equal-budget comparison table (markdown) from runs written by scripts/compare_at_budget.sh.

    python scripts/budget_table.py runs/NAME_A runs/NAME_B [--comparison runs/compare_1h.json]
    python scripts/budget_table.py runs/lever_* --against runs/lever_baseline

Each RUN directory holds ``model/model.json`` (scripts/export_model.py: architecture, updates,
training hours, validation loss) and ``valid/scores.json`` (scripts/evaluate.py generate).
``--against BASE`` adds a column with each run's ROUGE-1 minus BASE's on the same documents, a
paired bootstrap 95% interval and p-value (scripts/cpu_budget_levers.sh: each lever against the
recipe): on a few hundred articles a lever's effect is often smaller than either run's own
interval, and pairing removes the spread that comes from the articles.  Runs evaluated since the
readability measures exist (fairseq_plugins/faithfulness.py) also get their share of spliced
sentences and of cut-off summaries; older ones an empty cell.
"""
import argparse
import json
import sys
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

ROUGE = [("rouge1", "R-1"), ("rouge2", "R-2"), ("rougeL", "R-L"), ("rougeLsum", "R-Lsum")]
READABILITY = [("spliced_sentences", "spliced %"), ("cut_off", "cut off %")]


def read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise SystemExit(f"budget_table.py: {path} not found (train and evaluate the run first)") from None
    except ValueError as err:
        raise SystemExit(f"budget_table.py: {path}: not JSON ({err})") from None


def run_row(run: Path) -> list:
    card, scores = read_json(run / "model" / "model.json"), read_json(run / "valid" / "scores.json")
    cells = [run.name, card.get("arch", "?"), f"{card.get('training_hours', float('nan')):.2f}", str(card.get("num_updates", "?")),
             f"{card['valid_loss']:.3f}" if "valid_loss" in card else "", str(scores.get("n", "?"))]
    for key, _ in ROUGE:
        r = scores["rouge"][key]
        cells.append(f"{r['mean']:.2f} [{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}]")
    readability = scores.get("readability", {})
    cells += [f"{readability[key]['mean']:.1f}" if key in readability else "" for key, _ in READABILITY]
    return cells


def paired_r1(run: dict, base: dict) -> str:
    """A run's ROUGE-1 minus the base's on the same documents: delta [95% CI], p (paired bootstrap
    over the per-document scores evaluate.py stores). ``run`` and ``base`` are read_outputs results."""
    from fairseq_plugins.evaluation import paired_bootstrap

    r1 = paired_bootstrap(*({"rouge1": outputs["meta"]["per_document"]["rouge1"]} for outputs in (run, base)))["rouge1"]
    return f"{r1['delta']:+.2f} [{r1['ci95'][0]:+.2f}, {r1['ci95'][1]:+.2f}], p = {r1['p_value']:.3f}"


def read_valid_outputs(run: Path, base: Optional[dict] = None) -> dict:
    """``run``/valid as evaluation.read_outputs gives it, checked to hold per-document scores and,
    with ``base`` (an earlier result of this function), to be on the base's documents."""
    from fairseq_plugins.evaluation import EvaluationError, check_same_documents, read_outputs  # imports fairseq

    try:
        outputs = read_outputs(run / "valid")
        if base is not None:
            check_same_documents(outputs, base, run / "valid", base["dir"])
    except EvaluationError as err:
        raise SystemExit(f"budget_table.py: {err}") from None
    if "per_document" not in outputs["meta"]:
        raise SystemExit(f"budget_table.py: {run}/valid/scores.json has no per-document scores "
                         "(write it with scripts/evaluate.py generate or merge --out)")
    return dict(outputs, dir=run / "valid")


def table(runs, comparison=None, against=None) -> str:
    head = ["run", "arch", "hours", "updates", "valid loss", "articles"] + [name for _, name in ROUGE + READABILITY]
    if against:
        head.append(f"R-1 minus {Path(against).name} (paired)")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    base = read_valid_outputs(Path(against)) if against else None  # read once, compared with every run
    for run in map(Path, runs):
        cells = run_row(run)
        if against:
            same = run.resolve() == Path(against).resolve()
            cells.append("" if same else paired_r1(read_valid_outputs(run, base), base))
        lines.append("| " + " | ".join(cells) + " |")
    if comparison:
        metrics = comparison["metrics"]
        lines += ["", f"Paired bootstrap, first minus second ({comparison['n']} articles, {comparison['bootstrap']['resamples']} resamples): "
                  + "; ".join(f"{name} {metrics[key]['delta']:+.2f} [{metrics[key]['ci95'][0]:+.2f}, {metrics[key]['ci95'][1]:+.2f}], "
                              f"p = {metrics[key]['p_value']:.4f}" for key, name in ROUGE)]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", metavar="RUN", help="runs/NAME directories")
    parser.add_argument("--comparison", help="evaluate.py compare --out JSON of the first two runs")
    parser.add_argument("--against", metavar="BASE", help="a run directory: add each run's ROUGE-1 minus BASE's, paired bootstrap")
    args = parser.parse_args(argv)
    print(table(args.runs, read_json(Path(args.comparison)) if args.comparison else None, args.against))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The equal-budget comparison table (markdown) from runs written by scripts/compare_at_budget.sh.

    python scripts/budget_table.py runs/NAME_A runs/NAME_B [--comparison runs/compare_1h.json]

Each RUN directory holds ``model/model.json`` (scripts/export_model.py: architecture, updates,
training hours, validation loss) and ``valid/scores.json`` (scripts/evaluate.py generate).
"""
import argparse
import json
import sys
from pathlib import Path

ROUGE = [("rouge1", "R-1"), ("rouge2", "R-2"), ("rougeL", "R-L"), ("rougeLsum", "R-Lsum")]


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
    return cells


def table(runs, comparison=None) -> str:
    head = ["run", "arch", "hours", "updates", "valid loss", "articles"] + [name for _, name in ROUGE]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(run_row(Path(r))) + " |" for r in runs]
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
    args = parser.parse_args(argv)
    print(table(args.runs, read_json(Path(args.comparison)) if args.comparison else None))
    return 0


if __name__ == "__main__":
    sys.exit(main())

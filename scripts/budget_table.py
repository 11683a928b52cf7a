#!/usr/bin/env python3
"""The equal-budget comparison table (markdown) from runs written by scripts/compare_at_budget.sh,
scripts/cpu_budget_levers.sh and scripts/papers_study.sh.

    python scripts/budget_table.py runs/NAME_A runs/NAME_B [--comparison runs/compare_1h.json]
    python scripts/budget_table.py runs/lever_* --against runs/lever_baseline
    python scripts/budget_table.py runs/papers_study/* runs/papers_eval/lead15 runs/papers_eval/oracle \
        --against runs/papers_study/fastformer_8192 --paired rouge1,rouge2,rougeLsum \
        --bits-on data-bin/sumpubmed --documents 100

A RUN directory is one of
- a trained and exported run: ``model/model.json`` (scripts/export_model.py: architecture, updates,
  training hours, validation loss) and ``valid/scores.json`` (scripts/evaluate.py generate);
- a study row: ``checkpoint_last.pt`` (fairseq's own bookkeeping: architecture, source pieces
  read, updates, cumulative training hours) and ``valid/scores.json``;
- a baseline: an evaluate.py output directory itself (lead-k, the oracle), ROUGE only.

``--against BASE`` adds, for each metric of ``--paired`` (default ROUGE-1), a column with each
run's score minus BASE's on the same documents, a paired bootstrap 95% interval and p-value: on a
few hundred articles an effect is often smaller than either run's own interval, and pairing removes
the spread that comes from the articles. ``--bits-on DATA_BIN --documents N`` adds each study row's
bits per summary token on the first N valid documents (fairseq_plugins.likelihood, cached beside
the checkpoint), a measure of the model that needs no decoding. Runs evaluated since the
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


def valid_dir(run: Path) -> Path:
    """Where a run's evaluate.py outputs are: RUN/valid, or RUN itself for a baseline."""
    return run / "valid" if (run / "valid").is_dir() or not (run / "scores.json").exists() else run


def study_card(checkpoint: Path) -> dict:
    """A model.json-like card from a checkpoint's own bookkeeping (no model is built)."""
    from fairseq_plugins import likelihood

    try:
        info = likelihood.bookkeeping(checkpoint)
    except ValueError as err:
        raise SystemExit(f"budget_table.py: {err}") from None
    card = {"arch": info["arch"] or "?", "num_updates": info["updates"]}
    card.update({key: info[source] for key, source in (("source_pieces", "source_pieces"), ("training_hours", "hours"))
                 if info[source] is not None})
    return card


def run_card(run: Path) -> dict:
    if (run / "model" / "model.json").exists():
        return read_json(run / "model" / "model.json")
    if (run / "checkpoint_last.pt").exists():
        return study_card(run / "checkpoint_last.pt")
    if (run / "scores.json").exists():  # a baseline: the system is all there is to say
        return {"arch": read_json(run / "scores.json").get("system", run.name)}
    return read_json(run / "model" / "model.json")  # neither: says which file is missing


def run_row(run: Path, bits=None) -> list:
    card, scores = run_card(run), read_json(valid_dir(run) / "scores.json")
    arch = card.get("arch", "?") + (f", {card['source_pieces']:,} pieces" if "source_pieces" in card else "")
    hours = f"{card['training_hours']:.2f}" if "training_hours" in card else ""
    cells = [run.name, arch, hours, str(card.get("num_updates", "")),
             f"{card['valid_loss']:.3f}" if "valid_loss" in card else "", str(scores.get("n", "?"))]
    if bits is not None:
        cells.append(bits_cell(run, *bits))
    for key, _ in ROUGE:
        r = scores["rouge"][key]
        cells.append(f"{r['mean']:.2f} [{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}]")
    readability = scores.get("readability", {})
    cells += [f"{readability[key]['mean']:.1f}" if key in readability else "" for key, _ in READABILITY]
    return cells


def bits_cell(run: Path, data_bin: str, documents: int) -> str:
    from fairseq_plugins import likelihood

    checkpoint = run / "checkpoint_last.pt"
    if not checkpoint.exists():
        return ""
    try:
        return f"{likelihood.cached_score(checkpoint, data_bin, documents)['nll_bits']:.3f}"
    except (ValueError, FileNotFoundError) as err:
        raise SystemExit(f"budget_table.py: {err}") from None


def paired(run: dict, base: dict, metrics) -> list:
    """A run's scores minus the base's on the same documents, one cell a metric: delta [95% CI], p
    (paired bootstrap over the per-document scores evaluate.py stores). ``run`` and ``base`` are
    read_valid_outputs results."""
    from fairseq_plugins.evaluation import paired_bootstrap

    per_document = [{key: outputs["meta"]["per_document"][key] for key in metrics} for outputs in (run, base)]
    result = paired_bootstrap(*per_document)
    return [f"{result[key]['delta']:+.2f} [{result[key]['ci95'][0]:+.2f}, {result[key]['ci95'][1]:+.2f}], "
            f"p = {result[key]['p_value']:.3f}" for key in metrics]


def read_valid_outputs(run: Path, base: Optional[dict] = None) -> dict:
    """A run's evaluate.py outputs as evaluation.read_outputs gives them, checked to hold
    per-document scores and, with ``base`` (an earlier result of this function), to be on the
    base's documents."""
    from fairseq_plugins.evaluation import EvaluationError, check_same_documents, read_outputs  # imports fairseq

    directory = valid_dir(run)
    try:
        outputs = read_outputs(directory)
        if base is not None:
            check_same_documents(outputs, base, directory, base["dir"])
    except EvaluationError as err:
        raise SystemExit(f"budget_table.py: {err}") from None
    if "per_document" not in outputs["meta"]:
        raise SystemExit(f"budget_table.py: {directory}/scores.json has no per-document scores "
                         "(write it with scripts/evaluate.py generate or merge --out)")
    return dict(outputs, dir=directory)


def table(runs, comparison=None, against=None, metrics=("rouge1",), bits=None) -> str:
    names = dict(ROUGE)
    head = ["run", "arch", "hours", "updates", "valid loss", "articles"]
    if bits is not None:
        head.append(f"bits/token (first {bits[1]} valid)")
    head += [name for _, name in ROUGE + READABILITY]
    if against:
        head += [f"{names[key]} minus {Path(against).name} (paired)" for key in metrics]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    base = read_valid_outputs(Path(against)) if against else None  # read once, compared with every run
    for run in map(Path, runs):
        cells = run_row(run, bits)
        if against:
            same = run.resolve() == Path(against).resolve()
            cells += [""] * len(metrics) if same else paired(read_valid_outputs(run, base), base, metrics)
        lines.append("| " + " | ".join(cells) + " |")
    if comparison:
        metrics = comparison["metrics"]
        lines += ["", f"Paired bootstrap, first minus second ({comparison['n']} articles, {comparison['bootstrap']['resamples']} resamples): "
                  + "; ".join(f"{name} {metrics[key]['delta']:+.2f} [{metrics[key]['ci95'][0]:+.2f}, {metrics[key]['ci95'][1]:+.2f}], "
                              f"p = {metrics[key]['p_value']:.4f}" for key, name in ROUGE)]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("runs", nargs="+", metavar="RUN", help="run directories (see above)")
    parser.add_argument("--comparison", help="evaluate.py compare --out JSON of the first two runs")
    parser.add_argument("--against", metavar="BASE", help="a run directory: add each run's scores minus BASE's, paired bootstrap")
    parser.add_argument("--paired", default="rouge1", help="comma-separated metrics for --against (default rouge1; "
                        f"from {', '.join(key for key, _ in ROUGE)})")
    parser.add_argument("--bits-on", metavar="DATA_BIN", help="add study rows' bits per summary token on this data's valid split")
    parser.add_argument("--documents", type=int, default=100, help="how many validation documents --bits-on scores (default 100)")
    args = parser.parse_args(argv)
    metrics = [key for key in args.paired.split(",") if key]
    unknown = [key for key in metrics if key not in dict(ROUGE)]
    if unknown or not metrics:
        parser.error(f"--paired: unknown metric(s) {', '.join(unknown) or '(none given)'}; known: {', '.join(key for key, _ in ROUGE)}")
    if args.bits_on and not (Path(args.bits_on) / "dict.source.txt").exists():
        parser.error(f"{args.bits_on}: no dict.source.txt (--bits-on: the directory prepare_data.py wrote)")
    bits = (args.bits_on, args.documents) if args.bits_on else None
    print(table(args.runs, read_json(Path(args.comparison)) if args.comparison else None, args.against, metrics, bits))
    return 0


if __name__ == "__main__":
    sys.exit(main())

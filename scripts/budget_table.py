#!/usr/bin/env python3
"""The equal-budget comparison table (markdown) from runs written by scripts/compare_at_budget.sh,
scripts/cpu_budget_levers.sh and scripts/papers_study.sh.

    python scripts/budget_table.py runs/NAME_A runs/NAME_B [--comparison runs/compare_1h.json]
    python scripts/budget_table.py runs/lever_* --against runs/lever_baseline
    python scripts/budget_table.py docs/papers_study/{fastformer_8192,transformer_long,lead15}.json \
        --against docs/papers_study/fastformer_8192.json --paired rouge1,rouge2,rougeLsum

A RUN is one of
- a trained and exported run: ``model/model.json`` (scripts/export_model.py: architecture, updates,
  training hours, validation loss) and ``valid/scores.json`` (scripts/evaluate.py generate);
- a study row's directory: ``checkpoint_last.pt`` (fairseq's own bookkeeping: architecture, source
  pieces read, updates, cumulative training hours) and ``valid/scores.json``;
- a baseline: an evaluate.py output directory itself (lead-k, the oracle), ROUGE only;
- a study record, ``NAME.json`` (fairseq_plugins/evaluation/study.py, scripts/study_record.py): all of the above
  that the table needs, kept in the repository once a row is done; its card adds the papers the row
  saw, and its curve's last point gives its bits per summary token.

``--against BASE`` adds, for each metric of ``--paired`` (default ROUGE-1), a column with each
run's score minus BASE's on the same documents, a paired bootstrap 95% interval and p-value: on a
few hundred articles an effect is often smaller than either run's own interval, and pairing removes
the spread that comes from the articles. ``--bits-on DATA_BIN --documents N`` adds each study row's
bits per summary token on the first N valid documents (fairseq_plugins.evaluation.likelihood, cached beside
the checkpoint), a measure of the model that needs no decoding. Runs evaluated since the
readability measures exist (fairseq_plugins/evaluation/faithfulness.py) also get their share of spliced
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
    from fairseq_plugins.evaluation import likelihood

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


def is_record(run: Path) -> bool:
    """A study record (fairseq_plugins/evaluation/study.py) rather than a run directory."""
    return run.suffix == ".json" and not run.is_dir()


def read_record(run: Path) -> dict:
    from fairseq_plugins.evaluation import study

    try:
        return study.read_record(run)
    except study.RecordError as err:
        raise SystemExit(f"budget_table.py: {err}") from None


def read_run(run: Path, bits=None) -> dict:
    """A RUN argument as the table reads it, once: ``{name, card, scores, bits, documents, record}``.
    ``bits``: bits per summary token at the end of training, a record's last curve point or, with
    ``--bits-on``, a study directory's checkpoint scored now; None for a run without either.
    ``documents``: how many valid documents those bits are on. ``record``: the study record itself
    (None for a directory), which also serves a paired comparison."""
    if is_record(run):
        record = read_record(run)
        card = record["card"] or {"arch": record["scores"].get("system", record["name"])}
        return {"name": record["name"], "card": card, "scores": record["scores"],
                "bits": record["curve"][-1][2] if record["curve"] else None,
                "documents": record["documents"] if record["curve"] else None, "record": record}
    card = run_card(run)
    return {"name": run.name, "card": card, "scores": read_json(valid_dir(run) / "scores.json"),
            "bits": checkpoint_bits(run, *bits) if bits else None, "documents": bits[1] if bits else None,
            "record": None}


def checkpoint_bits(run: Path, data_bin: str, documents: int) -> Optional[float]:
    from fairseq_plugins.evaluation import likelihood

    checkpoint = run / "checkpoint_last.pt"
    if not checkpoint.exists():
        return None
    try:
        return likelihood.cached_score(checkpoint, data_bin, documents)["nll_bits"]
    except (ValueError, FileNotFoundError) as err:
        raise SystemExit(f"budget_table.py: {err}") from None


def run_row(run: dict, bits_column: bool, papers_column: bool, loss_column: bool) -> list:
    card, scores = run["card"], run["scores"]
    arch = card.get("arch", "?") + (f", {card['source_pieces']:,} pieces" if card.get("source_pieces") else "")
    hours = f"{card['training_hours']:.2f}" if card.get("training_hours") is not None else ""
    cells = [run["name"], arch, hours, str(card.get("num_updates") or "")]
    if papers_column:
        cells.append(f"{card['papers_seen']:,}" if card.get("papers_seen") else "")
    if loss_column:
        cells.append(f"{card['valid_loss']:.3f}" if card.get("valid_loss") is not None else "")
    cells.append(str(scores.get("n", "?")))
    if bits_column:
        cells.append(f"{run['bits']:.3f}" if run["bits"] is not None else "")
    for key, _ in ROUGE:
        r = scores["rouge"][key]
        cells.append(f"{r['mean']:.2f} [{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}]")
    readability = scores.get("readability", {})
    cells += [f"{readability[key]['mean']:.1f}" if key in readability else "" for key, _ in READABILITY]
    return cells


def documents_of(run: Path, read: dict) -> dict:
    """What a paired comparison needs of a run (``read``: its read_run result), in a study record's
    shape: ``{name, ids, references_sha256, scores}`` (scores with per-document values)."""
    from fairseq_plugins.evaluation import study

    if read["record"] is not None:
        return read["record"]
    outputs = read_valid_outputs(run)
    return {"name": str(outputs["dir"]), "ids": outputs["ids"], "scores": outputs["meta"],
            "references_sha256": study.references_sha256(outputs["references"])}


def paired(run: dict, base: dict, metrics) -> list:
    """A run's scores minus the base's on the same documents, one cell a metric: delta [95% CI], p
    (paired bootstrap over the per-document scores). ``run`` and ``base``: documents_of results."""
    from fairseq_plugins.evaluation import study
    from fairseq_plugins.evaluation import paired_bootstrap

    try:
        study.check_same_documents(run, base)
    except study.RecordError as err:
        raise SystemExit(f"budget_table.py: {err}") from None
    per_document = [{key: documents["scores"]["per_document"][key] for key in metrics} for documents in (run, base)]
    result = paired_bootstrap(*per_document)
    return [f"{result[key]['delta']:+.2f} [{result[key]['ci95'][0]:+.2f}, {result[key]['ci95'][1]:+.2f}], "
            f"p = {result[key]['p_value']:.3f}" for key in metrics]


def read_valid_outputs(run: Path) -> dict:
    """A run directory's evaluate.py outputs as evaluation.read_outputs gives them, checked to hold
    per-document scores."""
    from fairseq_plugins.evaluation import EvaluationError, read_outputs  # imports fairseq

    directory = valid_dir(run)
    try:
        outputs = read_outputs(directory)
    except EvaluationError as err:
        raise SystemExit(f"budget_table.py: {err}") from None
    if "per_document" not in outputs["meta"]:
        raise SystemExit(f"budget_table.py: {directory}/scores.json has no per-document scores "
                         "(write it with scripts/evaluate.py generate or merge --out)")
    return dict(outputs, dir=directory)


def table(runs, comparison=None, against=None, metrics=("rouge1",), bits=None) -> str:
    names = dict(ROUGE)
    paths = [Path(run) for run in runs]
    read = [read_run(path, bits) for path in paths]
    documents = bits[1] if bits else next((run["documents"] for run in read if run["documents"]), None)
    bits_column = documents is not None
    # columns that only some kinds of run fill: shown when one of the runs has them
    papers_column = any(run["card"].get("papers_seen") for run in read)
    loss_column = any(run["card"].get("valid_loss") is not None for run in read)
    head = (["run", "arch", "hours", "updates"] + (["papers seen"] if papers_column else [])
            + (["valid loss"] if loss_column else []) + ["articles"])
    if bits_column:
        head.append(f"bits/token (first {documents} valid)")
    head += [name for _, name in ROUGE + READABILITY]
    base = None
    if against:  # the base: one of the runs already read, or read here; compared with every run
        against = Path(against)
        base_run = next((run for path, run in zip(paths, read) if path.resolve() == against.resolve()), None)
        base_run = base_run or read_run(against)
        base = documents_of(against, base_run)
        head += [f"{names[key]} minus {base_run['name']} (paired)" for key in metrics]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for path, run in zip(paths, read):
        cells = run_row(run, bits_column, papers_column, loss_column)
        if against:
            same = path.resolve() == against.resolve()
            cells += [""] * len(metrics) if same else paired(documents_of(path, run), base, metrics)
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

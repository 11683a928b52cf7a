"""Records of an equal-budget study: what a trained and evaluated row leaves behind in the repository.

A study row (scripts/papers_study.sh) trains for an hour and is scored on hundreds of papers; the
study may go on across several machines, or on a machine whose disk is wiped between runs, where
checkpoints and output directories do not last. So once a row is trained and evaluated, everything
the study's table and curves need is kept as one small JSON record, ``docs/papers_study/ROW.json``,
and later runs of the study train only the rows that have none. A record holds

- ``card``: what the row is and what its budget bought, from the checkpoint's own bookkeeping and
  fairseq's log: architecture, source pieces read, updates, training hours, papers seen, and the
  threads it trained with;
- ``curve``: ``[[hours, updates, bits], ...]``, bits per summary token on the first ``documents``
  valid papers for every kept checkpoint (fairseq_plugins.evaluation.likelihood), by updates; or,
  with ``documents`` None, the validation loss fairseq saved with each (the extractive study's
  rows, whose loss is on sentence labels);
- ``scores``: evaluate.py's ``scores.json`` (settings, corpus means with intervals, per-document
  ROUGE and readability measures);
- ``ids`` and ``references_sha256``: which documents were scored, in order, and a hash of their
  reference summaries. A paired comparison needs both records on the same documents with the same
  references; the hash checks that without keeping the abstracts, which are the data set's text and
  stay out of the repository. The hypotheses stay out for the same reason (they copy the papers).

A baseline (lead-k, the oracle) is a record with scores alone.
"""
import hashlib
import json
import re
from pathlib import Path
from typing import Iterable, List, Optional, Sequence, Tuple

RECORD_VERSION = 1

# a train_inner line, as fairseq prints it ("| train_inner | epoch 001: ... bsz=2.7, num_updates=10, ...
# train_wall=54") or writes it to --log-file (without the prefix); the epoch summaries ("| bsz 2.6 |")
# and validation lines have no "key=value" and are not matched
_INNER = re.compile(r"\bbsz=([\d.]+),.*?\bnum_updates=(\d+),.*?\btrain_wall=([\d.]+)")
_UPS = re.compile(r"\bups=([\d.]+)")
# fairseq prints train_wall in whole seconds: a line under this many (a GPU's ten updates) takes its
# seconds from ups, updates a second with two decimals, instead
_COARSE_WALL = 10.0


class RecordError(ValueError):
    """A record that cannot be made or read: the message says which file and why."""


def papers_and_seconds(lines: Iterable[str], skip: int = 0) -> Tuple[float, float]:
    """(papers, training seconds) over fairseq's ``train_inner`` lines, leaving out the first
    ``skip`` updates. A line covers the updates since the previous one: bsz is their mean batch,
    train_wall their seconds (from ups when train_wall, whole seconds, is under _COARSE_WALL). A
    line that reaches no further than the previous one is a repeat (fairseq without fixes.py writes
    epoch k's lines k times to --log-file) and counts nothing."""
    papers = seconds = 0.0
    previous = 0
    for line in lines:
        match = _INNER.search(line)
        if not match:
            continue
        bsz, updates, wall = float(match.group(1)), int(match.group(2)), float(match.group(3))
        if updates <= previous:
            continue
        ups = _UPS.search(line)
        if wall < _COARSE_WALL and ups and float(ups.group(1)) > 0:
            wall = (updates - previous) / float(ups.group(1))
        if previous >= skip:
            papers += bsz * (updates - previous)
            seconds += wall
        previous = updates
    return papers, seconds


def references_sha256(references: Sequence[str]) -> str:
    """One hash of the reference summaries, in order (each line as evaluate.py writes it)."""
    digest = hashlib.sha256()
    for reference in references:
        digest.update(reference.encode("utf-8") + b"\n")
    return digest.hexdigest()


def _outputs(directory: Path) -> dict:
    from fairseq_plugins.evaluation import EvaluationError, read_outputs  # imports fairseq

    try:
        outputs = read_outputs(directory)
    except EvaluationError as err:
        raise RecordError(str(err)) from None
    if "per_document" not in outputs["meta"]:
        raise RecordError(f"{directory}/scores.json has no per-document scores (write it with scripts/evaluate.py generate)")
    return outputs


def run_card(run_dir: Path, threads: Optional[int] = None) -> dict:
    """A row's card from its ``checkpoint_last.pt`` and ``train.log`` (see the module docstring)."""
    from fairseq_plugins.evaluation import likelihood

    try:
        info = likelihood.bookkeeping(run_dir / "checkpoint_last.pt")
    except (ValueError, FileNotFoundError) as err:
        raise RecordError(str(err)) from None
    log = run_dir / "train.log"
    papers, seconds = papers_and_seconds(log.read_text(errors="replace").splitlines()) if log.exists() else (0.0, 0.0)
    return {"arch": info["arch"], "source_pieces": info["source_pieces"], "num_updates": info["updates"],
            "training_hours": info["hours"], "papers_seen": round(papers), "threads": threads,
            "papers_per_second": round(papers / seconds, 4) if seconds > 0 else None}


def checkpoint_files(run_dir: Path) -> List[Path]:
    """A run's interval checkpoints (``checkpoint_*_*.pt``, and in a ``kept/`` subdirectory if
    any), then ``checkpoint_last.pt``, the end of its budget."""
    files = {p.name: p for p in sorted(run_dir.glob("checkpoint_*_*.pt")) + sorted(run_dir.glob("kept/checkpoint_*_*.pt"))}
    last = run_dir / "checkpoint_last.pt"
    return list(files.values()) + ([last] if last.exists() else [])


def curve(run_dir: Path, data_bin=None, documents: int = 0) -> List[List[float]]:
    """``[[hours, updates, loss], ...]`` of a run's checkpoints, by updates: the validation loss
    fairseq saved with each (a checkpoint saved without one is no point) or, with ``data_bin``,
    bits per summary token on its first ``documents`` valid papers (likelihood.cached_score: each
    checkpoint scored once, cached beside it). Raises ValueError for an unreadable checkpoint."""
    from fairseq_plugins.evaluation import likelihood

    points = {}
    for path in checkpoint_files(Path(run_dir)):
        info = likelihood.bookkeeping(path)
        if info["hours"] is None or info["updates"] in points:  # checkpoint_last repeats an interval checkpoint
            continue
        loss = likelihood.cached_score(path, data_bin, documents)["nll_bits"] if data_bin else info["val_loss"]
        if loss is not None:
            points[info["updates"]] = [info["hours"], info["updates"], loss]
    return [points[k] for k in sorted(points)]


def make_record(name: str, outputs_dir, run_dir=None, data_bin=None, documents: int = 100,
                threads: Optional[int] = None) -> dict:
    """The record of one study row (``run_dir``: its training directory, scored with ``data_bin``)
    or of a baseline (``run_dir`` None), evaluated in ``outputs_dir`` by evaluate.py generate."""
    outputs = _outputs(Path(outputs_dir))
    record = {"version": RECORD_VERSION, "name": name, "card": None, "curve": None, "documents": None,
              "scores": outputs["meta"], "ids": outputs["ids"],
              "references_sha256": references_sha256(outputs["references"])}
    if run_dir is not None:
        run_dir = Path(run_dir)
        try:
            points = curve(run_dir, data_bin, documents)
        except (ValueError, FileNotFoundError) as err:
            raise RecordError(str(err)) from None
        # documents: what the curve was scored on; None when it is fairseq's saved validation loss
        record.update(card=run_card(run_dir, threads), curve=points, documents=documents if data_bin else None)
    return record


def write_record(path, record: dict) -> None:
    """Written whole or not at all (a stop never leaves half a record)."""
    from fairseq_plugins.text import write_atomically

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, (json.dumps(record, indent=1) + "\n").encode("utf-8"))


def read_record(path) -> dict:
    """A record written by write_record, checked for the fields the table and curves read."""
    path = Path(path)
    try:
        record = json.loads(path.read_text())
    except FileNotFoundError:
        raise RecordError(f"{path}: no such record") from None
    except ValueError as err:
        raise RecordError(f"{path}: not JSON ({err})") from None
    missing = [key for key in ("version", "name", "scores", "ids", "references_sha256", "card", "curve")
               if key not in record]
    if missing:
        raise RecordError(f"{path}: not a study record (no {', '.join(missing)})")
    if record["version"] != RECORD_VERSION:
        raise RecordError(f"{path}: record version {record['version']}, this code reads {RECORD_VERSION}")
    if "per_document" not in record["scores"] or len(record["ids"]) != record["scores"].get("n"):
        raise RecordError(f"{path}: its scores do not cover its {len(record['ids'])} documents")
    return record


def check_same_documents(a: dict, b: dict) -> None:
    """Two records scored the same documents, in the same order, against the same references."""
    if a["ids"] != b["ids"]:
        raise RecordError(f"{a['name']} and {b['name']} are not on the same documents "
                          f"({len(a['ids'])} vs {len(b['ids'])} ids, or in another order)")
    if a["references_sha256"] != b["references_sha256"]:
        raise RecordError(f"{a['name']} and {b['name']} were scored against different references")

"""fairseq_plugins/evaluation/study.py and its command lines: the record a study row leaves in the repository
(card, curve, per-document scores, no text of the data set), read back and checked; the table and
the curves drawn from records alone; scripts/study_record.py's errors."""
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import TINY_MAX_SOURCE

from fairseq_plugins.evaluation import study

REPO = Path(__file__).resolve().parent.parent
IDS = [f"paper{i}" for i in range(6)]
REFERENCES = [f"the abstract of paper {i} <n> its second sentence" for i in range(6)]
HYPOTHESES = [f"a summary written for paper {i}" for i in range(6)]


def write_outputs(directory: Path, rouge1, references=REFERENCES, ids=IDS) -> Path:
    """An evaluate.py generate directory, written by the harness's own writer."""
    from fairseq_plugins.evaluation import write_outputs as write

    per_document = {"rouge1": list(rouge1), "rouge2": [x / 2 for x in rouge1], "rougeL": list(rouge1),
                    "rougeLsum": list(rouge1)}
    write(directory, {"system": "x", "indices": list(range(len(ids)))}, ids, HYPOTHESES[:len(ids)], references,
          per_document, resamples=50)
    return directory


def with_bookkeeping(checkpoint: Path, path: Path, updates: int, seconds: float) -> Path:
    """A copy of a fairseq checkpoint that says it was saved after ``updates`` updates and
    ``seconds`` of training."""
    import torch

    import fairseq_plugins  # noqa: F401  (the allow-list of the weights-only loader)

    state = torch.load(checkpoint, map_location="cpu", weights_only=True)
    state["optimizer_history"][-1]["num_updates"] = updates
    state["extra_state"]["previous_training_time"] = seconds
    torch.save(state, path)
    return path


LOG = ["2026-11-24 04:04:30 | INFO | train_inner | epoch 001:     10 / 3022 loss=9.7, bsz=2.5, num_updates=10, "
       "lr=0.0001, train_wall=100, wall=101",
       "epoch 001:     20 / 3022 loss=9.1, bsz=3, num_updates=20, lr=0.0002, gnorm=1.2, train_wall=100, wall=201"]


@pytest.fixture(scope="module")
def row(tiny_training, tmp_path_factory):
    """A study row's directory as papers_study.sh leaves it: two interval checkpoints (the same
    weights, saved at 10 and 20 updates), checkpoint_last.pt, train.log and valid/."""
    root = tmp_path_factory.mktemp("row")
    trained = sorted((tiny_training / "checkpoints").glob("checkpoint_*_*.pt"))[-1]
    with_bookkeeping(trained, root / "checkpoint_1_10.pt", 10, 1800.0)
    with_bookkeeping(trained, root / "checkpoint_1_20.pt", 20, 3600.0)
    shutil.copy(root / "checkpoint_1_20.pt", root / "checkpoint_last.pt")
    (root / "train.log").write_text("\n".join(LOG) + "\n")
    write_outputs(root / "valid", [30.0, 40.0, 35.0, 32.0, 38.0, 36.0])
    return root


def test_record_without_data_keeps_the_saved_validation_loss(row, tmp_path):
    """--run without --data-bin (the extractive study's rows): the curve is the validation loss
    fairseq saved with each checkpoint, and the record says so (documents None), which the curve
    plot labels as such."""
    import torch

    import fairseq_plugins  # noqa: F401

    run = tmp_path / "run"
    shutil.copytree(row, run)
    for name, loss in (("checkpoint_1_10.pt", 0.61), ("checkpoint_1_20.pt", 0.58), ("checkpoint_last.pt", 0.58)):
        state = torch.load(run / name, map_location="cpu", weights_only=True)
        state["extra_state"]["val_loss"] = loss
        torch.save(state, run / name)
    record = study.make_record("fastformer_8192", run / "valid", run, None, threads=1)
    assert record["documents"] is None and record["curve"] == [[0.5, 10, 0.61], [1.0, 20, 0.58]]
    path = tmp_path / "r.json"
    study.write_record(path, record)
    plotted = subprocess.run([sys.executable, "scripts/training_curve.py", "--records", str(path), "--out", str(tmp_path / "c.png")],
                             capture_output=True, text=True, cwd=REPO)
    assert plotted.returncode == 0 and "valid loss" in plotted.stdout, plotted.stderr


def test_record_of_a_trained_row(row, tiny_training, tmp_path):
    from fairseq_plugins.evaluation import likelihood

    data_bin = tiny_training / "data-bin" / "toy"
    record = study.make_record("fastformer_8192", row / "valid", row, data_bin, documents=3, threads=1)
    card = record["card"]
    info = likelihood.bookkeeping(row / "checkpoint_last.pt")
    assert (card["arch"], card["source_pieces"], card["num_updates"]) == (info["arch"], TINY_MAX_SOURCE, 20)
    assert card["training_hours"] == 1.0 and card["threads"] == 1
    assert card["papers_seen"] == 2.5 * 10 + 3 * 10 and card["papers_per_second"] == 55 / 200  # from the log
    bits = likelihood.score(row / "checkpoint_last.pt", data_bin, 3)["nll_bits"]  # the same weights in both
    assert record["curve"] == [[0.5, 10, bits], [1.0, 20, bits]]  # checkpoint_last repeats the 20-update one
    assert record["documents"] == 3 and record["ids"] == IDS
    assert record["references_sha256"] == hashlib.sha256("".join(r + "\n" for r in REFERENCES).encode()).hexdigest()
    assert record["scores"]["per_document"]["rouge1"] == [30.0, 40.0, 35.0, 32.0, 38.0, 36.0]

    path = tmp_path / "records" / "fastformer_8192.json"
    study.write_record(path, record)
    assert study.read_record(path) == record
    text = path.read_text()
    assert not [s for s in REFERENCES + HYPOTHESES if s in text]  # none of the data set's or the model's text
    assert [p.name for p in path.parent.iterdir()] == ["fastformer_8192.json"]  # no partial file left


def test_a_baseline_record_has_scores_alone(row, tmp_path):
    record = study.make_record("lead15", row / "valid")
    assert record["card"] is None and record["curve"] is None and record["scores"]["n"] == 6


def test_unreadable_records_and_outputs_are_errors(row, tmp_path):
    with pytest.raises(study.RecordError, match="no such output directory"):
        study.make_record("x", tmp_path / "missing")
    good = study.make_record("lead15", row / "valid")
    cases = {"missing.json": None, "notjson.json": "{", "nofields.json": json.dumps({"version": 1}),
             "newer.json": json.dumps(dict(good, version=99)),
             "short.json": json.dumps(dict(good, ids=IDS[:4]))}
    messages = {"missing.json": "no such record", "notjson.json": "not JSON", "nofields.json": "not a study record",
                "newer.json": "record version 99", "short.json": "do not cover its 4 documents"}
    for name, body in cases.items():
        if body is not None:
            (tmp_path / name).write_text(body)
        with pytest.raises(study.RecordError, match=messages[name]) as err:
            study.read_record(tmp_path / name)
        assert name in str(err.value)


def record(name: str, rouge1, card=None, curve=None, ids=IDS, references=REFERENCES) -> dict:
    """A record as make_record writes one, from per-document ROUGE-1 scores."""
    from fairseq_plugins.evaluation import corpus_scores

    per_document = {"rouge1": list(rouge1), "rouge2": [x / 2 for x in rouge1], "rougeL": list(rouge1),
                    "rougeLsum": list(rouge1)}
    scores = dict(system=name, n=len(ids), per_document=per_document, **corpus_scores(per_document, 50, 1))
    return {"version": study.RECORD_VERSION, "name": name, "card": card, "curve": curve,
            "documents": 100 if curve else None, "scores": scores, "ids": list(ids),
            "references_sha256": study.references_sha256(references)}


def test_table_from_records_alone(tmp_path):
    base_r1 = [30.0, 40.0, 35.0, 32.0, 38.0, 36.0]
    card = {"arch": "fastformer_conv_small", "source_pieces": 8192, "num_updates": 455, "training_hours": 1.0,
            "papers_seen": 1190, "threads": 1, "papers_per_second": 0.33}
    paths = {}
    for name, body in (("fastformer_8192", record("fastformer_8192", base_r1, card, [[0.5, 200, 6.1], [1.0, 455, 5.8123]])),
                       ("transformer_long", record("transformer_long", [x + 1 for x in base_r1],
                                                   dict(card, arch="transformer_small", source_pieces=2560, papers_seen=1400),
                                                   [[1.0, 480, 6.0]])),
                       ("lead15", record("lead15", [x - 2 for x in base_r1]))):
        paths[name] = tmp_path / f"{name}.json"
        study.write_record(paths[name], body)
    command = [sys.executable, "scripts/budget_table.py", *map(str, paths.values()), "--against",
               str(paths["fastformer_8192"]), "--paired", "rouge1,rouge2"]
    out = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert lines[0].startswith("| run | arch | hours | updates | papers seen | articles | bits/token (first 100 valid) |")
    assert lines[0].endswith("| R-1 minus fastformer_8192 (paired) | R-2 minus fastformer_8192 (paired) |")
    cells = [line.split(" | ") for line in lines[2:]]
    assert cells[0][1:7] == ["fastformer_conv_small, 8,192 pieces", "1.00", "455", "1,190", "6", "5.812"]
    assert cells[1][4] == "1,400" and cells[1][6] == "6.000"
    assert cells[2][1:5] == ["lead15", "", "", ""] and cells[2][6] == ""  # a baseline: no card, no curve
    assert lines[3].endswith("| +1.00 [+1.00, +1.00], p = 0.001 | +0.50 [+0.50, +0.50], p = 0.001 |")
    assert lines[4].endswith("| -2.00 [-2.00, -2.00], p = 0.001 | -1.00 [-1.00, -1.00], p = 0.001 |")

    # a record on other documents, or scored against other references, is refused: no pairing across them
    for name, body, message in (("other_ids", record("other_ids", base_r1, ids=[f"x{i}" for i in range(6)]),
                                 "are not on the same documents"),
                                ("other_refs", record("other_refs", base_r1, references=[r + "!" for r in REFERENCES]),
                                 "different references")):
        study.write_record(tmp_path / f"{name}.json", body)
        bad = subprocess.run([sys.executable, "scripts/budget_table.py", str(tmp_path / f"{name}.json"), "--against",
                              str(paths["fastformer_8192"])], capture_output=True, text=True, cwd=REPO)
        assert bad.returncode == 1 and message in bad.stderr and "Traceback" not in bad.stderr


def test_curves_from_records(tmp_path):
    paths = []
    for name, curve in (("fastformer_8192", [[0.5, 200, 6.1], [1.0, 455, 5.8]]), ("transformer_long", [[1.0, 480, 6.0]])):
        paths.append(tmp_path / f"{name}.json")
        study.write_record(paths[-1], record(name, [30.0] * 6, {"arch": "a"}, curve))
    study.write_record(tmp_path / "lead15.json", record("lead15", [28.0] * 6))
    script = [sys.executable, "scripts/training_curve.py", "--records"]
    out = subprocess.run(script + [*map(str, paths), str(tmp_path / "lead15.json"), "--out", str(tmp_path / "c.png"),
                                   "--json", str(tmp_path / "c.json")], capture_output=True, text=True, cwd=REPO)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines()[0] == "| run | hours | updates | bits per token, first 100 valid |"
    assert out.stdout.splitlines()[2:] == ["| fastformer_8192 | 0.50 | 200 | 6.100 |", "| fastformer_8192 | 1.00 | 455 | 5.800 |",
                                           "| transformer_long | 1.00 | 480 | 6.000 |"]
    assert json.loads((tmp_path / "c.json").read_text()) == {"fastformer_8192": [[0.5, 200, 6.1], [1.0, 455, 5.8]],
                                                             "transformer_long": [[1.0, 480, 6.0]]}
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    only_baseline = subprocess.run(script + [str(tmp_path / "lead15.json")], capture_output=True, text=True, cwd=REPO)
    assert only_baseline.returncode == 2 and "none of the records has a curve" in only_baseline.stderr
    both = subprocess.run(script + [str(paths[0]), "--run", "x", str(tmp_path)], capture_output=True, text=True, cwd=REPO)
    assert both.returncode == 2 and "not both" in both.stderr


def test_study_record_command_line_errors(row, tmp_path):
    script = [sys.executable, "scripts/study_record.py"]
    no_data = subprocess.run(script + ["r", str(row / "valid"), "--run", str(row), "--data-bin", str(tmp_path),
                              "--out", str(tmp_path / "r.json")], capture_output=True, text=True, cwd=REPO)
    assert no_data.returncode == 2 and "not the prepared data (no dict.source.txt" in no_data.stderr
    missing = subprocess.run(script + ["r", str(tmp_path / "none"), "--out", str(tmp_path / "r.json")],
                             capture_output=True, text=True, cwd=REPO)
    assert missing.returncode == 2 and "no such output directory" in missing.stderr and "Traceback" not in missing.stderr
    assert not (tmp_path / "r.json").exists()
    baseline = subprocess.run(script + ["lead15", str(row / "valid"), "--out", str(tmp_path / "lead15.json")],
                              capture_output=True, text=True, cwd=REPO)
    assert baseline.returncode == 0 and study.read_record(tmp_path / "lead15.json")["name"] == "lead15"

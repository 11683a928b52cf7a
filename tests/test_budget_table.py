"""The equal-budget comparison's table (scripts/budget_table.py) and the bundle card it reads."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import TINY_MAX_SOURCE

REPO = Path(__file__).resolve().parent.parent


def scores(r1: float, n: int = 7) -> dict:
    rouge = {k: {"mean": r1 - i, "ci95": [r1 - i - 0.5, r1 - i + 0.5]} for i, k in enumerate(("rouge1", "rouge2", "rougeL", "rougeLsum"))}
    return {"n": n, "rouge": rouge}


def test_card_records_training_time_and_the_table_reads_it(tiny_bundle, tmp_path):
    card = json.loads((tiny_bundle / "model.json").read_text())
    assert card["arch"] == "fastformer_small" and card["num_updates"] == 8
    assert 0 < card["training_hours"] < 1  # fairseq's cumulative training time, a few seconds here
    assert "valid_loss" not in card  # the tiny model trained with --disable-validation
    runs = []
    for name, r1 in (("fast", 31.25), ("slow", 29.5)):
        run = tmp_path / name
        (run / "model").mkdir(parents=True)
        (run / "valid").mkdir()
        shutil.copy(tiny_bundle / "model.json", run / "model" / "model.json")
        (run / "valid" / "scores.json").write_text(json.dumps(scores(r1)))
        runs.append(str(run))
    comparison = tmp_path / "compare.json"
    metrics = {k: {"delta": 1.75, "ci95": [0.5, 3.0], "p_value": 0.002} for k in ("rouge1", "rouge2", "rougeL", "rougeLsum")}
    comparison.write_text(json.dumps({"n": 7, "bootstrap": {"resamples": 1000}, "metrics": metrics}))
    out = subprocess.run([sys.executable, "scripts/budget_table.py", *runs, "--comparison", str(comparison)],
                         capture_output=True, text=True, cwd=REPO, check=True).stdout
    lines = out.splitlines()
    assert lines[0].startswith("| run | arch | hours | updates |")
    fast = lines[2].split(" | ")
    assert fast[0] == "| fast" and fast[1] == "fastformer_small" and fast[3] == "8"
    assert "31.25 [30.75, 31.75]" in lines[2] and "29.50 [29.00, 30.00]" in lines[3]
    assert "R-1 +1.75 [+0.50, +3.00], p = 0.0020" in out


def test_missing_run_files_are_reported_not_raised(tmp_path):
    result = subprocess.run([sys.executable, "scripts/budget_table.py", str(tmp_path / "nothing")],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 1 and "model.json not found" in result.stderr and "Traceback" not in result.stderr


def test_card_describes_the_newest_checkpoint_whatever_the_order(tiny_bundle, tmp_path):
    """train_demo_model.sh lists the checkpoints to average newest first: the card must still give
    the newest one's updates and training time, not the last file's."""
    import torch

    import fairseq_plugins  # noqa: F401  (the allow-list of the weights-only loader)
    from app.bundle import export_bundle

    state = torch.load(tiny_bundle / "checkpoint.pt", map_location="cpu", weights_only=True)  # as saved: plain dicts
    paths = []
    for updates, seconds in ((900, 3600.0), (800, 3000.0), (700, 2400.0)):  # newest first
        state["optimizer_history"][-1]["num_updates"] = updates
        state["extra_state"] = {"previous_training_time": seconds, "val_loss": updates / 100}
        paths.append(tmp_path / f"checkpoint_1_{updates}.pt")
        torch.save(state, paths[-1])
    export_bundle([str(p) for p in paths], str(tiny_bundle), str(tmp_path / "out"))
    card = json.loads((tmp_path / "out" / "model.json").read_text())
    assert card["num_updates"] == 900 and card["training_hours"] == 1.0 and card["valid_loss"] == 9.0
    assert card["averaged_checkpoints"] == ["checkpoint_1_900.pt", "checkpoint_1_800.pt", "checkpoint_1_700.pt"]


def lever_run(root: Path, name: str, rouge1, indices=None) -> Path:
    """A run directory as cpu_budget_levers.sh leaves it, with per-document ROUGE-1 scores."""
    run = root / name
    (run / "model").mkdir(parents=True)
    (run / "valid").mkdir()
    (run / "model" / "model.json").write_text(json.dumps({"arch": "fastformer_conv_small", "num_updates": 1200,
                                                          "training_hours": 0.45, "valid_loss": 5.0}))
    indices = indices or list(range(2000, 2000 + len(rouge1)))
    body = scores(sum(rouge1) / len(rouge1), n=len(rouge1))
    body.update(data="valid.jsonl.gz", start=2000, indices=indices, per_document={"rouge1": list(rouge1)})
    (run / "valid" / "scores.json").write_text(json.dumps(body))
    for name, lines in (("ids.txt", [f"doc{i}" for i in indices]), ("hypotheses.txt", ["a summary"] * len(indices)),
                        ("references.txt", [f"the reference of doc{i}" for i in indices])):
        (run / "valid" / name).write_text("".join(line + "\n" for line in lines))
    return run


def test_against_adds_the_paired_rouge1_difference(tmp_path):
    import numpy as np

    rng = np.random.default_rng(3)
    base_scores = rng.uniform(20, 50, size=60)  # spread across articles far wider than the effect
    lever_scores = base_scores + 1.0 + rng.normal(0, 0.5, size=60)  # a lever worth one point on every article
    base = lever_run(tmp_path, "lever_baseline", base_scores.tolist())
    lever = lever_run(tmp_path, "lever_x", lever_scores.tolist())
    out = subprocess.run([sys.executable, "scripts/budget_table.py", str(base), str(lever), "--against", str(base)],
                         capture_output=True, text=True, cwd=REPO, check=True).stdout
    lines = out.splitlines()
    assert lines[0].endswith("| R-1 minus lever_baseline (paired) |")
    assert lines[2].endswith("|  |")  # the base against itself: nothing
    cell = lines[3].split(" | ")[-1].rstrip(" |")
    delta, rest = cell.split(" [")
    low, high = (float(x) for x in rest.split("]")[0].split(", "))
    expected = float(np.mean(lever_scores - base_scores))
    assert float(delta) == round(expected, 2)
    # pairing: the interval is about +-2 standard errors of the per-article differences (sd 0.5),
    # far narrower than an unpaired one would be with scores spread over 30 points
    se = float(np.std(lever_scores - base_scores, ddof=1) / np.sqrt(60))
    assert low < expected < high and high - low < 6 * se
    assert cell.endswith("p = 0.001")  # every resample favours the lever: 1 / (1 + 1000)


def test_against_refuses_runs_on_other_documents(tmp_path):
    base = lever_run(tmp_path, "lever_baseline", [30.0, 31.0, 32.0])
    other = lever_run(tmp_path, "lever_y", [30.0, 31.0, 32.0], indices=[5, 6, 7])
    result = subprocess.run([sys.executable, "scripts/budget_table.py", str(other), "--against", str(base)],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 1 and "are not on the same documents" in result.stderr
    assert "Traceback" not in result.stderr


def test_readability_columns_when_the_run_has_them(tmp_path):
    old = lever_run(tmp_path, "old", [30.0, 32.0])
    new = lever_run(tmp_path, "new", [31.0, 33.0])
    body = json.loads((new / "valid" / "scores.json").read_text())
    body["readability"] = {"spliced_sentences": {"mean": 12.345, "ci95": [10.0, 15.0]},
                           "cut_off": {"mean": 0.0, "ci95": [0.0, 0.0]}}
    (new / "valid" / "scores.json").write_text(json.dumps(body))
    out = subprocess.run([sys.executable, "scripts/budget_table.py", str(old), str(new)],
                         capture_output=True, text=True, cwd=REPO, check=True).stdout
    lines = out.splitlines()
    assert lines[0].endswith("| R-Lsum | spliced % | cut off % |")
    assert lines[2].endswith("|  |  |")  # evaluated before the measures existed: empty cells
    assert lines[3].endswith("| 12.3 | 0.0 |")


def test_study_rows_baselines_three_paired_metrics_and_bits(tmp_path, tiny_training):
    """scripts/papers_study.sh's table: a row is a checkpoint_last.pt (its own bookkeeping: arch,
    pieces read, hours, updates) plus valid/, a baseline is an evaluate.py directory, every
    --paired metric gets its column, --bits-on scores the row's checkpoint (likelihood.py)."""
    import shutil as sh

    import numpy as np

    from fairseq_plugins.evaluation import likelihood

    rng = np.random.default_rng(5)
    base_r1 = rng.uniform(30, 50, size=40)
    row = lever_run(tmp_path, "fastformer", base_r1.tolist())
    sh.rmtree(row / "model")
    checkpoint = sorted((tiny_training / "checkpoints").glob("checkpoint_*_*.pt"))[-1]
    sh.copy(checkpoint, row / "checkpoint_last.pt")
    lead = lever_run(tmp_path, "lead", (base_r1 - 2.0).tolist())  # an evaluate.py directory: lift valid/ up
    for f in (lead / "valid").iterdir():
        f.rename(lead / f.name)
    sh.rmtree(lead / "valid")
    sh.rmtree(lead / "model")
    for run, shift in ((row, 0.0), (lead, -2.0)):
        scores_path = (run / "valid" if run == row else run) / "scores.json"
        body = json.loads(scores_path.read_text())
        body["system"] = "lead15" if run == lead else "x"
        body["per_document"] = {key: (base_r1 + shift - i).tolist() for i, key in enumerate(("rouge1", "rouge2", "rougeLsum"))}
        scores_path.write_text(json.dumps(body))
    data_bin = tiny_training / "data-bin" / "toy"
    out = subprocess.run([sys.executable, "scripts/budget_table.py", str(row), str(lead), "--against", str(row),
                          "--paired", "rouge1,rouge2,rougeLsum", "--bits-on", str(data_bin), "--documents", "3"],
                         capture_output=True, text=True, cwd=REPO)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert lines[0].endswith("| R-1 minus fastformer (paired) | R-2 minus fastformer (paired) | R-Lsum minus fastformer (paired) |")
    assert "| bits/token (first 3 valid) |" in lines[0]
    cells = lines[2].split(" | ")
    assert cells[1] == f"fastformer_small, {TINY_MAX_SOURCE:,} pieces" and cells[3] == "8"
    assert cells[2] == f"{likelihood.load(checkpoint, data_bin).hours:.2f}"  # fairseq's cumulative training time
    assert cells[5] == f"{likelihood.score(checkpoint, data_bin, 3)['nll_bits']:.3f}"
    lead_cells = lines[3].split(" | ")
    assert lead_cells[1] == "lead15" and lead_cells[2:4] == ["", ""] and lead_cells[4] == "40" and lead_cells[5] == ""
    assert lines[3].count("-2.00 [-2.00, -2.00], p = 0.001") == 3  # every paper 2 points lower, on each metric
    bad = subprocess.run([sys.executable, "scripts/budget_table.py", str(row), "--against", str(row), "--paired", "rouge1,bleu"],
                         capture_output=True, text=True, cwd=REPO)
    assert bad.returncode == 2 and "unknown metric(s) bleu" in bad.stderr and "Traceback" not in bad.stderr

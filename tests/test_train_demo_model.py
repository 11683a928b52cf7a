"""scripts/train_demo_model.sh (the shipped model's recipe) on a generated toy corpus: it trains for
a wall-clock budget, exports an averaged bundle, leaves a finished run alone when run again, and a
larger budget resumes the same run from its checkpoint."""
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from make_toy_corpus import write_toy_corpus  # noqa: E402

TINY_MODEL = (
    "--arch fastformer_small --decoder-self-attention softmax --copy-attention --dropout 0.1 "
    "--encoder-embed-dim 64 --decoder-embed-dim 64 --encoder-ffn-embed-dim 128 --decoder-ffn-embed-dim 128 "
    "--encoder-attention-heads 4 --decoder-attention-heads 4"
)
FIRST_BUDGET_HOURS = 0.002  # 7.2 s of training


def run_recipe(work: Path, data: Path, hours: float) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        DATA=str(data),
        WORK=str(work),
        NAME="toy",
        DATA_NAME="toy",
        HOURS=str(hours),
        VOCAB="400",
        MAX_TOKENS="3000",
        WARMUP="10",
        SAVE_EVERY="4",
        LOG_INTERVAL="2",  # a progress line every 2 updates: shown however slow the machine is
        AVERAGE="2",
        OUT=str(work / "bundle"),
        MODEL_ARGS=TINY_MODEL,
        VENV=str(Path(sys.executable).parent.parent),
        OMP_NUM_THREADS="1",
    )
    return subprocess.run(
        ["bash", str(REPO / "scripts" / "train_demo_model.sh")], env=env, capture_output=True, text=True, timeout=600
    )


def gzip_corpus(out_dir: Path) -> Path:
    for split, path in write_toy_corpus(out_dir, n_train=160, n_valid=16).items():
        with open(path, "rb") as src, gzip.open(out_dir / f"{split}.jsonl.gz", "wb") as dst:
            shutil.copyfileobj(src, dst)
    return out_dir


@pytest.fixture(scope="module")
def first_run(tmp_path_factory):
    work = tmp_path_factory.mktemp("recipe")
    data = gzip_corpus(work / "corpus")
    result = run_recipe(work, data, FIRST_BUDGET_HOURS)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return work, data, result


def card(work: Path) -> dict:
    return json.loads((work / "bundle" / "model.json").read_text())


def stopped_at_hours(stdout: str) -> float:
    """fairseq's own line when --stop-time-hours ends the run."""
    found = re.search(r"Stopping training due to cumulative_training_time: ([\d.]+) > stop_time_hours", stdout)
    assert found, stdout[-3000:]
    return float(found.group(1))


def test_trains_for_the_budget_and_exports_an_average(first_run):
    work, _, result = first_run
    bundle = work / "bundle"
    for name in ("checkpoint.pt", "spm.model", "dict.source.txt", "dict.target.txt", "model.json"):
        assert (bundle / name).is_file(), name
    model_card = card(work)
    assert model_card["arch"] == "fastformer_small"
    assert stopped_at_hours(result.stdout) > FIRST_BUDGET_HOURS
    assert 0 < model_card["training_hours"] < 2 * FIRST_BUDGET_HOURS  # the newest checkpoint's time
    assert model_card["num_updates"] >= 4
    # the two newest interval checkpoints, newest first, and the card describes the newest
    interval = sorted((work / "checkpoints" / "toy").glob("checkpoint_*_*.pt"), key=lambda p: int(p.stem.split("_")[-1]))
    assert model_card["averaged_checkpoints"] == [p.name for p in interval[::-1][:2]]
    assert model_card["num_updates"] == int(interval[-1].stem.split("_")[-1])
    assert re.search(r"num_updates=\d+", result.stdout), "progress lines reach the terminal"
    assert (work / "runs" / "toy" / "finished").read_text().strip() == f"hours={FIRST_BUDGET_HOURS} out={work / 'bundle'}"


def test_a_finished_run_is_left_alone(first_run):
    work, data, _ = first_run
    last = work / "checkpoints" / "toy" / "checkpoint_last.pt"
    before = (last.stat().st_mtime_ns, (work / "bundle" / "checkpoint.pt").stat().st_mtime_ns)
    result = run_recipe(work, data, FIRST_BUDGET_HOURS)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "already trained for" in result.stdout
    assert (last.stat().st_mtime_ns, (work / "bundle" / "checkpoint.pt").stat().st_mtime_ns) == before


def test_a_larger_budget_resumes_the_run(first_run):
    work, data, _ = first_run
    updates_before = card(work)["num_updates"]
    hours_before = card(work)["training_hours"]
    result = run_recipe(work, data, 2 * FIRST_BUDGET_HOURS)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert re.search(r"loaded checkpoint .*checkpoint_last\.pt", result.stdout, re.IGNORECASE), result.stdout[-3000:]
    assert stopped_at_hours(result.stdout) > 2 * FIRST_BUDGET_HOURS
    assert card(work)["num_updates"] > updates_before
    assert card(work)["training_hours"] > hours_before


def test_missing_data_is_a_clear_error(tmp_path):
    result = run_recipe(tmp_path, tmp_path / "nowhere", FIRST_BUDGET_HOURS)
    assert result.returncode == 2
    assert "train.jsonl.gz not found (set DATA)" in result.stderr
    assert "Traceback" not in result.stderr


def prepare_only(work: Path, data: Path, **settings) -> subprocess.CompletedProcess:
    env = dict(os.environ, DATA=str(data), WORK=str(work), NAME="toy", PREPARE_ONLY="1",
               VENV=str(Path(sys.executable).parent.parent), **settings)
    return subprocess.run(["bash", str(REPO / "scripts" / "train_demo_model.sh")], env=env, capture_output=True,
                          text=True, timeout=600)


def test_a_bundles_vocabulary_encodes_the_data_into_the_bundles_dictionary(first_run):
    """SPM_MODEL: a run compared with a shipped bundle reads exactly the pieces the bundle did."""
    work, data, _ = first_run
    result = prepare_only(work, data, DATA_NAME="toy_bundle_vocab", VOCAB="300",  # ignored with SPM_MODEL
                          SPM_MODEL=str(work / "bundle" / "spm.model"))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    prepared = work / "data-bin" / "toy_bundle_vocab"
    assert (prepared / "spm.model").read_bytes() == (work / "bundle" / "spm.model").read_bytes()
    assert (prepared / "dict.source.txt").read_text() == (work / "bundle" / "dict.source.txt").read_text()


def test_compare_at_budget_refuses_data_of_another_vocabulary(first_run):
    """compare_at_budget.sh with FASTFORMER_BUNDLE stops, before any training, when the data it
    would train the transformer on was prepared with a vocabulary other than the bundle's."""
    work, data, _ = first_run
    # the recipe's own data with one piece fewer in its dictionary: the toy corpus has so few words
    # that sentencepiece learns the same pieces whatever vocabulary size it is asked for
    other = work / "data-bin" / "toy_other_vocab"
    shutil.copytree(work / "data-bin" / "toy", other)
    lines = (other / "dict.source.txt").read_text().splitlines(keepends=True)
    (other / "dict.source.txt").write_text("".join(lines[:-1]))
    env = dict(os.environ, DATA=str(data), WORK=str(work), DATA_NAME="toy_other_vocab", HOURS="0.0003",  # were it to train
               FASTFORMER_BUNDLE=str(work / "bundle"), FASTFORMER_NAME="toy_bundle", TRANSFORMER_NAME="toy_transformer",
               VENV=str(Path(sys.executable).parent.parent))
    result = subprocess.run(["bash", str(REPO / "scripts" / "compare_at_budget.sh")], env=env, capture_output=True,
                            text=True, timeout=600, cwd=work)
    assert result.returncode == 2, result.stdout[-3000:] + result.stderr[-3000:]
    assert "is not" in result.stderr and "dictionary" in result.stderr and "set DATA_NAME" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (work / "checkpoints" / "toy_transformer").exists(), "nothing trained"

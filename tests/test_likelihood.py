"""fairseq_plugins/evaluation/likelihood.py and scripts/training_curve.py --data-bin: bits per summary token
is fairseq's own nll_loss, does not depend on batching, and scores the same first N documents of
every checkpoint of a run (cached, rescored when a checkpoint changes)."""
import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from fairseq_plugins.evaluation import likelihood

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def trained(tiny_training):
    """(interval checkpoint as fairseq-train wrote it, with its training time; the data it was trained on)"""
    checkpoint = sorted((tiny_training / "checkpoints").glob("checkpoint_*_*.pt"))[-1]
    return checkpoint, tiny_training / "data-bin" / "toy"


def test_bits_are_fairseqs_nll_loss_and_do_not_depend_on_batching(trained):
    from fairseq.criterions.cross_entropy import CrossEntropyCriterion

    checkpoint, data_bin = trained
    loaded = likelihood.load(checkpoint, data_bin)
    assert loaded.updates == 8 and loaded.hours > 0  # fairseq's bookkeeping, read from the file
    dataset = loaded.task.dataset("valid")
    sample = dataset.collater([dataset[i] for i in range(len(dataset))])
    criterion = CrossEntropyCriterion(loaded.task, sentence_avg=False)
    with torch.no_grad():
        loss, _ = criterion.compute_loss(loaded.model, loaded.model(**sample["net_input"]), sample, reduce=True)  # summed nats
    reference = loss.item() / sample["ntokens"] / math.log(2)
    everything = len(dataset)
    for batch_size in (1, 3, everything):
        assert likelihood.nll_bits(loaded.model, loaded.task, everything, batch_size=batch_size) == pytest.approx(reference, rel=1e-5)
    first_two = likelihood.nll_bits(loaded.model, loaded.task, 2)
    assert first_two != pytest.approx(reference, rel=1e-4)  # N documents means the first N, not all
    assert likelihood.score(checkpoint, data_bin, 2)["nll_bits"] == pytest.approx(first_two, rel=1e-6)
    assert likelihood.score(checkpoint, data_bin, 10_000)["documents"] == everything
    with pytest.raises(ValueError, match="no documents to score"):
        likelihood.nll_bits(loaded.model, loaded.task, 0)


def test_bad_checkpoint_is_a_message(tmp_path, trained):
    _, data_bin = trained
    with pytest.raises(FileNotFoundError, match="no such checkpoint file"):
        likelihood.load(tmp_path / "missing.pt", data_bin)
    (tmp_path / "junk.pt").write_bytes(b"junk")
    with pytest.raises(ValueError, match="not a readable fairseq checkpoint"):
        likelihood.load(tmp_path / "junk.pt", data_bin)


def _curve(run: Path, data_bin: Path, documents: int):
    return subprocess.run([sys.executable, "scripts/training_curve.py", "--data-bin", str(data_bin), "--documents", str(documents),
                           "--run", "tiny", str(run), "--json", str(run / "points.json")],
                          capture_output=True, text=True, cwd=REPO, timeout=300)


def test_curve_scores_every_checkpoint_on_the_same_documents_and_caches(tmp_path, trained):
    checkpoint, data_bin = trained
    run = tmp_path / "run"
    run.mkdir()
    shutil.copy(checkpoint, run / checkpoint.name)
    shutil.copy(checkpoint, run / "checkpoint_last.pt")  # the same update: one point, not two
    result = _curve(run, data_bin, 3)
    assert result.returncode == 0, result.stderr[-2000:]
    expected = likelihood.score(checkpoint, data_bin, 3)
    hours, updates, bits = json.loads((run / "points.json").read_text())["tiny"][0]
    assert len(json.loads((run / "points.json").read_text())["tiny"]) == 1
    assert (updates, bits) == (8, pytest.approx(expected["nll_bits"], rel=1e-6))
    assert hours == pytest.approx(expected["hours"])
    assert "| tiny | " in result.stdout and "bits per token, first 3 valid" in result.stdout

    # the second call reads the cache: a planted value shows...
    cache_path = run / "likelihood_valid_3.json"
    assert not list(run.glob("*.partial"))  # written beside, then renamed over the cache
    cache = json.loads(cache_path.read_text())
    for row in cache.values():
        row["nll_bits"] = 1.234
    cache_path.write_text(json.dumps(cache))
    assert "| 1.234 |" in _curve(run, data_bin, 3).stdout
    # ...until the checkpoint file changes, which is scored again
    shutil.copy(checkpoint, run / checkpoint.name)
    (run / "checkpoint_last.pt").unlink()
    again = _curve(run, data_bin, 3)
    assert "| 1.234 |" not in again.stdout and f"| {expected['nll_bits']:.3f} |" in again.stdout


def test_curve_arguments_are_checked(tmp_path, trained):
    _, data_bin = trained
    lone = subprocess.run([sys.executable, "scripts/training_curve.py", "--data-bin", str(data_bin), "--run", "x", str(tmp_path)],
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    assert lone.returncode == 2 and "--data-bin and --documents N (N >= 1) go together" in lone.stderr
    empty = _curve(tmp_path, data_bin, 3)
    assert empty.returncode == 2 and "no checkpoint with training time in it" in empty.stderr
    assert "Traceback" not in lone.stderr + empty.stderr

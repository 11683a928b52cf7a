"""scripts/training_curve.py: points from checkpoints' own bookkeeping, table and plot."""
import subprocess
import sys
from pathlib import Path

import torch

REPO = Path(__file__).resolve().parent.parent


def fake_checkpoint(path: Path, updates: int, seconds: float, val_loss):
    extra = {"previous_training_time": seconds, "train_iterator": {"epoch": 1}}
    if val_loss is not None:
        extra["val_loss"] = val_loss
    torch.save({"model": {}, "optimizer_history": [{"num_updates": updates}], "extra_state": extra}, path)


def test_curve_table_and_plot(tmp_path):
    run = tmp_path / "run"
    (run / "kept").mkdir(parents=True)
    fake_checkpoint(run / "checkpoint_1_1000.pt", 1000, 1800.0, 6.5)
    fake_checkpoint(run / "kept" / "checkpoint_1_500.pt", 500, 900.0, 7.25)  # deleted by fairseq, kept by a hard link
    fake_checkpoint(run / "checkpoint_1_1500.pt", 1500, 2700.0, None)  # saved without validation: no point
    out = tmp_path / "curve.png"
    result = subprocess.run([sys.executable, "scripts/training_curve.py", "--run", "ff", str(run), "--out", str(out)],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 0, result.stderr[-2000:]
    rows = [line for line in result.stdout.splitlines() if line.startswith("| ff")]
    assert rows == ["| ff | 0.25 | 500 | 7.250 |", "| ff | 0.50 | 1000 | 6.500 |"]
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_damaged_checkpoint_is_named(tmp_path):
    (tmp_path / "checkpoint_1_5.pt").write_bytes(b"not a checkpoint")
    result = subprocess.run([sys.executable, "scripts/training_curve.py", "--run", "x", str(tmp_path)],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 1 and "checkpoint_1_5.pt: not a readable fairseq checkpoint" in result.stderr
    assert "Traceback" not in result.stderr

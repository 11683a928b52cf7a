"""scripts/train_throughput.py runs every variant in fp32 and bf16 and prints a well-formed table
(the figures themselves are measured on a quiet machine, not asserted)."""
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_table_has_a_row_per_variant(tmp_path):
    from test_distributed import build_tiny_data_bin

    data_bin = build_tiny_data_bin(tmp_path, n_train=16, n_valid=8)
    result = subprocess.run([sys.executable, "scripts/train_throughput.py", "--data-bin", str(data_bin),
                             "--variants", "fastformer,transformer", "--batch", "4", "--steps", "1"],
                            capture_output=True, text=True, cwd=REPO, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    rows = [line for line in result.stdout.splitlines() if line.startswith("| ") and not line.startswith("| variant")]
    assert [row.split(" | ")[0] for row in rows] == ["| fastformer", "| transformer"]
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        fp32_s, fp32_rate, bf16_s, bf16_rate = map(float, cells[2:6])
        assert fp32_s > 0 and bf16_s > 0
        assert abs(fp32_rate - 4 / fp32_s) < 0.15 * fp32_rate  # articles/s = batch / seconds (printed rounded)


def test_unknown_variant_is_a_usage_error(tmp_path):
    result = subprocess.run([sys.executable, "scripts/train_throughput.py", "--data-bin", str(tmp_path), "--variants", "mamba"],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 2 and "unknown variant(s) mamba" in result.stderr

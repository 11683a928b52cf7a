"""Lead-3 on the shared CNN/DailyMail validation set reproduces the published reference point
(../shared/data/README.md): 39.75 / 17.31 / 36.07 (ROUGE-1 / ROUGE-2 / ROUGE-Lsum, rouge-score
with stemming), through `scripts/evaluate.py generate --system lead3`, on all 4,368 documents
(about a minute on 2 cores; scoring runs in 2 processes).  Skipped when the data is absent."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
VALID = REPO.parent / "shared" / "data" / "cnndm" / "valid.jsonl.gz"
PUBLISHED = {"rouge1": 39.75, "rouge2": 17.31, "rougeLsum": 36.07}

pytestmark = pytest.mark.skipif(not VALID.exists(), reason=f"{VALID} not present")


def test_lead3_reproduces_the_reference_numbers_on_cnndm_valid(tmp_path):
    out = tmp_path / "lead3"
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "evaluate.py"), "generate", "--system", "lead3",
         "--data", str(VALID), "--preset", "cnndm", "--out", str(out), "--workers", "2"],
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    scores = json.loads((out / "scores.json").read_text())
    assert scores["n"] == 4368
    for metric, published in PUBLISHED.items():
        mean = scores["rouge"][metric]["mean"]
        assert abs(mean - published) <= 0.3, f"{metric}: {mean:.2f}, published {published}"
        lo, hi = scores["rouge"][metric]["ci95"]
        assert lo < mean < hi and hi - lo < 1.0
    print(result.stdout)

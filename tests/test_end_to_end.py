"""scripts/end_to_end.sh on a generated toy corpus: prepare -> train -> generate -> ROUGE ->
summarize, then resume training from the checkpoint it wrote."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from check_repeats import read_hypotheses, repeated_ngrams  # noqa: E402
from make_toy_corpus import write_toy_corpus  # noqa: E402

TINY_MODEL = (
    "--encoder-embed-dim 64 --decoder-embed-dim 64 --encoder-ffn-embed-dim 128 "
    "--decoder-ffn-embed-dim 128 --encoder-attention-heads 4 --decoder-attention-heads 4"
)


def run_pipeline(work: Path, data: Path, max_update: int) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        DATA=str(data),
        WORK=str(work),
        NAME="toy",
        MAX_UPDATE=str(max_update),
        WARMUP="10",
        VOCAB="400",
        MAX_TOKENS="3000",
        GEN_SHARDS="1",
        TRAIN_LIMIT="0",
        MODEL_ARGS=TINY_MODEL,
        VENV=str(Path(sys.executable).parent.parent),
    )
    return subprocess.run(
        ["bash", str(REPO / "scripts" / "end_to_end.sh")], env=env, capture_output=True, text=True, timeout=900
    )


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    work = tmp_path_factory.mktemp("e2e")
    data = work / "corpus"
    write_toy_corpus(data, n_train=200, n_valid=24)
    result = run_pipeline(work, data, max_update=30)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return work, data, result


def test_generation_covers_valid_without_repeated_trigrams(pipeline):
    work, _, _ = pipeline
    hypotheses = read_hypotheses(work / "runs" / "toy" / "generate.txt")
    assert sorted(hypotheses) == list(range(24))
    assert all(hypotheses.values()), "every hypothesis has tokens"
    assert not any(repeated_ngrams(tokens, 3) for tokens in hypotheses.values())


def test_rouge_is_printed(pipeline):
    work, _, result = pipeline
    line = (work / "runs" / "toy" / "rouge.txt").read_text()
    scores = dict(re.findall(r"(ROUGE-(?:1|2|L|Lsum)) (\d+\.\d+)", line))
    assert set(scores) == {"ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-Lsum"}, line
    assert all(0.0 <= float(v) <= 100.0 for v in scores.values())
    assert line.strip() in result.stdout


def test_sample_article_is_summarized(pipeline):
    _, _, result = pipeline
    tail = result.stdout.split("[4/4]", 1)[1].splitlines()[1:]
    assert any(line.strip() for line in tail), result.stdout[-2000:]
    assert re.search(r"\[\d+ pieces in, \d+ used.*out, [\d.]+ s\]", result.stderr)


def test_rerun_resumes_from_the_last_checkpoint(pipeline):
    work, data, _ = pipeline
    result = run_pipeline(work, data, max_update=34)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    log = (work / "runs" / "toy" / "train.log").read_text()
    assert re.search(r"loaded checkpoint .*checkpoint_last\.pt \(epoch \d+ @ 30 updates\)", log, re.IGNORECASE), log[-3000:]
    assert re.search(r"\| num_updates 34 \|", log), log[-2000:]  # the epoch summary after resuming

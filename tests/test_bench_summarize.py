"""scripts/bench_summarize.py on the tiny papers bundle: the structure of what it prints and
writes and that its numbers are real measurements (never their size: no timed tests)."""
import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "bench_summarize.py"
sys.path.insert(0, str(REPO / "scripts"))

from bench.summarize import paper_text, sentences_until, verdicts  # noqa: E402


def run(*args, timeout=600):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True, cwd=REPO, timeout=timeout)


def test_tiny_papers_bundle(tiny_papers_bundle, tmp_path):
    out = tmp_path / "records.json"
    done = run("--bundle", tiny_papers_bundle, "--words", 1500, "--runs", 2, "--min-len", 5, "--max-len", 40,
               "--threads", 1, "--json", out)
    assert done.returncode == 0, done.stderr[-3000:]
    (record,) = json.loads(out.read_text())
    assert record["status"] == "ok", record
    assert record["preset"] == "papers" and record["beam"] == 4 and (record["min_len"], record["max_len"]) == (5, 40)
    assert record["threads"] == 1
    assert len(record["seconds"]) == 2 and all(s > 0 for s in record["seconds"])
    assert min(record["seconds"]) <= record["median_s"] <= max(record["seconds"])
    assert 1500 <= record["words"] < 1600  # whole sentences up to the word count
    # 1,500 words of toy paper are ~4,000 pieces of the tiny vocabulary, all read by the 8,192-piece model
    assert 1500 < record["used_pieces"] == record["input_pieces"] <= 8192 and not record["truncated"]
    assert 5 <= record["summary_pieces"] <= 40
    # the worker's own peak: at least what torch and a model take, more than the parent saw last
    assert 100 < record["peak_rss_mb"] and record["peak_rss_mb"] >= record["rss_seen_mb"] * 0.9
    lines = done.stdout.splitlines()
    assert lines[0].startswith("1,5") and "toy papers" in lines[0]
    row = next(line for line in lines if line.startswith(f"| {tiny_papers_bundle}"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1] == "papers (4)" and cells[3] == f"{record['used_pieces']:,} of {record['input_pieces']:,}"
    assert cells[-2] in ("met", "**missed**") and cells[-1] in ("met", "**missed**")
    assert record["choosing_median_s"] is None and cells[6] == ""  # a model that decodes has no chooser


def test_an_extractive_bundle_times_its_chooser_alone(tiny_extractive_bundle, tmp_path):
    out = tmp_path / "records.json"
    done = run("--bundle", tiny_extractive_bundle, "--words", 600, "--runs", 2, "--threads", 1, "--json", out)
    assert done.returncode == 0, done.stderr[-3000:]
    (record,) = json.loads(out.read_text())
    assert record["status"] == "ok", record
    # the chooser is a part of the whole summary's time
    assert 0 < record["choosing_median_s"] < record["median_s"]
    row = next(line for line in done.stdout.splitlines() if line.startswith(f"| {tiny_extractive_bundle}"))
    assert [c.strip() for c in row.strip("|").split("|")][6] == f"{record['choosing_median_s']:.3f}"


def test_missing_bundle_is_one_line(tmp_path):
    done = run("--bundle", tmp_path / "model_papers", timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "no model bundle at" in done.stderr and "export_model.py" in done.stderr


def test_text_from_a_data_file(tmp_path):
    data = tmp_path / "valid.jsonl.gz"
    articles = [{"id": str(i), "article": "\n".join(f"sentence {i} {j} has six words ." for j in range(10)), "summary": "a ."}
                for i in range(3)]
    with gzip.open(data, "wt") as f:
        f.write("".join(json.dumps(a) + "\n" for a in articles))
    text = paper_text(100, str(data))
    lines = text.splitlines()
    # 7 tokens a sentence: 15 sentences (105 words) reach 100, across the first two articles
    assert len(lines) == 15 and lines[0] == "sentence 0 0 has six words ." and lines[-1] == "sentence 1 4 has six words ."
    with pytest.raises(ValueError, match="fewer than 1000 words"):
        paper_text(1000, str(data))
    assert sentences_until([["a b", "c d e"], ["f"]], 3) == ["a b", "c d e"]


def test_verdicts_against_the_issue_targets():
    ok = verdicts({"median_s": 15.0, "peak_rss_mb": 2047.0})
    assert ok["seconds"][2] and ok["peak memory"][2]
    missed = verdicts({"median_s": 15.01, "peak_rss_mb": 2048.0})
    assert not missed["seconds"][2] and not missed["peak memory"][2]

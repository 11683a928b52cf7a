"""fairseq_plugins.text.corpora: every reader on tiny synthetic inputs, malformed records counted
(with their reason) rather than raised, format detection."""
import gzip
import json
from pathlib import Path

import pytest

from fairseq_plugins.text import corpora
from fairseq_plugins.text.corpora import Record, SkipCounter, detect_format, read_corpus

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"


def write_lines(path: Path, lines, gz: bool = False) -> Path:
    data = b"".join((line if isinstance(line, bytes) else line.encode("utf-8")) + b"\n" for line in lines)
    path.write_bytes(gzip.compress(data, mtime=0) if gz else data)
    return path


GOOD = {"id": "a1", "article": "The article. It has two sentences.", "summary": "First point.\nSecond point."}

MIXED_JSONL = [
    json.dumps(GOOD),
    "",  # blank lines are not records
    "{not json",
    json.dumps(["a", "list"]),
    json.dumps({"id": "x", "summary": "s"}),  # no article
    json.dumps({"id": "x", "article": "a"}),  # no summary
    json.dumps({"id": "x", "article": "   ", "summary": "s"}),
    json.dumps({"id": "x", "article": "a", "summary": "\n \n"}),
    json.dumps({"id": "x", "article": 42, "summary": "s"}),
    json.dumps({"id": "x", "article": "a", "summary": {"no": 1}}),
    json.dumps({"id": "x", "article": "a", "summary": None}),
    json.dumps({"id": 7, "document": "Other field names.", "highlights": ["One.", "Two."]}),
    json.dumps({"text": "No id here.", "abstract": "An abstract."}),
]


def test_jsonl_reader_counts_malformed_records(tmp_path):
    path = write_lines(tmp_path / "mixed.jsonl", MIXED_JSONL + [b"\xff\xfe not utf-8"])
    skips = SkipCounter("mixed")
    records = list(corpora.read_jsonl(path, skips))
    assert records == [
        Record("a1", GOOD["article"], ["First point.", "Second point."]),
        Record("7", "Other field names.", ["One.", "Two."]),
        Record("mixed.jsonl:13", "No id here.", ["An abstract."]),
    ]
    assert skips.read == 13 and skips.kept == 3 and skips.skipped == 10
    assert dict(skips.reasons) == {
        "invalid JSON": 1,
        "not a JSON object": 1,
        "missing article": 1,
        "missing summary": 2,
        "empty article": 1,
        "empty summary": 1,
        "article is not text": 1,
        "summary is not text": 1,
        "undecodable bytes (not UTF-8)": 1,
    }
    assert skips.examples["invalid JSON"] == ["mixed.jsonl:3"]
    report = skips.report()
    assert report.splitlines()[0] == "mixed: 13 read, 3 kept, 10 skipped" and "missing summary" in report
    assert skips.as_dict()["skipped_by_reason"]["missing summary"] == 2


def test_jsonl_gzip_and_truncated_gzip(tmp_path):
    lines = [json.dumps({**GOOD, "id": f"r{i}"}) for i in range(50)]
    path = write_lines(tmp_path / "c.jsonl.gz", lines, gz=True)
    assert [r.id for r in read_corpus(path)] == [f"r{i}" for i in range(50)]
    broken = tmp_path / "broken.jsonl.gz"
    broken.write_bytes(path.read_bytes()[:-30])  # cut off: the gzip stream ends early
    skips = SkipCounter()
    records = list(read_corpus(broken, "jsonl", skips))
    assert len(records) < 50
    assert any(reason.startswith("unreadable file") for reason in skips.reasons)


def test_pubmed_cohan_form(tmp_path):
    good = {
        "article_id": "PMC1",
        "article_text": ["background : the study .", "methods : we did it ."],
        "abstract_text": ["<S> we studied it . </S>", "<S> it worked . </S> <S> really . </S>"],
        "labels": None,
        "section_names": ["background"],
    }
    lines = [
        json.dumps(good),
        json.dumps({"article_id": "PMC2", "article_text": "one string is fine .", "abstract_text": ["<S> ok . </S>"]}),
        json.dumps({"article_id": "PMC3", "article_text": [1, 2], "abstract_text": ["<S> x </S>"]}),
        json.dumps({"article_id": "PMC4", "article_text": ["a ."], "abstract_text": []}),
        json.dumps({"article_id": "PMC5", "article_text": ["a ."]}),
    ]
    path = write_lines(tmp_path / "pubmed.jsonl", lines)
    assert detect_format(path) == "pubmed"
    skips = SkipCounter()
    records = list(read_corpus(path, skips=skips))
    assert records[0] == Record(
        "PMC1", "background : the study .\nmethods : we did it .", ["we studied it .", "it worked .", "really ."]
    )
    assert records[1].summary_sentences == ["ok ."] and len(records) == 2
    assert dict(skips.reasons) == {"article is not text": 1, "empty summary": 1, "missing summary": 1}
    # the strict reader wants the Cohan fields
    plain = write_lines(tmp_path / "plain.jsonl", [json.dumps(GOOD)])
    skips = SkipCounter()
    assert list(corpora.read_pubmed(plain, skips)) == [] and dict(skips.reasons) == {"missing article": 1}


STORY = """(CNN) -- The first paragraph of the story

A second paragraph, with a period.

@highlight

First highlight

@highlight

Second highlight.
"""


def test_story_directory(tmp_path):
    root = tmp_path / "stories"
    (root / "cnn").mkdir(parents=True)
    (root / "cnn" / "b2.story").write_text(STORY, encoding="utf-8")
    (root / "a1.story").write_text(STORY.replace("first", "other"), encoding="utf-8")
    (root / "c3.story").write_text("Only an article, no highlights.\n", encoding="utf-8")
    (root / "d4.story").write_text("@highlight\n\nA highlight without article\n", encoding="utf-8")
    (root / "e5.story").write_bytes(b"\xff\xfe\x00broken")
    (root / "notes.txt").write_text("ignored", encoding="utf-8")
    assert detect_format(root) == "story"
    skips = SkipCounter("stories")
    records = list(read_corpus(root, skips=skips))
    assert [r.id for r in records] == ["a1", "b2"]  # sorted by path: a1.story < cnn/b2.story
    assert records[1].article == "(CNN) -- The first paragraph of the story .\nA second paragraph, with a period."
    assert records[1].summary_sentences == ["First highlight .", "Second highlight."]
    assert skips.read == 5 and dict(skips.reasons) == {
        "missing summary (no @highlight)": 1,
        "empty article": 1,
        "undecodable bytes (not UTF-8)": 1,
    }
    single = list(corpora.read_story_dir(root / "a1.story"))
    assert len(single) == 1 and single[0].id == "a1"


def test_source_target_files(tmp_path):
    write_lines(tmp_path / "val.source", ["First article .", "Second article .", "", "Fourth .", "Fifth ."])
    write_lines(tmp_path / "val.target", ["one . <n> two .", "single summary .", "x", "  ", "five .", "extra ."])
    for given in ("val", "val.source", "val.target"):
        assert detect_format(tmp_path / given) == "source-target"
    skips = SkipCounter()
    records = list(read_corpus(tmp_path / "val.source", skips=skips))
    assert records == [
        Record("val:1", "First article .", ["one .", "two ."]),
        Record("val:2", "Second article .", ["single summary ."]),
        Record("val:5", "Fifth .", ["five ."]),
    ]
    assert dict(skips.reasons) == {
        "empty article": 1,
        "empty summary": 1,
        "unpaired line (.source and .target differ in length)": 1,
    }
    with pytest.raises(ValueError, match="needs both"):
        read_corpus(tmp_path / "missing.source", "source-target")


def test_format_detection_and_errors(tmp_path):
    assert detect_format(write_lines(tmp_path / "x.jsonl", [json.dumps(GOOD)])) == "jsonl"
    assert detect_format(write_lines(tmp_path / "x.json.gz", [json.dumps(GOOD)], gz=True)) == "jsonl"
    assert detect_format(write_lines(tmp_path / "noext", [json.dumps(GOOD)])) == "jsonl"
    with pytest.raises(ValueError, match="unknown corpus format"):
        detect_format(write_lines(tmp_path / "x.csv", ["a,b"]))
    with pytest.raises(ValueError, match="no such file"):
        detect_format(tmp_path / "nothing.jsonl")
    (tmp_path / "empty_dir").mkdir()
    with pytest.raises(ValueError, match="without .story files"):
        detect_format(tmp_path / "empty_dir")
    with pytest.raises(ValueError, match="unknown format"):
        read_corpus(tmp_path / "x.jsonl", "parquet")
    with pytest.raises(ValueError, match="no such file"):
        read_corpus(tmp_path / "nothing.jsonl", "jsonl")
    # a reader called directly on a missing file counts it instead of raising
    skips = SkipCounter()
    assert list(corpora.read_jsonl(tmp_path / "nothing.jsonl", skips)) == []
    assert list(skips.reasons) == ["unreadable file (FileNotFoundError)"]


def test_shared_data_forms():
    cnndm, pubmed = SHARED / "cnndm" / "valid.jsonl.gz", SHARED / "pubmed" / "valid.jsonl"
    if not (cnndm.exists() and pubmed.exists()):
        pytest.skip("shared data not present")
    assert detect_format(cnndm) == "jsonl" and detect_format(pubmed) == "jsonl"
    for path in (cnndm, pubmed):
        skips = SkipCounter()
        for i, record in enumerate(read_corpus(path, skips=skips)):
            assert record.id and record.article and record.summary_sentences
            if i == 50:
                break
        assert skips.skipped == 0

"""scripts/prepare_data.py end to end on a small generated corpus: the files, the joined
dictionary, truncation, agreement with what the app computes, determinism, the error path."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from fairseq_plugins import text

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import prepare_data  # noqa: E402

MAX_SOURCE, MAX_TARGET, VOCAB = 40, 12, 200

PEOPLE = ["Maria Lopez", "Dr. Chen", "Sgt. O\u2019Brien", "Anna Kowalski", "Mr. Osei", "Prof. Ito"]
PLACES = ["Lisbon", "the U.S.", "Nairobi", "Washington, D.C.", "Osaka", "S\u00e3o Paulo"]
VERBS = ["announced", "said", "didn't deny", "won't confirm", "hasn't explained"]
THINGS = ["a 35-year-old plan", "the \u201cbudget\u201d", "a semi-final (again)", "the mayor's e-mail",
          "\u00a35 million in aid", "a well-known report"]


def make_article(rng: random.Random, i: int) -> dict:
    sentences = []
    for _ in range(rng.randint(3, 7)):
        sentences.append(f"{rng.choice(PEOPLE)} {rng.choice(VERBS)} {rng.choice(THINGS)} in {rng.choice(PLACES)}.")
    return {"id": f"doc-{i:03d}", "article": " ".join(sentences), "summary": "\n".join(sentences[:2])}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("corpus")
    rng = random.Random(11)
    train = [json.dumps(make_article(rng, i)) for i in range(60)]
    train.insert(5, "{broken json")
    train.insert(9, json.dumps({"id": "no-summary", "article": "Text."}))
    train.insert(12, json.dumps({"id": "junk-only", "article": "\u200b\x00", "summary": "x"}))
    valid = [json.dumps(make_article(rng, 100 + i)) for i in range(12)]
    (root / "train.jsonl").write_text("\n".join(train) + "\n", encoding="utf-8")
    (root / "valid.jsonl").write_text("\n".join(valid) + "\n", encoding="utf-8")
    return root


def run_prepare(corpus: Path, out_dir: Path, workers: int, fairseq_preprocess: bool = False) -> dict:
    return prepare_data.prepare(
        "tiny", corpus / "train.jsonl", corpus / "valid.jsonl", out_dir=out_dir, vocab_size=VOCAB,
        max_source_pieces=MAX_SOURCE, max_target_pieces=MAX_TARGET, workers=workers, show_progress=False,
        use_fairseq_preprocess=fairseq_preprocess, log=lambda *a: None,
    )


@pytest.fixture(scope="module")
def prepared(corpus, tmp_path_factory):
    out_dir = tmp_path_factory.mktemp("data-bin")
    settings = run_prepare(corpus, out_dir, workers=2)
    return out_dir / "tiny", settings


def test_outputs_exist(prepared):
    out, _ = prepared
    names = {p.name for p in out.iterdir()}
    for split in ("train", "valid"):
        for suffix in ("source", "target", "ids", "spm.source", "spm.target"):
            assert f"{split}.{suffix}" in names
        for side in ("source", "target"):
            for ext in ("bin", "idx"):
                assert f"{split}.source-target.{side}.{ext}" in names
    assert {"spm.model", "spm.vocab", "dict.source.txt", "dict.target.txt", "prepare.json"} <= names
    assert not [n for n in names if n.endswith(".tmp") or n.startswith(".")]  # no leftovers


def test_counts_and_settings(prepared):
    out, settings = prepared
    assert json.loads((out / "prepare.json").read_text()) == settings
    train = settings["splits"]["train"]
    assert (train["read"], train["kept"], train["skipped"]) == (63, 60, 3)
    assert train["skipped_by_reason"] == {
        "invalid JSON": 1, "missing summary": 1, "empty article after normalization": 1}
    assert settings["splits"]["valid"]["kept"] == 12
    assert settings["max_source_pieces"] == MAX_SOURCE and settings["max_target_pieces"] == MAX_TARGET
    assert settings["max_source_positions"] == MAX_SOURCE + 1
    assert settings["sentence_separator"] == "<n>"
    assert settings["vocab_size"] <= VOCAB and settings["dictionary_size"] == settings["vocab_size"]
    assert len((out / "train.source").read_text().splitlines()) == 60
    assert (out / "train.ids").read_text().splitlines()[:2] == ["doc-000", "doc-001"]


def test_joined_dictionary_matches_sentencepiece(prepared):
    from fairseq.data import Dictionary

    out, _ = prepared
    assert (out / "dict.source.txt").read_bytes() == (out / "dict.target.txt").read_bytes()
    dictionary = Dictionary.load(str(out / "dict.source.txt"))
    sp = text.load_sentencepiece(str(out / "spm.model"))
    assert len(dictionary) == sp.get_piece_size()
    # every piece is in the dictionary, at the index equal to its sentencepiece id
    assert all(dictionary.index(sp.id_to_piece(i)) == i for i in range(4, sp.get_piece_size()))
    assert dictionary.index("<n>") == 4


def test_truncation_and_binarized_data(prepared):
    from fairseq.data import Dictionary, data_utils

    out, settings = prepared
    dictionary = Dictionary.load(str(out / "dict.source.txt"))
    for split in ("train", "valid"):
        for side, limit in (("source", MAX_SOURCE), ("target", MAX_TARGET)):
            lines = (out / f"{split}.spm.{side}").read_text(encoding="utf-8").splitlines()
            assert all(0 < len(line.split()) <= limit for line in lines)
            dataset = data_utils.load_indexed_dataset(str(out / f"{split}.source-target.{side}"), dictionary)
            assert len(dataset) == len(lines)
            for i in (0, len(lines) - 1):
                assert dictionary.string(dataset[i]) == lines[i]
                assert dataset[i][-1].item() == dictionary.eos()
            assert dictionary.unk() not in set(dataset[0].tolist())
    assert settings["splits"]["train"]["source_pieces"]["truncated_lines"] > 0  # the limit did bite
    targets = (out / "valid.target").read_text(encoding="utf-8").splitlines()
    assert all(" <n> " in line for line in targets)  # two-sentence summaries


def test_app_sees_what_training_saw(prepared, corpus):
    """prepare_source on the raw article (what the app does) gives the prepared line."""
    out, _ = prepared
    sp = text.load_sentencepiece(str(out / "spm.model"))
    raw = [json.loads(line) for line in (corpus / "valid.jsonl").read_text(encoding="utf-8").splitlines()]
    lines = (out / "valid.spm.source").read_text(encoding="utf-8").splitlines()
    targets = (out / "valid.spm.target").read_text(encoding="utf-8").splitlines()
    for record, line, target in zip(raw, lines, targets):
        assert text.prepare_source(record["article"], sp, MAX_SOURCE)[0] == line
        assert text.prepare_target(record["summary"].split("\n"), sp, MAX_TARGET)[0] == target


def test_rerun_is_byte_identical(prepared, corpus, tmp_path):
    """A second run (elsewhere, with another number of workers) writes the same bytes."""
    out, _ = prepared
    run_prepare(corpus, tmp_path, workers=1)
    again = tmp_path / "tiny"
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(p.name for p in again.iterdir())
    for name in names:
        assert (out / name).read_bytes() == (again / name).read_bytes(), name


def test_binarized_files_equal_fairseq_preprocess(prepared, corpus, tmp_path):
    """Our binarization writes exactly what fairseq-preprocess --joined-dictionary writes."""
    out, settings = prepared
    other = run_prepare(corpus, tmp_path, workers=2, fairseq_preprocess=True)
    again = tmp_path / "tiny"
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in again.iterdir())
    for path in out.iterdir():
        if path.name != "prepare.json":
            assert path.read_bytes() == (again / path.name).read_bytes(), path.name
    assert other["binarized_by"] == "fairseq-preprocess" != settings["binarized_by"]
    assert {**other, "binarized_by": None} == {**settings, "binarized_by": None}


def test_reused_sentencepiece_model_gives_the_same_data(prepared, corpus, tmp_path):
    """--spm-model: the data prepared with another run's model is byte-identical to that run's (the
    vocabulary, dictionary and binarized files are the model's, whatever --vocab-size says), and
    prepare.json names the model by its hash."""
    out, settings = prepared
    model = tmp_path / "given.model"
    model.write_bytes((out / "spm.model").read_bytes())
    reused = prepare_data.prepare(
        "tiny", corpus / "train.jsonl", corpus / "valid.jsonl", out_dir=tmp_path / "out", vocab_size=VOCAB * 4,
        max_source_pieces=MAX_SOURCE, max_target_pieces=MAX_TARGET, workers=1, show_progress=False,
        spm_model=model, log=lambda *a: None)
    again = tmp_path / "out" / "tiny"
    assert "spm.vocab" not in {p.name for p in again.iterdir()}
    for path in out.iterdir():
        if path.name not in ("prepare.json", "spm.vocab"):
            assert path.read_bytes() == (again / path.name).read_bytes(), path.name
    info = reused["sentencepiece"]["reused"]
    assert info["sha256"] == prepare_data._sha256(out / "spm.model") and info["path"] == str(model.resolve())
    assert reused["vocab_size"] == settings["vocab_size"] and reused["vocab_size_requested"] is None
    assert reused["splits"] == settings["splits"]


def test_unusable_sentencepiece_model_is_refused_before_any_work(prepared, corpus, tmp_path, capsys):
    """A model without <dig>/<cit> pieces cannot encode masked data, and a file that is no model
    cannot be read: each is a one-line error, exit 2, with nothing written."""
    out, _ = prepared
    base = ["--name", "x", "--train", str(corpus / "train.jsonl"), "--valid", str(corpus / "valid.jsonl"),
            "--out-dir", str(tmp_path)]
    assert prepare_data.main(base + ["--spm-model", str(out / "spm.model"), "--mask-numbers"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "<dig>, <cit>" in err and "--mask-numbers" in err
    not_a_model = tmp_path / "notes.txt"
    not_a_model.write_text("not a sentencepiece model\n")
    assert prepare_data.main(base + ["--spm-model", str(not_a_model)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read" in err and "notes.txt" in err
    assert not (tmp_path / "x").exists()


def test_other_corpus_forms(corpus, tmp_path):
    """A .story directory for training and X.source/X.target for validation, detected."""
    rng = random.Random(5)
    stories = tmp_path / "stories"
    stories.mkdir()
    for i in range(30):
        record = make_article(rng, i)
        highlights = "".join(f"\n@highlight\n\n{s}\n" for s in record["summary"].split("\n"))
        (stories / f"{i:03d}.story").write_text(record["article"] + "\n" + highlights, encoding="utf-8")
    (stories / "bad.story").write_text("No highlights at all.\n", encoding="utf-8")
    valid = [make_article(rng, 100 + i) for i in range(5)]
    (tmp_path / "val.source").write_text("".join(r["article"] + "\n" for r in valid), encoding="utf-8")
    (tmp_path / "val.target").write_text(
        "".join(" <n> ".join(r["summary"].split("\n")) + "\n" for r in valid), encoding="utf-8")
    settings = prepare_data.prepare("forms", stories, tmp_path / "val", out_dir=tmp_path / "out", vocab_size=VOCAB,
                                    workers=1, show_progress=False, log=lambda *a: None)
    assert settings["inputs"]["train"]["format"] == "story" and settings["inputs"]["valid"]["format"] == "source-target"
    assert settings["splits"]["train"]["kept"] == 30
    assert settings["splits"]["train"]["skipped_by_reason"] == {"missing summary (no @highlight)": 1}
    assert settings["splits"]["valid"]["kept"] == 5
    first = (tmp_path / "out" / "forms" / "valid.target").read_text(encoding="utf-8").splitlines()[0]
    assert first == text.target_text(valid[0]["summary"].split("\n"))


def test_cli_errors_exit_2_with_one_line(corpus, tmp_path, capsys):
    missing = str(tmp_path / "missing.jsonl")
    assert prepare_data.main(["--name", "x", "--train", missing, "--valid", missing,
                              "--out-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--train" in err and "no such file" in err
    assert not (tmp_path / "x").exists()  # nothing written
    assert prepare_data.main(["--name", "x", "--train", str(corpus / "train.jsonl"), "--valid",
                              str(corpus / "valid.jsonl"), "--vocab-size", "0", "--out-dir", str(tmp_path)]) == 2
    assert "--vocab-size" in capsys.readouterr().err
    # the real command line: argparse errors (an unknown --format) are one line too, no traceback
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "prepare_data.py"), "--name", "x", "--train", missing,
         "--valid", missing, "--format", "parquet"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "invalid choice" in result.stderr
    assert "Traceback" not in result.stderr

"""Training pairs for sentence rewriting (fairseq_plugins/text/rewriting.py): the source sentence
each reference sentence rewrites, scored as rouge-score scores, with sentences that match nothing,
ties and a source sentence matched twice counted; the shortlist against the exhaustive search."""
import gzip
import itertools
import json
from pathlib import Path

import pytest
from rouge_score import rouge_scorer

from fairseq_plugins.text import Document, normalize
from fairseq_plugins.text.rewriting import MatchCounts, match_sentences

SOURCE = [
    "the council voted on tuesday to close the old harbour bridge .",
    "engineers found cracks in two of its steel supports last month .",
    "ferries will carry commuters across the bay in the meantime .",
    "engineers found cracks in two of its steel supports last month .",  # the same sentence again
    "residents of the east shore asked for a free shuttle bus .",
]
REFERENCE = [
    "ferries will carry commuters while the bridge is shut .",
    "cracks were found in two steel supports .",
    "mayor okafor praised volunteers .",  # nothing in the source says it
    "the council voted to close the harbour bridge .",
    "the council closed the old harbour bridge on tuesday .",  # the same source sentence again
]


def test_matches_ties_repeats_and_the_unmatched():
    pairs = match_sentences(SOURCE, REFERENCE)
    by_reference = {m.reference: m for m in pairs.matches}
    assert pairs.unmatched == [2]
    assert {r: m.source for r, m in by_reference.items()} == {0: 2, 1: 1, 3: 0, 4: 0}
    assert by_reference[1].tied and not by_reference[0].tied  # sentences 1 and 3 are the same: the earlier wins
    assert pairs.repeated_sources == [0]
    # the target: in source order, the earlier reference sentence first where two share a source
    assert [(m.source, m.reference) for m in pairs.matches] == [(0, 3), (0, 4), (1, 1), (2, 0)]
    counts = MatchCounts()
    counts.add(pairs)
    counts.add(match_sentences([], ["anything at all ."]))
    assert (counts.documents, counts.references, counts.matched, counts.unmatched) == (2, 6, 4, 2)
    assert (counts.tied, counts.repeated_sources, counts.without_match) == (1, 1, 1)


def test_the_score_is_rouge_scores_own_recall():
    """The mean of R-1, R-2 and R-L recall, as rouge-score (stemmed) gives them on the raw text."""
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True)
    pairs = match_sentences(SOURCE, REFERENCE)
    for match in pairs.matches:
        direct = scorer.score(REFERENCE[match.reference], SOURCE[match.source])
        expected = sum(direct[t].recall for t in ("rouge1", "rouge2", "rougeL")) / 3
        assert match.score == pytest.approx(expected, abs=1e-12)
    # below min_score nothing is matched; at 0, every reference sentence with a shared token is
    assert [m.reference for m in match_sentences(SOURCE, REFERENCE, min_score=0.99).matches] == []
    assert match_sentences(SOURCE, REFERENCE, min_score=0.0).unmatched == [2]  # no shared token: no match at all


SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data"


@pytest.mark.parametrize("name, masked, documents", [("cnndm", False, 8), ("sumpubmed", True, 3)])
def test_the_search_finds_the_best_of_every_pair(name, masked, documents):
    """The bounded search against rouge-score on every (reference, source) pair of real documents."""
    path = SHARED / name / "valid.jsonl.gz"
    if not path.exists():
        pytest.skip("../shared/data is not here")
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True)
    with gzip.open(path, "rt") as lines:
        for line in itertools.islice(lines, documents):
            row = json.loads(line)
            source = Document.prepare(row["article"], masked=masked).sentences
            reference = normalize.split_sentences(normalize.normalize_text(row["summary"]))
            found = {m.reference: m for m in match_sentences(source, reference, min_score=0.0).matches}
            for r, sentence in enumerate(reference):
                scores = [sum(v.recall for v in scorer.score(sentence, s).values()) / 3 for s in source]
                best = max(scores)
                if best == 0.0:
                    assert r not in found
                    continue
                assert found[r].score == pytest.approx(best, abs=1e-9)
                assert found[r].source == min(i for i, v in enumerate(scores) if abs(v - best) <= 1e-9)


class _WordPieces:
    """A sentencepiece stand-in: each word a piece."""

    @staticmethod
    def encode(sentence, out_type=str):
        return sentence.split()


def test_the_example_marks_chosen_sentences_and_writes_one_segment_each():
    from fairseq_plugins.text import rewriting

    sp = _WordPieces()
    example = rewriting.make_example(SOURCE, REFERENCE, sp)
    assert example.chosen == [0, 1, 2] and example.sentences == 5 and example.dropped_sentences == 0
    source = example.source.split(" <n> ")
    assert [s.startswith("<s> ") for s in source] == [True, True, True, False, False]
    assert source[1] == "<s> " + SOURCE[1]
    # one segment a chosen sentence, in source order; sentence 0 is rewritten by two reference sentences
    assert example.target.split(" <n> ") == [REFERENCE[3] + " " + REFERENCE[4], REFERENCE[1], REFERENCE[0]]
    # the source limit leaves whole sentences out, and room for the marks
    short = rewriting.make_example(SOURCE, REFERENCE, sp, max_pieces=30)
    assert short.sentences == 2 and short.dropped_sentences == 3
    assert len(short.source.split()) <= 30 and short.chosen == [0, 1]


def test_prepare_rewriting_writes_marked_pairs_fairseq_reads(tiny_bundle, tmp_path):
    """scripts/prepare_rewriting.py on the toy corpus with the tiny bundle's sentencepiece and
    dictionary: one target segment a marked source sentence, the marks binarized as fairseq's <s>,
    the counts in prepare.json; bad input is a one-line error."""
    import subprocess
    import sys

    from fairseq.data import Dictionary, data_utils

    repo = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "scripts/make_toy_corpus.py", str(tmp_path / "corpus"), "--train", "30", "--valid", "6"],
                   check=True, cwd=repo, capture_output=True, timeout=120)
    out = subprocess.run([sys.executable, "scripts/prepare_rewriting.py", "--name", "toy_rw", "--out-dir", str(tmp_path / "bin"),
                          "--bundle", str(tiny_bundle), "--train", str(tmp_path / "corpus" / "train.jsonl"),
                          "--valid", str(tmp_path / "corpus" / "valid.jsonl"), "--workers", "1", "--quiet"],
                         capture_output=True, text=True, cwd=repo, timeout=300)
    assert out.returncode == 0, out.stderr
    data = tmp_path / "bin" / "toy_rw"
    settings = json.loads((data / "prepare.json").read_text())
    counts = settings["counts"]["train"]
    assert counts["references"] == counts["matched"] + counts["unmatched"] and counts["matched"] > 0
    sources = (data / "train.rw.source").read_text().splitlines()
    targets = (data / "train.rw.target").read_text().splitlines()
    assert len(sources) == len(targets) == counts["documents"] > 0
    assert sum(line.split().count("<s>") for line in sources) == counts["chosen"]
    for source, target in zip(sources, targets):
        assert source.split().count("<s>") == len(target.split(" <n> "))  # one segment a marked sentence
    dictionary = Dictionary.load(str(data / "dict.source.txt"))
    binarized = data_utils.load_indexed_dataset(str(data / "train.source-target.source"), dictionary)
    assert int((binarized[0] == dictionary.bos()).sum()) == sources[0].split().count("<s>")
    bad = subprocess.run([sys.executable, "scripts/prepare_rewriting.py", "--name", "x", "--out-dir", str(tmp_path),
                          "--bundle", str(tiny_bundle), "--train", "missing.jsonl", "--valid", "missing.jsonl"],
                         capture_output=True, text=True, cwd=repo, timeout=120)
    assert bad.returncode == 2 and "--train missing.jsonl: no such file" in bad.stderr and "Traceback" not in bad.stderr

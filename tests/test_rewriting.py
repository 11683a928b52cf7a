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

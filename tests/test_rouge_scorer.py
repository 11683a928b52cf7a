"""The `rouge` fairseq scorer (fairseq_plugins/scoring/rouge.py) against rouge-score itself."""
import logging
import math
import re

import pytest
from omegaconf import OmegaConf
from rouge_score import rouge_scorer as google_rouge

from fairseq_plugins.scoring import rouge

from fairseq import scoring  # noqa: E402  (after fairseq_plugins: registers the scorer)

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]

# (reference, hypothesis), sentences separated by newlines: what rouge-score expects for Lsum
PAIRS = [
    ("The cats were running across the gardens .\nThey stopped near the old fences .",
     "A cat runs across the garden .\nIt stopped by an old fence ."),
    ("Markets fell sharply on Monday .\nInvestors feared higher rates .\nBonds rallied .",
     "Investors feared rates .\nMarkets fell on Monday ."),
    ("Rain is expected tomorrow .", "Tomorrow, rain is expected across the region ."),
    ("The model summarises long documents .", ""),
]


def direct(pairs, use_stemmer=True):
    """rouge-score called directly: per-document F1 x 100 and their means."""
    scorer = google_rouge.RougeScorer(TYPES, use_stemmer=use_stemmer)
    per_doc = {t: [] for t in TYPES}
    for ref, hyp in pairs:
        scores = scorer.score(ref, hyp)
        for t in TYPES:
            per_doc[t].append(scores[t].fmeasure * 100)
    return per_doc, {t: math.fsum(v) / len(v) for t, v in per_doc.items()}


def test_matches_rouge_score_exactly():
    result = rouge.rouge_scores([r for r, _ in PAIRS], [h for _, h in PAIRS])
    per_doc, means = direct(PAIRS)
    assert result["n"] == len(PAIRS)
    assert result["per_document"] == per_doc
    assert result["mean"] == means
    assert 0 < means["rouge2"] < means["rouge1"] < 100


def test_stemming_is_on_by_default_and_can_be_turned_off():
    refs, hyps = [r for r, _ in PAIRS], [h for _, h in PAIRS]
    stemmed = rouge.rouge_scores(refs, hyps)["mean"]
    unstemmed = rouge.rouge_scores(refs, hyps, use_stemmer=False)["mean"]
    assert unstemmed == direct(PAIRS, use_stemmer=False)[1]
    assert stemmed["rouge1"] > unstemmed["rouge1"]  # runs/running, cats/cat, ...


@pytest.mark.parametrize("hypothesis", [
    "a cat sat on the mat .<n>the dog ran off !",        # glued marker, as spm decodes it
    "a cat sat on the mat .<n> the dog ran off !",
    "a cat sat on the mat . <n> the dog ran off !",
    "a cat sat on the mat .\nthe dog ran off !",
    "a cat sat on the mat .<n>\nthe dog ran off !<n>",   # both, and a trailing marker
    "<n>a cat sat on the mat .<n>the dog ran off !",
])
def test_sentence_markers(hypothesis):
    assert rouge.split_summary_sentences(hypothesis) == ["a cat sat on the mat .",
                                                        "the dog ran off !"]
    reference = "the dog ran off quickly .<n>a cat sat on a mat ."
    got = rouge.score_document(reference, hypothesis)
    scorer = google_rouge.RougeScorer(TYPES, use_stemmer=True)
    expected = scorer.score("the dog ran off quickly .\na cat sat on a mat .",
                            "a cat sat on the mat .\nthe dog ran off !")
    assert got == {t: expected[t].fmeasure * 100 for t in TYPES}


def test_marker_is_not_a_word():
    """`<n>` would otherwise be tokenized as the word "n" by rouge-score."""
    scores = rouge.score_document("alpha beta .\ngamma delta .", "alpha beta .<n>gamma delta .")
    assert scores == {t: 100.0 for t in TYPES}
    assert "n" not in rouge.prepare_summary("x y<n>z").split()


def test_lsum_differs_from_l_when_sentence_order_changes():
    ref = "the first sentence is here .\nthe second one follows now ."
    hyp = "the second one follows now .<n>the first sentence is here ."
    scores = rouge.score_document(ref, hyp)
    assert scores["rougeLsum"] == 100.0
    assert scores["rouge1"] == 100.0
    assert scores["rougeL"] < 80


def test_text_without_markers_is_split_into_sentences():
    assert rouge.split_summary_sentences("The cat sat . The dog ran !") == ["The cat sat .",
                                                                           "The dog ran !"]
    assert rouge._fallback_split("a b . c d ! e f ? g") == ["a b .", "c d !", "e f ?", "g"]
    assert rouge._fallback_split("Dr. Who ... no") == ["Dr. Who ... no"]


def test_empty_hypothesis_scores_zero():
    assert rouge.score_document("Some reference text .", "") == {t: 0.0 for t in TYPES}
    assert rouge.score_document("Some reference text .", "  <n> ") == {t: 0.0 for t in TYPES}
    empty = rouge.rouge_scores([], [])
    assert empty["n"] == 0 and all(math.isnan(v) for v in empty["mean"].values())
    with pytest.raises(ValueError):
        rouge.rouge_scores(["a"], [])


def test_build_scorer_from_omegaconf():
    cfg = OmegaConf.create({"_name": "rouge"})
    scorer = scoring.build_scorer(cfg, None)
    assert isinstance(scorer, rouge.RougeScorer) and scorer.use_stemmer
    for ref, hyp in PAIRS:
        scorer.add_string(ref, hyp)
    _, means = direct(PAIRS)
    line = scorer.result_string()
    assert re.fullmatch(r"ROUGE-1 \d+\.\d\d \| ROUGE-2 \d+\.\d\d \| ROUGE-L \d+\.\d\d \| "
                        r"ROUGE-Lsum \d+\.\d\d \(n=4\)", line), line
    assert line.startswith(f"ROUGE-1 {means['rouge1']:.2f} | ROUGE-2 {means['rouge2']:.2f} |")
    assert scorer.score() == means["rouge2"]
    assert scorer.scores()["mean"] == means
    scorer.add_string("one more reference .", "one more reference .")
    assert scorer.result_string().endswith("(n=5)")

    no_stem = scoring.build_scorer(OmegaConf.create({"_name": "rouge", "rouge_no_stemmer": True}),
                                   None)
    assert not no_stem.use_stemmer
    for ref, hyp in PAIRS:
        no_stem.add_string(ref, hyp)
    assert no_stem.scores()["mean"] == direct(PAIRS, use_stemmer=False)[1]


def test_building_the_scorer_leaves_root_logger_alone(monkeypatch):
    """rouge-score logs through absl, which calls logging.basicConfig() on an unconfigured root."""
    monkeypatch.setattr(rouge, "_SCORERS", {})
    root = logging.getLogger()
    saved = root.level, list(root.handlers)
    for handler in saved[1]:
        root.removeHandler(handler)
    try:
        rouge.score_document("a b", "a b")
        assert root.handlers == [] and root.level == saved[0]
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in saved[1]:
            root.addHandler(handler)

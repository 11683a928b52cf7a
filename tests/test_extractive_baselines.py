"""The field's unsupervised baselines through sumy (fairseq_plugins/text/centrality.py, the harness's
baseline_summary) and
extractive summaries of a given length in words, in the library and in scripts/evaluate.py."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from fairseq_plugins.evaluation import baseline_summary, read_outputs
from fairseq_plugins.text import centrality
from fairseq_plugins.text import Document, extraction

REPO = Path(__file__).resolve().parent.parent
TOPICS = [
    ("bees", "Urban bees pollinate city gardens. Bees need flowers across the whole season. A hive of bees "
             "can hold forty thousand bees. Gardeners plant flowers to feed the bees."),
    ("tunnel", "The harbour tunnel opened on Monday. The tunnel cost two billion dollars. Traffic in the "
               "tunnel was light. Engineers inspected the tunnel lights."),
    ("chess", "The chess final ended in a draw. Both players agreed to a draw after forty moves. The final "
              "drew a record audience. A rematch is planned for spring."),
]
ARTICLE = " ".join(body for _, body in TOPICS) + " Bees, tunnels and chess made the news this week."


@pytest.mark.parametrize("name", centrality.RANKERS)
def test_our_choice_is_sumys_own(name):
    """k sentences through the wrapper are exactly what sumy's summarizer returns when called
    directly with that count on the same sentences."""
    sentences = Document.prepare(ARTICLE).sentences
    summarizer = centrality.sumy_summarizer(name)
    document = centrality.sumy_document(sentences)
    for k in (1, 3, 5):
        direct = [str(sentence) for sentence in summarizer(document, k)]
        ours = baseline_summary(name, ARTICLE, k=k).split(" <n> ")
        assert ours == direct, (name, k)
    ranking = centrality.sumy_ranking(name, sentences)
    assert sorted(ranking) == list(range(len(sentences)))  # every sentence ranked once


def test_lexrank_prefers_the_central_sentence():
    # the closing sentence shares words with every topic: LexRank's centrality puts it first
    sentences = Document.prepare(ARTICLE).sentences
    assert centrality.sumy_ranking("lexrank", sentences)[0] != 0
    assert centrality.sumy_ranking("lexrank", []) == []


SHARED = REPO.parent / "shared" / "data"


def _shared_papers(count: int):
    """The first ``count`` articles of each papers set in ../shared/data (skip when absent)."""
    import gzip

    files = [SHARED / "sumpubmed" / "valid.jsonl.gz", SHARED / "pubmed" / "valid.jsonl"]
    if not all(f.exists() for f in files):
        pytest.skip("../shared/data is not here")
    for path in files:
        with (gzip.open(path, "rt") if path.suffix == ".gz" else open(path)) as lines:
            for _, line in zip(range(count), lines):
                yield json.loads(line)["article"]


def test_array_lexrank_is_sumys_on_made_up_documents():
    """lexrank_ranking (the chooser's, on arrays) against sumy's LexRank: the same ranking, an
    empty document, a sentence of stop words only, repeated sentences (ties in document order)."""
    documents = [Document.prepare(ARTICLE).sentences, [],
                 ["The and of .", "Bees pollinate gardens .", "Gardens need bees .", "The and of ."],
                 ["Tunnels are long ."] * 3 + ["Bees are small ."]]
    for sentences in documents:
        assert centrality.lexrank_ranking(sentences) == centrality.sumy_ranking("lexrank", sentences)
    assert centrality.lexrank_scores([]).shape == (0,)


def test_array_lexrank_is_sumys_on_real_papers():
    """The same ranking as sumy's on 20 SumPubMed and 20 Cohan-format PubMed papers (ties and
    summation order could differ; they do not change one ranking here)."""
    for article in _shared_papers(20):
        sentences = Document.prepare(article, masked=True).sentences
        assert centrality.lexrank_ranking(sentences) == centrality.sumy_ranking("lexrank", sentences)


def test_length_in_words():
    sentences = ["one two three four .", "five six .", "seven eight nine ten eleven twelve .", "thirteen ."]
    assert extraction.word_count("the u.s. , 35 - year - old said \" no \" .") == 7
    # in order of preference: an overflowing sentence is passed over, the next one tried
    assert extraction.choose_in_order([2, 0, 1, 3], sentences, words=9) == [1, 2, 3]
    assert extraction.choose_in_order([2, 0, 1, 3], sentences, words=10) == [0, 2]
    # the first choice is always taken, even past the budget: a summary is never empty
    assert extraction.choose_in_order([2, 3], sentences, words=2) == [2]
    assert extraction.choose_in_order([0, 1, 2], sentences, k=2) == [0, 1]
    for bad in ({}, {"k": 1, "words": 3}, {"k": 0}, {"words": 0}):
        with pytest.raises(ValueError):
            extraction.choose_in_order([0], sentences, **bad)
    # a model's scores chosen by the same rule, trigram blocking as before
    scores = [0.1, 0.9, 0.5, 0.3]
    assert extraction.choose(scores, sentences, words=9, skip_fragments=False) == [1, 2, 3]
    assert extraction.choose(scores, sentences, 2, skip_fragments=False) == [1, 2]
    assert extraction.choose(scores, sentences, 2) == [2]  # the rest are pieces of sentences
    lead = baseline_summary("lead", ARTICLE, words=12).split(" <n> ")
    assert lead == Document.prepare(ARTICLE).sentences[:2]


def write_jsonl(path: Path, rows):
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def evaluate(*args):
    return subprocess.run([sys.executable, "scripts/evaluate.py", "generate", "--workers", "1", "--resamples", "20",
                           *map(str, args)], capture_output=True, text=True, cwd=REPO, timeout=300)


def test_evaluate_compares_baselines_at_equal_length(tmp_path):
    data = write_jsonl(tmp_path / "valid.jsonl", [
        {"id": name, "article": body + " " + ARTICLE, "summary": body.split(". ")[0] + "."} for name, body in TOPICS])
    lead = evaluate("--system", "lead2", "--data", data, "--preset", "cnndm", "--out", tmp_path / "lead2")
    assert lead.returncode == 0, lead.stderr
    lexrank = evaluate("--system", "lexrank", "--data", data, "--preset", "cnndm", "--out", tmp_path / "lexrank",
                       "--words-like", tmp_path / "lead2")
    assert lexrank.returncode == 0, lexrank.stderr
    a, b = read_outputs(tmp_path / "lexrank"), read_outputs(tmp_path / "lead2")
    for ours, theirs in zip(a["hypotheses"], b["hypotheses"]):
        # at most as many words as Lead-2's summary of the same document (or its first choice)
        budget = extraction.word_count(theirs.replace(" <n> ", " "))
        chosen = ours.split(" <n> ")
        assert extraction.word_count(" ".join(chosen)) <= budget or len(chosen) == 1
    assert a["meta"]["system_kind"] == "baseline" and a["meta"]["words"]["like"].endswith("lead2")
    assert json.loads((tmp_path / "lexrank" / "scores.json").read_text())["rouge"]["rouge1"]["mean"] > 0


def test_evaluate_refuses_lengths_it_cannot_honour(tmp_path):
    data = write_jsonl(tmp_path / "valid.jsonl", [{"id": "a", "article": ARTICLE, "summary": "Bees."}])
    oracle = evaluate("--system", "oracle", "--data", data, "--preset", "cnndm", "--out", tmp_path / "o", "--words", "20")
    assert oracle.returncode == 2 and "oracle" in oracle.stderr and "Traceback" not in oracle.stderr
    other = write_jsonl(tmp_path / "other.jsonl", [{"id": "b", "article": ARTICLE, "summary": "Bees."}])
    assert evaluate("--system", "lead3", "--data", other, "--preset", "cnndm", "--out", tmp_path / "b").returncode == 0
    missing = evaluate("--system", "textrank", "--data", data, "--preset", "cnndm", "--out", tmp_path / "t",
                       "--words-like", tmp_path / "b")
    assert missing.returncode == 2 and "no summary of 1" in missing.stderr
    both = evaluate("--system", "lsa", "--data", data, "--preset", "cnndm", "--out", tmp_path / "l", "--words", "5",
                    "--words-like", tmp_path / "b")
    assert both.returncode == 2 and "not allowed with" in both.stderr


def test_pieces_of_sentences_are_passed_over():
    sentences = ["methods .", "the cells grew twice as fast under light .", "at week 2 ( p .",
                 "< 0.05 ) in the treated group of patients .", "in our study .",
                 "treatment reduced the exacerbations in all three groups ."]
    assert [extraction.is_fragment(s) for s in sentences] == [True, False, True, False, True, False]
    scores = [0.9, 0.5, 0.8, 0.2, 0.7, 0.4]  # the pieces score highest, as headings often do
    assert extraction.choose(scores, sentences, 2) == [1, 5]
    assert extraction.choose(scores, sentences, 2, skip_fragments=False) == [0, 2]
    assert extraction.choose([0.3, 0.9], sentences[:1] + sentences[2:3], 1) == [1]  # only pieces: the best one


def test_the_harness_counts_fragments():
    from fairseq_plugins.evaluation import faithfulness

    article = "Methods. The cells grew twice as fast under light in every dish. In our study."
    scores = faithfulness.score_document(article, "methods . <n> the cells grew twice as fast under light in every dish .")
    assert scores["fragments"] == 50.0
    assert faithfulness.score_document(article, "the cells grew twice as fast under light in every dish .")["fragments"] == 0.0


def test_fused_preference_is_reciprocal_rank_fusion():
    scores = [0.1, 0.9, 0.5, 0.3]  # the model's ranking: 1, 2, 3, 0
    centrality = [3, 0, 2, 1]
    # fused score of i: 1/(60 + model rank) + w_c/(60 + centrality rank) + w_p/(60 + i)
    def fused(i, wc, wp):
        model = [1, 2, 3, 0].index(i)
        return 1 / (60 + model) + wc / (60 + centrality.index(i)) + wp / (60 + i)
    for wc, wp in ((1.0, 0.5), (3.0, 0.0), (0.0, 2.0)):
        expected = sorted(range(4), key=lambda i: (-fused(i, wc, wp), i))
        assert extraction.fused_preference(scores, centrality, wc, wp) == expected
    assert extraction.fused_preference(scores, centrality, 0.0, 0.0) == [1, 2, 3, 0]
    assert extraction.fused_preference(scores, centrality, 3.0, 0.0)[0] == 3
    # unscored sentences (not read) are never ranked
    assert extraction.fused_preference(scores[:2], centrality, 1.0, 0.5) in ([0, 1], [1, 0])


def test_the_papers_preset_chooses_about_an_abstracts_length():
    from fairseq_plugins.evaluation import get_preset

    selection = get_preset("papers_extractive").selection()
    assert selection.words == 200 and selection.k is None and selection.centrality_weight > 0
    sentences = Document.prepare(ARTICLE * 5).sentences
    scores = [float(i % 7) for i in range(len(sentences))]
    chosen = selection.choose(scores, sentences)
    assert extraction.word_count(" ".join(sentences[i] for i in chosen)) <= 200
    assert get_preset("papers_extractive").selection(words=30).words == 30
    assert get_preset("cnndm").selection() == extraction.Selection(k=3)

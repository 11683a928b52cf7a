"""The field's unsupervised baselines through sumy (fairseq_plugins/text/centrality.py, the harness's
baseline_summary) and
extractive summaries of a given length in words, in the library and in scripts/evaluate.py."""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from fairseq_plugins.evaluation import baseline_summary, harness, read_outputs
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


def test_a_share_of_repeated_trigrams_is_let_through():
    """max_trigram_overlap: a sentence is skipped when more than that share of its word trigrams
    are in the sentences already taken; at 0 any repeated trigram blocks it (BertSumExt's rule)."""
    first = "patients with type 2 diabetes were enrolled in the trial ."
    # 11 tokens, 9 trigrams; 3 of them ("patients with type", "with type 2", "type 2 diabetes") are in `first`
    restates = "patients with type 2 diabetes lost weight after twelve weeks ."
    assert len(extraction._trigrams(restates) & extraction._trigrams(first)) == 3
    repeats = "patients with type 2 diabetes were enrolled in the trial again ."
    sentences = [first, restates, repeats]
    def chosen(overlap):
        return extraction.choose_in_order([0, 1, 2], sentences, k=3, block_trigrams=True, max_trigram_overlap=overlap)
    assert chosen(0.0) == [0]  # any shared trigram blocks
    assert chosen(0.2) == [0]  # 3 of 9 shared: more than 20%
    assert chosen(0.4) == [0, 1]  # 3 of 9 let through; `repeats` shares 8 of its 10 with `first`
    assert chosen(0.95) == [0, 1, 2]
    # the preset's selection carries its share to the choice
    selection = extraction.Selection(k=3, max_trigram_overlap=0.4)
    assert selection.choose([0.9, 0.8, 0.7], sentences) == [0, 1]
    from fairseq_plugins.evaluation import EvaluationError, get_preset
    with pytest.raises(EvaluationError, match="max_trigram_overlap must be >= 0 and below 1"):
        get_preset("papers_extractive", max_trigram_overlap=1.0)


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
    # "< 0.05 ) in ...": closes a bracket it never opened, the second half of "( p < 0.05 )"
    assert [extraction.is_fragment(s) for s in sentences] == [True, False, True, True, True, False]
    # the second half of a sentence: a citation that was its subject cut out, a clause after a comma,
    # a line the data set broke inside a sentence (the subject, or the bracket's opening, on the line before)
    for piece in (", we found that the pain was reduced after thirty days .",
                  "showed that coenzyme q10 supplementation decreased the symptoms .",
                  "; the results were the same in every group of patients .",
                  "was developed that is based on searching the tandem spectra .",
                  "shorthorn ) that has undergone a rapid transition to resistance .",
                  # a number and the bracket that closed it, its opening lost with the text before it
                  "two planned anovas were performed to investigate stimulus interference × <dig> ) , and response interference × <dig> ) ."):
        assert extraction.is_fragment(piece), piece
    for whole in ("we found that the pain was reduced after thirty days .",
                  "the study showed that coenzyme q10 decreased the symptoms .",
                  "was the drug given early enough in the trial ?",  # a question may open with its verb
                  "wound healing has four phases : 1 ) hemostasis , 2 ) inflammation and 3 ) repair .",
                  "the aims were <dig> ) to map the genes and <dig> ) to count the reads in each sample .",
                  "the value ( see the table ) rose in all the treated patients ."):
        assert not extraction.is_fragment(whole), whole
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
    rankings = {"lexrank": [3, 0, 2, 1], "degree": [0, 3, 1, 2]}
    # fused score of i: 1/(60 + model rank) + sum_r w_r/(60 + rank_r) + w_p/(60 + i)
    def fused(i, weights, wp):
        total = 1 / (60 + [1, 2, 3, 0].index(i)) + wp / (60 + i)
        return total + sum(w / (60 + rankings[name].index(i)) for name, w in weights.items())
    for weights, wp in (({"lexrank": 1.0}, 0.5), ({"lexrank": 3.0}, 0.0), ({}, 2.0),
                        ({"lexrank": 1.0, "degree": 1.0}, 1.0), ({"degree": 4.0}, 0.0)):
        expected = sorted(range(4), key=lambda i: (-fused(i, weights, wp), i))
        used = {name: rankings[name] for name in weights}
        assert extraction.fused_preference(scores, used, weights, wp) == expected
    assert extraction.fused_preference(scores, {}, {}, 0.0) == [1, 2, 3, 0]
    assert extraction.fused_preference(scores, rankings, {"lexrank": 3.0, "degree": 0.0})[0] == 3
    assert extraction.fused_preference(scores, rankings, {"lexrank": 0.0, "degree": 3.0})[0] == 0
    # unscored sentences (not read) are never ranked
    assert extraction.fused_preference(scores[:2], rankings, {"lexrank": 1.0}, 0.5) in ([0, 1], [1, 0])


def _sumy_cosine(sentences):
    """Every pair's cosine as sumy's LexRank computes it (its own tf, idf and cosine methods)."""
    summarizer = centrality.sumy_summarizer("lexrank")
    words = [summarizer._to_words_set(s) for s in centrality.sumy_document(sentences).sentences]
    tf = summarizer._compute_tf(words)
    idf = summarizer._compute_idf(words)
    return np.array([[summarizer.cosine_similarity(a, b, tf_a, tf_b, idf) for b, tf_b in zip(words, tf)]
                     for a, tf_a in zip(words, tf)])


def _assert_degree_sums_sumys_similarities(sentences):
    cosine = _sumy_cosine(sentences)
    assert np.allclose(centrality.tfidf_cosine(sentences), cosine, atol=1e-9)
    assert np.allclose(centrality.degree_scores(sentences), cosine.sum(axis=1) - np.diag(cosine), atol=1e-9)


def test_degree_centrality_sums_sumys_similarities():
    """degree_scores: each sentence's summed similarity to the others, the similarities being
    sumy's LexRank's own (computed pair by pair there)."""
    for sentences in (Document.prepare(ARTICLE).sentences,
                      ["The and of .", "Bees pollinate gardens .", "Gardens need bees .", "The and of ."]):
        _assert_degree_sums_sumys_similarities(sentences)
    assert centrality.degree_scores([]).shape == (0,)
    # a sentence sharing words with many others outranks one that shares them with one other
    sentences = ["tunnels cross rivers .", "bees pollinate apple trees .", "rivers flood towns .",
                 "bees pollinate pear trees .", "ferries sail daily .", "bees pollinate plum trees .",
                 "markets open early .", "choirs sing carols ."]
    rankings = centrality.centrality_rankings(sentences, ["degree", "lexrank"])
    assert set(rankings["degree"][:3]) == {1, 3, 5} and rankings["lexrank"] == centrality.lexrank_ranking(sentences)
    with pytest.raises(ValueError, match="unknown centrality 'pagerank'"):
        centrality.centrality_rankings(sentences, ["pagerank"])


def test_degree_centrality_sums_sumys_similarities_on_real_papers():
    for article in _shared_papers(2):
        _assert_degree_sums_sumys_similarities(Document.prepare(article, masked=True).sentences[:60])



def test_the_papers_preset_chooses_about_an_abstracts_length():
    from fairseq_plugins.evaluation import get_preset

    selection = get_preset("papers_extractive").selection()
    assert selection.words == 200 and selection.k is None and selection.centrality_weights == {"lexrank": 0.5, "degree": 1.5}
    assert selection.position_weight == 1.0 and selection.max_trigram_overlap == 0.2
    sentences = Document.prepare(ARTICLE * 5).sentences
    scores = [float(i % 7) for i in range(len(sentences))]
    chosen = selection.choose(scores, sentences)
    assert extraction.word_count(" ".join(sentences[i] for i in chosen)) <= 200
    assert get_preset("papers_extractive").selection(words=30).words == 30
    assert get_preset("cnndm").selection() == extraction.Selection(k=3)


# A paper's body as SumPubMed gives it: one line a sentence, headings and a caption's title among them
# (numbers already masked as the data set writes them)
PAPER_WITH_HEADINGS = "\n".join([
    "methods",
    "sampling and dna extraction",
    "fresh foliage was sampled from <dig> adult individuals from <dig> native populations.",
    "the genomic dna was extracted and purified using a plant mini kit.",
    "<dig> map of collection sites and haplotype network in sugar maples.",
    "genetic differentiation in chloroplast sequence data",
    "the southern populations held most of the chloroplast haplotypes we observed.",
])


def test_headings_and_caption_titles_are_told_from_sentences_by_the_raw_text():
    # the normal form closes every line with a stop: only the raw text shows which had none
    assert extraction.is_title("genetic differentiation in chloroplast sequence data",
                               "genetic differentiation in chloroplast sequence data .")
    assert not extraction.is_title("The cells grew (Fig. 2).", "the cells grew ( fig . <dig> ) .")
    assert not extraction.is_title('He said: "We will go."', 'he said : " we will go . "')
    assert not extraction.is_title("Did it work?", "did it work ?")
    # a masked paper's sentence opening with a number is a caption's title ("fig. 3" cut off)
    assert extraction.is_title("3 map of collection sites.", "<dig> map of collection sites .")
    assert not extraction.is_title("Twenty plants grew.", "twenty plants grew .")
    document = Document.prepare(PAPER_WITH_HEADINGS, masked=True)
    assert len(document.sentences) == 7
    assert document.non_sentences == {0, 1, 4, 5}


def test_a_chooser_passes_over_headings_and_captions():
    document = Document.prepare(PAPER_WITH_HEADINGS, masked=True)
    scores = [0.9, 0.95, 0.3, 0.2, 0.8, 0.99, 0.1]  # headings score high: they hold a section's terms
    # the short headings are pieces of sentences by their length; the long one and the caption are not
    assert extraction.choose(scores, document.sentences, 2) == [4, 5]
    assert extraction.choose(scores, document.sentences, 2, non_sentences=document.non_sentences) == [2, 3]
    assert extraction.Selection(k=2).choose(scores, document.sentences, document.non_sentences) == [2, 3]
    assert extraction.Selection(words=12).choose(scores, document.sentences, document.non_sentences) == [2]
    # only headings: the best of them rather than no summary
    assert extraction.choose([0.1, 0.9], document.sentences[:2], 1, non_sentences={0, 1}) == [1]
    # a plain article has none: every line ends with a stop
    assert Document.prepare("The cells grew. They divided twice.").non_sentences == frozenset()


def test_the_second_half_of_a_sentence_a_line_break_cut_is_no_sentence():
    """A line that ends without a stop after a sentence that ended inside it was broken inside its
    last sentence (as data sets' lines are): both halves are passed over; a heading on its own line
    leaves the next sentence alone."""
    document = Document.prepare("The first sentence is here. A novel systematic approach\n"
                                "was developed that is based on spectra.\nThe third sentence is whole.\n"
                                "Introduction\nThe fifth sentence is whole too.")
    assert document.sentences[2] == "was developed that is based on spectra ."
    assert document.starts_line(0) and not document.starts_line(1) and document.starts_line(2)
    assert document.non_sentences == {1, 2, 4}


def test_a_sentence_whose_subject_went_with_a_citation_is_a_fragment():
    """A past-tense verb with its object or an adverb and no subject (an author's name left with the
    citation), or a sentence that ends on "et al." (the line broke before the citation's verb)."""
    for piece in ("reported an 81 % success rate for the long - term success of laparoscopic pyeloplasty .",
                  "detected significantly higher levels of pd when compared with the healthy group .",
                  "identified twenty - four unique instrument outcomes measurements for the knee .",
                  # a list's commas are no clause's: "of clinical , epidemiological and genetic studies"
                  "developed the questionnaire as a method for verifying the phenotype in clinical , "
                  "epidemiological and genetic studies .",
                  "scored his seventh goal in 10 games and made another .",  # a player's rating under his name
                  "previously published reports by newman et al .",
                  "previously published reports by newman et al . .",  # a masked paper's normal form
                  ". demonstrated that the patients had the same findings .",
                  # a fronted phrase, then the verb where the cited authors stood
                  "to obtain a unique solution , presented the development of a two - stage methodology .",
                  "in the presence of lundep , measured the ne release from nets as an indicator .",
                  # "and" or "or" before a verb whose subject the line before held
                  "and found the highest gap in empathy dimension , followed by reliability .",
                  "or tried his fortunes elsewhere in the league ."):
        assert extraction.is_fragment(piece), piece
    for whole in ("but , as ever , he could be buffeted by emotional vulnerabilities .",
                  "and the results were the same in every group of patients ."):
        assert not extraction.is_fragment(whole), whole
    for whole in ("increased vascular endothelial growth factor expression by the cells may be responsible .",
                  "transfected 293 t cells were detached from the dish by treatment with edta .",
                  "indeed the results were the same in all groups of patients .",
                  "based on the results , we chose the second dose for the trial .",
                  # a fronted phrase's main clause with its subject; a number after the verb; no verb there
                  "in the presence of lundep , we measured the ne release from nets as an indicator .",
                  "from then on in , united nine men battled valiantly to remain in the hunt .",
                  "in a survey of the centres , published recently for the first time , the rate was low .",
                  # a participle's side phrase, then the main clause after a comma
                  "asked whether he would remain at the club , jackson repeated his answer twice .",
                  "the method was described by newman et al . in their first paper .",
                  "the complete method is described in yu et al. ."):  # a paper's own "et al." before its citation
        assert not extraction.is_fragment(whole), whole
    assert extraction.ends_with_authors("... by newman et al .") and not extraction.ends_with_authors("et al . found it .")


def test_the_line_after_a_line_that_ends_on_et_al_is_no_sentence():
    """A data set's line broken after "et al." ("... by newman et al . | demonstrated that ..."): its
    first half is a fragment and its second half opens the next line, which is passed over whatever
    it opens with."""
    # the data set's tokenized form: "et al ." with its stop apart ("et al." stays an abbreviation)
    document = Document.prepare("the first sentence is whole and long enough . previously published reports by newman et al .\n"
                                "the patients had ophthalmic findings in every case .\nthe fourth sentence is whole too .")
    assert len(document.sentences) == 4
    assert document.non_sentences == {2}
    assert extraction.is_fragment(document.sentences[1])


def test_a_sentence_split_after_a_misspelled_et_or_at_a_formula_is_passed_over():
    # "et. al." split after "et.": the first half is a fragment, the second passed over
    document = Document.prepare("the first sentence is whole and long enough .\n"
                                "we initially used the protocol described by dolphin et.\n"
                                "al. to successfully generate several transgenes .\nthe fourth sentence is whole too .",
                                masked=True)
    assert len(document.sentences) == 4 and document.non_sentences == {2}
    assert extraction.is_fragment(document.sentences[1]) and extraction.ends_with_authors("... by dolphin et .")
    # a formula on a line of its own cut a sentence after "the": its rest opens the line after the formula
    lines = ["the cytochromes form a large class of heme enzymes that use molecular oxygen .", "during the",
             "s+o2+nadph+h+→so+nadp++h2o", "catalytic cycle , molecular oxygen binds to the ferrous heme iron .",
             "electron transfer from nadph generates an intermediate called compound i ."]
    document = Document.prepare("\n".join(lines), masked=True)
    assert document.non_sentences == {1, 2, 3}
    assert extraction.is_cut_at_an_article("during the") and not extraction.is_cut_at_an_article("during the .")
    # with no formula between, the line goes on into the next, the sentence whole (normalize: a line that ends on "the");
    # a lone article ("a", a panel's letter) cuts nothing
    whole = Document.prepare("\n".join([lines[0], lines[1], lines[3], lines[4]]), masked=True)
    assert whole.sentences[1] == "during the catalytic cycle , molecular oxygen binds to the ferrous heme iron ."
    assert whole.non_sentences == set()
    assert not extraction.is_cut_at_an_article("a") and not extraction.is_cut_at_an_article("j≥a")


def test_an_images_legend_after_a_colon_is_a_caption():
    """"gastrointestinal stromal tumour ( gist ) : axial cect showing ...": a figure's title, a colon,
    the view and what it shows; a sentence's list after a colon is no caption."""
    for caption in ("2gastrointestinal stromal tumour ( gist ) : axial cect showing typical large low attenuation tumour .",
                    "pancreatic adenocarcinoma : a coronal reformat cect showing an example of a tumour in the pancreas .",
                    # a word the normal form split at its hyphens is one word of the view
                    "colonic adenocarcinoma : a axial non - contrast - enhanced ct showing tumour in the colon ."):
        assert extraction.is_caption(caption), caption
    for sentence in ("two of which were selected for further analysis : one showing marked sensitivity and one not .",
                     "the results were clear : the scans were showing a tumour in every patient ."):
        assert not extraction.is_caption(sentence), sentence


def test_a_number_range_that_lost_its_dash_is_no_sentence():
    """The Cohan-format text lost every dash and ±: "0.691.93" for 0.69-1.93, "aged 2283" for 22-83."""
    for damaged in ("the rate was 1.3% ( 95% ci : 0.691.93 ) in 2007 .", "patients ( aged 2283 years ) were seen .",
                    "the follow - up was 12 months ( range 1214 months ) .", "twelve subjects ( range : 2338 years ) took part ."):
        assert extraction.has_collapsed_range(damaged), damaged
    for sentence in ("the rate was 1.3% ( 95% ci : 0.69 - 1.93 ) in 2007 .", "we used spss version 21.0.1 for it .",
                     "patients aged 2014 or later were seen .", "it was seen in 1992 ( range 1991 ) .",
                     "29.09.2012 - manchester united 2 - 3 tottenham .",
                     "the value rose from 0.69 to 1.93 ."):
        assert not extraction.has_collapsed_range(sentence), sentence
    document = Document.prepare("The first sentence is whole.\nThe rate was 1.3% (95% CI: 0.691.93).\n", masked=True)
    assert document.non_sentences == {1}


def test_a_sentence_that_only_says_where_something_is_shown_is_no_summary_sentence():
    """"two comparisons are shown in figure <dig>": a pointer to a figure the summary does not have."""
    for pointer in ("two comparisons are shown in figure <dig>", "the results are summarized in table 2 .",
                    "a schematic drawing of the two proteins is shown in figure 1a .",
                    "the results of go functional annotations are presented in figure 5d - 5f .",
                    "the file names of the rna sequences are listed in additional file <dig>",
                    "characteristics of those participants are displayed on table <dig>",
                    # or in a cited work
                    "the genome assemblies were first reported in <cit> .", "pcdna - rel has been described previously <cit> .",
                    # whatever the subject's length: without its citation it reads as this paper's
                    "a host - fungus interaction model incorporating data into clinically actionable therapeutic "
                    "intervention in the case of invasive aspergillosis is presented in <cit> .",
                    "further details of the experiment are given in <cit> .",
                    "affinity models considering a positional dependence have been previously discussed in <cit> .",
                    # or sends the reader to the figure
                    "see figure <dig> for the description of the conversions performed by each application .",
                    "see additional files <dig> and <dig> for pcr primers ."):
        assert extraction.points_only(pointer), pointer
    for sentence in ("the values listed in table 2 were used in all later runs .",  # states what was done
                     "table 2 shows that the mean age was 45 years .",  # states a finding
                     "as shown in figure <dig> , the ratio rose in all lines .",
                     "the ratio of the two strains , which is shown in figure <dig> , rose sharply in the second week .",
                     "the effect was shown in figure 2 to depend on the dose .",
                     "the gene was first reported in maize to control flowering time <cit> .",
                     "a model of the interaction is presented in this paper .", "the details are given in the methods .",
                     "we see figure <dig> as the clearest evidence for the model ."):
        assert not extraction.points_only(sentence), sentence
    for masked in (False, True):
        document = Document.prepare("The first sentence is whole.\nThe results are summarized in Table 2.\n"
                                    "The last sentence is whole too.\n", masked=masked)
        assert document.non_sentences == {1}, masked


def test_a_sentence_that_ends_on_the_is_cut():
    assert extraction.ends_on_article("we ran simulations with a rotating chromophore , as described in the .")
    assert extraction.ends_on_article("The alligator was photographed lounging on the.")
    # or on "and", "its" or "their": its last words went too ("... mainly by dendritic cells and .")
    assert extraction.ends_on_article("it was captured by lung apcs , mainly by dendritic cells and .")
    assert extraction.ends_on_article("each cell was labelled with its .")
    assert not extraction.ends_on_article("eyes affected by congenital an .")  # "an": an abbreviation, aniridia
    assert not extraction.ends_on_article("they landed on the island .")  # "and" inside a word
    assert not extraction.ends_on_article("it was anything but .")  # an idiom
    assert not extraction.ends_on_article("it was given with vitamin a .")
    assert not extraction.ends_on_article("patients were told to breathe .")  # "the" inside a word
    for masked in (False, True):
        document = Document.prepare("The first sentence is whole.\nWe ran them as described in the.\n", masked=masked)
        assert document.non_sentences == {1}, masked


def test_two_figures_panel_legends_run_together_are_no_sentence():
    """The panel labels start again after "( b )": two figures' legends in one line. A sentence names
    its items once, points at one panel twice or at an item again after a preposition. Read in the
    raw text, where a masked paper's normal form has no brackets."""
    run_together = ("The patient at presentation time: (a) face and neck involvement; and (b) trunk and arms "
                    "involvement (a) the patient at 1 month control; and (b) the patient at 1 year.")
    for caption in (run_together, "multiple fractures in ( a ) the femur and ( b ) the ramus subchondral fracture "
                                  "of the femoral head : ( a ) radiography and ( b ) sagittal image ."):
        assert extraction.restarts_panels(caption), caption
    for sentence in ("the solutions were : ( a ) carbonate buffer ; ( b ) pbs - tween ; ( c ) bsa in pbs .",
                     "mice gained weight ( figure 7 ( a ) ) , which kaempferol did not change ( figure 7 ( a ) ) .",
                     "cells were grown in ( a ) medium and ( b ) serum , as in ( a ) before ."):
        assert not extraction.restarts_panels(sentence), sentence
    text = "The first sentence is whole and long enough.\n" + run_together + "\nThe last sentence is whole too.\n"
    for masked in (False, True):
        document = Document.prepare(text, masked=masked)
        assert len(document.sentences) == 3 and document.non_sentences == {1}, masked


def test_a_figures_legend_is_a_caption_by_its_words():
    for legend in ("error bars indicate se ( n = 120 per treatment ) dual choice assays of western flower thrips .",
                   "scale bars = 100 m .", "asterisks indicate significant differences to the control .",
                   # a table's footnote of significance marks
                   "significant differences are indicated ; * p < <dig> ; ** p < <dig> .",
                   "significant values are represented by *** , ** and * for p < <dig> , p < <dig> and p < <dig> , respectively .",
                   "* : markers used for validation and further mapping in rils .",
                   "genes used for expression study are marked with asterisks ."):
        assert extraction.is_caption(legend), legend
    for sentence in ("the calculated compositions tend to have a smaller error bar on account of the signal .",
                     "descriptive data are presented as means and standard deviation .",
                     "the difference was significant ( p < <dig> ) in both groups .",
                     "we marked each site with a flag and counted the plants by hand ."):
        assert not extraction.is_caption(sentence), sentence


def test_a_citations_et_al_and_its_verb_are_one_sentence():
    """Inside a line, "chavarro et al . in their cohort study found that ..." is one whole sentence, not
    two fragments passed over. Where the data set broke the line after "et al ." the two halves are
    one sentence too but still passed over: the next line may have lost the citation's verb ("but
    stewart et al . | mucoepidermoid carcinoma is composed of ...")."""
    document = Document.prepare("the first sentence is whole and long enough .\n"
                                "chavarro et al . in their cohort study found that milk matters to women .\n"
                                "an earlier study by newman et al .\nreported that the patients had findings .\n"
                                "the last sentence is whole too .")
    assert document.sentences[1:3] == ["chavarro et al . in their cohort study found that milk matters to women .",
                                       "an earlier study by newman et al . reported that the patients had findings ."]
    assert len(document.sentences) == 4 and document.non_sentences == {2}
    assert not any(extraction.is_fragment(sentence) for sentence in document.sentences)
    # a paper's own "et al." never ended a sentence: a line break after it is the data set's, not a cut
    whole = Document.prepare("the first sentence is whole and long enough .\n"
                             "more recently , boulting et al.\nfound that late - passage cells performed alike .\n")
    assert len(whole.sentences) == 2 and whole.non_sentences == set()


def test_a_masked_sentence_ends_its_line_before_the_brackets_masking_removed():
    """Masking removes "( ckd )" before a line break inside a sentence ("in chronic kidney disease
    ( ckd ) | patients , some studies ..."): the sentence before the bracket still ends its line, so
    the line's two halves are passed over as the halves of a sentence a line break cut."""
    paper = ("The first sentence is whole and long enough. In chronic kidney disease ( CKD )\n"
             "patients, some studies could already show an increase in the levels.\nThe last sentence is whole too.")
    document = Document.prepare(paper, masked=True)
    assert document.sentences[1] == "in chronic kidney disease ."
    assert document.ends_line(1) and not document.starts_line(1) and document.starts_line(2)
    assert document.non_sentences == {1, 2}


def test_a_sentence_whose_line_goes_on_after_its_stop_with_a_comma_is_cut():
    """An abbreviation's stop that the splitter reads as a sentence's ("... caesalpinioideae dc., mimosoideae dc.,
    and ...", or a quotation's "?"): the line goes on after it with a comma, so the sentence is cut there and is
    passed over, in a masked paper and in any text; a sentence whose line ends at its stop is whole, whatever the
    next line opens with."""
    text = ("Traditionally, the family is divided into three subfamilies, i.e., caesalpinioideae dc., mimosoideae dc., "
            "and papilionoideae l. ex dc.\nThe seeds were sown in spring and harvested in the autumn.")
    for masked in (False, True):
        document = Document.prepare(text, masked=masked)
        assert document.sentences[0].endswith("caesalpinioideae dc .") and document.sentences[1].startswith(", mim")
        assert 0 in document.non_sentences, masked
        assert 3 not in document.non_sentences and document.sentences[3].startswith("the seeds were sown")
    # a quotation's "?" that the sentence goes on after ("..., asking 'what is wrong?', which leads to ...")
    quoted = Document.prepare("The men argued in the street for an hour. One of them stepped forward, asking 'what is "
                              "wrong with you guys?', which leads to an argument. The police came later that night.")
    assert quoted.sentences[1].endswith("guys ? '") and quoted.non_sentences == {1}
    whole = Document.prepare("The cells were counted after two days in culture.\n, but few of them divided at all.\n"
                             "The seeds were sown in spring and harvested in the autumn.", masked=True)
    assert whole.sentences[1].startswith(", but") and 0 not in whole.non_sentences


def test_an_equations_encoding_is_no_sentence():
    text = ("The energy was computed from the descriptors.\n"
            "MathType@MTEF@5@5@+=feaafiart1ev1aaatCvAUfKttLearuWrP9MDH5MBPbIqV92AaeXatLxBI9gBaebbnrfifHhDYfgas the sum.\n"
            "The cells grew in the light.")
    for masked in (False, True):
        document = Document.prepare(text, masked=masked)
        assert len(document.sentences) == 3 and document.non_sentences == {1}
    assert not extraction.is_markup("the mathematical type of the model was chosen .")


def test_an_encoding_whose_raw_span_misses_its_head_is_no_sentence(monkeypatch):
    """A long encoding's raw span can come back without its "mathtype@mtef" head (an inline
    equation read back as "@+=feaafiart1ev1aaatcvauf ... as can be seen clearly , ..."); the normal
    form still holds the head, and is asked too: the line has a verb, so only that test passes it over."""
    line = ("MathType@MTEF@5@5@+=feaafiart1ev1aaatCvAUfKttLearuWrP9MDH5MBPbIqV92AaeXatLxBI9gBaebbnrfifHhDYfgas"
            " as can be seen clearly, the choice of f has a strong effect on the steady state.")
    text = f"The energy was computed from the descriptors.\n{line}\nThe cells grew in the light."
    document = Document.prepare(text, masked=True)
    spans = document.verbatim(range(3))
    headless = [spans[0], "@+=feaafiart1ev1aaatcvaufkttlearuwrp9 as can be seen clearly, the choice of f has a strong"
                " effect on the steady state.", spans[2]]
    monkeypatch.setattr(Document, "verbatim", lambda self, indices, *a, **k: [headless[i] for i in indices])
    assert not extraction.is_markup(headless[1]) and extraction.is_markup(document.sentences[1])
    assert document.non_sentences == {1}


def test_a_captions_legend_lines_are_passed_over():
    # SumPubMed puts a figure's caption where the paper cites it: "fig." ends the citing line, the
    # number opens the caption's title, the legend follows in panels, noun phrases and, between
    # them, a panel's sentences
    paper = "\n".join([
        "the phased locus may produce secondary sirnas through the rdr6 pathway.fig.",  # 0: a sentence (masking removes ".fig.")
        "<dig> identification of the tas <dig> locus and the target of tas3-sirnas.",  # 1: title
        "a the comparison of the pear tas <dig> locus with that of other plant species.",  # 2: panel a
        "the regions producing the mirnas are indicated in red in this panel.",  # 3: between two panels
        "b",  # 4: a panel letter alone (no stop)
        "tas3-sirnas produced from the tas <dig> locus in the dormant buds.",  # 5: no clause
        "the dual target sites of the mirna were indicated in the lower panel.",  # 6: a clause (that reads a panel), and
        "we then compared the loci of the two species in a second experiment.",  # 7: the paper's voice
        "pca analysis of the two species gave a clear separation of the loci.",  # 8
    ])
    document = Document.prepare(paper, masked=True)
    assert len(document.sentences) == 9
    # (6 ends the caption's body, but reads the figure's lower panel: extraction.describes_a_drawing)
    assert document.non_sentences == {1, 2, 3, 4, 5, 6}
    assert document.verbatim([0]) == ["the phased locus may produce secondary sirnas through the rdr6 pathway."]
    sentences = document.sentences
    assert extraction.caption_bodies(sentences, {1, 4}) == [2, 3, 5]
    # a heading is no caption's title: the lines after it are the paper's
    assert extraction.caption_bodies(["results .", "a comparison of the two strains .", "x ."], {0}) == []
    # a line that ends with a figure's name opens a caption on the next line, its title included
    assert extraction.ends_with_figure("the families differ in copy number.figure 2")
    assert extraction.ends_with_figure("as given in fig.") and not extraction.ends_with_figure("the cells grew.")
    lines = ["ankyrin repeat motif .", "the second copy of the motif in the designed protein .",
             "the copies differ in their loops , as we showed before ."]
    assert extraction.caption_bodies(lines, set(), after_figure={0}) == [0, 1]
    # a clause between the title and a line in the paper's own voice is the paper's too (a numbered
    # finding after a caption's title, not a legend's next panel)
    findings = ["<dig> expression of the genes in both branches .", "these genes are involved in many processes .",
                "<dig> we identified <dig> snps in the two branches ."]
    assert extraction.caption_bodies(findings, {0, 2}) == []
    # a legend runs CAPTION_BODY_LINES lines at most
    lines = ["<dig> the strains ."] + ["a panel of the strains ."] * 10
    assert extraction.caption_bodies(lines, {0}) == list(range(1, 1 + extraction.CAPTION_BODY_LINES))
    assert extraction.has_clause("the strains were grown .") and not extraction.has_clause("growth of the strains .")
    # a clause between the title and a line that tells what the drawing shows is the legend's too
    drawing = ["<dig> overall scheme of the predicted cys regulon genes .",
               "cys regulon genes from e. coli and orthologs found in x. citri .",
               "green boxes indicate the genes for the sulfate uptake system .", "we then measured the uptake ."]
    assert extraction.caption_bodies(drawing, {0}) == [1, 2]


def test_a_legends_sentences_before_its_next_legend_line_are_the_legends():
    # a legend's panel (the letter "a" before a plural noun), three lines that each have a clause, then
    # a line only a legend writes: all of them the caption's, as in a SumPubMed valid paper
    lines = ["<dig> characterization of the phosphorylation-site mutants .",
             "a spores of the four strains were incubated at <dig> °c , and optical density was measured .",
             "data are presented as a fraction of the initial optical density .",
             "decreasing optical density signifies germination while an increase indicates outgrowth .",
             "the data points are averages of four independent biological repeats .",
             "error bars designate sd .",
             "the mutant spores were slower to revive than the wild type in every medium ."]
    assert extraction.is_caption(lines[1])
    assert extraction.caption_bodies(lines, {0, 1}) == [2, 3, 4, 5]
    # four lines with a clause before it are the paper's again, and so is one in its own voice
    assert extraction.caption_bodies(lines[:4] + ["the spores were imaged ."] + lines[4:], {0, 1}) == []
    voiced = lines[:3] + ["we measured the density every ten minutes ."] + lines[4:]
    assert extraction.caption_bodies(voiced, {0, 1}) == []
    document = Document.prepare("the mutants revived later than the wild type.fig.\n" + "\n".join(lines), masked=True)
    assert document.non_sentences == {1, 2, 3, 4, 5, 6}


def test_the_letter_a_before_a_plural_noun_or_a_vowel_opens_a_panels_legend():
    for legend in ("a spores of the strains were incubated at <dig> °c .", "a values in brackets represent the percentage .",
                   "a proteins were extracted from the spores of the strains .",
                   # ... or before a determiner, which no article precedes
                   "a the relative change in expression was compared to the change after starvation .",
                   "a an unrooted tree built using phylip and rooted using path - o - gen .",
                   # ... or before a vowel, which "an" would precede
                   "a interactions between the top ranked compounds and active site residues of rv <dig> .",
                   "a e. coli has no putative homologues of the hydrogenase genes ."):
        assert extraction.is_caption(legend), legend
    # the article before a singular noun in -s, or an acronym, opens a sentence; so does "c #", a language
    for sentence in ("a series of experiments were run on the strains .", "a locus on chromosome <dig> was found .",
                     "a pls model was fitted to the data .", "a nls has not been defined in the protein .",
                     "a species of the genus was found in the soil .", "a systems approach is needed here .",
                     "c # and java have a higher memory penalty for objects .",
                     # a vowel that sounds as "y" or "w", and a list of panels that opens a sentence
                     "a eukaryotic host was used .", "a one - step protocol was used .",
                     "a and b represent the light and dark libraries , respectively ."):
        assert not extraction.is_caption(sentence), sentence


def test_the_two_sentences_of_a_line_that_lost_its_stop_are_both_sentences():
    """A masked paper's line that lost its stop after a table's number is two sentences
    (normalize.split_sentences): the first ends with a figure's name and no stop, but inside the
    line, so it is no heading, and what follows it on the line is no caption's title."""
    paper = "\n".join([
        "the genomes of the twelve strains were sequenced as in table 2 the genomes ranged in size from 2 to 3 mb.",
        "all of them carried the plasmid that we had found before.",
        "the strains grew in the light.fig.",  # the data set's own line end after a figure's name:
        "growth of the strains in the light.",  # its caption's title follows
    ])
    document = Document.prepare(paper, masked=True)
    # (a first half that only said where the genomes are listed would be passed over: extraction.points_only)
    assert document.sentences[:2] == ["the genomes of the twelve strains were sequenced as in table <dig>",
                                      "the genomes ranged in size from <dig> to <dig> mb ."]
    assert [document.ends_line(i) for i in range(len(document.sentences))] == [False, True, True, True, True]
    assert document.non_sentences == {4}  # 3 is whole: masking removed the figure's name after its stop
    assert extraction.is_title("listed in table 2", "listed in table <dig>")  # were it a line of its own
    assert not extraction.is_title("listed in table 2", "listed in table <dig>", ends_line=False)


def test_a_present_tense_verb_whose_subject_a_formula_held_opens_a_fragment():
    for piece in ("represents the allele of the jth locus belonging to the ith haplotype segment .",
                  "indicates whether the network can capture non-linear relationships between pairs of variables .",
                  "models the saturable process with two adjustable parameters ."):
        assert extraction.is_fragment(piece), piece
    for whole in ("is this how the network will behave in every condition ?",  # a question
                  "models a and b are similar in that the new parameter appears as a product .",  # a noun: no article
                  "results of the assay were the same in every group .",
                  "has the network been trained on every condition we tested ?"):
        assert not extraction.is_fragment(whole), whole


def test_a_sentence_opening_with_a_cut_citation_is_a_fragment():
    # the data set cut what came before a citation: without the citation the summary opens with ","
    assert extraction.is_fragment("<cit> , the virus was endemic in the herds we sampled .")
    assert extraction.is_fragment("<cit> <cit> , the virus was endemic in the herds we sampled .")
    # so is a reporting verb whose subject was the citation
    assert extraction.is_fragment("<cit> reported that the virus was endemic in the herds .")
    assert not extraction.is_fragment("the virus was endemic in the herds we sampled <cit> .")


def test_captions_are_told_from_sentences_that_cite_a_figure():
    # a caption's title: the figure's number and no verb after it (the normal form's words)
    assert extraction.is_caption("fig. <dig> growth of the mutant strains at two temperatures .")
    assert extraction.is_caption("table 2 yields of the three lines in the field .")
    assert extraction.is_caption("figure <dig> power of the tests we compared .")
    # the paper's own sentence about the figure
    assert not extraction.is_caption("fig. <dig> shows the growth of the mutant strains .")
    assert not extraction.is_caption("table <dig> summarizes the yields of the three lines .")
    assert not extraction.is_caption("figure 3 and table 2 list the strains we used .")
    # a panel's legend opens with the panel's letter; "a" is an article, "t cells" are cells
    assert extraction.is_caption("c staining of the roots after a week .")
    assert extraction.is_caption("b the primers we used for the second round .")
    # two captions' titles run into one line open alike, with no clause between them
    assert extraction.is_caption("lorenz curve of ccu beds in <dig> lorenz curve of cardiologists in <dig> the "
                                 "present study findings showed that the number was low .")
    assert extraction.is_caption("clinical outcomes in patients diagnosed in hospital clinical outcomes in "
                                 "patients admitted to hospital the annual incidence increased .")
    assert extraction.is_caption("1gastric adenocarcinoma : axial cect showing the tumour gastric adenocarcinoma : "
                                 "axial cect showing the nodes .")  # the figure's number glued to its title
    for sentence in ("the presence of fluid favours diverticulitis , whilst the presence of gas favours an abscess .",
                     "fifty - four eyes of fifty - four consecutive patients were enrolled in this study .",
                     "reticulin and elastic staining was performed to show reticulin and elastic fibers .",
                     "candida species were the least frequent , as candida species were the least common before ."):
        assert not extraction.is_caption(sentence), sentence
    for sentence in ("a total of <dig> patients were enrolled .", "b cells were counted in every sample .",
                     "c elegans worms were grown on plates .", "e. coli grew in the medium .",
                     "i think it worked .", "the cells grew ( fig . <dig> ) ."):
        assert not extraction.is_caption(sentence), sentence


def test_cut_sentences_are_found_in_masked_papers_only():
    # the data set cut a reference or a bracket out and left its preposition before a comma or stop
    assert extraction.is_cut("with the estimator in , we imputed the missing values.")
    assert extraction.is_cut("the enzyme was bought from .")
    assert extraction.is_cut("the rate fell in both strains.figure 4 time course of the assay.")
    assert extraction.is_cut("the method was introduced in and demonstrated in a later study.")
    # an equation's values cut out, their "=" left
    assert extraction.is_cut("the parameters are = and the initial values are = and =.")
    assert extraction.is_cut("the column sums yield = .")
    assert not extraction.is_cut("the cells moved in and out of the dish.")
    assert not extraction.is_cut("the threshold was p = 0.05 and n = 12.")
    assert not extraction.is_cut("a double bar ( =) is assigned to combinatorial elements ( 12 ) .")  # a symbol
    assert not extraction.is_cut("with the estimator, we imputed the missing values.")
    assert not extraction.is_cut("The cells grew (Fig. 2), then divided.")
    assert not extraction.is_cut("It was shown in Fig. 2.")  # a figure named, not cut out
    # a writer's own preposition before a comma has no space before the comma
    assert not extraction.is_cut("When zooming in, the bases become visible, as we refer to, respectively.")
    # ... but at a line's opening no writer leaves one
    assert extraction.is_cut("in, g. arboreum, 45 transcripts are available; with 12 in g. raimondii.")
    assert not extraction.is_cut("in g. arboreum, 45 transcripts are available.")
    # a list's items cut out, their commas left; a writer's "and , perhaps ," is no cut
    assert extraction.is_cut("the strains were deposited under the accession numbers , , and .")
    assert extraction.is_cut("two of the genes, and , were strain-specific.")
    assert extraction.is_cut("one computes the index using equations and .")
    assert not extraction.is_cut("the lowest in the order and , worryingly , our analyses reveal a decline.")
    assert not extraction.is_cut("the cells , and the medium , were kept at 4 degrees.")
    assert not extraction.is_cut("the host response , and , perhaps , complacency as the disease was nearly eradicated .")
    # a figure's or table's labels cut out, its name left before "and" or its verb
    assert extraction.is_cut("Fig. and show that the normal granger method detects the coupling.")
    assert extraction.is_cut("table shows the statistics regarding the mapping of the promoters.")
    assert extraction.is_cut("the counts are given in figs. and , and in table 2.")
    for whole in ("the figure shows the coupling.", "as shown in the table and figure, the genes differ.",
                  "in figures and tables we show the counts.", "see fig. 2 and table 1.", "This table shows the counts."):
        assert not extraction.is_cut(whole), whole
    paper = ("The cells were grown in a medium with glucose and salts.\n"
             "Based on the estimator in , we developed a new imputation method for the data.\n"
             "We measured the growth rate of every culture twice a day.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}
    # in speech and news a preposition before a comma is English: nothing is passed over
    assert Document.prepare(paper).non_sentences == frozenset()


def test_a_sentence_ending_in_quotes_is_no_title():
    # the closing quote after a space, or the next sentence's opening quote left at the end
    for raw in ('"You want to wash them really good. "', "and prepare for next season. \u2018",
                "He was unhappy.\u201d", "It was over (for now)."):
        assert not extraction.is_title(raw, "x ."), raw
    # a news page's caption or bullet line has no stop
    assert extraction.is_title("Hazard was substituted two minutes later", "hazard was substituted two minutes later .")


def test_a_sentence_that_leans_on_the_one_before_waits_for_it():
    assert extraction.leans_on_previous("these results suggest that the gene is needed .")
    assert extraction.leans_on_previous("however , the mutant grew .")
    assert extraction.leans_on_previous("to this end , we built a reporter .")
    assert extraction.leans_on_previous("on the other hand , the wild type died .")
    assert extraction.leans_on_previous("two , we may not have identified the appropriate method .")  # a list's item
    assert extraction.leans_on_previous("further , only one cell type was studied .")
    assert extraction.leans_on_previous("most of these genes were upregulated in hypertensive adrenal glands .")
    assert extraction.leans_on_previous("all of them grew .")  # a share of what the sentence before named
    # what the sentence before named or stated
    for sentence in ("the others show divergent patterns of gene expression .", "the latter genes encode proteins .",
                     "the difference did not reach statistical significance .", "the remaining two cases are rare .",
                     # the case or the work the sentence before named, a share of what it listed
                     "in that case the percentages of hatching in the control wells were <dig> % .",
                     "in such cases , the dose is halved .", "among them , all <dig> primer pairs amplified .",
                     # "both" without its "and": the pair the sentence before named
                     "both enzymes are involved in ganglioside biosynthesis .",
                     # an example of what it stated, one more of what it named
                     "one example of this is the exploration of binding sites .", "an example is shown in fig 3d .",
                     "one such factor could be the nuclear receptor hnf4a .",
                     "another approach was implemented in csa .",
                     # a share of what it named, inside the first words
                     "the transcript levels of <dig> of these genes were significantly increased .",
                     "in some of these studies , camera images are complemented by sensor data .",
                     # what it named, after a preposition
                     "within these <dig> sequences , <dig> were mapped to kegg pathways .",
                     "under these conditions , phages undergo lysogenization .",
                     "of those dogs , <dig> were treated ."):
        assert extraction.leans_on_previous(sentence), sentence
    for sentence in ("this study shows that the gene is needed .", "in this study , we built a reporter .",
                     "further studies are needed to confirm this .",
                     "two groups of mice were compared .", "most of this study was done in mice .",
                     "most of the genes were upregulated .", "the difference between the two lines was small .",
                     "the differences in expression were small .",
                     "the mutant grew .", "on the surface of the cell , the protein gathers .", "here we show x .",
                     "within the <dig> sequences , <dig> were mapped .", "of the <dig> sequences , <dig> were mapped .",
                     "both st8sia i and st8sia v are involved in ganglioside biosynthesis .",
                     "one of the examples was left out .", "an exception was made for the controls .",
                     # a share of what the same sentence named
                     "in the genome we identified <dig> cdss ; <dig> of these do not have homologs .",
                     "the samples were split and <dig> of these were kept .", ""):
        assert not extraction.leans_on_previous(sentence), sentence
    sentences = ["the gene was knocked out in mice .", "these mice lived longer than their siblings .",
                 "the knockout also lowered their weight by a third .", "however , the effect vanished with age ."]
    scores = [0.5, 0.9, 0.7, 0.8]
    # without the rule: the best two by score
    assert extraction.choose(scores, sentences, 2, block_trigrams=False, skip_fragments=False) == [1, 3]
    # with it: "these mice" waits for sentence 0, "however" for sentence 2; the others are tried first
    chosen = extraction.choose_in_order(extraction.score_order(scores), sentences, 2, standalone=True)
    assert chosen == [0, 2]
    # once the sentence before is in, the one leaning on it may follow
    assert extraction.choose_in_order(extraction.score_order(scores), sentences, 3, standalone=True) == [0, 1, 2]
    assert extraction.Selection(k=2, standalone=True).choose(scores, sentences) == [0, 2]
    # only leaning sentences: the best of them rather than no summary
    assert extraction.choose_in_order([1, 3], sentences, 1, standalone=True) == [1]


def test_standalone_is_a_grid_flag():
    assert harness.parse_grid("standalone=0,1") == [{"standalone": False}, {"standalone": True}]
    assert harness.parse_grid("spell_out_abbreviations=0,1") == [{"spell_out_abbreviations": False},
                                                                 {"spell_out_abbreviations": True}]
    with pytest.raises(harness.EvaluationError, match="standalone takes flag values"):
        harness.parse_grid("standalone=maybe")

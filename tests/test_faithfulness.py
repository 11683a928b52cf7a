"""The readability measures (fairseq_plugins/evaluation/faithfulness.py): spliced sentences on hand-made
article/summary pairs, cut-off endings, the unsupported-words proxy, and their place in
scripts/evaluate.py (generate, merge, compare, the tuning table's ranking)."""
import importlib.util
import json
from pathlib import Path

import pytest

from fairseq_plugins import evaluation as ev
from fairseq_plugins.scoring.rouge import rouge_tokens
from fairseq_plugins.text.document import whole_sentences
from fairseq_plugins.evaluation import faithfulness as fa

REPO = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("evaluate_cli_faithfulness", REPO / "scripts" / "evaluate.py")
evaluate_cli = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(evaluate_cli)

# eight sentences in the normal form; sentence 0 and 6 are far apart
ARTICLE = (
    "the city council of port alder voted on tuesday to close the old harbour bridge for repairs . "
    "the bridge , built in 1931 , carries about 12,000 cars a day . "
    "engineers found cracks in two of its steel supports last month . "
    "mayor ellen frost said the closure would last at least six weeks . "
    "local shop owners fear they will lose customers during the works . "
    "a ferry service will run every twenty minutes while the bridge is shut . "
    "the football club of port alder won its third league title in a row on saturday . "
    "fans celebrated in the streets until late at night ."
)


@pytest.fixture(scope="module")
def article():
    return fa.Article(ARTICLE)


def test_a_verbatim_sentence_is_one_fragment_and_not_spliced(article):
    sentence = "engineers found cracks in two of its steel supports last month ."
    found = fa.fragments(article, sentence.split())
    assert len(found) == 1 and found[0].length == len(sentence.split())
    assert article.tokens[found[0].source:found[0].source + found[0].length] == sentence.split()
    assert not fa.is_spliced(article, sentence)


def test_halves_of_far_apart_sentences_joined_mid_clause_are_spliced(article):
    # "the city council of port alder voted on tuesday to" + "won its third league title in a row"
    sentence = "the city council of port alder voted on tuesday to won its third league title in a row ."
    found = fa.fragments(article, sentence.split())
    assert [article.sentence_of(f.source) for f in found] == [0, 6]
    assert fa.is_spliced(article, sentence)
    # the same junction inside one long sentence, re-ordered: far apart in one sentence
    assert fa.is_spliced(article, "carries about 12,000 cars a day , built in 1931 .")


def test_adjacent_sentence_continuations_are_not_spliced(article):
    # a clause continued from the next sentence, joined by a word of the model's own ("which")
    assert not fa.is_spliced(article, "the city council of port alder voted on tuesday to close the old harbour bridge , "
                                      "which carries about 12,000 cars a day .")
    # a subject taken from the next sentence for the previous one's predicate
    sentence = "a ferry service will run during the works ."
    assert [article.sentence_of(f.source) for f in fa.fragments(article, sentence.split())] == [5, 4]
    assert not fa.is_spliced(article, sentence)
    # the same junction with a sentence two away is a splice
    assert fa.is_spliced(article, "a ferry service will run in two of its steel supports .")
    # a short phrase dropped inside one sentence is compression; a long jump inside one is not
    assert not fa.is_spliced(article, "the city council of port alder voted to close the old harbour bridge .")
    assert fa.is_spliced(article, "the city council for repairs .")


def test_whole_clauses_from_apart_sentences_joined_cleanly_are_not_spliced(article):
    # both fragments are whole clauses in the article: a list of facts, not a splice
    sentence = "engineers found cracks in two of its steel supports last month and the football club of port alder won its third league title in a row on saturday ."
    found = fa.fragments(article, sentence.split())
    assert [article.sentence_of(f.source) for f in found] == [2, 6]
    assert not fa.is_spliced(article, sentence)


def test_novel_glue_and_short_matches_are_not_fragments(article):
    # "the bridge" (two tokens) is too short to say where it came from
    found = fa.fragments(article, "yesterday the bridge was praised by everyone .".split())
    assert found == []
    assert not fa.is_spliced(article, "yesterday the bridge was praised by everyone .")


@pytest.mark.parametrize("summary,cut", [
    ("the bridge is shut . <n> fans celebrated .", False),
    ("the bridge is shut . <n> fans celebrated in the", True),
    ("he said : \" it is over . \"", False),
    ("what happened ? <n> nobody knows !", False),
    ("the closure ( six weeks . )", False),
    ("the mayor said the closure would last at least six we", True),
    ("a sentence ending in a comma ,", True),
    ("", False),
])
def test_cut_off_is_the_last_sentence_without_final_punctuation(summary, cut):
    assert fa.is_cut_off(summary) is cut


def test_unsupported_share_counts_content_words_the_article_never_uses():
    # content words, stemmed ("last" and "would" are stop words): 2 of 9 are not the article's,
    # "14" and "sold"; an inflection of an article word ("weeks") is not new
    summary = "mayor ellen frost said the closure would last 14 weeks . <n> the bridge was sold ."
    content = [t for t in rouge_tokens(summary.replace("<n>", " ")) if t not in fa._stop_words()]
    assert content == ["mayor", "ellen", "frost", "said", "closur", "14", "week", "bridg", "sold"]
    assert fa.unsupported_share(ARTICLE, summary) == pytest.approx(100 * 2 / 9)
    # bridges ~ bridge, closed ~ close, repair ~ repairs; "army" is new
    assert fa.unsupported_share(ARTICLE, "the bridges were closed for repair .") == 0.0
    assert fa.unsupported_share(ARTICLE, "the bridges were closed for repair by the army .") == pytest.approx(100 / 4)
    assert fa.unsupported_share(ARTICLE, "") == 0.0


def test_score_document_gives_percentages_per_summary():
    spliced = "the city council of port alder voted on tuesday to won its third league title in a row ."
    verbatim = "engineers found cracks in two of its steel supports last month ."
    scores = fa.score_document(ARTICLE, f"{verbatim} <n> {spliced} <n> fans celebrated in the")
    assert scores["spliced_sentences"] == pytest.approx(100 / 3)
    assert scores["has_spliced"] == 100.0 and scores["cut_off"] == 100.0
    assert scores["unsupported_words"] == 0.0
    assert fa.score_document(ARTICLE, "") == {"spliced_sentences": 0.0, "has_spliced": 0.0, "cut_off": 0.0,
                                              "unsupported_words": 0.0, "fragments": 0.0, "misplaced_numbers": 0.0}


def test_a_number_counts_as_misplaced_when_the_sentence_it_rewrites_does_not_hold_it(article):
    # rewrites sentence 1 (bridge, built, carries, cars, day): 1931 and 12,000 are its own
    assert article.rewritten_sentence("the bridge , built in 1931 , carries 12,000 cars a day .") == 1
    assert fa.misplaced_numbers(article, ["the bridge , built in 1931 , carries 12,000 cars a day ."]) == 0.0
    # the same sentence with a number the article holds only in another sentence ("six" is a word,
    # not a number; 1931 belongs to sentence 1, not to the closure's sentence 3)
    closure = "mayor ellen frost said the closure would last 1931 weeks ."
    assert article.rewritten_sentence(closure) == 3
    assert fa.misplaced_numbers(article, [closure]) == 100.0
    # pooled over the summary: 1 of the 3 numbers is misplaced; a number the article never has is too
    assert fa.misplaced_numbers(article, ["the bridge , built in 1931 , carries 12,000 cars a day .", closure]) \
        == pytest.approx(100 / 3)
    assert fa.misplaced_numbers(article, ["fans celebrated 3 titles ."]) == 100.0
    # no numbers: nothing misplaced; an article without sentences holds no number
    assert fa.misplaced_numbers(article, ["fans celebrated in the streets ."]) == 0.0
    assert fa.misplaced_numbers(fa.Article(""), ["fans won 3 titles ."]) == 100.0


def test_a_copied_sentence_is_its_own_source_when_another_says_the_same_with_other_numbers():
    article = fa.Article("the index rose 2 % in march . <n> the index rose 5 % in april . <n> the index rose 7 % in may .")
    for k, month in enumerate(("march", "april", "may")):
        copied = article.sentences[k]
        assert month in copied and article.rewritten_sentence(copied) == k
    assert fa.misplaced_numbers(article, article.sentences[1:]) == 0.0
    # the content words decide first: a number cannot pull the match to its own sentence
    assert article.rewritten_sentence("the index rose 7 % in april .") == 1
    assert fa.misplaced_numbers(article, ["the index rose 7 % in april ."]) == 100.0


def test_score_document_reports_misplaced_numbers():
    summary = "the bridge , built in 1931 , carries about 12,000 cars a day . <n> the closure would last 12,000 weeks ."
    assert fa.score_document(ARTICLE, summary)["misplaced_numbers"] == pytest.approx(100 / 3)


def test_summary_sentences_split_on_separators_and_on_sentence_ends():
    assert fa.summary_sentences("a b . c d . <n> e f") == ["a b .", "c d .", "e f"]


# --- the harness ----------------------------------------------------------------------------


def _corpus(path: Path, n: int = 6) -> Path:
    rows = []
    for i in range(n):
        article = ARTICLE.replace("port alder", f"town {i}") if i % 2 else ARTICLE
        rows.append({"id": f"doc-{i}", "article": article, "summary": "the bridge will close for six weeks .\nferries will run ."})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _run(argv, capsys):
    code = evaluate_cli.main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_generate_lead3_writes_and_prints_the_measures(tmp_path, capsys):
    data = _corpus(tmp_path / "tiny.jsonl")
    code, out, err = _run(["generate", "--system", "lead3", "--data", data, "--preset", "cnndm", "--out", tmp_path / "lead3",
                           "--workers", 1], capsys)
    assert code == 0, err
    scores = json.loads((tmp_path / "lead3" / "scores.json").read_text())
    for measure in fa.MEASURES:
        assert len(scores["per_document"][measure]) == 6
        assert measure not in scores["rouge"]
        label = fa.DISPLAY_NAMES[measure]
        assert label in out
    # Lead-3 copies whole sentences: nothing spliced, nothing cut off, no new words
    assert set(scores["per_document"]["spliced_sentences"]) == {0.0}
    assert set(scores["per_document"]["cut_off"]) == {0.0}
    assert set(scores["per_document"]["unsupported_words"]) == {0.0}
    assert scores["readability"]["cut_off"] == {"mean": 0.0, "ci95": [0.0, 0.0]}


def test_merge_carries_and_compare_pairs_the_measures(tmp_path, capsys):
    data = _corpus(tmp_path / "tiny.jsonl")
    base = ["generate", "--system", "lead3", "--data", data, "--preset", "cnndm", "--workers", 1]
    assert _run(base + ["--out", tmp_path / "all"], capsys)[0] == 0
    for i in range(2):
        assert _run(base + ["--out", tmp_path / f"s{i}", "--shards", 2, "--shard-id", i], capsys)[0] == 0
    code, _, err = _run(["merge", "--out", tmp_path / "merged", tmp_path / "s1", tmp_path / "s0"], capsys)
    assert code == 0, err
    whole = json.loads((tmp_path / "all" / "scores.json").read_text())
    merged = json.loads((tmp_path / "merged" / "scores.json").read_text())
    assert merged["per_document"] == whole["per_document"] and merged["readability"] == whole["readability"]

    # a system whose stored measures differ: cut off on every document
    other = json.loads((tmp_path / "all" / "scores.json").read_text())
    other["per_document"]["cut_off"] = [100.0] * 6
    (tmp_path / "other").mkdir()
    for name in ("hypotheses.txt", "references.txt", "ids.txt"):
        (tmp_path / "other" / name).write_text((tmp_path / "all" / name).read_text())
    (tmp_path / "other" / "scores.json").write_text(json.dumps(other))
    code, out, err = _run(["compare", tmp_path / "all", tmp_path / "other", "--out", tmp_path / "cmp.json", "--workers", 1], capsys)
    assert code == 0, err
    result = json.loads((tmp_path / "cmp.json").read_text())
    assert result["metrics"]["cut_off"]["delta"] == -100.0
    assert result["metrics"]["spliced_sentences"]["delta"] == 0.0
    assert fa.DISPLAY_NAMES["cut_off"] in out


def _row(settings, r1, spliced, cut):
    rouge = {"rouge1": r1, "rouge2": r1 / 2, "rougeL": r1 / 2, "rougeLsum": r1}
    return {"settings": settings, "rouge": rouge, "mean": (r1 + r1 / 2 + r1) / 3, "words": 50.0, "seconds": 1.0,
            "readability": {"spliced_sentences": spliced, "has_spliced": spliced, "cut_off": cut, "unsupported_words": 1.0}}


def test_tuning_rankings():
    rows = [_row({"min_len": 95}, 36.0, 60.0, 70.0),   # best ROUGE, cut off
            _row({"min_len": 40}, 35.5, 30.0, 0.0),    # within 1 point, fewer splices
            _row({"min_len": 20}, 35.2, 20.0, 0.0),    # within 1 point, fewest splices
            _row({"min_len": 0}, 33.0, 5.0, 0.0)]      # too far below on ROUGE-1
    by_rouge = ev.RANKINGS["rouge"][0](rows, 1.0)
    assert [r["settings"]["min_len"] for r in by_rouge] == [95, 40, 20, 0]
    readable = ev.RANKINGS["readable"][0](rows, 1.0)
    assert [r["settings"]["min_len"] for r in readable] == [20, 40, 95, 0]
    assert [r["settings"]["min_len"] for r in ev.RANKINGS["readable"][0](rows, 5.0)] == [0, 20, 40, 95]
    table = ev.format_tuning(readable)
    assert "splice%" in table and "cut%" in table
    assert table.splitlines()[1].split()[-4:] == ["20.0", "20.0", "0.0", "1.0"]


def test_tune_rejects_an_unknown_ranking_before_loading_anything(tmp_path, capsys):
    code, _, err = _run(["tune", "--system", tmp_path / "none.pt", "--data-bin", tmp_path, "--data", tmp_path / "x.jsonl",
                         "--preset", "cnndm", "--grid", "min_len=0", "--rank", "prettiest"], capsys)
    assert code == 2 and "--rank prettiest: expected one of rouge, readable" in err


def test_agreement_against_hand_computed_kappa():
    # observed agreement 3/4; chance agreement 3/4 * 2/4 + 1/4 * 2/4 = 1/2; kappa (0.75 - 0.5) / 0.5
    result = fa.agreement([True, True, True, False], [True, True, False, False])
    assert result["accuracy"] == pytest.approx(0.75) and result["kappa"] == pytest.approx(0.5)
    assert result["precision"] == pytest.approx(1.0) and result["recall"] == pytest.approx(2 / 3)
    assert fa.agreement([True, True, False, False], [True, False, False, True])["kappa"] == pytest.approx(0.0)
    with pytest.raises(ValueError, match="as many verdicts as labels"):
        fa.agreement([True], [True, False])


def test_the_apps_decoding_defaults_are_the_cnndm_preset():
    """The preset chosen on ROUGE and the readability measures (docs/cpu_budget.md, "Readable
    summaries"): min_len 80 rather than 95, so fewer summaries are forced to the model's 100-piece
    cap and cut off there; the app decodes with it unless told otherwise."""
    from app.summarizer import DecodingOptions

    preset = ev.get_preset("cnndm")
    assert (preset.beam, preset.no_repeat_ngram_size, preset.min_len, preset.max_len_b, preset.lenpen) == (4, 3, 80, 100, 2.0)
    defaults = DecodingOptions()
    assert (defaults.beam, defaults.no_repeat_ngram_size, defaults.min_len, defaults.max_len, defaults.lenpen) == \
        (preset.beam, preset.no_repeat_ngram_size, preset.min_len, preset.max_len_b, preset.lenpen)



@pytest.mark.parametrize("sentences, kept, dropped", [
    (["a was b .", "c was d ."], ["a was b .", "c was d ."], False),
    (["a was b .", "c said \" d . \""], ["a was b .", "c said \" d . \""], False),
    (["a was b .", "c was at stam"], ["a was b ."], True),
    (["c was at stam"], ["c was at stam"], False),  # never emptied
    ([], [], False),
])
def test_a_sentence_cut_off_by_the_length_limit_is_left_out(sentences, kept, dropped):
    assert whole_sentences(sentences) == (kept, dropped)

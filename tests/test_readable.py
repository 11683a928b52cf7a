"""fairseq_plugins/text/readable.py (what a person reads), fairseq_plugins/text/alignment.py (Lead-3 verbatim),
the command line's standard input, and the readability figures on the shared raw articles.

The articles here are written for these tests (held-out-like: nothing from the shared data); the
model outputs are written by hand in the normalized form a model writes."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.models import Lead3
from fairseq_plugins import evaluation, text
from fairseq_plugins.text import alignment
from fairseq_plugins.text.readable import names_of, readability_check, readability_counts, readable

REPO = Path(__file__).resolve().parent.parent
RAW_ARTICLES = REPO.parent / "shared" / "data" / "cnndm" / "raw_articles.jsonl"

ARTICLE = """WASHINGTON (Reuters) -- NASA said on Tuesday that its Artemis team had found water ice near the \
Moon's south pole, and the U.S. space agency's chief, Bill McDonnell, called it "a turning point."

"I think we're gonna see a new era," McDonnell, 61, told reporters at the Kennedy Space Center. He didn't \
say when the 35-year-old programme would end.

The mission cost $1.2 billion, about 3.5% of NASA's budget, while Britain's share was £5m. Some 1,250 \
scientists from iRobot and McDonald's took part, and they told us the US would pay again.

Sarah O'Neill, the players' union chief, said: 'It's over.' The team will meet in New York next year."""


def one(sentence: str, article: str = ARTICLE) -> str:
    out = readable([sentence], article)
    assert len(out) == 1, out
    return out[0]


# -- readable: spacing and case --------------------------------------------------------------------


@pytest.mark.parametrize("normalized, expected", [
    # names, acronyms, mixed case, possessives
    ("nasa said its artemis team found water ice near the moon 's south pole .",
     "NASA said its Artemis team found water ice near the Moon's south pole."),
    ("the u.s. space agency 's chief , bill mcdonnell , called it \" a turning point . \"",
     'The U.S. space agency\'s chief, Bill McDonnell, called it "a turning point."'),
    ("some 1,250 scientists from irobot and mcdonald 's took part .",
     "Some 1,250 scientists from iRobot and McDonald's took part."),
    # I, contractions, quotes
    ("\" i think we 're gon na see a new era , \" mcdonnell , 61 , told reporters .",
     '"I think we\'re gonna see a new era," McDonnell, 61, told reporters.'),
    ("he did n't say when the 35 - year - old programme would end .",
     "He didn't say when the 35-year-old programme would end."),
    # numbers, currency, percentages
    ("the mission cost $ 1.2 billion , about 3.5 % of nasa 's budget , while britain 's share was £ 5m .",
     "The mission cost $1.2 billion, about 3.5% of NASA's budget, while Britain's share was £5m."),
    # single quotes, a plural possessive, a name with an apostrophe
    ("sarah o'neill , the players ' union chief , said : ' it 's over . '",
     "Sarah O'Neill, the players' union chief, said: 'It's over.'"),
    # the same word in two cases: "us" the pronoun, "US" the country (after "the", as in the article)
    ("they told us the us would pay .", "They told us the US would pay."),
    # a dateline, and "new" capitalised only where the article does ("New York", not "a new era")
    ("( reuters ) -- the team will meet in new york to plan a new era .",
     "(Reuters) -- The team will meet in New York to plan a new era."),
])
def test_readable_cases_and_spaces_like_the_article(normalized, expected):
    assert one(normalized) == expected


def test_a_misspelled_name_takes_the_case_of_the_closest_article_name():
    assert one("bill mcdonnel told reporters at the kennedy space center .") == \
        "Bill McDonnel told reporters at the Kennedy Space Center."
    # a common word near no name stays as it is
    assert one("the agency said it would wait .") == "The agency said it would wait."


def test_words_the_article_never_writes():
    # sentence start, I, weekdays and months are cased; other unseen words stay lower case
    assert one("on monday in march i met a ranger from yellowstone .") == \
        "On Monday in march I met a ranger from yellowstone."
    # hyphenated words the project keeps whole are cased part by part
    assert one("an anti-nasa protest .") == "An anti-NASA protest."


def test_without_an_article_only_starts_and_i_are_cased():
    assert readable(["i said \" no \" , she said .", "it 's $ 5 , or 10 % ."]) == \
        ['I said "no", she said.', "It's $5, or 10%."]
    # a lowercased article (the cnndm data) has no case to give
    assert readable(["nasa 's chief quit ."], ARTICLE.lower()) == ["Nasa's chief quit."]
    assert readable([]) == [] and readable([""]) == []
    # a Greek letter keeps its case at a sentence's start (a symbol: "β-glucan", not "Β-glucan"); a Latin one is cased
    assert readable(["β - glucan levels rose .", "é tait un test ."]) == ["β-glucan levels rose.", "É tait un test."]


def test_separators_and_masked_citations_never_come_out():
    out = readable(["water ice was found <cit> near the pole . <n> nasa said so ."], ARTICLE)
    assert out == ["Water ice was found near the pole.", "NASA said so."]
    assert not any("<" in s for s in readable(["<n> <cit> <n>", "<cit>"]))
    # a citation's preposition goes with it, so no "introduced in and" is left
    assert readable(["the method was introduced in <cit> and demonstrated in an application ."]) == [
        "The method was introduced and demonstrated in an application."]
    assert readable(["as shown by <cit> <cit> , the cells grew ."]) == ["As shown, the cells grew."]
    # a run of citations with its separators goes whole, and so does the comma that led into one at a clause's end
    assert readable(["it varied with sperm quality <cit> , <cit> , <cit> , <cit> ."]) == ["It varied with sperm quality."]
    assert readable(["otus were found in each of these samples , <cit> ."]) == ["Otus were found in each of these samples."]
    assert readable(["one group <cit> ; <cit> , and another <cit> , grew ."]) == ["One group, and another, grew."]
    # ... and so does a run whose last citation a coordinator joins, each with its preposition, and a lead-in
    assert readable(["exhaustive reviews can be found in <cit> and <cit> ."]) == ["Exhaustive reviews can be found."]
    assert readable(["it grew in <cit> , and in <cit> ; it died ."]) == ["It grew; it died."]
    assert readable(["infection rates are high , e.g. <cit> ."]) == ["Infection rates are high."]
    assert readable(["rates rise in summer , see e.g. <cit> ."]) == ["Rates rise in summer."]


def test_quotes_that_do_not_pair_in_a_sentence():
    # the model split a quotation over two sentences: the closing quote attaches to the left
    assert readable(['" we will go back', 'next year , " he said .', 'she said it was over . "']) == \
        ['"We will go back', 'Next year," he said.', 'She said it was over."']


def test_spaced_dashes_of_the_article_stay_spaced():
    article = "The plan - which was late - passed. A well-known 35-year-old voted."
    assert one(text.split_sentences(text.normalize_text(article))[0], article) == "The plan - which was late - passed."
    assert one("a well - known 35 - year - old voted .", article) == "A well-known 35-year-old voted."


# -- the measure ------------------------------------------------------------------------------------


def test_readability_counts_find_lower_case_names_and_tokenizer_spacing():
    assert {"mcdonnell", "nasa", "artemis", "i"} <= names_of(ARTICLE) and "the" not in names_of(ARTICLE)
    bad = ["the chief , bill mcdonnell , said nasa 's ( new ) plan did n't cost $ 5 ."]
    counts = readability_counts(ARTICLE, bad)
    assert counts["names"] == 3 and counts["names_capitalised"] == 0  # bill, mcdonnell, nasa
    assert counts["space before punctuation"] == 3 and counts["space before a clitic"] == 1
    assert counts["space before n't"] == 1 and counts["space inside brackets"] == 2
    assert counts["space after a currency sign"] == 1
    good = readable(bad, ARTICLE)
    fixed = readability_counts(ARTICLE, good)
    assert fixed["names"] == fixed["names_capitalised"] == 3
    assert sum(v for k, v in fixed.items() if not k.startswith("names")) == 0


# -- Lead-3 verbatim ----------------------------------------------------------------------------------

ODD = ("\u201cWe\u2019re  ready,\u201d said Ms.  O\u2019Neill of Acme Corp. on Monday.\n\n"
       "The firm\u2019s shares rose 3.5% to $12.50 ,  analysts said.   He said ''stop.'' "
       "A fourth sentence follows.")


def test_lead3_returns_the_article_sentences_verbatim():
    result = Lead3().summarize(ODD)
    # the article's own characters, each sentence on one line (a run of spaces in it one space)
    assert result.sentences == [
        "\u201cWe\u2019re ready,\u201d said Ms. O\u2019Neill of Acme Corp. on Monday.",
        "The firm\u2019s shares rose 3.5% to $12.50 , analysts said.",
        "He said ''stop.''",
    ]
    assert result.summary == "\n".join(result.sentences)
    # the same three sentences the normalized split (training, evaluation) picks
    assert result.normalized_sentences == evaluation.lead_sentences(ODD, 3) == text.lead(text.normalize_text(ODD), 3)


def test_raw_sentences_cover_headlines_entities_and_every_sentence():
    raw = "Markets rally\n\nAT&amp;T rose 5% (to $30).\tIts chief said: \u201cGood.\u201d Done!"
    pairs = alignment.raw_sentences(raw)
    assert [r for _, r in pairs] == ["Markets rally", "AT&amp;T rose 5% (to $30).",
                                     "Its chief said: \u201cGood.\u201d", "Done!"]
    assert [n for n, _ in pairs] == text.split_sentences(text.normalize_text(raw))


# -- evaluation samples ---------------------------------------------------------------------------------


def test_evaluation_samples_are_readable_and_scores_unchanged(tmp_path):
    data = tmp_path / "docs.jsonl"
    data.write_text(json.dumps({"id": "a", "article": ARTICLE, "summary": "NASA found ice.\nMcDonnell spoke."}) + "\n")
    out = tmp_path / "lead3"
    run = subprocess.run([sys.executable, "scripts/evaluate.py", "generate", "--system", "lead3", "--data", str(data),
                          "--preset", "cnndm", "--out", str(out), "--workers", "1"],
                         cwd=REPO, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    # ROUGE's inputs stay lowercased and tokenized
    assert (out / "hypotheses.txt").read_text().strip() == evaluation.lead_summary(ARTICLE)
    assert (out / "references.txt").read_text().strip() == "NASA found ice. <n> McDonnell spoke."
    table = evaluation.format_samples(evaluation.sample_rows(out, 1))
    row = table.splitlines()[2]
    assert "McDonnell, called it \"a turning point.\"" in row and "NASA said on Tuesday" in row
    assert " ," not in row and " 's" not in row


# -- the command line reads standard input ----------------------------------------------------------


def cli(args, **kwargs):
    return subprocess.run([sys.executable, "-m", "app.summarize", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300, **kwargs)


def test_command_line_reads_piped_standard_input():
    expected = Lead3().summarize(ODD).sentences
    for args in ([], ["-"]):
        result = cli(["--model", "lead3", *args], input=ODD)
        assert result.returncode == 0, result.stderr
        assert result.stdout.rstrip("\n").split("\n") == expected
    empty = cli(["--model", "lead3"], input="")
    assert empty.returncode == 2 and "empty" in empty.stderr and "Traceback" not in empty.stderr


def test_command_line_without_a_file_at_a_terminal_is_a_usage_error(monkeypatch, capsys):
    from app.summarize import main

    class Terminal:
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stdin", Terminal())
    with pytest.raises(SystemExit) as exit_:
        main(["--model", "lead3"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "no article" in err


def test_command_line_model_summary_is_readable(tiny_bundle):
    result = cli(["--checkpoint", str(tiny_bundle / "checkpoint.pt"), "--beam", "1", "--max-len", "30"], input=ARTICLE)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().split("\n")
    assert lines and all(line[:1].isupper() or not line[:1].isalpha() for line in lines)
    counts = readability_counts(ARTICLE, lines)
    assert sum(v for k, v in counts.items() if not k.startswith("names")) == 0
    assert "<n>" not in result.stdout


# -- the shared raw articles (skipped where the data is absent) ---------------------------------------


@pytest.mark.skipif(not RAW_ARTICLES.exists(), reason="shared data absent")
def test_figures_on_the_shared_raw_articles():
    docs = evaluation.read_jsonl(RAW_ARTICLES, limit=100)
    result = readability_check([d.article for d in docs])
    assert result["names"] > 500 and result["names_capitalised"] >= 0.95 * result["names"]
    assert result["lead3_verbatim"] == result["lead3_sentences"] == 300
    from fairseq_plugins.text.readable import TOKENIZER_SPACINGS

    assert sum(result.get(kind, 0) for kind in TOKENIZER_SPACINGS) == 0

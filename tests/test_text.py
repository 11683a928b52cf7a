"""fairseq_plugins.text: normalization (exact outputs, idempotency, near-identity on the shared
CNN/DM data, robustness), sentence splitting, the sentence separator, sentencepiece helpers."""
import difflib
import gzip
import itertools
import json
import random
import time
from pathlib import Path

import pytest

from fairseq_plugins import text
from fairseq_plugins.text import (
    SENTENCE_SEPARATOR,
    Document,
    decode_pieces,
    encode_pieces,
    join_sentences,
    normalize_text,
    prepare_source,
    prepare_target,
    split_sentences,
    target_text,
    unjoin,
)

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"


def shared_articles(n: int):
    path = SHARED / "cnndm" / "valid.jsonl.gz"
    if not path.exists():
        pytest.skip(f"{path} not present")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in itertools.islice(f, n)]


# ---------------------------------------------------------------------------------------------
# normalize_text: exact outputs
# ---------------------------------------------------------------------------------------------

EXAMPLES = [
    # contractions, sentence-final periods, commas
    ("It didn't work, he said.", "it did n't work , he said ."),
    ("I can't go. You won't. It's John's car; they'll see.",
     "i ca n't go . you wo n't . it 's john 's car ; they 'll see ."),
    ("I gotta go, gonna be late. Gimme that. You cannot win.",
     "i got ta go , gon na be late . gim me that . you can not win ."),
    # double quotes: plain " (not `` ''), curly ones too; a period before a closing quote
    ('"There were students in uniform. So, we had to use minimum force," Doungal added.',
     '" there were students in uniform . so , we had to use minimum force , " doungal added .'),
    ("\u201cCurly,\u201d she said. \u201cReally.\u201d",
     '" curly , " she said . " really . "'),
    # single quotes: opening quote split off, possessive plural, decades kept
    ("They called it 'based on nothing'. The students' books from the '90s.",
     "they called it ' based on nothing ' . the students ' books from the '90s ."),
    ("It\u2019s O\u2019Neill\u2019s \u2018best\u2019 year.", "it 's o'neill 's ' best ' year ."),
    # hyphens split, common prefixes kept whole
    ("The 35-year-old Bengali-speaking co-pilot sent an e-mail after the semi-final.",
     "the 35 - year - old bengali - speaking co-pilot sent an e-mail after the semi-final ."),
    # abbreviations and acronyms keep their periods; the last one of a text gets another
    ("Police official L.L. Doungal met Dr. Smith in the U.S. at 5 p.m. on Jan. 3.",
     "police official l.l. doungal met dr. smith in the u.s. at 5 p.m. on jan. 3 ."),
    ("He works for Smith & Co.", "he works for smith & co. ."),
    ("President George W. Bush spoke, Colo., not far.", "president george w. bush spoke , colo. , not far ."),
    # parentheses, brackets, question and exclamation marks
    ("NEW DELHI (CNN) -- A raid [in India]. Why? Wow!",
     "new delhi ( cnn ) -- a raid [ in india ] . why ? wow !"),
    ('He said: "Go home." (He left.)', 'he said : " go home . " ( he left . )'),
    # unicode: NFKC, fractions, currency, dashes, ellipsis, HTML entities, full-width letters
    ("Prices rose 8\u00bd% to \u00a35.50 and \u20ac20 \u2014 or $30\u2026 AT&amp;T \uff21\uff22\uff23",
     "prices rose 8 1/2 % to \u00a3 5.50 and \u20ac 20 \u2014 or $ 30 ... at & t abc ."),
    ("Caf\u00e9 na\u00efve \u00dcBER stra\u00dfe.", "caf\u00e9 na\u00efve \u00fcber stra\u00dfe ."),
    # the sentence separator can never appear in normalized text
    ("a <n> b &lt;n&gt; c", "a < n > b < n > c ."),
    # control and zero-width characters, whitespace; a line ending in a word gets a period
    ("  tab\there\r\nnew\u00a0line\u200b zero\x00 width  ", "tab here . new line zero width ."),
    ("Harbour tunnel opens\n\nThe tunnel opened on Monday.\nBy Ann Lee\n", 
     "harbour tunnel opens . the tunnel opened on monday . by ann lee ."),
    # a line that ends in a closing bracket or quotation mark after a word too, not one that ends in a dash
    ("He said:\n\"It works.\"\nA list -\nstays (as is)", 'he said : " it works . " a list - stays ( as is ) .'),
    ("Generation of a vaccine \u201cC-strain\u201d\nBACs were constructed.",
     'generation of a vaccine " c - strain " . bacs were constructed .'),
    # a stop glued to the next sentence's first word after a space ends its sentence; a file's extension stays
    ("It was isolated in China .Since then, it has spread. All .cel files ran on the .net runtime.",
     "it was isolated in china . since then , it has spread . all .cel files ran on the .net runtime ."),
]


@pytest.mark.parametrize("raw,expected", EXAMPLES)
def test_normalize_examples(raw, expected):
    assert normalize_text(raw) == expected
    assert normalize_text(expected) == expected  # already normal: unchanged


def test_normal_form_is_left_alone():
    normal = (
        "new delhi ( cnn ) in an unusual public raid in india , thousands stormed a jail . the 35 - year - old "
        "suspect , who was described as an illegal immigrant from bangladesh , died , said l.l. doungal . "
        "police used teargas , but it did n't work , he said . \" there were students in uniform . so , we "
        "had to use minimum force , \" doungal added . filmmaker : india 's ban on documentary is ' based on "
        "nothing ' cnn 's faith karimi contributed to this report ."
    )
    assert normalize_text(normal) == normal


# ---------------------------------------------------------------------------------------------
# normalize_text: idempotency and robustness
# ---------------------------------------------------------------------------------------------

FUZZ_ATOMS = [
    "The", "U.S.", "Dr.", "St.", "Co.", "a.m.", "D.C.", "J.", "L.L.", "e.g.", "etc.", "No.", "5.", "1990.",
    "3.5", "1,000", "'s", "n't", "can't", "won't", "it's", "John's", "students'", "'90s", "'Tis", "'based",
    "cannot", "gonna", "gimme", ".", ",", "!", "?", ";", ":", "...", "..", "--", "-", "\u2014", "\u2013", "'",
    '"', "''", "``", "`", "(", ")", "[", "]", "{", "}", "<", ">", "<n>", "&", "&amp;", "#", "@", "$", "\u00a3",
    "%", "/", "35-year-old", "semi-final", "e-mail", "-5-2", "well-known", "AT&T", "http://x.com/a-b?c=d",
    "\u201c", "\u201d", "\u2018", "\u2019", "\u00ab", "\u00bd", "8\u00bd", "\ufb01", "\uff21", "\u0130", "\u1e9e",
    "\u03a3", "\u01c5", "\u210c", "\u0308", "\u00a8", "\u200b", "\ufeff", "\x00", "\t", "\n", "\u2581",
    "\ud800", "\U0001f642", "\u0645\u0631\u062d\u0628\u0627", "\u05e9\u05dc\u05d5\u05dd", "\u4e2d\u6587",
    "x", "A.", "colo.,", 'end."', "end.'", "(end.)", "?!", "....", "o'brien", "y'all", "ol'", "\u202e",
    "'s.", "n't.", "can.",
]


def test_idempotent_on_fuzzed_input():
    rng = random.Random(1234)
    for _ in range(2000):
        parts = [rng.choice(FUZZ_ATOMS) for _ in range(rng.randint(0, 20))]
        raw = "".join(p + rng.choice([" ", " ", "", "\n"]) for p in parts)
        once = normalize_text(raw)
        assert normalize_text(once) == once, repr(raw)
        assert "  " not in once and once == once.strip()
        assert SENTENCE_SEPARATOR not in once.split()


def test_idempotent_and_near_identity_on_shared_cnndm():
    records = shared_articles(200)
    changed = total = 0
    for record in records:
        article = record["article"]
        once = normalize_text(article)
        assert normalize_text(once) == once
        a, b = article.split(), once.split()
        total += len(a)
        for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if tag != "equal":
                changed += i2 - i1
        for sentence in record["summary"].split("\n"):
            assert normalize_text(normalize_text(sentence)) == normalize_text(sentence)
    assert changed / total < 0.01, f"{changed} of {total} tokens changed"


def test_idempotent_on_raw_articles():
    path = SHARED / "cnndm" / "raw_articles.jsonl"
    if not path.exists():
        pytest.skip(f"{path} not present")
    with open(path, encoding="utf-8") as f:
        records = [json.loads(line) for line in itertools.islice(f, 60)]
    for record in records:
        once = normalize_text(record["article"])
        assert once and once == once.lower()
        assert normalize_text(once) == once


@pytest.mark.parametrize(
    "raw",
    [
        "", " ", None, b"bytes \xff\xfe are decoded", 12345, "\x00\x01\x02", "\ud800\udfff lone surrogates",
        "\U0001f600\U0001f44d\U0001f3fd emoji only", "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645.",
        "\u202eright-to-left override\u202c", "<n>" * 50, "&#0; &#xD800; &#1114112; &bogus;", "." * 5000,
        "'" * 3000, "\"" * 3000,
    ],
)
def test_never_raises(raw):
    out = normalize_text(raw)
    assert isinstance(out, str)
    assert normalize_text(out) == out
    out.encode("utf-8")  # no lone surrogates left


def test_binary_garbage_and_huge_input():
    rng = random.Random(7)
    garbage = bytes(rng.randrange(256) for _ in range(50_000)).decode("latin-1")
    out = normalize_text(garbage)
    assert normalize_text(out) == out
    out.encode("utf-8")
    huge = ("The quick brown fox, aged 3, didn't jump. " * 25_000)[:1_000_000]
    start = time.perf_counter()
    out = normalize_text(huge)
    assert time.perf_counter() - start < 20
    assert out.startswith("the quick brown fox , aged 3 , did n't jump . the quick")
    no_spaces = "x" * 1_000_000  # one 1 MB "word": garbage, dropped
    assert normalize_text(no_spaces) == ""
    assert all(len(t) <= text.MAX_TOKEN_CHARS for t in normalize_text("a" * 999 + " b " + "c" * 1001).split())


# ---------------------------------------------------------------------------------------------
# sentences and the separator
# ---------------------------------------------------------------------------------------------


def test_split_sentences():
    norm = normalize_text('He said: "Go home." Then (he left.) She asked? Yes! Really?! "Fine." The end')
    assert norm.endswith("the end .")
    norm = norm[: -len(" .")]
    assert split_sentences(norm) == [
        'he said : " go home . "',
        "then ( he left . )",
        "she asked ?",
        "yes !",
        "really ? !",
        '" fine . "',
        "the end",
    ]
    # an opening quote after a sentence end belongs to the next sentence
    assert split_sentences('he said . " there were students . so , we left , " he added .') == [
        "he said .",
        '" there were students .',
        'so , we left , " he added .',
    ]
    # a closing mark after a stop ends the quotation that opened a sentence or two before, not the
    # next sentence; a new paragraph opens none, and neither does a mark left unmatched long before
    assert split_sentences('police said : " we did what we had to . it had to be used . " the officer was cleared .') == [
        'police said : " we did what we had to .', 'it had to be used . "', "the officer was cleared ."]
    assert split_sentences('he said : " we went . <n> " they left . " she said .') == [
        'he said : " we went .', '" they left . "', "she said ."]
    stray = 'a " stray mark . ' + "word . " * 60 + '" a quote . " he said .'
    assert split_sentences(stray)[-2:] == ['" a quote . "', "he said ."]
    # abbreviations do not end sentences; standalone periods do
    assert split_sentences(normalize_text("Dr. Smith met J. Doe in the U.S. yesterday. Then he left.")) == [
        "dr. smith met j. doe in the u.s. yesterday .",
        "then he left .",
    ]
    # a paper's mid-sentence abbreviations, even where the data set broke the line after them
    assert split_sentences(normalize_text("repeats in proteins, viz.\nthe tandem repeats of figs. 2 and 3 (eq. 4). next.")) == [
        "repeats in proteins , viz. the tandem repeats of figs. 2 and 3 ( eq. 4 ) .",
        "next .",
    ]
    assert split_sentences(normalize_text("more genes than other enterococcus spp.\nisolated from bovine feces. next.")) == [
        "more genes than other enterococcus spp. isolated from bovine feces .", "next ."]
    assert split_sentences(normalize_text("leaves challenged with Pseudomonas syringae pv. glycinea wilted. next.")) == [
        "leaves challenged with pseudomonas syringae pv. glycinea wilted .", "next ."]
    # a mosquito genus's abbreviation, where SumPubMed broke the line before the species' name
    assert split_sentences(normalize_text("novel mirnas in cx.\nquinquefasciatus and ae. albopictus. an.\ngambiae "
                                          "was not sequenced. next.")) == [
        "novel mirnas in cx. quinquefasciatus and ae. albopictus .", "an. gambiae was not sequenced .", "next ."]
    # cultivars' "cvs.", where SumPubMed broke the line before the cultivars' names
    assert split_sentences(normalize_text("awf was isolated from the leaves of wheat cvs.\nstakado and sevin inoculated "
                                          "with z. tritici. next.")) == [
        "awf was isolated from the leaves of wheat cvs. stakado and sevin inoculated with z. tritici .", "next ."]
    # circa, where SumPubMed broke the line before its number
    assert split_sentences(normalize_text("one activity band was observed at ca.\n<dig> kda. next.")) == [
        "one activity band was observed at ca. <dig> kda .", "next ."]
    assert split_sentences("") == []
    assert text.lead("a . b . c . d .", 3) == ["a .", "b .", "c ."]


def test_a_quotations_own_question_mark_goes_on_with_the_verb_that_attributes_it():
    """'" ... the problem ? " asks bill bishop , ...': one sentence, not a quotation and a sentence
    with no subject; a closing quote followed by anything else ends the sentence as before."""
    assert split_sentences('some fear it . " what \'s the problem ? " asks bill bishop , a china watcher . next .') == [
        "some fear it .", '" what \'s the problem ? " asks bill bishop , a china watcher .', "next ."]
    assert split_sentences('" go home ! " said one . " why ? " he asked .') == ['" go home ! " said one .', '" why ? "', "he asked ."]
    assert split_sentences('" we won . " said the coach .') == ['" we won . "', "said the coach ."]


def test_the_stop_a_tokenizer_parted_from_et_al_ends_no_sentence_that_goes_on():
    """Cohan-format text writes "et al." as "et al ." ("chavarro et al . in their cohort study
    found that ..."): the citation goes on with its verb, as the normal form's own "et al." does; a
    word that opens a sentence, a second stop or the text's end still ends it there."""
    assert split_sentences("chavarro et al . in their study found that milk matters . next .") == [
        "chavarro et al . in their study found that milk matters .", "next ."]
    assert split_sentences("smith et al . , in 2008 , reported it . next .") == [
        "smith et al . , in 2008 , reported it .", "next ."]
    assert split_sentences("smith et al. in 2008 reported it . next .") == ["smith et al. in 2008 reported it .", "next ."]
    # a new sentence after the citation, a doubled stop, the text's end, a paragraph's end
    assert split_sentences("as shown by smith et al . the cells grew . next .") == [
        "as shown by smith et al .", "the cells grew .", "next ."]
    assert split_sentences("as shown by smith et al . . next .") == ["as shown by smith et al . .", "next ."]
    assert split_sentences("as shown by smith et al .") == ["as shown by smith et al ."]
    assert split_sentences("as shown by smith et al . <n> found it .") == ["as shown by smith et al .", "found it ."]
    # "al" that is no citation's keeps the rule for every stop
    assert split_sentences("we met al . found it .") == ["we met al .", "found it ."]


def test_a_stop_typed_twice_ends_a_sentence():
    assert split_sentences("stem cells in the adult heart .. since 2005 , it grew .") == [
        "stem cells in the adult heart ..", "since 2005 , it grew ."]


def test_a_period_inside_brackets_ends_no_sentence():
    """Papers cite and point to figures inside brackets ("( fig . 3 )", "( smith et al . , 1997 )"):
    the sentence goes on to its own end; a bracket that closes right after its period ends the
    sentence with it, and one that never closes nearby holds nothing open."""
    assert split_sentences("the mass grew ( fig . 3 ) . it was removed .") == ["the mass grew ( fig . 3 ) .", "it was removed ."]
    assert split_sentences("ants defend plants ( rehr et al . , 1973 ; smith et al . 1998 ) . bees do not .") == [
        "ants defend plants ( rehr et al . , 1973 ; smith et al . 1998 ) .", "bees do not ."]
    assert split_sentences("as shown [ ref . 4 ] . next .") == ["as shown [ ref . 4 ] .", "next ."]
    assert split_sentences("then ( he left . ) she asked .") == ["then ( he left . )", "she asked ."]
    stray = "a stray ( bracket . " + " ".join(["word"] * 45) + " ) ."
    assert split_sentences(stray)[0] == "a stray ( bracket ."
    assert split_sentences("values ( 1 . 2 ) rose .") == ["values ( 1 . 2 ) rose ."]


def test_a_masked_papers_stop_lost_after_a_references_number_ends_the_sentence():
    """SumPubMed's masking ate the stop after a number that ended a sentence ("found in table 2. The
    genomes ..."): after a figure's, table's or section's <dig>, a word that opens sentences starts a
    new one, unless the reference closes a fronted phrase, or an active verb's object follows it."""
    run_together = "genomes can be found in table <dig> the genomes ranged in size from <dig> to <dig> mb ."
    assert split_sentences(run_together) == ["genomes can be found in table <dig>",
                                             "the genomes ranged in size from <dig> to <dig> mb ."]
    # a trailing "as ..." after a clause is not fronted: the next sentence opens after it
    trailing = "the methods apply a markov model , as detailed in section <dig> in this paper , we will provide one ."
    assert split_sentences(trailing) == ["the methods apply a markov model , as detailed in section <dig>",
                                         "in this paper , we will provide one ."]
    assert split_sentences("results are shown in fig. <dig> however , the rate fell sharply later .") == [
        "results are shown in fig. <dig>", "however , the rate fell sharply later ."]
    kept_whole = [
        "as shown in figure <dig> we found that the ratios of long probes rose .",  # a fronted phrase
        "for example , as shown in figure <dig> the expression of both genes rose .",  # after a discourse marker
        "except for generations g <dig> and g <dig> this marker told the families apart .",  # "except for" too
        "taking a look at the last lines of table <dig> we see that two components act .",  # an -ing phrase
        "in conclusion , we show in table <dig> the configurations that gave the best results .",  # the verb's object
        "the values listed in table <dig> were used in all later runs of the model .",  # no opener follows
        "we report in table <dig> a summary of the data .",  # "a" opens too many phrases to split at
        "the genes are listed in table <dig> the end .",  # too short a sentence after the number
        "the genomes can be found in table 2 the genomes ranged in size .",  # only a masked number lost its stop
        "figure <dig> the genomes ranged in size from one to two mb .",  # a caption's title: no sentence before
    ]
    for sentence in kept_whole:
        assert split_sentences(sentence) == [sentence]
    # a passive clause that shows something in a reference is whole: a word that goes on from none opens the next
    shown = "the recovery is schematically shown in figure <dig> segments of mrna used for it are called anchors ."
    assert split_sentences(shown) == ["the recovery is schematically shown in figure <dig>",
                                      "segments of mrna used for it are called anchors ."]
    assert split_sentences("primer designs are listed in table <dig> primers for il - 1β were designed by us .") == [
        "primer designs are listed in table <dig>", "primers for il - 1β were designed by us ."]
    column = "the performance is shown in the leftmost column of table <dig> psl <dig> attains an accuracy of <dig> % ."
    assert split_sentences(column) == ["the performance is shown in the leftmost column of table <dig>",
                                       "psl <dig> attains an accuracy of <dig> % ."]  # a part of a reference
    goes_on = [
        "the tomato genes used are listed in table <dig> next to their arabidopsis homologs .",  # an added phrase
        "the reference is shown in figure <dig> together with the experimental data for the cells .",
        "the results are shown in figure <dig> figure <dig> and table <dig> for all sets .",  # a list of references
        "the structure is shown in figure <dig> derived from the model of the protein .",  # an -ed form's phrase
        "the results are reported in table <dig> showing that the null hypothesis holds .",  # an -ing form
        "as is depicted in figure <dig> the genomes were not sufficient to capture it .",  # a fronted phrase
        "the values are given in table <dig> a marked rise was seen in all media .",  # a panel's letter, or "a"
        "the tomato genes used in table <dig> primers for il - 1β were designed by us .",  # no passive display
    ]
    for sentence in goes_on:
        assert split_sentences(sentence) == [sentence]
    # the sentences a masked Document reads are these, and each maps back to its own raw text
    doc = text.Document.prepare("genomes can be found in table 2. the genomes ranged in size from 2 to 3 mb.", masked=True)
    assert len(doc.sentences) == 2
    doc = text.Document.prepare("genomes can be found in table <dig> the genomes ranged in size from <dig> to <dig> mb .",
                           masked=True)
    assert doc.verbatim([0, 1]) == ["genomes can be found in table <dig>", "the genomes ranged in size from <dig> to <dig> mb ."]


def test_a_masked_papers_line_that_ends_on_a_number_or_citation_ends_its_sentence():
    """A line of a masked paper that ends on <dig> or <cit> ends there, as one that ends on a letter
    or a digit does (a heading "... than group 1", a sentence whose stop the data set's masking ate,
    a figure's name before its caption's title); before, the next line ran into it."""
    raw = ("the members of this group expanded recently.\ngroup <dig> genes evolve more rapidly than group 1\n"
           "to investigate whether group <dig> and <dig> differ, we compared the sets.\nas reported before <cit>\n"
           "the filter is shown in figure <dig>\nfilter <dig> in this paper is a single peaking filter.")
    for masked in (False, True):
        number = "<dig>" if masked else "1"
        assert text.Document.prepare(raw, masked=masked).sentences == [
            "the members of this group expanded recently .",
            f"group <dig> genes evolve more rapidly than group {number} .",
            "to investigate whether group <dig> and <dig> differ , we compared the sets .",
            "as reported before <cit> .",
            "the filter is shown in figure <dig> .",
            "filter <dig> in this paper is a single peaking filter .",
        ]
    # inside a line, a number or citation goes on as before
    assert text.normalize_text("found in <dig> <cit> of the cells") == "found in <dig> <cit> of the cells ."


def test_a_masked_papers_line_goes_on_in_a_next_line_that_opens_with_a_citation():
    """SumPubMed broke a paper's line before a superscript citation as often as at a sentence's end; a
    citation never opens a sentence, so the line goes on: before, "squad" and "<cit> and odefy" were
    sentences of their own, and "<cit> create continuous systems ..." one that lost its subject."""
    raw = ("ginsim offers tools to explore state transitions\n<cit> .\nsquad\n<cit> and odefy\n<cit> create continuous "
           "systems from logic models.\nthey cause necrosis in cell lines\n<cit> and inhibit bacterial growth\n<cit> .\n"
           "cellnoptr covers steady states.\n<cit> .")
    assert split_sentences(normalize_text(raw)) == [
        "ginsim offers tools to explore state transitions <cit> .",
        "squad <cit> and odefy <cit> create continuous systems from logic models .",
        "they cause necrosis in cell lines <cit> and inhibit bacterial growth <cit> .",
        "cellnoptr covers steady states .", "<cit> ."]
    # a line that ends on its stop ends there still; so does one before a line of other text
    assert split_sentences(normalize_text("the sets differ\nfigure <dig> shows them.")) == [
        "the sets differ .", "figure <dig> shows them ."]


def test_a_line_that_ends_on_a_word_no_sentence_ends_on_goes_on_in_the_next():
    """Some SumPubMed papers kept their source's line breaks ("... a significant cause of | their reduced athletic
    performance"): a line that ends on a determiner, a preposition or a conjunction goes on; a line of
    a heading's words ("results and"), one that ends on a word a sentence or heading may end on, and one before a
    sentence adverb (the data set lost what came between) keep their end."""
    raw = ("laryngeal neuropathy is a frequent disorder of horses and a major cause of\ntheir poor performance <cit> .\n"
           "the nerve degenerates distally, and the muscles of\nthe larynx waste.\nresults and\n"
           "we measured vitamin a\nthe levels were low, and\nhowever, the counts were high.")
    assert split_sentences(normalize_text(raw)) == [
        "laryngeal neuropathy is a frequent disorder of horses and a major cause of their poor performance <cit> .",
        "the nerve degenerates distally , and the muscles of the larynx waste .",
        "results and .", "we measured vitamin a .", "the levels were low , and .", "however , the counts were high ."]


_WRAPPED_PARAGRAPHS = [
    "Hard Winters on the Plateau",
    "Snow cover on the plateau has grown shorter by eleven days a decade since records began, and the herds that "
    "graze it now move to the summer pastures in early May instead of June. The herders we spoke to date the change "
    "to the dry winters of the 1990s, when the river froze to its bed for the first time in living memory.",
    "Methods",
    "We counted the animals of forty households from the air in each of three springs and compared the counts with "
    "the households' own records of births, deaths and sales. Where the two disagreed by more than a tenth, we "
    "visited the household and counted again on the ground.",
]


@pytest.mark.parametrize("width", [60, 72, 90])
def test_a_hard_wrapped_text_is_joined_back_into_its_sentences(width):
    """Text copied from a PDF viewer or an e-mail breaks its lines at a width: its sentences are the same as the
    unwrapped text's, headings and a paragraph's last line still end where they end (before, each line was a
    sentence: "snow cover on the plateau has grown shorter by eleven days a decade since records ." and so on)."""
    import textwrap

    unwrapped = "\n".join(_WRAPPED_PARAGRAPHS)
    wrapped = "\n".join(textwrap.fill(paragraph, width) for paragraph in _WRAPPED_PARAGRAPHS)
    assert wrapped.count("\n") >= 8
    expected = split_sentences(normalize_text(unwrapped))
    assert expected[0] == "hard winters on the plateau ." and "methods ." in expected and len(expected) == 6
    assert split_sentences(normalize_text(wrapped)) == expected
    # with blank lines between its paragraphs, as an e-mail writes them, too
    assert split_sentences(normalize_text(wrapped.replace("\nMethods\n", "\n\nMethods\n\n"))) == expected
    # the way back: a chosen sentence as the raw text writes it, on one line
    document = text.Document.prepare(wrapped)
    assert document.verbatim([1]) == [" ".join(_WRAPPED_PARAGRAPHS[1].split(". ")[0].split()) + "."]


def test_a_paper_that_kept_its_sources_line_breaks_gets_its_sentences_and_headings_back():
    """Some SumPubMed papers break a line at each sentence's end and also where their source broke it, so a sentence
    is cut anywhere ("the degree of cad | paresis is graded ..."): in such a paper a line that ends on a word goes
    on, unless it is a heading (a few words without a function word at either end, a comma, an auxiliary or a
    pronoun)."""
    raw = ("the herds move to the summer pastures in early may, a month earlier\nthan in the 1980s <cit> .\n"
           "the timing of\nthe move is set by the snow.\nmethods\nbuilding the count model\n"
           "the number of\nanimals was counted from the air in each of three springs.\nspecifically, we sought to\n"
           "compare the counts with\nthe records of the households.\nthe counts of\nthe households were\n"
           "checked on the ground where the two disagreed by more than a tenth.\nthe degree of loss\n"
           "was graded from <dig> to <dig> by two observers working\nindependently of each other.")
    assert split_sentences(normalize_text(raw)) == [
        "the herds move to the summer pastures in early may , a month earlier than in the 1980s <cit> .",
        "the timing of the move is set by the snow .", "methods .", "building the count model .",
        "the number of animals was counted from the air in each of three springs .",
        "specifically , we sought to compare the counts with the records of the households .",
        "the counts of the households were checked on the ground where the two disagreed by more than a tenth .",
        "the degree of loss was graded from <dig> to <dig> by two observers working independently of each other ."]


def test_lines_of_one_sentence_each_keep_their_ends():
    """A text whose lines are its sentences and headings (a news page pasted, SumPubMed's papers) is not hard-wrapped:
    a line without final punctuation still ends there, however long, when few of its lines are long and end on a
    word (here the headline, a picture's caption and a line before a formula, of nine); so does a line before a
    formula, where SumPubMed took the formula out ("... is given by | <formula> |")."""
    raw = ("Harbour tunnel opens to traffic after six years of delays and a doubled budget\n"
           "The harbour tunnel opened to traffic on Monday, six years after its planned opening.\n"
           "The northern entrance of the tunnel at dawn on Monday, before the first cars arrived\n"
           "Engineers had to rebuild the first kilometre after water seeped through the lining in 2019.\n"
           "the likelihood of the daily counts of the cars in the tunnel is given by\nl = sum log p\n"
           "where p is the probability of a count.\nstatistical analysis\nAll tests were two-sided.\n"
           "The city expects forty thousand cars a day by the end of the year.")
    assert split_sentences(normalize_text(raw)) == [
        "harbour tunnel opens to traffic after six years of delays and a doubled budget .",
        "the harbour tunnel opened to traffic on monday , six years after its planned opening .",
        "the northern entrance of the tunnel at dawn on monday , before the first cars arrived .",
        "engineers had to rebuild the first kilometre after water seeped through the lining in 2019 .",
        "the likelihood of the daily counts of the cars in the tunnel is given by .", "l = sum log p .",
        "where p is the probability of a count .",
        "statistical analysis .", "all tests were two - sided .",
        "the city expects forty thousand cars a day by the end of the year ."]


def test_a_decimal_point_the_data_set_read_as_a_stop_ends_no_sentence_that_goes_on():
    """SumPubMed masks "1.4.2" as "<dig> . <dig>" and may break the line after the first part: where the sentence
    goes on after the second number (and its citations), the stop was a decimal point; before a legend's first
    noun, a stop alone or a new sentence it ends the sentence as before."""
    assert split_sentences("the peaks were found with macs <dig> . <dig> <cit> , bayespeak <cit> , and t-pic <cit> .") == [
        "the peaks were found with macs <dig> . <dig> <cit> , bayespeak <cit> , and t-pic <cit> ."]
    assert split_sentences("bioedit version <dig> . <dig> was used for editing .") == [
        "bioedit version <dig> . <dig> was used for editing ."]
    for two in ("the curves are shown in figure <dig> . <dig> heat maps showing the expression .",
                "the trees were built with mrbayes v <dig> . <dig> <cit> .",
                "the dose was <dig> . <dig> patients were treated ."):
        assert len(split_sentences(two)) == 2, two
    # across the line break of a masked paper: the line and its second half are one sentence, read from the raw text
    document = Document.prepare("peaks were called with macs <dig> .\n<dig> <cit> , bayespeak <cit> and t-pic <cit> .\n"
                                "the peaks overlapped .", masked=True)
    assert document.sentences[0] == "peaks were called with macs <dig> . <dig> <cit> , bayespeak <cit> and t - pic <cit> ."
    assert document.verbatim([0]) == ["peaks were called with macs <dig> .\n<dig> <cit> , bayespeak <cit> and t-pic <cit> ."
                                      .replace("\n", " ")]
    assert document.non_sentences == frozenset()


def test_a_masked_papers_stop_lost_after_any_number_ends_the_sentence_before_the_writers_words():
    """After any other masked number only words that never go on from a number open a sentence: the
    writers' own subject ("we", "these", ...) or a sentence adverb with its comma; never a fronted
    phrase's end, also after a conjunction inside the sentence, and never "thus" + participle."""
    cases = {  # the three papers' sentences the readers found run together, as SumPubMed holds them
        "c-terminal sequences are needed for the degradation of irp <dig> however , these sequences only operate .":
            ["c-terminal sequences are needed for the degradation of irp <dig>", "however , these sequences only operate ."],
        "we generated reads from the peanut cultivar yueyou <dig> we identified degs between the two lines .":
            ["we generated reads from the peanut cultivar yueyou <dig>", "we identified degs between the two lines ."],
        "models act through the phosphorylation state of map <dig> these models can produce the trends .":
            ["models act through the phosphorylation state of map <dig>", "these models can produce the trends ."],
        "the rate was close to <dig> in addition , the intercept was close to zero .":
            ["the rate was close to <dig>", "in addition , the intercept was close to zero ."],
        "the scores were obtained for feature <dig> next , all positions of a domain were grouped .":
            ["the scores were obtained for feature <dig>", "next , all positions of a domain were grouped ."],
        "cells were incubated at 37 °c in 5 % co <dig> then , the medium was exchanged .":
            ["cells were incubated at 37 °c in 5 % co <dig>", "then , the medium was exchanged ."],
        "no substitution was found in frq <dig> in fact , divergence is restricted to duplicates .":
            ["no substitution was found in frq <dig>", "in fact , divergence is restricted to duplicates ."],
        "the contact angles are shown in table <dig> generally , rougher surfaces are more hydrophobic .":
            ["the contact angles are shown in table <dig>", "generally , rougher surfaces are more hydrophobic ."],
        "results for the analyses can be found in additional files <dig> and <dig> in short , neither method "
        "provides support for a shift .":
            ["results for the analyses can be found in additional files <dig> and <dig>",
             "in short , neither method provides support for a shift ."],
        "primer pairs amplified polymorphisms between tm- <dig> and hai <dig> among them , all pairs were "
        "polymorphic .":
            ["primer pairs amplified polymorphisms between tm- <dig> and hai <dig>",
             "among them , all pairs were polymorphic ."],
        # a count a sentence spells out because it opens it, after a table's number
        "the characteristics of the strains are summarized in table <dig> twenty - one strains were positive .":
            ["the characteristics of the strains are summarized in table <dig>",
             "twenty - one strains were positive ."],
        # "second ," after "first": the next point's sentence
        "first a dataset of bound regions is compared to those of the cell line k <dig> second , due to shared "
        "features this regulator is compared to replication origins .":
            ["first a dataset of bound regions is compared to those of the cell line k <dig>",
             "second , due to shared features this regulator is compared to replication origins ."],
    }
    for run_together, sentences in cases.items():
        assert split_sentences(run_together) == sentences
    kept_whole = [
        "in addition to the receptors cxcr <dig> and cxcr <dig> we detected lect <dig> in the cells .",  # fronted
        "to characterize the cells over-expressing pitx <dig> we analyzed the expression of six genes .",  # fronted
        "values rose in <dig> % of the cells , and on day <dig> these numbers were <dig> % .",  # fronted after "and"
        "the data came from <dig> , while in <dig> our group confirmed the expression .",  # fronted after "while"
        "the ratio was <dig> thus showing similar patterns for the killed cells .",  # "thus" + participle goes on
        "the dose was <dig> however large the cells grew in the dish .",  # "however" without its comma
        "cells were treated with <dig> the next day for two hours .",  # "the" goes on from numbers too often
        "the ratio was 2 we identified degs between the two lines .",  # only a masked number lost its stop
        "each of <dig> cycles took <dig> second , and the last step took longer .",  # "second" is a unit too ...
        "the first cycles took <dig> second , and the last step took longer .",  # ... after "first" inside too
        "when the count exceeds <dig> then , the cell divides .",  # a fronted clause's "then"
    ]
    for sentence in kept_whole:
        assert split_sentences(sentence) == [sentence]
    # a reference's number after a conjunction's fronted phrase: kept whole; with a finite verb after it, cut
    assert split_sentences("the scores rose , and in figure <dig> we show the same data for all runs .") == [
        "the scores rose , and in figure <dig> we show the same data for all runs ."]
    assert split_sentences("data from the search or in situ work are shown in table <dig> the databases were two .") == [
        "data from the search or in situ work are shown in table <dig>", "the databases were two ."]


def test_a_range_and_a_links_query_end_no_sentence():
    """".." between two numbers is a range ("k = <dig> .. <dig>"), and "?" before a link's query parameter is the
    link's: neither ends a sentence; the link's query and its number end one where the data set lost the stop after
    it. A question and ".." elsewhere end sentences as before."""
    assert split_sentences("the power is plotted for k = <dig> .. <dig> . the power decreases .") == [
        "the power is plotted for k = <dig> .. <dig> .", "the power decreases ."]
    assert split_sentences("the rate rose .. it fell .") == ["the rate rose ..", "it fell ."]
    link = "data are in geo , gse <dig> http : //www.ncbi.nlm.nih.gov/geo/query/acc.cgi ? acc=gse <dig>"
    assert split_sentences(link + " in this study , we combined the two data sets .") == [
        link, "in this study , we combined the two data sets ."]
    assert split_sentences(link + " .") == [link + " ."]
    assert split_sentences("reads are at http : //x.org/q.cgi ? token=ab & acc=gse <dig> other data sets are in the files .") \
        == ["reads are at http : //x.org/q.cgi ? token=ab & acc=gse <dig>", "other data sets are in the files ."]
    assert split_sentences("is it true ? we think so .") == ["is it true ?", "we think so ."]
    # a formula's variable is no link's query: nothing ends after its number
    formula = "the overlap is computed as os=|v| <dig> |w| where v is the set of proteins in the complex ."
    assert split_sentences(formula) == [formula]


def test_a_letter_or_an_abbreviation_with_its_stop_ends_a_sentence_before_a_sentences_opening():
    """A single letter (of any alphabet: a panel's, a unit's "å", a Greek symbol) or an abbreviation the normal form
    keeps with its stop ends the sentence when a sentence's opening follows ("the", "we", a sentence adverb and its
    comma), and so does a word with two stops, and a letter or a list's "etc." before a fronted phrase and its comma
    (or "of these"), and a species' "spp." before a subordinate clause and its comma; an initial before a name, a
    species' genus, "vs." or "fig." before "the", "etc." before a phrase without a comma do not."""
    two = [("the cells were kept for <dig> h.", "the medium was then changed ."),
           ("the model fits the rate at stage k.", "similarly , the other stages fit ."),
           ("the rmsd was below <dig> \u00e5.", "consequently , the models differ ."),
           ("the set is any string over alphabet \u03c3.", "we call it the profile ."),
           # after a letter of another alphabet, any word opens the next sentence
           ("the rmsd was below <dig> \u00e5.", "for fast screening , the models suffice ."),
           ("it improves the taste of breads , etc.", "however , some additives harm ."),
           ("it reports the motifs enriched in a data set etc..", "the report is made automatically ."),
           # a letter or a list's "etc." before a fronted phrase that a comma closes
           ("the plates were incubated for <dig> h.", "after repeated washing , the dye was added ."),
           ("it raises the availability of p.", "while the role of salicylate is known , citramalate is new ."),
           ("methods were reported : boolean networks , linear models , and etc.",
            "in the reverse engineering of networks , essential tasks are to compare models ."),
           # a letter before a fronted "of these" and its comma; a species' abbreviation before a subordinate clause
           ("few genes change in the presence of β - glc y.", "of these <dig> genes , <dig> genes were expressed ."),
           ("it was associated with cryptosporidium spp. , and giardia spp.",
            "although <dig> of the control samples were positive , no co-infection was observed .")]
    for first, second in two:
        assert split_sentences(f"{first} {second}") == [first, second], first
    for whole in ("president george w. bush said the plan would work .", "genes of a. thaliana were cloned .",
                  "the fetal vs. the adult liver differed .", "the data in fig. the next year were lost .",
                  "patients infected with h. pylori were treated .",
                  "effects of age , diet , genetics etc. on particular processes in muscle were small .",
                  "higher than in other enterococcus spp. in bovine feces , the strains were resistant .",
                  "strain k. of the second group , isolated in may , grew ."):
        assert split_sentences(whole) == [whole], whole
    assert normalize_text("the model fits stage k. Similarly, the other stages fit.") == \
        "the model fits stage k. similarly , the other stages fit ."  # the normal form itself is unchanged


def test_an_abbreviation_parted_from_its_stop_goes_on_into_its_number_or_its_example():
    """"tab", "ref", "ver" and their kind, which the normal form parts from their stop, go on into the number or the
    citation after it, and "eg" and "ie" into what they introduce: no sentence ends there. "sec" after a number ends a
    method's sentence as before, and so does "tab" before a word."""
    for whole in ("the enzymes listed in tab . <dig> resulted in a coverage of <dig> % .",
                  "this was reviewed in ref . <cit> and confirmed .",
                  "it was assembled with staden ver . 1.6 and edited .",
                  "it is used for mutagenesis in eg . a. fumigatus and others .",
                  "it binds the same form , ie . the free enzyme .",
                  "it sums up the rules presented in sec . cumomer networks and adds new results .",
                  "some birds carry salmonella ser . typhimurium in their gut ."):
        assert split_sentences(whole) == [whole], whole
    two = [("the backbone reads ala - asn - val - ser .", "the product is a peptide ."),
           ("the cells were spun for <dig> sec .", "<dig> ml of buffer was added ."),
           ("the schema is given under the schema tab .", "the schema lists the fields ."),
           # a table's number then a sentence that lost its stop: the number ends it as a figure's does
           ("the results are shown in tab . <dig>", "the sequential protocol was superior .")]
    for first, second in two:
        assert split_sentences(f"{first} {second}") == [first, second], first


def test_a_genus_abbreviation_the_normal_form_parted_from_its_stop_goes_on_into_the_species_name():
    """"pe . schaeffi" goes on when the text names the species after its genus in full ("pediculus schaeffi") or after
    its initial ("p. schaeffi"); without either, or before a sentence's opening, the stop ends the sentence as before."""
    louse = ("the human louse shares a genus with pediculus schaeffi . we sequenced the genome of the chimpanzee louse , "
             "pe . schaeffi , and compared it .")
    assert split_sentences(louse) == ["the human louse shares a genus with pediculus schaeffi .",
                                      "we sequenced the genome of the chimpanzee louse , pe . schaeffi , and compared it ."]
    initial = "the strains of p. schaeffi grew . all strains of pe . schaeffi grew ."
    assert split_sentences(initial) == ["the strains of p. schaeffi grew .", "all strains of pe . schaeffi grew ."]
    alone = "we sequenced the louse , pe . schaeffi , and compared it ."
    assert split_sentences(alone) == ["we sequenced the louse , pe .", "schaeffi , and compared it ."]
    english = "the signal was <dig> ma . anisotropy was high . the maximum anisotropy fell ."  # no Latin names
    assert split_sentences(english)[:2] == ["the signal was <dig> ma .", "anisotropy was high ."]
    opening = "the values were low in pe . thus we made more . a pediculus thus was found ."
    assert split_sentences(opening)[:2] == ["the values were low in pe .", "thus we made more ."]
    # one stop that shows "cl" a genus's abbreviation ("c. fauriei" elsewhere) makes its stop before another species
    # name, given only after "cl .", no sentence's end either
    species = ("we studied c. fauriei in the field . haplotypes were found only for cl . fauriei and cl . "
               "oblongifolia in the plastid dataset .")
    assert split_sentences(species) == ["we studied c. fauriei in the field .", "haplotypes were found only for cl . "
                                        "fauriei and cl . oblongifolia in the plastid dataset ."]
    # a species' "aff ." goes on into its epithet
    affinis = ("we studied the stingless bee scaptotrigona aff . depilis , a species with large aggregations . males "
               "flew .")
    assert split_sentences(affinis) == ["we studied the stingless bee scaptotrigona aff . depilis , a species with "
                                        "large aggregations .", "males flew ."]
    unshown = "haplotypes were found only for cl . oblongifolia in the plastid dataset ."
    assert split_sentences(unshown) == ["haplotypes were found only for cl .", "oblongifolia in the plastid dataset ."]
    # a genus's name in "-es" ("armigeres subalbatus") shows "ar ." its abbreviation; without the name in full, the stop
    # ends the sentence
    mosquito = ("the mosquito , armigeres subalbatus , is a vector . libraries were created from adult , female ar . "
                "subalbatus mrna collected from whole mosquitoes was used .")
    assert split_sentences(mosquito) == [
        "the mosquito , armigeres subalbatus , is a vector .",
        "libraries were created from adult , female ar . subalbatus mrna collected from whole mosquitoes was used ."]
    assert len(split_sentences(mosquito.replace("armigeres subalbatus", "a vector species"))) == 3
    # an abbreviation that is no prefix of its genus ("rba ." of "rhodobacter", "tt ." of "thermotoga"), before an
    # epithet in "-oides"
    bacteria = ("the representatives are rhodobacter sphaeroides and thermotoga maritima . whether the cycle matters in "
                "rba . sphaeroides , remains to be shown . the tt . maritima genome encodes transporters .")
    assert split_sentences(bacteria) == [
        "the representatives are rhodobacter sphaeroides and thermotoga maritima .",
        "whether the cycle matters in rba . sphaeroides , remains to be shown .",
        "the tt . maritima genome encodes transporters ."]
    assert len(split_sentences(bacteria.replace("rhodobacter sphaeroides", "two bacteria"))) == 4
    # an abbreviation of five letters ("staph ." of "staphylococcus")
    staph = ("the cells were challenged with staphylococcus aureus . lutzow et al. after challenge with staph . aureus "
             "observed an up - regulation of il1b .")
    assert split_sentences(staph) == ["the cells were challenged with staphylococcus aureus .",
                                      "lutzow et al. after challenge with staph . aureus observed an up - regulation "
                                      "of il1b ."]
    assert len(split_sentences(staph.replace("staphylococcus aureus", "a bacterium"))) == 3


def test_a_number_that_ends_an_opening_subordinate_clause_ends_no_sentence():
    """A sentence that opens with a subordinate clause ("since", "if", "when", ...) goes on into its main clause
    after a number that ends the clause, however many of its parts follow a comma, as long as none of them holds a
    subject pronoun first, a finite verb or a past form: no lost stop there, and the whole is no run-on. A sentence
    adverb and its comma, or a main clause begun before the number, end the sentence as before."""
    whole = ["since rrd <dig> associates with and isomerizes the ctd , and that rrd1δ mutant did not affect the "
             "phosphorylation status of rpb <dig> we asked whether it would alter rna pol ii occupancy in vivo .",
             "if we focus on a position , for example i + <dig> we can see that the longest prefix accounts for the "
             "repeats .",
             "when the parent node has a big fan - out , as in figure <dig> we can think of two cases ."]
    for sentence in whole:
        assert split_sentences(sentence) == [sentence], sentence
        document = Document.prepare(sentence, masked=True)
        assert document.sentences == [sentence] and document.non_sentences == frozenset(), sentence
    for two in ("although x was present , we list the errors of the runs in table <dig> we then compared the runs .",
                "since the gene was found in mice , in <dig> however , we found it in rats too .",
                "although the strains grew , the mutant did not grow in medium <dig> we then added iron to it ."):
        assert len(split_sentences(two)) == 2, two


def test_join_unjoin_and_target_text():
    sentences = ["the 35 - year - old suspect was described as an immigrant .", "he was accused ."]
    joined = join_sentences(sentences)
    assert joined == "the 35 - year - old suspect was described as an immigrant . <n> he was accused ."
    assert unjoin(joined) == sentences
    assert unjoin("no separator here . but two sentences .") == ["no separator here .", "but two sentences ."]
    assert unjoin("a<n>b <n>  <n> c") == ["a", "b", "c"]
    assert unjoin("") == []
    assert join_sentences(["a .", "", "  ", "b ."]) == "a . <n> b ."
    # raw highlights: each normalized (a missing final period added); one holding two sentences
    # is split
    assert target_text(["Manuscript sold for $1.2 million.", "He left. She stayed"]) == (
        "manuscript sold for $ 1.2 million . <n> he left . <n> she stayed ."
    )
    assert target_text("One. Two.") == "one . <n> two ."
    assert target_text([]) == ""


# ---------------------------------------------------------------------------------------------
# sentencepiece
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def spm_corpus(tmp_path_factory):
    rng = random.Random(3)
    words = "the a of to in police said government minister city people year new first two court".split()
    names = "smith jones garcia chen patel okafor".split()
    path = tmp_path_factory.mktemp("spm") / "train.txt"
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(3000):
            sentence = " ".join(rng.choice(words + names) for _ in range(rng.randint(4, 14)))
            f.write(normalize_text(sentence.capitalize() + ".") + "\n")
    return path


def test_train_sentencepiece_is_deterministic(spm_corpus, tmp_path):
    m1 = text.train_sentencepiece([spm_corpus], str(tmp_path / "a" / "spm"), 120)
    m2 = text.train_sentencepiece([spm_corpus], str(tmp_path / "a" / "spm"), 120)  # same prefix, re-run
    assert Path(m1).read_bytes() == Path(m2).read_bytes()
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["spm.model", "spm.vocab"]  # no leftovers
    # sampled (fewer sentences than the file has): still the same bytes, elsewhere too
    m3 = text.train_sentencepiece([spm_corpus], str(tmp_path / "b" / "spm"), 120, input_sentence_size=1000)
    m4 = text.train_sentencepiece([spm_corpus], str(tmp_path / "c" / "spm"), 120, input_sentence_size=1000)
    assert Path(m3).read_bytes() == Path(m4).read_bytes() != Path(m1).read_bytes()


def test_sentencepiece_helpers(spm_corpus, tmp_path):
    model = text.train_sentencepiece([spm_corpus], str(tmp_path / "spm"), 120)
    sp = text.load_sentencepiece(model)
    # special ids equal fairseq's indices; the separator is one user-defined piece, id 4
    assert [sp.bos_id(), sp.pad_id(), sp.eos_id(), sp.unk_id()] == [0, 1, 2, 3]
    assert sp.piece_to_id(SENTENCE_SEPARATOR) == 4
    line = "the police said . <n> the court said smith ."
    pieces = encode_pieces(sp, line)
    assert SENTENCE_SEPARATOR in pieces.split()
    assert decode_pieces(pieces) == line
    assert unjoin(decode_pieces(pieces)) == ["the police said .", "the court said smith ."]
    assert len(encode_pieces(sp, line, max_pieces=3).split()) == 3
    assert encode_pieces(sp, "") == ""
    # what the app calls: raw text in, pieces and the untruncated length out
    raw = "The Police said: the court, said Smith, was new."
    pieces, total = prepare_source(raw, sp, 5)
    assert len(pieces.split()) == 5 and total == len(encode_pieces(sp, normalize_text(raw)).split()) > 5
    assert prepare_source(normalize_text(raw), sp, 5, normalized=True) == (pieces, total)
    tgt, n = prepare_target(["The police said.", "The court said Smith."], sp, 100)
    assert decode_pieces(tgt) == "the police said . <n> the court said smith ." and n == len(tgt.split())
    assert prepare_source("", sp, 10) == ("", 0)
    with pytest.raises(ValueError):
        text.load_sentencepiece(str(tmp_path / "missing.model"))


def test_decode_pieces_handles_byte_fallback():
    # fairseq's --bpe sentencepiece decoder leaves byte pieces as "<0xE4>..."; ours decodes them
    assert decode_pieces("\u2581caf <0xC3> <0xA9> \u2581 <n> \u2581ok") == "caf\u00e9 <n> ok"
    assert decode_pieces("\u2581 <0xE4> <0xB8> <0xAD> \u2581x") == "\u4e2d x"
    assert decode_pieces("\u2581bad <0xFF>") == "bad\ufffd"
    assert decode_pieces("") == ""


def test_byte_fallback_when_the_vocabulary_is_large_enough(spm_corpus, tmp_path):
    model = text.train_sentencepiece([spm_corpus], str(tmp_path / "bf"), 400, byte_fallback=True)
    sp = text.load_sentencepiece(model)
    pieces = encode_pieces(sp, "the \u4e2d court")
    assert "<0xE4>" in pieces.split() and sp.unk_id() not in sp.encode("the \u4e2d court")
    assert decode_pieces(pieces) == "the \u4e2d court"

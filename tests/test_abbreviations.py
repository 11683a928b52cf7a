"""Abbreviations a paper defines, written out where a summary first uses them
(fairseq_plugins/text/abbreviations.py; Document.verbatim / plain with spell_out)."""
import pytest

from fairseq_plugins.evaluation.harness import DECODING_PRESETS
from fairseq_plugins.text import Document
from fairseq_plugins.text.abbreviations import definitions, spell_out


@pytest.mark.parametrize("text, short, long", [
    # Schwartz & Hearst's own examples (2003, section 2)
    ("the heat shock transcription factor (HSF) binds", "HSF", "heat shock transcription factor"),
    ("with Gcn5-related N-acetyltransferase (GNAT) members", "GNAT", "Gcn5-related N-acetyltransferase"),
    ("in the primary medical care (PMC) setting", "PMC", "primary medical care"),
    # a letter of the short form inside a word: "X" of "X-linked"? no: "Ch" in "chromosome"
    ("on the X chromosome (XChr) of", "XChr", "X chromosome"),
    # the parenthesis cut at ";" and ",", spaced parentheses of a tokenized text, digits
    ("magnetic resonance imaging (MRI; see methods)", "MRI", "magnetic resonance imaging"),
    ("body mass index ( bmi ) was", "bmi", "body mass index"),
    ("interleukin 6 (IL6) rose", "IL6", "interleukin 6"),
])
def test_definitions_find_the_long_form(text, short, long):
    assert definitions(text) == {short: long}


@pytest.mark.parametrize("text", [
    "patients (n = 549) were seen",          # three words
    "as shown (Fig. 1) below",               # no long form ends in f, i, g
    "a rise (95%) of",                        # no letter
    "the first (i) step",                     # one character
    "the odds ratio ( or ) was",              # a lower-case common word: every "or" would be one
    "a case (see Table 2 and methods) here",  # too long
    "in 12 patients had acute dvt ( pe ) and",  # a long form of more words than letters, and one
])
def test_not_definitions(text):
    assert definitions(text) == {}


def test_a_long_form_that_opened_its_sentence_loses_the_capital_a_name_keeps_it():
    found = definitions("Tumor necrosis factor (TNF) rose. In June; Alzheimer disease (AD) was seen.")
    assert found == {"TNF": "tumor necrosis factor", "AD": "Alzheimer disease"}


def test_spell_out_at_first_use_only():
    defined = {"TNF": "tumor necrosis factor", "OR": "odds ratio"}
    summary = ["Levels of TNF rose, or fell.", "TNF and the OR were high.", "The OR was 2."]
    assert spell_out(summary, defined) == [
        "Levels of tumor necrosis factor (TNF) rose, or fell.",  # "or" is not "OR"
        "TNF and the odds ratio (OR) were high.",
        "The OR was 2.",
    ]


def test_spell_out_leaves_a_sentence_that_defines_it_and_words_that_only_contain_it():
    defined = {"TNF": "tumor necrosis factor", "AD": "Alzheimer disease"}
    summary = ["Tumor necrosis factor (TNF) rose in AD-like mice and ADs.", "TNF fell."]
    assert spell_out(summary, defined) == summary
    # a first use that opens a sentence opens it with a capital
    assert spell_out(["TNF fell."], defined) == ["Tumor necrosis factor (TNF) fell."]


PAPER = """Background
Tumor necrosis factor (TNF) is a cytokine. We measured the body
mass index (BMI) of 40 patients. The odds ratio (OR) was 2.1.
Results
TNF was higher in patients with a high BMI. Patients with a high BMI or diabetes had more TNF.
"""


def test_document_spells_out_in_both_ways_back():
    document = Document.prepare(PAPER)
    assert document.defined_abbreviations == {"TNF": "tumor necrosis factor", "BMI": "body mass index",
                                              "OR": "odds ratio"}
    last = [len(document.sentences) - 2, len(document.sentences) - 1]
    assert document.verbatim(last) == ["TNF was higher in patients with a high BMI.",
                                       "Patients with a high BMI or diabetes had more TNF."]
    assert document.verbatim(last, spell_out=True) == [
        "Tumor necrosis factor (TNF) was higher in patients with a high body mass index (BMI).",
        "Patients with a high BMI or diabetes had more TNF."]
    # the harness scores the same summary in the normal form
    assert document.plain(last, spell_out=True) == [
        "tumor necrosis factor ( tnf ) was higher in patients with a high body mass index ( bmi ) .",
        "patients with a high bmi or diabetes had more tnf ."]
    assert document.plain(last) == [document.sentences[i] for i in last]


def test_the_papers_choosers_preset_spells_out_and_the_studies_do_not():
    assert DECODING_PRESETS["papers_extractive"].spell_out_abbreviations
    assert not DECODING_PRESETS["papers"].spell_out_abbreviations  # the studies' setting: the model's choice alone
    assert not DECODING_PRESETS["cnndm"].spell_out_abbreviations


def test_a_written_out_abbreviation_is_no_splice_for_the_readability_measures():
    """The long form comes from the definition, far from the sentence it is written into: read
    plainly that is a fragment spliced in from elsewhere (faithfulness.is_spliced), but the measures
    read the sentence as the paper wrote it; a sentence that copies its own definition and a real
    splice are read as before."""
    from fairseq_plugins.evaluation import faithfulness
    from fairseq_plugins.text.normalize import normalize_text

    filler = " ".join(f"Sentence {k} of the methods describes step number {k} of the protocol." for k in range(12))
    paper = ("Tumor necrosis factor (TNF) is a cytokine made by immune cells in the tissue. " + filler
             + " Levels of TNF rose sharply in every treated patient after the first week.")
    document = Document.prepare(paper)
    last = len(document.sentences) - 1
    written = document.plain([last], spell_out=True)[0]
    assert written.startswith("levels of tumor necrosis factor ( tnf ) rose")
    source = faithfulness.Article(document.normalized)
    assert faithfulness.is_spliced(source, written)  # what the measure would say without reading it back
    judged = faithfulness.sentence_judgements(paper, written)
    assert judged == [(written, False)]
    assert faithfulness.score_document(paper, written)["spliced_sentences"] == 0.0
    defining = document.plain([0], spell_out=True)[0]  # copies its own definition: unchanged, whole
    assert defining == document.sentences[0] and faithfulness.sentence_judgements(paper, defining) == [(defining, False)]
    spliced = "levels of tumor necrosis factor ( tnf ) rose sharply in every treated patient of step number 3 of the protocol ."
    assert faithfulness.sentence_judgements(paper, spliced)[0][1]  # a real splice stays one
    assert normalize_text("Tumor necrosis factor", end_lines=False) == "tumor necrosis factor"
    assert normalize_text("Tumor necrosis factor") == "tumor necrosis factor ."


def test_baselines_can_write_abbreviations_out_as_our_choosers_do():
    """Lead and LexRank under a preset that spells out write the same way, so a comparison at equal
    words is one of the sentences chosen (scripts/evaluate.py passes the preset's field)."""
    from fairseq_plugins.evaluation import baseline_summary

    paper = ("Tumor necrosis factor (TNF) is made by immune cells. Some cells make more of it than others do. "
             "Levels of TNF rose sharply in every treated patient.")
    plain = baseline_summary("lead", paper, k=3)
    assert "levels of tnf rose" in plain and "tumor necrosis factor ( tnf ) is made" in plain
    assert baseline_summary("lead", paper, k=3, reader_edits={"spell_out": True}) == plain  # its first use defines it already
    defined_later = "TNF rose sharply in every treated patient. Tumor necrosis factor (TNF) is made by immune cells."
    assert baseline_summary("lead", defined_later, k=1) == "tnf rose sharply in every treated patient ."
    assert baseline_summary("lead", defined_later, k=1, reader_edits={"spell_out": True}) == \
        "tumor necrosis factor ( tnf ) rose sharply in every treated patient ."


def test_a_rewriters_normal_form_summary_gets_its_abbreviations_written_out():
    """A sentence rewriter's way back (rewriting.rewritten) gives the normal form, lower-cased: the
    definitions go there too, without a short form that is a common word once case is gone."""
    from fairseq_plugins.text import rewriting
    from fairseq_plugins.text.abbreviations import in_normal_form

    assert in_normal_form({"TNF": "Tumor necrosis factor", "OR": "odds ratio", "NF-kB": "nuclear factor kappa B"}) == \
        {"tnf": "tumor necrosis factor", "nf - kb": "nuclear factor kappa b"}
    assert spell_out(["levels of tnf rose .", "tnf fell ."], {"tnf": "tumor necrosis factor"}, normal_form=True) == \
        ["levels of tumor necrosis factor ( tnf ) rose .", "tnf fell ."]
    document = Document.prepare("Tumor necrosis factor (TNF) is made by immune cells. Levels of TNF rose, "
                                "with an odds ratio (OR) of 2, in every patient.")
    sentence = document.sentences[1]
    marked = rewriting.mark_source([[f"▁{w}" for w in s.split()] for s in document.sentences], [1])
    output = [f"▁{w}" for w in sentence.split()]
    assert rewriting.rewritten(document, output, marked).sentences == [sentence]
    assert rewriting.rewritten(document, output, marked, spell_out=True).sentences == [
        "levels of tumor necrosis factor ( tnf ) rose , with an odds ratio ( or ) of 2 , in every patient ."]
    assert DECODING_PRESETS["papers_rewriting"].spell_out_abbreviations

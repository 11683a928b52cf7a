"""fairseq_plugins/text/document.py: one text prepared once, and the way back.

A summarize call normalizes the article once, whichever model writes the summary; the Document's
forms equal what the pipeline's functions give when called on their own."""
import re
from pathlib import Path

import pytest
import torch

from app.models import LEAD3, ModelRegistry
from fairseq_plugins import text
from fairseq_plugins.text import Document, alignment, masking, normalize
from fairseq_plugins.text.document import whole_sentences
from fairseq_plugins.text.readable import readable

REPO = Path(__file__).resolve().parent.parent
NEWS = (REPO / "app" / "examples" / "chess_final.txt").read_text()
PAPER = ("Background. Chronic obstructive pulmonary disease (COPD) affects 12.5% of adults [1, 2]. "
         "Methods. We enrolled 240 patients (Smith et al., 2005) and followed them for 3 years.\n"
         "Results. Exacerbations fell by 31% in the treated group (p < 0.001; Table 2). "
         "Conclusion. Early treatment of COPD reduces exacerbations.")


def test_forms_equal_the_pipeline_functions_called_alone():
    document = Document.prepare(NEWS)
    assert document.normalized == text.normalize_text(NEWS)
    assert document.sentences == text.split_sentences(text.normalize_text(NEWS))
    pairs = alignment.raw_sentences(NEWS)
    # verbatim: each sentence's raw span on one line (its line breaks and runs of spaces one space)
    assert document.verbatim(range(len(pairs))) == [" ".join(raw.split()) for _, raw in pairs]
    # every verbatim sentence is a span of the raw text (up to its spacing) and normalizes back to its sentence
    one_line = " ".join(NEWS.split())
    for sentence, raw in zip(document.sentences, document.verbatim(range(len(document.sentences)))):
        assert raw in one_line and text.normalize_text(raw) == sentence
    chosen = document.sentences[1:3]
    assert document.readable(chosen) == readable(chosen, NEWS)
    assert document.lead(3) == document.sentences[:3]


def test_masked_document_numbers_and_verbatim_sentences():
    document = Document.prepare(PAPER, masked=True)
    hidden = masking.mask(PAPER)
    assert document.normalized == text.normalize_text(hidden.text)
    assert document.numbers == hidden.numbers == ["12.5", "240", "3", "31"]
    assert "copd" not in document.normalized.split()[:8]  # the bracketed abbreviation is not read
    # each sentence comes back as the paper writes it, its numbers and brackets included
    raw = document.verbatim(range(len(document.sentences)))
    assert raw[1] == "Chronic obstructive pulmonary disease (COPD) affects 12.5% of adults [1, 2]."
    assert raw[3] == "We enrolled 240 patients (Smith et al., 2005) and followed them for 3 years."
    assert raw[5] == "Exacerbations fell by 31% in the treated group (p < 0.001; Table 2)."
    assert all(sentence in PAPER for sentence in raw)
    # a sentence that a pasted PDF breaks across lines comes back on one line
    broken = Document.prepare("The treated cells grew faster than the controls,\nas  the first assay showed. They divided twice.",
                              masked=True)
    assert broken.verbatim(range(len(broken.sentences))) == [
        "The treated cells grew faster than the controls, as the first assay showed.", "They divided twice."]
    # the masking's record of where each character came from
    assert len(hidden.origin) == len(hidden.text)
    symbols = {i for match in re.finditer("<dig>|<cit>", hidden.text) for i in range(*match.span())}
    assert all(PAPER[hidden.origin[i]] == ch for i, ch in enumerate(hidden.text) if ch.isalpha() and i not in symbols)
    # a symbol spans what it replaced: the first <dig> stands for "12.5", the first <cit> for "[1, 2]"
    assert [PAPER[hidden.origin[i]] for i in sorted(symbols)][:10] == list("11115[[[[]")


def test_written_restores_each_number_from_the_source_position_attended_to():
    document = Document.prepare(PAPER, masked=True)
    source = document.normalized.split()  # pieces and tokens agree for this check
    digits = [i for i, token in enumerate(source) if token == masking.NUMBER]
    output = "▁we ▁enrolled ▁ <dig> ▁patients ▁for ▁ <dig> ▁years ▁. <n> ▁it ▁fell ▁by ▁ <dig> ▁ <cit> ▁."
    attention = torch.zeros(len(source), len(output.split()))
    for step, digit in ((3, 1), (7, 2), (15, 3)):  # output step -> which source <dig> it copies
        attention[digits[digit], step] = 1.0
    written = document.written(output, " ".join(source), attention)
    assert written.numbers_restored == 3
    assert written.normalized == ["we enrolled 240 patients for 3 years .", "it fell by 31 ."]
    assert written.sentences == ["We enrolled 240 patients for 3 years.", "It fell by 31."]
    assert not written.cut_off_dropped


def test_written_leaves_out_a_cut_off_last_sentence_but_never_empties_a_summary():
    document = Document.prepare(NEWS)
    written = document.written("▁the ▁final ▁was ▁drawn ▁. <n> ▁and ▁then ▁the", "")
    assert written.normalized == ["the final was drawn ."] and written.cut_off_dropped
    assert whole_sentences(["and then the"]) == (["and then the"], False)


def test_prepare_takes_anything_a_person_pastes():
    assert Document.prepare(None).sentences == [] and Document.prepare(b"Caf\xc3\xa9 open.").sentences == ["café open ."]
    assert Document.prepare("(all in brackets)", masked=True).sentences == []


@pytest.fixture
def normalizations(monkeypatch):
    """Counts normalize_text calls, however they are reached (module or package name)."""
    calls = []
    original = normalize.normalize_text

    def counting(raw):
        calls.append(len(raw or ""))
        return original(raw)

    monkeypatch.setattr(normalize, "normalize_text", counting)
    monkeypatch.setattr(text, "normalize_text", counting)
    return calls


@pytest.mark.parametrize("key, article", [
    (LEAD3, NEWS), ("extractive", NEWS), ("shipped", NEWS), ("papers_extractive", PAPER), ("papers", PAPER),
])
def test_a_summarize_call_normalizes_the_article_once(key, article, normalizations):
    registry = ModelRegistry()
    if key != LEAD3 and not registry.info(key).path.is_file():
        pytest.skip(f"the shipped model {key} is not installed")
    system = registry.get(key)
    normalizations.clear()  # loading a model normalizes nothing of the article; start counting here
    summary = system.summarize(article)
    assert summary.sentences
    assert normalizations == [len(masking.mask(article).text) if key.startswith("papers") else len(article)]


@pytest.mark.parametrize("width", [64, 78, 100])
@pytest.mark.parametrize("paragraph_break", ["\n", "\n\n"])
def test_a_hard_wrapped_paste_reads_as_the_same_sentences(width, paragraph_break):
    """The example paper copied from a PDF viewer or an e-mail, its lines broken at a width: the same sentences,
    masked or not, and the same verbatim text of each, as the paper pasted with a line a paragraph."""
    import textwrap

    paper = (REPO / "app" / "examples" / "paper_herbicide_bacterium.txt").read_text()
    paragraphs = [line for line in paper.splitlines() if line.strip()]
    wrapped = paragraph_break.join(textwrap.fill(paragraph, width) for paragraph in paragraphs)
    assert wrapped.count("\n") > 2 * len(paragraphs)
    for masked in (False, True):
        as_pasted, as_written = Document.prepare(wrapped, masked=masked), Document.prepare(paper, masked=masked)
        assert len(as_written.sentences) > 20
        assert as_pasted.sentences == as_written.sentences
        every = list(range(len(as_written.sentences)))
        assert as_pasted.verbatim(every) == as_written.verbatim(every)

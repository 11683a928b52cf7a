"""Pointers to figures, tables and references left out of a summary (fairseq_plugins/text/pointers.py)."""
import re

import pytest

from fairseq_plugins.evaluation import DECODING_PRESETS, baseline_summary
from fairseq_plugins.text import Document
from fairseq_plugins.text.pointers import (
    GLUED_CITATION_EVIDENCE,
    ROUND_CITATION_EVIDENCE,
    cites_in_round_brackets,
    drop_pointers,
    glued_citations,
)


@pytest.mark.parametrize("sentence, expected", [
    # figures and tables, as a pasted paper writes them and in the normal form
    ("The mutant grew slowly (Fig. 2B).", "The mutant grew slowly."),
    ("the mutant grew slowly ( fig . 2b ) .", "the mutant grew slowly ."),
    ("levels rose ( figures 1 , 2 , and 3 ) and fell ( table 2 ) .", "levels rose and fell ."),
    ("Levels rose (Figs. 1 and 2; Table S1) in all groups.", "Levels rose in all groups."),
    ("Cells were stained (Supplementary Fig. S3c and d).", "Cells were stained."),
    ("the data ( additional file 1 : table s2 ) show a rise .", "the data show a rise ."),
    ("the gene (S1 Table) was expressed.", "the gene was expressed."),
    ("reads ( see methods ) were mapped .", "reads were mapped ."),
    ("cells ( fig . 1a , arrowheads ) were stained .", "cells were stained ."),
    ("spectra matched ( figure s2 , supporting information ) .", "spectra matched ."),
    # a mixed bracket keeps what is not a pointer
    ("levels rose ( p = 0.03 ; figure 2 ) .", "levels rose ( p = 0.03 ) ."),
    ("Levels rose (n = 34, Table 1).", "Levels rose (n = 34)."),
    # citations: numbers in square brackets, a masked <cit>, author-year works
    ("this was reported [12, 14-16], and we measured it.", "this was reported, and we measured it."),
    ("it is frequent in children [ 4 - 7 ] .", "it is frequent in children ."),
    ("as described in [ 12 ] .", "as described ."),  # the citing preposition goes too
    ("tree species vary <cit> . we sampled <dig> sites .", "tree species vary . we sampled <dig> sites ."),
    ("as reported by <cit> and others", "as reported and others"),
    # ... and before a citation whatever follows: the citation is the preposition's object
    ("trees predicted in <cit> to be not rna - like", "trees predicted to be not rna - like"),
    ("the work by <cit> performs variable selection [ 3 ] .", "the work performs variable selection ."),
    ("as described in [ 12 ] using a kit .", "as described using a kit ."),
    # ... but for "see", a verb: without it the clause after the semicolon would have none
    ("it needs new methods ; see <cit> for a recent review .", "it needs new methods ; see for a recent review ."),
    # ... and an abbreviation that led into the citation, and a bracket left with nothing in it
    ("many tools exist , e.g. <cit> , for this purpose .", "many tools exist for this purpose ."),
    ("Many tools exist, e.g. [4], for this purpose.", "Many tools exist for this purpose."),
    ("many tools exist for this purpose , e.g. [ 4 ] .", "many tools exist for this purpose ."),
    ("it fits , e.g. , in <cit> , and in our data", "it fits and in our data"),
    # ... and a comparison with the cited work that says nothing without it, but a verb's complement and an adverb's
    ("in time proportional to the substrings , as done e.g. in <cit> , or to the reads , as done in <cit> .",
     "in time proportional to the substrings or to the reads ."),
    ("dna was extracted essentially as described <cit> .", "dna was extracted ."),
    ("the cells were lysed , as described in <cit> , and then washed .", "the cells were lysed and then washed ."),
    ("the parameters are as described in <cit> .", "the parameters are as described ."),
    ("cells were grown as previously described <cit> .", "cells were grown as previously described ."),
    ("as shown before ( see e.g. <cit> ) , it works .", "as shown before , it works ."),
    # a run of them with its separators, and the comma that led into one where the clause ends
    ("it varied with sperm quality <cit> , <cit> , <cit> , <cit> .", "it varied with sperm quality ."),
    ("it generalizes previous algorithms , specifically those of <cit> and <cit> .",  # a coordinator in the run
     "it generalizes previous algorithms , specifically those ."),
    ("otus were found in each of these samples , <cit> .", "otus were found in each of these samples ."),
    # ... also once its preposition went
    ("for example , in <cit> , svd methods were used .", "for example , svd methods were used ."),
    ("one indel every <dig> kb, <cit>.", "one indel every <dig> kb."),
    ("one group <cit> ; <cit> , and another , <cit> , grew .", "one group , and another , grew ."),
    ("This was shown before (Smith et al., 2005; Lee and Park 2003).", "This was shown before."),
    ("conservation is high ( mesa et al . , 1982 , 2004 ; souza and kido , 1995 ) .", "conservation is high ."),
    # superscript citations flattened inside a sentence: after a word's comma, or glued to a word as a list
    ("apgar score at 5 minutes after birth,19 and health problems , were recorded .",
     "apgar score at 5 minutes after birth , and health problems , were recorded ."),
    ("It came with gastrointestinal,3-5 cardiovascular,6,7 and renal events.",
     "It came with gastrointestinal, cardiovascular, and renal events."),
    ("volume increase in human1,2 and animal tissues , and in cells .", "volume increase in human and animal tissues , and in cells ."),
    # ... and onto "et al", with the superscript's own bracket where the sentence opened none
    ("cheng et al21 reported that it works .", "cheng et al reported that it works ."),
    ("Lee et al.4,5 measured the survival.", "Lee et al. measured the survival."),
    ("chang et al.9 ) reported that milk helps .", "chang et al. reported that milk helps ."),
    # what is no pointer stays
    ("the h1n1,2 strains , il6 , cd4 and p53 were 13,496 in all ; values 1,2 and 3,4 .",
     "the h1n1,2 strains , il6 , cd4 and p53 were 13,496 in all ; values 1,2 and 3,4 ."),
    ("magnetic resonance imaging ( mri ) was done .", "magnetic resonance imaging ( mri ) was done ."),
    ("the results ( green , left panel ) differ .", "the results differ ."),
    ("the results ( green , left ) differ .", "the results ( green , left ) differ ."),
    ("reads ( data not shown ) were mapped .", "reads ( data not shown ) were mapped ."),
    ("ludwig ( 2011 ) recently published it .", "ludwig ( 2011 ) recently published it ."),
    ("it rose ( since 2005 ) .", "it rose ( since 2005 ) ."),
    ("a pairing ( here meaning that it is odd , e.g. , see walker et al . , 2010 ) was found .",
     "a pairing ( here meaning that it is odd , e.g. , see walker et al . , 2010 ) was found ."),
    ("a low count ( ct 3035 ) was seen .", "a low count ( ct 3035 ) was seen ."),  # no year
    ("as shown in figure 2 , the cells grew .", "as shown in figure 2 , the cells grew ."),  # part of the grammar
])
def test_drop_pointers(sentence, expected):
    assert drop_pointers(sentence) == expected


def test_round_brackets_of_numbers_are_citations_only_where_the_paper_cites_so():
    """'( 4 )' is a citation in a paper that ends clauses with such brackets, never a count after a
    per cent sign or a number, a number with a thousands separator, a year, or a list's item."""
    counts = "of 476 patients , 2 % ( 9 ) had upper dvt , 97 % ( 462 ) had lower dvt , n = 30 ( 12 ) ."
    cited = [f"finding {k} was reported before ( {k} ) ." for k in range(1, ROUND_CITATION_EVIDENCE + 1)]
    assert cites_in_round_brackets(" ".join(cited))
    assert not cites_in_round_brackets(" ".join(cited[:-1]))  # too little evidence
    assert not cites_in_round_brackets(counts + " " + counts)  # counts are no evidence
    assert drop_pointers("it is frequent ( 3 , 4 , 11 , 12 ) .", round_citations=False) == \
        "it is frequent ( 3 , 4 , 11 , 12 ) ."
    assert drop_pointers("it is frequent ( 3 , 4 , 11 , 12 ) .", round_citations=True) == "it is frequent ."
    assert drop_pointers(counts, round_citations=True) == counts
    for kept in ["dogs were counted at kalabo ( 13,496 ) and sesheke ( 8,638 ) .",
                 "ludwig ( 2011 ) recently published it .",
                 "tumoroids are ( 1 ) made up of cells , ( 2 ) kept alive and ( 3 ) growing ( 5 ) ."]:
        assert drop_pointers(kept, round_citations=True) == kept
    # after a year or a digit a bracket of numbers still cites; "( 11,12 )" cites two works
    assert drop_pointers("deaths in 2002 ( 2 ) rose , rare in type 1 ( 14 ) , seen in mice ( 11,12 ) .",
                         round_citations=True) == "deaths in 2002 rose , rare in type 1 , seen in mice ."


# a paper in the Cohan form that flattens its superscript citations: after a word's comma, after a stop
# and as one number on a word ("renal810" for renal(8-10)); and the word+number names such a paper has
GLUED = ("adverse events are gastrointestinal,35 cardiovascular,6,7 and renal810 events , as seen .\n"
         "renal function was normal in all patients .\n"
         "the test was done with the eyes closed10 . after the test3 , most patients with eyes closed "
         "were tested again.11 the test was repeated in animals ( rodents , swine , etc.)3 - 5 and cells .\n"
         "it prevents injuries2 . it is seen in monitoring13 ) . it grew ( figure2 ) in time .\n"
         "apoe4 , apoe4 and apoe4 bind it ; score3 was 2 and score 2 was 3 ; water302 , water305 and water354 "
         "bond ; glut4 , glut4 and glut4 rise ; il6 and cd31 fall ; notch3/notch4 pairs ; the study2 of them .\n")


def test_a_citation_flattened_onto_a_word_as_one_number_goes_where_the_paper_gives_the_evidence():
    """"renal810", "closed10", "test3": an English word the paper also writes on its own (or a form that
    ends its sentence, "injuries2 ."), glued to one number at most twice; not a name the paper writes three times ("apoe4", "glut4"), a word with a
    spaced number ("score 2"), a word glued to three numbers ("water302"), a short word ("il6"), a
    word the paper never writes bare ("study2" here) or between slashes ("notch3/notch4")."""
    assert glued_citations(GLUED) == {"renal810", "closed10", "test3", "injuries2", "monitoring13"}
    # the evidence: flattened citations of the other forms (here 3: ",35", ",6,7", ".11")
    assert GLUED_CITATION_EVIDENCE <= 3
    without_evidence = GLUED.replace("gastrointestinal,35 cardiovascular,6,7", "gastrointestinal , cardiovascular")
    assert glued_citations(without_evidence.replace("again.11", "again .")) is None
    # the masked paper data's citations are "<cit>" already: its word+number forms are names
    assert glued_citations(GLUED + "as shown before <cit> .") is None
    document = Document.prepare(GLUED)
    assert document.verbatim([0], drop_pointers=True) == ["adverse events are gastrointestinal , cardiovascular , and renal events , as seen ."]
    assert document.verbatim([2], drop_pointers=True) == ["the test was done with the eyes closed ."]
    assert document.plain([3], drop_pointers=True)[0].startswith("after the test , most patients")
    # numbers glued onto a closing bracket, in such a paper only
    assert document.verbatim([4], drop_pointers=True) == ["the test was repeated in animals ( rodents , swine , etc.) and cells ."]
    assert drop_pointers("in animals ( rodents , swine , etc.)3 - 5 and cells .") == "in animals ( rodents , swine , etc.)3 - 5 and cells ."
    # a form that ends its sentence, with its own closing bracket; a figure's name goes as a pointer
    assert document.verbatim([5, 6, 7], drop_pointers=True) == [
        "it prevents injuries .", "it is seen in monitoring .", "it grew in time ."]
    assert len(document.sentences) == 9
    names = document.verbatim([8], drop_pointers=True)[0]
    assert all(name in names for name in ["apoe4", "score3", "water302", "glut4", "il6", "notch3/notch4", "study2"])
    # with the rest of its list, in a tokenized text
    assert drop_pointers("measured under these conditions1 , 3 , 4 , many say", glued={"conditions1"}) == \
        "measured under these conditions , many say"
    assert drop_pointers("seen in the eyes closed10 , 25 % of them", glued={"closed10"}) == "seen in the eyes closed , 25 % of them"
    # only the forms it is given
    assert drop_pointers("the renal810 and closed10 events", glued={"renal810"}) == "the renal and closed10 events"


FILLER = " ".join(f"Step {k} of the protocol was done as planned by the team." for k in range(1, 6))
PASTED = ("Tumor necrosis factor (TNF) is a cytokine made by immune cells (Fig. 1). " + FILLER
          + " Levels of TNF rose sharply in every treated patient [4, 5] (Table 2). Counts were 97% (462) in all.")


def test_document_leaves_pointers_out_in_both_ways_back():
    document = Document.prepare(PASTED)
    first, last = 0, len(document.sentences) - 2
    assert document.verbatim([first, last]) == [
        "Tumor necrosis factor (TNF) is a cytokine made by immune cells (Fig. 1).",
        "Levels of TNF rose sharply in every treated patient [4, 5] (Table 2)."]
    assert document.verbatim([first, last], drop_pointers=True) == [
        "Tumor necrosis factor (TNF) is a cytokine made by immune cells.",
        "Levels of TNF rose sharply in every treated patient."]
    # both edits: the long form written out where the summary first uses it, the pointers left out
    assert document.verbatim([last], spell_out=True, drop_pointers=True) == [
        "Levels of tumor necrosis factor (TNF) rose sharply in every treated patient."]
    # the harness scores the summary a reader gets, in the normal form
    assert document.plain([first, last], drop_pointers=True) == [
        "tumor necrosis factor ( tnf ) is a cytokine made by immune cells .",
        "levels of tnf rose sharply in every treated patient ."]
    assert document.plain([len(document.sentences) - 1], drop_pointers=True) == ["counts were 97 % ( 462 ) in all ."]
    assert document.edited(["levels of tnf rose ( fig . 2 ) ."], spell_out=True, drop_pointers=True, normal_form=True) == \
        ["levels of tumor necrosis factor ( tnf ) rose ."]


def test_the_papers_presets_leave_pointers_out_and_the_studies_and_news_do_not():
    assert DECODING_PRESETS["papers_extractive"].drop_pointers
    assert DECODING_PRESETS["papers_rewriting"].drop_pointers
    assert DECODING_PRESETS["papers_extractive"].reader_edits == {"spell_out": True, "drop_pointers": True}
    for name in ("papers", "cnndm", "cnndm_rewriting"):
        assert not DECODING_PRESETS[name].drop_pointers


def test_baselines_leave_pointers_out_as_our_choosers_do():
    summary = baseline_summary("lead", PASTED, k=1, reader_edits={"drop_pointers": True})
    assert summary == "tumor necrosis factor ( tnf ) is a cytokine made by immune cells ."
    assert "fig" in baseline_summary("lead", PASTED, k=1)


def test_a_left_out_bracket_is_no_splice_for_the_readability_measures():
    """Leaving out whole brackets skips article tokens inside one sentence: compression, not a splice,
    however many tokens the brackets held; a skip of as many bare tokens still is one."""
    from fairseq_plugins.evaluation import faithfulness

    article = ("cases of pancreatitis have been observed in animals ( 6 , 7 , 13 , 21 , 22 ) and patients "
               "( 14 , 15 , 16 ) treated with incretin mimetics and related drugs .")
    source = faithfulness.Article(article)
    assert not faithfulness.is_spliced(source, drop_pointers(article, round_citations=True))
    bare = ("cases of pancreatitis have been observed in animals one two three four five six seven and patients "
            "eight nine ten eleven treated with incretin mimetics and related drugs .")
    assert faithfulness.is_spliced(faithfulness.Article(bare), drop_pointers(article, round_citations=True))
    # a masked paper's <cit> is never shown to a reader: the sentence without it is the sentence
    filler = " ".join(f"step {k} of the protocol was done as planned ." for k in range(8))
    masked = f"mayday is a tool . {filler} mayday <cit> is a platform - independent framework for data analysis ."
    assert not faithfulness.is_spliced(faithfulness.Article(masked),
                                       drop_pointers("mayday <cit> is a platform - independent framework for data analysis ."))


def test_the_app_notes_what_it_left_out():
    """The extractive way back of the app (Summarizer._extract) says how many sentences lost pointers,
    and gives the sentences as Document.edited edits them."""
    from app.summarizer import _edited_with_notes

    document = Document.prepare(PASTED)
    chosen = [0, len(document.sentences) - 2]
    verbatim = document.verbatim(chosen)
    edited, notes = _edited_with_notes(document, verbatim, spell_out=True, drop_pointers=True)
    assert edited == document.edited(verbatim, spell_out=True, drop_pointers=True)
    assert any(re.search(r"left out of 2 sentence\(s\)", note) for note in notes), notes
    assert _edited_with_notes(document, verbatim, spell_out=False, drop_pointers=False) == (verbatim, [])


@pytest.mark.parametrize("text, sentences", [
    ("it is at the macula.2 this is a characteristic finding .",
     ["it is at the macula.2", "this is a characteristic finding ."]),
    ("it rose in cell cultures.6,7 however , such increases were rare .",
     ["it rose in cell cultures.6,7", "however , such increases were rare ."]),
    ("it was seen in severe cases.8 - 10 therefore , care is needed .",
     ["it was seen in severe cases.8 - 10", "therefore , care is needed ."]),
    ("it was seen in severe cases.8 - <dig> therefore , care is needed .",  # a masked paper's range
     ["it was seen in severe cases.8 - <dig>", "therefore , care is needed ."]),
    ("it matched systemic vessels.4 ) subsequently , prevalence rose .",
     ["it matched systemic vessels.4 )", "subsequently , prevalence rose ."]),
    # a range of two-digit works that lost its dash (18-21), but no year
    ("it changes adjustment mechanisms.1821 in healthy subjects , exercise helps .",
     ["it changes adjustment mechanisms.1821", "in healthy subjects , exercise helps ."]),
    ("it was in use.2014 in healthy subjects .", ["it was in use.2014 in healthy subjects ."]),
    # after a bracket or a per cent sign, parted from the stop in the normal form
    ("it is common in type 2 diabetes ( t2d).13 mau is an early sign .",
     ["it is common in type 2 diabetes ( t2d ) .13", "mau is an early sign ."]),
    ("it needs a sensitivity > 95%.16 the dipstick has it .", ["it needs a sensitivity > 95 % .16", "the dipstick has it ."]),
    # no citation: an abbreviation numbers follow, a decimal, a bracket the sentence opened
    ("as in fig.2 we see a rise .", ["as in fig.2 we see a rise ."]),
    ("doses of 0.5 mg were given .", ["doses of 0.5 mg were given ."]),
    ("the value ( see cells.2 below ) is high .", ["the value ( see cells.2 below ) is high ."]),
])
def test_a_flattened_superscript_citation_ends_its_sentence(text, sentences):
    from fairseq_plugins.text.normalize import is_cut_off, normalize_text, split_sentences

    assert split_sentences(normalize_text(text)) == sentences
    assert not is_cut_off(sentences[0])  # a sentence that ends on its citation ends
    if len(sentences) > 1:  # and the citation goes from what a reader gets
        assert re.search(r"[\w)%] ?\.$", drop_pointers(sentences[0]))
        assert not re.search(r"\d", drop_pointers(sentences[0]).rsplit(" ", 1)[-1])


def test_a_pasted_papers_flattened_citations_leave_whole_sentences():
    document = Document.prepare("Uveitis is common in adults.12 The drug is rarely used.4-6 We report two cases.")
    assert len(document.sentences) == 3
    assert document.verbatim([0, 1], drop_pointers=True) == ["Uveitis is common in adults.", "The drug is rarely used."]


def test_the_harness_can_turn_the_edits_off_for_one_run(tmp_path):
    """``evaluate.py generate --no-drop-pointers`` scores a preset's system without that edit (the
    comparison of docs/models.md), the preset's own setting otherwise."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    data = tmp_path / "valid.jsonl"
    data.write_text(json.dumps({"id": "p1", "article": PASTED, "summary": "Tumor necrosis factor is a cytokine."}) + "\n")

    def lead(*flags):
        out = tmp_path / ("lead" + "".join(flags))
        run = subprocess.run([sys.executable, "scripts/evaluate.py", "generate", "--workers", "1", "--resamples", "20",
                              "--system", "lead1", "--data", str(data), "--preset", "papers_extractive", "--out", str(out),
                              *flags], capture_output=True, text=True, cwd=repo, timeout=300)
        assert run.returncode == 0, run.stderr
        return (out / "hypotheses.txt").read_text().strip(), json.loads((out / "scores.json").read_text())

    edited, scores = lead()
    plain, plain_scores = lead("--no-drop-pointers")
    assert edited == "tumor necrosis factor ( tnf ) is a cytokine made by immune cells ."
    assert plain == "tumor necrosis factor ( tnf ) is a cytokine made by immune cells ( fig. 1 ) ."
    assert scores["drop_pointers"] and not plain_scores["drop_pointers"]

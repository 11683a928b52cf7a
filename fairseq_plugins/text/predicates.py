"""Whether a line of a paper holds a predicate: a finite verb, without a part-of-speech tagger.

A paper's data set runs a table's or figure's caption into its text as a line of its own: a noun
phrase with no verb ("histopathologic findings of kidney biopsy at the previous hospital at the
time of onset of idiopathic membranous nephropathy ( mn ) .", "* significantly different from the
low - fat counterpart ; ...", "number of implantations in the test animals ; resorption index = ...").
Blind readers count every such line in a summary as a broken sentence. A tagger trained on
ordinary prose reads these lowercased, tokenized lines poorly, so the test is a lexicon's: the
word classes each word may have (lemminflect's lemma tables: VERB, NOUN, ADJ, ...) and where the
word stands. A word is the sentence's verb when it is

1. a word of a clause (``extraction.CLAUSE_WORDS``: "is", "had", "may", "showed", "we", ...);
2. a word that can only be a verb ("reduced", "consisted", "improves"), but for a past form followed
   by a preposition in a line that opens as a figure's title does, a noun of ``CAPTION_HEADS`` and
   "of" or "between" ("summary of the composition of 103 nanoparticles extracted from a synthesis
   ...", "identification of genes regulated by the ja signalling pathway ."): there it qualifies a
   noun;
3. a word that can be a verb followed by its object's first word: a determiner or a number
   ("reports the isolation ...", "plays an important role", "averages <dig> % ...");
4. a past form followed by anything but a preposition, a conjunction, a comma or a colon
   ("increased insulin secretion", "completed the study", "correlated significantly with",
   "ferritin levels increased ."; a participle after its noun, "the unit used for treatments", is
   followed by its preposition);
5. a word that can be a verb after an adverb in -ly or one of ``ADVERBS_BEFORE_A_VERB``
   ("typically present with ...", "rates also increase at ...").

Bracketed text does not count (a caption's bracket, "( n = 549 )", holds no predicate of the line);
neither do "-ing" forms, which are not finite, nor the last part of a compound adjective that the
normal form split at its hyphen ("contrast - enhanced ct"; "self - reported" stays a verb,
``VERB_PREFIXES``). Of the 1,500 sentences the papers chooser took from the 200 Cohan-format PubMed
papers (valid and train) before this test, 20 have no predicate by it: 16 captions, legends, a
table's rows or footnotes, and 4 sentences of the paper whose verb the lexicon also reads as a noun
or that a preposition follows ("... results in end - stage renal failure", "... varied from 5 % to
93 %"). Of the 4,788 sentences of 50 of those papers that are no fragments, 119 (2.5%), of which 35
of a sample of 40 are no sentences (a line broken inside a sentence, "in tissue sections , cd79a and
pax5 .", a table's significance legend, "* * p <dig> ; * p <dig> .", LaTeX source).
"""
import functools
import re
from typing import Sequence

import lemminflect

from .extraction import CLAUSE_WORDS, DETERMINERS
from .masking import NUMBER
from .normalize import FRONTING_WORDS, normalize_text

# the first word of a verb's object
OBJECT_OPENINGS = DETERMINERS | {"some", "more", "most"}
# what follows a participle that qualifies a noun ("the unit used for treatments", "cells treated with")
_AFTER_PARTICIPLE = frozenset({
    "in", "on", "at", "by", "for", "from", "with", "to", "of", "into", "during", "between", "among", "after",
    "before", "over", "under", "as", "than", "via", "within", "without", "per", "through", "across", "against",
    "about", "and", "or", ",", ";", ":",
})
# adverbs that stand before a verb and do not end in -ly ("rates also increase at the end of ...")
ADVERBS_BEFORE_A_VERB = frozenset({"also", "often", "then", "still", "further", "thus", "therefore", "now", "never"})
# what a hyphen joins to a verb and leaves it a verb ("the patients self - reported ...", "co - localized")
VERB_PREFIXES = frozenset({"self", "co", "re", "pre", "mis", "over", "under", "out", "cross", "up", "down", "double"})
_NUMBER_RE = re.compile(r"\d[\d.,]*|" + re.escape(NUMBER))
_NOT_ONLY_A_VERB = frozenset({"NOUN", "ADJ", "ADV", "ADP"})
# the nouns a figure's or table's title opens with, before "of" or "between" ("plot of the dihedral
# angles for the structures obtained in ...", "comparison of vbcs performed by observers ..."): 19
# lines of the 200 Cohan-format and 300 SumPubMed papers have only a participle after such an
# opening, every one a title; "viability of the cells ranged from ...", "extent of ld ranged from
# ..." open with nouns that are not here
CAPTION_HEADS = frozenset(
    "comparison summary plot documentation generation identification expression number numbers conversion results "
    "estimation schematic overview distribution distributions effect effects illustration localization detection "
    "analysis analyses quantification characterization alignment map diagram construction validation workflow "
    "timeline flowchart representation kinetics phylogeny prediction correlation relationship association frequency "
    "frequencies proportion percentage list location structure structures scheme sketch evolution changes profile "
    "profiles cartoon example examples images image photograph photographs micrographs staining immunostaining "
    "accumulation outline design overlay sequence sequences model models".split())
_CAPTION_HEAD_LINKS = frozenset({"of", "between"})


@functools.lru_cache(maxsize=65536)
def _classes(word: str) -> frozenset:
    """The word classes lemminflect knows for a word; none for an "-ing" form or a non-word."""
    if not word.isalpha() or word.endswith("ing"):
        return frozenset()
    return frozenset(lemminflect.getAllLemmas(word))


def _outside_brackets(tokens: Sequence[str]) -> list:
    kept, depth = [], 0
    for token in tokens:
        depth += (token in "([") - (token in ")]")
        if depth == 0 and token not in ")]":
            kept.append(token)
    return kept


def has_predicate(sentence: str) -> bool:
    """Whether a line in the normal form has a finite verb by the rules of the module docstring."""
    tokens = _outside_brackets(sentence.split())
    if not CLAUSE_WORDS.isdisjoint(tokens):
        return True
    title_opening = len(tokens) > 1 and tokens[0] in CAPTION_HEADS and tokens[1] in _CAPTION_HEAD_LINKS
    for i, word in enumerate(tokens):
        classes = _classes(word)
        # a past form the lexicon knows as an adjective only ("correlated") is a verb by where it stands
        if "VERB" not in classes and not (classes and word.endswith("ed")):
            continue
        after = tokens[i + 1] if i + 1 < len(tokens) else "."
        before = tokens[i - 1] if i else ""
        if before == "-" and (tokens[i - 2] if i > 1 else "") not in VERB_PREFIXES:
            continue  # the last part of a compound adjective the normal form split: "contrast - enhanced ct"
        participle = word.endswith("ed") and after in _AFTER_PARTICIPLE
        if ((classes.isdisjoint(_NOT_ONLY_A_VERB) and not (title_opening and participle))
                or after in OBJECT_OPENINGS or _NUMBER_RE.fullmatch(after)
                or (word.endswith("ed") and not participle)
                or (before.endswith("ly") and len(before) > 4) or before in ADVERBS_BEFORE_A_VERB):
            return True
    return False


# a table's count in its title: "( n = 549 )", "( n=549 )", "( n = 23,841 )"
_COUNT_RE = re.compile(r"\(\s*n\s*=\s*\d[\d,.]*\s*\)", re.IGNORECASE)
# what a title's count is followed by when the title is the subject of the sentence: its verb, or a
# relative clause ("the remaining women ( n = 23,841 ) who had ..."); the lexicon reads "who" as a noun
_RELATIVE_WORDS = frozenset({"who", "whom", "whose", "which", "that"})


def runs_a_title_in(verbatim: str) -> bool:
    """Whether a raw sentence opens with a table's title that ends in its count and runs into a
    sentence of its own: "place of detection of venous thromboembolism ( n = 549 ) duration of
    hospitalization ...", "diagnosis of ... during the postoperative period ( n = 81 ) the most common
    ( 73 % ) symptom was ...". The words before the count hold no finite verb and open with no
    determiner or fronting word ("in group a ( n = 20 ) the mean age was ..."), and the word after
    it is a determiner or a noun or adjective that cannot be a verb (a title that is the sentence's
    subject goes on with its verb: "patients treated with fcm alone ( n = 233 ) had ..."). The masked
    normal form drops the bracket, so the raw sentence is read. 8 titles in the 200 Cohan-format
    PubMed papers, no sentence."""
    match = _COUNT_RE.search(verbatim)
    if match is None:
        return False
    before = normalize_text(verbatim[:match.start()], end_lines=False).split()
    after = normalize_text(verbatim[match.end():], end_lines=False).split()
    if len(before) < 2 or not after or before[0] in DETERMINERS or before[0] in FRONTING_WORDS:
        return False
    if has_predicate(" ".join(before)) or after[0] in _RELATIVE_WORDS:
        return False
    classes = _classes(after[0])
    return after[0] in DETERMINERS or bool(classes) and classes <= {"NOUN", "ADJ"}

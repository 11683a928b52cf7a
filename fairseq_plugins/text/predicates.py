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
2. a word that can only be a verb ("reduced", "consisted", "improves");
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
    for i, word in enumerate(tokens):
        classes = _classes(word)
        # a past form the lexicon knows as an adjective only ("correlated") is a verb by where it stands
        if "VERB" not in classes and not (classes and word.endswith("ed")):
            continue
        after = tokens[i + 1] if i + 1 < len(tokens) else "."
        before = tokens[i - 1] if i else ""
        if before == "-" and (tokens[i - 2] if i > 1 else "") not in VERB_PREFIXES:
            continue  # the last part of a compound adjective the normal form split: "contrast - enhanced ct"
        if (classes.isdisjoint(_NOT_ONLY_A_VERB)
                or after in OBJECT_OPENINGS or _NUMBER_RE.fullmatch(after)
                or (word.endswith("ed") and after not in _AFTER_PARTICIPLE)
                or (before.endswith("ly") and len(before) > 4) or before in ADVERBS_BEFORE_A_VERB):
            return True
    return False

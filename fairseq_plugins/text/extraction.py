"""Extractive summarization around models/extractive.py: training examples (the article's
sentences joined by ``<n>`` + the greedy oracle's labels) and choosing the summary from the
model's sentence scores.

    example = make_example(sentences, reference_sentences, sp, max_pieces=640, oracle_sentences=3)
    example.source        # "▁the ▁cat ... <n> ▁it ..."  (pieces; whole sentences only)
    example.labels        # "1 0 0 1 ..."                 (one per sentence in the source)
    scores = sentence_scores(model, dictionary, [example.source])[0]   # one float per sentence
    read_source(sp, sentences, 640)  # what the model reads of an article: .line, .pieces, ...
    chosen = choose(scores, sentences, k=3)                            # indices, article order

Only whole sentences go into a source (``read_source``): a sentence that would cross
``max_pieces`` and every one after it are left out (counted in ``Example.dropped_sentences``), so the labels and the sentences
the model sees are the same list.  The oracle is computed over those sentences: it is the best the
model could do with what it reads.

``choose`` is BertSumExt's selection (Liu & Lapata 2019): sentences in order of score, skipping
one that shares a word trigram with a sentence already chosen (trigram blocking), until k are
chosen; the summary gives them in article order.
"""
import functools
import itertools
import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Collection, Dict, List, Mapping, Optional, Sequence, Set

import lemminflect

from ..scoring.rouge import rouge_tokens
from . import normalize
from .masking import CITATION, NUMBER, SYMBOLS

LABELS = ("0", "1")  # the words of the label dictionary: not in the summary, in it

__all__ = ["LABELS", "Example", "Source", "read_source", "make_example", "source_line", "score_order", "choose",
           "choose_in_order", "fused_preference", "Selection", "word_count", "is_fragment", "is_title", "is_caption",
           "restarts_panels", "ends_on_article", "is_cut_at_an_article", "has_collapsed_range",
           "joins_lines_after_authors", "is_cut", "leans_on_previous", "opening_of", "opens_with_one_of",
           "MIN_SENTENCE_WORDS", "sentence_scores", "oracle_indices"]


@dataclass
class Example:
    source: str  # space-joined pieces, sentences separated by <n>
    labels: str  # "1 0 ...": one label per sentence in ``source``
    sentences: int  # sentences in the source
    dropped_sentences: int  # sentences left out: they would not fit in max_pieces
    positives: int  # oracle sentences


@dataclass
class Source:
    """What the model reads of an article: the pieces of its leading sentences that fit."""

    pieces: List[List[str]]  # one list per sentence read, in article order
    total_pieces: int  # the pieces of all the article's sentences (separators not counted)

    @property
    def line(self) -> str:
        return source_line(self.pieces)

    @property
    def used_pieces(self) -> int:
        return sum(len(p) for p in self.pieces)


def read_source(sp, sentences: Sequence[str], max_pieces: Optional[int]) -> Source:
    """Every sentence encoded once; the leading ones that fit in ``max_pieces`` together with the
    ``<n>`` between them are read.  A first sentence longer than the limit is cut to it (the
    model still reads something)."""
    encoded = [pieces for pieces in (sp.encode(sentence, out_type=str) for sentence in sentences) if pieces]
    read: List[List[str]] = []
    used = 0
    for pieces in encoded:
        cost = len(pieces) + (1 if read else 0)  # + the separator before it
        if max_pieces is not None and used + cost > max_pieces:
            if not read:
                read.append(pieces[:max_pieces])
            break
        read.append(pieces)
        used += cost
    return Source(read, sum(len(p) for p in encoded))


def source_line(pieces: Sequence[Sequence[str]]) -> str:
    """Sentences' pieces -> one source line, sentences joined by ``<n>``."""
    return f" {normalize.SENTENCE_SEPARATOR} ".join(" ".join(p) for p in pieces)


def make_example(sentences: Sequence[str], reference_sentences: Sequence[str], sp,
                 max_pieces: Optional[int], oracle_sentences: Optional[int] = 3) -> Example:
    """A training example: the sentences that fit, and the greedy oracle's labels over them
    (``oracle_indices``; ``oracle_sentences`` None: as many as improve ROUGE)."""
    sentences = [s for s in sentences if s.strip()]
    source = read_source(sp, sentences, max_pieces)
    kept = sentences[:len(source.pieces)]
    chosen = set(oracle_indices(kept, reference_sentences, oracle_sentences))
    return Example(
        source=source.line,
        labels=" ".join("1" if i in chosen else "0" for i in range(len(kept))),
        sentences=len(kept),
        dropped_sentences=len(sentences) - len(kept),
        positives=len(chosen),
    )


def _trigrams(sentence: str) -> set:
    words = sentence.split()
    return {tuple(words[i:i + 3]) for i in range(len(words) - 2)}


def word_count(sentence: str) -> int:
    """Words of a sentence (normalized or raw): whitespace tokens with a letter or a digit, what a
    reader counts (punctuation left out)."""
    return sum(1 for token in sentence.split() if any(ch.isalnum() for ch in token))


# A sentence shorter than this, or one that leaves a bracket open, is a piece of a sentence: a
# heading ("methods ."), a caption or a line break inside a sentence ("... at week 2 ( p .")
MIN_SENTENCE_WORDS = 6
# The first token of the second half of a sentence: punctuation that only continues one, or a
# reporting verb whose subject, a citation, was cut out of the paper (", we found that ...",
# "showed that coenzyme q10 ..."; 3% of the sentences chosen from Cohan-format PubMed papers)
CONTINUATION_STARTS = frozenset({",", ";", ":", ".", ")", "]", "%", "showed", "found", "reported",
                                 "demonstrated", "observed", "suggested", "noted", "concluded", "described",
                                 "proposed", "indicated", "revealed"})
# ... or a finite verb whose subject the line before holds: a data set's line broken inside a sentence
# ("a novel systematic approach | was developed that ..."); a question may open so, and ends with "?"
PREDICATE_STARTS = frozenset({"was", "were", "is", "are", "has", "have", "had"})
_ENUMERATOR_RE = re.compile(r"\d{1,2}|[a-z]|[ivx]{1,4}|" + re.escape(NUMBER))
# ... or any verb in the past tense with its object or an adverb after it and no subject before it:
# the subject, an author's name, went with the citation ("evaluated the hiv false positive rate in
# ...", "detected significantly higher levels of pd ...", "identified twenty - four unique ..."; 32
# sentences of the 100 Cohan-format PubMed valid papers), or a sports report's player ratings under
# a name ("scored his seventh goal in 10 games ."). A participle is an adjective before a noun
# ("increased vascular endothelial growth factor ...", "transfected 293 t cells were ..."), and one
# that opens a side phrase has its main clause after a comma ("asked whether he would stay , jackson
# repeated himself ...").
# Determiners and small numbers: the first word of a noun phrase, so of a verb's object
DETERMINERS = frozenset({"the", "a", "an", "this", "these", "that", "those", "its", "their", "our", "his", "her",
                         "no", "both", "all", "each", "several", "many", "two", "three", "four", "five"})
OBJECT_STARTS = DETERMINERS | {"whether", "how", "what", "which", "six", "seven", "eight", "nine", "ten", "twenty"}
# a comma followed by one of these goes on with the same clause (", and the mean volume ..."); followed
# by anything else, a main clause may begin there
_SAME_CLAUSE_AFTER_COMMA = frozenset({"and", "or", "but", "which", "while", "whereas", "respectively", "as",
                                      "including", "such", "who", "where", "when", "with", "in", "than",
                                      "although", "because"})


def is_fragment(sentence: str) -> bool:
    """A piece of a sentence rather than one a reader can read alone: shorter than
    ``MIN_SENTENCE_WORDS``, a bracket left open or closed that it never opened, or the second half
    of a sentence (``CONTINUATION_STARTS``, ``PREDICATE_STARTS`` but in a question, a past-tense
    verb with its object and no subject, or a present-tense one, ``_present_verb_without_subject``) or its
    first half ("... by newman et al .", ``ends_with_authors``); in the normal form's lower case; a
    citation before it does not count, "<cit> , the virus was endemic ...": a summary cites nothing, so
    it would open with the comma)."""
    tokens = sentence.split()
    while tokens and tokens[0] == CITATION:
        tokens = tokens[1:]
    if word_count(sentence) < MIN_SENTENCE_WORDS or not tokens:
        return True
    return _leaves_bracket_open(tokens, "(", ")") or _leaves_bracket_open(tokens, "[", "]") \
        or tokens[0] in CONTINUATION_STARTS or (tokens[0] in PREDICATE_STARTS and tokens[-1] != "?") \
        or (tokens[0] in _COORDINATORS and len(tokens) > 1 and tokens[1].isalpha()
            and tokens[1] in CONTINUATION_STARTS) \
        or _predicate_without_subject(tokens) or _present_verb_without_subject(tokens) or ends_with_authors(sentence)


@functools.lru_cache(maxsize=65536)
def word_classes(word: str) -> frozenset:
    """The word classes lemminflect knows for a word (VERB, NOUN, ADJ, ...); none for an "-ing" form or a
    non-word."""
    if not word.isalpha() or word.endswith("ing"):
        return frozenset()
    return frozenset(lemminflect.getAllLemmas(word))


# what follows a present-tense verb that opens a line without its subject: its object's first word
_PRESENT_VERB_OBJECTS = frozenset({"the", "an", "this", "these", "its", "their", "our", "whether", "how"})
_AUXILIARIES_IN_S = frozenset({"is", "has", "does", "was"})  # they open a question ("is this it ?")


def _present_verb_without_subject(tokens: Sequence[str]) -> bool:
    """A present-tense verb in "-s" and its object's first word where the subject should be, not in a question: a
    line whose subject a formula held, which the data set removed ("represents the allele of the jth locus ...",
    "models a saturable process ..."): 7 lines of SumPubMed train papers 0-999 not passed over already; a plural
    noun is followed by no article (nor "a" as a label, "models a and b are similar")."""
    verb = tokens[0]
    return (len(tokens) > 2 and verb.endswith("s") and not verb.endswith("ss") and verb not in _AUXILIARIES_IN_S
            and (tokens[1] in _PRESENT_VERB_OBJECTS or tokens[1] == "a" and tokens[2].isalpha() and len(tokens[2]) > 1
                 and tokens[2] not in _COORDINATORS)  # not a label: "models a and b are similar"
            and "?" not in tokens[-2:] and "VERB" in word_classes(verb))


def _predicate_without_subject(tokens: Sequence[str]) -> bool:
    """A past-tense verb (after "and", "but" or "or" too: "or tried his fortunes elsewhere .") and its
    object or an adverb, with no main clause after a comma (``OBJECT_STARTS``: "reported an 81 %
    success rate ..."), or a fronted phrase whose main clause is such a verb and its object
    (``_fronted_predicate_without_subject``)."""
    if _fronted_predicate_without_subject(tokens):
        return True
    if tokens and tokens[0] in _COORDINATORS:  # the subject went with the line before
        tokens = tokens[1:]
    if not tokens:
        return False
    verb, after = tokens[0], tokens[1] if len(tokens) > 1 else ""
    if not _looks_past(verb):
        return False
    if not (after in OBJECT_STARTS or (after.endswith("ly") and len(after) > 4)):
        return False
    depth = 0
    for i, token in enumerate(tokens[:-1]):
        depth += (token in "([") - (token in ")]")
        after_comma = tokens[i + 1:i + 8]
        if token == "," and depth == 0 and after_comma[0] not in _SAME_CLAUSE_AFTER_COMMA \
                and not {"and", "or"} & set(after_comma[1:3]) and _opens_main_clause(after_comma):
            return False
    return True


_COORDINATORS = frozenset({"and", "but", "or"})


def _looks_past(word: str) -> bool:
    return word.endswith("ed") and len(word) > 4 and not word.endswith("eed")  # not "indeed", "speed"


# how far into a sentence the comma that ends a fronted phrase may stand
_FRONTED_PHRASE_REACH = 16
# a determiner that opens a verb's object (no numbers: "from then on , united nine men battled ...")
_OBJECT_DETERMINERS = DETERMINERS - {"two", "three", "four", "five"}


def _fronted_predicate_without_subject(tokens: Sequence[str]) -> bool:
    """A phrase a preposition, "to" or a subordinator opens (``normalize.FRONTING_WORDS``), a comma,
    then a past-tense verb and its object where the main clause's subject should be: "to obtain a
    unique solution , presented the development of ...", "in the presence of lundep , measured the
    ne release ..." (the data set cut the cited authors out, here at a line's end). 2 sentences of
    the 200 Cohan-format PubMed papers, none of 200 SumPubMed papers or 1,000 news articles."""
    if not tokens or tokens[0] not in normalize.FRONTING_WORDS:
        return False
    depth = 0
    for i, token in enumerate(tokens[:_FRONTED_PHRASE_REACH]):
        depth += (token in "([") - (token in ")]")
        if token == "," and depth == 0:
            verb, after = (list(tokens[i + 1:i + 3]) + ["", ""])[:2]
            return _looks_past(verb) and after in _OBJECT_DETERMINERS and CLAUSE_WORDS.isdisjoint(tokens[:i])
    return False


def _opens_main_clause(words: Sequence[str]) -> bool:
    """Whether the words after a comma open the main clause of a side phrase before it: a subject
    and its verb, a past form or one that attributes a quotation ("... , jackson repeated himself",
    "... , the blogger wrote that ..."); not a list's last items ("of clinical , epidemiological and
    genetic studies") nor a relative clause ("... women , most of whom were hispanic")."""
    return any(word in normalize.ATTRIBUTING_VERBS or (word.endswith("ed") and len(word) > 3) for word in words[1:])


# what a list's item label follows: the sentence's start or the end of the item before ("phases : 1 )
# hemostasis , 2 ) inflammation and 3 ) repair"); where no label follows one of these, a number and
# its bracket are what is left of a bracket whose opening a data set lost with the text in it
# ("... stimulus interference × <dig> ) , and response interference × <dig> ) .")
_BEFORE_AN_ITEM_LABEL = frozenset({":", ";", ",", ".", "and", "or", "--", "-"})


def _numbers_items(tokens: Sequence[str], closing: str) -> bool:
    """Whether a sentence numbers a list's items with closing brackets, "1 )", "<dig> )", "ii )": one
    such label at its start or after ``_BEFORE_AN_ITEM_LABEL`` (then the first may follow a verb too:
    "the aims were 1 ) to map the genes and 2 ) to count ...")."""
    return any(token == closing and i and _ENUMERATOR_RE.fullmatch(tokens[i - 1])
               and (i == 1 or tokens[i - 2] in _BEFORE_AN_ITEM_LABEL) for i, token in enumerate(tokens))


def _leaves_bracket_open(tokens: Sequence[str], opening: str, closing: str) -> bool:
    """A bracket opened and not closed, or closed where none was opened ("shorthorn ) that has ...":
    the line before held its opening)."""
    numbered = _numbers_items(tokens, closing)
    depth = 0
    for i, token in enumerate(tokens):
        if token == closing and depth == 0 and numbered and i and _ENUMERATOR_RE.fullmatch(tokens[i - 1]):
            continue  # "phases : 1 ) hemostasis , 2 ) inflammation": a list's items, numbered
        depth += (token == opening) - (token == closing)
        if depth < 0:
            return True
    return depth > 0


# How a sentence ends in the raw text: a stop, then quotes (a closing one, or the next sentence's
# opening one that the splitter left here) or closing brackets. The normal form closes every line
# with a stop, so only the raw text tells a heading from a sentence.
_RAW_SENTENCE_END = re.compile(r"[.!?\u2026][\s\"'`\u2018\u2019\u201c\u201d)\]]*$")


# What follows "fig. 3" or "table 2" in a paper's own sentence ("fig. <dig> shows ...", 95% of the
# SumPubMed valid sentences that open so); any other word opens a caption's title ("fig. <dig>
# growth of the mutant strains at two temperatures .")
FIGURE_FOLLOWERS = frozenset({
    "shows", "show", "showed", "shown", "illustrates", "summarizes", "summarises", "depicts", "displays", "lists",
    "presents", "present", "provides", "gives", "is", "are", "was", "were", "demonstrates", "compares", "reports",
    "represents", "plots", "outlines", "indicates", "reveals", "contains", "highlights", "details", "documents",
    "emphasizes", "compiles", "relates", "also", "and", "clearly", "further", "finally", "b", "c", "d", "e", ",",
})
_FIGURE_OPENING = re.compile(r"^(?:figs?|figures?|tables?)\s*\.?\s+(?:" + re.escape(NUMBER) + r"|\d+)\w*\s+(\S+)")
# A panel's legend opens with the panel's letter ("c staining of the roots after a week ."); "a"
# is an article, and a few words after a letter make a sentence of the body ("t cells", "c elegans")
PANEL_LETTERS = frozenset("bcdefgh")
NOT_AFTER_PANEL_LETTER = frozenset({"cell", "cells", "elegans", "is", "are", "=", "-", ",", ".", "#"})  # "c #": C#
# The letter "a" is a panel's (or a table's footnote mark) before a plural noun and the word that
# follows a subject or a head noun ("a spores of py <dig> ... strains were incubated ...", "a values
# in brackets represent ..."), not before a singular noun in -s ("a series of", "a locus on") or an
# acronym ("a pls model", "a nls has"): 5 lines of SumPubMed train papers 0-999 not passed over
# before (all legends or footnotes), none of the 200 Cohan-format papers'.
_SINGULAR_IN_S = frozenset({"series", "species", "means", "news", "lens", "physics", "kinetics", "dynamics",
                            "genetics", "statistics", "headquarters", "crossroads", "diabetes", "measles"})
_AFTER_A_PANELS_NOUN = frozenset({"of", "in", "from", "with", "at", "on", "for", "were", "are", "was", "have"})
# ... and before a determiner, which no article precedes ("a the ratio was calculated by dividing ...", "a an
# unrooted tree built using phylip"): 12 lines of SumPubMed train papers 0-999 not passed over before, all legends
# or footnotes
_DETERMINERS_AFTER_A_PANEL = frozenset({"the", "a", "an", "this", "these"})
# ... and before a word that opens with a vowel sound, which "an" would precede ("a interactions between the top
# ranked compounds and active site residues ...", "a e. coli has no putative homologues ..."): 8 lines of SumPubMed
# train papers 0-999 not passed over before, legends, footnotes and a matrix's name; not before a word that opens
# with a "y" sound ("a eukaryotic", "a one") or a list's "and" ("a and b represent ...")
_VOWELS_AFTER_A_PANEL = ("a", "e", "i", "o")
_NOT_A_VOWEL_SOUND = ("eu", "ew", "one", "once")
_JOINS_A_PANEL = frozenset({"and", "or"})


def _opens_with_panel_a(tokens: Sequence[str]) -> bool:
    """Whether a line's words open with the panel letter "a" before a plural noun, a determiner or a vowel
    (above)."""
    if len(tokens) > 2 and tokens[0] == "a" and (tokens[1] in _DETERMINERS_AFTER_A_PANEL or (
            tokens[1].startswith(_VOWELS_AFTER_A_PANEL) and not tokens[1].startswith(_NOT_A_VOWEL_SOUND)
            and tokens[1] not in _JOINS_A_PANEL)):
        return True
    if len(tokens) < 3 or tokens[0] != "a" or tokens[2] not in _AFTER_A_PANELS_NOUN:
        return False
    noun = tokens[1]
    return (noun.isalpha() and len(noun) > 3 and noun.endswith("s") and noun not in _SINGULAR_IN_S
            and not noun.endswith(("ss", "us", "is", "os", "as", "ics")))


# Where a data set cut a bracket or a reference out of a paper, a preposition is left before the
# space where it was and a stop or a comma ("with the estimator in , we imputed ..."; a writer's
# own "zooming in, the bases become visible" has no space; at a line's opening, where no writer's is, with or without
# one: "in, g. arboreum, <dig> non-redundant transcripts are available ..."), or a caption runs into the sentence
# before it ("... in both strains.figure 4 time course of ..."), or a preposition is left before
# "and" and a verb ("the method was introduced in and demonstrated in ..."; "in and out", "by and
# large" have none), or an equation's values went and left their "=" ("the parameters are = and the
# initial values are = and =."; 29 lines of SumPubMed train papers 0-1,499, all cut; 2 of the 200
# Cohan-format papers hold a "( =)" symbol, which stays), or a list's items went and left their commas
# ("deposited under the accession numbers , , and .", "two of the genes, and , were strain-specific .", "... in
# eqs. and ."; only before a verb after "and ,": a tokenized paper writes "and , perhaps ,"): 76 lines of
# SumPubMed train papers 0-1,499 not passed over before, the 36 read all words lost or a doubled comma where a
# bracket went; 8 of the 200 Cohan-format papers' 16,896, Greek letters lost (", ,-unsaturated aldehydes"). Or a
# figure's or table's labels went and left its name before "and" or its verb ("fig. and show that the normal
# granger method ...", "table shows the statistics regarding ...": read blind, counted a subject that does not parse).
# Tokenized news spaces every comma ("what i am capable of , driving"), so only a masked paper's sentences
# are tested.
_CUT_TEXT = re.compile(r"\b(?:in|of|by|from|at|see|than|on|to|with|between|including)\s+(?:[,;)]|\.\s*$)"
                       r"|^\s*(?:in|of|by|from|at|on|to|with|between)\s*[,;]"
                       r"|,\s+,|\b(?:and|or)\s+(?:\.\s*$|,\s*(?:were|are|was|is|have|has|had)\b)"
                       r"|\b(?:in|by|from|see)\s+and\s+\w+ed\b"
                       r"|(?<![<>!=(])(?<!\( )=\s*(?:(?:and|or)\b|[,;:)]|\.(?:\s|$))"
                       r"|[a-z)]\.(?:figs?|figures?|tables?)\b"
                       r"|(?:^|[,;(]\s*|\b(?:in|see|of)\s+)(?:figs?\.\s*and\b|(?:figs?\.?|figures?|tables?)\s+"
                       r"(?:shows?|illustrates?|depicts?|summari[sz]es|lists|presents)\b)", re.IGNORECASE)


def is_caption(sentence: str) -> bool:
    """A figure's or table's caption title, or a panel's legend, in the normal form: it opens
    with the figure's name and number and no verb follows ("fig. <dig> growth of the mutant
    strains ..."), or with a panel letter ("d yield of the three lines in the field ."; "a" before
    a plural noun, ``_opens_with_panel_a``: "a spores of ... were incubated ..."), or two
    titles run together (``_titles_in_a_row``), an image's description after a colon
    (``_describes_an_image``), or a figure's legend by its words (``_LEGEND_RE``: "error bars
    indicate se ( n = 120 per treatment ) dual choice assays of ...", "scale bars = 100 m ."), or a
    table's footnote of significance marks (``_SIGNIFICANCE_MARKS_RE``: "* p < <dig> ; ** p < <dig> ."). Of
    the sentences a chooser took from SumPubMed valid papers 0-499 at 200 words, 0.6% were these;
    blind readers counted every one broken."""
    tokens = sentence.split()
    figure = _FIGURE_OPENING.match(sentence)
    if figure:
        return figure.group(1) not in FIGURE_FOLLOWERS
    return (len(tokens) > 1 and tokens[0] in PANEL_LETTERS and tokens[1] not in NOT_AFTER_PANEL_LETTER) \
        or _opens_with_panel_a(tokens) or _titles_in_a_row(tokens) or _describes_an_image(tokens) \
        or _LEGEND_RE.search(sentence) is not None or _SIGNIFICANCE_MARKS_RE.search(sentence) is not None


# a panel's label in brackets and the word before it: "involvement ( a )", "as in (b)"
_PANEL_LABEL_RE = re.compile(r"(?:(?P<before>[^\W\d_]+)\s*)?\(\s*(?P<label>[a-h])\s*\)")
_POINTING_WORDS = frozenset({"in", "of", "to", "from", "with", "than", "see", "and", "or"})


# A sentence whose only statement is where something is shown ("two comparisons are shown in figure 3 .",
# "the results are summarized in table 2 ."): a short subject, a passive verb of showing, the reference
_POINTS_ONLY_RE = re.compile(
    r"^(?:\S+\s+){1,8}(?:is|are|was|were)\s+(?:\w+ly\s+)?(?:shown|presented|given|listed|summari[sz]ed|depicted|"
    r"illustrated|displayed|provided|plotted|detailed|reported|tabulated|outlined)\s+(?:in|on)\s+(?:the\s+)?"
    r"(?:figs?\s*\.?|figures?|tables?|additional\s+files?|supplementary\s+(?:figures?|tables?|files?))\s*"
    r"(?:" + re.escape(NUMBER) + r"|s?\d+)\w*(?:\s*(?:[a-h]|and\s+\S+|-\s*\S+))?\s*\.?$"
    # or where it was described: in a cited work ("the generation of the probe was described previously
    # <cit> .", "the genome assemblies were first reported in <cit> ."; without the citation, which a
    # summary drops, "... were first reported ." reads cut) ...
    r"|^(?:\S+\s+){1,8}(?:is|are|was|were|has\s+been|have\s+been)\s+(?:\w+ly\s+|first\s+|already\s+)?"
    r"(?:reported|described|published|presented|detailed|outlined|reviewed)\s+(?:\w+ly\s+)?(?:in\s+|by\s+|elsewhere\s+)?"
    r"(?:" + re.escape(CITATION) + r"\s*)+\.$"
    # ... or, after a longer subject with no clause of its own, in which work ("a host - fungus interaction model
    # incorporating data into ... is presented in <cit> ." would present the model as this paper's)
    r"|^(?:[^\s,;:]+\s+){1,40}(?:is|are|was|were|has\s+been|have\s+been)\s+(?:\w+ly\s+|also\s+)?"
    r"(?:described|presented|detailed|outlined|reviewed|given|discussed)\s+(?:in|by|elsewhere\s+in)\s+"
    r"(?:" + re.escape(CITATION) + r"\s*)+\.$"
    # ... or that sends the reader to a figure, table or file ("see figure <dig> for the description of the
    # conversions performed by each application ."; read blind, counted a caption)
    r"|^see\s+(?:the\s+)?(?:figs?\s*\.?|figures?|tables?|additional\s+files?|supplementary\s+\S+)\s")


# a sentence that announces what the next ones list: "the high - quality assemblies consist of two
# categories .", "the pipeline consists of four steps .", "... were classified into <dig> groups as follows :"
_ANNOUNCES_A_LIST_RE = re.compile(
    r"\b(?:consists?|consisted|comprises?|comprised|composed|divided|classified|grouped|categori[sz]ed|split|falls?|fell)"
    r" (?:of|into|in) (?:the )?(?:following )?(?:two|three|four|five|six|seven|eight|nine|ten|several|"
    + re.escape(NUMBER) + r")(?: [\w-]+)? (?:categories|types|groups|classes|parts|steps|stages|phases|ways|kinds|"
    r"sets|components|modules|subgroups|levels) \.$"
    r"|\b(?:as follows|the following) [.:]$"
    r"|^there (?:are|were) (?:two|three|four|five|six|several|" + re.escape(NUMBER) + r") (?:main |major |different |"
    r"distinct )?(?:categories|types|groups|classes|kinds|ways|steps|stages|phases) of [^,;:]* \.$")


def announces_a_list(sentence: str) -> bool:
    """Whether a line in the normal form only announces a list that the next lines hold
    (``_ANNOUNCES_A_LIST_RE``: "... consists of four steps .", "there are two categories of qssa
    possibilities ."): a summary that takes it without them says that there are "two categories"
    and never which. Of the 3,608 sentences of the papers chooser's summaries of
    SumPubMed valid papers 0-499, one ("the kmfa pipeline consists of four steps ."); read blind, one
    such sentence broke a rewritten summary. Papers only, as the legends' test."""
    return _ANNOUNCES_A_LIST_RE.search(sentence) is not None


# a list that a colon opens with its first item ("... two reasons : first , the ab strain ...", "... the
# following conclusions : firstly , ...", "... two hypotheses : i ) the lack of ...", "... three exemplars of
# problems with such comparison : - there are ...", its later items the next lines' bullets, "... needs common to
# analytical workflows : • flexibility in structuring ..."), and what marks a later item ("second", "ii )", "b )"; a
# masked paper's items are "<dig> )" each; a bullet again)
_LIST_BULLETS = "•◦▪‣"  # (not the middle dot, a product's sign in "mg · kg")
_LIST_FIRST_ITEM_RE = re.compile(r" : (?:first(?:ly)? |- [a-z]|[" + _LIST_BULLETS + r"] |(?:\( )?(?:1|i|a|"
                                 + re.escape(NUMBER) + r") \) )"
                                 # a labelled item after a semicolon or a comma ("the objectives of the present study
                                 # were ; <dig> ) to investigate ...", the next items in the next lines)
                                 + r"| [;,] (?:\( )?(?:1|i|" + re.escape(NUMBER) + r") \) ")
_LIST_LATER_ITEM_RE = re.compile(r"\b(?:second(?:ly)?|then|finally)\b|(?:^| )(?:\( )?(?:2|ii|b|" + re.escape(NUMBER)
                                 + r") \)| [" + _LIST_BULLETS + "] ")


def cuts_a_list(sentence: str) -> bool:
    """Whether a line in the normal form opens a list after a colon and holds only its first item
    (``_LIST_FIRST_ITEM_RE``, and no later one after it: ``_LIST_LATER_ITEM_RE``): "we chose to use the
    ab strain for two reasons : first , the ab strain is widely used ...", whose second reason is the
    next line. A reader of a summary that takes it counts a list cut after its first item as
    broken. 76 lines of SumPubMed train papers 0-1,499 (14 of the 16 read cut lists, the other two a
    definition and a list of citations). A first item after a dash ("... : - there are more than <dig> genes ...",
    the next items the next lines, each after its dash): 6 more lines of train papers 0-999, three of them lists
    and three a serotype's formula ("s. iiia <dig> : z <dig> z23 : - harbors ..."). A first item after a bullet
    ("we identify needs common to analytical workflows in bioinformatics : • flexibility in structuring and
    modelling .", read blind as a list's piece): 40 more lines of train papers 0-999, all lists. A labelled item
    after a semicolon or a comma and no later one ("the objectives of the present study were ; <dig> ) to investigate
    the genetic architecture of ... .", read blind as a list cut after its first item; a masked label also stands for
    a later item, "... ; <dig> ) a miscellaneous syndrome ; ..."): 4 more lines of train papers 0-999, all a list's
    pieces. Papers only."""
    first = _LIST_FIRST_ITEM_RE.search(sentence)
    return first is not None and _LIST_LATER_ITEM_RE.search(sentence, first.end()) is None


# a figure's or a table's legend run into the sentence before it after a glued stop ("... across cell
# lines .figure <dig> overlap between active genes and gene annotations ...")
_LEGEND_RUN_IN_RE = re.compile(r"(?:^| )\.(?:figs?|figures?|tables?)\b")


def runs_a_legend_in(sentence: str) -> bool:
    """Whether a line of a paper in the normal form runs a figure's or a table's legend into its
    sentence (``_LEGEND_RUN_IN_RE``, "... using blast .table <dig> sequenced inserts , gene name and
    protein product ."). 30 lines of SumPubMed train papers 0-1,499, all legends run in. (A
    figure's bare name after the stop at a line's end is masking's to remove: ``masking.mask``.)
    Papers only."""
    return _LEGEND_RUN_IN_RE.search(sentence) is not None


# a stop glued between two words of three letters or more ("... at parental conditions.network view of ..."), or
# before one of the two-letter words that open sentences ("... of both modeling approaches.we used a diagonal ..."), not
# in quotes and not before what names a program's function ("the ' find.clusters ' function", "the find.region
# function")
_GLUED_STOP_RE = re.compile(r"(?:^|(?<!['\"]) )(?P<last>[a-z]{3,})\.(?P<first>[a-z]{3,}|we|it|in|to)"
                            r"(?= (?!['\"]|function\b|command\b|package\b))")
# the endings of a file's, a program's or a site's name ("xppaut model.ode", "bioconductor.org"), and the verbs a
# program's function is named by ("find.clusters calculates ...", "read.table")
_NAME_ENDINGS = frozenset({"ode", "out", "log", "txt", "csv", "dat", "exe", "org", "com", "net", "edu", "gov"})
_FUNCTION_NAME_VERBS = frozenset({"find", "read", "write", "get", "set", "load", "plot", "run"})


def runs_on_at_a_glued_stop(sentence: str) -> bool:
    """Whether a line of a paper in the normal form runs the next sentence or a figure's title into its sentence at
    a stop glued between two words the lexicon knows (``_GLUED_STOP_RE``): "note for figure 3b only those genes are
    depicted for which ... greater than the average ge values at parental conditions.network view of <dig> <dig> and
    <dig> putative drug - resistant cross-talks ...", read blind as two run together; not a file's or a site's name
    (``_NAME_ENDINGS``) or a function's (``_FUNCTION_NAME_VERBS``: "find.clusters calculates ..."). 5 lines of
    SumPubMed train papers 0-999 not passed over before ("... with the cancer phenotype.workflow of our integrative
    framework ."), 5 of valid papers 0-499 ("... the gc content.second , for each gc percentage , we ...") and 10 of
    the 200 Cohan-form papers ("... among degree college female students.there will be ..."), all two run together."""
    return any(match.group("first") not in _NAME_ENDINGS and match.group("last") not in _FUNCTION_NAME_VERBS
               and word_classes(match.group("last"))
               and word_classes(match.group("first")) for match in _GLUED_STOP_RE.finditer(sentence))


# a pointer, then the next sentence's lead phrase, which names a figure or table again, where the splitter ended a
# masked paper's sentence at the wrong lost stop: "... and the results are shown in figure <dig> in figure <dig> |
# the first four groups represent ...", "... are shown in figure <dig> from figure <dig> | ..."
_POINTER_NAME = r"(?:figs?\.?|figures?|tables?|(?:additional )?files?)(?: s)?"
_NEXT_SENTENCES_POINTER_RE = re.compile(
    rf"\b{_POINTER_NAME} {re.escape(NUMBER)}(?: (?:,|and) (?:s )?{re.escape(NUMBER)})* "  # "figures <dig> and <dig>"
    rf"(?:in|from|as seen in|as shown in) {_POINTER_NAME} {re.escape(NUMBER)}$")


def ends_with_the_next_sentences_pointer(sentence: str) -> bool:
    """Whether a line of a masked paper in the normal form ends, with no stop, on a pointer and then on the lead
    phrase of the next sentence (``_NEXT_SENTENCES_POINTER_RE``): the data set lost the stop after the first
    pointer's number, and the splitter cut after the second. 9 lines of SumPubMed train papers 0-999 (not "...
    and egr <dig> as shown in figure <dig>", whose first number names a gene). Papers only."""
    return _NEXT_SENTENCES_POINTER_RE.search(sentence) is not None


# how a figure's or table's values are given: "data are expressed as mean ± sd .", "values are means ± s.d. of
# three replications .", "the results are the means of measurements for at least <dig> leaves ."
_HOW_VALUES_ARE_SHOWN_RE = re.compile(
    r"(?:^|; )(?:all\s+)?(?:the\s+)?(?:data|values|results|bars|error\s+bars|each\s+value)(?:\s+[a-z]+){0,3}\s+"
    r"(?:are|were|is|was|represent|represents)\s+(?:presented\s+|expressed\s+|shown\s+|given\s+|reported\s+|"
    r"plotted\s+|displayed\s+)?(?:as\s+)?(?:the\s+)?(?:means?|average|medians?|standard\s+(?:deviations?|errors?)|"
    r"s\.?d\.?|s\.?e\.?m?\.?)(?!\w)")
# ... what a table's brackets hold ("standard deviations are shown within parentheses .", "associated errors of
# accuracy estimates are presented in brackets .") or which column holds what ("the second column is the gene
# description .", "the last columns indicate the number of tested dyads ...")
_WHAT_BRACKETS_HOLD_RE = re.compile(
    r"\b(?:is|are|were) (?:shown|given|indicated|presented|listed|reported) (?:with)?in (?:parentheses|brackets)\b")
_TABLE_COLUMNS_RE = re.compile(
    r"^the (?:first|second|third|fourth|fifth|last|(?:far )?left|(?:far )?right|middle|next)(?: two| three)? columns? ")
# ... or how a table sets some of its values apart in type ("fold change > <dig> are in bold print .", "conserved motifs
# and cysteine residues were underlined ."); not in colour, which a sentence may state of a plant ("all these parts of
# plant are green .")
_TYPESET_RE = re.compile(r"\b(?:are|is|were|was) "
                         r"(?:(?:shown|given|highlighted|marked|indicated|printed|typed|written) )?(?:in )?"
                         r"(?:bold(?: ?face| print| font| type)?|italics?|underlined)(?= [.,;]|$)")


def states_how_values_are_shown(sentence: str) -> bool:
    """Whether a line in the normal form says only how a figure's or table's values are given
    (``_HOW_VALUES_ARE_SHOWN_RE``: "data are expressed as mean ± sd .", "values represent mean ± sd of
    representative experiments ."): a legend's or a method's convention, which a summary without the figure
    has no use for, and read blind, "data were presented as mean ± sem ." was counted a legend given as a
    sentence. 162 lines of SumPubMed train papers 0-1,499 (101 not passed over before, the 30 read all such
    conventions). A table's footnote gives it after its other notes and a semicolon ("at each re-sampling , sep
    was calculated with top - ranked genes ; values presented were the medians summarized from <dig> re-samplings
    ."): 1 more of train papers 0-999. What the values' brackets or bars give ("values in parentheses represent
    standard deviations ."): none more in train papers 0-999, one in a summary read blind. What a table's brackets
    hold (``_WHAT_BRACKETS_HOLD_RE``) and which of its columns holds what (``_TABLE_COLUMNS_RE``), both read blind as a
    table's caption given as a sentence: 9 and 12 more lines of train papers 0-999, all a legend's or a table's. Which
    values are set in bold, italics or underlined (``_TYPESET_RE``: "fold change > <dig> are in bold print .", read
    blind as a table's footnote): 12 more lines of train papers 0-999, all footnotes ("conserved motifs and
    cysteine residues were underlined .", "genes were bold face .")."""
    return (_HOW_VALUES_ARE_SHOWN_RE.search(sentence) is not None or _WHAT_BRACKETS_HOLD_RE.search(sentence) is not None
            or _TABLE_COLUMNS_RE.search(sentence) is not None or _TYPESET_RE.search(sentence) is not None)


def points_only(sentence: str) -> bool:
    """Whether a line in the normal form says only where something is shown, in a figure or table
    the summary does not have, or in a cited work (``_POINTS_ONLY_RE``: "two comparisons are shown in figure <dig> ",
    "the results are summarized in table 2 ."; not "the values in table 2 were used in all runs ."
    or "table 2 shows that ...", which state something). Of the 186,200 sentences of SumPubMed's
    1,000 valid papers 151 are these (25 read, all pointers: "the results are given in table <dig>",
    "a schematic drawing of the two proteins is shown in figure 1a ."); of the 200 Cohan-form PubMed
    papers' 20,283, 7; of 2,000 CNN/DailyMail valid articles', none. Those that say only that something
    was described in a cited work ("pcdna - rel has been described previously <cit> ."): 29 of SumPubMed
    train papers 0-1,499; read blind, "the genome assemblies were first reported ." (its citation
    dropped for the reader) was counted a sentence with words missing. After a longer subject with no comma,
    those that say in which work it was presented, given or described ("a host - fungus interaction model
    incorporating data into ... is presented in <cit> ."; read blind, counted unsupported): 6 more of train papers
    0-999, all pointers to another work. Those that send the reader to a figure, table or file ("see table <dig> for
    the parameter definition ."): 14 more of train papers 0-999, all pointers."""
    return _POINTS_ONLY_RE.match(sentence) is not None


# what a figure's legend says of its drawing: a mark and its look ("homologs are indicated by gray bars .",
# "a dotted red line indicates the homologous position ...", "the black solid line is based on all
# subjects ..."), a panel by its place ("the panel below shows simplified geology ."), or a legend's key
# or note ("key : a = associated ; na = non-associated .", "note : data are presented as means ± sem ..."), or
# what its marks show, and where is left to the figure ("representative images are shown .", "the
# target sequences where primers could not be designed are highlighted .")
_DRAWING_LOOKS = ("red|blue|green|black|gr[ae]y|white|yellow|orange|purple|pink|brown|cyan|magenta|violet|open|filled|"
                  "closed|solid|dashed|dotted|shaded|hatched|thick|thin|horizontal|vertical")
_DRAWING_MARKS = ("bars?|lines?|circles?|squares?|triangles?|dots?|box(?:es)?|arrows?|arrowheads?|symbols?|columns?|"
                  "curves?|diamonds?|stars?|rectangles?|sticks|area")
# the marks a legend's key says stand for something, and the words before them that make a line the text's reading of
# its own values instead ("these numbers ...", "high values indicate ...", "the two cell lines ...")
_KEY_MARKS = "numbers|letters|symbols|asterisks|arrows|arrowheads|lines|bars|boxes|circles|dots|colou?rs|shading"
_NO_KEYS_MODIFIERS = "these|those|this|such|cell|high|low|higher|lower|positive|negative|smaller|larger"
_LABEL_OR_NUMBER = rf"(?:{re.escape(NUMBER)}|\d+|[a-z])"  # a lane's or a column's: "lane <dig>", "column b"
_DRAWING_RE = re.compile(
    rf"\b(?:{_DRAWING_LOOKS})(?: (?:{_DRAWING_LOOKS}))? (?:{_DRAWING_MARKS})\b"
    r"|\b(?:left|right|upper|lower|top|bottom|middle) (?:- (?:left|right) )?panels?\b|\bpanels? (?:below|above)\b"
    r"|^(?:key|note|abbreviations) :"
    # or what a panel shows, the panel the sentence's subject ("panel a of figure <dig> shows a heat map of ...",
    # "panels a-d show mosquito - derived l <dig> after <dig> hours .")
    r"|^panels? [a-h](?:-[a-h])?(?: (?:and|to|-|–|,) [a-h])*(?: (?:of|in) (?:figs?\.?|figures?) \S+)? "
    r"(?:shows?|depicts?|illustrates?|displays?|presents?|gives?|summari[sz]es?)\b"
    # or a gel's lane, a table's column or row ("lane <dig> shows the <dig> bp dna ladder .", "columns <dig> and <dig>
    # indicate the standardized additive effect ...")
    rf"|^(?:lanes?|columns?|rows?|tracks?) {_LABEL_OR_NUMBER}(?: (?:and|to|-|–) {_LABEL_OR_NUMBER})? "
    r"(?:shows?|represents?|indicates?|depicts?|corresponds? to|contains?|denotes?)\b"
    # or coloured marks or blocks, not dots, which a patient may see ("... lightning flashes and coloured dots ...")
    r"|\bcolou?red (?:blocks?|arrows?|circles?|box(?:es)?|bars?|lines?|squares?|triangles?)\b"
    r"|\bcolou?red dots (?:indicate|represent|show|denote|mark)\b"  # dots that stand for something
    # or marks, numbers, letters or shading that stand for something, the line's subject ("the cc numbers indicate the
    # protein identification number in the c. crescentus genome .", "boxes and lines indicate exons and introns ,
    # respectively .", "shading indicates the degree of conservation ."); not what the text's own values say ("high cq
    # values indicate that ...", "these numbers ...")
    rf"|^(?:the |different )?(?:(?!(?:{_NO_KEYS_MODIFIERS})\b)[a-z0-9-]+ ){{0,2}}(?:{_KEY_MARKS})"
    rf"(?: and (?:[a-z]+ )?(?:{_KEY_MARKS}))? (?:indicates?|represents?|denotes?|corresponds? to)\b(?! that)"
    # or a tree's branches and what stands at them ("branch lengths are drawn to scale ...", "the numbers at the branch
    # points indicate the bootstrap values ...")
    r"|^(?:the )?branch lengths? (?:are|is|were|represents?|indicates?|corresponds?|reflects?)\b"
    r"|^(?:the )?(?:numbers|values) (?:at|on|above|below|next to|beside) (?:the )?(?:nodes|branches|branch points)\b"
    # or the columns or rows of a table that hold something ("for each model , the number of metabolites ... are
    # indicated in columns a-d .")
    r"|\b(?:is|are|were|was) (?:shown|indicated|given|listed|reported|presented) in (?:columns?|rows?|lanes?) "
    rf"{_LABEL_OR_NUMBER}"
    # or the specimen a figure pictures, named before the sentence's subject ("in the unpurified tonsil cell suspension
    # shown , there were ...", "in l <dig> , l <dig> and l <dig> animals shown , vule and vulf cells have not fused .")
    r"|^in (?:(?!\b(?:as|we|it|they|is|are|was|were|has|have|been)\b)[^;]){1,80}? (?:shown|pictured|depicted) ,"
    r"|\b(?:is|are) (?:also )?(?:shown|indicated|depicted|highlighted|marked|boxed|circled|underlined|labell?ed|colou?red|"
    r"listed) \.$"
    # or the mark that stands for something ("sample locations are indicated by a circle or a star ...")
    r"|\b(?:is|are|were|was) (?:shown|indicated|marked|represented|depicted|denoted|highlighted|symboli[sz]ed) "
    rf"(?:by|with) (?:an? )?(?:(?:{_DRAWING_LOOKS}) )*(?!area\b)(?:{_DRAWING_MARKS})\b"
    # or where in the figure something is ("marker names are shown on the right .", "the positions of the mass markers
    # are indicated on the left .", "color designations are shown at the bottom right .")
    r"|\b(?:is|are|were|was) (?:shown|indicated|given|listed|marked|labell?ed|depicted|displayed|presented) (?:on|at|in) "
    r"the (?:(?:top|bottom|upper|lower) )?(?:right|left|top|bottom)\b"
    # or what a drawing highlights in a colour, wherever the line says it ("the processes highlighted in yellow represent
    # the model creation cycle : ...")
    rf"|\b(?:highlighted|shaded) in (?:{_DRAWING_LOOKS})\b"
    # or the figure or table the line belongs to, in a legend's own words ("... are shown in this table .", "this
    # figure shows that the average sequence identity in bin <dig> is ..."): the text says "table <dig>"; not "this
    # figure" that is a number ("this figure suggests that ~ <dig> % of genes ..."), nor a panel of markers or a
    # genome's graphs
    r"|\b(?:this|these) tables?\b|\b(?:in|of|from) this (?:figure|plot|graph)\b"
    r"|\bthis (?:figure|plot|graph) (?:shows|depicts|illustrates|displays|presents|reveals|summari[sz]es)\b"
    r"|\bthese (?:plots|graphs) (?:show|depict|illustrate|display)\b"
    # or the type or colour a table or a drawing marks something with ("significant p - values are highlighted in bold
    # .", "cahsf proteins are marked in red .")
    rf"|\b(?:is|are|were|was) (?:\w+ly )?(?:shown|indicated|marked|highlighted|printed|given|written|labell?ed|colou?red|"
    rf"displayed|depicted|presented|represented|typed|set|reported) (?:in|with|by) (?:bold|italics?|boldface|underline|"
    rf"asterisks?|{_DRAWING_LOOKS})(?: (?:type|typeface|face|font|letters|colou?r|text))?"
    rf"(?: and (?:underlined|italics?|bold|{_DRAWING_LOOKS}))? \.$")


def describes_a_drawing(sentence: str) -> bool:
    """Whether a line of a paper in the normal form tells what a figure's drawing shows
    (``_DRAWING_RE``): a legend's line, or a sentence of the text that reads the figure for a
    reader who has it; a summary has no figure. Of the 28,696 sentences of 200 SumPubMed train
    papers not passed over already, 0.3% (40 read: all of them legends or readings of a figure's
    marks, but "the red vertical line in the dendrogram cuts the chains into <dig> large clusters",
    which states a result by its drawing); of SumPubMed train papers 0-1,499, 194 lines more end on
    what the figure's marks show ("... are shown .", "... is underlined ."), the 12 read all legends (and 7 more of
    train papers 0-999 and 2 of the Cohan-form papers with "also": "variation attributed to each component is also shown
    ."; read blind, counted a legend's fragment);
    and 19 that end on what a table lists ("marker coordinates are listed ."); and 79 more that end on the type
    or colour a table or drawing marks something with ("significant p - values are highlighted in bold .",
    "identical residues are shown in blue ."; the 30 read all legends), and 23 that say where in the figure
    something is ("marker names are shown on the right ."; all legends), and 20 whose subject is a panel ("panel a
    shows a heat map of ..."; read blind, "panels a-d show mosquito - derived l <dig> after <dig> hours ." was
    counted a legend's fragment), and 11 of train papers 0-999 that say which mark stands for something ("sample
    locations are indicated by a circle or a star ...", "males are represented by squares , females by circles .";
    all legends but one sentence of the text that reads its figure's stars), and 10 whose subject is a gel's lane or
    a table's column or row ("lane <dig> shows the <dig> bp dna ladder ."; all legends), and 4 that name coloured marks
    or blocks ("colored blocks indicate similar genome regions ..."; three legends and a sentence that reads its
    figure's green line; not coloured dots, which a patient sees, unless they stand for something: "colored dots
    indicate log <dig> fold change > <dig> ...", 1 more); a tree's branch lengths and the numbers at its
    branches ("branch lengths are estimated by amino acid substitutions per site .") took none that other tests did not;
    a phrase fronted before the subject that names the specimen pictured ("in the unpurified tonsil cell suspension
    shown , there were ...") took 1 more, a legend; and what a table's columns or a gel's lanes hold ("... the number
    of metabolites ... are indicated in columns a-d .", "the initial feedstock ... is given in lane <dig> as reference
    .") 1 more, a legend; what a drawing highlights or shades in a colour, wherever the line says it ("the processes
    highlighted in yellow represent the model creation cycle : ..."; read blind, counted a legend's sentence) 15 more of
    train papers 0-999, legends and lines that read a figure; the figure or table the line belongs to, named in the
    legend's own words ("... are shown in this table .", "this figure shows that ...", "from this plot , ..."; read
    blind, counted a table's caption given as a sentence) 28 more of train papers 0-999, all legends or lines that read
    a figure or table the summary does not have; marks, numbers or letters that stand for something, the line's subject
    ("the cc numbers indicate the protein identification number in the c. crescentus genome ."; read blind, counted a
    table's legend given as a sentence), 12 more of train papers 0-999 and 7 of valid papers 0-499, all legends.
    Papers only: in news, "red line" is a limit."""
    return _DRAWING_RE.search(sentence) is not None


# what a line of a paper may open with and still read as a sentence: a quotation or a bracket, a
# masked number or citation, or a sign before a number ("~ <dig> % of the reads ...")
_READABLE_OPENING_MARKS = ('"', "'", "(", "[", "{")
_SIGNS_BEFORE_A_NUMBER = frozenset({"~", "\u223c", "\u2248", "<", ">", "\u2264", "\u2265", "\u00b1", "$", "\u00a3", "\u20ac"})


# two genes' names joined by a bar, a pair of co-expressed genes ("cnnm2|gucy1a")
_GENE_PAIR_RE = re.compile(r"[a-z0-9-]+\|[a-z0-9-]+")


def opens_with_a_mark(sentence: str) -> bool:
    """Whether a line of a paper in the normal form opens with a mark, not a word: a table's footnote
    ("* data obtained by flow - cytometry .", "\u2020 actual hydrophobicity values were calculated ..."), a
    list's bullet ("\u2022 ld plot : the ld between each pair of snps ...", "- expression profile displays
    ..."), a key's entry ("= average of three replicates ...", "# of variable sites : ...", '" - "
    represents no binding') or a fragment whose first words went with a bracket or a number (",
    calculated from the experimental data ...", "\u2212/\u2212 embryos showed ...", "-peptide in ad is known
    to ..."). A summary that takes one gives a reader an item without its list, or half a sentence. Of
    SumPubMed train papers 0-1,499, 206 footnotes and 365 other lines (bullets the most), all of the 60
    read items or fragments. Or a first word that holds a formula's bar (``_GENE_PAIR_RE`` aside: "cnnm2|gucy1a
    was co-expressed ..."), what is left of a formula whose start the data set cut off ("k| queries , which is
    clearly not affordable .", read blind as a formula's tail; "overlap=|s∩c| <dig> |s||c| if overlap meets ..."):
    4 more lines of SumPubMed train papers 0-999. Papers only: a news article's list may be bulleted."""
    words = sentence.split()
    if words[:1] in (['"'], ["'"]) and len(words) > 1:
        words = words[1:]  # a quotation's mark: a key quotes its mark ('" - " represents no binding')
    elif not words or sentence.startswith(_READABLE_OPENING_MARKS):
        return False
    if "|" in words[0] and not _GENE_PAIR_RE.fullmatch(words[0]):
        return True
    if words[0][0].isalnum() or words[0] in SYMBOLS:
        return False
    return not (words[0] in _SIGNS_BEFORE_A_NUMBER and words[1:2] == [NUMBER])


# a panel's or an item's label before the line's first word: a letter or a roman numeral and its stop
# before a word that no species' name is ("b. the full output is shown ...", not "c. elegans ..."), or a
# numbered step, model or case and its colon ("step <dig> : generate five testing matrices ..."), or a
# legend's key and its colon: a panel's letter or place, a legend's note, a colour, a type or a mark ("a :
# results of collective clustering are shown ...", "left : the inferred ribosomal protein sequences ...",
# "underlined : hits in gene - encoding regions .", "blue : repressed probesets ."; not a fusion's "gfp : :")
_LEGEND_KEYS = ("[a-z]|left|right|top|bottom|upper|lower|middle|inset|notes?|legends?|key|rows|columns|arrows?|"
                "arrowheads?|asterisks?|bold|italics?|underlined|shaded|boxed|highlighted|red|green|blue|black|grey|"
                "gray|white|yellow|orange|purple|dashed|dotted|solid")
_LABEL_RE = re.compile(r"^(?:[a-z]|[ivx]{1,4})\. (?:the|a|an|this|these|we|in|for|each|all) "
                       r"|^(?:i{1,3}|iv|vi{0,3}|ix)\. [^:;,.]{1,40} : "  # a numbered item's heading: "i. gui : ..."
                       r"|^(?:case study|case|example|experiment|scenario|step|model|aim) (?:<dig>|\d{1,2}|[a-z]|[ivx]{1,4}) : "
                       rf"|^(?:{_LEGEND_KEYS}) : (?!:)")
# ... or a step's number without a colon, and the word after it
_STEP_LABEL_RE = re.compile(r"^step (?:" + re.escape(NUMBER) + r"|\d{1,2}) ([^\s:]+)")


def opens_with_a_label(sentence: str) -> bool:
    """Whether a line of a paper in the normal form opens with a panel's or a list item's label (``_LABEL_RE``): a
    figure's legend ("c. the choice of a logic formalism depends on the data at hand ..."), a step of a method or a
    section's heading ("case study <dig> : dna damage induced cell apoptosis ."), or a legend's key ("underlined : hits
    in gene - encoding regions ."); read blind, all three were counted broken sentences. 15 lines of SumPubMed train
    papers 0-999 not passed over before, all 15 labelled legends, steps or headings, and 19 keys, all of legends or
    tables. A numbered item's run-in heading is one too ("i. gui : natbox provides a convenient menu - driven graphical
    user interface ...", read blind as a heading stuck on: 1 more line of train papers 0-999, a step of a method, none
    of valid papers 0-499). Or a step's number without its colon, when what follows is no verb of which the step is the
    subject (``_STEP_LABEL_RE``: "step <dig> build an interval graph of overlapping unambiguous hsp sequences .", "step
    <dig> occasionally , short exons missed by ... result in ...", read blind as list items; not "step <dig> was only
    used to infer ..."): 2 more lines of train papers 0-999, 4 of valid papers 0-499, all steps of a method. Papers
    only."""
    step = _STEP_LABEL_RE.match(sentence)
    if step is not None:
        after = step.group(1)
        return not (after in CLAUSE_WORDS or after.endswith("s") and "VERB" in word_classes(after))
    return _LABEL_RE.match(sentence) is not None


# a list of abbreviations and what they stand for, or of a legend's marks and what they mean: at least
# two entries "x , what x is ;" from the line's start ("hmm , hidden - markov model ; fdr , false discovery
# rate ; ..."), and no auxiliary (clauses parted by semicolons: "in mice , it was expressed ; in rats , ...")
_ABBREVIATION_LIST_RE = re.compile(r"^(?:[^,;]{1,20} [,:] [^,;]{3,60} ; ){2,}")
# ... or run in after a colon that closed the sentence before it ("... to generate ctgr-sps in the following steps : < >
# : a sequence ; t : a transaction of time point t ; g+/- : ...": read blind, counted a legend spliced on)
_KEY_RUN_IN_RE = re.compile(r" : (?:[^,;:]{1,20} : [^,;:]{3,60} ; ){2,}")
# ... or a key of values, every part of the line "label = value", each side at most three words ("yes = 1 , no = 0 ,
# do n't know = 0 .", a questionnaire's scoring, which has a verb)
_KEY_SIDE = r"[^\s,;=]+(?: [^\s,;=]+){0,2}"
_VALUE_KEY_RE = re.compile(rf"^{_KEY_SIDE} = {_KEY_SIDE}(?: [,;] {_KEY_SIDE} = {_KEY_SIDE})+(?: \.)?$")


def lists_abbreviations(sentence: str) -> bool:
    """Whether a line of a paper in the normal form lists abbreviations or a legend's marks with what
    they stand for (``_ABBREVIATION_LIST_RE``: "dcm , deep chlorophyll maximum ; gcc , giant connected
    components ; lc , louvain communities .", or with colons: "ncs : nerve conduction study ; hdt : head - down tilt
    ; ..."): a paper's list or a table's key, no sentence; read blind, a summary that took one was counted broken.
    12 lines of SumPubMed train papers 0-1,499, and with colons 3 more of train papers 0-999; run in after a colon
    (``_KEY_RUN_IN_RE``), whatever the words before it: 5 more of train papers 0-999 and the Cohan-form papers, keys and
    lists of cases or values set out with colons. A key of values ("yes = 1 , no = 0 , do n't know = 0 .",
    ``_VALUE_KEY_RE``; not after a fronting word: "because ci = o , it means that ki = o .") is one too, though a
    label may hold a verb (in the Cohan-form papers, a questionnaire's scoring a summary took). A legend's key may
    give each abbreviation before its words with no mark between (``_expands_by_initials``: "lws long
    wavelength-sensitive opsin , mws middle wavelength-sensitive opsin , p pinopsin , ..."; read blind, counted a
    fragment). Papers only."""
    tokens = sentence.split()
    if _KEY_RUN_IN_RE.search(sentence) or (_VALUE_KEY_RE.match(sentence) and tokens[0] not in normalize.FRONTING_WORDS):
        return True
    if not PREDICATE_STARTS.isdisjoint(tokens):
        return False
    return _ABBREVIATION_LIST_RE.match(sentence) is not None or _expands_by_initials(tokens)


def comma_parts(tokens: Sequence[str]) -> List[List[str]]:
    """The parts of ``tokens`` that commas set off, without the commas."""
    return [list(group) for is_comma, group in itertools.groupby(tokens, lambda token: token == ",") if not is_comma]


MIN_EXPANDED_ABBREVIATIONS = 3  # a key's abbreviations before their words, at least
MAX_ABBREVIATION_LETTERS = 5


def _expands_by_initials(tokens: Sequence[str]) -> bool:
    """Whether at least ``MIN_EXPANDED_ABBREVIATIONS`` of the comma-set parts of ``tokens``, and half of them, open
    with a short abbreviation (a word neither the lexicon nor ``DETERMINERS`` knows: not "the total ...", "an
    approach ...") followed by a word of its first letter ("mws middle wavelength-sensitive opsin")."""
    parts = comma_parts(tokens)
    expanded = sum(len(part) > 1 and part[0].isalpha() and len(part[0]) <= MAX_ABBREVIATION_LETTERS
                   and part[0] not in DETERMINERS and not word_classes(part[0])
                   and part[1] != part[0] and part[1][0] == part[0][0] for part in parts)
    return expanded >= MIN_EXPANDED_ABBREVIATIONS and 2 * expanded >= len(parts)


# what a complexity bound stands beside once a data set removed its formula, "o ( n log n )": "runs in o
# time", "solved in time o <cit>", "o + o time", "o = o time and o space" (not "=" alone: "c = o stretching"
# names a bond)
_LOST_BOUND_NEIGHBOURS = frozenset({"time", "space"})
# ... or the bound's variables defined after it: "the running time of the basic algorithm is o , where m is the total
# number of individuals ..." (read blind, counted a formula missing); not "o , p'-ddt", a compound's name
_DEFINES_A_BOUNDS_VARIABLES = [",", "where"]
# ... or the verb or comparison that states it: "... can be as high as o when using pairwise alignment .", "whose
# complexities are o and o for time and space" (read blind, counted an expression missing); not a serogroup's or a
# molecule's letter ("o <dig>", "o - glycosylation", "o , p'-ddt"), nor theta or omega, which name angles and
# variables as often ("... the angle of the long axis ... , shown as θ in figure 2g .")
_STATES_A_BOUND = frozenset({"is", "are", "was", "were", "be", "becomes", "remains", "as", "than"})
_CONTINUES_A_LETTER = frozenset({NUMBER, "-", ",", "'", "+", "="})
# the letters of a bound: big o, and the tight and lower bounds' theta and omega ("... builds a bi-directed de bruijn
# graph of order k in θ time .")
_BOUND_LETTERS = frozenset({"o", "\u03b8", "\u03c9"})
# what follows an equals sign whose right-hand side the data set removed: a verb, a preposition, a
# conjunction or a mark, never the start of an expression ("let t = be a rooted tree .", "an adjacency
# matrix a = is an n × n matrix ...", "x = and y = , one first defines ...")
_AFTER_A_LOST_RIGHT_HAND_SIDE = frozenset({"be", "is", "are", "and", "where", "in", "of", ",", ".", ";", "\u2208"})
# what stands before an equals sign whose left-hand side the data set removed ("we define by = m - mr for ...", "by
# defining = /k and = km/k , ...")
_BEFORE_A_LOST_LEFT_HAND_SIDE = frozenset({"by", "of", "define", "defining", ","})
EQUALS = "="
# a range's or a product's terms the data set removed: "the total number of trials thus increases from to + <dig> .",
# "... originating from an experimental cross between s. viminalis × ." (not "... at <dig> × .", a coverage), or the
# symbols a pair's "the" named ("... differentially expressed between the and fractions .", "a plot of the and
# dihedrals ..."; not "nodes implementing the and logical function"), or the symbol "of" named before the verb
# ("monitoring of was carried out ...", "the value of is unknown ...", "the percentage of may be a valuable index ...";
# not "as of may <dig>", "integral - part - of is not translated")
_LOST_TERMS_RE = re.compile(r"\bfrom to\b|(?<!" + re.escape(NUMBER) + r") \u00d7 \.$|\b(?:between|of|from|in) the and\b"
                            r"|(?<!\bas)(?<!-) of (?:was|were|may|might|can|could|would|should|will|has been|have been"
                            r"|had been|is (?:unknown|lower|higher|not|split|given|set|defined|computed|estimated))\b")


# an equation's pointer whose number the data set removed with its brackets ("... the census population of the
# retentive population given by eq. .", "... for a time appropriate to ne as given by eq. , while ..."): what follows
# is no number; the Cohan form keeps the brackets ("eq. ( 3 )")
_EQUATION_POINTERS = frozenset({"eq.", "eqs."})


def _lost_its_number(tokens: Sequence[str], i: int) -> bool:
    following = tokens[i + 1] if i + 1 < len(tokens) else ""
    return following != NUMBER and not following[:1].isdigit() and following not in ("(", "[")


def lost_a_formula(sentence: str) -> bool:
    """Whether a line of a paper in the normal form held a complexity bound whose formula the data set
    removed (a lone "o" beside ``_LOST_BOUND_NEIGHBOURS``: "our algorithm runs in o time and space ."; or before
    ``_DEFINES_A_BOUNDS_VARIABLES``; or a lone "o" after ``_STATES_A_BOUND``, 6 more lines of SumPubMed train papers
    0-999, all bounds lost: "there are o different ways to reroot the pruned subtree ."):
    what it states is lost, and read blind, "the exact sankoff algorithm results in o time" was counted
    a sentence with words missing. 51 lines of SumPubMed train papers 0-1,499 (two algorithm papers hold
    most), each one such bound; a tight or lower bound's θ or ω (``_BOUND_LETTERS``) took 1 more of train
    papers 0-999. Or an equals sign lost its right-hand side (``_AFTER_A_LOST_RIGHT_HAND_SIDE`` after it: "let t =
    be a rooted tree .": read blind, counted a definition missing its content): 43 lines of train papers 0-999,
    definitions and legends' keys ("north china = , east china = , ..."), 40 of them passed over by other tests
    already; or its right-hand side stands before "∈" ("a connector c = ∈ ep is discrete if ...") or its left-hand
    side after "by", "of", "define" or a comma (``_BEFORE_A_LOST_LEFT_HAND_SIDE``: "we define by = m - mr for ...":
    both read blind as formulas missing their symbols), 6 more lines of train papers 0-999. Or a range's or a
    product's terms were removed (``_LOST_TERMS_RE``: "... increases from to + <dig> .", a cross "between s. viminalis
    × ."; read blind, both counted broken): 2 more lines of train papers 0-999; a pair's
    symbols ("between the and fractions", a legend read blind as missing words): 1 more of train papers 0-999 and 5 of
    the Cohan-form papers; the symbol "of" named before its verb ("monitoring of was carried out as described ...";
    read blind, "the percentage of may be a valuable index ..." counted broken): 9 more lines of train papers 0-999, 2
    of valid papers 0-499. Or an equation's pointer lost its number (``_EQUATION_POINTERS``: "... given by eq. ."; three
    read as reference debris in one paper): 49 lines of train papers 0-999. Papers only."""
    if _LOST_TERMS_RE.search(sentence):
        return True
    tokens = sentence.split()
    if any(token == EQUALS and (i + 1 == len(tokens) or tokens[i + 1] in _AFTER_A_LOST_RIGHT_HAND_SIDE
                                or i and tokens[i - 1] in _BEFORE_A_LOST_LEFT_HAND_SIDE)
           for i, token in enumerate(tokens)):
        return True
    if any(token in _EQUATION_POINTERS and _lost_its_number(tokens, i) for i, token in enumerate(tokens)):
        return True
    return any(token in _BOUND_LETTERS and _stands_for_a_lost_bound(tokens, i) for i, token in enumerate(tokens))


def _stands_for_a_lost_bound(tokens: Sequence[str], i: int) -> bool:
    """Whether the bound's letter at ``tokens[i]`` is all that is left of a bound (``lost_a_formula``)."""
    before, after = tokens[i - 1] if i else "", tokens[i + 1] if i + 1 < len(tokens) else ""
    return (bool({before, after} & _LOST_BOUND_NEIGHBOURS) or list(tokens[i + 1:i + 3]) == _DEFINES_A_BOUNDS_VARIABLES
            or (tokens[i] == "o" and before in _STATES_A_BOUND and after not in _CONTINUES_A_LETTER))


# an index's range written with an ellipsis ("for each chromosome c= <dig> ... , c", "there must be αi = <dig> i =
# <dig> ⋯ , np"): "=" and a term before the ellipsis
_INDEX_RANGE_RE = re.compile(r"= (?:\S+ )?(?:\.\.\.|\u22ef|\u2026|\. \. \.)")


def writes_an_index_range(sentence: str) -> bool:
    """Whether a line of a paper in the normal form writes an index's range with an ellipsis (``_INDEX_RANGE_RE``:
    "suppose the genotype data are available ... of chromosome c , c= <dig> ... , c , r= <dig> ... , rc ."): a
    formula's notation, whose lost symbols leave it cut off and which a summary's reader cannot follow. Read blind,
    two such lines were counted broken ("there must be αi = <dig> i = <dig> ⋯ , np ."). 50 lines of SumPubMed
    train papers 0-999 and the 200 Cohan-format papers, 38 of them passed over before, the other 12 definitions in
    that notation. Papers only."""
    return _INDEX_RANGE_RE.search(sentence) is not None


def asks_a_question(sentence: str) -> bool:
    """Whether a line of a paper in the normal form is a question ("are parahox genes expressed
    ancestrally in the brain ?", "what is the function of ftn6 ?"): a heading of a paper's discussion,
    or the question its next sentences answer; a summary says what was found. 298 lines of
    SumPubMed train papers 0-1,499; 15 of the 6,419 sentences of the papers chooser's summaries of
    SumPubMed valid papers 0-499 and 600-999, and read blind, a question put as a summary's sentence
    was counted a heading. Papers only: a news article quotes questions."""
    return sentence.rstrip().endswith("?")


def continues_a_sentence(sentence: str) -> bool:
    """Whether a line of a paper in the normal form opens with "and": the rest of a sentence that the
    data set cut into two lines ("and was significant in the present study .", "and , not determined
    ."), or a list's later item; or with "so that" and holds no comma, a purpose clause without the clause
    it serves ("so that <dig> ml of different concentration of calcium chloride were considered ...": read
    blind, counted a fragment; 2 more lines of SumPubMed train papers 0-999), or with "which" and a verb, a
    relative clause cut from the sentence it belongs to ("which requires an indel rate parameter and distribution
    .": read blind, counted a fragment; 10 lines of train papers 0-999, not "which model ... varied among ...", whose
    "which" asks). 130 lines of SumPubMed train papers 0-1,499. Or with "where" and no comma, a formula's "where"
    or a relative clause the data set cut from its sentence ("where xi and yi are ranks obtained for raw scores ...",
    "where the rna - protein binding sites ... are usually short sequences ..." read blind as a fragment; "where
    possible , ..." and "where ... , main clause" open sentences): 9 more lines of train papers 0-999, formulas'
    "where" and three whose main clause lost its comma or stop ("where the individual descriptors are defined in table
    <dig> the optimized weight ... was ..."), 8 of valid papers 0-499. Or with a species' "sp." cut from its genus
    ("sp. showed high expression ...": read blind as a fragment): 1 more of train papers 0-999. Papers only."""
    words = sentence.split()
    if words[:1] == [_WHICH] and len(words) > 1:
        classes = word_classes(words[1])
        return words[1] in _CLAUSE_AFTER_WHICH or "VERB" in classes and "NOUN" not in classes
    return (words[:1] != [] and words[0] in _CONTINUATIONS
            or "," not in words and opens_with_one_of(words, _OPENINGS_WITHOUT_THEIR_CLAUSE))


_WHICH = "which"
# what opens the rest of a sentence: "and", or a species' abbreviation cut from its genus ("sp. showed high
# expression and diversity of snake venom metalloproteinases .", the line before ending in "hypsiglena")
_CONTINUATIONS = frozenset({"and", "sp.", "spp."})
# what opens a subordinate clause whose main clause, after the clause's comma, a line without a comma lacks
_OPENINGS_WITHOUT_THEIR_CLAUSE = (("so", "that"), ("where",))
# what goes on a relative clause after its "which" besides a verb the lexicon knows: an auxiliary, or a subject
# pronoun ("which we can expand to : ...")
_CLAUSE_AFTER_WHICH = frozenset({"is", "are", "was", "were", "can", "could", "may", "might", "will", "would", "has",
                                 "have", "had", "we", "they", "it"})


# the first words of a subject before "denotes" that open a sentence, not a key's name ("the term denotes ...")
_NOT_A_KEYS_FIRST_WORD = frozenset({"the", "a", "an", "this", "these", "that", "those", "each", "our", "its", "their",
                                    "we", "it", "which", "every", "all", "let", "here", "then"})
# the verbs that say what a formula's symbol stands for ("n is the number of ...", "r denotes the pearson
# correlation operator", "x indicates that the x sequences with hits could be assembled into y contigs")
_DEFINING_VERBS = frozenset({"is", "are", "denotes", "represents", "indicates", "stands", "means", "refers",
                             "corresponds", "equals"})
# ... or a line that opens with "where" and the symbols (at most this many words before the verb): the "where"
# of a formula the data set removed ("where a1θ , ... , aiθ are block matrices .", "where kn is the half -
# saturation constant ."), not a fronted clause ("where required , <dig> μm oligonucleotides were annealed ...")
_WHERE = "where"
_WHERE_SYMBOL_WORDS = 3


def defines_a_symbol(sentence: str) -> bool:
    """Whether a line of a paper in the normal form opens with a lone letter (not "a" or "i", which are words) and a
    verb that says what it stands for (``_DEFINING_VERBS``): the "where ..." of a formula or a table's legend, whose
    formula or table the data set removed. A summary that takes one gives a symbol nothing defines; read blind, "x
    indicates that the x sequences with hits could be assembled into y contigs ." was counted broken. 28 lines of
    SumPubMed train papers 0-999 not passed over before, 25 of them a symbol's definition or a legend (the other three
    a name or a noun whose first part went with a bracket, "e is essential for heme uptake ..."). So does a line that
    opens with "where" and its symbols before such a verb (``_defines_after_where``): 117 of the 158 such
    lines of those papers, of 45 read all definitions; read blind, "where a1θ , ... , aiθ are block matrices ."
    was counted broken. A colon after the symbols defines them too ("where vk : number of non-redundant vertebrate
    genes expressed at stage k ; nk : ...", read blind as a fragment). Papers only."""
    words = sentence.split()
    if words[:1] == [_WHERE]:
        return _defines_after_where(words[1:])
    if len(words) > 3 and len(words[0]) == 1 and words[0].isalpha() and words[0] not in ("a", "i"):
        return words[1] in _DEFINING_VERBS
    return _names_a_key(words)


# what a legend's key or a formula's symbols say they stand for ("max nodes denotes the maximum number of nodes ...",
# "sn and sp denote sensitivity and specificity .")
_DENOTING_VERBS = frozenset({"denotes", "denote"})
_KEY_WORDS = 4  # "> <dig> -node graphs denotes ...": at most this many words before the verb


def _names_a_key(words: Sequence[str]) -> bool:
    """Whether a line opens with a name of at most ``_KEY_WORDS`` words, no determiner or pronoun first and no comma,
    and "denotes": a table's legend, one column a line ("splicing graphs denotes the number of splicing graphs .",
    read blind as a fragment), or a formula's symbols. 17 lines of SumPubMed train papers 0-999 and the 200 Cohan-form
    papers not passed over before: 15 keys or symbols' definitions ("n.s. denotes ' not significant ' ."), 2 sentences
    that define a term ("adaptive optics denotes a set of methods ...")."""
    verb = next((k for k, word in enumerate(words[:_KEY_WORDS + 1]) if word in _DENOTING_VERBS), None)
    return (verb is not None and verb > 0 and words[0] not in _NOT_A_KEYS_FIRST_WORD
            and "," not in words[:verb])


def _defines_after_where(words: Sequence[str]) -> bool:
    """Whether the words after a line's opening "where" say what a formula's symbols stand for: a defining verb or
    "=" among their first ``_WHERE_SYMBOL_WORDS`` words and no comma before it ("where a1θ , ... , aiθ are block
    matrices ." holds the symbols' own commas, so any word may stand between them), or nothing but a mark left
    ("where λ .")."""
    if words[:1] == ["there"]:
        return False  # "where there are significant differences ... , the determination can not be made": a clause
    verb = next((i for i, word in enumerate(words) if word in _DEFINING_VERBS or "=" in word or word == ":"), None)
    if verb is None:
        return all(not word.isalpha() or len(word) == 1 for word in words)
    before = words[:verb]
    return len([word for word in before if word.isalpha() and len(word) > 1]) < _WHERE_SYMBOL_WORDS and (
        "," not in before or all(len(word) < 5 or not word.isalpha() for word in before))


def restarts_panels(verbatim: str) -> bool:
    """Whether the bracketed panel labels of a raw sentence, "( a )", "( b )", start again after
    "( b )" or a later one: the legends of two figures run together ("the patient at presentation
    time : ( a ) face and neck involvement ; and ( b ) trunk and arms involvement ( a ) the patient at
    1 month control ..."). A sentence names its items once ("( a ) carbonate buffer ... ; ( b ) pbs
    ..."), points at one panel twice ("( figure 7 ( a ) ) ... ( figure 7 ( a ) )") or at an item again
    after a preposition ("as in ( a )"). The raw sentence is read: a masked paper's normal form has no
    brackets. 4 lines of the 200 Cohan-format PubMed papers: 3 captions and a methods section's run of
    sentences the splitter did not part; none in 300 SumPubMed papers or 1,000 news articles."""
    latest = ""
    for match in _PANEL_LABEL_RE.finditer(verbatim.lower()):
        label, pointed_at = match.group("label"), match.group("before") in _POINTING_WORDS
        if label <= latest and latest >= "b" and not pointed_at:
            return True
        latest = max(latest, label)
    return False


# a panel's letter before a legend's line, with no stop or bracket: "i an amino acid transporter gene ... was expressed
# in root epidermal cells ."
_PANEL_LETTER_RE = re.compile(r"^([a-z]) [a-z]")


def lettered_panels(sentences: Sequence[str]) -> Set[int]:
    """Indices of the lines of a paper in the normal form that open with a lone letter, next to a line that opens
    with the letter before or after it: a figure's legend whose panels' lines the data set gave as sentences
    ("h double - staining with ... showed ...", "i an amino acid transporter gene ... was expressed ...", "j ...").
    One such line alone is left (a name, "b cells were ..."). 32 lines of SumPubMed train papers 0-999 not passed
    over before, most of them a table's footnotes marked "a" and "b" ("a infected intravenously with ...") and
    two a real sentence ("a diet effect was also evident , ...", before a footnote "b ..."); read blind, "i an
    amino acid ..." was counted a fragment."""
    letters = [match.group(1) if (match := _PANEL_LETTER_RE.match(sentence)) else None for sentence in sentences]
    return {i for i in range(len(letters)) for j in (i - 1, i + 1)
            if 0 <= j < len(letters) and letters[i] and letters[j] and abs(ord(letters[i]) - ord(letters[j])) == 1
            and (letters[j] > letters[i]) == (j > i)}


_ITEM_LABEL_REACH = 6  # "<dig> +a → +b :", "group <dig> :": the words of a list item's label, its colon included


def _label_colon(tokens: Sequence[str], start: int) -> Optional[int]:
    """Where the colon after a list item's label stands, within ``_ITEM_LABEL_REACH`` words of ``start``."""
    return next((i for i in range(start, min(len(tokens), start + _ITEM_LABEL_REACH)) if tokens[i] == ":"), None)


# a list's count before its colon ("four groups of animals were studied : ..."), and what joins its items after it
# (none: the line holds one item)
COUNT_WORDS = frozenset({"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "several"})
_ITEM_JOINERS = frozenset({",", ";", "and", "or"})


def labelled_list_lines(sentences: Sequence[str]) -> Set[int]:
    """Indices of the lines of a text that hold a labelled list the data set cut into lines: a line whose colon
    opens a first item with its own label and colon ("... can be described in <dig> groups : group <dig> : g <dig>
    among which ...", "there are four possible relations between two genes : <dig> +a → +b : up - regulation of a
    ..."), the next line opening with the same label word and its own colon ("group <dig> : ...", "<dig> -a → +b :
    ..."), and the items after it that do too; or a line that counts a list's items in words before its colon and
    holds one item after it, the next lines opening with that item's first two words ("four groups of animals were
    studied : animals transplanted with transgenic cells ... . | animals transplanted with hek293/gfp cells ...": 2
    more lines of SumPubMed train papers 0-999). The first line holds only the list's first item and the others are
    its pieces: read blind, both kinds were counted broken. 16 first lines of SumPubMed train papers 0-999 and the
    200 Cohan-format papers (10 not passed over before), all lists' first items ("... as follows : • correctness :
    data is incorrect , when ...", "... see the notes below : s. pombe - c. elegans : significant similarity
    ...")."""
    tokens = [sentence.split() for sentence in sentences]
    lines: Set[int] = set()
    for i in range(len(tokens) - 1):
        is_item = _list_item_test(tokens[i])
        items = list(itertools.takewhile(lambda j: is_item(tokens[j]), range(i + 1, len(tokens)))) if is_item else []
        if items:
            lines.update([i] + items)
    return lines


# a bullet after a word of the line: a list's item inside it, not its opening mark; or a dash glued to the first item
# after a colon ("... the following data types for each case : -processed single voxel mr spectra ...", the next
# line "-mri , t2 - w , ...")
_BULLET_RE = re.compile(r" [" + _LIST_BULLETS + "]| : -[a-z]")
_GLUED_DASH_ITEM_RE = re.compile(r"-[a-z]")


def bulleted_lists_cut_into_lines(sentences: Sequence[str]) -> Set[int]:
    """Indices of the lines of a text that hold a bulleted list's first items, the next line opening with a bullet
    of its own: the list goes on in the lines after ("... which may have various origins : ▪ intra-subject
    variability ... ▪ spatial variability ... . | ▪ biological factors such as sex ..."; the next lines open with a
    mark, ``opens_with_a_mark``). Read blind, the first line was counted a list's broken piece. 2 lines of
    SumPubMed train papers 0-999 and the 200 Cohan-format papers, both lists' first items; a list whole in its line
    ("... as follows : • their model came in second place ; • unlike the winning entry , ...") stays. A dash glued
    to an item's first word is a bullet too after a colon (1 line of SumPubMed train papers 13,200-13,299, read blind
    as a list's lead-in joined to its first item)."""
    return {i for i in range(len(sentences) - 1)
            if _BULLET_RE.search(sentences[i]) and (sentences[i + 1][:1] in _LIST_BULLETS
                                                    or _GLUED_DASH_ITEM_RE.match(sentences[i + 1]))}


def _list_item_test(words: List[str]) -> Optional[Callable[[List[str]], bool]]:
    """For a line whose colon opens a list with its first item (``labelled_list_lines``), the test of a next line
    that holds a later item: the same label word and a colon of its own, or the first item's first two words; None
    for any other line."""
    colon = next((j for j, word in enumerate(words) if word == ":"), None)
    if colon is None or colon + 2 >= len(words):
        return None
    label, opening = words[colon + 1], words[colon + 1:colon + 3]
    if _label_colon(words, colon + 2) is not None:
        return lambda line: line[:1] == [label] and _label_colon(line, 1) is not None
    if COUNT_WORDS.intersection(words[:colon]) and _ITEM_JOINERS.isdisjoint(words[colon + 1:]):
        return lambda line: line[:2] == opening
    return None


LEGEND_COPIES = 3  # how often a paper gives a line that is a legend's or a footnote's convention
_CONVENTION_CONTEXTS = 2  # ... of them at least this many between lines the paper gives once


def repeated_lines(sentences: Sequence[str]) -> Set[int]:
    """Indices of the lines that a text gives ``LEGEND_COPIES`` times or more, word for word: the conventions that
    each of a paper's figures or tables repeats under it ("statistics were performed using t test .", "similar
    results were obtained in three independent experiments .", "bar <dig> μm ."). 83 lines of SumPubMed train
    papers 0-999 (26 texts) were not passed over before, all but a few legends' or footnotes' conventions (the
    others results that each legend repeats, "the raw basal rp/s was <dig> ± <dig> % ..."). A sentence a paper
    says twice, in its results and again in its discussion, stays, and so does a line of a passage a text repeats
    (the Cohan-format PubMed articles hold some passages three or four times, not always whole, and the lines
    around its copies are repeated too): at least two copies must stand between lines the text gives once. Read
    blind, "statistics were performed using t test ." was counted a legend's fragment."""
    copies: Dict[str, List[int]] = {}
    for i, sentence in enumerate(sentences):
        copies.setdefault(sentence, []).append(i)

    def stands_alone(i: int) -> bool:  # the lines before and after it stand once in the text
        return all(not 0 <= j < len(sentences) or len(copies[sentences[j]]) == 1 for j in (i - 1, i + 1))

    # (a passage the text repeats: its copies' lines stand among other repeated lines)
    return {i for places in copies.values() if len(places) >= LEGEND_COPIES
            and sum(map(stands_alone, places)) >= _CONVENTION_CONTEXTS for i in places}


# what only a figure's legend says: its error bars, scale bars, bars, asterisks and arrows ("the
# calculated compositions tend to have a smaller error bar" and "data are presented as means" are
# a paper's sentences): 23 sentences of the 200 Cohan-format PubMed papers, 70 of 300 SumPubMed
# papers, none of 2,000 news articles
_LEGEND_RE = re.compile(r"\b(?:error bars|scale bars?|bars (?:represent|indicate|show|depict|denote|correspond)"
                        r"|asterisks? (?:indicate|denote)|arrows? (?:indicate|point|show)|arrowheads? (?:indicate|point|show))\b")
# ... and a table's footnote of significance marks ("* p < <dig> ; ** p < <dig>", "significant values
# are represented by *** , ** and * for ...", "genes used for expression study are marked with
# asterisks .", "* : not available for ..."): 17 of the 46,388 sentences of SumPubMed valid papers
# 0-249 (every one a footnote or legend), 8 of the 200 Cohan-form papers' 20,283 ("* * * p <dig> ; * *
# p <dig> ."), none of 2,000 news articles
_SIGNIFICANCE_MARKS_RE = re.compile(r"^\*+\s*:|\*+\s*p\s*<\s*\S+\s*[;,]\s*\*|\*\*\*\s*,\s*\*\*"
                                    r"|\b(?:marked|indicated|denoted|represented)\s+(?:with|by)\s+(?:an\s+)?(?:asterisks?|\*)")


# an image's legend names the view and then what it shows, after the caption's title and a colon:
# "gastrointestinal stromal tumour ( gist ) : axial cect showing typical large ...", "... : a coronal
# reformat cect showing ..."
_SHOWING_WORDS = frozenset({"showing", "demonstrating", "revealing", "depicting"})
_VIEW_WORDS = 4  # "a coronal reformat cect": the words between the colon and "showing" (a compound one word)


def _describes_an_image(tokens: Sequence[str]) -> bool:
    """Whether "showing" (``_SHOWING_WORDS``) follows a colon after two to ``_VIEW_WORDS`` words with
    no verb between: 12 lines of the 200 Cohan-format PubMed papers, all a radiology review's figure
    captions run into its text; 1 of 300 SumPubMed papers (a figure's legend); 2 of 1,000 news
    articles (photo captions: "brutal : a gruesome video allegedly showing ..."); no sentence."""
    for i, token in enumerate(tokens):
        if token == ":":
            view = _compounds_joined(tokens[i + 1:i + 2 + 3 * _VIEW_WORDS])[:_VIEW_WORDS + 1]
            for j, word in enumerate(view):
                if word in _SHOWING_WORDS:
                    return j > 1 and CLAUSE_WORDS.isdisjoint(view[:j])  # not "... : one showing ..."
    return False


def _compounds_joined(tokens: Sequence[str]) -> List[str]:
    """Tokens with each word the normal form split at its hyphens joined again: "non - contrast -
    enhanced" -> "non-contrast-enhanced"."""
    words: List[str] = []
    for token in tokens:
        if words and (token == "-" or words[-1].endswith("-")):
            words[-1] += token
        else:
            words.append(token)
    return words


# A sentence may repeat its opening words ("the presence of fluid ... whilst the presence of ..."); two
# captions' titles run into one line open alike and hold no clause between ("lorenz curve of ccu
# beds in <dig> lorenz curve of cardiologists in <dig> the present study ...", "clinical outcomes in
# patients diagnosed with ... clinical outcomes in patients admitted ..."), and a title opens with
# its subject's noun, not with an article, a preposition or a number
_NOT_A_TITLE_OPENING = frozenset({"the", "a", "an", "in", "of", "on", "at", "for", "to", "with", "by", "from", "this",
                                  "these", "that", "those", "one", "two", "its", "their", "our", NUMBER})
_TITLE_OPENING_WORDS = 3


def _titles_in_a_row(tokens: Sequence[str]) -> bool:
    """Whether a line's first ``_TITLE_OPENING_WORDS`` words come again later in it with no clause
    (``CLAUSE_WORDS``), comma or semicolon between: the titles of two captions, run together."""
    opening = list(tokens[:_TITLE_OPENING_WORDS])
    if opening:  # a figure's number glued to the caption's first word: "1gastric adenocarcinoma : ..."
        opening[0] = opening[0].lstrip("0123456789")
    if len(opening) < _TITLE_OPENING_WORDS or opening[0] in _NOT_A_TITLE_OPENING or not opening[0].isalpha() \
            or not all(word.isalpha() or word == ":" for word in opening[1:]):
        return False
    for i in range(_TITLE_OPENING_WORDS, len(tokens) - _TITLE_OPENING_WORDS + 1):
        token = tokens[i]
        if token in CLAUSE_WORDS or token in {",", ";"}:
            return False
        if list(tokens[i:i + _TITLE_OPENING_WORDS]) == opening:
            return True
    return False


# an equation's MathType encoding left in the text by a PDF or XML conversion
# ("mathtype@mtef@5@5@+=feaafiart1ev1aaatcvaufkttlearuwrp9mdh5mbpbiqv92aaexatlxbi9gbaebbnrfifhhdyfgasaach8 ...")
_EQUATION_ENCODING = re.compile(r"mathtype\s*@\s*mtef", re.IGNORECASE)
# ... or its LaTeX source ("\documentclass { minimal } \usepackage { amsmath } ...", "\dot p & = - c ,
# \end { array } \right ."): two commands in a line; prose has none
_LATEX_COMMAND = re.compile(r"\\[a-z]{2,}", re.IGNORECASE)
# ... or an entry of a web page's script that a scraped article kept, a quoted key and its value ("' title ' : ' woman
# lifts her 1.5 metre pet crocodile into the bath ' , .", "' ischannel ' : false , ."), tokenized or not
_SCRIPT_ENTRY = re.compile(r"^\s*' ?\w+ ?' ?: ?(?:'[^']*'|true|false|null|\d+)(?: ?\+ ?\w+)? ?[,}][\s);.]*$")


def is_markup(line: str) -> bool:
    """A line that holds an equation's encoding or LaTeX source rather than words
    (``_EQUATION_ENCODING``, ``_LATEX_COMMAND``), or an entry of a web page's script (``_SCRIPT_ENTRY``; of the
    CNN/DailyMail valid articles 0-1,999, one article's two entries that no other test took, its title among them,
    which the news chooser put first): no reader can read it, in a paper or in any
    pasted text. Asked of the raw line and of its normal form (a long encoding's raw span can miss
    its "mathtype@mtef" head where the normal form holds it)."""
    return (bool(_EQUATION_ENCODING.search(line)) or len(_LATEX_COMMAND.findall(line)) >= 2
            or _SCRIPT_ENTRY.match(line) is not None)


def is_cut(verbatim: str) -> bool:
    """A paper's sentence (raw text) with a hole where the data set cut text out, or with a
    caption run into it (``_CUT_TEXT``): a reader finds it broken."""
    return bool(_CUT_TEXT.search(verbatim))


# a sentence whose last words went before its stop: "... as described in the .", "... lounging on the .", "... by
# dendritic cells and ."
_ENDS_ON_ARTICLE = re.compile(r"\b(?:the|its|their|and)\s*[.!?]\s*$", re.IGNORECASE)


# a line with no stop that ends on an article after a word: a formula the data set set on a line of its own cut
# the sentence there ("during the | s+o2+nadph+h+ -> ... | catalytic cycle , molecular oxygen binds ...")
_CUT_AT_AN_ARTICLE = re.compile(r"[^\W\d_]{2,}\s+(?:the|an)\s*$", re.IGNORECASE)


def is_cut_at_an_article(verbatim: str) -> bool:
    """Whether a raw line ends on "the" or "an" after a word and with no stop (``_CUT_AT_AN_ARTICLE``): what
    the sentence goes on with opens the next line that holds no formula. 4 lines of SumPubMed train papers
    0-999, 3 of them a formula's cut."""
    return _CUT_AT_AN_ARTICLE.search(verbatim) is not None


def ends_on_article(verbatim: str) -> bool:
    """A sentence (raw text) that ends on "the": its noun went with text a data set cut out ("we
    conducted simulations , as described in the ."). 1 line of the 200 Cohan-format papers, 2 of 300
    SumPubMed papers, 2 of 1,000 news articles; every one cut. Or on "and", "its" or "their" ("... mainly by
    dendritic cells and ."): 1 more of SumPubMed train papers 0-999 and 3 of CNN/DailyMail valid articles 0-1,999, all
    cut ("... shows brain and ."); not "an", a lowercased abbreviation too ("... by congenital an ."), nor "but"
    ("anything but .")."""
    return _ENDS_ON_ARTICLE.search(verbatim) is not None


# what may part a list's items: "ccp – ccp , and ccp" (a hyphen joins a compound's words instead: "cell - cell")
_ITEM_SEPARATORS = frozenset({",", "–", ";", "and", "or"})
# ... or one name and its masked number as four or more items after a colon, to the line's end ("... accession
# numbers : ifn-α <dig> ifn-α <dig> , ifn-α <dig> , ...", "... four nrps genes : xalc_ <dig> , xalc_ <dig> , ...")
_ONE_NAME_AS_ITEMS_RE = re.compile(
    r" : (?P<name>\S+(?: - \S+)?) " + re.escape(NUMBER) + r"(?: (?:, |and |or )*(?P=name) " + re.escape(NUMBER) + r"){3,} \.$")


def lists_one_word_as_its_items(sentence: str) -> bool:
    """Whether a masked paper's line in the normal form lists one word as three or more items, with a comma among
    them ("the three triple mutants constructed for this study are ccp – ccp , and ccp .", "we evaluated aracne ,
    aracne and aracne into our comparison ."): the data set removed the numbers or marks that told the items
    apart, and the list says nothing; read blind, one was counted broken. 2 lines of SumPubMed train papers 0-999,
    none of the 200 Cohan-format papers'. The same with one name and its masked number as the items after a colon
    (``_ONE_NAME_AS_ITEMS_RE``; read blind, "... from the following genbank accession numbers : ifn-α <dig> ifn-α
    <dig> , ..." was counted a fragment): 2 more lines of train papers 0-999. Papers only."""
    if _ONE_NAME_AS_ITEMS_RE.search(sentence):
        return True
    words = sentence.split()
    for i, word in enumerate(words):
        if not word.isalpha() or len(word) < 2 or word in _ITEM_SEPARATORS or (i and words[i - 1] == "-"):
            continue
        items, end, commas = 1, i + 1, 0
        while True:
            after = end
            while after < len(words) and words[after] in _ITEM_SEPARATORS:
                commas += words[after] == ","
                after += 1
            if after == end or after == len(words) or words[after] != word:
                break
            items, end = items + 1, after + 1
        if items >= 3 and commas and (end == len(words) or words[end] != "-"):
            return True
    return False


def ends_in_a_stray_bracket(sentence: str) -> bool:
    """Whether a masked paper's line in the normal form ends with a closing bracket that nothing in it opened: the
    data set removed the bracket's opening with the text after it, and what is left lost its end or an item ("...
    moving continuously and <dig> ) .", "... three well - represented species , daphnia magna and a. mellifera ) .",
    "... in mutant mothers and <dig> ) ."); read blind, a summary that took one was counted broken. 265 lines of
    SumPubMed train papers 0-999 not passed over before (0.18%). Papers only."""
    words = sentence.split()
    return words[-2:] == [")", "."] and "(" not in words


# number ranges a data set ran together when it dropped their dash: two decimal points in one number
# ("95 % ci 0.691.93", "range 42.780.5 years"), or a range of two-digit numbers after "range", "aged"
# or "ci" ("aged 2283 years", "range : 2338", "ci of 1317"); not a version's or a date's dots ("29.09.2012")
_COLLAPSED_DECIMALS = re.compile(r"(?<![\w./-])(?<!version )(?<!v)(?!\d{1,2}\.\d{1,2}\.(?:19|20)\d\d\b)"
                                 r"\d+\.\d+\.\d+(?![\w/-]|\.\d)", re.IGNORECASE)
_COLLAPSED_TWO_DIGITS = re.compile(r"\b(?:range|ranged|ranging|aged?|ci)\s*(?::|of|from)?\s*(\d\d)(\d\d)\b\s*(?P<unit>\S*)",
                                   re.IGNORECASE)
_AGE_UNITS = frozenset({"years", "year", "yr", "yrs", "months", "weeks", "days", "%"})  # "aged 2024 years": no year


def has_collapsed_range(verbatim: str) -> bool:
    """A sentence (raw text) whose number range lost its dash (``_COLLAPSED_DECIMALS``,
    ``_COLLAPSED_TWO_DIGITS``): a reader reads "0.691.93" or "aged 2283 years" as a wrong number, and
    blind readers count the sentence broken. 110 lines of the 200 Cohan-format PubMed papers (their
    text lost every dash and ±), none of 500 SumPubMed papers or 2,000 news articles."""
    if _COLLAPSED_DECIMALS.search(verbatim):
        return True
    for match in _COLLAPSED_TWO_DIGITS.finditer(verbatim):
        first, last = int(match.group(1)), int(match.group(2))
        year = 1900 <= 100 * first + last < 2030  # "range 1991" may be a year, "aged 2024 years" is not
        if first < last and (not year or match.group("unit").lower() in _AGE_UNITS):
            return True
    return False


def ends_with_stop(verbatim: str) -> bool:
    """Whether a sentence's raw text ends as a sentence does: a stop, then closing quotes or brackets."""
    return _RAW_SENTENCE_END.search(verbatim) is not None


# "... by newman et al ." | "reported that ...": a data set's sentences (Cohan-format PubMed's lines)
# broken after the stop of "et al.", the citation's names ending one line and its verb opening the
# next (164 lines of the 200 Cohan-format papers end so, nearly all inside a sentence): the data set's
# tokenizer parted "al" from its stop; a paper's own "described in yu et al. [12] ." keeps "al." whole
_ET_AL_APART = r"\bet\s+al\s+\."  # "et al ." with its stop parted from it (an unparted "et al." ends no sentence)
# "et al . ." in the normal form, or a misspelled "et. al." that the data set split after "et." ("... described by
# dolphin et. | al. to successfully generate ..."; 8 lines of SumPubMed train papers 0-999)
_ENDS_WITH_AUTHORS = re.compile(r"(?:" + _ET_AL_APART + r"|\bet\s*\.)(?:\s*\.)*\s*$", re.IGNORECASE)


# "et al ." and then a line break inside a sentence: the data set ended a line there, and what the
# next line holds may be the citation's verb ("by newman et al . | reported that ...") or text that
# lost the citation's verb ("but stewart et al . | mucoepidermoid carcinoma is composed of ...")
_AUTHORS_AT_LINE_END = re.compile(_ET_AL_APART + r"[ \t]*\r?\n\s*\S", re.IGNORECASE)


def joins_lines_after_authors(verbatim: str) -> bool:
    """Whether a raw sentence goes on past a line the data set ended after "et al.": its two halves
    were passed over before ``normalize.split_sentences`` joined them at "et al ." and are still."""
    return _AUTHORS_AT_LINE_END.search(verbatim) is not None


def ends_with_authors(sentence: str) -> bool:
    """Whether a sentence (raw or normal form) ends with "et al.": where its citation's verb would
    begin, so it is the first half of a sentence."""
    return _ENDS_WITH_AUTHORS.search(sentence) is not None


def is_title(verbatim: str, sentence: str, ends_line: bool = True) -> bool:
    """A heading, a caption's title or a table row rather than a sentence, by the raw text
    (``verbatim``) and the normal form (``sentence``): its raw text ends a line with no stop
    ("genetic differentiation in chloroplast sequence data"; ``ends_line`` False: the sentence ends
    inside its line, where a masked paper lost its stop, ``normalize.split_sentences``); in a
    masked paper, it opens with the number symbol (a figure's number cut from "fig. 3" opens its
    caption's title: "<dig> map of collection sites ..."; a paper's own sentences spell out a number
    they open with); or it is a caption by its words (``is_caption``). Of the sentences a chooser
    took from SumPubMed valid papers at 200 words, 16% were headings by the first test and 2.5%
    caption titles by the second; a reader finds both broken."""
    return ((ends_line and not ends_with_stop(verbatim)) or sentence.split(" ", 1)[0] == NUMBER
            or is_caption(sentence))


# Words that make a clause of a line: a finite form of "be", "have", "do", a modal, a subject
# pronoun, or a verb papers report with. A caption's body describes a panel in noun phrases
# ("pca analysis based on <dig> gene clusters enriched for saprophytic species ."), whose "-ed"
# words are participles; without a part-of-speech tagger, these words are the signal.
CLAUSE_WORDS = frozenset({
    "is", "are", "was", "were", "be", "been", "has", "have", "had", "do", "does", "did", "can", "could",
    "may", "might", "must", "shall", "should", "will", "would", "we", "they", "it", "our",
    "show", "shows", "showed", "reveal", "reveals", "revealed", "indicate", "indicates", "indicated",
    "suggest", "suggests", "suggested", "demonstrate", "demonstrates", "demonstrated", "confirm",
    "confirms", "confirmed", "found", "remain", "remains", "remained", "became", "becomes", "appear",
    "appears", "appeared", "seem", "seems", "seemed", "contain", "contains", "contained", "exhibit",
    "exhibits", "exhibited", "led", "leads", "occur", "occurs", "occurred", "yield", "yields", "yielded",
})
# How far a caption's body may run: SumPubMed's captions are a title and a legend of a few panels
CAPTION_BODY_LINES = 8
# How many lines with a clause a legend may hold before a line that is a legend's by its words
# ("data are presented as ... | decreasing od <dig> signifies ... | the data points are averages of ...
# | error bars designate sd ."): 268 more lines of SumPubMed train papers 0-999 passed over, nearly all a
# legend's or a table footnote's
CAPTION_CLAUSE_LINES = 3
# A line the data set ended with a figure's name, "... in both strains.fig." or "...
# families.figure <dig>": the caption's title follows on the next line
_ENDS_WITH_FIGURE = re.compile(r"(?:^|[\s.])(?:figs?|figures?|tables?)\s*\.?\s*(?:" + re.escape(NUMBER)
                               + r"|\d+)?[a-z]?\s*$", re.IGNORECASE)


def has_clause(sentence: str) -> bool:
    """Whether a line in the normal form has a word of a clause (``CLAUSE_WORDS``)."""
    return not CLAUSE_WORDS.isdisjoint(sentence.split())


def ends_with_figure(verbatim: str) -> bool:
    """Whether a raw line ends with a figure's or table's name and number, its caption's title
    on the next line (``_ENDS_WITH_FIGURE``)."""
    return bool(_ENDS_WITH_FIGURE.search(verbatim))


# Words of the paper's own voice, which a legend does not use: a line with one is the body's
BODY_WORDS = frozenset({"we", "our", "us", CITATION})


def _opens_with_panel(sentence: str) -> bool:
    """A legend's line for a panel: its letter, then its text ("c the binding sites ...", "a the
    secondary structure ..."; "a" only before "the", elsewhere it is the article: "a total of")."""
    tokens = sentence.split()
    return len(tokens) > 2 and (tokens[0] in PANEL_LETTERS or (tokens[0] == "a" and tokens[1] == "the"))


def caption_bodies(sentences: Sequence[str], titles: Collection[int], after_figure: Collection[int] = ()) -> List[int]:
    """The lines of captions: SumPubMed puts a figure's caption where the paper cites it, its title
    first (a line in ``titles`` that opens with the number symbol or a caption's words, "<dig>
    identification of tas <dig> locus ." after a line that ends "fig."; or any line in
    ``after_figure``, the one after a raw line that ends with a figure's name: ``ends_with_figure``),
    then its legend, line by line: panels ("a the secondary structure of the precursor ."), noun
    phrases ("tas3-sirnas produced from the tas <dig> locus .") and, between them, a panel's
    sentences ("endo <dig> was used as the example ."). So after a title, the caption runs over
    lines that open with a panel's letter or have no word of a clause (``has_clause``), and over
    lines with a clause when the next line is again the legend's, or when one of the next
    ``CAPTION_CLAUSE_LINES`` is a legend's by its words (a panel's letter, "error bars ...":
    ``_is_a_legend_by_its_words``), up to ``CAPTION_BODY_LINES``; a line in the paper's own voice
    ("we", "our", a citation: ``BODY_WORDS``) ends it. The title of an ``after_figure`` caption is
    among the lines. Blind readers counted such lines in a summary as broken sentences."""
    def legend(i: int) -> bool:
        return i in titles or _opens_with_panel(sentences[i]) or not has_clause(sentences[i])

    def body_voice(i: int) -> bool:
        return not BODY_WORDS.isdisjoint(sentences[i].split())

    def legend_resumes(i: int, last: int) -> Optional[int]:
        """After line i, which has a clause: the line where the legend goes on, or None."""
        for j in range(i + 1, min(i + CAPTION_CLAUSE_LINES, last) + 1):
            if body_voice(j):
                return None
            if _is_a_legend_by_its_words(sentences[j]) or (j == i + 1 and legend(j)):
                return j
        return None

    starts = {i for i in titles if sentences[i].split(" ", 1)[0] == NUMBER or is_caption(sentences[i])}
    body: set = {i for i in after_figure if i < len(sentences)}
    for start in sorted(starts | body):
        last = min(start + CAPTION_BODY_LINES, len(sentences) - 1)
        i = start + 1
        while i <= last:
            if body_voice(i):
                break
            if legend(i):
                body.add(i)
            else:
                resumes = legend_resumes(i, last)
                if resumes is None:
                    break
                body.update(range(i, resumes + 1))
                i = resumes
            i += 1
    return sorted(body - set(titles))


def _is_a_legend_by_its_words(sentence: str) -> bool:
    """A line that only a figure's legend or a table's footnote writes: a panel's letter opens it
    (``_opens_with_panel``), or legend's words (``_LEGEND_RE``) or significance marks are in it, or it tells what the
    drawing shows (``describes_a_drawing``: "green boxes indicate the genes ...", two lines after a caption's title,
    where the line between, "cys regulon genes from e. coli and orthologs found in x. citri .", read blind as a
    caption's fragment, has a clause)."""
    return (_opens_with_panel(sentence) or _LEGEND_RE.search(sentence) is not None
            or _SIGNIFICANCE_MARKS_RE.search(sentence) is not None or describes_a_drawing(sentence))


# The first words of a sentence that leans on the one before it: a word that points back ("these
# results suggest ...", "it binds ...") or a connective that goes on from it ("however , ...",
# "thus , ...", "third , ..."); 14% of the sentences the papers chooser took at 200 words (SumPubMed
# valid 0-499). Alone in a summary it dangles: readers counted "these results", "third ," and
# "similarly ," among a summary's dangling references.
LEANING_OPENERS = frozenset({
    "this", "these", "those", "such", "it", "its", "they", "their", "them", "he", "she", "his", "her",
    "however", "thus", "therefore", "hence", "consequently", "similarly", "likewise", "moreover", "furthermore",
    "additionally", "nevertheless", "nonetheless", "accordingly", "conversely", "instead", "otherwise", "still",
    "then", "also", "besides", "second", "secondly", "third", "thirdly", "fourth", "finally", "lastly", "next", "again",
})
LEANING_OPENING_PHRASES = frozenset({
    ("in", "addition"), ("in", "contrast"), ("in", "turn"), ("taken", "together"), ("on", "the", "other", "hand"),
    ("as", "a", "result"), ("as", "a", "consequence"), ("to", "this", "end"), ("for", "this", "purpose"),
    ("in", "this", "case"), ("in", "this", "context"), ("in", "this", "regard"), ("in", "both"),
    # "furthermore" said shorter; "further studies are needed" leans on nothing
    ("further", ","),
    # a list's later items ("two , we may not have identified the appropriate method ...")
    ("two", ","), ("three", ","), ("four", ","), ("five", ","),
    # what the sentence before named: "the latter genes encode ...", "the others show divergent patterns ...", "the
    # remaining two cases ..." (read blind, "the others show ..." after another set of genes was counted unsupported)
    ("the", "latter"), ("the", "former"), ("the", "others"), ("the", "other"), ("the", "remaining"),
    # the case or the work the sentence before named: "in that case the percentages of hatching in the control wells
    # were ..." (read blind after a cited study's sentence left out, counted unsupported: the figures were the cited
    # study's), "in such cases ...", "among these , <dig> were ..."
    ("in", "that"), ("in", "such"), ("among", "them"),
    # an example of, or one more of, what the sentence before stated: "one example of this is the exploration of ..."
    # (read blind after another claim than the one it illustrates, counted unsupported), "another approach ..."
    ("one", "example"), ("an", "example"), ("one", "such"), ("another",),
    # a difference the sentence before stated: "the difference did not reach statistical significance ." (read
    # blind after another comparison, counted unsupported); not "the difference between ..."
    *(("the", difference, verb) for difference in ("difference", "differences")
      for verb in ("is", "was", "are", "were", "did", "does", "may", "might", "could", "remained")),
    # what the sentence before named, after a preposition: "within these <dig> sequences , <dig> ... were mapped ..."
    # (read blind after a sentence on other sequences, counted unsupported), "of these , ...", "under these conditions
    # , ..."; 175 of the 75,765 lines of SumPubMed valid papers 0-499 that a chooser may take
    *((preposition, demonstrative) for preposition in ("of", "for", "from", "using", "despite", "under", "within",
                                                        "with", "between", "during", "through", "beyond", "on", "at",
                                                        "after", "to", "by", "across", "among", "in")
      for demonstrative in ("these", "those")),
})
# a share of what the sentence before named: "most of these genes were upregulated ...", "all of them ..."
_SHARES = frozenset({"most", "many", "some", "all", "none", "each", "both", "one", "several", "half", "few", "either",
                     "neither", "any"})
_WHAT_WAS_NAMED = frozenset({"these", "those", "them", "this", "their", "its", "it"})
# ... also inside a sentence's first words, before any verb: "the transcript levels of <dig> of these genes were
# increased ..." (read blind after a sentence on other genes, counted unsupported); a share after a clause's verb or
# a semicolon may name what the same sentence did ("we identified <dig> cdss ; <dig> of these do not ...")
_SHARE_REACH = 8
_CLAUSE_BEFORE_A_SHARE = normalize.FINITE_WORDS | {";", "we", "they", "he", "she", "it"}
# "both" that opens a sentence with no "and" in this many words after it names the pair of the sentence before:
# "both enzymes are involved in ganglioside biosynthesis ." (read blind after a sentence on another pair, counted
# unsupported); "both x and y ..." names its own
_BOTH_PAIR_WORDS = 8
# a paper calls itself "this study": that leans on no sentence
SELF_REFERENCES = frozenset({"study", "paper", "work", "article", "report", "review", "manuscript", "research"})


def opening_of(tokens: Sequence[str], phrases: Collection[tuple]) -> Optional[tuple]:
    """The first of ``phrases`` (each a tuple of words) that ``tokens`` open with, None when they open with none."""
    return next((phrase for phrase in phrases if tuple(tokens[:len(phrase)]) == phrase), None)


def opens_with_one_of(tokens: Sequence[str], phrases: Collection[tuple]) -> bool:
    """Whether ``tokens`` open with one of ``phrases``, each a tuple of words."""
    return opening_of(tokens, phrases) is not None


def leans_on_previous(sentence: str) -> bool:
    """Whether a sentence (normal form) opens with words that lean on the sentence before it
    (``LEANING_OPENERS``, ``LEANING_OPENING_PHRASES``, or a share of what it named: "most of these genes
    ..."; "both" without its "and": "both enzymes are ..."), the paper's name for itself apart ("this study shows
    ..."), or names such a share in its first words ("the levels of <dig> of these genes were ...")."""
    words = sentence.split()
    if opens_with_one_of(words, LEANING_OPENING_PHRASES):
        return True
    if words[:1] == ["both"] and "and" not in words[1:_BOTH_PAIR_WORDS]:
        return True
    if len(words) > 2 and words[0] in _SHARES and words[1] == "of" and words[2] in _WHAT_WAS_NAMED:
        return not (len(words) > 3 and words[3] in SELF_REFERENCES)
    if _names_a_share_in_its_subject(words):
        return True
    return bool(words) and words[0] in LEANING_OPENERS and not (len(words) > 1 and words[1] in SELF_REFERENCES)


def _names_a_share_in_its_subject(words: Sequence[str]) -> bool:
    """Whether a share of what the sentence before named ("<dig> of these", "most of those") stands within the
    sentence's first ``_SHARE_REACH`` words with no verb, subject pronoun or semicolon before it."""
    for j in range(1, min(len(words) - 2, _SHARE_REACH)):
        if words[j] in _CLAUSE_BEFORE_A_SHARE:
            return False
        if (words[j] in _SHARES or words[j] == NUMBER) and words[j + 1] == "of" and words[j + 2] in ("these", "those"):
            return words[j + 3:j + 4] != [] and words[j + 3] not in SELF_REFERENCES
    return False


def choose_in_order(preference: Sequence[int], sentences: Sequence[str], k: Optional[int] = None,
                    words: Optional[int] = None, block_trigrams: bool = False,
                    skip_fragments: bool = False, max_trigram_overlap: float = 0.0,
                    non_sentences: Collection[int] = (), standalone: bool = False) -> List[int]:
    """Indices (in article order) of sentences taken in order of ``preference`` (best first): the
    first ``k`` or, with ``words``, those that fit in that many words (one that would overflow
    is passed over and the next tried; the first is always taken, so a summary is never empty).
    With ``block_trigrams``, a sentence is skipped when more than ``max_trigram_overlap`` of its
    word trigrams are in the sentences already taken: at 0, any repeated trigram (BertSumExt's
    trigram blocking); a paper restates its terms ("patients with type <dig> diabetes") in
    sentences that say new things, which a small share lets through.  With ``skip_fragments``,
    pieces of sentences (``is_fragment``) and the indices ``non_sentences`` (headings, captions, cut
    sentences: ``Document.non_sentences``, known from the raw text) are passed over, unless the
    text has nothing else. With ``standalone``, a sentence that leans on the one before it
    (``leans_on_previous``) waits until the rest are tried and is taken only if that one was."""
    if (k is None) == (words is None):
        raise ValueError("give the length as k sentences or as words, not both")
    if k is not None and k < 1:
        raise ValueError(f"the number of sentences to extract must be at least 1, got {k}")
    if words is not None and words < 1:
        raise ValueError(f"the number of words must be at least 1, got {words}")
    chosen: List[int] = []
    seen: set = set()
    used = 0

    def full() -> bool:
        return len(chosen) == k or (words is not None and used >= words)

    def take(i: int) -> None:
        nonlocal seen, used
        grams = _trigrams(sentences[i]) if block_trigrams else set()
        if grams and len(grams & seen) > max_trigram_overlap * len(grams):
            return
        cost = word_count(sentences[i]) if words is not None else 0
        if words is not None and chosen and used + cost > words:
            return
        used += cost
        chosen.append(i)
        seen |= grams

    waiting: List[int] = []  # sentences that lean on one not yet taken
    for i in preference:
        if full():
            break
        if skip_fragments and (i in non_sentences or is_fragment(sentences[i])):
            continue
        if standalone and leans_on_previous(sentences[i]) and i - 1 not in chosen:
            waiting.append(i)
            continue
        take(i)
    for i in waiting:
        if full():
            break
        if i - 1 in chosen:
            take(i)
    if not chosen and (skip_fragments or standalone):  # only pieces: the best of them
        return choose_in_order(preference, sentences, k, words, block_trigrams, max_trigram_overlap=max_trigram_overlap)
    return sorted(chosen)


def score_order(scores: Sequence[float]) -> List[int]:
    """Indices best first by score (ties in document order)."""
    return sorted(range(len(scores)), key=lambda i: (-scores[i], i))


def choose(scores: Sequence[float], sentences: Sequence[str], k: Optional[int] = None, block_trigrams: bool = True,
           words: Optional[int] = None, skip_fragments: bool = True, non_sentences: Collection[int] = ()) -> List[int]:
    """Indices (in article order) of the k best-scoring sentences (or, with ``words``, of the best
    that fit in that many words: ``choose_in_order``), skipping any that repeats a word trigram of
    one already chosen when ``block_trigrams`` and pieces of sentences (``is_fragment``: headings,
    captions, a sentence cut by a line break; and ``non_sentences``, by the raw text) when ``skip_fragments``.
    ``sentences`` are the normalized sentences the scores belong to (scores may be fewer: the rest
    were not read)."""
    return choose_in_order(score_order(scores), sentences, k, words, block_trigrams, skip_fragments,
                           non_sentences=non_sentences)


# Reciprocal rank fusion's constant (Cormack, Clarke & Buettcher 2009): a sentence's fused score is
# the sum over rankings of weight / (RRF_K + its rank there)
RRF_K = 60


def fused_preference(scores: Sequence[float], rankings: Mapping[str, Sequence[int]],
                     weights: Mapping[str, float], position_weight: float = 0.0) -> List[int]:
    """Indices best first by reciprocal rank fusion of the model's scores (weight 1), each named
    ranking of ``rankings`` (indices best first, e.g. LexRank's) with its weight in ``weights``,
    and the sentences' position (earlier first, ``position_weight``):

        fused(i) = 1 / (K + rank_model(i)) + sum_r w_r / (K + rank_r(i)) + w_pos / (K + i),  K = RRF_K

    ``scores`` may be fewer than the ranked sentences (the rest were not read): only the scored
    ones are ranked.  A ranking without a weight takes no part."""
    n = len(scores)
    model_rank = {i: r for r, i in enumerate(score_order(scores))}
    ranks = {name: {i: r for r, i in enumerate(i for i in rankings[name] if i < n)} for name in weights}

    def fused(i):
        return (1 / (RRF_K + model_rank[i]) + position_weight / (RRF_K + i)
                + sum(weights[name] / (RRF_K + rank.get(i, n)) for name, rank in ranks.items()))

    return sorted(range(n), key=lambda i: (-fused(i), i))


@dataclass(frozen=True)
class Selection:
    """How an extractive model's scores become a summary: ``k`` sentences or as many as fit in
    ``words``; with fusion weights, the model's ranking fused with LexRank's (``lexrank_weight``),
    with the weighted degree centrality's (``degree_weight``, ``centrality.CENTRALITIES``) and
    with the sentences' order (``position_weight``) by ``fused_preference``; trigram blocking
    (a sentence more than ``max_trigram_overlap`` of whose trigrams are already in the summary is
    skipped), pieces of sentences passed over and, with ``standalone``, a sentence that leans on the
    one before it taken only after it, as ``choose_in_order``."""

    k: Optional[int] = None
    words: Optional[int] = None
    lexrank_weight: float = 0.0
    degree_weight: float = 0.0
    position_weight: float = 0.0
    max_trigram_overlap: float = 0.0
    standalone: bool = False

    @property
    def centrality_weights(self) -> Dict[str, float]:
        """{centrality name: weight} of the centralities fused (weight above 0)."""
        weights = {"lexrank": self.lexrank_weight, "degree": self.degree_weight}
        return {name: weight for name, weight in weights.items() if weight}

    @property
    def fused(self) -> bool:
        return bool(self.centrality_weights or self.position_weight)

    def preference(self, scores: Sequence[float], sentences: Sequence[str]) -> List[int]:
        if not self.fused:
            return score_order(scores)
        from .centrality import centrality_rankings

        weights = self.centrality_weights
        rankings = centrality_rankings(sentences[:len(scores)], list(weights))
        return fused_preference(scores, rankings, weights, self.position_weight)

    def choose(self, scores: Sequence[float], sentences: Sequence[str], non_sentences: Collection[int] = ()) -> List[int]:
        """Indices (article order) of the summary's sentences; ``non_sentences``: indices of headings,
        captions and cut sentences (``Document.non_sentences``), passed over as pieces of sentences are."""
        return choose_in_order(self.preference(scores, sentences), sentences, self.k, self.words,
                               block_trigrams=True, skip_fragments=True, max_trigram_overlap=self.max_trigram_overlap,
                               non_sentences=non_sentences, standalone=self.standalone)

    def choose_in(self, document, scores: Sequence[float]) -> List[int]:
        """``choose`` among the first ``len(scores)`` sentences of a ``Document`` (those a model read
        and scored), passing over its ``non_sentences``: how the app, the harness and the rewriter's
        chooser choose."""
        return self.choose(scores, document.sentences[:len(scores)], document.non_sentences)


def sentence_scores(model, dictionary, sources: Sequence[str]) -> List[List[float]]:
    """The model's logit for every sentence of each source line (pieces joined by ``<n>``), one
    batch, padded on the right."""
    import torch
    from fairseq.data import data_utils

    rows = [dictionary.encode_line(line, add_if_not_exist=False, append_eos=True).long() for line in sources]
    tokens = data_utils.collate_tokens(rows, dictionary.pad(), left_pad=False)  # (B, T)
    lengths = torch.tensor([r.numel() for r in rows])
    with torch.inference_mode():
        logits, padding_mask = model(tokens, lengths)  # (B, S), (B, S)
    return [logits[i][~padding_mask[i]].tolist() for i in range(len(rows))]


# ---------------------------------------------------------------------------------------------
# The greedy oracle: the labels an extractive model learns
# ---------------------------------------------------------------------------------------------


def _ngrams(tokens: Sequence[str], n: int) -> Counter:
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def _f1(overlap: int, hyp_total: int, ref_total: int) -> float:
    if overlap == 0 or hyp_total == 0 or ref_total == 0:
        return 0.0
    p, r = overlap / hyp_total, overlap / ref_total
    return 2 * p * r / (p + r)


def _overlap_gain(candidate: Counter, selected: Counter, reference: Counter) -> int:
    """How much adding ``candidate``'s n-grams to ``selected`` raises the clipped overlap with
    ``reference`` (sum over n-grams of min(count, reference count)): only the candidate's own
    n-grams can change, so this costs O(|candidate|), not O(|selected|)."""
    gain = 0
    for gram, count in candidate.items():
        limit = reference.get(gram, 0)
        if limit:
            have = selected.get(gram, 0)
            gain += min(have + count, limit) - min(have, limit)
    return gain


def oracle_indices(sentences: Sequence[str], reference_sentences: Sequence[str],
                   max_sentences: Optional[int] = 3) -> List[int]:
    """Greedy oracle: indices (in article order) of the sentences whose union maximises
    ROUGE-1 F + ROUGE-2 F against the reference, added one at a time while the sum improves.

    The overlaps and lengths of the union are kept as running integer counts and each candidate
    adds only its own n-grams (``_overlap_gain``): the same choices as recounting the union for
    every candidate, at a cost that does not grow with the summary (a paper's oracle picks a
    dozen of its 200 sentences)."""
    ref_tokens = [t for s in reference_sentences for t in rouge_tokens(s)]
    ref1, ref2 = _ngrams(ref_tokens, 1), _ngrams(ref_tokens, 2)
    ref1_total, ref2_total = sum(ref1.values()), sum(ref2.values())
    cand = []
    for sentence in sentences:
        toks = rouge_tokens(sentence)
        c1, c2 = _ngrams(toks, 1), _ngrams(toks, 2)
        cand.append((c1, c2, sum(c1.values()), sum(c2.values())))
    selected: List[int] = []
    sel1, sel2 = Counter(), Counter()
    overlap1 = overlap2 = length1 = length2 = 0  # of the union chosen so far
    best_score = 0.0
    limit = len(sentences) if max_sentences is None else min(max_sentences, len(sentences))
    while len(selected) < limit:
        best_i, best_new = None, best_score
        for i, (c1, c2, n1, n2) in enumerate(cand):
            if i in selected or not c1:
                continue
            o1 = overlap1 + _overlap_gain(c1, sel1, ref1)
            o2 = overlap2 + _overlap_gain(c2, sel2, ref2)
            score = _f1(o1, length1 + n1, ref1_total) + _f1(o2, length2 + n2, ref2_total)
            if score > best_new:
                best_i, best_new = i, score
        if best_i is None:
            break
        c1, c2, n1, n2 = cand[best_i]
        overlap1 += _overlap_gain(c1, sel1, ref1)
        overlap2 += _overlap_gain(c2, sel2, ref2)
        length1, length2 = length1 + n1, length2 + n2
        sel1 += c1
        sel2 += c2
        selected.append(best_i)
        best_score = best_new
    return sorted(selected)

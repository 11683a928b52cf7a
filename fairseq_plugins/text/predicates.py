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
   ...", "identification of genes regulated by the ja signalling pathway ."), or that marks what a
   figure shows, "( arrow )", "( asterisk )" ("... deposition disease demonstrated by deposits of
   microcrystals in the menisci ( arrow ) ...": 4 lines of the 200 Cohan-format papers, all
   legends): there it qualifies a noun (and so does a clause's word of rule 1 in that place);
3. a word that can be a verb followed by its object's first word: a determiner or a number
   ("reports the isolation ...", "plays an important role", "averages <dig> % ..."), but for a noun
   before a number in a line that opens as a title does ("number of genes ... in body map <dig> ...");
4. a past form followed by anything but a preposition, a conjunction, a comma or a colon
   ("increased insulin secretion", "completed the study", "correlated significantly with",
   "ferritin levels increased ."; a participle after its noun, "the unit used for treatments", is
   followed by its preposition, but a verb of change before a range's "from ... to" is finite, "the
   number of markers varied from three to seven");
5. a word that can be a verb after an adverb in -ly or one of ``ADVERBS_BEFORE_A_VERB``
   ("typically present with ...", "rates also increase at ..."), but for a past form between an adverb in -ly
   and "by", a participle and its agent ("motif hits experimentally tested by chip analysis ...", "originally
   published by ...": 2 more lines of SumPubMed train papers 0-999, both a table's title or footnote), where no
   number follows "by" ("levels significantly decreased by <dig> %" is a change by an amount).

In a line that opens as a figure's title does, no word right after an article is its verb ("results of the got
analysis of motifs ...", "number of candidate genes screened from the indicated cell types ...": 3 more lines of
SumPubMed train papers 0-999 and valid 500-599, all titles).

Bracketed text does not count (a caption's bracket, "( n = 549 )", holds no predicate of the line);
neither do "-ing" forms, which are not finite, nor the parts of a compound adjective that the
normal form split at its hyphen ("contrast - enhanced ct", "paired - end reads"; "self - reported" stays a
verb, ``VERB_PREFIXES``). Of the 1,500 sentences the papers chooser took from the 200 Cohan-format PubMed
papers (valid and train) before this test, 20 have no predicate by it: 16 captions, legends, a
table's rows or footnotes, and 4 sentences of the paper whose verb the lexicon also reads as a noun
or that a preposition follows ("... results in end - stage renal failure", "... varied from 5 % to
93 %"). Of the 4,788 sentences of 50 of those papers that are no fragments, 119 (2.5%), of which 35
of a sample of 40 are no sentences (a line broken inside a sentence, "in tissue sections , cd79a and
pax5 .", a table's significance legend, "* * p <dig> ; * p <dig> .", LaTeX source).
"""
import itertools
import re
from typing import Callable, Collection, Optional, Sequence, Set

from .extraction import CLAUSE_WORDS, COUNT_WORDS, DETERMINERS, opens_with_one_of, word_classes
from .masking import CITATION, NUMBER
from .readable import citation_holes
from .normalize import (FRONTING_WORDS, OPENING_SUBORDINATORS, SUBJECT_PRONOUNS, closes_fronted_phrase,
                        ends_an_opening_subordinate_clause, normalize_text)

# the first word of a verb's object
OBJECT_OPENINGS = DETERMINERS | {"some", "more", "most"}
# past participles not in "-ed" that qualify a title's noun before their preposition ("members of ... found in the
# proteomes ...")
_IRREGULAR_PARTICIPLES = frozenset({"found", "shown", "given", "seen", "known", "made", "taken", "grown", "held",
                                    "kept", "drawn", "chosen", "written", "built", "bound", "done", "shrunk"})
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
    "accumulation outline design overlay sequence sequences model models chart".split())
_CAPTION_HEAD_LINKS = frozenset({"of", "between"})
# ... of which those that name a drawing, a title's even after "a" ("a flowchart of the overlap function ...")
_DRAWING_HEADS = frozenset({"chart", "flowchart", "diagram", "schematic", "representation", "overview", "outline",
                            "illustration", "sketch", "cartoon", "scheme", "workflow", "timeline"})
# what opens a title's item: a past form after it qualifies the item's noun ("... : paired testes mass , ..."), and
# so it does after a title's preposition ("overview of collected samples from a. annua .": read blind, counted a
# caption; 3 more lines of SumPubMed train papers 0-999 without a predicate, two titles and a sentence whose verb the
# lexicon does not know, "correlation of competence , cell clumping and dna release fit well with ...")
_TITLE_ITEM_OPENERS = frozenset({":", ",", ";", "of", "from", "in", "with", "for", "between", "among"})
# what a figure's legend marks in brackets: "( arrow )", "( arrowheads )", "( curved arrow )", "( asterisk )"
_LEGEND_MARKER_RE = re.compile(r"\(\s*(?:\w+\s+)?(?:arrows?|arrowheads?|asterisks?)\s*\)")


# pronouns, which the lexicon lists as nouns: no noun phrase's last word (``is_only_a_noun``)
PRONOUNS = frozenset({"i", "we", "you", "he", "she", "it", "they", "us", "them", "one"})


def is_only_a_noun(word: str) -> bool:
    """Whether the lexicon knows ``word`` as a noun and as nothing else ("integration", "identification"; not
    "study", "levels", which can be verbs, nor a pronoun, which lemminflect lists as a noun)."""
    return word not in PRONOUNS and word_classes(word) == {"NOUN"}


def is_a_past_verb(word: str) -> bool:
    """"increased": a past form the lexicon knows as a verb (it may also know it as an adjective)."""
    return word.endswith("ed") and "VERB" in word_classes(word)


def is_only_a_verb(word: str) -> bool:
    """Whether the lexicon knows ``word`` as a verb and as nothing else: "contains", "reported", "encodes"
    (not "shows" or "results", nouns too, nor "based", an adjective too)."""
    classes = word_classes(word)
    return "VERB" in classes and classes.isdisjoint(_NOT_ONLY_A_VERB)


# a table footnote's number glued to its first word ("2number of differentially expressed genes ...", "1the habitats
# of s. meliloti ... were indicated in <cit> ."): one or two digits, then a word; a longer number or a word the
# lexicon does not know is a name ("35000hp is the only h. ducreyi strain ...", "2cpa")
_GLUED_MARK_RE = re.compile(r"^\d{1,2}([a-z]{2,})\b")
# ... or a footnote's letter before a word a table's footnote opens with ("athe most important genes ... were
# considered .", "cnot applicable since ...", "ddata are from ..."); where the two make a word ("fall", "four",
# "every", names: "chen", "adams") the lexicon cannot tell, so only these words are read after a letter
_GLUED_LETTER_RE = re.compile(r"^[a-h](the|these|this|only|not|data|values?|numbers?|results?|genes?|including|based)\b")
# the function words a glued mark comes before, which the lexicon of content words lacks
_FUNCTION_WORDS = frozenset({"the", "a", "an", "we", "this", "these", "all", "no", "each", "in", "for", "of", "to", "on",
                             "at", "by", "our", "its"})


def opens_with_a_glued_mark(sentence: str) -> bool:
    """Whether a line of a paper in the normal form opens with a footnote's number glued to its first word
    (``_GLUED_MARK_RE``, the word a known one: "4this gene set was generated by our previous work <cit> ."): a
    table's footnote. 112 lines of SumPubMed train papers 0-1,499 (56 not passed over before, the 40 read all
    footnotes); read blind, "10two distinct protein types were distinguished ..." was counted one. A footnote's
    letter glued to a footnote's first word (``_GLUED_LETTER_RE``, "athe most important genes ..."): 37 lines of
    SumPubMed train papers 0-999 not passed over before, all footnotes. Papers only."""
    mark = _GLUED_MARK_RE.match(sentence)
    return (mark is not None and _is_a_known_word(mark.group(1))) or _GLUED_LETTER_RE.match(sentence) is not None


# the participles of a work's description whose object, a citation, names the work ("the method developed in <cit>
# uses ...")
_CITING_PARTICIPLES = frozenset({"shown", "found", "given", "done", "made", "proposed", "presented", "described",
                                 "developed", "reported", "introduced", "used", "published", "suggested", "identified"})


def names_its_work_only_by_a_citation(sentence: str) -> bool:
    """Whether a masked paper's line names the work it reports only by a citation, which a summary leaves out
    (``pointers.drop_pointers``): a lead phrase "in <cit> ," or a run of them ("in <cit> and <cit> ,") ("in <cit> , we
    address such challenges by introducing ..." would read as this paper's work; "in <cit> and <cit> , the authors have
    built on this approach ..." was read ", the authors have ...": 1 more line of valid papers 0-499), or a subject
    whose participle's object the citation is, right before the main verb ("the work presented in <cit> used semantic
    similarity to rank ..." would credit this paper with it). 19 and 13 lines of SumPubMed train papers 0-999; two read
    blind, counted unsupported and broken."""
    tokens = sentence.split()
    if tokens[:2] == ["in", CITATION] and any(not before and after[:1] == [","]
                                             for before, after in citation_holes(sentence)):
        return True
    for i in range(2, len(tokens) - 1):
        if (tokens[i] == CITATION and tokens[i - 1] in ("in", "by") and tokens[i - 2] in _CITING_PARTICIPLES
                and (tokens[i + 1] in _FINITE_WORDS or _is_a_finite_verb_after_a_subject(tokens[i + 1]))):
            return True
    return False


# the words a citation completes, which a summary that drops it leaves with a hole ("supervised prescreening studies
# include <cit> , which conducts ..." reads "... studies include , which conducts ...", "we refer the reader to <cit> ."
# reads "we refer the reader .", "according to <cit> , mating types have evolved ..." reads "according , mating types
# ...", "... between steptoe and morex and <cit> in a cross ..." reads "... and morex and in a cross ...") ...
_COMPLETED_BY_A_CITATION = frozenset({"include", "includes", "according", "reader", "and", "or"})
# ... and those it completes where the clause ends after it ("a quality assurance protocol as in <cit> , was followed
# ..." reads "... protocol as , was followed ...", "the dataset used in this study is <cit> and was extracted ..."),
# the last two words of a pair ("details can be found in <cit> .", "as described in references <cit> , respectively";
# not "unsuitable as references <cit> .")
_COMPLETED_BEFORE_A_CLAUSE_END = frozenset({"as", "is", "are", "was", "were", "be"})
_PAIRS_COMPLETED_BEFORE_A_CLAUSE_END = frozenset({("be", "found"), ("in", "references"), ("see", "references")})
_CLAUSE_ENDS_AFTER_A_CITATION = frozenset({".", ",", ";", ":", ")", "and", "or"})


def needs_its_citation(sentence: str) -> bool:
    """Whether a masked paper's line leans on a citation as a word it needs: the words before the place
    ``readable.citation_holes`` finds, once a summary drops the citation (its preposition and lead-in with it), are
    ``_COMPLETED_BY_A_CITATION``, or before a clause's end ``_COMPLETED_BEFORE_A_CLAUSE_END`` or a pair of
    ``_PAIRS_COMPLETED_BEFORE_A_CLAUSE_END`` ("exhaustive reviews can be found in <cit> and <cit> ." reads "exhaustive
    reviews can be found ."). Of the sentences of SumPubMed train papers 0-999 not passed over already, 74, all but
    two holes (a masked enumerator read as a citation: "two fusion forms were generated : <cit> a deletion ... and <cit>
    a substitution ..."); three of SumPubMed train papers 13,200-13,299 read blind, each counted broken."""
    for before, after in citation_holes(sentence):
        if not before:
            continue
        ends = not after or after[0] in _CLAUSE_ENDS_AFTER_A_CITATION
        if before[-1] in _COMPLETED_BY_A_CITATION or ends and (
                before[-1] in _COMPLETED_BEFORE_A_CLAUSE_END
                or tuple(before[-2:]) in _PAIRS_COMPLETED_BEFORE_A_CLAUSE_END):
            return True
    return False


# a finite "be" or "have" after "and" that goes on a clause the line does not hold ("ssb proteins and are found
# throughout nature ...": the words before "and" lost their verb, or the line its start)
_BE_HAVE_AFTER_AND = frozenset({"is", "are", "was", "were", "has", "have"})
_LOST_CLAUSE_WORDS = 3  # the words before "and", at most


def joins_a_verb_to_no_clause(sentence: str) -> bool:
    """Whether a masked paper's line opens with a few words, "and" and a finite "be" or "have", and the words before
    "and" are plain words (or a number and "=") with no predicate and no subject pronoun: "and" goes on a clause the
    line does not hold, its verb or its start lost ("e = <dig> and were distributed over the <dig> chromosomes .",
    "datasets and were compiled from fold - change data ...", the splitter's cut or the data set's removed names). 2
    lines of SumPubMed train papers 0-999 and 4 of valid papers 0-499, all such; not a clause's verb before "and" ("the
    cats were awake and were restrained ...")."""
    tokens = sentence.split()
    if "and" not in tokens[1:_LOST_CLAUSE_WORDS + 1]:
        return False
    i = tokens.index("and")
    before = tokens[:i]
    return (i + 1 < len(tokens) and tokens[i + 1] in _BE_HAVE_AFTER_AND
            and all(word.isalpha() or word in (NUMBER, "=") for word in before)
            and _FINITE_WORDS.isdisjoint(before) and SUBJECT_PRONOUNS.isdisjoint(before)
            and not has_predicate(" ".join(before)))


# a line whose only predicate says its subject is shown here: a legend's or a table's title ("output of cnvnator is
# reported here .", "the codon usage in the polymorphic regions is shown here .")
_SHOWN_HERE_RE = re.compile(r"^(?P<subject>[^,;]+) (?:is|are) (?:also )?(?:shown|reported|given|listed|presented|"
                            r"displayed|summari[sz]ed) here \.$")


def shows_its_subject_here(sentence: str) -> bool:
    """Whether a line is a noun phrase with no predicate of its own and "is shown here" (``_SHOWN_HERE_RE``): a
    legend's or a table's line ("output of cnvnator is reported here .", read blind as a caption), not a clause that
    says so after its own ("all results were consistent across runs and only one run is presented here ."). 4 lines
    of SumPubMed train papers 0-999, none of valid papers 0-499."""
    shown = _SHOWN_HERE_RE.match(sentence)
    return shown is not None and not has_predicate(shown.group("subject"))


def _is_a_finite_verb_after_a_subject(word: str) -> bool:
    """A past form or a present one in "-s" that the lexicon knows as a verb ("used", "uses", "showed")."""
    return (word.endswith("ed") or word.endswith("s")) and "VERB" in word_classes(word)


def _is_a_base_verb(word: str) -> bool:
    """A verb's base form the lexicon knows, not a past or present one ("avoid", "analyse"; not "used", "uses")."""
    return "VERB" in word_classes(word) and not word.endswith(("ed", "ing", "s"))


def _is_a_known_word(word: str) -> bool:
    """Whether ``word`` is a function word or one the lexicon knows: an English word, not a name glued to a mark
    or a species' epithet."""
    return word in _FUNCTION_WORDS or bool(word_classes(word))


def _outside_brackets(tokens: Sequence[str]) -> list:
    kept, depth = [], 0
    for token in tokens:
        depth += (token in "([") - (token in ")]")
        if depth == 0 and token not in ")]":
            kept.append(token)
    return kept


_RANGE_REACH = 8  # the words of a range's first end: "from one to five", "from <dig> % in controls to <dig> %"


def _spans_a_range(tokens: Sequence[str], i: int) -> bool:
    """Whether the past form at ``i`` is followed by a range's two ends, "from ... to ...": a verb of change, not a
    participle ("the range of changes ... varied from one to five", "levels increased from <dig> to <dig>")."""
    if tokens[i + 1:i + 2] != ["from"]:
        return False
    first_end = itertools.takewhile(lambda word: word not in (",", ";", CITATION), tokens[i + 3:i + 3 + _RANGE_REACH])
    return "to" in first_end


def _opens_as_a_title(tokens: Sequence[str]) -> bool:
    """Whether a line opens as a figure's or table's title: a noun of ``CAPTION_HEADS`` and "of" or "between", or
    "a" and a drawing's noun (``_DRAWING_HEADS``), at most one word between them ("a flow chart of the established
    protocol ...", "a schematic representation of ..."; not "a number of ...", "a deep analysis of ... led to ...",
    nor after "the", which open a sentence's subject as often: "the effect of ... depended on ...")."""
    if tokens[:1] == ["a"]:
        head = 2 if len(tokens) > 3 and tokens[3] in _CAPTION_HEAD_LINKS else 1
        return len(tokens) > head + 1 and tokens[head] in _DRAWING_HEADS and tokens[head + 1] in _CAPTION_HEAD_LINKS
    # the head, or the head after a hyphenated modifier of two words ("qrt - pcr results of ...")
    head = 3 if len(tokens) > 3 and tokens[1] == "-" and tokens[0] not in DETERMINERS else 0
    return len(tokens) > head + 1 and tokens[head] in CAPTION_HEADS and tokens[head + 1] in _CAPTION_HEAD_LINKS


def has_predicate(sentence: str, as_title: bool = False) -> bool:
    """Whether a line in the normal form has a finite verb by the rules of the module docstring; ``as_title``: read
    as a title whatever its opening."""
    tokens = _outside_brackets(sentence.split())
    title_opening = as_title or _opens_as_a_title(tokens) or _LEGEND_MARKER_RE.search(sentence) is not None
    for i, word in enumerate(tokens):
        after = tokens[i + 1] if i + 1 < len(tokens) else "."
        if title_opening and i and tokens[i - 1] in ARTICLES:
            continue  # a title's noun phrase: "results of the got analysis of motifs ...", "... the indicated cell types"
        participle = ((word.endswith("ed") or title_opening and word in _IRREGULAR_PARTICIPLES)
                      and after in _AFTER_PARTICIPLE and (title_opening or not _spans_a_range(tokens, i)))
        # a clause's word, but in a title or a legend a past form before its preposition qualifies a
        # noun ("... deposition disease demonstrated by deposits of microcrystals ( arrow ) ...")
        if word in CLAUSE_WORDS and not (title_opening and participle):
            return True
        if title_opening and word.endswith("ing"):
            continue  # a title's gerund: "a flow chart of the ... methods for sorting the b-cell subsets ..."
        if title_opening and word.endswith("ed") and i and tokens[i - 1] in _TITLE_ITEM_OPENERS:
            continue  # a title's item, a past form before its noun: "... production parameters : paired testes mass ,",
            # "overview of collected samples from a. annua ."
        classes = word_classes(word)
        if title_opening and word.endswith("ed") and "ADJ" in classes and "NOUN" in word_classes(after):
            continue  # a title's modifier before its noun: "qrt - pcr results of <dig> immune and inflammatory response
            # related genes in kidney tissues from ibv - infected chickens compared to those of control chickens ."
        # a past form the lexicon knows as an adjective only ("correlated") is a verb by where it stands
        if "VERB" not in classes and not (classes and word.endswith("ed")):
            continue
        before = tokens[i - 1] if i else ""
        if word.endswith("ed") and before in _DEGREE_ADVERBS and i > 1 and tokens[i - 2] in _MODIFIER_LEADS:
            continue  # a participle that a degree adverb makes a modifier after a preposition or a determiner: "fst
            # values for highly differentiated loci across all four ... population pairs .", a table's title (read
            # blind as one); after a noun it may be the verb ("t cells highly expressed co-stimulator receptors")
        agent = tokens[i + 2] if i + 2 < len(tokens) else ""
        if word.endswith("ed") and after == "by" and _is_a_manner_adverb(before) and not _NUMBER_RE.fullmatch(agent):
            continue  # a participle and its agent after an adverb: "motif hits experimentally tested by chip analysis"
        if (title_opening and (word.endswith("ed") or word in _IRREGULAR_PARTICIPLES)
                and _modifies_inside_a_noun_phrase(tokens, i)):
            continue  # a title's modifier and its adverb before a noun: "... derived from completely sequenced
            # bacterial genomes ."
        if before == "-" and (i == 2 or (tokens[i - 2] if i > 1 else "") not in VERB_PREFIXES):
            continue  # the last part of a compound adjective the normal form split: "contrast - enhanced ct", and
            # at a line's opening one a prefix makes ("up - regulated biomarkers predictive of cardiac injury .")
        if after == "-" and word.endswith("ed") and len(word) > 4:
            continue  # its first part: "paired - end reads"
        # (in a title, a noun before a number names something: "number of genes ... in body map <dig>")
        if ((classes.isdisjoint(_NOT_ONLY_A_VERB) and not (title_opening and participle))
                or after in OBJECT_OPENINGS or _NUMBER_RE.fullmatch(after) and not (title_opening and "NOUN" in classes)
                or (word.endswith("ed") and not participle)
                or _is_a_manner_adverb(before) or before in ADVERBS_BEFORE_A_VERB):
            return True
    return False


# adverbs of degree that make the participle after them a modifier where a preposition or a determiner stands before
# them ("for highly differentiated loci", "the differentially expressed genes")
_DEGREE_ADVERBS = frozenset({"highly", "differentially"})


def _is_a_manner_adverb(word: str) -> bool:
    """Whether ``word`` is an adverb in -ly ("typically", "experimentally"; not "fly")."""
    return word.endswith("ly") and len(word) > 4


# no verb follows them in a title ("results of the got analysis": an acronym the lexicon reads as a verb)
ARTICLES = frozenset({"the", "a", "an"})


# a table's count in its title: "( n = 549 )", "( n=549 )", "( n = 23,841 )"
_COUNT_RE = re.compile(r"\(\s*n\s*=\s*\d[\d,.]*\s*\)", re.IGNORECASE)
# what a title's count is followed by when the title is the subject of the sentence: its verb, or a
# relative clause ("the remaining women ( n = 23,841 ) who had ..."); the lexicon reads "who" as a noun
_RELATIVE_WORDS = frozenset({"who", "whom", "whose", "which", "that"})
# a sentence's fronted phrase after a title's count: "( n = 227 ) of the 2246 maternal prospective
# cases , 1383 with known pregnancy outcome resulted in ...", "( n = 288 ) among the diabetic patients ,
# 356 ( 97.3% ) tested ..."; a quantity's count is followed by what it counts ("three percent ( n =
# 300 ) of the letters were returned")
_FRONTING_PREPOSITIONS = frozenset({"of", "among", "in"})
_QUANTITY_WORDS = frozenset({"%", "percent", "per", "cent"})
_FRONTED_PHRASE_WORDS = 10  # the words of a fronted phrase before its comma


def _opens_with_a_fronted_phrase(words: Sequence[str]) -> bool:
    """Whether ``words`` open with a phrase of no finite verb that a comma ends within
    ``_FRONTED_PHRASE_WORDS`` words ("of the 2246 maternal prospective cases , ...")."""
    head = words[:_FRONTED_PHRASE_WORDS + 1]
    return "," in head and not has_predicate(" ".join(head[:head.index(",")]))


def runs_a_title_in(verbatim: str) -> bool:
    """Whether a raw sentence opens with a table's title that ends in its count and runs into a
    sentence of its own: "place of detection of venous thromboembolism ( n = 549 ) duration of
    hospitalization ...", "diagnosis of ... during the postoperative period ( n = 81 ) the most common
    ( 73 % ) symptom was ...". The words before the count hold no finite verb (a past form before its
    preposition qualifies the title's noun: "patients referred from different medical specialties ( n=434 )
    the demographic ...") and open with no determiner or fronting word ("in group a ( n = 20 ) the mean
    age was ..."), and the word after
    it is a determiner or a noun or adjective that cannot be a verb (a title that is the sentence's
    subject goes on with its verb: "patients treated with fcm alone ( n = 233 ) had ..."), or it
    opens the next sentence's fronted phrase (``_FRONTING_PREPOSITIONS``: "... ( n = 227 ) of the
    2246 maternal prospective cases , 1383 ...", where what the count ends is no quantity). The
    masked normal form drops the bracket, so the raw sentence is read. 12 titles in the 200
    Cohan-format PubMed papers, no sentence."""
    match = _COUNT_RE.search(verbatim)
    if match is None:
        return False
    before = normalize_text(verbatim[:match.start()], end_lines=False).split()
    after = normalize_text(verbatim[match.end():], end_lines=False).split()
    if len(before) < 2 or not after or before[0] in DETERMINERS or before[0] in FRONTING_WORDS:
        return False
    # (a past form before its preposition is no verb of the title)
    reduced = [word for i, word in enumerate(before)
               if not (word.endswith("ed") and i + 1 < len(before) and before[i + 1] in _AFTER_PARTICIPLE)]
    if has_predicate(" ".join(reduced)) or after[0] in _RELATIVE_WORDS:
        return False
    if after[0] in _FRONTING_PREPOSITIONS:
        return _opens_with_a_fronted_phrase(after) and before[-1] not in _QUANTITY_WORDS \
            and not _NUMBER_RE.fullmatch(before[-1])
    classes = word_classes(after[0])
    return after[0] in DETERMINERS or bool(classes) and classes <= {"NOUN", "ADJ"}


_SUBORDINATING_WORDS = _RELATIVE_WORDS | {"whether", "if", "when", "where", "how", "why"}
_MAIN_CLAUSE_SUBJECTS = frozenset({"we", "i", "they", "it"})


# the participles that open a comparison's phrase ("compared to the positions in the human genome .")
COMPARING_OPENINGS = (("compared", "to"), ("compared", "with"))


def is_a_comparison_only(sentence: str) -> bool:
    """Whether a line in the normal form is a comparison's phrase and no clause: "compared to" or "compared with",
    then words with no finite verb ("compared to the positions in the human genome .", the end of a sentence that a
    line break cut; read blind, counted a fragment), which the lexicon's "compared" would pass as a verb. 3 lines of
    the Cohan-form papers, passed over before by other tests; none of SumPubMed train papers 0-999."""
    tokens = sentence.split()
    return opens_with_one_of(tokens, COMPARING_OPENINGS) and not has_predicate(" ".join(tokens[2:]))


# a run-in heading's words before its colon: two to four words of letters only, none of them a word that opens or joins
# a clause or counts ("while bd : yab <dig> constructs produced ...", "seven primer pairs : im <dig> ... were used" are
# sentences whose colon joins names or opens a list)
_RUN_IN_HEADING_WORDS = (2, 4)
_NOT_IN_A_RUN_IN_HEADING = DETERMINERS | _FUNCTION_WORDS | COUNT_WORDS | frozenset({
    "first", "second", "third", "after", "before", "while", "when", "moreover", "however", "and", "or", "as", "with"})


def opens_with_a_run_in_heading(sentence: str) -> bool:
    """Whether a line in the normal form opens with a run-in heading, a few content words and their colon, before a
    clause: "mouse data : two microarray data sets , namely the learning data set and the validation data set , were
    defined ." (read blind, counted a label spliced on), "data processing : all fids were multiplied by ...". 39 lines
    of SumPubMed train papers 0-999 and the 200 Cohan-form papers not passed over before, all methods' headings or
    legends' keys."""
    tokens = sentence.split()
    colon = next((i for i, token in enumerate(tokens[:_RUN_IN_HEADING_WORDS[1] + 1]) if token == ":"), None)
    if colon is None or not _RUN_IN_HEADING_WORDS[0] <= colon <= _RUN_IN_HEADING_WORDS[1]:
        return False
    heading, clause = tokens[:colon], tokens[colon + 1:]
    return (all(word.isalpha() and word not in _NOT_IN_A_RUN_IN_HEADING for word in heading)
            and clause[:1] != [":"] and not has_predicate(" ".join(heading)) and has_predicate(" ".join(clause)))


# the words before a past form that make it a modifier, not a verb: "top <dig> overrepresented words", "the top <dig>
# kegg pathways with the most associated sequences"
_MODIFIER_LEADS = DETERMINERS | {NUMBER, "most", "more", "highly", "significantly", "differentially", "with", "by",
                                 "of", "for", "in"}


def is_a_ranked_list_title(sentence: str) -> bool:
    """Whether a masked paper's line is the title of a table of the highest ranked things ("top <dig> overrepresented
    words for the core promoter regions in arabidopsis thaliana .", read blind as a table's title with no verb; the
    lexicon reads "words" as one): it opens with "top <dig>" or "the top <dig>", and holds no finite verb
    (``_FINITE_WORDS``) and no past form after a word that is no modifier's lead ("the top <dig> domains contained
    ..." is a sentence). In SumPubMed train papers 0-999 and the 200 Cohan-format papers: 1 such line, a title."""
    tokens = sentence.split()
    rank = 1 if tokens[:1] == ["the"] else 0
    if tokens[rank:rank + 2] != ["top", NUMBER] or not _FINITE_WORDS.isdisjoint(tokens):
        return False
    return not any(is_a_past_verb(word) and tokens[k - 1] not in _MODIFIER_LEADS
                   for k, word in enumerate(tokens[rank + 2:], rank + 2))


# the past participles that name where or how a title's things were found or made, before their preposition
# ("members of ... found in the proteomes derived from ...", "locations of the tsss identified for the three genes")
_PASSIVE_PARTICIPLES = _IRREGULAR_PARTICIPLES | {
    "identified", "detected", "derived", "used", "obtained", "observed", "isolated", "expressed", "located",
    "reported", "predicted", "encoded", "selected", "sequenced", "annotated", "mapped", "based", "collected",
    "measured", "determined", "generated", "analyzed", "analysed", "performed"}


def is_a_title_of_things_and_where_they_are(sentence: str) -> bool:
    """Whether a line is a table's title that names things by where they were found: a plural noun and "of" open it,
    each past form in it qualifies a noun (after a determiner, "the examined species"; after an adverb
    before a noun or an adjective, "completely sequenced bacterial genomes"; or one of ``_PASSIVE_PARTICIPLES``
    before its preposition, "found in the proteomes"), and, read as a title, it holds no predicate
    (``has_predicate``): "members of peptidase family a <dig> found in the proteomes derived from completely
    sequenced bacterial genomes .", read blind as a title with no verb. 4 lines of SumPubMed train papers 0-999 and
    the 200 Cohan-format papers and one of valid papers 0-499 not passed over before, all titles ("names of the
    examined species in alphabetical order , the source , ..."). Its plural noun may come after modifiers, and an
    irregular past form after an adverb qualifies a noun ("basic graph parameters of the reconstructed core metabolic
    networks , the randomly shrunk networks , and ...", read blind as a title): 1 more line of valid papers 0-499
    ("additional descriptors of response shape derived from the fitted parameters .")."""
    tokens = sentence.split()
    of = tokens.index("of") if "of" in tokens[1:_TITLE_HEAD_REACH + 1] else None
    if not (of and len(tokens) > of + 2 and _is_a_plural_noun(tokens[of - 1])
            and all(_modifies_a_title_head(word) for word in tokens[:of - 1])):
        return False
    for k, word in enumerate(tokens[of + 1:], of + 1):
        if not (word.endswith("ed") or word in _IRREGULAR_PARTICIPLES):
            continue
        after = tokens[k + 1] if k + 1 < len(tokens) else "."
        if not (tokens[k - 1] in DETERMINERS or _modifies_inside_a_noun_phrase(tokens, k)
                or word in _PASSIVE_PARTICIPLES and after in _AFTER_PARTICIPLE):
            return False
    return not has_predicate(sentence, as_title=True)


# how far into a title its head noun's "of" may stand ("basic graph parameters of ...")
_TITLE_HEAD_REACH = 3


def _modifies_a_title_head(word: str) -> bool:
    """Whether a word before a title's plural head noun may be its modifier: an adjective or a noun, no verb's "-ing"
    or past form and no determiner ("basic graph parameters of ...", not "cells expressing ...", "we used ...")."""
    return (not {"ADJ", "NOUN"}.isdisjoint(word_classes(word)) and not word.endswith(("ing", "ed"))
            and word not in DETERMINERS)


# what a noun phrase inside a sentence opens with: a determiner or a preposition
_NOUN_PHRASE_LEADS = DETERMINERS | (_AFTER_PARTICIPLE - {"and", "or", ",", ";", ":"})


def _modifies_inside_a_noun_phrase(tokens: Sequence[str], i: int) -> bool:
    """Whether the past form at ``tokens[i]`` modifies the noun after it inside a noun phrase: a manner adverb stands
    before it after a determiner or a preposition, and a noun or an adjective follows ("from completely sequenced
    bacterial genomes"; not "... during tasks initially aided discovery of ...", a verb after its subject)."""
    after = tokens[i + 1] if i + 1 < len(tokens) else "."
    return (i > 1 and _is_a_manner_adverb(tokens[i - 1]) and tokens[i - 2] in _NOUN_PHRASE_LEADS
            and not {"NOUN", "ADJ"}.isdisjoint(word_classes(after)))


def _is_a_plural_noun(word: str) -> bool:
    """"members", "locations": a noun in "-s" that is no singular's ending ("loss", "status", "analysis")."""
    return (word.endswith("s") and not word.endswith(("ss", "us", "is")) and "NOUN" in word_classes(word))


# the ordinal words that label an enumeration's items, each before its comma ("our aims were , first , to determine ...
# ; second , to confirm ... and finally , to compare ...", "the general aims of this study were threefold . | first , to
# develop ... . | second , to examine ...": each aim a line of its own, read blind as a list's piece)
ORDINALS = frozenset({"first", "second", "third", "fourth", "fifth", "finally", "lastly", "firstly", "secondly",
                      "thirdly"})


def is_purpose_line(sentence: str) -> bool:
    """Whether a line in the normal form is an abstract's purpose line with no main clause: "to"
    and a verb, then words with no finite verb ("to determine the prevalence of premenstrual cyclic
    symptoms in women who attended ...", "to report a case of inadvertent ... injection ."). "to
    determine the parameters , we used ..." has its clause, after the first comma or, where a data
    set lost the comma, after a subordinate clause ("to find out which cells express it we used
    ..."). Of the lines not passed over already: 3 of the 200 Cohan-format PubMed papers, all
    purpose lines; 1 of 300 SumPubMed papers, a line the data set broke. (A paper's test: in news,
    the lexicon misses "scored" in "to add to welbeck 's return , nani - deemed surplus - and pogba
    scored for their clubs .")"""
    tokens = sentence.split()
    if tokens[1:2] == [","] and tokens[0] in ORDINALS:
        tokens = tokens[2:]  # an aim of a list the writers counted: "first , to develop a simple dynamic model ... ."
    if len(tokens) < 3 or tokens[0] != "to" or "VERB" not in word_classes(tokens[1]):
        return False
    comma = tokens.index(",") if "," in tokens else len(tokens)
    head, tail = tokens[2:comma], tokens[comma + 1:]
    if has_predicate(" ".join(tail)):
        return False
    # a clause that qualifies the purpose's object is no main clause ("... in women who attended the
    # clinic", "to determine whether the drug works"): its words up to the main clause's subject
    kept, inside = [], False
    for token in head:
        inside = (inside or token in _SUBORDINATING_WORDS) and token not in _MAIN_CLAUSE_SUBJECTS
        if not inside:
            kept.append(token)
    return not has_predicate(" ".join(kept))



# what opens a sentence the data set ran on after a number whose stop it lost, where the number could
# also go on in its own sentence ("... degradation of gpr <dig> | the effects of ...", "... from <dig> |
# it is possible that ...", "... in hela - s <dig> | all values were ..."); not "a" or "an", which
# mostly open an apposition whose comma was lost with the stop ("mmp- <dig> a matrix
# metalloproteinase associated with ...")
_OPENERS_OF_A_RUN_ON_SENTENCE = frozenset(
    "the it they there all each both no only such its their several many most some another other still thereafter "
    "thenceforward afterwards".split())
# discourse connectives that open a sentence whatever its subject is ("... present sp <dig> | on the other
# hand , sp protein overexpression ...", "... mir <dig> | as a result , low levels of ..."): with their comma
# where the words could go on inside a sentence ("in addition to", "as a result of", "in contrast to")
_CONNECTIVES = tuple(tuple(phrase.split()) for phrase in (
    "on the other hand", "at the same time", "to this end", "in addition ,", "in contrast ,", "as a result ,",
    "for example ,", "for instance ,", "in particular ,", "as expected ,",
    # a quantity that opens the next sentence's subject ("... are given in table <dig> | more than <dig> sites for
    # histone modifications have been reported ..."; "x rose <dig> more than y" holds no predicate after it)
    "more than"))
# the purposes of a next experiment, which open its sentence ("... or p <dig> | to test whether active ,
# phosphorylated forms ... could be detected"): of SumPubMed train papers 0-1,499, every one of the few
# after a clause that ended at a number was two sentences run together
_PURPOSE_VERBS = frozenset({"test", "investigate", "examine", "determine", "assess", "address"})
# the most words of a purpose phrase before its comma, its "to" and verb among them ("to avoid using too few markers
# for a framework construction ,": 10)
_PURPOSE_PHRASE_WORDS = 16
# sentence adverbs that open a sentence before a comma or a subject ("... from <dig> to <dig> | moreover we
# also found ...")
_SENTENCE_ADVERBS = frozenset({"moreover", "furthermore", "however", "additionally", "consequently", "interestingly",
                               "notably", "importantly", "similarly", "nevertheless", "nonetheless", "therefore",
                               "thus", "hence", "finally", "surprisingly"})
_MIN_CLAUSE_WORDS = 4  # each side of the number holds at least this many tokens
_LEAD_PHRASE_WORDS = 4  # "on the other hand ,": the words of a sentence's lead phrase before its comma
# what a sentence's lead phrase opens with: a preposition or a sentence adverb ("as expected ,", "on the
# other hand ,", "however the run time , ..."), not a subordinator, whose clause goes on from the number
# ("... ranged from <dig> to <dig> | whereas for ps , it ranged ..."), nor a noun ("... searched for <dig>
# | different gene sequences , all of which ...")
_SUBORDINATORS = OPENING_SUBORDINATORS | {"where"}
_LEAD_PHRASE_OPENINGS = (FRONTING_WORDS - _SUBORDINATORS) | {
    "however", "still", "taken", "altogether", "together", "moreover", "furthermore", "overall", "interestingly",
    "notably", "importantly", "thus", "therefore", "hence", "here", "finally", "similarly", "again", "of"}
# what a clause after a lead phrase opens with: its subject's first word ("a matrix metalloproteinase ,
# was induced ..." is an apposition that lost its comma, and the verb follows it)
_SUBJECT_OPENINGS = DETERMINERS | {"we", "it", "they", "there", "most", "some", "such", "one", "six", "seven", "eight",
                                   "nine", "ten"}
# ... of which those that open a clause or a phrase inside a sentence as often
_NOT_A_SUBJECT_OPENING = frozenset({"that", "which", "what", "whose", "such"})
# ... a number among them after a lead phrase's comma ("... is listed in table <dig> | on average , <dig> % of
# significantly bound genes are ...") and after a unit's stop (``_ends_at_a_units_stop``)
_LEAD_CLAUSE_OPENINGS = _SUBJECT_OPENINGS | {NUMBER}
# a comparison with other work that opens a sentence before its comma, however long its object ("... at lysine
# <dig> | in agreement with previous reports , we detect ...", "... on day <dig> and week <dig> | similar to our
# previous studies <cit> , the proportion ..."); not "like", which goes on from a name's number ("b- <dig> like
# cells")
_COMPARISON_OPENERS = tuple(tuple(phrase.split()) for phrase in (
    "similar to", "consistent with", "in agreement with", "in line with", "in accordance with", "contrary to",
    "unlike"))
_RANGE_MARKS = frozenset({"-", "–", "±", "to"})  # between a list item's numbers: "<dig> - <dig> with ..."
_COMPARISON_WORDS = 10  # the words of such a phrase before its comma, a citation among them


def _opens_a_sentence(rest: Sequence[str], opens_a_clause: Optional[Callable[[Sequence[str]], bool]] = None) -> bool:
    """Whether the tokens after a number or an initial open a sentence of their own: one of
    ``_OPENERS_OF_A_RUN_ON_SENTENCE`` ("the top <dig> most abundant genera" and "par- <dig> such as
    sligrl" go on), "in order to", a connective (``_CONNECTIVES``), a purpose ("to test whether ...",
    ``_PURPOSE_VERBS``), a sentence adverb before a comma or a subject (``_SENTENCE_ADVERBS``), "a total
    of", or a lead phrase of a few words and its comma before a clause ("... 10d <dig> |
    as expected , all strains produced ...", "... day <dig> | on the other hand , each time - point
    has ..."); ``opens_a_clause`` tells the clause after such a phrase's comma (``_opens_a_clause``)."""
    opens_a_clause = opens_a_clause or _opens_a_clause
    first = rest[0]
    if first == "most" and rest[1] != "of" or rest[:2] == ["such", "as"]:
        return False
    if first in _OPENERS_OF_A_RUN_ON_SENTENCE or rest[:3] == ["in", "order", "to"]:
        return True
    if opens_with_one_of(rest, _CONNECTIVES):
        return True
    if first == "to" and len(rest) > 2 and rest[1] in _PURPOSE_VERBS and rest[2] in ("whether", "if"):
        return True
    if first in _SENTENCE_ADVERBS and len(rest) > 1 and (rest[1] == "," or rest[1] in _SUBJECT_OPENINGS):
        return True
    if rest[:3] == ["a", "total", "of"]:  # a count's sentence ("... hiseq <dig> | a total of <dig> reads were ...")
        return True
    if opens_with_one_of(rest, _COMPARISON_OPENERS):
        comma = _lead_phrase_comma(rest, _COMPARISON_WORDS)
        return comma is not None and (opens_a_clause(rest[comma + 1:]) or _opens_any_clause(rest[comma + 1:]))
    comma = _lead_phrase_comma(rest, _LEAD_PHRASE_WORDS)
    # (a species' initial among its words: "... stm <dig> | in b. phenoliruptrix , it was found ...")
    if (comma is None or first not in _LEAD_PHRASE_OPENINGS
            or not all(word.isalpha() or _is_initial(word) for word in rest[:comma])):
        return False
    clause = rest[comma + 1:]
    # a list's next item, not a clause: "... <dig> | with peroxisomal , <dig> with nuclear , ...", "... <dig> | for
    # the trns condition , <dig> <dig> for itbs , ...", "... | with anxiety , <dig> - <dig> with social function"
    item = next((word for word in clause if word != NUMBER and word not in _RANGE_MARKS), None)
    return opens_a_clause(clause) and not (clause[0] == NUMBER and item == first)


def _opens_a_clause(tokens: Sequence[str]) -> bool:
    """Whether the tokens after a lead phrase's comma are a clause: a subject's first word
    (``_LEAD_CLAUSE_OPENINGS``), and a predicate."""
    return bool(tokens) and tokens[0] in _LEAD_CLAUSE_OPENINGS and has_predicate(" ".join(tokens))


def _opens_any_clause(tokens: Sequence[str]) -> bool:
    """Whether the tokens after a comparison's comma are a clause whatever its subject: a first word that is no verb,
    clause break or relative word, and a predicate ("... glurs <dig> | unlike glurs <dig> of other phyla ,
    hyperthermophilic bacterial glurs <dig> seems to be ..."). A comparison with other work and its comma end no
    phrase inside a sentence after a number (4 more of SumPubMed train papers 0-999, all run-ons; "tol <dig> contrary to
    sleeping beauty , provides ..." is an apposition that lost its comma, and its verb follows)."""
    return (bool(tokens) and tokens[0] not in _CLAUSE_BREAKS and tokens[0] not in _RELATIVE_WORDS
            and tokens[0] not in _FINITE_WORDS and not is_only_a_verb(tokens[0]) and has_predicate(" ".join(tokens)))


def _opens_a_clause_or_a_bare_subject(tokens: Sequence[str]) -> bool:
    """Whether the tokens after a lead phrase's comma are a clause (``_opens_a_clause``) or a subject with no
    determiner, of content words and hyphens, and its auxiliary ("for the selected material , gradient elution
    conditions were examined ...")."""
    if _opens_a_clause(tokens):
        return True
    for k, word in enumerate(tokens[:_SUBJECT_REACH + 1]):
        if word in _FINITE_AUXILIARIES:
            return k > 1 and has_predicate(" ".join(tokens))
        if word == "-" and k > 0:  # a compound's hyphen: "time - independent hepatic gene expression signatures"
            continue
        if (not word.isalpha() or word in _GOES_ON_A_PHRASE or word in _NOT_IN_A_BARE_SUBJECT or is_only_a_verb(word)
                or k == 0 and word.endswith("ing")):
            return False
    return False


def _lead_phrase_comma(rest: Sequence[str], words: int) -> Optional[int]:
    """Where the comma after a lead phrase of 1 to ``words`` words stands in ``rest`` ("on the other hand ,": 4),
    or None."""
    return next((i for i, word in enumerate(rest[1:words + 1], 1) if word == ","), None)


# what names a figure, a table or a file: no word after its number goes on with the name, so after "...
# are listed in table <dig>" a noun opens the next sentence ("... | eight of these sites showed ...",
# "... in additional file <dig> : table s <dig> | cleaned reads were aligned ...")
_POINTER_NOUNS = frozenset({"figure", "figures", "fig", "fig.", "table", "tables", "file"})
# words that go on from a pointer's number inside its sentence: a subordinate or relative clause, a
# preposition or a conjunction, a verb of the pointer's own ("table <dig> shows ..."), "respectively"
# a pointer's own verbs in the present: "figure <dig> shows ...", "table <dig> lists ..."
_POINTER_VERBS = frozenset({"shows", "illustrates", "summarizes", "lists", "presents", "depicts", "displays", "gives",
                            "provides", "contains", "compares", "describes", "reports"})
_GO_ON_AFTER_A_POINTER = (_SUBORDINATORS | _POINTER_VERBS | {
    "which", "who", "whose", "that", "than", "so", "then", "and", "or", "but", "to", "of", "in", "for", "with", "by",
    "at", "on", "as", "from", "into", "versus", "vs", "also", "respectively", "is", "are", "was", "were",
    "show", "showed", "after", "before", "until"})
# a finite verb of the next sentence, looked for in its first words up to a word that could open a
# clause inside the first one
_FINITE_WORDS = frozenset({"is", "are", "was", "were", "has", "have", "had", "can", "could", "may", "might", "will",
                           "would", "should", "must", "showed", "revealed", "indicated", "suggested", "demonstrated"})
_CLAUSE_BREAKS = frozenset({",", ";", ":", "-", "that", "which", "who", "whose", "where", "when", "and", "or", "but",
                            "while", "whereas", "if", "than", "as", "because", "since", "although", "to", CITATION})
_VERB_REACH = 7  # the next sentence's subject is at most this many words


def _pointers_name_at(tokens: Sequence[str]) -> int:
    """Where the name of the figure, table or file whose number ends ``tokens`` stands ("table <dig>": at "table",
    "table s <dig>": at "table", "figures <dig> <dig> <dig>", whose marks between the numbers the data set lost: at
    "figures"); below 0 where ``tokens`` are too short to hold one."""
    numbers = max(1, len(list(itertools.takewhile(lambda token: token == NUMBER, reversed(tokens)))))
    return len(tokens) - numbers - (2 if tokens[-numbers - 1:-numbers] == ["s"] and len(tokens) > numbers + 1 else 1)


def _opens_a_clause_after_a_pointer(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether the tokens after a figure's, table's or file's number (``_POINTER_NOUNS``; "table s
    <dig>" too) open a clause of their own: a word that does not go on with the pointer
    (``_GO_ON_AFTER_A_POINTER``), then a finite verb within ``_VERB_REACH`` words and before any word
    that could open a clause inside the sentence ("... are given in table <dig> | eight of these
    rejoined sites showed ...", but "... in table <dig> which are inferred ..." goes on), or a bare subject
    and its past-tense verb (``_opens_with_a_subject_and_past_verb``)."""
    name = clause[_pointers_name_at(clause)]
    if name not in _POINTER_NOUNS or not re.fullmatch(r"[a-z][a-z0-9-]+", rest[0]) or rest[0] in _GO_ON_AFTER_A_POINTER:
        return False
    return _opens_with_a_subject_and_past_verb(rest) or _has_its_verb_within_reach(rest)


# past participles that open a fronted phrase without its comma ("given the modest improvement observed in fig.
# <dig> after ...", "based on ...")
_PARTICIPLE_OPENINGS = frozenset({"given", "based"})
_POINTER_LEAD_PHRASE_WORDS = 12  # "for the <dig> significantly correlated targetscan - predicted pairs ,": 10


def _opens_a_lead_phrase_after_a_pointer(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether ``rest``, after a figure's, table's or file's number, opens with a lead phrase (a fronting word, not
    a subordinator) of at most ``_POINTER_LEAD_PHRASE_WORDS`` words and its comma before a clause
    (``_opens_a_clause``), and the part of ``clause`` after its last comma has a predicate before the pointer's
    name and opens no fronted clause or participle's phrase: "... are shown in fig. <dig> | following inoculation with
    pst or bgt , both lincrnas and ... showed ...", "... in figure <dig> | for malidup - sq test set , the largest
    mean q - score was ...". Not "specifically , in table <dig> from only exonic mapped reads , there are ..." (no
    predicate before the pointer) nor "given the modest improvement observed in fig. <dig> after early intervention
    with mif , an ... outcome was ...". Longer than a lead phrase after any number (``_LEAD_PHRASE_WORDS``): a
    pointer's number ends its phrase. 22 in SumPubMed train papers 0-999 that no other test took, all run-ons. A
    participle's phrase too ("... is listed in table <dig> | using the common markers between families , a consensus
    genetic map ... was constructed ..."; read blind, counted two sentences run together), not one that reports
    ("... from table <dig> showing that ..."): 1 more of train papers 0-999, a run-on."""
    last_part = _after_last_comma(clause)
    name_at = _pointers_name_at(last_part)
    if (name_at < 1 or last_part[name_at] not in _POINTER_NOUNS
            or rest[0] not in FRONTING_WORDS and not (rest[0].endswith("ing") and rest[1:2] != ["that"])
            or rest[0] in _SUBORDINATORS):
        return False
    opening = last_part[0]
    if opening in FRONTED_CLAUSE_OPENINGS or opening in _PARTICIPLE_OPENINGS or opening.endswith("ing"):
        return False
    comma = _lead_phrase_comma(rest, _POINTER_LEAD_PHRASE_WORDS)
    return (comma is not None and comma > 1 and all(word.isalpha() or word in (NUMBER, "-") for word in rest[:comma])
            and _opens_a_clause(rest[comma + 1:]) and has_predicate(" ".join(last_part[:name_at])))


def _has_its_verb_within_reach(clause: Sequence[str]) -> bool:
    """Whether a clause's first word is followed by a finite word (``_FINITE_WORDS``) within ``_VERB_REACH`` words
    and before any word that could open a clause inside a sentence (``_CLAUSE_BREAKS``): a subject and its verb. A
    coordinator between two words that are no verbs joins the subject's words ("... are detailed in table <dig> | good
    and poor outcome were defined as ...": 7 more of SumPubMed train papers 0-999, 6 run-ons and a fronted phrase
    that lost its comma)."""
    for i, word in enumerate(clause[1:_VERB_REACH + 1], start=1):
        if word in _SUBJECT_COORDINATORS and _joins_a_subjects_words(clause, i):
            continue
        if word in _CLAUSE_BREAKS:
            return False
        if word in _FINITE_WORDS:
            return True
    return False


_SUBJECT_COORDINATORS = frozenset({"and", "or"})


def _joins_a_subjects_words(clause: Sequence[str], at: int) -> bool:
    """Whether the coordinator at ``at`` stands between two words that the lexicon knows as no verb, the second no
    closed-class word (``_NOT_IN_A_BARE_SUBJECT``): "good and poor outcome", "colonisation and dispersal"."""
    if at + 1 >= len(clause):
        return False
    before, after = clause[at - 1], clause[at + 1]
    return (after not in _NOT_IN_A_BARE_SUBJECT and "VERB" not in word_classes(before)
            and "VERB" not in word_classes(after))


_NOUN_PHRASE_CLASSES = frozenset({"NOUN", "ADJ", "PROPN"})
_SUBJECT_WORDS = 4  # "epithelium from wt donors | reconstituted ...": a bare subject's words before its verb
_SUBJECT_PREPOSITIONS = frozenset({"of", "from"})  # inside a subject: "epithelium from wt donors"
# closed-class words the lexicon does not know, which open or join clauses rather than name a subject
_NOT_IN_A_BARE_SUBJECT = _CLAUSE_BREAKS | _FINITE_WORDS | PRONOUNS | _FUNCTION_WORDS | DETERMINERS | {
    "any", "other", "not", "also", "only", "such", "more", "most", "less", "nor", "so", "then", "there"}


def _opens_with_a_subject_and_past_verb(rest: Sequence[str]) -> bool:
    """Whether ``rest`` opens with a bare noun phrase of at most ``_SUBJECT_WORDS`` words (a determiner, then nouns
    and adjectives by the lexicon or words it does not know, "of" and "from") and a past-tense verb that the lexicon
    knows only as a verb, with no preposition after it that would make it a participle (``_AFTER_PARTICIPLE``): "...
    are shown in table <dig> | bone weight reached significantly higher ...", "... in figure <dig> | epithelium from
    wt donors reconstituted ...", "... in figures <dig> <dig> <dig> | network <dig> received the highest score ...", not
    "... in figure <dig> | pairs predicted by ..." nor "... in figure <dig> | show the inferred networks"."""
    for i, word in enumerate(rest[:_SUBJECT_WORDS + 1]):
        if i > 0 and word.endswith("ed") and len(word) > 4 and is_only_a_verb(word):
            return i + 1 < len(rest) and rest[i + 1] not in _AFTER_PARTICIPLE
        if i == 0 and word in DETERMINERS or i > 0 and word in _SUBJECT_PREPOSITIONS | {NUMBER}:
            continue  # (a number after the first word is a name's: "network <dig> received the highest score")
        classes = word_classes(word)
        if (not word.isalpha() or word.endswith("ing") or word in _NOT_IN_A_BARE_SUBJECT
                or classes and classes.isdisjoint(_NOUN_PHRASE_CLASSES)):
            return False
    return False


# abbreviations whose stop may end a sentence too, which the splitter cannot tell ("... positive to salmonella spp. |
# it is well demonstrated that ...", "... , elephantiasis , etc. | in agriculture , ..."), a new species' "nov.", and
# the titles whose letters a lowercased paper writes for an acronym or a unit: mass spectrometry or milliseconds ("...
# by high - resolution ms. | each sample was run ..."), a direct repeat, cobalt, multiresolution
_ABBREVIATIONS_AT_A_STOP = frozenset({"etc.", "spp.", "sp.", "al.", "nov.", "ms.", "dr.", "co.", "mr."})
# subjects that open a sentence after such a stop, not after a number ("... no mr. | this fits within our generic
# framework ...", "... by ms. | we observed broad expression ...")
_SUBJECTS_AFTER_A_STOP = frozenset({"this", "these", "we"})
# ... and after "etc.", which ends a list, a subject that an article or "our" opens too ("... on network topological
# properties , etc. | a seventh analysis goal is ...": train papers 0-999 break the line there 8 times of 8)
_SUBJECTS_AFTER_ETC = _SUBJECTS_AFTER_A_STOP | {"a", "an", "our"}


# the indefinite articles: after a letter's stop one opens a sentence, a genus's initial being followed by its species'
# name, never by "a" ("a feasible match is a match where the read aligns with distance ≤ k. | a best match is ...":
# read blind, counted two sentences run together; 10 lines of SumPubMed train papers 0-999, all run-ons); after a
# number one may open a singular subject (``_opens_a_singular_subject_after_a_number``)
_INDEFINITE_ARTICLES = frozenset({"a", "an"})


def _is_initial(token: str) -> bool:
    """"b.": a letter and its period, which the normal form keeps whole (a genus's initial, "e. coli")."""
    return len(token) == 2 and token[0].isalpha() and token[1] == "."


_COMMA_CONNECTIVES = tuple(phrase for phrase in _CONNECTIVES if phrase[-1] == ",")


def _after_a_clause_a_connective_opens(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether a connective and its comma open ``rest`` ("... cul <dig> | in addition , sap <dig> also ...") after a
    ``clause`` with a finite verb, even one a fronted clause opens ("while vhl pulled down ... cul <dig>"): no
    fronted phrase goes on with "in addition ,"."""
    return opens_with_one_of(rest, _COMMA_CONNECTIVES) and has_predicate(" ".join(clause))


def runs_two_sentences_together(sentence: str) -> bool:
    """Whether a masked paper's sentence in the normal form may be two that the data set ran together:
    at a number whose stop it lost with the number (SumPubMed masked "gpr40." whole), or at a letter's
    stop that the splitter reads as an initial ("... eric type b. the other two eric types ..."). The
    number or letter ends a clause with a finite verb (``_ends_a_clause``; "as shown in figure <dig> the
    ..." is one sentence that lost its comma), and what follows opens a sentence
    (``_opens_a_sentence``; after a figure's, table's or file's number any clause,
    ``_opens_a_clause_after_a_pointer``) and holds a finite verb of its own: "... was down - regulated approximately <dig> -fold in tn <dig> the expression of
    loc_os06g <dig> and loc_os06g <dig> were down - regulated ...". The sentence splitter does not cut
    there: "at day <dig> the cells were ..." and "... and at φ = <dig> the fitness advantage ..." are
    sentences of their own, so a chooser passes such a sentence over instead (both readings of such
    a place are common). Of the sentences of SumPubMed train papers 1,000-1,199 not passed over
    already, 347 of 29,085 (1.2%) hold such a place; of about 130 read in three sets of 200 train
    papers, about nine in ten were two sentences run together. The same at an abbreviation whose stop
    may end a sentence (``_ABBREVIATIONS_AT_A_STOP``: "... were also positive to salmonella spp. | it is
    well demonstrated that ..."): 41 more of SumPubMed train papers 0-1,499, all but two run-ons (a fronted
    phrase without its comma, "within fagus spp. the differences are very few"). And at a unit's stop after a
    number (``_ends_at_a_units_stop``: "... for <dig> h. | after repeated washing , ...": 55 more of train papers
    0-999, all but one run-ons) or before "we" (``_runs_on_at_we``: 33 more, "... over a range of γ. | we adopted
    ..."), and after a letter's stop before a fronted phrase and its comma (``_opens_a_fronted_phrase_after_a_letter``:
    34 more). "as expected ,", "surprisingly ," and "more than" as openers: 13 more of train papers 0-999, all
    run-ons ("... with primers specific for cle <dig> | as expected , expression of ..."). A lead phrase whose clause
    opens with a number, a comparison with other work and its comma ("... week <dig> | similar to our previous studies
    <cit> , the proportion ..."), "as", a phrase and its comma before "we" (``_opens_a_lead_phrase_before_we``), and a
    number after a unit's stop: 27 more of train papers 0-999, 26 of them run-ons. After a pointer's number, a bare
    subject and its past-tense verb (``_opens_with_a_subject_and_past_verb``: 4 more of train papers 0-999, three
    run-ons and a legend run in); and a connective and its comma after a clause that a fronted clause opens, which
    lost its comma ("while vhl pulled down ... cul <dig> | in addition , sap <dig> also ...",
    ``_after_a_clause_a_connective_opens``: none in train papers 0-999, one in a summary read blind). After a number,
    a lead phrase and its comma before a subject with no determiner and its auxiliary ("... pcb <dig> | from these
    genomic biomarkers , time - independent hepatic gene expression signatures were constructed ...",
    ``_may_precede_a_bare_subject``: 9 more of train papers 0-999, all run-ons), and a species' initial
    among a lead phrase's words ("... stm <dig> | in b. phenoliruptrix , it was found ..."): 1 more. After a number, a
    subordinator of a reason, a concession or a contrast and its clause before "we" too ("... v. cholerae n <dig> |
    because phase variation can be a reversible process , we included ..."), a clause of concession or reason before
    a subject that a determiner or pronoun opens (``_opens_a_fronted_clause_before_its_subject``), and a figure's or
    table's name with its number and its verb ("... in formula <dig> | figure <dig> shows ...",
    ``_opens_with_a_pointers_verb``): 13 more of train papers 0-999, all run-ons. After a figure's or table's number, a
    lead phrase of up to 12 words and its comma before a clause (``_opens_a_lead_phrase_after_a_pointer``: 22 more of
    train papers 0-999), and after any number the first words of the sentence said again (``_repeats_the_opening``:
    5 more) or a subject that "similar", "previous", "further", "recent" or a number in words opens
    (``_opens_a_subject_after_a_number``: 24 more), all run-ons. At the stop of "nov." or of a title's letters that a
    lowercased paper writes for an acronym or a unit ("ms.", "dr.", "co.", "mr."), and before "this", "these" or "we"
    after any of ``_ABBREVIATIONS_AT_A_STOP`` ("... with no mr. | this fits within ...", ``_SUBJECTS_AFTER_A_STOP``):
    21 more, all but one run-ons ("for genera followed by spp. this indicates that ...", whose comma was lost). A
    connective and its comma after a number open a sentence even where the lexicon finds no verb after them (none of
    train papers 0-999; one in a summary read blind, "... for weights between <dig> and <dig> | as expected , precision
    increases with weight whereas recall decreases ."). After a letter's stop, "a" or "an" opens the next sentence
    (``_INDEFINITE_ARTICLES``: 10 more of train papers 0-999, all run-ons). After a citation, a sentence
    adverb and its comma (``_runs_on_after_a_citation``: 5 more, all run-ons), or "this" or "these" after a main
    clause (2 more, both run-ons; read blind, "... is the dna microarray <cit> this approach has ..."). After a number, a purpose phrase and
    its comma before a clause, where no fronted phrase holds the number (``_opens_a_purpose_before_its_clause``: "...
    in g <dig> | to avoid using too few markers ... , all the skewed markers ... were included ..."): 3 more."""
    tokens = sentence.split()
    for j, token in enumerate(tokens[:-_MIN_CLAUSE_WORDS - 1]):
        if not (token == NUMBER or _is_initial(token) or token in _ABBREVIATIONS_AT_A_STOP) or j < _MIN_CLAUSE_WORDS - 1:
            continue
        clause, rest = tokens[:j + 1], tokens[j + 1:]
        if token == NUMBER and ends_an_opening_subordinate_clause(clause, rest):
            continue  # "since ... , and that ... rpb <dig> | we asked whether ...": the main clause comes next
        # (after a number, unless a purpose phrase or a fronted clause holds it, a lead phrase's clause may open with
        # a bare subject)
        clause_test = (_opens_a_clause_or_a_bare_subject if token == NUMBER and _may_precede_a_bare_subject(clause)
                       else _opens_a_clause)
        opens = (_opens_a_sentence(rest, clause_test)
                 or token == NUMBER and (_opens_a_clause_after_a_pointer(clause, rest)
                                         or _opens_a_lead_phrase_before_we(clause, rest)
                                         or _opens_with_a_pointers_verb(rest)
                                         or _opens_a_lead_phrase_after_a_pointer(clause, rest)
                                         or _repeats_the_opening(clause, rest)
                                         or _opens_a_subject_after_a_number(clause, rest)
                                         or _opens_a_singular_subject_after_a_number(clause, rest)
                                         or _opens_a_fronted_clause_before_its_subject(rest)
                                         or _opens_a_purpose_before_its_clause(clause, rest))
                 or _opens_a_fronted_phrase_after_a_letter(clause, rest)
                 or _is_initial(token) and rest[0] in _INDEFINITE_ARTICLES
                 or token in _ABBREVIATIONS_AT_A_STOP and rest[0] in _SUBJECTS_AFTER_A_STOP
                 or token == "etc." and rest[0] in _SUBJECTS_AFTER_ETC)
        # (a connective and its comma need no verb the lexicon knows after them: "... between <dig> and <dig> | as
        # expected , precision increases with weight ...", whose "increases" may be a noun)
        if opens and (has_predicate(" ".join(rest)) or opens_with_one_of(rest, _COMMA_CONNECTIVES)) and (
                _ends_a_clause(clause) or _after_a_clause_a_connective_opens(clause, rest)):
            return True
        if (_ends_at_a_units_stop(clause, rest) or _runs_on_at_we(clause, rest)) and has_predicate(" ".join(rest)):
            return True
    return _runs_on_after_a_citation(tokens)


def _opens_a_purpose_before_its_clause(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether ``rest``, after a number, opens with a purpose phrase ("to" and a verb's base form) and, after its comma,
    a clause (``_opens_a_clause``: "... were grouped in g <dig> | to avoid using too few markers for a framework
    construction , all the skewed markers ... were included ..."), and ``clause`` before the number opens no fronted
    phrase or clause that the purpose goes on ("using a cutoff of <dig> to distinguish between targeted and
    non-targeted genes , the performance ...", "given the ability of fmnl <dig> to support invasion , it might ...").
    3 more lines of SumPubMed train papers 0-999 and one of valid papers 0-499 passed over, all run-ons."""
    if rest[0] != "to" or not _is_a_base_verb(rest[1]):
        return False
    last_part = _after_last_comma(clause, (",", ";"))
    if (closes_fronted_phrase(clause) or not last_part or not _OPENINGS_A_PURPOSE_GOES_ON.isdisjoint(last_part)
            or clause[-2] in _LABEL_MARKS):
        return False  # ("... is kept at a level of <dig> - <dig> to keep ..." after "if", "the objectives were ,
        # <dig> to create ...": an item's label)
    comma = _lead_phrase_comma(rest, _PURPOSE_PHRASE_WORDS)
    return comma is not None and _FINITE_WORDS.isdisjoint(rest[:comma]) and _opens_a_clause(rest[comma + 1:])


def _runs_on_after_a_citation(tokens: Sequence[str]) -> bool:
    """Whether a citation ends a clause with a finite verb and a sentence adverb and its comma follow it, the stop
    between them lost ("... developed by purcell et al. <cit> | however , for haploid organisms or loci , there is no
    such parameter ...": read blind, counted a run-on). 5 lines of SumPubMed train papers 0-999, all run-ons. Or
    "this" or "these" follows it and the clause is a main one (``_is_a_main_clause``: "... is the dna microarray <cit>
    | this approach has not only confirmed ...", read blind as a run-on): 2 more, and 2 of valid papers 0-499."""
    for j in range(_MIN_CLAUSE_WORDS - 1, len(tokens) - 2):
        if tokens[j] != CITATION:
            continue
        clause = tokens[:j + 1]
        opens = (tokens[j + 1] in _SENTENCE_ADVERBS and tokens[j + 2] == ","
                 or tokens[j + 1] in _DEMONSTRATIVE_SUBJECTS and _is_a_main_clause(clause))
        if opens and _ends_a_clause(clause) and has_predicate(" ".join(tokens[j + 1:])):
            return True
    return False


# a subject that opens a sentence after a citation's lost stop ("... is the dna microarray <cit> | this approach has
# ..."); not "we", which follows a fronted phrase that lost its comma far more often ("in agreement with published data
# <cit> we found ...": 14 of the 16 such places in SumPubMed train papers 0-999)
_DEMONSTRATIVE_SUBJECTS = _SUBJECTS_AFTER_A_STOP - {"we"}


def _is_a_main_clause(clause: Sequence[str]) -> bool:
    """Whether ``clause`` is no fronted clause or phrase that the words after it complete: it opens with no
    subordinator ("since ... <cit> this tick could be ..."), and its part after its last comma (all of it where it has
    none) opens with no lead phrase's word ("in agreement with the earlier studies ... <cit> these results indicate
    ...") and no coordinator and past form ("... , and combined with earlier findings <cit> this argues ...")."""
    last_part = _after_last_comma(clause)
    return (clause[0] not in FRONTED_CLAUSE_OPENINGS and last_part[0] not in _LEAD_PHRASE_OPENINGS
            and not (len(last_part) > 1 and last_part[0] in _SUBJECT_COORDINATORS and is_a_past_verb(last_part[1])))


def _may_precede_a_bare_subject(clause: Sequence[str]) -> bool:
    """Whether after ``clause`` and its number a lead phrase's clause may open with a subject with no determiner
    (``_opens_a_clause_or_a_bare_subject``: "... purification of p <dig> | for the selected material , gradient
    elution conditions were examined ..."): ``clause`` is no purpose phrase, which has no clause of its own ("to
    determine the effect of bvt <dig> | in cells , human primary adipose cells were treated ...", "in order to ...") and
    ends with no fronted clause after its last comma or semicolon ("... ; when k = <dig> | besides the tropical
    subgroup , other inbred lines could be ...")."""
    last_part = _after_last_comma(clause, (",", ";"))
    return (clause[0] != "to" and clause[:3] != ["in", "order", "to"]
            and not (last_part and last_part[0] in FRONTED_CLAUSE_OPENINGS))


def _opens_a_fronted_phrase_after_a_letter(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether ``rest``, after a letter's stop that the splitter read as an initial, opens with a fronted phrase of
    a few words and its comma before a clause with a predicate ("... present in sections iv and v. | in eukaryotes
    , multicellular complexity ranges from ...", "... the mixing proportions c. | in a finite moe model , a
    dirichlet distribution is ..."): after a number such a phrase mostly goes on the sentence ("... a role for pit
    <dig> | in normal bone formation , although ...": 7 of 20 read of 582 in SumPubMed train papers 0-999 were
    run-ons), after a letter's stop it opened the next in all 34 of those papers that no other test took."""
    if not _is_initial(clause[-1]) or rest[0] not in FRONTING_WORDS:
        return False
    # one word more than a lead phrase after a number: "in a finite moe model ,"
    comma = _lead_phrase_comma(rest, _LEAD_PHRASE_WORDS + 1)
    return comma is not None and has_predicate(" ".join(rest[comma + 1:]))


_AS_PHRASE_WORDS = 12  # "as none of these annotated groups of genes had pairwise constraints ,": 11
# the words that open a phrase or a clause fronted before "we": "as", the subordinators of a reason, a concession or a
# contrast, and the prepositions and participles that open a lead phrase
_OPENERS_BEFORE_WE = frozenset({"as", "because", "since", "although", "though", "while", "whereas", "for", "to", "in",
                                "with", "after", "before", "during", "from", "among", "based", "using", "given",
                                "following", "upon", "within", "across", "despite", "unlike", "compared"})


def _opens_a_lead_phrase_before_we(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether ``rest``, after a number, opens with "as" or a subordinator (``_OPENERS_BEFORE_WE``), a phrase and its
    comma before "we" ("... is shown in figure <dig> | as a random control test , we computed ...", "... ranging from
    <dig> to <dig> | as a final probe selection criterion , we checked ...", "... v. cholerae n <dig> | because phase
    variation can be a reversible process , we included ..."), after a clause with a predicate, not a participle's
    phrase with no comma after it: "using cj <dig> as an anchor , we found ..." and "only considering differences ...
    p - value < <dig> as significant , we found ..." go on. With "as", 5 in SumPubMed train papers 0-999 that no other
    test took, all run-ons; with the subordinators 1 more, a run-on. A preposition's or a participle's phrase too ("...
    detected in <dig> | for inclusion in the study , we selected ...", "... with identifier pxd <dig> | to distinguish
    genuine interacting proteins ... , we analyzed ..."), but not where the number stands inside a fronted phrase
    whose main clause "we" opens ("given the growing body of literature ... padi <dig> in oocytes ... , we first tested
    ...", ``normalize.closes_fronted_phrase``, with no "we" before the number): 13 more of train papers 0-999 and the
    200 Cohan-form papers, all run-ons."""
    if rest[0] not in _OPENERS_BEFORE_WE:
        return False
    comma = _lead_phrase_comma(rest, _AS_PHRASE_WORDS)
    return (comma is not None and comma > 1 and rest[comma + 1:comma + 2] == ["we"]
            and not ("," not in clause and any(word.endswith("ing") for word in clause[:2]))
            and not (closes_fronted_phrase(clause) and "we" not in clause)
            and has_predicate(" ".join(clause)))


# the subordinators of a concession or a reason that open a clause fronted before the next sentence's subject
# ("because" and "while" go on with the sentence before as often: "... with k > <dig> | because for some ...")
_FRONTED_CONCESSIONS = frozenset({"although", "though", "since", "whereas"})
_FRONTED_CLAUSE_WORDS = 20  # "although the levels of type <dig> ifn from pbmcs in infected cows have not been ... ,"


def _opens_a_fronted_clause_before_its_subject(rest: Sequence[str]) -> bool:
    """Whether ``rest``, after a number, opens with a clause of concession or reason (``_FRONTED_CONCESSIONS``) and its
    comma, then a subject that opens with a determiner or a pronoun and its finite verb within ``_VERB_REACH`` words
    ("... for both sbsut <dig> | although all three genes were also more highly expressed in stems , they ...", "...
    contigs apjl <dig> and apjl <dig> | since these sequences were not contiguous ... , they could not be ..."): 4 in
    SumPubMed train papers 0-999 that no other test took, all run-ons."""
    if rest[0] not in _FRONTED_CONCESSIONS:
        return False
    comma = _lead_phrase_comma(rest, _FRONTED_CLAUSE_WORDS)
    subject = rest[comma + 1:] if comma is not None and comma > 2 else []
    return (bool(subject) and subject[0] in _SUBJECT_OPENINGS and subject[0] not in _NOT_A_SUBJECT_OPENING
            and _has_its_verb_within_reach(subject))


def _opens_with_a_pointers_verb(rest: Sequence[str]) -> bool:
    """Whether ``rest``, after a number, opens with a figure's or table's name, its number and its verb
    (``_POINTER_VERBS``): "... are listed in table <dig> | figure <dig> shows the ...", "... for category- <dig> |
    figure <dig> shows the hierarchical clustering tree ...": inside a sentence "as figure <dig> shows" has its "as".
    7 in SumPubMed train papers 0-999 that no other test took, all run-ons."""
    return len(rest) > 3 and rest[0] in _POINTER_NOUNS and rest[1] == NUMBER and rest[2] in _POINTER_VERBS


# adjectives that open a sentence's subject after a number whose stop was lost ("... of excess h2o <dig> | similar
# result was obtained ...", "... on arf <dig> | previous studies of yab mutants have established ...", "... of lncrna
# <dig> | further studies should aim ...")
_SUBJECT_ADJECTIVES = frozenset({"similar", "previous", "further", "recent"})
# the numbers in words that open a subject ("... in ycf <dig> | two distinct <dig> bp direct repeats were found ...");
# after a number that ends a fronted phrase they open the sentence's own ("... and within group <dig> two phenotypic
# subgroups could be delineated")
_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten eleven twelve".split())
_NOT_AFTER_A_SUBJECTS_OPENING = frozenset({"to", "as", ",", "than", "of"})  # "similar to", "two of ..." go on


def _opens_a_subject_after_a_number(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether ``rest``, after a number, opens with one of ``_SUBJECT_ADJECTIVES`` or a number in words
    (``_NUMBER_WORDS``) and a subject's noun, then a finite verb within ``_VERB_REACH`` words
    (``_has_its_verb_within_reach``): "... testing k values between <dig> and <dig> | five runs were performed
    ...", "... accession number e-mtab- <dig> | further data are included ...". A number in words goes on a
    fronted phrase the number ends instead when ``clause``'s last part opens with a fronting word or one stands
    among the three words before the number ("... and at day <dig> two roots of each tree were chosen ..."). 24 in
    SumPubMed train papers 0-999 that no other test took, all run-ons."""
    if rest[1] in _NOT_AFTER_A_SUBJECTS_OPENING:
        return False
    if rest[0] in _NUMBER_WORDS:
        last_part = _after_last_comma(clause)
        if last_part[0] in FRONTING_WORDS or not FRONTING_WORDS.isdisjoint(clause[-4:-1]):
            return False
    elif rest[0] not in _SUBJECT_ADJECTIVES:
        return False
    return _has_its_verb_within_reach(rest)


# the finite words a singular subject takes ("a cytochrome oxidase was also isolated ...")
_SINGULAR_FINITE_WORDS = frozenset({"is", "was", "has", "can", "could", "may", "might", "will", "would", "should",
                                    "must"})
# where a clause inside a sentence begins: after them a number may end a fronted phrase of that clause
_INNER_CLAUSE_BREAKS = frozenset({",", ";", ":", "that", "and", "but", "or", "whereas", "while"})


# how far the subject's verb may stand after its article, and what ends the subject before it: not a coordinator, a
# dash or "to", which a subject holds ("... and neat2/malat- <dig> | a function for neat <dig> and neat2/malat- <dig>
# in mrna metabolism is suggested by ...", "an acg to aug editing site")
_ARTICLES_SUBJECT_REACH = 16
_ARTICLES_SUBJECT_BREAKS = _CLAUSE_BREAKS - {"and", "or", "-", "to", "as"}


def _opens_a_singular_subject_after_a_number(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether ``rest``, after a number, opens with "a" or "an", a word that is neither a plural noun nor a verb, and a
    finite word of a singular subject (``_SINGULAR_FINITE_WORDS``) within ``_ARTICLES_SUBJECT_REACH`` words and before
    any clause break (``_ARTICLES_SUBJECT_BREAKS``)
    ("... designated it cytochrome c <dig> | a cytochrome oxidase was also isolated ...", "... is shown in figure <dig>
    | a given metabolic network is described ..."), and the last clause of ``clause`` (after its last comma, "that" or
    conjunction) opens with no fronting word, "to" or participle, nor is ``clause`` one fronted phrase: there the
    number ends a phrase that lost its comma ("to further identify the phylogeny of ms- <dig> a phylogenetic tree was
    constructed ...", "we propose that in sa <dig> a different mechanism might be ...", "in additional file <dig> :
    figure s <dig> a heat map is shown ..."). After a number "a" is as often a panel's letter or a name's ("figure
    <dig> a shows ...", "ht <dig> a receptors are ..."): hence the singular verb, one word or more after the noun's
    first. 27 in SumPubMed train papers 0-999 that no other test took, 24 of them run-ons, two a list's items whose
    numbers were masked ("... the following procedure : <dig> a blast alignment was computed ...") and one an
    apposition that lost its commas ("the phosphodiesterase pde <dig> a nuclease degrading ... is also localized").
    With "an", a subject's coordinator, dash or "to", and a verb up to 16 words on (read blind, "... and neat2/malat-
    <dig> | a function for neat <dig> and neat2/malat- <dig> in mrna metabolism is suggested ..." counted a run-on):
    2 more lines of train papers 0-999, a run-on ("... is shown in figure <dig> | a ld value of <dig> between a marker
    and qtl allele was assumed .") and a fronted phrase that lost its comma ("just <dig> kb downstream of cacpl_ <dig>
    a second gene cluster ... could be identified")."""
    if (len(rest) < 3 or rest[0] not in _INDEFINITE_ARTICLES or not rest[1].isalpha() or rest[1] in _FINITE_WORDS
            or is_only_a_verb(rest[1]) or rest[1].endswith("s") and not rest[1].endswith("ss")):
        return False
    verb = next((word for word in rest[2:_ARTICLES_SUBJECT_REACH + 1]
                 if word in _ARTICLES_SUBJECT_BREAKS or word in _SINGULAR_FINITE_WORDS), None)
    if verb not in _SINGULAR_FINITE_WORDS or clause[0] in FRONTING_WORDS and "," not in clause:
        return False
    opening = _after_last_comma(clause, _INNER_CLAUSE_BREAKS)[0]  # never empty: the clause ends on its number
    return not (opening in FRONTING_WORDS or opening == "to" or opening in _PARTICIPLE_OPENINGS
                or opening.endswith("ing"))


_REPEATED_OPENING_WORDS = 3  # "in experiment <dig> ...", "pfm <dig> was ...": the words a parallel sentence repeats


def _repeats_the_opening(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether ``rest``, after a number, opens with the first ``_REPEATED_OPENING_WORDS`` or more words of ``clause``,
    which the sentence holds only those two times: a second sentence said in parallel to the first ("in experiment
    <dig> blood was sampled ... on days <dig> and <dig> | in experiment <dig> blood was collected from additional fish
    ...", "pfm <dig> was found to be associated with ... rap <dig> | pfm <dig> was also well conserved ..."); a list
    repeats its items' words more often ("sphingomonas sp. strain o <dig> sphingomonas sp. strain a <dig> sphingomonas
    sp. strain ..."). 5 in SumPubMed train papers 0-999 that no other test took, all run-ons."""
    same = 0
    while same < min(len(clause) - 1, len(rest)) and rest[same] == clause[same]:
        same += 1
    if same < _REPEATED_OPENING_WORDS or not rest[0].isalpha():
        return False
    tokens = [*clause, *rest]
    return sum(tokens[i:i + same] == rest[:same] for i in range(len(tokens))) == 2


# a unit's abbreviation that the normal form keeps with its stop, as it keeps an initial: hours, seconds, days
_UNITS_AS_INITIALS = frozenset({"h.", "s.", "d."})
_PRONOUN_SUBJECTS = frozenset({"we", "it", "they", "there"})


def _ends_at_a_units_stop(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether ``clause`` ends on a number and a unit's stop (``_UNITS_AS_INITIALS``) before a word the lexicon
    knows or a number, which a species' name is not: "... the only discernable band by <dig> h. | sequence analysis
    showed ...", "... stored at <dig> °c for <dig> h. | <dig> to <dig> ml of each preserved water sample was stained
    ...", not "<dig> h. parasuis isolates"."""
    return clause[-1] in _UNITS_AS_INITIALS and clause[-2] == NUMBER and (
        rest[0] in _LEAD_CLAUSE_OPENINGS or _is_a_known_word(rest[0]))


def _runs_on_at_we(clause: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether "we" opens a sentence after ``clause``. After a number it mostly goes on a phrase fronted without
    its comma ("to investigate the role of sox <dig> | we used ...", "in figure <dig> | we show ..."), so only
    after a letter's stop ("... over a range of γ. | we adopted ...") or after a clause whose pronoun subject
    and verb came before the number ("from figure <dig> it is apparent that ... with s. coelicolor a <dig> | we
    have identified ...", ``_has_a_subject_and_verb``)."""
    return rest[0] == "we" and (_is_initial(clause[-1]) or clause[-1] == NUMBER and _has_a_subject_and_verb(clause))


def _has_a_subject_and_verb(clause: Sequence[str]) -> bool:
    """Whether a main clause's pronoun subject and its finite verb stand in the last part of ``clause``
    (after its last comma): "from figure <dig> it is apparent that ...", "for some transcripts we could not
    make ...", not after a word that opens a subordinate clause ("to determine whether there is ..."); in a
    part that opens a fronted clause ("when we examined the snps of hiv- <dig> | we found ...") the first
    pair is the fronted clause's, so it takes two."""
    part = _after_last_comma(clause)  # never empty: the clause ends on its number
    pairs = sum(word in _PRONOUN_SUBJECTS and (part[i + 1] in _FINITE_WORDS or is_only_a_verb(part[i + 1]))
                and (i == 0 or part[i - 1] not in _CLAUSE_OPENINGS) for i, word in enumerate(part[:-1]))
    return pairs >= (2 if part[0] in FRONTED_CLAUSE_OPENINGS else 1)


# what "however" joins with commas when two sentences were spliced: a clause that is complete before it
# (not one that stops at, or opens with, its auxiliary, "these facilities may , however , hinder ...", or
# stops at "not") and a clause after it with a subject of its own ("... are expressed from the center of
# the colonies , however , the level of expression differed ."); "it was shown , however , that ..." and
# "... specimens , however , in which ..." go on
_CLAUSE_GOES_ON = frozenset({"is", "are", "was", "were", "be", "been", "has", "have", "had", "do", "does", "did", "can",
                             "could", "may", "might", "must", "shall", "should", "will", "would", "not"})
_SPLICED_OPENINGS = (_SUBJECT_OPENINGS - {"that", "which", "what", "whose"}) | {"in", "at", "when", "after", "no"}


def splices_two_sentences(sentence: str) -> bool:
    """Whether a sentence in the normal form is two that its writer spliced with ", however ,": the part
    before it (after its last comma) is a clause with a finite verb that opens with no fronting word and
    does not stop at its auxiliary, and the part after it opens a clause with its own subject
    (``_SPLICED_OPENINGS``) and finite verb ("rna - seq technology has superior advantages ... , however ,
    it contains significant blind spots ..."). A reader of a summary counts it broken. Of SumPubMed
    train papers 0-1,499, 108 of 224,668 sentences not passed over already (0.05%), the 30 read all
    spliced (an earlier form also took "if , however , we base ..." and "due to the reasons stated
    above , however , we expect ...": a clause that opens with "if" or "due" is kept out). Or two that the data set
    ran together where it lost the stop before a sentence adverb and its comma, the same test on both sides ("...
    were mainly located in the vicinity of developing pollen grains | moreover , the intensity of fluorescence
    increased ...", ``_ADVERBS_AFTER_A_LOST_STOP``; read blind, counted two sentences run together)."""
    tokens = sentence.split()
    for i in range(1, len(tokens) - 3):
        if tokens[i:i + 3] == [",", "however", ","]:
            if _joins_two_clauses(tokens[:i], tokens[i + 3:]):
                return True
        elif _runs_on_before_an_adverb(tokens, i):
            return True
    return False


def _runs_on_before_an_adverb(tokens: Sequence[str], i: int) -> bool:
    """Whether ``tokens[i]`` is a sentence adverb whose comma follows it and before which the data set lost a stop:
    no mark and no word that goes on into it before it (``_GO_ON_INTO_AN_ADVERB``), a verb in the sentence before it
    (whose last clause may be a side part: "... in the anther locule , being mainly located in the vicinity of
    developing pollen grains | moreover , ..."), and a subject and its verb after its comma."""
    if not (tokens[i] in _ADVERBS_AFTER_A_LOST_STOP and tokens[i + 1] == ","
            and tokens[i - 1] not in _GO_ON_INTO_AN_ADVERB and tokens[i - 1][0].isalnum()):
        return False
    clause, after = _after_last_comma(tokens[:i]), tokens[i + 2:]
    fronted = clause[0] in FRONTING_WORDS and not _holds_its_main_clause(clause)
    if fronted or clause[0] in FRONTED_CLAUSE_OPENINGS or is_only_a_verb(tokens[i - 1]):
        return False  # a fronted phrase that lost its comma goes on into its main clause ("with our integrated analysis
        # however , we have identified ..."), and a verb into its object ("these data confirm however , the ...")
    # (a past form the lexicon also reads as an adjective is the verb after the comma: "the intensity of fluorescence
    # increased in ...")
    after_verb = has_predicate(" ".join(after)) or any(is_a_past_verb(word) for word in after[1:_PAST_VERB_WITHIN])
    return (has_predicate(" ".join(tokens[:i])) and after[0] in _SPLICED_OPENINGS
            and not _goes_on_in_a_relative_clause(after) and after_verb)


# verbs that a paper's main clause has after a fronted phrase and its subject, which no phrase of its own holds
_VERBS_OF_A_MAIN_CLAUSE = frozenset({"get", "gets", "got", "become", "becomes", "became", "remain", "remains",
                                     "remained", "show", "shows", "showed", "found", "observed", "seem", "seems"})


def _holds_its_main_clause(clause: Sequence[str]) -> bool:
    """Whether a clause that a preposition opens has gone on past its phrase into a main clause: a finite word
    (``_FINITE_WORDS``) or one of ``_VERBS_OF_A_MAIN_CLAUSE`` after at least two words ("in our studies parp
    down - regulated d. discoideum cells get arrested at loose aggregation stage ..."), not only the phrase's own
    participles ("with our integrated analysis"). None of SumPubMed train papers 0-999 turned on it; one summary read
    blind."""
    return any(word in _FINITE_WORDS or k > 2 and word in _VERBS_OF_A_MAIN_CLAUSE for k, word in enumerate(clause))


# sentence adverbs that, with their comma, open the next sentence where no mark stands before them ("... pollen grains
# moreover , the intensity ..."); not "similarly", a manner too ("... classify most metabolites similarly , there are
# ...")
_ADVERBS_AFTER_A_LOST_STOP = frozenset({"moreover", "furthermore", "additionally", "however", "nevertheless",
                                        "nonetheless", "consequently", "interestingly", "surprisingly", "notably",
                                        "importantly", "therefore", "thus", "hence"})
# ... unless the word before goes on into it: "more importantly ,", "and , thus ,", "is therefore , in most cases"
_GO_ON_INTO_AN_ADVERB = _CLAUSE_GOES_ON | frozenset({"more", "most", "very", "and", "or", "but", "it", "which", "that",
                                                    "as", "and/or"})


_PAST_VERB_WITHIN = 8  # the words of a subject after the adverb's comma before its past verb


def _goes_on_in_a_relative_clause(after: Sequence[str]) -> bool:
    """"... , however , in which ...": what follows a connective is a relative clause that goes on."""
    return len(after) > 1 and after[1] in ("which", "whom", "whose")


def _joins_two_clauses(before: Sequence[str], after: Sequence[str]) -> bool:
    """Whether the tokens ``before`` a connective end a clause with a finite verb that opens with no fronting word
    and does not stop at its auxiliary, and those ``after`` it open a clause with its own subject and finite verb:
    two sentences, not one (``splices_two_sentences``)."""
    clause = _after_last_comma(before)
    fronted = clause and (clause[0] in FRONTING_WORDS or clause[0] in FRONTED_CLAUSE_OPENINGS
                          or clause[:2] == ["due", "to"])
    if (not clause or fronted or clause[0] in _CLAUSE_GOES_ON or clause[-1] in _CLAUSE_GOES_ON
            or clause[-1] in _SUBORDINATORS):
        return False
    if _goes_on_in_a_relative_clause(after):
        return False
    return bool(after) and after[0] in _SPLICED_OPENINGS and has_predicate(" ".join(clause)) and has_predicate(" ".join(after))


# the words that open a fronted clause, which has a verb of its own and still leads into the main clause
# after the number ("although we can not rule out that ... bind the same surface on prp <dig> | it is
# rather unlikely that ...", "as shown in figure <dig> | the ..."): the subordinators, and those that also
# open a lead phrase ("as expected , ...", "after treatment , ...")
FRONTED_CLAUSE_OPENINGS = _SUBORDINATORS | {"whenever", "as", "whether", "after", "before", "until"}
# ... and "given", whose phrase a purpose after its number goes on ("given the ability of fmnl <dig> to support ...")
_OPENINGS_A_PURPOSE_GOES_ON = FRONTED_CLAUSE_OPENINGS | {"given"}
# what stands before an item's label ("the objectives were , <dig> to create ...")
_LABEL_MARKS = frozenset({",", ";", ":", "("})


def _after_last_comma(tokens: Sequence[str], marks: Collection[str] = (",",)) -> Sequence[str]:
    """The tokens after the last comma, or the last of ``marks`` (all of them when there is none): the clause that
    ends them."""
    commas = [k for k, token in enumerate(tokens) if token in marks]
    return tokens[commas[-1] + 1:] if commas else tokens


# A bare comma splice: two clauses, each with its auxiliary or modal (``_FINITE_WORDS``), joined by a comma
# alone ("the first nine contigs could be oriented , the remaining eight could not be oriented ."). The words
# that open a subordinate, relative or comparative clause ...
_CLAUSE_OPENINGS = _SUBORDINATING_WORDS | FRONTED_CLAUSE_OPENINGS | {"whereas", "whilst", "whatever", "whereby",
                                                                       "whom", "whose", "than", "so"}
# ... and those, a correlative ("not only ..."), a list after a colon or a semicolon, a dash's aside: before the
# comma they make the first part no main clause of its own
_NO_MAIN_CLAUSE_BEFORE = _CLAUSE_OPENINGS | {"only", "matter", ";", ":", "--", "—", "–"}
# ... the first words of a sentence that open no main clause: a fronted conditional ("had we chosen ...",
# "should this be ..."), a concession ("except ..."), and a time clause ("every time ...", "each time ...")
_NO_MAIN_CLAUSE_OPENINGS = FRONTING_WORDS | _NO_MAIN_CLAUSE_BEFORE | {
    "every", "except", "had", "should", "were", "not", "again", "briefly"}
_TIME_CLAUSE_OPENINGS = (("each", "time"), ("every", "time"))
# the linking adverbs, and the last words of linking phrases ("for example", "in other words", "even though"),
# that may sit beside a comma between two clauses ("... ; therefore , it ...", "... and therefore , it must ...")
_LINKING_WORDS = frozenset({"however", "therefore", "thus", "hence", "moreover", "furthermore", "nevertheless",
                            "nonetheless", "instead", "consequently", "accordingly", "indeed", "also", "then", "still",
                            "example", "instance", "words", "even"})
# what the second clause's subject opens with: a determiner or pronoun, or a quantity
_SPLICED_SUBJECT_OPENINGS = (_SUBJECT_OPENINGS - _NOT_A_SUBJECT_OPENING) | {
    NUMBER, "~", "about", "approximately", "only"}
# the words after the comma that make the sentence a series of clauses, which it may join with commas ("<dig>
# % were nssnvs , <dig> % were frame shifts , and <dig> % were ..."; ", or cultures are ..."), or set two
# clauses against each other
_SERIES_WORDS = frozenset({"and", "but", "while", "whereas"})
_SPLICED_VERB_REACH = 7  # the second clause's finite verb is among its first this many words


# the adverbs that may stand between "we" and its verb ("we therefore suggested ...")
_ADVERBS_AFTER_WE = frozenset({"therefore", "thus", "also", "then", "further", "hence", "next", "first", "now", "still",
                               "again", "finally", "here", "additionally"})


def _opens_with_we_and_its_verb(clause: Sequence[str]) -> bool:
    """Whether ``clause`` opens with "we", perhaps an adverb (``_ADVERBS_AFTER_WE``, or one in "-ly") and a verb the
    lexicon knows: a lexical verb is a second clause's predicate as much as an auxiliary is ("... is located in the
    second signature sequence , we therefore suggested that ...")."""
    k = 1
    while k < len(clause) and (clause[k] in _ADVERBS_AFTER_WE or clause[k].endswith("ly")):
        k += 1
    return (clause[:1] == ["we"] and k < len(clause)
            and (clause[k] in _FINITE_WORDS or "VERB" in word_classes(clause[k])))


def _opens_a_purpose(words: Sequence[str]) -> bool:
    """Whether a part opens with a purpose: "in order to", or "to" and a verb ("to test this")."""
    return (words[:3] == ["in", "order", "to"]
            or len(words) > 1 and words[0] == "to" and "VERB" in word_classes(words[1]))


def _splices_after_a_purpose(tokens: Sequence[str], opening: int, after: Sequence[str]) -> bool:
    """Whether a purpose set off by commas after a main clause leads a second one: "we aim to introduce new sources of
    information ... , | in order to more accurately align the residues ... , secondary structure information was
    incorporated into ...": the part before the phrase (since the last semicolon or colon) holds a predicate and
    ends on no coordinator, and after the phrase's comma comes a clause (``_opens_a_clause_or_a_bare_subject``) that
    no coordinator joins later. A phrase of any other kind between commas after a clause is as often an aside inside
    it ("this may explain , at least partially , the fact that ...", "our data suggest , for the first time , that
    ..."): about 75 lines of SumPubMed train papers 0-999 took that form, most of them whole sentences. With a purpose,
    1 more of those papers, a run-on. ``opening``: the mark before the purpose."""
    part = _after_last_comma(tokens[:opening], (";", ":"))
    if tokens[opening] != "," or len(part) < 3 or part[-1] in _SERIES_WORDS | {"or"}:
        return False
    return has_predicate(" ".join(part)) and _opens_a_clause_or_a_bare_subject(after) and _SERIES_WORDS.isdisjoint(after)


def splices_with_a_comma(sentence: str) -> bool:
    """Whether a sentence in the normal form is two clauses joined by a comma alone: a part before a comma
    whose last clause (after its last "and" or "or") holds a finite word (``_FINITE_WORDS``), in a sentence
    that opens with no subordinate or fronted clause (``_NO_MAIN_CLAUSE_OPENINGS``; a fronted phrase with
    no verb, "in total ,", is passed) and holds none before the comma (``_NO_MAIN_CLAUSE_BEFORE``), and after
    it a clause with its own subject (``_SPLICED_SUBJECT_OPENINGS``) and finite word within its first
    ``_SPLICED_VERB_REACH`` words, no series word after it (``_SERIES_WORDS``) and no linking adverb beside
    it ("the pig ppargc1a gene is annotated on an unplaced scaffold , its <dig> ' -end is located near
    ..."). A reader of a summary counts a comma splice broken. Of SumPubMed train papers 0-1,499, 59 of
    223,172 sentences not passed over already (0.03%), the 40 read all spliced or run on (an earlier form
    also took fronted concessions and conditions, "whenever ...", "most importantly , whatever the error
    rate ...", "had we chosen ...", and comparisons, "the larger the f - score is , the more ...": kept out).
    After such a part, "we" and a verb the lexicon knows open the second clause too, whatever the verb
    (``_opens_with_we_and_its_verb``: "two groups of che clusters are highly conserved among the geobacter sp. , we
    refer to these as ..."), unless the sentence opens with an adverb or a participle ("similarly to what has been
    reported ... , we found ...") or a coordinator joins "we" later (a series, ", and we kept ..."): 5 more of train
    papers 0-999 and the Cohan-form papers, all spliced. Papers only."""
    tokens = sentence.split()
    if tokens and tokens[0] in FRONTING_WORDS and tokens[0] not in _NO_MAIN_CLAUSE_BEFORE and "," in tokens:
        phrase_end = tokens.index(",")  # a fronted phrase with no verb of its own ("in total , the ...")
        if _FINITE_WORDS.isdisjoint(tokens[:phrase_end]) and _NO_MAIN_CLAUSE_BEFORE.isdisjoint(tokens[1:phrase_end]):
            tokens = tokens[phrase_end + 1:]
    if (not tokens or tokens[0] in _NO_MAIN_CLAUSE_OPENINGS or tokens[0] in _LINKING_WORDS or tokens[0].endswith("ing")
            or tuple(tokens[:2]) in _TIME_CLAUSE_OPENINGS):
        return False
    bounds = [i for i, token in enumerate(tokens) if token in (",", ";", ":")]
    # a comma after the first word that opens no main clause joins no two main clauses
    first_break = next((i for i, token in enumerate(tokens) if token in _NO_MAIN_CLAUSE_BEFORE), len(tokens))
    for k, comma in enumerate(bounds):
        if first_break < comma:
            return False
        if tokens[comma] != ",":
            continue
        before = tokens[(bounds[k - 1] + 1 if k else 0):comma]
        after = tokens[comma + 1:(bounds[k + 1] if k + 1 < len(bounds) else len(tokens))]
        if k and _opens_a_purpose(before) and after and _splices_after_a_purpose(tokens, bounds[k - 1], after):
            return True
        if (len(before) < 3 or len(after) < 4 or before[0] in _LINKING_WORDS or before[-1] in _LINKING_WORDS
                or before[0] in FRONTING_WORDS or _opens_a_comparison(tokens) and _opens_a_comparison(after)):
            continue
        coordinators = [i for i, word in enumerate(before) if word in ("and", "or")]
        if _FINITE_WORDS.isdisjoint(before[coordinators[-1] + 1:] if coordinators else before):
            continue
        verb = next((i for i, word in enumerate(after[:_SPLICED_VERB_REACH]) if word in _FINITE_WORDS), None)
        rest = " ".join(tokens[comma:])
        series = not _SERIES_WORDS.isdisjoint(tokens[comma:]) or ", or" in rest
        # (not after a participle's or an adverb's phrase, whose participle the finite words hold: "taken together
        # with th expression demonstrated by flow cytometry , we ...", "similarly to what has been reported , we ...")
        if after[0] == "we" and not tokens[0].endswith(("ly", "ed", "en")) and _opens_with_we_and_its_verb(after):
            # (not a series of the writers' clauses: "... , we ranked them , and we kept the top ten .")
            if not any(f", {word} we " in rest for word in _SERIES_WORDS | {"or"}):
                return True
        if after[0] not in _SPLICED_SUBJECT_OPENINGS or verb is None or series:
            continue
        if _CLAUSE_OPENINGS.isdisjoint(after[1:verb]):  # "..., a lower share than was ...": no clause
            return True
    return False


def _opens_a_comparison(tokens: Sequence[str]) -> bool:
    """Whether tokens open a half of a comparison of proportions ("the larger the f - score is , the more
    likely this feature is ..."), whose two halves a comma joins."""
    return len(tokens) > 1 and tokens[0] == "the" and (tokens[1] in ("more", "less") or tokens[1].endswith("er"))


def _ends_a_clause(tokens: Sequence[str]) -> bool:
    """Whether the tokens before a number (or an initial) end a clause with a finite verb: the part
    after their last comma has one and opens no fronted clause (``FRONTED_CLAUSE_OPENINGS``; "in
    figure <dig> the solutions are parallel to the plots in figure <dig> | in addition , ...", whose
    fronted phrase lost its comma), or they have one and are no fronted phrase
    (``normalize.closes_fronted_phrase``: "as shown in figure <dig> | the ...", ", while in line <dig>
    | the blue color was ...")."""
    # (a pointer's name before its number is no verb and its object: "from figures <dig> <dig> <dig>")
    tokens = [token for i, token in enumerate(tokens)
              if not (token in _POINTER_NOUNS and tokens[i + 1:i + 2] == [NUMBER])]
    last_part = _after_last_comma(tokens)
    if last_part and last_part[0] not in FRONTED_CLAUSE_OPENINGS and has_predicate(" ".join(last_part)):
        return True
    return has_predicate(" ".join(tokens)) and not closes_fronted_phrase(tokens)


# the finite auxiliaries and modals (the clause words that go on a clause, "be", "been" and "not" apart)
_FINITE_AUXILIARIES = _CLAUSE_GOES_ON - {"be", "been", "not"}
# what opens no sentence's subject after a name's number: the words that go on a noun phrase (the nouns
# a name's number stands before, "hsp <dig> protein was ...", "il- <dig> expression levels ...", "dsm
# <dig> mice"), function words and marks
_NOUNS_AFTER_A_NAME = frozenset("""
    protein proteins gene genes mutant mutants allele alleles variant variants isoform isoforms expression mrna mrnas
    cdna cdnas rna dna knockdown knockout ko promoter promoters reporter reporters receptor receptors domain domains
    family families clade clades orthologue orthologues ortholog orthologs homolog homologs homologue homologues
    residue residues sequence sequences activity activities level levels cell cells line lines strain strains
    transcript transcripts antibody antibodies complex complexes subunit subunits pathway pathways signaling signalling
    binding site sites region regions locus loci motif motifs peptide peptides kinase kinases nucleotide nucleotides
    amino copies copy deletion deletions mutation mutations genotype genotypes plants mice rats patients group groups
    sample samples marker markers primer primers fragment fragments construct constructs vector vectors treatment
    treatments production content concentration concentrations additional k""".split())
_GOES_ON_A_PHRASE = DETERMINERS | _CLAUSE_BREAKS | _AFTER_PARTICIPLE | _POINTER_NOUNS | frozenset({
    "we", "they", "it", "there", "nor", "also", "only", "not", "either", "neither", "respectively", "following",
    "including", "like", "unlike", "compared", "upon", "throughout", "toward", "towards", "plus", "versus", "vs",
    "(", ")", "[", "]", ".", "=", "<", ">", "±", "×", "/", "+", "*", "%", "'", '"'})
# units after a number ("... for <dig> h | cells were ...": that is a count's unit, not a name's)
_UNITS_AFTER_A_NUMBER = frozenset("h hr hrs min s sec d days weeks months years °c ° % kda da bp kb mb nm μm µm mm cm m "
                                  "mg g kg ml μl µl mol mmol nmol fold x × times nt aa".split())
_SUBJECT_REACH = 8  # the words of the next sentence's subject before its verb


def _opens_a_clause_after_a_name(rest: Sequence[str]) -> bool:
    """Whether the tokens after a name's number open a clause of their own: a subject of a few words,
    content words and "of" with its article (not a noun that goes on a name, ``_NOUNS_AFTER_A_NAME``,
    nor a word the lexicon knows as a verb), then an auxiliary or a verb in the present tense before
    its object ("rt - pcr evaluation of a blood sample was positive ...", "cnorfuzzy implements a ...")."""
    first = rest[0]
    if (first in _NOUNS_AFTER_A_NAME or first in _GOES_ON_A_PHRASE or first in _UNITS_AFTER_A_NUMBER
            or not first[0].isalpha() or "VERB" in word_classes(first) or first.endswith("ing")):
        return False
    for k in range(1, min(_SUBJECT_REACH + 1, len(rest) - 1)):
        word, after = rest[k], rest[k + 1]
        if word == "of" or word in ("a", "an", "the") and rest[k - 1] == "of" or word == "-":
            continue
        if word in _FINITE_AUXILIARIES:
            return True
        if "VERB" in word_classes(word) and after in OBJECT_OPENINGS and not word.endswith(("ed", "ing")):
            return True
        if word in _GOES_ON_A_PHRASE or word == NUMBER and k > 1 or word.endswith(("ed", "ing")):
            return False
    return False


# the prepositions of a fronted phrase that holds a share ("in merely <dig> % of all the patients ,")
_SHARE_PREPOSITIONS = frozenset({"in", "among", "of", "for"})
_SHARE_REACH = 3  # the words from such a preposition to its number: "in merely <dig>"


def runs_a_heading_into_a_fronted_phrase(sentence: str) -> bool:
    """Whether a masked paper's line in the normal form is a heading run into a sentence that opens with a fronted
    phrase: the part before its first comma holds no predicate, opens with a noun (no fronting word or determiner:
    the heading's noun phrase, "symptoms in venous thromboembolism patients") and, after its second word, a
    preposition and a number within ``_SHARE_REACH`` words (the sentence's fronted phrase, "in merely <dig> % of all
    the patients"), and after the comma a clause with its subject and finite verb ("dvt was also confirmed by
    venography"). A Cohan-format paper runs a table's title into the sentence after it; the first valid paper's
    summary took one. 1 line of the 200 Cohan-format papers, none of SumPubMed train papers 0-999, whose headings
    are gone."""
    tokens = sentence.split()
    if "," not in tokens:
        return False
    comma = tokens.index(",")
    head, clause = tokens[:comma], tokens[comma + 1:]
    if len(head) < 5 or len(clause) < 3 or head[0] in FRONTING_WORDS or head[0] in DETERMINERS:
        return False
    classes = word_classes(head[0])
    if "NOUN" not in classes or not classes <= {"NOUN", "ADJ"} or has_predicate(" ".join(head)):
        return False
    holds_a_share = any(head[k] in _SHARE_PREPOSITIONS and NUMBER in head[k + 1:k + 1 + _SHARE_REACH]
                        for k in range(2, len(head) - 1))
    return holds_a_share and clause[0] not in _CLAUSE_BREAKS and _has_its_verb_within_reach(clause)


def runs_on_after_a_name(sentence: str) -> bool:
    """Whether a masked paper's sentence in the normal form may be two that the data set ran together at a
    name's number (a gene's, a strain's), which lost its stop with the number: the part before holds a
    finite auxiliary (or "we" or "they" and a word after it) in its last clause, which opens no
    subordinate clause, and what follows opens a clause of its own (``_opens_a_clause_after_a_name``):
    "... positive for the bvdv - specific antibody ca3/34-c <dig> | rt - pcr evaluation of a blood sample
    was positive ...", "... derived from t <dig> plant t0- <dig> | l <dig> plants carry a single copy
    ...". ``runs_two_sentences_together``
    takes the seconds that open with a determiner or a connective; this one those whose subject has none.
    In SumPubMed train papers 0-999, 94 of 149,885 sentences not passed over before; of 37 of them that a
    reader who did not know the rule judged, 25 were two sentences run together and 12 one sentence whose
    name's number stands before more of its noun phrase ("hsp <dig> monoclonal antibody was purchased from
    cambridge biosciences and hsp <dig> | polyclonal antibody was a gift ..."): a chooser loses few
    sentences for the run-ons it no longer takes, which read blind were four of the eight broken sentences
    left in 30 papers' summaries. Papers only."""
    tokens = sentence.split()
    start = 0  # where the part a number ends begins: after the last comma, semicolon or colon before it
    for j, token in enumerate(tokens[:-4]):
        if token in (",", ";", ":"):
            start = j + 1
        if token != NUMBER or j < _MIN_CLAUSE_WORDS - 1:
            continue
        name = tokens[j - 1]
        if name in _GOES_ON_A_PHRASE or name in _UNITS_AFTER_A_NUMBER or "VERB" in word_classes(name):
            continue
        clause = tokens[start:j]
        # after a word that opens a subordinate clause or a comparison, the number may end a subject whose
        # verb follows ("we found that il- <dig> | expression was ...")
        if not clause or clause[0] in _CLAUSE_OPENINGS:
            continue
        openings = [i for i, word in enumerate(clause) if word in _CLAUSE_OPENINGS]
        last = clause[openings[-1] + 1:] if openings else clause
        finite = any(word in _FINITE_AUXILIARIES or word in ("we", "they") and i + 1 < len(last)
                     for i, word in enumerate(last))
        if finite and _opens_a_clause_after_a_name(tokens[j + 1:]):
            return True
    return False


# a list of names closed by "and" ("cx <dig> cx <dig> and cx <dig>") and another name's number after it, with a finite
# verb next or after one more name ("cx <dig> and cx <dig> have been observed ..."): no list goes on past its "and"
_CLOSED_LIST_OF_NAMES_THEN_A_SUBJECT = re.compile(
    r"\b(\S+) {n} and \1 {n} (?P<subject>[a-z][^\s,;:]*) {n} (?:and (?P=subject) {n} )?"
    r"(?:is|are|was|were|has|have|had|can|could|may|might|will|would)\b".format(n=re.escape(NUMBER)))


def runs_on_after_a_closed_list_of_names(sentence: str) -> bool:
    """Whether a masked paper's sentence in the normal form may be two that the data set ran together after a list of
    names whose last number lost its stop: ``_CLOSED_LIST_OF_NAMES_THEN_A_SUBJECT`` matches ("here , we show that ...
    npcs express cx <dig> cx <dig> and cx <dig> | cx <dig> and cx <dig> have been previously observed ...", read blind
    as two sentences run together), the words before the list hold a predicate, and no subordinator whose clause has
    none opens their last clause ("... check if , in the absence of septins such as spr <dig> and spr <dig> cdc <dig>
    was able to ...": the clause's subject after a lost comma). In SumPubMed train papers 0-999: 6 such sentences, 5
    of them passed over before, and the sixth two run together ("... is that of p <dig> p <dig> and p <dig> | p <dig> is
    at the centre of a tumour suppressor network ...")."""
    match = _CLOSED_LIST_OF_NAMES_THEN_A_SUBJECT.search(sentence)
    if match is None:
        return False
    before = sentence[:match.start("subject")].split()
    opening = max((i for i, word in enumerate(before) if word in _SUBORDINATORS | {"whether"}), default=None)
    if opening is not None and not has_predicate(" ".join(before[opening + 1:])):
        return False
    return has_predicate(" ".join(before))


# what a heading does not end with: a word that goes on into the sentence ("of the <dig> patients with
# lower extremity dvt | , <dig> % had ...", "among lactic acid bacteria ... rather than | glycopeptide play ...")
_GOES_ON_INTO_THE_SENTENCE = frozenset({",", ";", ":", "-", "(", "and", "or", "of", "the", "a", "an", "in", "with",
                                        "for", "to", "than", "by", "as", "at", "on", "from"})
# the first word of a sentence that stands on its own after a heading ("risk factors for venous
# thromboembolism | based on a review of ...", "co - morbidities in ... patients | of the <dig> patients with dvt
# , ..."): not a verb or a noun that a cut line leaves ("the hexane extract | were discarded ...", "upon
# phospholipid digestion ... and lipid | extraction , levels ..."), nor "to" ("in the period of late july | to
# october <dig> , four samples ...")
_OPENINGS_AFTER_A_HEADING = (_SUBJECT_OPENINGS | _OPENERS_OF_A_RUN_ON_SENTENCE | FRONTING_WORDS
                             | {"of", CITATION}) - {"to", "that", "which", "what", "whose"}
_MIN_COPY_WORDS = 6  # the copied sentence's words: shorter lines repeat by chance


def headed_copies(sentences: Sequence[str], passed_over: Collection[int]) -> Set[int]:
    """Indices of a paper's lines that repeat another line of the paper after a heading run into it: the
    Cohan-format PubMed articles hold some passages twice, once with the section's or table's title run
    in ("co - morbidities in venous thromboembolism patients | of the <dig> patients with dvt , <dig> % had
    upper extremity dvt ...", where the same sentence without its heading stands later in the article).
    The copy's first part has no predicate (``has_predicate``) and does not end on a word that goes on
    into the sentence, and the copied sentence opens as a sentence does and is not passed over itself
    (``passed_over``), so a chooser that passes over the headed line can still take the sentence. In the
    200 Cohan-format papers (valid and train) 9 lines more than before, in 5 papers; in SumPubMed train
    papers 0-999 none (its passages are not repeated)."""
    index_of = {}
    for j, sentence in enumerate(sentences):
        index_of.setdefault(" ".join(sentence.split()), j)
    headed = set()
    for i, sentence in enumerate(sentences):
        tokens = sentence.split()
        for k in range(1, len(tokens) - _MIN_COPY_WORDS + 1):
            j = index_of.get(" ".join(tokens[k:]))
            if j is None:
                continue
            heading = tokens[:k]  # the longest tail that is a line of its own: its copy
            if (j not in passed_over and tokens[k] in _OPENINGS_AFTER_A_HEADING
                    and heading[-1] not in _GOES_ON_INTO_THE_SENTENCE and not has_predicate(" ".join(heading))):
                headed.add(i)
            break
    return headed

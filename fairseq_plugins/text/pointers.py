"""Pointers to what a summary does not carry: figures, tables, supplementary files and citations.

A paper's sentences point at its figures and tables ("(Fig. 2B)", "( table 1 )", "(Additional
file 1: Table S2)") and at its references ("[12]", "(4, 7-9)", "(Smith et al., 2005)"). A summary
copies the sentences but not the figures, tables or reference list, so each pointer leads a reader
nowhere; blind readers of the papers models' summaries counted them among the dangling references
(on the Cohan-form PubMed valid papers, 29 figure or table pointers in 22 of 100 extractive
summaries, 42 bracketed citation numbers in 24). ``drop_pointers`` takes them out of the sentences
a summary gives, in the raw text's form and in the normal form alike:

- a **bracket of pointers** goes whole: each of its parts (split at ";" and ",") a pointer
  (``POINTER_RE``: "fig . 2b", "see table 1", "figures 1 and 2", "supplementary fig . s3c and d",
  "s1 table", "additional file 1 : table s2", "see methods") or a few words of description after
  one ("( fig . 1a , arrowheads )", "( figure s1 , supporting information )", "( red , left panel )");
- a **mixed bracket** loses only its pointers: "( p = 0.03 ; figure 2 )" -> "( p = 0.03 )";
- a **citation** goes whole: numbers in square brackets (as ``masking`` finds a pasted paper's), a
  masked paper's ``<cit>``, an author-year citation in a bracket ("( smith et al . , 2005 ; lee and
  park 2003 )", each work a ";"-part of names and years), and numbers in round brackets where the paper
  cites that way (``cites_in_round_brackets``: "( 4 )" is as often a count, "97 % ( 462 )", or an
  item of a list, "( 1 ) made up of ..., ( 2 ) maintain ...": a round bracket of whole numbers is a
  citation only in a paper that ends at least ``ROUND_CITATION_EVIDENCE`` clauses with one, and
  never right after a per cent sign or a number of two digits or more that is no year, with a
  thousands separator ("( 13,496 )"), as a year alone, or in a sentence that numbers its items
  "( 1 ) ... ( 2 ) ...");
- a superscript citation flattened after the sentence's stop goes ("... at the macula.2" -> "... at
  the macula.", where ``normalize.split_sentences`` ends the sentence), and so does one flattened
  inside it after a word's comma or onto a word, where a tokenized text never glues a comma
  ("after birth,19 and health problems" -> "after birth , and health problems", "in human1,2 and
  animal tissues" -> "in human and animal tissues"; 72 in the 200 Cohan-format
  papers). A word and one number ("renal810" for renal(8-10), "test3") is a name as often ("il6",
  "apoe4", "glut4", "water302"), so it goes only where the paper gives the evidence
  (``glued_citations``: the paper flattens at least ``GLUED_CITATION_EVIDENCE`` citations in those
  other ways, and the word is an English word the paper also writes on its own or the form ends a
  sentence, "injuries2 .", never with a spaced number, "score 2", and never with three numbers,
  "water302, water305, water354"; the form occurs at most twice and points at no figure,
  "figure2"): 58 in the 200 Cohan-format papers, all citations. In such a paper, numbers glued
  onto a closing bracket go too ("animal ( rodents , swine , etc.)3 - 5 tissues", "( hhanes)7
  indicated"; 8 in those papers, all citations);
- a citing preposition right before what goes, goes with it where the clause ends there ("described in
  [12] ." -> "described ."), and before a citation whatever follows, as ``readable`` drops one before a
  masked ``<cit>`` ("predicted in <cit> to be" -> "predicted to be": 130 sentences of SumPubMed train
  papers 0-999 read "in to", "by to", "in using" and the like before), but for "see", a verb ("see <cit>
  for a recent review" keeps it).

Pointers outside brackets ("as shown in figure 2 , the ...") are part of the sentence's grammar and
stay.
"""
import re
import collections
from typing import AbstractSet, Counter, Dict, FrozenSet, List, Optional, Sequence, Tuple

import lemminflect

from . import abbreviations, masking
from .normalize import NUMBERED_ABBREVIATIONS, cites_works
from .readable import CITING_PREPOSITIONS

__all__ = ["POINTER_RE", "ROUND_CITATION_EVIDENCE", "GLUED_CITATION_EVIDENCE", "cites_in_round_brackets", "glued_citations",
           "drop_pointers", "without_pointers"]

_LABEL = r"(?:[a-z]{0,2}-?\d+(?:\.\d+)*[a-z]{0,2}|[a-z])\b"  # "2", "2b", "s1", "e-9", "3.2", and a panel "d"
_LABELS = _LABEL + r"(?:(?:\s*(?:,\s*and|,|-|\u2013|and|&|to)\s*|\s+)" + _LABEL + r")*"
_NOUN = (r"(?:fig|figs|figure|figures|table|tables|tab|tabs|scheme|schemes|appendix|appendices|movie|movies|"
         r"video|videos|file|files|box|boxes|panel|panels|chart|charts|eq|eqs|equation|equations|section|sections|"
         r"dataset|datasets|text|note|notes|data)\s*\.?")
_QUALIFIER = (r"(?:supplementary|supplemental|suppl\s*\.?|additional|extended\s+data|online|electronic\s+supplementary"
              r"\s+material|supporting(?:\s+information)?|esm)")
# one thing pointed at: "fig . 2b", "supplementary table s1", "s1 table", "supplementary material", "methods"
_TARGET = (r"(?:(?:" + _QUALIFIER + r"\s+)?" + _NOUN + r"\s*" + _LABELS
           + r"|s\d+\s+" + _NOUN
           + r"|" + _QUALIFIER + r"\s+(?:material|materials|information|data|methods|figures|tables)"
           + r"|(?:top|bottom|left|right|upper|lower|middle)\s+(?:figures?|panels?|images?|rows?)"
           + r"|(?:the\s+)?(?:methods|materials\s+and\s+methods|results|discussion|above|below|text|appendix)"
           + r"(?:\s+section)?)")
_LEAD_IN = r"(?:(?:see(?:\s+also)?|cf\s*\.?|compare|e\s*\.\s*g\s*\.\s*,?|as\s+shown\s+in|shown\s+in|in|and)\s+)?"
POINTER_RE = re.compile(r"\s*" + _LEAD_IN + _TARGET + r"(?:\s*(?::|and|,)\s*" + _TARGET + r")*\s*", re.IGNORECASE)
# a few words describing where in a figure ("arrowheads", "left panel", "respectively") after a pointer
_DESCRIPTION_RE = re.compile(r"\s*[^\W\d_]+(?:[\s-]+[^\W\d_]+){0,2}\s*")
# a part that is only more labels of the pointer before it: "figures 1 , 2 , and 3"
_MORE_LABELS_RE = re.compile(r"\s*(?:and\s+)?" + _LABELS + r"\s*", re.IGNORECASE)
_WORK_SEPARATOR_RE = re.compile(r"\s*;\s*")  # between the works a bracket cites, or its statements
_PART_SEPARATOR_RE = re.compile(r"\s*,\s*")
_WORD_RE = re.compile(r"[^\W\d_][\w'\u2019]*")
_NAME = r"[^\W\d_][\w'\u2019]*"
_NAMES = _NAME + r"(?:(?:\s*-\s*|\s+|\s*(?:,|and|&)\s*)" + _NAME + r")*(?:\s+et\s+al\s*\.?)?"
_YEAR = r"(?:1[89]\d|20[0-2])\d"  # 1800-2029: "( ct 2028 )" is no citation
_YEARS = _YEAR + r"[a-z]?(?:\s*,\s*" + _YEAR + r"[a-z]?)*"
_AUTHOR_YEAR_RE = re.compile(r"\s*(?:(?:see(?:\s+also)?|e\s*\.\s*g\s*\.|cf\s*\.?|reviewed\s+in)\s*,?\s*)?"
                             r"(?P<names>" + _NAMES + r")\s*,?\s*" + _YEARS + r"\s*", re.IGNORECASE)
_CITATION_NAME_WORDS = 8

# a superscript citation flattened after the sentence's stop ("... at the macula.2", "cultures.6 - 8",
# "mechanisms.1821": 18-21, normalize.cites_works; "( t2d).13", "95 % .16" in the normal form),
# where normalize.split_sentences ends the sentence
_GLUED_CITATION_RE = re.compile(r"(?<![\w.])(?:(?P<word>[^\W\d_][\w-]*)|(?P<mark>[)%])(?P<gap>\s*))\.(?P<first>\d{1,4})"
                                r"(?:\s*[,\u2013-]\s*(?:\d{1,3}|<dig>))*(?P<close>\s*\))?\s*$")
# ... and inside it: after a word's comma ("birth,19 and", "cardiovascular,6,7 and") or glued to a word
# of four letters or more as a list of numbers ("human1,2 and animal", "vein3,15")
_INNER_GLUED_CITATION_RE = re.compile(r"(?<=[^\W\d_]{3})(?P<comma>,)\d{1,3}(?:[,\u2013-]\d{1,3})*(?=\s|$)"
                                      r"|(?<=[^\W\d_]{4})\d{1,3}(?:,\d{1,3})+(?=\s|$)")
# a word and one number glued ("renal810", "test3"; not "cav1.2", "her2-expressing"): a citation where
# glued_citations finds the evidence
_WORD_NUMBER_RE = re.compile(r"(?<![\w./-])(?P<word>[^\W\d_]{4,})(?P<number>\d{1,4})(?![\w/-]|\.\d)")
# ... with the rest of its list in a tokenized text ("under non - wb conditions1 , 3 , 4 , many ...")
_WORD_NUMBERS_RE = re.compile(_WORD_NUMBER_RE.pattern + r"(?P<more>(?:\s*[,\u2013-]\s*\d{1,3}(?![\w.]|\s*%))*)"
                              r"(?P<close>\s*\))?")
# ... that ends its sentence ("to prevent lower extremity injuries2 .", "hemodynamic monitoring13 ) .",
# "in isolation11 , 12 ."): a citation even where the paper never writes the word on its own
_SENTENCE_END_AFTER_RE = re.compile(r"(?:\s*,\s*\d{1,3})*\s*(?:\)\s*)?\.(?!\d)")
# ... and onto "et al" ("cheng et al21 reported", "lee et al.48 measured", "chang et al.9 ) reported":
# the superscript's own bracket, which the sentence never opened, goes too); 47 in the 200 Cohan-format papers
_AUTHORS_GLUED_CITATION_RE = re.compile(r"(?<=\bet al)(?P<stop>\s*\.)?\d{1,3}(?:[,\u2013-]\d{1,3})*(?P<close>\s*\))?(?=\s)",
                                        re.IGNORECASE)
# evidence of flattened superscript citations besides _INNER_GLUED_CITATION_RE's: after a stop inside
# the text ("in human beings.11 the om", "knee.20,21 data"), or a list of them glued to a word in a
# tokenized text ("the vestibular deficit1 , 2 .")
_GLUED_CITATION_EVIDENCE_RE = re.compile(r"(?<=[^\W\d_]{4})(?:\.\d{1,3}(?:,\d{1,3})*|\d{1,3}(?:\s+,\s+\d{1,3})+)(?=\s)")
GLUED_CITATION_EVIDENCE = 2  # citations flattened onto words before a paper's word+number forms can be ones
# numbers glued onto a closing bracket, before a word ("etc.)3 - 5 tissues"; raw text only: the
# normal form spaces them, ") 3 - 5 tissues", where they are as often a count)
_BRACKET_GLUED_CITATION_RE = re.compile(r"(?<=\))\d{1,3}(?:\s*[,\u2013-]\s*\d{1,3})*(?=\s+[^\W\d_])")
_NAMING_NUMBERS = 3  # a word glued to this many numbers names things ("water302", "water305", "water354")
_NORMAL_FORM_RE = re.compile(r"\s[,;:]\s|\s\(\s")  # tokens spaced apart: " , ", " ( "
# the masked paper data's own "<cit>", a run of them with their separators as one ("quality <cit> , <cit> , <cit> .":
# one at a time, they left "quality , , ." behind), a coordinator among them too ("those of <cit> and <cit>": one at
# a time, they left "those and .")
_MASKED_CITATION_RE = re.compile(r"{0}(?:\s*(?:[,;]|,?\s*(?:and|or))\s*{0})*".format(re.escape(masking.CITATION)))
_CLAUSE_END_AFTER_RE = re.compile(r"\s*(?:[.,;:)]|$)")  # what follows a cut pointer ends its clause
# abbreviations that lead into a citation's examples ("as done , e.g. , in <cit>"), which a cut citation leaves leading
# into nothing ("many tools exist , e.g. , for this purpose")
_CITATION_LEAD_IN_RE = re.compile(r"(?:^|\s*,)?\s*(?<!\w)(?:e\s*\.\s*g|i\s*\.\s*e|cf)\s*\.?\s*,?$", re.IGNORECASE)
_EMPTIED_BRACKET_WORDS = frozenset({"", "see", "see also"})  # a bracket's content once its citation was cut
# a comparison with the cited work that holds nothing else ("... the number of reads , as done in <cit> ."), not one
# that a verb "be" takes ("the parameters are as described in <cit>") nor one an adverb qualifies ("as previously
# described", which reads whole without its citation)
_AS_CITED_RE = re.compile(r"(?:\s*,)?(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bwere)(?<!\bbe)"
                          r"(?:\s+(?:essentially|exactly|basically|largely|mostly|precisely))?"  # "performed essentially as ..."
                          r"\s+as\s+(?:done|described|reported|shown|used|performed)$", re.IGNORECASE)
_SEE = "see"  # what CITING_PREPOSITIONS holds that is a verb: it points at the citation, "see <cit> for a review"
_AND_AFTER_RE = re.compile(r"\s*and\b")  # ... or joins the next part of it ("introduced in <cit> and demonstrated")
_BRACKET_RE = re.compile(r"\(([^()]{0,400})\)|\[([^\[\]]{0,400})\]")
_ROUND_NUMBERS_RE = re.compile(r"\(\s*(\d{1,3}(?:\s*[-\u2013,;]\s*\d{1,3})*)\s*\)")
_YEAR_RE = re.compile(_YEAR)
_THOUSANDS_RE = re.compile(r"\d,\d{3}\b")  # "( 13,496 )" is a count; "( 11,12 )" cites two works
# "97 % ( 462 )", "n = 30 ( 12 )": a count; but not after a year or a digit ("in 2002 ( 2 )", "type 1 ( 14 )")
_AFTER_QUANTITY_RE = re.compile(r"(?:%|(?<![\d.,])(?P<number>\d[\d.,]*))\s*$")
_LOOK_BEHIND = 20  # characters before a bracket read for a quantity
_ENUMERATOR_RE = re.compile(r"\(\s*[12]\s*\)\s*[^\W\d_]")  # "( 1 ) made up of": an item of a list
ROUND_CITATION_EVIDENCE = 3  # clauses ended by a round bracket of numbers before a paper cites that way
_CLAUSE_END_RE = re.compile(r"\s*[.,;]")


def _is_round_citation(text: str, match: re.Match) -> bool:
    """Whether the round bracket of whole numbers ``match`` in ``text`` is a citation by itself (a
    count, a year and an item of a list are not; see the module docstring)."""
    inside = match.group(1)
    if _YEAR_RE.fullmatch(inside.strip()) or _THOUSANDS_RE.search(inside):
        return False
    quantity = _AFTER_QUANTITY_RE.search(text[max(0, match.start() - _LOOK_BEHIND):match.start()])
    if quantity is None:
        return True
    number = quantity.group("number")
    return number is not None and (len(number) == 1 or _YEAR_RE.fullmatch(number) is not None)


def cites_in_round_brackets(text: str) -> bool:
    """Whether ``text`` (a whole paper) cites by numbers in round brackets: at least
    ``ROUND_CITATION_EVIDENCE`` of its clauses end with one that is no count or year."""
    count = 0
    for match in _ROUND_NUMBERS_RE.finditer(text):
        if _CLAUSE_END_RE.match(text, match.end()) and _is_round_citation(text, match):
            count += 1
            if count >= ROUND_CITATION_EVIDENCE:
                return True
    return False


def glued_citations(text: str) -> Optional[FrozenSet[str]]:
    """None where ``text`` (a whole paper) gives no evidence that it flattens its superscript
    citations; else its word+number forms, lowercased, that are such citations (possibly none; the
    module docstring gives the evidence)."""
    low = text.lower()
    if masking.CITATION in low:  # the masked paper data: its citations are "<cit>" already
        return None
    evidence = (sum(1 for _ in _INNER_GLUED_CITATION_RE.finditer(low))
                + sum(1 for _ in _GLUED_CITATION_EVIDENCE_RE.finditer(low)))
    if evidence < GLUED_CITATION_EVIDENCE:
        return None
    forms: Counter = collections.Counter()  # word+number form -> occurrences
    word_of: Dict[str, str] = {}  # form -> its word
    ending = set()  # forms that end a sentence somewhere
    for match in _WORD_NUMBER_RE.finditer(low):
        form = match.group(0)
        forms[form] += 1
        word_of[form] = match.group("word")
        if _SENTENCE_END_AFTER_RE.match(low, match.end()):
            ending.add(form)
    numbers_of = collections.Counter(word_of.values())  # word -> how many numbers it is glued to
    bare = collections.Counter(_WORD_RE.findall(low))
    citations = set()
    for form, word in word_of.items():
        if (lemminflect.getAllLemmas(word) and forms[form] <= 2 and (bare[word] or form in ending)
                and numbers_of[word] < _NAMING_NUMBERS and word not in NUMBERED_ABBREVIATIONS
                and not _is_pointer(form) and not re.search(r"(?<![\w-])" + word + r"\s+\d", low)):
            citations.add(form)
    return frozenset(citations)


def _is_pointer(part: str) -> bool:
    return POINTER_RE.fullmatch(part) is not None


def _is_author_year(part: str) -> bool:
    """Whether a ";"-part of a bracket is one author-year citation ("smith et al . , 2005", "Lee and
    Park 2003", "see Ng, 2010a, 2011"): names and a year, at most ``_CITATION_NAME_WORDS`` words of
    names, the first no common word ("since 2005" is not one)."""
    match = _AUTHOR_YEAR_RE.fullmatch(part)
    if match is None or len(_WORD_RE.findall(match.group("names"))) > _CITATION_NAME_WORDS:
        return False
    return _WORD_RE.match(match.group("names")).group(0).lower() not in abbreviations.common_words()


def _without_pointers(parts: List[str], separators: List[str]) -> Tuple[List[Tuple[str, str]], int]:
    """(the parts that are no pointers, each with the separator before it; how many were dropped)."""
    kept, dropped, after_pointer = [], 0, False
    for i, part in enumerate(parts):
        if _is_pointer(part) or (after_pointer and (_DESCRIPTION_RE.fullmatch(part) or _MORE_LABELS_RE.fullmatch(part))):
            dropped += 1
            after_pointer = True
            continue
        after_pointer = False
        kept.append((separators[i - 1] if i and kept else "", part))
    if dropped and all(_DESCRIPTION_RE.fullmatch(part) for _, part in kept):
        return [], dropped + len(kept)  # "( green , left panel )": where to look in a figure, all of it
    return kept, dropped


def _kept_parts(inside: str) -> Optional[str]:
    """The bracket's content without its pointers and author-year citations: None when nothing else
    (but a pointer's description) is in it, the content unchanged when there are none."""
    if inside.strip().lower() in _EMPTIED_BRACKET_WORDS:
        return None  # "( )", "( see )": what is left where a cut citation stood
    kept, dropped = [], 0
    works = _WORK_SEPARATOR_RE.split(inside)
    work_separators = _WORK_SEPARATOR_RE.findall(inside)
    for i, work in enumerate(works):
        if _is_author_year(work):
            dropped += 1
            continue
        parts, part_dropped = _without_pointers(_PART_SEPARATOR_RE.split(work), _PART_SEPARATOR_RE.findall(work))
        dropped += part_dropped
        if parts:
            kept.append((work_separators[i - 1] if i and kept else "", _joined(parts)))
    if not dropped:
        return inside
    if not kept:
        return None
    return _joined(kept)


def _joined(parts: List[Tuple[str, str]]) -> str:
    """Parts of a bracket's content, each after the separator that stood before it, as one text."""
    return "".join(separator + part for separator, part in parts).strip()


def _cut(text: str, start: int, end: int, citation: bool = False) -> str:
    """``text`` without ``text[start:end]`` and the space before it, and without a citing
    preposition right before it where what follows ends the clause (or the text), or the comma or
    semicolon that led into it there ("samples , <cit> ." reads "samples ."; "for example , in <cit> , svd is ..." reads
    "for example , svd is ...", not "example , , svd"). Before a ``citation``
    the preposition goes whatever follows: the citation is its object ("predicted in <cit> to be" reads
    "predicted to be", not "predicted in to be"; "the work by <cit> performs" reads "the work performs"),
    but for "see", a verb there ("; see <cit> for a recent review , which ..." would lose its verb); and an
    abbreviation that led into it ("e.g.", ``_CITATION_LEAD_IN_RE``) goes too, as does a comparison with the
    cited work that ends the clause ("... , or to the number of reads , as done in <cit> .", ``_AS_CITED_RE``)."""
    before = text[:start].rstrip()
    after = text[end:]
    words = before.rsplit(None, 1)
    clause_ends = _CLAUSE_END_AFTER_RE.match(after) is not None
    preposition = words[-1].lower() if words else None
    its_object = citation and preposition != _SEE
    if preposition in CITING_PREPOSITIONS and (its_object or clause_ends or _AND_AFTER_RE.match(after)):
        before = before[: len(before) - len(words[-1])].rstrip()
    if before[-1:] in (",", ";") and clause_ends:  # also once the preposition went ("for example , in <cit> , x")
        before = before[:-1].rstrip()
    if citation:  # what leads into a citation and says nothing without it: "e.g.", "as done" (and their commas)
        before, after = _without_part_at_end(before, after, _CITATION_LEAD_IN_RE)
        if clause_ends:
            before, after = _without_part_at_end(before, after, _AS_CITED_RE)
    if not before:
        return after.lstrip()
    return before + after


def _without_part_at_end(before: str, after: str, part: re.Pattern) -> Tuple[str, str]:
    """``before`` without the ``part`` at its end, and ``after`` without the comma that closed the part where a
    comma opened it ("x , e.g. <cit> , y" reads "x y")."""
    match = part.search(before)
    if match is None:
        return before, after
    if match.group(0).lstrip().startswith(",") and after.lstrip().startswith(","):
        after = " " + after.lstrip()[1:].lstrip()
    return before[:match.start()].rstrip(), after


def drop_pointers(sentence: str, round_citations: bool = False, glued: Optional[AbstractSet[str]] = None) -> str:
    """One sentence (raw or in the normal form) without its pointers (module docstring);
    ``round_citations``: the paper cites with numbers in round brackets (``cites_in_round_brackets``);
    ``glued``: what ``glued_citations`` finds in the paper (None: it does not flatten its citations)."""
    for pattern in (masking.NUMERIC_CITATION_RE, _MASKED_CITATION_RE):
        while (match := pattern.search(sentence)) is not None:
            sentence = _cut(sentence, *match.span(), citation=True)
    at_end = _GLUED_CITATION_RE.search(sentence)
    if (at_end is not None and (at_end.group("word") or "").lower() not in NUMBERED_ABBREVIATIONS
            and cites_works(at_end.group("first"))
            and not _kept_bracket(at_end, sentence)):
        # the normal form spaces its stop
        stop = " ." if _NORMAL_FORM_RE.search(sentence) or at_end.group("gap") else "."
        kept = at_end.group("word") or at_end.group("mark")  # the word, or the bracket or per cent sign
        sentence = sentence[:at_end.start()] + kept + stop
    comma = " ," if _NORMAL_FORM_RE.search(sentence) else ","  # the normal form spaces its commas
    sentence = _INNER_GLUED_CITATION_RE.sub(lambda match: comma if match.group("comma") else "", sentence)
    sentence = _AUTHORS_GLUED_CITATION_RE.sub(lambda match: _without_authors_citation(match, sentence), sentence)
    if glued is not None:
        sentence = _BRACKET_GLUED_CITATION_RE.sub("", sentence)
        sentence = _WORD_NUMBERS_RE.sub(lambda match: _without_glued_citation(match, sentence, glued), sentence)
    if round_citations and len(_ENUMERATOR_RE.findall(sentence)) < 2:
        position = 0
        while (match := _ROUND_NUMBERS_RE.search(sentence, position)) is not None:
            if _is_round_citation(sentence, match):
                sentence = _cut(sentence, *match.span(), citation=True)
                position = 0
            else:
                position = match.end()
    position = 0
    while (match := _BRACKET_RE.search(sentence, position)) is not None:
        inside = match.group(1) if match.group(1) is not None else match.group(2)
        kept = _kept_parts(inside)
        if kept is None:
            sentence = _cut(sentence, *match.span())
            position = 0
            continue
        if kept != inside:
            opening, closing = match.group(0)[0], match.group(0)[-1]
            spacing = " " if match.group(0)[1:2].isspace() else ""  # the normal form spaces its brackets
            sentence = sentence[:match.start()] + f"{opening}{spacing}{kept}{spacing}{closing}" + sentence[match.end():]
        position = match.start() + 1
    return sentence


def _kept_bracket(match: re.Match, sentence: str) -> str:
    """The closing bracket a flattened citation's ``match`` ends with ("close") where ``sentence``
    opened one for it, to be kept; "" where it has none or it is the superscript's own, which the
    sentence never opened ("chang et al.9 ) reported")."""
    close = match.group("close") or ""
    return close if close and sentence.count("(") >= sentence.count(")") else ""


def _without_glued_citation(match: re.Match, sentence: str, glued: AbstractSet[str]) -> str:
    """The word of a word+number form that ``glued`` holds, with the citation's closing bracket where
    ``sentence`` opened one for it; any other form as it is."""
    if (match.group("word") + match.group("number")).lower() not in glued:
        return match.group(0)
    return match.group("word") + _kept_bracket(match, sentence)


def _without_authors_citation(match: re.Match, sentence: str) -> str:
    """What "et al" keeps of a citation flattened onto it: its stop, and the citation's closing
    bracket where ``sentence`` opened one for it."""
    return (match.group("stop") or "").strip() + _kept_bracket(match, sentence)


def without_pointers(sentences: Sequence[str], round_citations: bool = False,
                     glued: Optional[AbstractSet[str]] = None) -> List[str]:
    """``drop_pointers`` for each sentence of a summary."""
    return [drop_pointers(sentence, round_citations, glued) for sentence in sentences]

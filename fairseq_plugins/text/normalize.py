"""Text preparation: the one place that turns raw text into what a model reads and writes.

Both data preparation (``scripts/prepare_data.py``) and the app call these functions, so a model
sees at inference exactly what it saw in training.

The normal form is the See et al. (2017) CNN/DailyMail "finished_files" form: lowercased,
Penn-Treebank tokenized, tokens separated by single spaces::

    new delhi ( cnn ) the 35 - year - old suspect , said l.l. doungal , did n't work . " there
    were students in uniform , " he added .

``normalize_text`` gets there from raw, cased text in these steps:

1. clean: HTML entities unescaped, NFKC ("8½" -> "8 1/2", full-width letters -> ASCII), curly
   quotes / backticks / guillemets made plain (``'`` and ``"``), control and zero-width
   characters dropped; a line (paragraph, headline, highlight) that ends in a letter or digit
   gets a final period, as See et al. did to the .story files, unless its sentence goes on in the
   next line (a hard-wrapped text, a line that ends on "of" or "the": ``_lines_that_go_on``);
   whitespace collapsed to single spaces, whitespace-free chunks of more than ``MAX_TOKEN_CHARS``
   characters (base64, binary garbage) dropped, lowercased;
2. words: NLTK's Treebank tokenizer (contractions "did n't", "it 's", "gim me"; punctuation
   split off), with its end-of-string period rule taken out (step 3 decides periods);
3. post-fixes, token by token: Treebank's `` and '' back to a plain ``"``; en/em dashes and
   currency signs split off ("£ 5"); opening single quotes split off ("' based", but "'s",
   "'90s" stay); a period-final token loses its period ("friday." -> "friday .", and the rest
   is tokenized again: "john's." -> "john 's .") unless it is an abbreviation (``ABBREVIATIONS``,
   a single letter, or an acronym like "u.s." / "l.l." / "p.m."), which stays whole; hyphenated
   words split ("35 - year - old", "bengali - speaking") except after the prefixes that the
   data keeps whole ("semi-final", "co-pilot", "anti-isis", "e-mail");
4. an abbreviation that ends the text gets a period of its own ("... and co. .", as in the
   data); the masked-number and citation symbols ``<dig>`` and ``<cit>`` (``masking.py``), which
   Treebank splits, are joined back into one token each.

Why no Punkt: NLTK's Punkt decides sentence ends from spacing and capitalization, and
normalization changes both, so a Punkt-first pipeline is not idempotent (576 of 20,000 fuzzed
inputs changed on a second pass, e.g. "Colo., not far" -> "colo. , not far" -> "colo . ,").
Step 3 applies Punkt's own first-pass rule (a period-final token ends a sentence unless it is a
known abbreviation; initials never do) to tokens instead, which is stable.  A consequence: an
abbreviation or acronym never ends a sentence inside a text ("at 5 p.m. the next day"), as in
most of the CNN/DM finished files.

Properties (tested in tests/test_text.py): idempotent, ``normalize_text(normalize_text(x)) ==
normalize_text(x)``; near-identity on text already in the normal form (the shared CNN/DM
articles: 0.05% of tokens change on 200 validation articles; 0.86% on 1,500, almost all of it
curly quotes of Daily Mail articles made plain); never raises, whatever the input.

Targets (summaries) are their sentences joined by ``" <n> "`` (``SENTENCE_SEPARATOR``), a
sentencepiece user-defined symbol, so the model learns to emit sentence boundaries (needed for
ROUGE-Lsum).  Normalized text never contains ``<n>`` itself: Treebank splits ``<`` and ``>``.
"""
import collections
import html
import io
import itertools
import os
import random
import re
import unicodedata
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

from nltk.tokenize import TreebankWordTokenizer

from . import masking

__all__ = [
    "SENTENCE_SEPARATOR",
    "ATTRIBUTING_VERBS",
    "NORMALIZATION_VERSION",
    "ABBREVIATIONS",
    "MAX_TOKEN_CHARS",
    "SPM_SPECIAL_IDS",
    "SPM_SEED",
    "BYTE_FALLBACK_MIN_VOCAB",
    "HYPHEN_PREFIXES",
    "normalize_text",
    "clean_character",
    "split_sentences",
    "lead",
    "join_sentences",
    "unjoin",
    "is_cut_off",
    "target_text",
    "train_sentencepiece",
    "load_sentencepiece",
    "encode_pieces",
    "decode_pieces",
    "prepare_source",
    "prepare_target",
    "write_atomically",
]

SENTENCE_SEPARATOR = "<n>"

# Bumped whenever normalize_text's output changes for some input: data prepared with another
# version does not match what the app feeds a model (prepare.json records it).
NORMALIZATION_VERSION = "3"

# Words an English sentence does not end on (determiners, prepositions, conjunctions): a line that ends on one
# goes on in the next (``_lines_that_go_on``).  Not "a" ("vitamin a", a figure's panel "a"), "in", "on", "at",
# "this" or "not", which end a sentence or a heading often enough, nor the words before a formula that SumPubMed
# took out of its line ("... is given by | <formula> |", "... is defined as", "... such that", "... is equal to"),
# where the next line is a new sentence.
_NEVER_FINAL_WORDS = frozenset(
    """
    the an its their our of with for from into between among within during via and or nor but whereas although
    because while whether which whose
    """.split()
)
# a word hyphenated at a line's end, in a cleaned line ("long-") or in raw text ("long-\n  treated")
HYPHENATED_LINE_END_RE = re.compile(r"(?<=[^\W_])-$")
HYPHEN_LINE_BREAK_RE = re.compile(r"(?<=[^\W_])-[^\S\n]*\n\s*(?=[^\W_])")
_SECTION_WORDS = frozenset(
    "results discussion discussions materials methods conclusion conclusions background introduction implementation"
    .split())
# adverbs that open a sentence, before a line that ends on "and" or "of" (``_lines_that_go_on``): those of
# _ADVERBS_AFTER_NUMBER but the words of order and sequence ("and | then", "and | first"), which go on a clause too
_SENTENCE_ADVERBS = frozenset(
    """
    however thus therefore moreover furthermore additionally finally overall interestingly notably importantly
    consequently hence nevertheless nonetheless similarly conversely accordingly indeed
    """.split()
)
# A short line of a hard-wrapped text that opens or ends on one of these words, or has a comma or one of
# _NOT_IN_HEADINGS, is a piece of a sentence, not a heading ("the degree of cad", "and their median age",
# "rln has particular").
_FUNCTION_WORDS = _NEVER_FINAL_WORDS | frozenset(
    "a in on at to by as that than this these those it we they he she there".split())
_NOT_IN_HEADINGS = frozenset(
    "is are was were be been being has have had do does did can could may might will would we it they".split())
_HEADING_MAX_WORDS = 8
# a formula on a line of its own: a chunk or two, a sign between characters
_FORMULA_MAX_CHUNKS = 2
_FORMULA_SIGN_RE = re.compile(r"\S[=+→←↔∑∏∈∉≤≥×÷^<>]\S")
_NUMBERED_HEADING_RE = re.compile(r"\s*(?:\d+(?:\.\d+)*\.?|[ivx]+\.)\s+[A-Z]")
_WRAPPED_MIN_LINES = 4
_WRAPPED_NEVER_FINAL_RATE = 0.08
_WRAPPED_LONG_RATE = 0.3
_WRAPPED_SHARE = 0.7

# A whitespace-free chunk longer than this is garbage (base64, binary), not a word: it is dropped.
MAX_TOKEN_CHARS = 1000

# Abbreviations (lower case, without the final period) that keep their period: titles before
# names, months, company suffixes, Latin abbreviations, US states as the news writes them, and
# the ones a paper writes mid-sentence ("viz.", "figs.", "eq.", and a species' "sp.", "spp.",
# "subsp.", "var.", "cv.", "str.", a pathovar's "pv.": of 30 of SumPubMed's line breaks after
# "sp.", "spp." or "subsp." read in valid papers, 27 were mid-sentence, "... than other enterococcus
# spp. isolated from bovine feces ."; the mosquito genera's "ae.", "an.", "cx.": SumPubMed's valid
# papers break 448 lines after them, each before the species' name, "... novel mirnas in cx. |
# quinquefasciatus ...", and an English sentence seldom ends on "an": a place's "hoi an." would not),
# and circa's "ca." (SumPubMed breaks 131 lines of 3,000 train papers after it, the 15 read all
# mid-sentence, "... only one activity band was observed at ca. | <dig> kda .").
# Besides these, single letters ("w.") and acronyms ("u.s.", "p.m.", "l.l.") keep theirs.
ABBREVIATIONS = frozenset(
    """
    mr mrs ms messrs dr drs prof profs st jr sr rev hon gov govs sen sens rep reps gen col lt sgt
    capt cpt maj cmdr adm brig cpl pvt pfc spc pres supt det insp atty amb
    jan feb mar apr jun jul aug sep sept oct nov dec
    inc corp ltd co plc llc bros pty assn univ intl
    no nos vs etc cf al approx dept fig vol mt ave blvd rd hwy sq ct oz lbs ext
    viz figs eq eqs sp spp ssp subsp var cv cvs str strs pv ae an cx ca
    ala ariz ark calif colo conn fla kan kans ky md mich minn mont neb nev okla pa penn tenn tex
    va vt wis wyo
    """.split()
)

# Hyphenated words whose first part is one of these stay whole ("semi-final", "co-pilot",
# "ex-wife", "u-turn", "e-mail"): the prefixes that the CNN/DM finished files keep, found by
# counting the hyphenated tokens of the validation articles.  Every other hyphen between two
# word characters becomes a token of its own ("35 - year - old", "bengali - speaking").
HYPHEN_PREFIXES = frozenset(
    """
    a anti ante arch bi co counter cross cyber de e ex extra inter intra macro mega micro mid mini
    multi neo non over post pre pro pseudo quasi re semi sub super tri u ultra vice x
    """.split()
)
HYPHEN_SUFFIXES = frozenset(["esque"])

# Tokens that start with an apostrophe and are words, not an opening quote.
_APOSTROPHE_WORDS = frozenset(
    "'s 'm 'd 'll 're 've 't 'n 'em 'cause 'til 'tis 'twas 'ye 'nuff 'bout 'round".split()
)

_CLOSERS = frozenset(['"', "'", ")", "]", "}", ">"])
_OPENERS = "\"'([{<"
# a stop typed twice stands alone in tokenized text too ("... in the adult heart .. since 2005 , ...")
_SENTENCE_END_TOKENS = frozenset([".", "!", "?", ".."])

# Characters mapped after NFKC.
_CHAR_MAP = {
    # quotes: one plain form each
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2039": "'", "\u203a": "'",
    # hyphen look-alikes (not the en and em dashes, which the data keeps)
    "\u2010": "-", "\u2011": "-", "\u00ad": "",
    "\u2044": "/",  # fraction slash, from NFKC of "½"
    # sentencepiece's meta symbol must never appear in text
    "\u2581": " ",
}
_CHAR_TABLE = str.maketrans(_CHAR_MAP)
_DASHES = frozenset("\u2012\u2013\u2014\u2015")

_WHITESPACE_RE = re.compile(r"\s+")
_CURRENCY_SIGNS = "".join(chr(c) for c in range(0x20000) if unicodedata.category(chr(c)) == "Sc")  # all of them
_SPLIT_OFF_RE = re.compile("[" + re.escape("".join(sorted(_DASHES)) + _CURRENCY_SIGNS) + "]")
_VULGAR_FRACTION_RE = re.compile("(\\w)([\u00bc-\u00be\u2150-\u215f\u2189])")
_LONG_CHUNK_RE = re.compile(r"[^ ]{%d}" % (MAX_TOKEN_CHARS + 1))
_HYPHEN_SPLIT_RE = re.compile(r"(?<=\w)-(?=\w)")
_ACRONYM_RE = re.compile(r"(?:[^\W\d_]{1,4}\.)+[^\W\d_]{1,4}")
_SINGLE_LETTER_RE = re.compile(r"[^\W\d_]")
_DECADE_RE = re.compile(r"'\d")
_FALLBACK_TOKEN_RE = re.compile(r"\w+(?:[-.']\w+)*|[^\w\s]")

_category_cache = {}


def _char_kind(ch: str) -> str:
    """'keep', 'space' (a control character) or 'drop' (format, surrogate, private, unassigned)."""
    kind = _category_cache.get(ch)
    if kind is None:
        cat = unicodedata.category(ch)
        if cat == "Cc" or cat in ("Zl", "Zp"):
            kind = "space"
        elif cat in ("Cf", "Cs", "Co", "Cn"):
            kind = "drop"
        else:
            kind = "keep"
        if len(_category_cache) < 100_000:
            _category_cache[ch] = kind
    return kind


class _Guarded:
    """A Treebank contraction pattern that only runs when its word ("gonna", "cannot") occurs in
    the (lower-cased) text: ten fewer regex scans of every text for the same result."""

    __slots__ = ("regexp", "needle")

    def __init__(self, regexp, needle: str):
        self.regexp = regexp
        self.needle = needle

    def sub(self, repl, text):
        return self.regexp.sub(repl, text) if self.needle in text else text


def _contraction_needle(pattern: str) -> Optional[str]:
    """The literal word a Treebank contraction pattern matches, e.g. "gonna" for
    "(?i)\\b(gon)(?#X)(na)\\b"; None when the pattern is not that simple."""
    needle = re.sub(r"\(\?[i#=][^)]*\)|\\[bs]|[() ]", "", pattern)
    return needle if re.fullmatch(r"[a-z']+", needle) else None


class _Treebank(TreebankWordTokenizer):
    """NLTK's Treebank tokenizer without its end-of-string period rule (periods are decided
    token by token in `_fix_tokens`, the same way wherever a token stands), and with its
    contraction patterns guarded by their literal word (our text is lower case)."""

    def __init__(self):
        super().__init__()
        self.PUNCTUATION = [
            (regexp, sub)
            for regexp, sub in TreebankWordTokenizer.PUNCTUATION
            if not (regexp.pattern.endswith("$") and r"(\.)" in regexp.pattern)
        ]
        self.CONTRACTION_WORDS = []
        for name in ("CONTRACTIONS2", "CONTRACTIONS3"):
            guarded = []
            for regexp in getattr(TreebankWordTokenizer, name):
                needle = _contraction_needle(regexp.pattern)
                guarded.append(_Guarded(regexp, needle) if needle else regexp)
                if needle:
                    self.CONTRACTION_WORDS.append(needle)
            setattr(self, name, guarded)


_TREEBANK = _Treebank()


def _as_text(raw) -> str:
    if raw is None:
        return ""
    if isinstance(raw, (bytes, bytearray, memoryview)):
        return bytes(raw).decode("utf-8", errors="replace")
    if not isinstance(raw, str):
        return str(raw)
    return raw


def _lower(text: str) -> str:
    for _ in range(3):  # lower() and NFKC commute for all but exotic characters; settle them
        new = unicodedata.normalize("NFKC", text.lower())
        if new == text:
            break
        text = new
    return text


_CLOSING_MARKS = "\"')] "  # after the plain quotes of _CHAR_TABLE


def _clean(raw, end_lines: bool = True) -> str:
    """Step 1: unescape, NFKC, plain quotes, no control characters, single spaces, lowercase;
    with `end_lines`, a line that ends in a letter, a digit or a mask (``<dig>``, ``<cit>``), or in a
    closing quotation mark or bracket after one (``_CLOSING_MARKS``), gets a final " .", unless its
    sentence goes on in the next line (``_lines_that_go_on``)."""
    text = _as_text(raw)
    if "&" in text:
        text = html.unescape(text)
    if _VULGAR_FRACTION_RE.search(text):
        text = _VULGAR_FRACTION_RE.sub(r"\1 \2", text)  # "8½" -> "8 ½" -> (NFKC) "8 1/2"
    text = unicodedata.normalize("NFKC", text)
    text = text.translate(_CHAR_TABLE)
    raw_lines = text.splitlines()
    lines = [_clean_line(line) for line in raw_lines]
    goes_on = _lines_that_go_on(lines, raw_lines) if end_lines else set()
    ended = []
    joined = []  # the lines of one stretch, each going on in the next
    for number, line in enumerate(lines):
        if line and joined and HYPHENATED_LINE_END_RE.search(joined[-1]):
            joined[-1] += line  # a word hyphenated across the line break: "long-| treated" is "long-treated"
        elif line:
            joined.append(line)
        if joined and number not in goes_on:
            stretch = " ".join(joined)
            if end_lines and _ends_a_word(stretch):
                # a paragraph, headline or highlight without final punctuation ends here, a closing quotation
                # mark or bracket after its last word too ('generation of a bac ... the modified live vaccine
                # "c-strain riems"', a picture's "( left )"); so does a masked paper's line that ends on a
                # number or a citation ("... as shown in figure <dig>")
                stretch += " ."
            ended.append(stretch)
            joined = []
    return " ".join(ended)


def _clean_line(line: str) -> str:
    """One line of step 1, after NFKC and the character table: single spaces, no control characters,
    lowercase, dashes and currency signs apart, garbage chunks dropped."""
    line = _WHITESPACE_RE.sub(" ", line)
    if not line.isprintable():  # rare: only then look at each character
        out = []
        for ch in line:
            kind = _char_kind(ch)
            if kind == "keep":
                out.append(ch)
            elif kind == "space":
                out.append(" ")
        line = "".join(out)
    line = _lower(line)
    if _SPLIT_OFF_RE.search(line):  # dashes and currency signs: tokens of their own
        line = _SPLIT_OFF_RE.sub(r" \g<0> ", line)
    if _LONG_CHUNK_RE.search(line):
        line = " ".join(c for c in line.split(" ") if len(c) <= MAX_TOKEN_CHARS)
    return _WHITESPACE_RE.sub(" ", line).strip()


def _lines_that_go_on(lines: Sequence[str], raw_lines: Sequence[str]) -> Set[int]:
    """Numbers of the cleaned ``lines`` (of ``raw_lines``) that go on in the next line instead of ending a sentence:

    - a line that ends on a hyphen after a letter ("long-| treated"), before a line that opens with a letter
      or a digit: the word goes on, without a space;
    - a line before one that opens with a masked citation: SumPubMed broke a paper's line before a
      superscript citation as often as at a sentence's end ("... some degree of necrosis in cell lines |
      <cit> and inhibit bacterial growth", "squad | <cit> and odefy | <cit> create continuous systems from
      logic models ."; of the 10,456 lines of train papers 0-2,999 that open with one, 5,567 follow a line
      that ends on a letter, a digit or a mask, in 172 papers that break their lines at every citation), and
      a citation never opens a sentence;
    - a line that ends on a word no sentence ends on (``_NEVER_FINAL_WORDS``: "... a significant cause of |
      their reduced athletic performance"), unless the line is a heading's words ("results and"), the next
      line opens with a sentence adverb (the data set lost what came between: "... trained on the combined
      features of | and however , even this minimalist model ...") or is a formula on a line of its own,
      which cut the sentence ("during the | s+o2+nadph+h+→so+nadp++h2o | catalytic cycle , ...": the line
      after it is the rest, which ``extraction`` passes over);
    - in a hard-wrapped text (``_is_hard_wrapped``), every line that ends on a word and is not a short heading
      (``_is_a_heading``; a line as long as the text's width is a sentence's: "enrichment cultures from the
      converted grassland yielded 14 | atrazine-degrading isolates ..."): text copied from a PDF viewer or an
      e-mail, and the SumPubMed papers that kept their source's line breaks as well as a line break at each
      sentence's end, break a line wherever it reaches a width ("... the musculus cricoarytenoideus | dorsalis
      , that prevents ...", "the degree of cad | paresis/paralysis is graded ...").
    """
    goes_on = set()
    followed = []  # numbers of the lines another line follows
    never_final = 0  # how many of them end on a word no sentence ends on
    for number, (line, following) in enumerate(zip(lines, lines[1:])):
        if not line or not following:
            continue
        if following.startswith(masking.CITATION) or (HYPHENATED_LINE_END_RE.search(line) and following[0].isalnum()):
            goes_on.add(number)
            continue
        followed.append(number)
        words = line.split()
        if (words[-1] in _NEVER_FINAL_WORDS and not (words[:-1] and all(word in _SECTION_WORDS for word in words[:-1]))
                and not _opens_with_a_sentence_adverb(following) and not _is_a_formula(following)):
            goes_on.add(number)
            never_final += 1
    long_enough = _long_line_length(lines, followed)
    if _is_hard_wrapped(lines, followed, never_final, long_enough):
        goes_on.update(number for number in followed if _ends_a_word(lines[number])
                       and not (len(lines[number]) < long_enough and _is_a_heading(lines[number], raw_lines[number])))
    return goes_on


def _long_line_length(lines: Sequence[str], followed: Sequence[int]) -> float:
    """How long a line must be to reach the width a text may be wrapped at: ``_WRAPPED_SHARE`` of the length of the
    longest tenth of the lines another line follows."""
    if not followed:
        return 0.0
    lengths = sorted(len(lines[number]) for number in followed)
    return _WRAPPED_SHARE * lengths[int(0.9 * (len(lengths) - 1))]


def _is_a_formula(line: str) -> bool:
    """Whether a cleaned line is a formula on its own: at most ``_FORMULA_MAX_CHUNKS`` space-separated chunks, one of
    them with a mathematical sign between characters ("s+o2+nadph+h+→so+nadp++h2o", "x∈n0n.")."""
    chunks = line.split()
    return len(chunks) <= _FORMULA_MAX_CHUNKS and any(_FORMULA_SIGN_RE.search(chunk) for chunk in chunks)


def _opens_with_a_sentence_adverb(line: str) -> bool:
    """Whether a cleaned line opens with an adverb that opens a sentence ("however ,", "in this report")."""
    words = [word.rstrip(",;:") for word in line.split(" ", 2)]  # a cleaned line is not tokenized yet: "however,"
    return words[0] in _SENTENCE_ADVERBS or (words[0] == "in" and len(words) > 1 and words[1] in _LOST_OPENERS_AFTER_IN)


def _is_hard_wrapped(lines: Sequence[str], followed: Sequence[int], never_final: int, long_enough: float) -> bool:
    """Whether a text breaks its lines inside its sentences: at least ``_WRAPPED_MIN_LINES`` of the lines another
    line follows (``followed``), and ``_WRAPPED_NEVER_FINAL_RATE`` of them, end on a word no sentence ends on
    (``never_final`` do; SumPubMed's papers that kept their source's line breaks: 1 line in 10 or more; the papers
    with a sentence a line: none, or a few before a formula, "... is given by | <formula>"), or as many, and
    ``_WRAPPED_LONG_RATE`` of them, are long and end on a word (a text wrapped at 60 to 90 characters: about 2 lines
    in 3).  A line is long when it is ``long_enough`` (``_long_line_length``)."""
    if len(followed) < _WRAPPED_MIN_LINES:
        return False
    if never_final >= max(_WRAPPED_MIN_LINES, _WRAPPED_NEVER_FINAL_RATE * len(followed)):
        return True
    unended = sum(1 for number in followed if len(lines[number]) >= long_enough and _ends_a_word(lines[number]))
    return unended >= max(_WRAPPED_MIN_LINES, _WRAPPED_LONG_RATE * len(followed))


def _is_a_heading(line: str, raw_line: str) -> bool:
    """Whether a line of a hard-wrapped text is a heading that ends there: a few words without a comma, an auxiliary
    verb or a pronoun that neither open on a function word nor end on one ("methods", "statistical analysis",
    "building the ce model", but not "the degree of cad", "rln has particular", "and their median age",
    "specifically , we sought to identify"), a numbered line ("2.1 Study site and sampling") or one in title
    case ("Hard Winters on the Plateau")."""
    words = line.split()
    if (len(words) <= _HEADING_MAX_WORDS and words[0] not in _FUNCTION_WORDS and words[-1] not in _FUNCTION_WORDS
            and "," not in line and ";" not in line and not any(word in _NOT_IN_HEADINGS for word in words)):
        return True
    if _NUMBERED_HEADING_RE.match(raw_line):
        return True
    content = [word for word in raw_line.split() if word.lower() not in _FUNCTION_WORDS and word[:1].isalpha()]
    return bool(content) and all(word[0].isupper() for word in content)


def _ends_a_word(line: str) -> bool:
    """Whether a cleaned line ends in a letter, a digit or a mask, or in a closing mark after one: where a line
    without final punctuation stops."""
    last_words = line.rstrip(_CLOSING_MARKS)
    return bool(last_words) and (last_words[-1].isalnum() or last_words.endswith(masking.SYMBOLS))


def _is_abbreviation(word: str) -> bool:
    """`word` is a period-final token without its period ("u.s", "dr", "w", "pro-u.s")."""
    word = word.lstrip(_OPENERS)
    if "-" in word:
        word = word.rsplit("-", 1)[1]
    return word in ABBREVIATIONS or bool(_SINGLE_LETTER_RE.fullmatch(word) or _ACRONYM_RE.fullmatch(word))


def _split_hyphens(tok: str) -> List[str]:
    parts = _HYPHEN_SPLIT_RE.split(tok)
    if len(parts) == 1:
        return [tok]
    out = [parts[0]]
    prev = parts[0]
    for part in parts[1:]:
        if prev in HYPHEN_PREFIXES or part in HYPHEN_SUFFIXES:
            out[-1] = out[-1] + "-" + part
        else:
            out.append("-")
            out.append(part)
        prev = part
    return out


def _fix_tokens(tokens: Sequence[str], depth: int = 0) -> List[str]:
    """Step 3 (see the module docstring), token by token."""
    out: List[str] = []
    for tok in tokens:
        if tok.isalnum():  # the common case: nothing to fix
            out.append(tok)
            continue
        if tok == "``" or tok == "''":
            out.append('"')
            continue
        # an opening single quote glued to a word: "'based" -> "'", "based"
        while len(tok) > 1 and tok[0] == "'":
            if tok in _APOSTROPHE_WORDS or _DECADE_RE.match(tok) or tok[1] == "'":
                break
            out.append("'")
            tok = tok[1:]
        # a stop glued to the next sentence's first word after a space ("... in china <cit> .since then , ..."): split
        # off where the word opens sentences (``_GLUED_SENTENCE_OPENERS``), not a file's extension (".cel files")
        if tok[0] == "." and tok[1:] in _GLUED_SENTENCE_OPENERS:
            out.extend((".", tok[1:]))
            continue
        # a final period: split off unless the token is an abbreviation; the rest is tokenized
        # again, as it would be with a space after it ("john's." -> "john 's .")
        if len(tok) > 1 and tok[-1] == "." and tok[-2] != "." and not _is_abbreviation(tok[:-1]):
            word = tok[:-1]
            out.extend(_fix_tokens(_TREEBANK.tokenize(word) if depth < 3 else [word], depth + 1))
            out.append(".")
        elif "-" in tok and len(tok) > 2:
            out.extend(_split_hyphens(tok))
        else:
            out.append(tok)
    return out


_STABLE_CACHE = {}
_STABLE_CACHE_SIZE = 200_000


def _stable(tok: str, depth: int = 0) -> Tuple[str, ...]:
    """What normalization makes of `tok` standing between spaces, repeated until nothing
    changes: (tok,) for a token that is already normal."""
    if tok.isalnum() and not any(w in tok for w in _TREEBANK.CONTRACTION_WORDS):
        return (tok,)
    cached = _STABLE_CACHE.get(tok)
    if cached is not None:
        return cached
    again = _fix_tokens(_TREEBANK.tokenize(" " + _clean(tok, end_lines=False) + " "))
    if again == [tok]:
        result: Tuple[str, ...] = (tok,)
    elif depth >= 3:
        result = tuple(again)
    else:
        result = tuple(t for piece in again for t in _stable(piece, depth + 1))
    if len(_STABLE_CACHE) >= _STABLE_CACHE_SIZE:
        _STABLE_CACHE.clear()
    _STABLE_CACHE[tok] = result
    return result


def _stabilize(tokens: Sequence[str]) -> List[str]:
    """Treebank's rules are not quite idempotent by themselves: a split can give a neighbour
    the space that a contraction rule waits for ("ol'gonna" -> "ol' gon na", and then "ol '").
    Every rule looks no further than the next space, so normalizing the output again equals
    normalizing each of its tokens between spaces: this does that (cached per distinct token,
    cheap) and keeps what changes."""
    out: List[str] = []
    for tok in tokens:
        out.extend(_stable(tok))
    return out


def _final_abbreviation_period(tokens: List[str]) -> List[str]:
    """Step 4: "... and co." -> "... and co. ." (the last token but closing marks)."""
    i = len(tokens) - 1
    while i >= 0 and tokens[i] in _CLOSERS:
        i -= 1
    if i >= 0:
        last = tokens[i]
        if len(last) > 1 and last[-1] == "." and last[-2] != ".":
            tokens.insert(i + 1, ".")
    return tokens


def _fallback_normalize(raw) -> str:
    """Used only if the main path fails on some pathological input: a simple regex split."""
    try:
        text = _clean(raw)
    except Exception:  # noqa: BLE001
        text = _as_text(raw).lower()
    tokens = _FALLBACK_TOKEN_RE.findall(text)
    return " ".join(t for t in tokens if len(t) <= MAX_TOKEN_CHARS)


def normalize_text(raw: str, end_lines: bool = True) -> str:
    """Raw text (anything a person pastes) -> the normal form of the training data.

    Idempotent, near-identity on text already in the normal form, never raises (anything that
    is not a str is converted: bytes as UTF-8, None as ""). ``end_lines=False``: a piece of a
    sentence ("tumor necrosis factor") keeps its end as it is, without the stop a line gets."""
    try:
        text = _clean(raw, end_lines)
        if not text:
            return ""
        tokens = masking.join_symbols(_stabilize(_fix_tokens(_TREEBANK.tokenize(text))))
        return " ".join(_final_abbreviation_period(tokens))
    except Exception:  # noqa: BLE001 - the contract is "never raises"
        try:
            return _fallback_normalize(raw)
        except Exception:  # noqa: BLE001
            return ""


def clean_character(ch: str) -> str:
    """What step 1 makes of one raw character on its own: lower case, NFKC ("½" -> "1/2"),
    plain quotes, "" for whitespace and dropped characters.  For mapping normalized text back to
    the raw text it came from (``fairseq_plugins/text/alignment.py``)."""
    return _clean(ch, end_lines=False).replace(" ", "")


# how far ahead a bracket opened in a sentence may close for a "." inside it not to end the sentence
_BRACKET_REACH = 40


def _inside_brackets(sentence: List[str], tokens: List[str], following: int) -> bool:
    """Whether the sentence so far has a ``(`` or ``[`` open that closes within the next
    ``_BRACKET_REACH`` tokens (``tokens[following:]``): then a ``.`` is inside the brackets
    ("( fig . 3 )", "( smith et al . , 1997 )") and ends no sentence. A bracket that closes right
    after the ``.`` ("( he left . )") ends the sentence with it, and a bracket that never closes
    nearby (a stray "(") does not hold the sentence open."""
    ahead = tokens[following:following + _BRACKET_REACH]
    return any(sentence.count(opening) > sentence.count(closing) and closing in ahead[1:] and ahead[0] != closing
               for opening, closing in (("(", ")"), ("[", "]")))


# how far back a quotation's opening mark may be for a mark after a stop to close it: news quotes
# run over two or three sentences ("... had to be used . " the officer ...": the mark closes the
# quotation that opened a sentence before); beyond this, an unmatched mark earlier in the text is
# not trusted to say whether one is open
_QUOTE_REACH = 100


def _open_quotations(tokens: Sequence[str]) -> List[bool]:
    """For each position i: whether a ``"`` quotation is open before ``tokens[i]``, by the marks
    since the paragraph began (``<n>``), the last one at most ``_QUOTE_REACH`` tokens back."""
    open_before: List[bool] = []
    marks, last = 0, None
    for i, tok in enumerate(tokens):
        open_before.append(marks % 2 == 1 and last is not None and i - last <= _QUOTE_REACH)
        if tok == SENTENCE_SEPARATOR:
            marks, last = 0, None
        elif tok == '"':
            marks, last = marks + 1, i
    return open_before


# the counts a sentence spells out in words ("twenty - one strains were ...", "forty - eight hours after ..."); not
# "one", a pronoun too
SPELLED_COUNTS = frozenset({"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                            "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"})

# A masked paper (SumPubMed's text) lost the stop after a number that ends a sentence ("... can be
# found in table 2. The genomes ranged ..." became "... in table <dig> the genomes ranged ..."): after a
# reference's number, one of these words opens the next sentence ...
_REFERENCE_NOUNS = frozenset(["figure", "figures", "fig", "fig.", "figs", "figs.", "table", "tables", "section",
                              "sections", "file", "files", "appendix", "equation", "equations", "eq", "eq.", "eqs"])
_LOST_SENTENCE_OPENERS = frozenset(["the", "this", "these", "those", "we", "our", "it", "there", "however", "thus",
                                    "therefore", "moreover", "furthermore", "additionally", "finally", "overall",
                                    "interestingly", "notably", "importantly", "consequently", "hence",
                                    "nevertheless", "here", "all", "both", "most"]) | (
                                    # a count a sentence spells out because it opens it ("... are summarized in table
                                    # <dig> twenty - one strains were pvl positive ...")
                                    SPELLED_COUNTS)
# ... and "in" does when one of these follows it ("in this paper", "in addition")
_LOST_OPENERS_AFTER_IN = frozenset(["this", "these", "our", "addition", "contrast", "summary", "conclusion",
                                    "particular", "general", "order", "all", "most", "both"])
# ... unless the reference closes a fronted phrase whose main clause follows it ("as shown in figure
# <dig> we found ...", "taking a look at table <dig> we see ...", "although not shown in figure <dig>
# these included ..."): the clause holding the reference opens the sentence (or follows a short
# discourse marker: "for example , as shown in ...") and opens with one of these words or an -ing form
# ("except for generations g <dig> and g <dig> | this marker ...": one sentence whose phrase lost its comma)
FRONTING_WORDS = frozenset(["as", "in", "from", "although", "though", "while", "whereas", "when", "if", "since",
                             "except", "because", "according", "following", "unlike", "like", "compared", "based",
                             "for", "with", "without", "by", "on", "at", "after", "before", "to", "given", "upon",
                             "among", "within", "throughout", "across", "despite", "besides", "regarding", "under",
                             "over", "during", "once", "unless", "where", "similar", "consistent", "contrary",
                             "see", "note"])
# ... or what follows is the object of an active verb the reference's phrase comes between ("we show
# in table <dig> the configurations that ...", "we list in figure <dig> all ...")
_VERBS_BEFORE_REFERENCE = frozenset(["show", "shows", "present", "presents", "report", "reports", "list", "lists",
                                     "give", "gives", "summarize", "summarizes", "summarise", "summarises",
                                     "provide", "provides", "describe", "describes", "display", "displays",
                                     "depict", "depicts", "illustrate", "illustrates", "compare", "compares",
                                     "plot", "plots", "include", "includes", "detail", "details", "tabulate"])
# ... or the number ends a clause that shows something in a reference, in the passive ("segments of mrna ... are
# called anchors" after "the process of splice site recovery is schematically shown in figure <dig>", read blind as
# two sentences run together): nothing but a list of references, a phrase or a clause tied to it goes on from such a
# clause (its reference may be a part of one: "... is shown in the leftmost column of table <dig> | psl <dig> attains
# ..."), so a word that is none of ``_GOES_ON_FROM_A_DISPLAY`` opens the next sentence, its subject ("primers for il
# - 1β ... were previously designed", "ast results are expressed ..."). In SumPubMed train papers 0-999 it cuts 123
# lines kept whole before (3 after a reference's part), all read: each a lost stop but one before an irregular
# participle ("... are shown in figure <dig> | overlaid with the mammalian interactions ..."; an -ed form before a
# preposition goes on)
_DISPLAYED_IN_A_REFERENCE = re.compile(
    r"\b(?:is|are|was|were|be|been) (?:\w+ly |also |further |not )*"
    r"(?:shown|illustrated|depicted|presented|given|summarized|summarised|listed|displayed|plotted|provided|reported|"
    r"detailed|described|tabulated|outlined|visualized|represented|seen|found|available) in (?:[a-z]+ ){0,4}?"
    r"(?:additional file|supplementary file|figures?|fig \.|figs \.|fig|tab \.|tables?) "
    + re.escape(masking.NUMBER) + "$")
# ... the words that go on from it: references and their parts ("shown in figure <dig> figure <dig> and table <dig>",
# "in table <dig> row <dig>"), prepositions and subordinators (``FRONTING_WORDS``: "for all traits , ...", ambiguous,
# stay whole), conjunctions and relative words, and the phrases that add to what is shown ("together with", "along
# with", "next to")
_GOES_ON_FROM_A_DISPLAY = _REFERENCE_NOUNS | FRONTING_WORDS | frozenset([
    "and", "or", "nor", "but", "because", "so", "yet", "which", "that", "who", "whose", "of", "to", "together",
    "along", "alongside", "next", "respectively", "including", "plus", "versus", "vs", "above", "below", "left",
    "right", "top", "bottom", "upper", "lower", "middle", "inset", "panel", "panels", "row", "rows", "column",
    "columns", "online", "then"])
_PLAIN_WORD = re.compile(r"[a-z][a-z0-9'\-]+")


def _opens_after_a_display(sentence: Sequence[str], ahead: Sequence[str]) -> bool:
    """Whether the sentence so far ends a passive clause that shows something in a reference
    (``_DISPLAYED_IN_A_REFERENCE``) and ``ahead`` opens another sentence: its first token is a word of two letters or
    more (not a panel's letter, "a", or a genus's initial, "b .") that does not go on from the clause
    (``_GOES_ON_FROM_A_DISPLAY``), no -ing form ("showing that ...", "comparing the alignments ... informs ...": both
    are read) and no -ed form before a preposition ("derived from ...", "overlaid with ...")."""
    first = ahead[0]
    if not _PLAIN_WORD.fullmatch(first) or first in _GOES_ON_FROM_A_DISPLAY or first.endswith("ing"):
        return False
    if first.endswith("ed") and (ahead[1] in FRONTING_WORDS or ahead[1] in ("of", "to")):
        return False
    return bool(_DISPLAYED_IN_A_REFERENCE.search(" ".join(sentence[-16:])))


# ... and after any other number the data set lost a sentence's stop where the next sentence opens
# with a word that does not go on from a number: "... degradation of irp <dig> however , these ...",
# "... from the peanut cultivar yueyou <dig> we identified ...", "... of map <dig> these models can
# ..." (SumPubMed masked "irp2." whole, stop included): a subject of the writers' own ...
_OPENERS_AFTER_NUMBER = frozenset(["we", "our", "these", "this"])
# ... or a sentence adverb and its comma ("... to <dig> thus , we conclude ...": "thus showing ..."
# goes on from the number, "thus ," does not)
_ADVERBS_AFTER_NUMBER = frozenset(["however", "thus", "therefore", "hence", "moreover", "furthermore",
                                   "additionally", "interestingly", "notably", "importantly", "consequently",
                                   "nevertheless", "similarly", "finally", "overall", "here", "conversely",
                                   "accordingly", "indeed", "alternatively", "next", "subsequently",
                                   "specifically", "briefly", "first", "likewise", "then", "instead",
                                   "meanwhile", "third", "lastly", "generally"])  # not "second": a unit too ...
# ... unless the sentence so far opens with "first", counting its points ("first a ... dataset is compared to ...
# the cell line of origin , k <dig> second , due to ...": the next point's sentence; not "the first cycles took
# <dig> second , and ...")
_SECOND = "second"
_FIRSTS = frozenset(["first", "firstly"])
# "in addition ,", "in fact ," (SumPubMed train papers 0-999: "then ,", "instead ,", "meanwhile ,", "third ,"
# and "in fact ," after a number 9 times, each a lost stop: "... from dset <dig> then , for each ..."; "generally ,"
# 9 times in train papers 0-4,999, each a lost stop: "... shown in table <dig> generally , it is considered ...")
_IN_PHRASES_AFTER_NUMBER = frozenset(["addition", "contrast", "summary", "conclusion", "particular", "fact", "short",
                                      "brief", "sum"])
# "among these ," and "among them ,", a share of what the sentence before named ("... with polymorphisms between tm-
# <dig> and hai <dig> among them , all <dig> primer pairs amplified ..."; 14 lines of SumPubMed train papers 0-3,999
# go on after a number with "among these", each a sentence's start)
_AMONG = "among"
_WHAT_WAS_NAMED = frozenset(["these", "them", "those"])
# a fronted phrase inside the sentence: one of these, then one of FRONTING_WORDS, and no finite verb
# after them (", and on day <dig> these numbers were ...", ", while in <dig> our group confirmed ...",
# "... and in equation <dig> we assumed ...", but not "... and in situ hybridization are shown in table
# <dig> the gene expression ...")
_CLAUSE_LEADS = frozenset(["and", "but", "or", "while", "whereas", "although", "though", "because", "since",
                           "when", "if"])
_FINITE_VERBS = frozenset(["is", "are", "was", "were", "be", "been", "has", "have", "had", "can", "could", "may",
                           "might", "will", "would", "shows", "show", "showed"])
# the first words of a sentence whose stop the text glued to them after a space ("... <cit> .since then , the virus
# ...", "... on the whole .we found ...": 100 places in SumPubMed train papers 0-4,999, figures' and tables' names
# aside); the other 156 words glued to a stop there stay whole: file extensions (".cel files", ".txt", ".net"), letters
# of names and panels, and a few nouns that open a sentence
_GLUED_SENTENCE_OPENERS = (_LOST_SENTENCE_OPENERS | _ADVERBS_AFTER_NUMBER | FRONTING_WORDS | {"an", "of", "they"}) - {
    "see", "note", "like"}
# the auxiliaries and the forms of "be" and "have" that are a clause's finite verb
FINITE_WORDS = frozenset(["is", "are", "was", "were", "has", "have", "had", "can", "could", "may", "might", "will",
                          "would", "should", "must", "did", "does", "do"])
# words that open a sentence with a subordinate clause, before its main clause (not "as", as often a phrase: "as shown
# in ...", "as a result")
OPENING_SUBORDINATORS = frozenset(["since", "although", "though", "whereas", "because", "while", "when", "if", "unless",
                                   "once"])
_COORDINATORS = frozenset(["and", "or", "but"])
_CLAUSE_JOINERS = OPENING_SUBORDINATORS | {"that"}  # "... , and that ...", "... , or if ..."
# the pronouns that open a clause as its subject ("... , we found ...")
SUBJECT_PRONOUNS = frozenset(["we", "it", "they", "there", "i", "he", "she"])
_MAIN_CLAUSE_VERBS = _FINITE_VERBS | FINITE_WORDS
_DISCOURSE_MARKER_WORDS = 3  # "for example ,": words before a comma that only lead into the sentence
_MIN_LOST_SENTENCE_WORDS = 4  # each side of a lost stop is a sentence of at least this many tokens


def _opens_after_number(ahead: Sequence[str], after_reference: bool, counts_from_first: bool = False) -> bool:
    """Whether ``ahead`` (the tokens after a masked number) opens a sentence: after a figure's or
    table's number any of ``_LOST_SENTENCE_OPENERS`` ("in" with one of ``_LOST_OPENERS_AFTER_IN``),
    after any number the writers' own subject (``_OPENERS_AFTER_NUMBER``), a sentence adverb with
    its comma ("... are shown in table <dig> generally , it is considered ..."), "in short ," and the like, or
    "among these", and "second ," when the sentence so far opens with "first" (``counts_from_first``)."""
    opener = ahead[0]
    if after_reference and (opener in _LOST_SENTENCE_OPENERS or opener == "in" and ahead[1] in _LOST_OPENERS_AFTER_IN):
        return True
    return (opener in _OPENERS_AFTER_NUMBER or opener in _ADVERBS_AFTER_NUMBER and ahead[1] == ","
            or counts_from_first and opener == _SECOND and ahead[1] == ","
            or opener == "in" and ahead[1] in _IN_PHRASES_AFTER_NUMBER and ahead[2] == ","
            or opener == _AMONG and ahead[1] in _WHAT_WAS_NAMED)


def closes_fronted_phrase(sentence: Sequence[str]) -> bool:
    """Whether the clause that ends the sentence so far is a fronted phrase whose main clause comes
    next ("as shown in figure <dig> | we found ...", "although not shown in figure <dig> | these
    included ..."): it opens the sentence (or follows a short discourse marker: "for example , as
    shown in ...") and opens with one of ``FRONTING_WORDS`` or an -ing form, or one of them follows a
    conjunction inside the clause with no finite verb after it (``_CLAUSE_LEADS``: ", while in
    <dig> | our group ...")."""
    commas = [k for k, t in enumerate(sentence) if t == ","]
    clause_start = commas[-1] + 1 if commas else 0
    opens_sentence = clause_start == 0 or len(commas) == 1 and commas[0] <= _DISCOURSE_MARKER_WORDS
    first = sentence[clause_start]
    if opens_sentence and (first in FRONTING_WORDS or first.endswith("ing")):
        return True
    clause = sentence[clause_start:]
    leads = [j for j in range(len(clause) - 1) if clause[j] in _CLAUSE_LEADS and clause[j + 1] in FRONTING_WORDS]
    return bool(leads) and not any(t in _FINITE_VERBS for t in clause[leads[-1] + 2:])


def _lost_stop(sentence: Sequence[str], tokens: Sequence[str], following: int) -> bool:
    """Whether a masked paper's sentence so far (ending in ``<dig>``) lost its stop there: the
    next tokens (from ``tokens[following]``) open a sentence (``_opens_after_number``), the number's
    clause is no fronted phrase (``closes_fronted_phrase``), and a figure's or table's reference
    does not stand between an active verb and its object (``_VERBS_BEFORE_REFERENCE``).
    After a reference: SumPubMed's valid papers hold 557 such places in 320 of 1,000 papers; of 84
    read, every one was a lost stop but "we show in table <dig> the configurations ...", kept whole
    since. A line that also lost the stop before the reference's fronted phrase is cut wrong ("...
    and 258– <dig> from the 3-d structure shown in figure <dig> | it is clear that ..."): no rule sees
    that stop; a fronted phrase after a conjunction inside the sentence keeps 5 of those places whole
    (", while in figure <dig> the same term is found ...", all 5 read right). After any other number:
    777 places in 412 of the 1,000 papers; of 60 read, 57 were lost stops and 3 cut a sentence wrong:
    a fronted phrase after "that" ("indicating that during construction of btx <dig> | this genomic
    region was ..."), one after a lost stop ("... hsa <dig> unlike cfa <dig> | this region ..."), and a
    "however ," that went on from the number ("... spot as_ <dig> | however , at much lower score .").
    In the 200 Cohan-form PubMed papers (real numbers, masked on reading) 7 places, a citation number
    ("... on the topic ; <dig> | however , no research paper ...") or a lost stop."""
    if len(sentence) < _MIN_LOST_SENTENCE_WORDS + 1:
        return False
    ahead = _sentence_ahead(tokens, following)
    if ahead is None:
        return False
    after_reference = sentence[-2] in _REFERENCE_NOUNS or sentence[-3:-1] == ["tab", "."]  # "tab . <dig>"
    if not (_opens_after_number(ahead, after_reference, counts_from_first=sentence[0] in _FIRSTS)
            or after_reference and _opens_after_a_display(sentence, ahead)):
        return False
    if after_reference and sentence[-4] in _VERBS_BEFORE_REFERENCE:  # "we show in table <dig>" (5 tokens or more)
        return False
    if ends_an_opening_subordinate_clause(sentence, ahead):
        return False
    return not closes_fronted_phrase(sentence)


def _sentence_ahead(tokens: Sequence[str], following: int) -> Optional[Sequence[str]]:
    """The first ``_MIN_LOST_SENTENCE_WORDS`` tokens from ``tokens[following]`` when there are that many and none of
    them ends a sentence (a sentence may open there), else None."""
    ahead = tokens[following:following + _MIN_LOST_SENTENCE_WORDS]
    if len(ahead) < _MIN_LOST_SENTENCE_WORDS or any(t in _SENTENCE_END_TOKENS or t == SENTENCE_SEPARATOR for t in ahead):
        return None
    return ahead


def ends_an_opening_subordinate_clause(sentence: Sequence[str], ahead: Sequence[str]) -> bool:
    """Whether the sentence so far (ending in ``<dig>``) opens with a subordinate clause (``OPENING_SUBORDINATORS``)
    whose main clause has not begun, and the words after it (``ahead``) are no sentence adverb and its comma
    ("however , ...", which no main clause opens with). Not begun: every part after a comma joins the subordinate
    clause ("... , and that ...") or holds no subject pronoun first, finite verb or past form ("... , as in table
    <dig>", "... , for example i + <dig>"), and no semicolon stands between them. The number then ends the
    subordinate clause and the words after it open the main clause: "since rrd <dig> associates with and isomerizes
    the ctd , and that rrd1δ mutant did not affect the phosphorylation status of rpb <dig> | we asked whether ...",
    cut there, left a "since" clause as a sentence of its own, read blind as one cut off. In SumPubMed train papers
    0-999: 5 such sentences made whole (each cut before), and 15 more no longer read as two run together by
    ``predicates.runs_two_sentences_together`` or the lost-stop model, 14 of them one sentence (two that lost a comma
    before their main clause)."""
    if sentence[0] not in OPENING_SUBORDINATORS or ";" in sentence or ahead[1:2] == [","]:
        return False
    commas = [k for k, t in enumerate(sentence) if t == ","]
    for start, end in zip(commas, commas[1:] + [len(sentence)]):
        part = sentence[start + 1:end]
        if len(part) > 1 and part[0] in _COORDINATORS and part[1] in _CLAUSE_JOINERS:
            continue  # "... , and that ...": a second subordinate clause
        if part[:1] and part[0] in SUBJECT_PRONOUNS or any(
                t in _MAIN_CLAUSE_VERBS or k and t.endswith("ed") and len(t) > 3 for k, t in enumerate(part)):
            return False  # "... , we list ...", "... , the annual gain ratios ... increased ..."
    return True


# A citation printed as a superscript after a sentence's stop, flattened into the text as a PDF's
# or PubMed's plain text gives it: "... at the macula.2 this is a characteristic finding",
# "... in cell cultures.6,7 however , ...", "... severe cases.8 - 10 therefore" (30 of the 200
# Cohan-form PubMed papers, 414 places). The word before the stop is a word of three letters or
# more (or a bracket or per cent sign closing), not an abbreviation that numbers follow ("fig.2").
# A range of two-digit works loses its dash as well: "... adjustment mechanisms.1821 in healthy
# subjects" (18-21; 26 places in those papers), never a year ("2014": the second half is no later work).
_GLUED_CITATION_RE = re.compile(r"(?P<word>[a-z][a-z-]{2,}|[a-z]*[)%])\.(?P<first>\d{1,4})(?:,\d{1,3})*")
_FLATTENED_RANGE_SPAN = 15  # works a flattened range "1821" cites at most
# ... after a bracket or a per cent sign, which the normal form parts from the stop: "diabetes ( t2d ) .13
# mau is ...", "a sensitivity > 95 % .16 the ..." (29 places in those papers)
_PARTED_CITATION_RE = re.compile(r"\.(?P<first>\d{1,4})(?:,\d{1,3})*")
_PARTED_CITATION_AFTER = frozenset({")", "%"})
NUMBERED_ABBREVIATIONS = frozenset(["fig", "figs", "eq", "eqs", "ref", "refs", "vol", "ver", "approx", "tab", "sec",
                                     "nos", "chap", "suppl", "chr", "no", "pp"])
_RANGE_DASHES = frozenset(["-", "\u2013"])


def _is_glued_citation(token: str) -> bool:
    """"macula.2": a word, its stop and a flattened superscript citation (``_GLUED_CITATION_RE``)."""
    match = _GLUED_CITATION_RE.fullmatch(token)
    return (match is not None and match.group("word") not in NUMBERED_ABBREVIATIONS
            and cites_works(match.group("first")))


def _is_parted_citation(tokens: Sequence[str], i: int) -> bool:
    """".13" after ")" or "%": a flattened superscript citation the normal form parted from its
    sentence's end (``_PARTED_CITATION_RE``)."""
    match = _PARTED_CITATION_RE.fullmatch(tokens[i])
    return (i > 0 and tokens[i - 1] in _PARTED_CITATION_AFTER and match is not None
            and cites_works(match.group("first")))


def cites_works(number: str) -> bool:
    """Whether the first number of a flattened superscript citation can cite works: one to three
    digits ("2", "810" for 8-10), or a range of two-digit works that lost its dash ("1821" for 18-21;
    not "2014": its second half is no later work)."""
    if not number.isdigit() or len(number) > 4:
        return False
    if len(number) < 4:
        return True
    if number[0] == "0" or number[2] == "0":
        return False
    first, last = int(number[:2]), int(number[2:])
    return first < last <= first + _FLATTENED_RANGE_SPAN


def _glued_citation_end(tokens: Sequence[str], i: int, sentence: Sequence[str]) -> int:
    """Where a sentence ends when ``tokens[i]`` is a word with its stop and a flattened superscript
    citation ("macula.2", "cultures.6,7", "cases.8" + "- 10") and the next token opens a word: one past
    the citation (its range's end and a bracket it closes that ``sentence``, the sentence so far, never
    opened included); 0 otherwise."""
    if not (_is_glued_citation(tokens[i]) or _is_parted_citation(tokens, i)):
        return 0
    end = i + 1
    if end + 1 < len(tokens) and tokens[end] in _RANGE_DASHES and _is_number(tokens[end + 1]):
        end += 2
    if end < len(tokens) and tokens[end] == ")" and sentence.count("(") <= sentence.count(")"):
        end += 1  # "vessels.4 ) subsequently": the superscript's own bracket
    return end if end < len(tokens) and tokens[end][:1].isalpha() else 0


def _is_number(token: str) -> bool:
    return token.isdigit() or token == masking.NUMBER


def split_sentences(text: str) -> List[str]:
    """Sentences of normalized text: a sentence ends after a standalone ``.``, ``!`` or ``?``
    (and any further ones: ``? !``), together with closing quotes and brackets that close
    something opened in the sentence or, for ``"``, a quotation opened a few sentences before
    (``_open_quotations``), but not inside brackets that close soon after (``_inside_brackets``).
    ``<n>`` separators also end a sentence and are dropped, in a masked paper a sentence also
    ends where the data set lost its stop after a number (``_lost_stop``), and in
    any text after a stop that a flattened superscript citation follows ("macula.2 this is ...",
    ``_glued_citation_end``) and after a letter or an abbreviation that keeps its stop before a sentence's opening
    ("... for <dig> h. the cells ...", ``_abbreviation_ends_sentence``), but not at the stop a tokenizer parted from
    "et al" (``_stop_of_et_al``), nor at a version's decimal point that a data set read as a stop
    (``_decimal_point``), nor at an abbreviation's stop that the normal form parted from it before its number, its
    example or its species' name ("tab . <dig>", "eg . a. fumigatus", "pe . schaeffi": ``_joins_what_follows``,
    ``_genus_abbreviation_stops``).
    A quotation's own "?" or "!" does not end the sentence when a verb attributes it next
    (``_attributed_quotation``). Lead-3 is ``split_sentences(article)[:3]``."""
    if not text:
        return []
    tokens = text.split()
    quotation_open = _open_quotations(tokens)
    genus_stops = _genus_abbreviation_stops(tokens)
    sentences: List[str] = []
    cur: List[str] = []
    n = len(tokens)
    i = 0
    while i < n:
        tok = tokens[i]
        if tok == SENTENCE_SEPARATOR:
            if cur:
                sentences.append(" ".join(cur))
                cur = []
            i += 1
            continue
        cur.append(tok)
        i += 1
        if _abbreviation_ends_sentence(tokens, i - 1) and not _inside_brackets(cur, tokens, i):
            sentences.append(" ".join(cur))
            cur = []
            continue
        if tok == masking.NUMBER and (_lost_stop(cur, tokens, i) or _ends_a_links_query(cur, tokens, i)):
            sentences.append(" ".join(cur))
            cur = []
            continue
        glued_end = _glued_citation_end(tokens, i - 1, cur)
        if glued_end and not _inside_brackets(cur, tokens, i):
            cur.extend(tokens[i:glued_end])
            i = glued_end
            sentences.append(" ".join(cur))
            cur = []
            continue
        if (tok in _SENTENCE_END_TOKENS and not _inside_brackets(cur, tokens, i)
                and not _stop_of_et_al(cur, tokens, i) and not _decimal_point(cur, tokens, i)
                and not _joins_what_follows(cur, tokens, i) and i - 1 not in genus_stops):
            while i < n and tokens[i] in _SENTENCE_END_TOKENS:
                cur.append(tokens[i])
                i += 1
            while i < n:
                nxt = tokens[i]
                if nxt == '"' and (cur.count('"') % 2 == 1 or quotation_open[i]):
                    pass
                elif nxt == "'" and cur.count("'") % 2 == 1:
                    pass
                elif nxt == ")" and cur.count("(") > cur.count(")"):
                    pass
                elif nxt == "]" and cur.count("[") > cur.count("]"):
                    pass
                elif nxt == "}" and cur.count("{") > cur.count("}"):
                    pass
                else:
                    break
                cur.append(nxt)
                i += 1
            if _attributed_quotation(cur, tokens, i):
                continue
            sentences.append(" ".join(cur))
            cur = []
    if cur:
        sentences.append(" ".join(cur))
    return sentences


# abbreviations that go on into a noun phrase or a clause even before "the" or "this" ("fetal vs. the adult
# liver", "according to eq. it was ...", "cf. the review ...", "bader et al. the scheme ..." is a sentence's end
# as often as not)
_ABBREVIATIONS_BEFORE_A_CLAUSE = frozenset(["vs", "al", "cf", "viz", "eq", "eqs", "fig", "figs", "no", "nos", "approx",
                                            "ca"])


def _abbreviation_ends_sentence(tokens: List[str], k: int) -> bool:
    """Whether ``tokens[k]``, a word the normal form keeps with its stop, ends a sentence: a single letter (of any
    alphabet) or an abbreviation (``ABBREVIATIONS``, not ``_ABBREVIATIONS_BEFORE_A_CLAUSE``) whose stop is the
    sentence's too, before a word that opens a sentence (``_LOST_SENTENCE_OPENERS``, or a sentence adverb and its
    comma): "... for <dig> h. the cells were ...", "... in clade a. this may be explained ...", "... at stage k.
    similarly , analyses ...", "... lower <dig> å. consequently , ..."; or a word and two stops, the writer's ("...
    a chip - seq data set etc.. the results ..."). An initial is followed by a name ("w. bush", "a. thaliana"), never
    by these. Ended nowhere, the two sentences were one, read blind as two run together. In SumPubMed train papers
    0-999 and the 200 Cohan-form papers, 560 sentences end so after a single letter (about one in twelve a Greek
    letter or a unit's "å"), 75 after an abbreviation ("etc.", "spp.", "ms.", "nov."), and 11 after two stops; of 40
    read, all ended there ("... in time o. | hence , ...", "... in clade a. | this may be ..."). After a letter of
    another alphabet than the Latin one, which names no one, any word opens the next sentence ("... lower <dig> å. |
    for fast high throughput ...", "... of importin α. | relief of autoinhibition ..."): 71 places more, of 30 read
    all sentences' ends. A single letter or a list's "etc." ends its sentence before a fronted phrase that a comma
    closes (``FRONTING_WORDS``: "... for <dig> h. | after repeated washing , ...", "... in group b. | in both groups ,
    ...", "... etc. | as a result , ..."; not "... genetics etc. on particular biological processes ."): 214 places
    after a letter in train papers 0-999 and the Cohan-form papers (of 110 read, all sentences' ends) and 14 after
    "etc.". A species' "sp." or "spp." ends its sentence before a subordinate clause that a comma closes
    (``_SUBORDINATORS_AFTER_A_SPECIES``: "... and giardia spp. | although <dig> / <dig> of the feces samples ... ,
    no co-infection was observed ...", read blind as two sentences run together): 1 more place in train papers 0-999
    and the Cohan-form papers ("... shot noise terms in sp. | while power spectra describe ... , it can not ..."). So
    does a letter before "of these" and its comma ("... in the presence of β - glc y. | of these <dig> genes , <dig>
    genes were ...", read blind as a run-on): none more there."""
    tok = tokens[k]
    if k + 1 >= len(tokens) or not tok.endswith("."):
        return False
    following = tokens[k + 1]
    if tok.endswith("..") and tok[:1].isalpha():
        return following not in _SENTENCE_END_TOKENS
    stem = tok[:-1]
    if _SINGLE_LETTER_RE.fullmatch(stem) and not stem.isascii():
        return following[:1].isalpha()  # a Greek letter or "å" is no initial: any word may open a sentence after it
    if not (_SINGLE_LETTER_RE.fullmatch(stem) or stem in ABBREVIATIONS and stem not in _ABBREVIATIONS_BEFORE_A_CLAUSE):
        return False
    if ((stem == "etc" or _SINGLE_LETTER_RE.fullmatch(stem))
            and (following in FRONTING_WORDS or following == "of" and tokens[k + 2:k + 3] == ["these"])
            or stem in _SPECIES_ABBREVIATIONS and following in _SUBORDINATORS_AFTER_A_SPECIES):
        reach = tokens[k + 2:k + 2 + _FRONTED_PHRASE_REACH]
        ahead = itertools.takewhile(lambda t: t not in _SENTENCE_END_TOKENS, reach)
        if "," in ahead:
            return True  # a fronted phrase and its comma: "... incubated for <dig> h. | after repeated washing , ...",
            # "... to increase the availability of p. | while the presence of salicylic acid ... is established , ...",
            # "... , and etc. | in the reverse engineering of grn , essential tasks are ..."
    return following in _LOST_SENTENCE_OPENERS or (
        following in _ADVERBS_AFTER_NUMBER and k + 2 < len(tokens) and tokens[k + 2] == ",")


# how far after a letter's or "etc."'s stop a fronted phrase's comma is looked for
_FRONTED_PHRASE_REACH = 25
# a species' abbreviation, which ends its sentence only before a subordinate clause that a comma closes ("... and
# giardia spp. | although <dig> / <dig> of the feces samples ... were positive ... , no co-infection was observed ...";
# before a preposition's phrase it goes on as often: "... enterococcus spp. in bovine feces , ...")
_SPECIES_ABBREVIATIONS = frozenset({"sp", "spp"})
_SUBORDINATORS_AFTER_A_SPECIES = frozenset({"although", "though", "whereas", "while", "because", "unless", "when", "if",
                                           "since"})
_GENUS_ABBREVIATION_RE = re.compile(r"[a-z]{2,5}")  # "pe", "rba", "staph" ("staph . aureus")
_MIN_EPITHET_LETTERS = 4
# how a genus's and a species' Latin names end ("pediculus schaeffi", "rhodotorula glutinis", "ralstonia eutropha",
# "rhodobacter sphaeroides"), and a genus's also in "-es" ("armigeres subalbatus", "anopheles gambiae", "culicoides"),
# "-bacter" or "-monas" ("rhodopseudomonas palustris")
_LATIN_NAME_ENDINGS = ("a", "ae", "i", "is", "us", "um", "oides")
_GENUS_NAME_ENDINGS = _LATIN_NAME_ENDINGS + ("es", "bacter", "monas")


def _genus_abbreviation_stops(tokens: Sequence[str]) -> Set[int]:
    """The positions of the stops that end a genus's abbreviation of two to five letters, which the normal form parts
    from it ("the chimpanzee louse , pe . schaeffi , whereas ...", "... of r. etli and ra . eutropha"): the word after
    the stop is a species' name that the text also gives after its genus in full, a longer word that opens with the
    abbreviation, both with a Latin name's ending (``_LATIN_NAME_ENDINGS``: "pediculus schaeffi", "ralstonia
    eutropha"), or after the genus's initial ("r. glutinis"). Ended there, a sentence stopped at "pe ." and the next
    opened with the species' name, both read blind as cut. Rare: 3 such stops in one of SumPubMed train papers 0-999
    ("... of r. etli and ra . eutropha ."), none in the 200 Cohan-form papers. Once one stop shows an abbreviation a
    genus's, its stops before the text's other Latin names are too ("... for cl . fauriei and cl . oblongifolia in
    the combined plastid dataset .", the second name given only so: read blind, cut at "cl ." and a fragment). A
    genus's name may end in "-es" ("... from adult , female ar . | subalbatus mrna collected ...", "armigeres
    subalbatus" in full elsewhere; read blind, a sentence cut and a fragment): none more in train papers 0-999 or
    the Cohan-form papers. An abbreviation need not be its genus's first letters, only its first letter and then its
    other letters in order (``_abbreviates``: "whether this cycle has any physiological relevance in rba . |
    sphaeroides , remains to be shown ...", "rhodobacter sphaeroides" in full; read blind as a fragment), and an epithet
    may end in "-oides", a genus in "-bacter" or "-monas": one more paper of train papers 0-999 ("the tt . maritima
    genome ..."), none of valid papers 0-499 or the Cohan form. An abbreviation may have up to five letters ("...
    after imi challenge with staph . | aureus observed an up - regulation ...", "staphylococcus aureus" in full; read
    blind, a sentence cut and a fragment whose subject was the bacterium)."""
    candidates = [i for i in range(1, len(tokens) - 1)
                  if tokens[i] == "." and _GENUS_ABBREVIATION_RE.fullmatch(tokens[i - 1])
                  and tokens[i + 1].isalpha() and len(tokens[i + 1]) >= _MIN_EPITHET_LETTERS
                  and tokens[i + 1].endswith(_LATIN_NAME_ENDINGS) and tokens[i + 1] not in _LOST_SENTENCE_OPENERS
                  and tokens[i + 1] not in _ADVERBS_AFTER_NUMBER]  # "this", "thus": a sentence's opening
    if not candidates:  # most texts: no need to index the words before each word
        return set()
    before: Dict[str, Set[str]] = collections.defaultdict(set)
    for previous, word in zip(tokens, tokens[1:]):
        before[word].add(previous)
    stops = {i for i in candidates
             if any(_abbreviates(tokens[i - 1], genus) and len(genus) > len(tokens[i - 1]) + 2
                    and genus.endswith(_GENUS_NAME_ENDINGS) or genus == tokens[i - 1][0] + "."
                    for genus in before[tokens[i + 1]])}
    # an abbreviation that one such stop shows a genus's is one before the text's other species too ("cl . fauriei",
    # "c. fauriei" elsewhere; "cl . oblongifolia", given only so)
    genera = {tokens[i - 1] for i in stops}
    return stops | {i for i in candidates if tokens[i - 1] in genera}


def _abbreviates(abbreviation: str, name: str) -> bool:
    """Whether ``abbreviation`` writes ``name`` short: its first letter and the rest of its letters in order ("ra" and
    "ralstonia", "rba" and "rhodobacter", "rps" and "rhodopseudomonas")."""
    rest = iter(name[1:])
    return name[:1] == abbreviation[:1] and all(letter in rest for letter in abbreviation[1:])


# the words after "et al ." that open a new sentence rather than go on with the citation's
_OPENERS_AFTER_ET_AL = _LOST_SENTENCE_OPENERS | {"indeed"}


def _stop_of_et_al(sentence: List[str], tokens: List[str], following: int) -> bool:
    """Whether the sentence so far ends with "et al ." that a tokenizer parted from its stop and that
    the sentence goes on after: "chavarro et al . in their cohort study found that ..." (the
    Cohan-format PubMed text's form of "et al.", which the normal form keeps whole as an
    abbreviation and so ends no sentence either). It ends the sentence before a word that opens a
    new one (``_OPENERS_AFTER_ET_AL``: "... by smith et al . the cells were ..."), a second stop
    ("et al . .") or the text's end. In the 200 Cohan-format papers, of the 387 places inside a line
    the next token is "," 207 times, "who", "found", "in", "reported", "also", a year, ... and "." 11
    times; of the 164 where the data set broke the line after it, the line goes on with "the" 16
    times, ",", "(", "reported", a year, "this", "indeed", ...: ended there, the citation and its verb
    were two fragments."""
    return (sentence[-3:] == ["et", "al", "."] and following < len(tokens)
            and tokens[following] not in _SENTENCE_END_TOKENS and tokens[following] != SENTENCE_SEPARATOR
            and tokens[following] not in _OPENERS_AFTER_ET_AL)


# what goes on after a number whose decimal point a data set read as a stop ("... using mrbayes v <dig> . | <dig>
# <cit> with the gtr model ...", "bioedit version <dig> . | <dig> was used for ...", "... ubuntu <dig> . | <dig> lts
# operating system"), not a legend's first noun ("... in figure <dig> . | <dig> heat maps showing ...")
_GOES_ON_AFTER_A_DECIMAL = frozenset({",", ";", ")", "-", "±", "+", "was", "were", "is", "are", "with", "and", "or",
                                      "of", "at", "in", "for", "to", "by", "from", "using", "run", "except", "software",
                                      "program", "lts", "version"})


def _decimal_point(sentence: List[str], tokens: List[str], following: int) -> bool:
    """Whether the sentence so far ends with a masked number and a stop that is the decimal point of a version or a
    value the data set broke a line at (SumPubMed masks "1.4.2" as "<dig> . <dig>" and ends the line after the
    first part): the next token is a number, and after it (and its citations) the sentence goes on
    (``_GOES_ON_AFTER_A_DECIMAL``). In SumPubMed train papers 0-999, 54 lines ended so, each the first half of a
    sentence ("potential binding peaks were identified using three algorithms : macs <dig> . | <dig> <cit> ,
    bayespeak <cit> , and t-pic <cit> ."), its second half a fragment; the two are one sentence now."""
    if sentence[-2:] != [masking.NUMBER, "."] or following >= len(tokens) or tokens[following] != masking.NUMBER:
        return False
    after = following + 1
    while after < len(tokens) and tokens[after] == masking.CITATION:
        after += 1
    return (after + 1 < len(tokens) and tokens[after] in _GOES_ON_AFTER_A_DECIMAL
            and tokens[after + 1] not in _SENTENCE_END_TOKENS)


# a link's query after its "?": "... /geo/query/acc.cgi ? acc=gse <dig>"
_QUERY_PARAMETER_RE = re.compile(r"[a-z_]+=\S")


def _ends_a_links_query(sentence: List[str], tokens: List[str], following: int) -> bool:
    """Whether the sentence so far ends with a link's query and its number ("... /acc.cgi ? acc=gse <dig>") and a
    sentence follows (``_MIN_LOST_SENTENCE_WORDS`` tokens before any stop): the data set lost the stop after the
    link ("... acc=gse <dig> | in this study , we combined ...")."""
    query = len(sentence) - 2  # back over the query's parameters to its "?"
    while query >= 0 and (sentence[query] == "&" or _QUERY_PARAMETER_RE.match(sentence[query])):
        query -= 1
    return (query < len(sentence) - 2 and query >= 0 and sentence[query] == "?"
            and _sentence_ahead(tokens, following) is not None)


# abbreviations the normal form parts from their stop (not in ``ABBREVIATIONS``: "tab" and "ref" are words too) that
# a number or a citation follows ("... listed in tab . <dig> resulted in ...", "reviewed in ref . <cit>", "mafft ver .
# <dig>"; not "sec", whose "<dig> sec ." ends many a method's sentence), and the Latin ones written without their
# first stop ("in eg . a. fumigatus", "ie . the free enzyme"), which no sentence ends on
_PARTED_NUMBERED_ABBREVIATIONS = NUMBERED_ABBREVIATIONS - ABBREVIATIONS - {"sec"}
_PARTED_LATIN_ABBREVIATIONS = frozenset(["eg", "ie", "aff"])  # "aff": a species' "affinis" before its epithet ("in the
# stingless bee scaptotrigona aff . depilis , a species ..."; ended there, read blind as cut off); not "cf", whose
# bracket a data set may cut before the next sentence ("( <dig> % cf . | pulmonary metastases occur ...")
# ... and a section's "sec" after a word that points to it ("... the rules presented in sec . cumomer networks and
# introduces ..."; ended there, read blind as a fragment), never seconds ("for <dig> sec .")
_POINTERS_TO_A_SECTION = [["in", "sec"], ["see", "sec"]]
# ... and a serovar's "ser" after its species ("... isolated salmonella ser . typhimurium ..."), not an amino acid's
# after a dash ("... val - ser .")
_SEROVAR = "ser"
_NUMBERS_AND_CITATIONS = frozenset([masking.NUMBER, masking.CITATION])


def _parted_abbreviation_goes_on(words: Sequence[str], following: str) -> bool:
    """Whether ``words`` (the sentence so far without its stop) end with an abbreviation that the normal form parted
    from that stop and that goes on into the token ``following``."""
    last = words[-1]
    if last in _PARTED_NUMBERED_ABBREVIATIONS:
        return following in _NUMBERS_AND_CITATIONS or following[:1].isdigit()
    if last == _SEROVAR:
        return len(words) > 1 and words[-2].isalpha() and len(words[-2]) > 3  # after a species' name
    return last in _PARTED_LATIN_ABBREVIATIONS or list(words[-2:]) in _POINTERS_TO_A_SECTION


def _joins_what_follows(sentence: List[str], tokens: List[str], following: int) -> bool:
    """Whether the sentence so far ends with a mark that joins what follows rather than ends a sentence: an
    abbreviation's stop before its number or citation (``_PARTED_NUMBERED_ABBREVIATIONS``) or any word
    (``_PARTED_LATIN_ABBREVIATIONS``, ``_POINTERS_TO_A_SECTION``, ``_SEROVAR``), ".." between
    two numbers, a range ("... for k = <dig> .. <dig> ."; ended there, the range lost its upper bound and was read
    blind as cut off), or "?" before a link's query (``_QUERY_PARAMETER_RE``: "... /acc.cgi ? acc=gse <dig>"; ended
    there, the next sentence opened with the link's debris, "acc=gse <dig> in this study , we ...")."""
    if following >= len(tokens):
        return False
    if sentence[-1] == "." and len(sentence) > 1 and _parted_abbreviation_goes_on(sentence[:-1], tokens[following]):
        return True
    if sentence[-1] == "..":
        return len(sentence) > 1 and sentence[-2] == masking.NUMBER and tokens[following] == masking.NUMBER
    return sentence[-1] == "?" and _QUERY_PARAMETER_RE.match(tokens[following]) is not None


# '" what \'s the problem ? " asks bill bishop , ...': a quotation that ends with its own question or
# exclamation mark goes on with the verb that attributes it; ended there, the attribution would be
# a sentence with no subject ("asks bill bishop ...")
ATTRIBUTING_VERBS = frozenset({"said", "says", "asks", "added", "adds", "told", "tells", "wrote", "writes", "replied",
                               "replies", "explained", "explains", "insisted", "insists", "joked", "jokes", "posted",
                               "tweeted", "exclaimed", "shouted", "wondered", "wonders", "quipped"})


def _attributed_quotation(sentence: List[str], tokens: List[str], i: int) -> bool:
    """Whether ``sentence`` ends with "?" or "!" and a closing quote, and tokens[i] attributes it."""
    return (len(sentence) > 2 and sentence[-1] in ('"', "'") and sentence[-2] in ("?", "!")
            and i < len(tokens) and tokens[i] in ATTRIBUTING_VERBS)


def lead(text: str, k: int = 3) -> List[str]:
    """The first k sentences of normalized text (the Lead-k baseline)."""
    return split_sentences(text)[:k]


def join_sentences(sentences: Iterable[str]) -> str:
    """Sentences -> one target line, joined by " <n> " (empty sentences left out)."""
    return f" {SENTENCE_SEPARATOR} ".join(s.strip() for s in sentences if s and s.strip())


def unjoin(text: str) -> List[str]:
    """A decoded summary -> its sentences: split on the separator; without one, fall back to
    ``split_sentences``."""
    if not text:
        return []
    if SENTENCE_SEPARATOR in text:
        parts = (" ".join(p.split()) for p in text.split(SENTENCE_SEPARATOR))
        return [p for p in parts if p]
    return split_sentences(" ".join(text.split()))


# A summary's last token before closing quotes or brackets: a sentence ends, or decoding stopped
_SUMMARY_CLOSERS = frozenset(['"', "'", ")", "]", "}"])


def is_cut_off(summary_line: str) -> bool:
    """The last sentence of a summary (normalized; sentences may be joined by ``<n>``) does not
    end with sentence-final punctuation (closing quotes or brackets after it allowed): decoding
    stopped at its length cap mid-sentence.  An empty summary is not cut off."""
    tokens = summary_line.replace(SENTENCE_SEPARATOR, " ").split()
    while tokens and tokens[-1] in _SUMMARY_CLOSERS:
        tokens.pop()
    if len(tokens) >= 3 and tokens[-2] in _RANGE_DASHES and _is_number(tokens[-1]):
        tokens = tokens[:-2]  # "cases.8 - 10": a flattened citation's range
    return (bool(tokens) and tokens[-1] not in _SENTENCE_END_TOKENS and not _is_glued_citation(tokens[-1])
            and not _is_parted_citation(tokens, len(tokens) - 1))


def target_text(summary_sentences, normalized: bool = False) -> str:
    """Summary sentences (raw, or already normalized) -> the target line: each normalized, split
    further where it holds several sentences, joined by " <n> "."""
    if isinstance(summary_sentences, str):
        summary_sentences = [summary_sentences]
    out: List[str] = []
    for sentence in summary_sentences or []:
        norm = sentence if normalized else normalize_text(sentence)
        out.extend(split_sentences(norm))
    return join_sentences(out)


# ---------------------------------------------------------------------------------------------
# sentencepiece
# ---------------------------------------------------------------------------------------------

# Special ids chosen to equal fairseq's Dictionary indices (<s>=0, <pad>=1, </s>=2, <unk>=3), so
# that the fairseq dictionary written from the sentencepiece vocabulary (specials left out, the
# rest in id order) gives every piece the same index in both.  "<n>" is then id 4.
SPM_SPECIAL_IDS = {"bos_id": 0, "pad_id": 1, "eos_id": 2, "unk_id": 3}
SPM_SEED = 17
BYTE_FALLBACK_MIN_VOCAB = 2000


def _sentences_from_files(paths: Sequence[str], keep: Optional[bytearray] = None) -> Iterable[str]:
    """The non-blank lines of the files; with `keep`, only the i-th where keep[i] is set."""
    i = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                if line.strip():
                    if keep is None or keep[i]:
                        yield line
                    i += 1


def _sample_mask(paths: Sequence[str], size: int, seed: int) -> Optional[bytearray]:
    """Which sentences to train on when there are more than `size`: a fixed-seed uniform
    sample, chosen here because sentencepiece's own sampling (input_sentence_size with
    shuffle_input_sentence) gave different models on identical input."""
    total = sum(1 for _ in _sentences_from_files(paths))
    if size <= 0 or total <= size:
        return None
    keep = bytearray(total)
    for i in random.Random(seed).sample(range(total), size):
        keep[i] = 1
    return keep


def write_atomically(path, data: bytes) -> None:
    """PATH holds all of DATA or its old content: written to PATH.tmp, then renamed over it."""
    path = os.fspath(path)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def train_sentencepiece(
    text_files,
    model_prefix: str,
    vocab_size: int,
    *,
    model_type: str = "unigram",
    character_coverage: float = 1.0,
    byte_fallback: Optional[bool] = None,
    input_sentence_size: int = 1_000_000,
    max_sentence_length: int = 8192,
    seed: int = SPM_SEED,
    num_threads: int = 1,
    hard_vocab_limit: bool = False,
    extra_symbols: Sequence[str] = (),
) -> str:
    """Train a deterministic sentencepiece model on text files (one sentence a line); writes
    ``model_prefix.model`` and ``model_prefix.vocab`` (piece, tab, score) atomically and returns
    the model path.

    unigram, ``<n>`` (and ``extra_symbols``, e.g. ``masking.SYMBOLS``) a user-defined symbol, identity normalization (the text is already
    normalized, so decode(encode(x)) == x), special ids equal to fairseq's.  ``byte_fallback``
    (None: on when vocab_size >= 2000; it takes 256 ids) makes unseen characters bytes instead
    of ``<unk>``.  ``hard_vocab_limit=False``: a small corpus gives a smaller vocabulary instead
    of an error.

    Deterministic, and the same bytes wherever the files are: the sentences are streamed in
    (the model records no input path or model prefix), at most ``input_sentence_size`` of them,
    sampled here with a fixed seed, and the thread count is fixed (one by default: the result
    depends on it)."""
    import sentencepiece as spm

    if isinstance(text_files, (str, os.PathLike)):
        text_files = [text_files]
    text_files = [os.fspath(f) for f in text_files]
    for path in text_files:
        if not os.path.isfile(path):
            raise FileNotFoundError(path)
    if byte_fallback is None:
        byte_fallback = vocab_size >= BYTE_FALLBACK_MIN_VOCAB
    model_prefix = os.fspath(model_prefix)
    os.makedirs(os.path.dirname(os.path.abspath(model_prefix)), exist_ok=True)
    keep = _sample_mask(text_files, input_sentence_size, seed)
    model = io.BytesIO()
    spm.set_random_generator_seed(seed)
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(_sentences_from_files(text_files, keep)),
        model_writer=model,
        vocab_size=vocab_size,
        model_type=model_type,
        character_coverage=character_coverage,
        byte_fallback=byte_fallback,
        user_defined_symbols=[SENTENCE_SEPARATOR, *extra_symbols],
        normalization_rule_name="identity",
        input_sentence_size=0,  # all of what the iterator gives: the sample is ours
        shuffle_input_sentence=False,
        max_sentence_length=max_sentence_length,
        num_threads=num_threads,
        hard_vocab_limit=hard_vocab_limit,
        minloglevel=2,
        **SPM_SPECIAL_IDS,
    )
    data = model.getvalue()
    sp = spm.SentencePieceProcessor(model_proto=data)
    vocab = "".join(f"{sp.id_to_piece(i)}\t{sp.get_score(i):.6g}\n" for i in range(sp.get_piece_size()))
    write_atomically(model_prefix + ".model", data)
    write_atomically(model_prefix + ".vocab", vocab.encode("utf-8"))
    return model_prefix + ".model"


def load_sentencepiece(model_path: str):
    """A SentencePieceProcessor for a model file (ValueError if it cannot be read)."""
    import sentencepiece as spm

    sp = spm.SentencePieceProcessor()
    try:
        sp.Load(os.fspath(model_path))
    except (OSError, RuntimeError) as err:
        raise ValueError(f"{model_path}: not a readable sentencepiece model ({err})") from None
    return sp


def _encode_list(sp, text: str) -> List[str]:
    if not text:
        return []
    return sp.encode(text, out_type=str)


def encode_pieces(sp, text: str, max_pieces: Optional[int] = None) -> str:
    """Normalized text -> space-joined sentencepiece pieces, at most max_pieces of them."""
    pieces = _encode_list(sp, text)
    if max_pieces is not None:
        pieces = pieces[: max(0, max_pieces)]
    return " ".join(pieces)


_BYTE_PIECE_RE = re.compile(r"<0x([0-9A-Fa-f]{2})>")


def decode_pieces(pieces_str: str) -> str:
    """Space-joined pieces -> text, as fairseq's ``--bpe sentencepiece`` decodes (join, then
    "\u2581" -> space), plus byte-fallback pieces ``<0xE2>...`` turned back into characters."""
    if not pieces_str:
        return ""
    text = "".join(pieces_str.split())
    if "<0x" in text:
        out = []
        pos = 0
        buf = bytearray()
        for m in _BYTE_PIECE_RE.finditer(text):
            if m.start() != pos:
                if buf:
                    out.append(buf.decode("utf-8", errors="replace"))
                    buf = bytearray()
                out.append(text[pos : m.start()])
            buf.append(int(m.group(1), 16))
            pos = m.end()
        if buf:
            out.append(buf.decode("utf-8", errors="replace"))
        out.append(text[pos:])
        text = "".join(out)
    return " ".join(text.replace("\u2581", " ").split())


def prepare_source(raw_article: str, sp, max_pieces: Optional[int], normalized: bool = False) -> Tuple[str, int]:
    """An article -> (space-joined pieces truncated to max_pieces, number of pieces before
    truncation).  The one function both data preparation and the app use; ``normalized=True``
    skips normalization for text that is already ``normalize_text`` output (same result, since
    normalization is idempotent)."""
    text = raw_article if normalized else normalize_text(raw_article)
    pieces = _encode_list(sp, text)
    total = len(pieces)
    if max_pieces is not None:
        pieces = pieces[: max(0, max_pieces)]
    return " ".join(pieces), total


def prepare_target(summary_sentences, sp, max_pieces: Optional[int], normalized: bool = False) -> Tuple[str, int]:
    """Summary sentences -> (pieces of ``target_text(...)`` truncated to max_pieces, number of
    pieces before truncation).  ``normalized=True``: the argument is already a target line or
    normalized sentences."""
    if normalized and isinstance(summary_sentences, str):
        line = summary_sentences
    else:
        line = target_text(summary_sentences, normalized=normalized)
    pieces = _encode_list(sp, line)
    total = len(pieces)
    if max_pieces is not None:
        pieces = pieces[: max(0, max_pieces)]
    return " ".join(pieces), total

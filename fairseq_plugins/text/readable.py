"""What a person reads: a model's normalized sentences made into cased, ordinary text.

    from fairseq_plugins.text.readable import readable
    readable(["king 's dehydration was caused by his type ii diabetes ."], article)
    # -> ["King's dehydration was caused by his Type II diabetes."]

Models read and write the normal form of ``text.py`` (lowercased Penn Treebank tokens:
``the 35 - year - old did n't say , " i agree "``).  ``readable(sentences, article)`` is the
one function that turns such sentences back into text, for every model and every place a person
reads a summary (``app.Summarizer``, the command line, the page, the HTTP API, the evaluation's
samples).  ROUGE is not computed on its output: scoring stays on the normalized form.

1. Case, from the article itself (``alignment.cased_tokens``: the article's normalized tokens in
   the case the raw text writes them; its first ``CASE_EVIDENCE_CHARS`` characters).  A word takes the form the article gives it in the most
   similar place (``_CaseMap.article_form``): the same neighbours ("a New York judge" beside "a
   new law"), else the same word before ("Federal Space Agency" beside "the space agency"; "the
   US" beside "told us"), else its informative forms, the most frequent first.  A form is not
   informative at a sentence start, after an opening quote, bracket, dash or colon, after a
   dateline ("(CNN)Blues"), or in a headline-like sentence in Title Case or capitals, where a
   capital says nothing about the word ("The", "Police"); such forms count only in the very same
   place, or when they have capitals past the first letter ("NASA", "iPhone", "McDonald").  A
   word the article never writes: ``i`` -> ``I``; a hyphenated word cased part by part; weekdays
   and months capitalised (``ALWAYS_CAPITALISED``); a close spelling of a capitalised article
   word (``mcdonnel`` for ``McDonnell``) cased like it; else lower case.  The first word of each
   sentence, and the first after a leading dateline, is capitalised.
2. Spacing, with sacremoses' ``MosesDetokenizer`` (quotes paired, currency signs, punctuation,
   brackets, clitics such as ``'s``, ``'re``, plural possessives) after NLTK's Treebank
   contraction rules, which Moses lacks (``did n't``, ``gon na``, ``can not``).  What Moses is
   told by its own marks: the project's hyphen split (``35 - year - old``) becomes Moses'
   aggressive-hyphen mark ``@-@`` unless the article writes the pair with a spaced dash; single
   quotes that pair up become backticks, which Moses pairs and never takes for a possessive.
   What neither library knows is fixed around it: the period the normal form adds after a final
   abbreviation (``the u.s. .``), and a quotation that opened or closes in another sentence (a
   model splits them): the quote closes, it does not open.

Separators never come out: ``<n>`` ends a sentence, and ``<cit>`` (a masked citation of the
paper data) is dropped.
"""
import difflib
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from nltk.tokenize.treebank import TreebankWordDetokenizer
from sacremoses import MosesDetokenizer

from . import alignment, normalize

__all__ = ["readable", "Casing", "ALWAYS_CAPITALISED", "CASE_EVIDENCE_CHARS", "DROPPED_TOKENS", "TOKENIZER_SPACINGS", "names_of",
           "citation_holes", "readability_counts", "readability_check"]

# Words written capitalised in English whatever the article does ("may" and "march" are verbs too).
ALWAYS_CAPITALISED = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday "
    "january february april june july august september october november december".split()
)
DROPPED_TOKENS = frozenset(["<cit>"])
# a preposition whose object was a dropped citation goes with it: "was introduced in <cit> and
# demonstrated in ..." reads "was introduced and demonstrated in ...", not "introduced in and"
CITING_PREPOSITIONS = frozenset({"in", "of", "by", "from", "at", "see", "than", "on", "to", "with", "including"})
_CITATION_SEPARATORS = frozenset([",", ";"])  # between the citations of a run, or leading into one
# ... and the coordinator that joins its last ("reviews can be found in <cit> and <cit> ." reads "reviews can be found
# .", not "found and ."), each citation with its own preposition or none ("in <cit> , and in <cit>")
_CITATION_COORDINATORS = frozenset(["and", "or"])
# the words that lead into a citation as an example or a comparison, which go with it ("... high infection rates , e.g.
# <cit> ." reads "... high infection rates .")
# (not "cf" without its stop: cystic fibrosis, "reported in copd and cf <cit> .")
_CITATION_LEAD_INS = frozenset(["e.g.", "i.e.", "cf."])
_CLAUSE_ENDS = frozenset([".", ",", ";", ":", ")", "!", "?"])
# Case evidence is read from the article's first characters only: a summary's names come from the
# part a model reads (a few hundred pieces), and a 2 MB paste would cost seconds for nothing
CASE_EVIDENCE_CHARS = 100_000
# Contexts (the token before a word; a double quote as opening or closing) after which a capital
# says nothing about the word: opening quotes and brackets, dashes, a colon
_OPEN_QUOTE, _CLOSE_QUOTE = "\u201c", "\u201d"
_OPENERS = frozenset([_OPEN_QUOTE, "'", "(", "[", "{", "--", "\u2013", "\u2014", ":", "..."])
_HEADLINE_SHARE = 0.8  # a sentence with this share of capitalised words is a headline
_HEADLINE_MIN_WORDS = 4
_CLOSE_SPELLING = 0.85  # difflib ratio for a misspelled name
_CLOSE_MIN_LENGTH = 5
_MOSES_HYPHEN = "@-@"
_MOSES_SINGLE_QUOTE = "`"
_DATELINE_TOKENS = 3  # "( cnn )", "( ew.com )": a short parenthesis that opens a sentence
_CONTRACTIONS = TreebankWordDetokenizer.CONTRACTIONS2 + TreebankWordDetokenizer.CONTRACTIONS3
# Treebank's rule for "did n't", "we 're" (Moses has the second, not the first)
_CLITICS, _CLITICS_JOINED = TreebankWordDetokenizer.ENDING_QUOTES[0]
_WORD_HYPHEN_RE = re.compile(r"[^\W_]+(?:-[^\W_]+)+")
_SPACED_HYPHEN_RE = re.compile(r"([^\W_]+) - (?=([^\W_]+))")
_QUOTATION_ENDS = frozenset([",", ".", "!", "?"])
_UNPAIRED_CLOSING_QUOTE_RE = re.compile(r" ([\"'])(?=[,.;:!?]|$)")
_MOSES = MosesDetokenizer(lang="en")


def _has_letter(token: str) -> bool:
    return any(ch.isalpha() for ch in token)


def _as_context(token: str, cased: str, quotes_before: int) -> str:
    """What a token is to the word after it: its cased form; a double quote marked as opening or
    closing by the number of quotes before it in the sentence."""
    if token == '"':
        return _OPEN_QUOTE if quotes_before % 2 == 0 else _CLOSE_QUOTE
    return cased


@dataclass
class _Form:
    cased: str  # as the article writes the word
    previous: str  # the token before it (_as_context; "" at the sentence start)
    following: str  # the normalized token after it ("" at the end)
    informative: bool  # not at a sentence start, after an opening mark or in a headline
    headline: bool


class _CaseMap:
    """The case evidence of one article (see the module docstring, step 1)."""

    def __init__(self, tokens: Iterable[alignment.CasedToken]):
        self.forms: Dict[str, List[_Form]] = defaultdict(list)
        by_sentence: Dict[int, List[alignment.CasedToken]] = defaultdict(list)
        for token in tokens:
            by_sentence[token.sentence].append(token)
        for sentence in by_sentence.values():
            headline = self._headline(sentence)
            opening = True  # still among the sentence's opening marks and dateline
            depth = quotes = 0
            previous = ""
            for k, token in enumerate(sentence):
                depth = max(0, depth + (token.token == "(") - (token.token == ")"))
                if _has_letter(token.token):
                    following = sentence[k + 1].token if k + 1 < len(sentence) else ""
                    informative = not (headline or opening or previous in _OPENERS)
                    self.forms[token.token].append(_Form(token.cased, previous, following, informative, headline))
                    opening = opening and depth > 0  # "( cnn ) kayahan ...": the dateline is opening
                previous = _as_context(token.token, token.cased, quotes)
                quotes += token.token == '"'
        self._capitalised = None
        self._cache: Dict[str, Optional[str]] = {}

    @staticmethod
    def _headline(sentence: Sequence["alignment.CasedToken"]) -> bool:
        words = [t.cased for t in sentence if t.token.isalpha()]
        if len(words) < _HEADLINE_MIN_WORDS:
            return False
        capitalised = sum(1 for w in words if w[0].isupper())
        return capitalised >= _HEADLINE_SHARE * len(words)

    @staticmethod
    def _most_common(forms: Sequence[_Form]) -> str:
        counts = Counter(f.cased for f in forms)
        # most frequent; on a tie the lower-case form (a lone capital is the weaker evidence)
        return max(counts, key=lambda form: (counts[form], form.islower()))

    def article_form(self, token: str, previous: Optional[str], following: Optional[str]) -> Optional[str]:
        """The article's form of `token` between `previous` (cased, see _as_context) and
        `following` (normalized), or None where it gives none.  The first of these that has
        forms decides: the same neighbours on both sides ("a New York judge" beside "a new
        Kansas law"); the same word before ("Federal Space Agency" beside "the space agency");
        informative forms with the same word after; informative forms; forms with capitals past
        the first letter ("NASA", "iPhone").  Headlines count only for none of them."""
        forms = [f for f in self.forms.get(token, ()) if not f.headline]
        tiers = (
            lambda f: f.previous == previous and f.following == following,
            lambda f: f.previous == previous and bool(previous),
            lambda f: f.informative and f.following == following,
            lambda f: f.informative,
            lambda f: f.cased[1:] != f.cased[1:].lower(),
        )
        for keep in tiers:
            chosen = [f for f in forms if keep(f)]
            if chosen:
                return self._most_common(chosen)
        return None

    def close_spelling(self, token: str) -> Optional[str]:
        """A capitalised article word spelled almost like `token` (a name the model misspelled)."""
        if len(token) < _CLOSE_MIN_LENGTH or not token.isalpha():
            return None
        if self._capitalised is None:
            self._capitalised = {}
            for key in self.forms:
                form = self.article_form(key, None, None)
                if form and key.isalpha() and form != key and len(key) >= _CLOSE_MIN_LENGTH - 1:
                    self._capitalised.setdefault(key[0], []).append(key)
        if token not in self._cache:
            match = difflib.get_close_matches(token, self._capitalised.get(token[0], []), n=1, cutoff=_CLOSE_SPELLING)
            self._cache[token] = _copy_case(token, self.article_form(match[0], None, None)) if match else None
        return self._cache[token]

    def case(self, token: str, previous: str, following: str) -> str:
        """`token` (normalized) in the case a reader expects, between `previous` (the output so
        far, see _as_context) and `following` (normalized)."""
        if not _has_letter(token):
            return token
        if token == "i":
            return "I"
        form = self.article_form(token, previous, following)
        if form is not None:
            return form
        if "-" in token.strip("-"):
            return "-".join(self.case(part, "", "") for part in token.split("-"))
        if token in ALWAYS_CAPITALISED:
            return token.capitalize()
        return self.close_spelling(token) or token

    def case_sentence(self, tokens: Sequence[str]) -> List[str]:
        """A sentence's normalized tokens, each cased (`case`) after the ones before it."""
        out: List[str] = []
        previous = ""
        quotes = 0
        for k, token in enumerate(tokens):
            out.append(self.case(token, previous, tokens[k + 1] if k + 1 < len(tokens) else ""))
            previous = _as_context(token, out[-1], quotes)
            quotes += token == '"'
        return out


def _copy_case(token: str, pattern: str) -> str:
    """`token` with the case of `pattern` where their letters agree ("mcdonnel", "McDonnell" ->
    "McDonnel"); the first letter follows the pattern's."""
    chars = list(token)
    matcher = difflib.SequenceMatcher(None, token, pattern.lower(), autojunk=False)
    for tag, i1, i2, j1, _ in matcher.get_opcodes():
        if tag == "equal":
            for k in range(i2 - i1):
                chars[i1 + k] = pattern[j1 + k]
    if pattern[:1].isupper():
        chars[0] = chars[0].upper()
    return "".join(chars)


def _spaced_pairs(article: str):
    """Word pairs (lower case) that the article writes around a spaced dash ("here - and") and
    never with a hyphen: the only ones whose normalized " - " is not the project's split."""
    lower = article.lower()
    joined = set()
    for word in _WORD_HYPHEN_RE.findall(lower):
        parts = word.split("-")
        joined.update(zip(parts, parts[1:]))
    return set(_SPACED_HYPHEN_RE.findall(lower)) - joined


def _before_moses(tokens: List[str], spaced_pairs) -> List[str]:
    """Token fixes that neither detokenizer knows (see the module docstring, step 2)."""
    # Moses takes a lone ' after a word in -s for a plural possessive ("the players' union") and
    # pairs the others as quotes; where the ' pair up ("he was ' extremely drunk '"), it would take
    # the first for a possessive.  A backtick is a single quote to Moses that it never takes for a
    # possessive; the normalized text has none (text.py makes every backtick a ').
    quotes = tokens.count("'")
    quote = _MOSES_SINGLE_QUOTE if quotes and quotes % 2 == 0 else "'"
    out: List[str] = []
    for i, token in enumerate(tokens):
        previous = out[-1] if out else ""
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token == "-" and previous[-1:].isalnum() and following[:1].isalnum() \
                and (previous.lower(), following.lower()) not in spaced_pairs:
            out.append(_MOSES_HYPHEN)  # "35 - year" -> "35 @-@ year": Moses joins it
        elif token == "." and len(previous) > 1 and previous.endswith("."):
            continue  # "the u.s. ." -> "the u.s.": the abbreviation's period ends the sentence
        else:
            out.append(quote if token == "'" else token)
    return out


def _detokenize(tokens: List[str], spaced_pairs) -> str:
    line = " ".join(tokens)
    for contraction in _CONTRACTIONS:  # "gon na" -> "gonna", "can not" -> "cannot"
        line = contraction.sub(r"\1\2", line)
    line = _CLITICS.sub(_CLITICS_JOINED, line + " ").strip()
    tokens = _before_moses(line.split(), spaced_pairs)
    # Moses pairs double quotes from the sentence start: where the first one closes a quotation
    # that began in an earlier sentence ('next year , " he said'), it gets an opening one to pair
    # with, taken off again after
    first = tokens.index('"') if tokens.count('"') % 2 else -1
    closes_first = first > 0 and tokens[first - 1] in _QUOTATION_ENDS
    out = _MOSES.detokenize(['"'] * closes_first + tokens, unescape=False)[closes_first:]
    out = out.replace(_MOSES_SINGLE_QUOTE, "'")
    # Moses opens a quote it cannot pair; one before punctuation or at the end closes a quote
    return _UNPAIRED_CLOSING_QUOTE_RE.sub(r"\1", out)


def _capitalise_first(tokens: List[str]) -> List[str]:
    """The sentence's first word capitalised, and the first after a leading dateline too
    ("( cnn ) blues legend" -> "(CNN) Blues legend"); a sentence that starts with a number
    ("35 - year - old") stays as it is, and so does one that starts with a Greek letter, a symbol
    that keeps its case ("β - glc y - treatment down-regulated ...", not "Β-glc ...")."""
    def capitalise(start: int) -> Optional[int]:
        for k in range(start, len(tokens)):
            if any(ch.isalnum() for ch in tokens[k]):
                if tokens[k][0].islower() and unicodedata.name(tokens[k][0], "").startswith("LATIN"):
                    tokens[k] = tokens[k][0].upper() + tokens[k][1:]
                return k
        return None

    first = capitalise(0)
    if first is not None and first > 0 and tokens[first - 1] == "(" and ")" in tokens[first:first + _DATELINE_TOKENS]:
        capitalise(tokens.index(")", first) + 1)
    return tokens


def _sentences(sentences: Iterable[str]) -> List[List[str]]:
    """Token lists, one a sentence: split at ``<n>``, without dropped tokens and empty ones."""
    out = []
    for sentence in sentences:
        for part in (sentence or "").split(normalize.SENTENCE_SEPARATOR):
            tokens = _without_dropped(part.split())
            if tokens:
                out.append(tokens)
    return out


def citation_holes(sentence: str) -> List[Tuple[List[str], List[str]]]:
    """Where a reader's sentence lost its citations: for each run that ``readable`` drops (with its preposition,
    lead-in and separator), the words kept before it and those after it."""
    holes: List[int] = []
    kept = _without_dropped(sentence.split(), holes)
    return [(kept[:hole], kept[hole:]) for hole in holes]


def _without_dropped(tokens: Sequence[str], holes: Optional[List[int]] = None) -> List[str]:
    """``tokens`` without ``DROPPED_TOKENS``: a run of them with the separators and coordinators between them as one
    ("quality <cit> , <cit> ." reads "quality ."; ``_run_end``), a citation's preposition and its lead-in ("e.g.")
    dropped with it, and so is the comma or semicolon that led into it where the clause ends after it ("samples ,
    <cit> ."). ``holes``, when given, gets the index in the kept words where each run was."""
    kept: List[str] = []
    i, n = 0, len(tokens)
    while i < n:
        if tokens[i] not in DROPPED_TOKENS:
            kept.append(tokens[i])
            i += 1
            continue
        i = _run_end(tokens, i)
        while kept and (kept[-1] in CITING_PREPOSITIONS or kept[-1] in _CITATION_LEAD_INS):  # "see e.g. <cit>"
            kept.pop()
        if kept and kept[-1] in _CITATION_SEPARATORS and (i == n or tokens[i] in _CLAUSE_ENDS):
            kept.pop()
        if holes is not None:
            holes.append(len(kept))
    return kept


def _run_end(tokens: Sequence[str], start: int) -> int:
    """Where the run of citations that opens at ``start`` ends: each next one follows a separator, a coordinator or
    both, and its own preposition or none ("in <cit> ; <cit> , and in <cit>")."""
    end = start + 1
    while True:
        j = end
        if j < len(tokens) and tokens[j] in _CITATION_SEPARATORS:
            j += 1
        if j < len(tokens) and tokens[j] in _CITATION_COORDINATORS:
            j += 1
        if j + 1 < len(tokens) and tokens[j] in CITING_PREPOSITIONS and tokens[j + 1] in DROPPED_TOKENS:
            j += 1
        if j == end or j >= len(tokens) or tokens[j] not in DROPPED_TOKENS:
            return end
        end = j + 1


class Casing:
    """What one article tells about writing its words: the case evidence (its normalized tokens as
    the raw text writes them, ``alignment.CasedToken``) and the word pairs it writes around a
    spaced dash.  ``Casing(tokens, article).readable(sentences)`` is ``readable``; a
    ``document.Document`` builds it from the alignment it already has."""

    def __init__(self, tokens: Iterable[alignment.CasedToken], article: str):
        self.cases = _CaseMap(tokens)
        self.spaced_pairs = _spaced_pairs(article or "")

    @classmethod
    def of_article(cls, article: str) -> "Casing":
        """The evidence of a raw article (its first ``CASE_EVIDENCE_CHARS`` characters)."""
        return cls(alignment.cased_tokens(article[:CASE_EVIDENCE_CHARS]) if article else (), article)

    def readable(self, sentences: Sequence[str]) -> List[str]:
        """See ``readable``."""
        return [_detokenize(_capitalise_first(self.cases.case_sentence(tokens)), self.spaced_pairs)
                for tokens in _sentences(sentences)]


def readable(sentences: Sequence[str], article: str = "") -> List[str]:
    """Normalized sentences (a model's output) -> the sentences a person reads: detokenized,
    cased as ``article`` (the raw text the person gave) writes its words, each starting with a
    capital.  Without an article only sentence starts, ``I`` and weekdays/months are cased."""
    return Casing.of_article(article).readable(sentences)


# ---------------------------------------------------------------------------------------------
# Measuring it (scripts/readability_check.py)
# ---------------------------------------------------------------------------------------------

_LETTERS_RE = re.compile(r"[^\W\d_]+")
# What a tokenizer leaves behind when nothing detokenizes: " ,", " 's", "( x )", " n't", "$ 5"
TOKENIZER_SPACINGS = {
    "space before punctuation": re.compile(r"(?<=\w) [,.;:!?%](?!\w)"),
    "space before a clitic": re.compile(r"(?<=\w) '(?:s|re|ve|ll|d|m)\b", re.IGNORECASE),
    "space before n't": re.compile(r"(?<=\w) n't\b", re.IGNORECASE),
    "space inside brackets": re.compile(r"[(\[] | [)\]]"),
    "space after a currency sign": re.compile(r"[$£€¥] \d"),
    "spaced word hyphen": _SPACED_HYPHEN_RE,
}


def names_of(article: str) -> frozenset:
    """Words (lower case) that the article only ever writes capitalised: its names."""
    seen: Dict[str, bool] = {}
    for word in _LETTERS_RE.findall(article):
        key = word.lower()
        seen[key] = seen.get(key, True) and word[0].isupper()
    return frozenset(key for key, capitalised in seen.items() if capitalised)


def readability_counts(article: str, sentences: Sequence[str]) -> Dict[str, int]:
    """How readable some summary sentences (as a person reads them) are, against the article:
    ``names`` (occurrences of the article's names, ``names_of``, after a sentence's first word),
    ``names_capitalised`` (those written with a capital), and one count per
    ``TOKENIZER_SPACINGS`` kind, except spaced hyphens the article writes itself."""
    names = names_of(article)
    counts = Counter({"names": 0, "names_capitalised": 0})
    spaced = _spaced_pairs(article)
    for sentence in sentences:
        for k, match in enumerate(_LETTERS_RE.finditer(sentence)):
            if k and match.group().lower() in names:
                counts["names"] += 1
                counts["names_capitalised"] += match.group()[0].isupper()
        for kind, pattern in TOKENIZER_SPACINGS.items():
            for match in pattern.finditer(sentence):
                if kind == "spaced word hyphen" and tuple(g.lower() for g in match.groups()) in spaced:
                    continue  # the article's own spaced dash
                counts[kind] += 1
    return dict(counts)


def readability_check(articles: Sequence[str], summaries: Optional[Sequence[str]] = None) -> Dict[str, object]:
    """``readability_counts`` summed over articles, for their ``summaries`` (normalized lines,
    sentences separated by ``<n>``) or, without them, their Lead-3 sentences in the normalized
    form.  Without summaries it also checks Lead-3 as the app gives it: ``lead3_verbatim``
    counts the sentences (of ``lead3_sentences``) that are spans of the article and normalize
    back to the sentence Lead-3 picks.  ``examples``: (article index, readable sentences) of the
    summaries with a name left lower case or a tokenizer spacing."""
    totals: Counter = Counter()
    examples = []
    for n, article in enumerate(articles):
        normalized = normalize.normalize_text(article)
        if summaries is None:
            pairs = alignment.raw_sentences(article, 3, normalized)
            sentences = [norm for norm, _ in pairs]
            totals["lead3_sentences"] += len(pairs)
            totals["lead3_verbatim"] += sum(raw in article and normalize.normalize_text(raw) == norm for norm, raw in pairs)
        else:
            sentences = normalize.unjoin(summaries[n])
        out = readable(sentences, article)
        counts = readability_counts(article, out)
        totals.update(counts)
        if counts["names_capitalised"] < counts["names"] or any(counts.get(kind) for kind in TOKENIZER_SPACINGS):
            examples.append((n, out))
    return dict(totals, articles=len(articles), examples=examples)

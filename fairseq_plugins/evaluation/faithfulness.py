"""Readability measures of a summary beyond ROUGE, computed from the article and the summary in
the normal (lowercased, tokenized) form that training and ROUGE use.

**Spliced sentences.**  Each summary sentence is covered with extractive fragments, as Grusky
et al. (2018, Newsroom) define them: from left to right, the longest run of summary tokens that
occurs as a run in the article; a match shorter than ``MIN_FRAGMENT`` tokens is not a fragment
(its tokens are novel words, the model's own glue).  Three tokens: a bigram ("of the", "he
said") recurs all over an article, so where it came from says nothing; most trigrams of a news
article occur once.  When a run occurs several times, the occurrence nearest the end of the
previous fragment is taken (so a continuation is read as one).

Two consecutive fragments A, B of a sentence are *apart* when B does not continue A in the
article: B starts in a sentence more than one away from A's, or in A's own sentence but before
A's end (the sentence re-ordered) or more than ``MAX_SKIP`` tokens after it, tokens inside
brackets not counted.  Taking a subject from the next or previous sentence, or dropping a short
apposition (", 28 ,") or whole brackets (a citation, "( 6 , 7 , 13 )", a pointer to a figure,
text.pointers), is what compression does and is not counted.  A junction of apart fragments is still clean when A ends
where a clause ends in the article (the next article token is punctuation, or the sentence
ends) and B starts where one starts (after punctuation, or at a sentence start): two whole
clauses joined.  A sentence is **spliced** when it has at least one junction of apart fragments
that is not clean, i.e. clauses from different places joined mid-clause ("the 20 - year - old is
in agreement with sbragia 's youngsters to a winning start").  Agreement with a reading of 88
sentences: docs/cpu_budget.md, "Readable summaries".  An abbreviation the article defines and the
summary writes out where it first uses it ("levels of tumor necrosis factor ( tnf ) rose",
text.abbreviations.spell_out) brings the long form from the definition's place: the sentence is
read also with such long forms taken back out ("levels of tnf rose") and is spliced only when
every one of those readings is; the misplaced numbers measure reads it without them.

**Cut off.**  The summary's last sentence does not end with ``.``, ``!`` or ``?`` (optionally
followed by closing quotes or brackets): decoding stopped at its length cap mid-sentence.

**Fragments.**  A summary sentence that is a piece of a sentence rather than one a reader can read
alone (``text.extraction.is_fragment``: under six words, a bracket left open, or the second half
of a sentence): a heading (``methods .``), a caption, a sentence cut by a line break (``... at
week 2 ( p .``), a sentence whose subject, a citation, was cut out (``showed that ...``).

**Unsupported words** (a proxy, not a factuality measure).  The share of the summary's content
words (ROUGE's tokens, Porter-stemmed, minus scikit-learn's English stop words) whose stem the
article never uses: names, numbers and words the model brought in.  A fact made by joining the
article's own words wrongly ("chelsea 's 1 - 1 victory") is invisible to it; the splice measure
is the one that sees those.

**Misplaced numbers.**  The share of the summary's numbers (tokens with a digit) that the article
sentence the summary sentence rewrites does not hold.  The sentence it rewrites is the article
sentence sharing the most content words (stemmed; stop words and numbers out) with it (on a tie,
the one sharing more of its tokens, numbers included, then the first):
for a copied sentence, itself; for a rewritten one, its source.  A number the article holds
elsewhere ("four lifestyles taken in 9000 years of age") is counted here, though the unsupported
words measure cannot see it.  A sentence rewriter that restores numbers per sentence scores 0.

Per document (``score_document``) each measure is a percentage, so corpus means and bootstrap
intervals are on the same scale as ROUGE: ``spliced_sentences`` (share of the summary's
sentences), ``has_spliced`` (100 when any sentence is spliced), ``cut_off`` (100 or 0),
``unsupported_words``, ``fragments`` (share of the summary's sentences), ``misplaced_numbers``
(share of the summary's numbers; 0 for a summary without numbers).
"""
import functools
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass
from typing import Dict, List, Sequence, Tuple

from .. import text
from ..scoring.rouge import rouge_tokens
from ..text import Document, abbreviations
from ..text.extraction import is_fragment
from ..text.readable import DROPPED_TOKENS
from ..text.normalize import is_cut_off

__all__ = [
    "MIN_FRAGMENT",
    "MAX_SKIP",
    "MEASURES",
    "DISPLAY_NAMES",
    "Fragment",
    "Article",
    "summary_sentences",
    "fragments",
    "is_spliced",
    "is_cut_off",
    "unsupported_share",
    "misplaced_numbers",
    "score_document",
    "sentence_judgements",
    "agreement",
]

MIN_FRAGMENT = 3
MAX_SKIP = 10
MEASURES = ("spliced_sentences", "has_spliced", "cut_off", "unsupported_words", "fragments", "misplaced_numbers")
DISPLAY_NAMES = {"spliced_sentences": "spliced %", "has_spliced": "w/ splice %", "cut_off": "cut off %",
                 "unsupported_words": "novel words %", "fragments": "fragments %",
                 "misplaced_numbers": "misplaced numbers %"}

# clause boundaries; not "-", which the normal form splits out of words ("20 - year - old")
_PUNCTUATION = frozenset([",", ";", ":", ".", "!", "?", "\u2013", "\u2014", "--", '"', "'", "(", ")", "[", "]"])
_OPENING_BRACKETS = frozenset(["(", "["])
_CLOSING_BRACKETS = frozenset([")", "]"])


@dataclass(frozen=True)
class Fragment:
    start: int  # first summary token of the sentence
    length: int
    source: int  # first article token


class Article:
    """An article's tokens, where each sentence starts, and an index from token to positions."""

    def __init__(self, normalized: str):
        self.sentences = text.split_sentences(normalized)
        self.tokens: List[str] = []
        self.sentence_starts: List[int] = []
        for sentence in self.sentences:
            self.sentence_starts.append(len(self.tokens))
            self.tokens.extend(_shown(sentence))
        self.positions: Dict[str, List[int]] = defaultdict(list)
        for i, token in enumerate(self.tokens):
            self.positions[token].append(i)
        # bare[i]: the tokens before position i that are not inside a bracket (nor one of its marks)
        self.bare = [0]
        depth = 0
        starts = frozenset(self.sentence_starts)
        for i, token in enumerate(self.tokens):
            if i in starts:
                depth = 0  # a bracket never reaches past its sentence
            depth += token in _OPENING_BRACKETS
            self.bare.append(self.bare[-1] + (depth == 0))
            depth = max(0, depth - (token in _CLOSING_BRACKETS))

    def skipped(self, start: int, end: int) -> int:
        """The article tokens in ``[start, end)`` outside brackets: what a summary that goes on at
        ``end`` leaves out, a parenthesis or a citation left out whole not counted."""
        return self.bare[end] - self.bare[start]

    @functools.cached_property
    def sentence_words(self) -> List[Tuple[frozenset, frozenset]]:
        """Per sentence: its content words (stemmed, stop words out) and its tokens."""
        return [(_content_words(sentence), frozenset(sentence.split())) for sentence in self.sentences]

    def rewritten_sentence(self, sentence: str) -> int:
        """The index of the article sentence that shares the most content words with ``sentence``;
        on a tie the one sharing more of its tokens (numbers included: a copied sentence is its own
        source even where another sentence says the same with other numbers), then the first. The
        article has at least one sentence."""
        content, tokens = _content_words(sentence), frozenset(sentence.split())
        overlaps = [(len(content & words), len(tokens & all_tokens)) for words, all_tokens in self.sentence_words]
        return max(range(len(overlaps)), key=overlaps.__getitem__)

    def sentence_of(self, position: int) -> int:
        return bisect_right(self.sentence_starts, position) - 1

    def starts_clause(self, position: int) -> bool:
        return position == 0 or self.sentence_of(position) != self.sentence_of(position - 1) \
            or self.tokens[position - 1] in _PUNCTUATION

    def ends_clause(self, end: int) -> bool:
        """``end``: one past the last token of a fragment."""
        return end >= len(self.tokens) or self.sentence_of(end) != self.sentence_of(end - 1) \
            or self.tokens[end] in _PUNCTUATION


def _shown(sentence: str) -> List[str]:
    """A sentence's tokens as a reader sees them: a masked paper's ``<cit>`` is never shown (``readable``
    drops it, ``text.pointers`` leaves it out), so it neither joins nor parts two fragments."""
    return [token for token in sentence.split() if token not in DROPPED_TOKENS]


def summary_sentences(summary_line: str) -> List[str]:
    """A summary line's sentences: split on ``<n>``, then each part with text.split_sentences
    (a part may hold two sentences a reader sees as two)."""
    return [s for part in text.unjoin(summary_line) for s in text.split_sentences(part)]


def fragments(article: Article, tokens: Sequence[str], min_fragment: int = MIN_FRAGMENT) -> List[Fragment]:
    """Greedy longest-match extractive fragments of a tokenized summary sentence."""
    out: List[Fragment] = []
    i, previous_end = 0, 0
    while i < len(tokens):
        best_length, best_source = 0, None
        for p in article.positions.get(tokens[i], ()):
            length = 1
            while (i + length < len(tokens) and p + length < len(article.tokens)
                   and article.tokens[p + length] == tokens[i + length]):
                length += 1
            # longest first; among equals, the occurrence nearest the previous fragment's end
            if length > best_length or (length == best_length and abs(p - previous_end) < abs(best_source - previous_end)):
                best_length, best_source = length, p
        if best_length >= min_fragment:
            out.append(Fragment(i, best_length, best_source))
            previous_end = best_source + best_length
            i += best_length
        else:
            i += 1
    return out


def _apart(article: Article, a: Fragment, b: Fragment, max_skip: int) -> bool:
    a_end = a.source + a.length
    sa, sb = article.sentence_of(a_end - 1), article.sentence_of(b.source)
    if sa == sb:
        return not (0 <= b.source - a_end and article.skipped(a_end, b.source) <= max_skip)
    return abs(sa - sb) > 1


def is_spliced(article: Article, sentence: str, min_fragment: int = MIN_FRAGMENT, max_skip: int = MAX_SKIP) -> bool:
    """At least one junction of fragments from apart places of the article, joined mid-clause."""
    found = fragments(article, _shown(sentence), min_fragment)
    for a, b in zip(found, found[1:]):
        if _apart(article, a, b, max_skip):
            clean = article.ends_clause(a.source + a.length) and article.starts_clause(b.source)
            if not clean:
                return True
    return False


@functools.lru_cache(maxsize=1)
def _stop_words() -> frozenset:
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    # stemmed as ROUGE stems, so that a stop word's stem ("becaus") is recognised too
    return frozenset(ENGLISH_STOP_WORDS) | frozenset(t for w in ENGLISH_STOP_WORDS for t in rouge_tokens(w))


def _content_words(sentence: str) -> frozenset:
    # numbers left out: a misplaced number must not pull the match toward its own sentence
    stop = _stop_words()
    return frozenset(t for t in rouge_tokens(sentence) if t not in stop and not is_number(t))


def is_number(token: str) -> bool:
    return any(c.isdigit() for c in token)


def misplaced_numbers(article: Article, sentences: Sequence[str]) -> float:
    """Percent of the numbers of a summary's (normalized) sentences that the article sentence each
    rewrites (``Article.rewritten_sentence``) does not hold; 0 when the summary has no number."""
    numbers = misplaced = 0
    for sentence in sentences:
        found = [t for t in sentence.split() if is_number(t)]
        if not found:
            continue
        source_tokens = article.sentence_words[article.rewritten_sentence(sentence)][1] if article.sentences else frozenset()
        numbers += len(found)
        misplaced += sum(t not in source_tokens for t in found)
    return 100.0 * misplaced / numbers if numbers else 0.0


def unsupported_share(article: str, summary_line: str) -> float:
    """Percent of the summary's content words (stemmed ROUGE tokens, stop words left out) whose
    stem is not among the article's; 0 for a summary without content words."""
    stop = _stop_words()
    content = [t for t in rouge_tokens(summary_line.replace(text.SENTENCE_SEPARATOR, " ")) if t not in stop]
    if not content:
        return 0.0
    known = set(rouge_tokens(article))
    return 100.0 * sum(t not in known for t in content) / len(content)


def _written_out(document: Document) -> Dict[str, str]:
    """{short form: long form} of the abbreviations the document defines, both in the normal form:
    what text.abbreviations.spell_out writes out, as the summary line has it (a cased "odds ratio
    (OR)" too: read back, not written, so the common-word guard does not apply)."""
    return abbreviations.in_normal_form(document.defined_abbreviations, keep_common_words=True)


def _as_copied(defined: Dict[str, str], sentence: str) -> List[str]:
    """The forms of a summary sentence with each subset of its written-out abbreviations ("tumor
    necrosis factor ( tnf )") back as "tnf" (at most 4 of them; the sentence itself first). A
    sentence copied with its own definition reads whole in the first form, one that got a long
    form written out in another: either way the long form is the paper's own words, not a
    fragment spliced in from elsewhere."""
    present = {short: long for short, long in defined.items() if f"{long} ( {short} )" in sentence}
    forms = [sentence]
    for short, long in list(present.items())[:4]:
        forms += [abbreviations.contracted(form, {short: long}) for form in forms]
    return forms


def _spliced(source: "Article", forms: Sequence[str]) -> bool:
    return all(is_spliced(source, form) for form in forms)


def score_document(article: str, summary_line: str) -> Dict[str, float]:
    """The measures of one summary (see the module docstring); ``article`` raw or normalized (its
    ``text.Document`` is prepared here, as Lead-3's and the model's source are)."""
    document = Document.prepare(article)
    normalized = document.normalized
    source = Article(normalized)
    sentences = summary_sentences(summary_line)
    defined = _written_out(document)
    forms = [_as_copied(defined, s) for s in sentences]
    spliced = [_spliced(source, f) for f in forms]
    share = 100.0 * sum(spliced) / len(sentences) if sentences else 0.0
    fragments = 100.0 * sum(map(is_fragment, sentences)) / len(sentences) if sentences else 0.0
    return {"spliced_sentences": share, "has_spliced": 100.0 * any(spliced),
            "cut_off": 100.0 * is_cut_off(summary_line), "unsupported_words": unsupported_share(normalized, summary_line),
            "fragments": fragments, "misplaced_numbers": misplaced_numbers(source, [f[-1] for f in forms])}


def sentence_judgements(article: str, summary_line: str) -> List[Tuple[str, bool]]:
    """Each summary sentence with the splice verdict: for reading the measure beside a person's."""
    document = Document.prepare(article)
    source = Article(document.normalized)
    defined = _written_out(document)
    return [(s, _spliced(source, _as_copied(defined, s))) for s in summary_sentences(summary_line)]


def agreement(human: Sequence[bool], measure: Sequence[bool]) -> Dict[str, float]:
    """How well the splice verdicts agree with a person's labels of the same sentences: counts,
    accuracy, Cohen's kappa and the measure's precision and recall (scikit-learn's metrics)."""
    from sklearn import metrics

    if len(human) != len(measure) or not human:
        raise ValueError(f"need as many verdicts as labels, at least one (got {len(measure)} and {len(human)})")
    human, measure = [bool(x) for x in human], [bool(x) for x in measure]
    return {"n": len(human), "human_broken": sum(human), "measure_spliced": sum(measure),
            "both": sum(h and m for h, m in zip(human, measure)),
            "accuracy": metrics.accuracy_score(human, measure), "kappa": metrics.cohen_kappa_score(human, measure),
            "precision": metrics.precision_score(human, measure, zero_division=0.0),
            "recall": metrics.recall_score(human, measure, zero_division=0.0)}

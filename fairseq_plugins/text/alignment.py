"""Normalized text mapped back to the raw text it came from.

``normalize.normalize_text`` lowercases, splits tokens apart and makes quotes plain; a person wants
the article's own words back.  This module aligns the two character by character, so that

- ``raw_sentences(raw)`` gives each normalized sentence (``normalize.split_sentences``, the split
  Lead-3 and training use) together with the span of the raw text it came from, verbatim: case,
  spacing, curly quotes and all (Lead-3 in the app);
- ``cased_tokens(raw)`` gives the article's normalized tokens in the case the raw text writes
  them, with their sentence and position (the case evidence of ``readable.py``).

How: every raw character is cleaned on its own (``normalize.clean_character``: lower case, NFKC,
plain quotes), whitespace is dropped on both sides, and the two character strings are walked in
step.  They differ only in a few local places (``''`` became ``"``, ``&amp;`` became ``&``, a
line without final punctuation got a period, a garbage chunk was dropped); at a difference the
walk resynchronises on the nearest point where the next few characters agree again.  A
normalized character that has no raw counterpart maps to -1.
"""
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from . import normalize

__all__ = ["Alignment", "align", "sentence_offsets", "sentence_spans", "raw_sentences", "cased_tokens", "tokens_in_case", "CasedToken"]

_RESYNC = 6  # characters that must agree again after a difference
_RESYNC_SHORT = 3  # ... or, between two differences close together, this many
_NEAR = 16  # a difference this short on either side is searched exhaustively
_FAR = 20_000  # a dropped or inserted stretch is looked for this far ahead


@dataclass
class Alignment:
    """The normalized text, the raw text, and for each normalized character (spaces included)
    the index of the raw character it came from, or -1."""

    normalized: str
    raw: str
    to_raw: List[int]

    def raw_span(self, start: int, end: int) -> Optional[Tuple[int, int]]:
        """The raw [start, end) of the normalized characters [start, end); None if none of them
        has a raw counterpart."""
        mapped = [r for r in self.to_raw[start:end] if r >= 0]
        if not mapped:
            return None
        return min(mapped), max(mapped) + 1


def _cleaned_raw(raw: str) -> Tuple[str, List[int]]:
    """Raw text -> (its characters cleaned one by one, without whitespace; for each cleaned
    character the index of the raw character it came from)."""
    cache: Dict[str, str] = {}
    chars: List[str] = []
    origin: List[int] = []
    for i, ch in enumerate(raw):
        cleaned = cache.get(ch)
        if cleaned is None:
            cleaned = cache[ch] = normalize.clean_character(ch)
        for c in cleaned:
            chars.append(c)
            origin.append(i)
    return "".join(chars), origin


def _resync(a: str, i: int, b: str, j: int) -> Optional[Tuple[int, int]]:
    """The nearest (i', j') at or after (i, j) where `a` and `b` agree on the next `_RESYNC`
    characters: first every pair of short skips (then agreeing on fewer characters, for
    differences close together: ``''stop.''`` against ``"stop."``), then one long skip on either
    side."""
    for total in range(1, 2 * _NEAR + 1):
        for width in (_RESYNC, _RESYNC_SHORT):
            for di in range(max(0, total - _NEAR), min(total, _NEAR) + 1):
                dj = total - di
                if a[i + di:i + di + width] == b[j + dj:j + dj + width] and i + di < len(a):
                    return i + di, j + dj
    best = None
    window = a[i:i + _RESYNC]
    if len(window) == _RESYNC:
        found = b.find(window, j, j + _FAR)
        if found >= 0:
            best = (i, found)
    window = b[j:j + _RESYNC]
    if len(window) == _RESYNC:
        found = a.find(window, i, i + _FAR)
        if found >= 0 and (best is None or found - i < best[1] - j):
            best = (found, j)
    return best


def align(raw: str, normalized: Optional[str] = None) -> Alignment:
    """Align ``normalized`` (default: ``normalize.normalize_text(raw)``) with ``raw``."""
    raw = raw if isinstance(raw, str) else str(raw or "")
    if normalized is None:
        normalized = normalize.normalize_text(raw)
    b, origin = _cleaned_raw(raw)
    positions = [k for k, ch in enumerate(normalized) if ch != " "]
    a = "".join(normalized[k] for k in positions)
    to_raw = [-1] * len(normalized)
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            to_raw[positions[i]] = origin[j]
            i += 1
            j += 1
            continue
        jump = _resync(a, i, b, j)
        if jump is None:
            break  # nothing further agrees: the rest stays unmapped
        i, j = jump
    return Alignment(normalized, raw, to_raw)


def sentence_offsets(normalized: str) -> List[Tuple[str, int, int]]:
    """(sentence, start, end) character offsets of ``normalize.split_sentences`` in the normalized
    text (single-spaced, so the sentences follow each other one space apart)."""
    out = []
    start = 0
    for sentence in normalize.split_sentences(normalized):
        start = normalized.index(sentence, start)
        out.append((sentence, start, start + len(sentence)))
        start += len(sentence)
    return out


_STOPS = frozenset(".!?")
_CLOSERS = frozenset("\"')]}\u2019\u201d")


def sentence_spans(alignment: Alignment, k: Optional[int] = None) -> List[Tuple[str, Optional[Tuple[int, int]]]]:
    """(normalized sentence, the raw [start, end) it came from) for the sentences of an alignment's
    normalized text (``normalize.split_sentences``), the first ``k`` of them if given.

    A sentence's raw text runs from its first to its last aligned character, widened over the
    unaligned non-space characters next to it (a ``''`` that became ``"``) up to the neighbouring
    sentences, past its own stop only over closing quotes and brackets (what masking removed after a
    stop, "... after harvest.fig.", is no part of it); a sentence with no aligned character at all
    (never seen in practice) has None."""
    raw = alignment.raw
    offsets = sentence_offsets(alignment.normalized)
    if k is not None:
        offsets = offsets[:k + 1]  # one more: where the k-th sentence must stop
    spans = [alignment.raw_span(start, end) for _, start, end in offsets]
    out = []
    for n, (sentence, _, _) in enumerate(offsets[:k] if k is not None else offsets):
        span = spans[n]
        if span is None:
            out.append((sentence, None))
            continue
        low = next((s[1] for s in reversed(spans[:n]) if s), 0)
        high = next((s[0] for s in spans[n + 1:] if s), len(raw))
        start, end = span
        while start > low and not raw[start - 1].isspace():
            start -= 1
        while end < high and not raw[end].isspace() and (raw[end - 1] not in _STOPS or raw[end] in _CLOSERS):
            end += 1
        out.append((sentence, (start, end)))
    return out


def raw_sentences(raw: str, k: Optional[int] = None, normalized: Optional[str] = None) -> List[Tuple[str, str]]:
    """(normalized sentence, the raw text it came from, verbatim) for the article's sentences,
    the first ``k`` of them if given (``sentence_spans``; a sentence without a raw span is given
    in its normalized form).  The sentences are ``normalize.split_sentences(
    normalize.normalize_text(raw))``, so Lead-k picks the same ones as in training and evaluation.
    ``normalized``: ``normalize.normalize_text(raw)`` when the caller has it."""
    alignment = align(raw, normalized)
    return [(sentence, alignment.raw[span[0]:span[1]] if span else sentence)
            for sentence, span in sentence_spans(alignment, k)]


@dataclass(frozen=True)
class CasedToken:
    """A normalized token of the article as the raw text writes it."""

    token: str  # normalized (lower case)
    cased: str  # the raw text's case where the characters align, else the normalized character
    sentence: int  # index of its sentence
    position: int  # index of the token in its sentence


def cased_tokens(raw: str) -> List[CasedToken]:
    """The article's normalized tokens, each with the case the raw text gives it."""
    return tokens_in_case(align(raw))


def tokens_in_case(alignment: Alignment, raw_chars: Optional[int] = None) -> List[CasedToken]:
    """The normalized tokens of an alignment, each in the case its raw text writes it; with
    ``raw_chars``, only the sentences that start within the raw text's first ``raw_chars``
    characters."""
    raw = alignment.raw
    out: List[CasedToken] = []
    for n, (sentence, start, end) in enumerate(sentence_offsets(alignment.normalized)):
        if raw_chars is not None and len(raw) > raw_chars:
            span = alignment.raw_span(start, end)
            if span is not None and span[0] >= raw_chars:
                break
        offset = start
        for position, token in enumerate(sentence.split(" ")):
            chars = []
            for c, ch in enumerate(token):
                r = alignment.to_raw[offset + c]
                original = raw[r] if r >= 0 else ""
                chars.append(original if original.lower() == ch and original != ch else ch)
            out.append(CasedToken(token, "".join(chars), n, position))
            offset += len(token) + 1
    return out

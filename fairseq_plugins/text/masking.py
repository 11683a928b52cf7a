"""Masked numbers and citations: the SumPubMed form, and the way back to the article's numbers.

SumPubMed's authors (Gupta et al. 2021) replaced every number in a paper's body with ``<dig>``,
every citation with ``<cit>``, and removed other bracketed text.  A model trained on that form
writes ``<dig>`` where its summary needs a number, so the app has to

1. mask a person's paper the same way before the model reads it (``mask``), keeping the numbers
   it took out, in order of appearance; and
2. put the article's real numbers back into the summary (``restore``): an output ``<dig>`` is
   the number at the source ``<dig>`` the decoder attended to most at that step (the copy
   attention's alignment, See et al. 2017: a pointer-generator copies a token through exactly
   that attention), and an output ``<cit>`` is dropped (a summary cites nothing).

Masking rules (on raw text, before ``text.normalize_text``):

- a bracketed numeric citation (``[3]``, ``[4, 7-9]``) or a parenthesised author-year citation
  (``(Smith et al., 2005)``, ``(Lee and Park 2003; Ng 2010)``) becomes ``<cit>``;
- any other text in round or square brackets is removed, as in the data (nested brackets too);
- a figure's or table's name left after a sentence's stop (or a masked number) at the end of its
  line (``"... after harvest.fig."``, the data set's trace of a legend it moved to the next line) is
  removed;
- a number standing as a word of its own, or before a unit or sign (``42``, ``3.5``, ``1,200``,
  ``95%``, ``0.05``, ``2-fold``), becomes ``<dig>``; digits inside a word (``16S``, ``CD4``,
  ``IL-6``'s ``6`` after a hyphen stays too: ``il-6`` is a gene name, not a quantity) are kept.

Both symbols are sentencepiece user-defined symbols of such a model (one piece each), and
``text.normalize_text`` keeps them whole.  Masking is idempotent: masked text masks to itself.
"""
import re
from dataclasses import dataclass, field
from typing import List, Optional, Sequence

NUMBER = "<dig>"
CITATION = "<cit>"
SYMBOLS = (NUMBER, CITATION)
NUMBER_PLACEHOLDER = "[number]"  # an output <dig> with nothing to restore it from (no numbers read)

_YEAR = r"(?:19|20)\d\d[a-z]?"
# [3], [4, 7-9], [12–14; 20]
NUMERIC_CITATION_RE = re.compile(r"\[\s*\d+(?:\s*[-\u2013,;]\s*\d+)*\s*\]")
# (Smith et al., 2005), (Lee and Park 2003; Ng 2010), (see Smith, 2001): a year and a capitalised
# name or "et al", nothing nested
AUTHOR_YEAR_CITATION_RE = re.compile(
    r"\((?=[^()]*\b" + _YEAR + r"\b)(?=[^()]*(?:et al|[A-Z][A-Za-z'\u2019-]+))[^()]{0,300}\)"
)
_BRACKETED_RE = re.compile(r"\([^()]{0,400}\)|\[[^\[\]]{0,400}\]")
# A number: not glued to a letter or digit before it (nor to a hyphen after a letter: "IL-6"),
# digits with decimal or thousands separators, not followed by a letter or digit.
_NUMBER_RE = re.compile(r"(?<![\w.,])(?<![^\W\d_]-)\d+(?:[.,]\d+)*(?![\w])")
# what becomes the k-th <dig>: a number, or a <dig> already in the text (nothing to restore)
_NUMBER_OR_SYMBOL_RE = re.compile(re.escape(NUMBER) + "|" + _NUMBER_RE.pattern)
_SPACES_RE = re.compile(r"[ \t]+")
# "... were assessed after harvest.fig." (the legend's number and text open the next line): the name
# goes, the sentence's own stop stays; so after a masked number, whose stop the data set lost with it
# ("... the concerted action of pac- <dig> fig.")
FIGURE_NAME_AT_LINE_END_RE = re.compile(r"(?:(?<=\.)|(?<=" + re.escape(NUMBER) + r"))[ \t]*(?:figs?|figures?|tables?)[ \t]*\.?"
                                        r"(?=[ \t]*$)", re.IGNORECASE | re.MULTILINE)


@dataclass
class Masked:
    """Masked text and the numbers taken out of it, in order: ``numbers[k]`` is what the k-th
    ``<dig>`` of ``text`` stands for, None for a ``<dig>`` the raw text already held.
    ``origin[i]``: the index of the raw character that ``text[i]`` comes from (a symbol's first
    character maps to the start of what it replaced, its last to the end), so that a span of the
    masked text gives back the raw text it covers."""

    text: str
    numbers: List[Optional[str]] = field(default_factory=list)
    origin: List[int] = field(default_factory=list)


class _Tracked:
    """Text under substitution that remembers, for each character, where in the raw text it came
    from."""

    def __init__(self, raw: str):
        self.text = raw
        self.origin = list(range(len(raw)))

    def sub(self, pattern, replace) -> int:
        """``pattern.sub(replace, text)`` (``replace`` a string or a function of the match); the
        number of substitutions."""
        pieces, origin, position, count = [], [], 0, 0
        for match in pattern.finditer(self.text):
            start, end = match.span()
            pieces.append(self.text[position:start])
            origin.extend(self.origin[position:start])
            new = replace(match) if callable(replace) else replace
            pieces.append(new)
            if new:
                # the replacement's characters come from the start of what it replaced, its last
                # visible one from the end: a span of the masked text covers all of it
                replaced = [self.origin[start]] * len(new)
                visible = len(new.rstrip()) - 1
                if visible >= 0 and end > start:
                    replaced[visible] = self.origin[end - 1]
                origin.extend(replaced)
            position, count = end, count + 1
        if count:
            pieces.append(self.text[position:])
            origin.extend(self.origin[position:])
            self.text, self.origin = "".join(pieces), origin
        return count

    def tidy_lines(self) -> None:
        """Each line's runs of spaces and tabs made one space and the line stripped; lines joined
        by "\n" (``str.splitlines`` decides what a line is, as it did for the untracked form)."""
        self.sub(_SPACES_RE, " ")  # a run of spaces and tabs never crosses a line break
        pieces, origin, position = [], [], 0
        for line in self.text.splitlines(keepends=True):
            body = line.splitlines()[0]  # the line without its break
            start, end = len(body) - len(body.lstrip()), len(body.rstrip())
            if pieces:
                pieces.append("\n")
                origin.append(self.origin[position - 1])  # the line break before this line
            pieces.append(body[start:end])
            origin.extend(self.origin[position + start:position + end])
            position += len(line)
        self.text, self.origin = "".join(pieces), origin


def mask(raw: str) -> Masked:
    """Raw text -> the SumPubMed form (see the module docstring), its numbers, and where each of
    its characters comes from."""
    tracked = _Tracked(raw)
    tracked.sub(NUMERIC_CITATION_RE, f" {CITATION} ")
    tracked.sub(AUTHOR_YEAR_CITATION_RE, f" {CITATION} ")
    for _ in range(3):  # nested brackets, innermost first
        if not tracked.sub(_BRACKETED_RE, " "):
            break
    tracked.sub(FIGURE_NAME_AT_LINE_END_RE, "")
    numbers: List[Optional[str]] = []

    def take(match) -> str:
        numbers.append(None if match.group(0) == NUMBER else match.group(0))
        return f" {NUMBER} "

    tracked.sub(_NUMBER_OR_SYMBOL_RE, take)
    tracked.tidy_lines()
    return Masked(tracked.text, numbers, tracked.origin)


def join_symbols(tokens: Sequence[str]) -> List[str]:
    """Treebank tokens with ``<``, ``dig``, ``>`` (the tokenizer splits the symbols) joined back
    into ``<dig>`` (and ``<cit>``)."""
    names = {symbol[1:-1]: symbol for symbol in SYMBOLS}
    out: List[str] = []
    i, n = 0, len(tokens)
    while i < n:
        if tokens[i] == "<" and i + 2 < n and tokens[i + 2] == ">" and tokens[i + 1] in names:
            out.append(names[tokens[i + 1]])
            i += 3
        else:
            out.append(tokens[i])
            i += 1
    return out


def restore(pieces: Sequence[str], source_pieces: Sequence[str], numbers: Sequence[Optional[str]],
            attention=None) -> List[str]:
    """Output pieces with every ``<dig>`` replaced by an article number and every ``<cit>``
    dropped.

    ``source_pieces``: what the model read (its k-th ``<dig>`` stands for ``numbers[k]``, from
    ``mask``); ``attention``: the decoder's alignment, a tensor of source positions x output
    positions (fairseq's ``hypo["attention"]``), or None.  The number for output step t is the
    one at the source ``<dig>`` with the most attention at t; without attention, the source's
    numbers in turn.  Where nothing can be restored (the article had no numbers),
    ``NUMBER_PLACEHOLDER``."""
    digit_positions = [i for i, piece in enumerate(source_pieces) if piece == NUMBER]
    # source positions whose number is known, and that number
    usable = [(pos, numbers[k]) for k, pos in enumerate(digit_positions) if k < len(numbers) and numbers[k] is not None]
    usable_positions = [pos for pos, _ in usable]
    out: List[str] = []
    in_turn = 0
    for t, piece in enumerate(pieces):
        if piece == CITATION:
            continue
        if piece != NUMBER:
            out.append(piece)
        elif not usable:
            out.append(NUMBER_PLACEHOLDER)
        elif attention is not None and t < attention.shape[1]:
            weights = attention[usable_positions, t]  # (usable,)
            out.append(usable[int(weights.argmax())][1])
        else:
            out.append(usable[min(in_turn, len(usable) - 1)][1])
            in_turn += 1
    return out


def count_number_symbols(pieces: Sequence[str]) -> int:
    """How many ``<dig>`` a sequence of pieces (or tokens) holds."""
    return sum(1 for piece in pieces if piece == NUMBER)


# "8-cell" is masked as "<dig> -cell" (the symbol stands apart, as SumPubMed writes "<dig> -fold"),
# so a restored number comes back as "8 -cell"
_PADDED_HYPHEN_RE = re.compile(r"(?<=\d) -(?=[^\W\d_])")


def unpad(text: str) -> str:
    """Restored text with a number glued back to the hyphenated word after it ("8 -cell" ->
    "8-cell"), the one spacing that masking adds and a detokenizer cannot know about."""
    return _PADDED_HYPHEN_RE.sub("-", text)

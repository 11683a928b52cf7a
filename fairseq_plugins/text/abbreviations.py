"""Abbreviations a paper defines, spelled out where a summary first uses them.

A paper defines its abbreviations once ("tumor necrosis factor (TNF)") and then writes only the
short form. An extractive summary copies sentences from all over the paper, so it often uses
"TNF" without the sentence that defined it, and a reader is left guessing (blind readers counted
such undefined abbreviations among the dangling references). ``spell_out`` writes the long form
before the short one where the summary first uses it: "tumor necrosis factor (TNF)".

Finding the definitions (``definitions``) follows Schwartz & Hearst (2003), "A simple algorithm
for identifying abbreviation definitions in biomedical text":

- a short form is the text inside parentheses that follow a long form, "long form (SF)": at most
  two words and ten characters, at least two characters, beginning with a letter or digit and
  holding a letter (a parenthesis cut at its first ";" or ",": "(TNF; see below)" -> "TNF");
- its long form is found in at most min(|SF| + 5, 2 |SF|) words before the parenthesis: the
  short form's letters and digits are matched right to left against the candidate's characters,
  the first one at the start of a word, and the long form begins at the word of that match;
- ours: a long form has at most one word more than its short form has letters and digits (on the
  Cohan-form PubMed valid papers the longer matches were wrong: "patients had acute dvt ( pe )").

Two guards keep a summary's words from being mistaken for an abbreviation: a use is the short form
as a whole word written as the definition writes it (case-sensitive: "OR" is an odds ratio, "or"
is not), and a short form with no upper-case letter that is also a common English word ("or",
"as", "all": sumy's English stop words) is never used, since in a lower-cased text (the Cohan-form
PubMed data) "odds ratio ( or )" would otherwise make every "or" an odds ratio. The first
definition of a short form wins. A long form that opened its sentence loses that capital
("Tumor necrosis factor (TNF) is ..."), and gets one where it opens a summary's sentence.
"""
import functools
import re
from typing import Dict, List, Sequence

__all__ = ["definitions", "in_normal_form", "spell_out", "contracted", "common_words"]

# "( SF )": a parenthesis without nested ones; the text before it is searched for the long form
_PARENTHESIS = re.compile(r"\(([^()]*)\)")
# where a long form cannot reach back across: the end of a sentence, a clause or another parenthesis
_LONG_FORM_BARRIER = re.compile(r"[.;:()\[\]]")


@functools.lru_cache(maxsize=1)
def common_words() -> frozenset:
    """English stop words (sumy's list): words no abbreviation and no author's name is taken for."""
    from sumy.utils import get_stop_words

    return frozenset(get_stop_words("english"))


def _short_form(inside: str):
    """The short form a parenthesis holds, or None (the conditions of the module docstring)."""
    short = re.split(r"[;,]", inside, maxsplit=1)[0].strip()
    if not 2 <= len(short) <= 10 or len(short.split()) > 2:
        return None
    if not short[0].isalnum() or not any(c.isalpha() for c in short):
        return None
    if not any(c.isupper() for c in short) and short.lower() in common_words():
        return None
    return short


def _long_form(short: str, candidate: str):
    """The shortest end of ``candidate`` whose characters hold the short form's letters and digits
    in order, the first at the start of a word (Schwartz & Hearst's match); None if there is none."""
    s, c = len(short) - 1, len(candidate) - 1
    while s >= 0:
        char = short[s].lower()
        if not char.isalnum():
            s -= 1
            continue
        # the short form's first character must begin a word of the long form
        while c >= 0 and (candidate[c].lower() != char or (s == 0 and c > 0 and candidate[c - 1].isalnum())):
            c -= 1
        if c < 0:
            return None
        c -= 1
        s -= 1
    start = candidate.rfind(" ", 0, c + 1) + 1  # the beginning of the word the first match is in
    return candidate[start:].strip()


def definitions(text: str) -> Dict[str, str]:
    """{short form: long form} for every "long form (SF)" in ``text``, the long form's words joined
    by one space (a pasted PDF breaks lines inside them); the first definition of a short form wins."""
    found: Dict[str, str] = {}
    for match in _PARENTHESIS.finditer(text):
        short = _short_form(match.group(1))
        if short is None or short in found:
            continue
        before = text[:match.start()]
        barrier = max((m.end() for m in _LONG_FORM_BARRIER.finditer(before, max(0, len(before) - 300))), default=0)
        words = list(re.finditer(r"\S+", before[barrier:]))[-min(len(short) + 5, 2 * len(short)):]
        long = _long_form(short, " ".join(word.group() for word in words))
        if not long or len(long) <= len(short) or short.lower() in long.lower().split():
            continue
        if sum(any(c.isalnum() for c in word) for word in long.split()) > sum(c.isalnum() for c in short) + 1:
            continue  # "patients had acute dvt ( pe )": more words than the short form has letters, and one
        first = words[-len(long.split())]  # the long form's first word
        preceding = before[:barrier + first.start()].rstrip(" \t\"'")
        opens_sentence = not preceding or preceding.endswith(("\n", ".", "!", "?"))
        if opens_sentence and first.group()[:1].isupper() and first.group()[1:].islower():
            long = long[0].lower() + long[1:]  # "Tumor necrosis factor (TNF) is ...": the sentence's capital
        found[short] = long
    return found


def _use(short: str) -> "re.Pattern":
    """The short form as a whole word, written as its definition writes it."""
    return re.compile(r"(?<![\w-])" + re.escape(short) + r"(?![\w-])")


def in_normal_form(defined: Dict[str, str], keep_common_words: bool = False) -> Dict[str, str]:
    """``definitions`` as the normal form (lower-cased tokens, text.normalize) writes them, for a
    summary in that form (a sentence rewriter's); a short form that is a common word there ("OR" ->
    "or") is left out, since without case a use of it cannot be told from the word, unless
    ``keep_common_words`` (reading back what a cased summary wrote out: "odds ratio ( or )")."""
    from .normalize import normalize_text

    out = {}
    for short, long in defined.items():
        normal_short = normalize_text(short, end_lines=False)
        if normal_short and (keep_common_words or normal_short not in common_words()):
            out[normal_short] = normalize_text(long, end_lines=False)
    return out


def spell_out(sentences: Sequence[str], defined: Dict[str, str], normal_form: bool = False) -> List[str]:
    """``sentences`` (a summary, in order) with each defined short form's first use written as
    "long form (SF)", unless the sentence of that first use defines it itself (holds "(SF)");
    ``normal_form``: sentences and ``defined`` in the normal form (``in_normal_form``), written
    "long form ( sf )" and never capitalized."""
    out = list(sentences)
    for short, long in defined.items():
        use = _use(short)
        for i, sentence in enumerate(out):
            first = use.search(sentence)
            if first is None:
                continue
            if not re.search(r"\(\s*" + re.escape(short) + r"\s*[;,)]", sentence):
                before, after = sentence[:first.start()], sentence[first.end():]
                if normal_form:
                    out[i] = f"{before}{long} ( {short} ){after}"
                else:
                    written = long[0].upper() + long[1:] if not before.strip(" \"'") else long
                    out[i] = f"{before}{written} ({short}){after}"
            break
    return out


def contracted(sentence: str, defined: Dict[str, str]) -> str:
    """``sentence`` with every "long form ( SF )" of ``defined`` back to "SF" (the sentence as the
    paper wrote it, before ``spell_out``; spacing as normalized text has it): what the readability
    measures read, which would otherwise take a written-out long form for a fragment spliced in
    from another place (fairseq_plugins/evaluation/faithfulness.py)."""
    for short, long in defined.items():
        sentence = re.sub(re.escape(long) + r"\s*\(\s*" + re.escape(short) + r"\s*\)", short, sentence)
    return sentence

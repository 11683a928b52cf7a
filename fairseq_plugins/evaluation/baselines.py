"""The field's unsupervised extractive baselines, and summaries of a given length in words.

The long-document papers report LexRank (Erkan & Radev 2004), TextRank (Mihalcea & Tarau 2004),
LSA (Steinberger & Jezek 2004) and SumBasic (Nenkova & Vanderwende 2005) beside lead-k and the
oracle (Cohan et al. 2018; Xiao & Carenini 2019).  Here they rank the sentences of the same
``text.Document`` that Lead-k and our extractive models choose from, with sumy's own
implementations (``text/centrality.py``: the ranking is sumy's).

Length.  Systems are compared at equal length: every extractive system takes either ``k``
sentences or, with ``words``, sentences in its own order of preference while they fit in
``words`` words (``within``, which is ``text.extraction.choose_in_order``: a sentence that would
overflow the budget is passed over and the next one tried; the first choice is always taken, so
no summary is empty); our extractive models choose by the same rule.  A word is a token with a
letter or a digit in it (``word_count``): what a reader counts, punctuation left out.
"""
from typing import Optional, Sequence

from ..text import Document
from ..text.centrality import RANKERS, sumy_document, sumy_ranking, sumy_summarizer  # noqa: F401
from ..text.extraction import choose_in_order as within, word_count

__all__ = ["RANKERS", "word_count", "within", "sumy_ranking", "baseline_summary", "lead_within"]


def _line(sentences: Sequence[str], chosen: Sequence[int]) -> str:
    from .harness import SEPARATOR

    return SEPARATOR.join(sentences[i] for i in chosen)


def baseline_summary(name: str, article: str, k: Optional[int] = None, words: Optional[int] = None) -> str:
    """One summary line (sentences joined by " <n> ") of sumy's ``name`` baseline."""
    sentences = Document.prepare(article).sentences
    if not sentences:
        return ""
    return _line(sentences, within(sumy_ranking(name, sentences), sentences, k, words))


def lead_within(article: str, words: int) -> str:
    """Lead-k at a length in words: the first sentences that fit in ``words`` (``within``)."""
    sentences = Document.prepare(article).sentences
    if not sentences:
        return ""
    return _line(sentences, within(range(len(sentences)), sentences, words=words))

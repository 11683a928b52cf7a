"""The field's unsupervised extractive baselines, and summaries of a given length in words.

The long-document papers report LexRank (Erkan & Radev 2004), TextRank (Mihalcea & Tarau 2004),
LSA (Steinberger & Jezek 2004) and SumBasic (Nenkova & Vanderwende 2005) beside lead-k and the
oracle (Cohan et al. 2018; Xiao & Carenini 2019).  Here they rank the sentences of the same
``text.Document`` that Lead-k and our extractive models choose from, with sumy's own
implementations (``RANKERS``; the ranking is sumy's, English Snowball stemming and sumy's English
stop words, as sumy's command line sets them): sumy only sees those sentences and their words, so
no sentence splitter of its own (NLTK's Punkt, which needs downloaded data) is involved.

Length.  Systems are compared at equal length: every extractive system takes either ``k``
sentences or, with ``words``, sentences in its own order of preference while they fit in
``words`` words (``within``, which is ``text.extraction.choose_in_order``: a sentence that would
overflow the budget is passed over and the next one tried; the first choice is always taken, so
no summary is empty); our extractive models choose by the same rule.  A word is a token with a
letter or a digit in it (``word_count``): what a reader counts, punctuation left out.
"""
from typing import Callable, Dict, List, Optional, Sequence

from ..text import Document
from ..text.extraction import choose_in_order as within, word_count

__all__ = ["RANKERS", "word_count", "within", "sumy_ranking", "baseline_summary", "lead_within"]


def _rankers() -> Dict[str, Callable]:
    from sumy.summarizers.lex_rank import LexRankSummarizer
    from sumy.summarizers.lsa import LsaSummarizer
    from sumy.summarizers.sum_basic import SumBasicSummarizer
    from sumy.summarizers.text_rank import TextRankSummarizer

    return {"lexrank": LexRankSummarizer, "textrank": TextRankSummarizer, "lsa": LsaSummarizer,
            "sumbasic": SumBasicSummarizer}


# the names `evaluate.py generate --system NAME` takes; sumy is imported when one is used
RANKERS = ("lexrank", "textrank", "lsa", "sumbasic")


class _Words:
    """sumy's tokenizer interface over a normalized sentence: its words, punctuation left out."""

    @staticmethod
    def to_words(sentence: str) -> List[str]:
        return [token for token in sentence.split() if any(ch.isalnum() for ch in token)]


def sumy_document(sentences: Sequence[str]):
    """The sentences as sumy's document model (one paragraph)."""
    from sumy.models.dom import ObjectDocumentModel, Paragraph, Sentence

    return ObjectDocumentModel([Paragraph([Sentence(sentence, _Words()) for sentence in sentences])])


def sumy_summarizer(name: str):
    """sumy's summarizer ``name`` (``RANKERS``), with English stemming and stop words."""
    from sumy.nlp.stemmers import Stemmer
    from sumy.utils import get_stop_words

    if name not in RANKERS:
        raise ValueError(f"unknown baseline {name!r}; known: {', '.join(RANKERS)}")
    summarizer = _rankers()[name](Stemmer("english"))
    summarizer.stop_words = get_stop_words("english")
    return summarizer


def sumy_ranking(name: str, sentences: Sequence[str]) -> List[int]:
    """The sentences' indices, best first, as sumy's ``name`` rates them (ties in document order,
    as sumy sorts them)."""
    if not sentences:
        return []
    order: List[int] = []

    def keep_order(infos):  # sumy hands its count the sentences sorted by rating, best first
        order.extend(info.order for info in infos)
        return infos

    sumy_summarizer(name)(sumy_document(sentences), keep_order)
    return order


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

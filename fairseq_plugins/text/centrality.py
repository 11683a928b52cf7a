"""Sentence centrality: how the unsupervised summarizers rank a document's sentences.

LexRank (Erkan & Radev 2004), TextRank (Mihalcea & Tarau 2004), LSA (Steinberger & Jezek 2004)
and SumBasic (Nenkova & Vanderwende 2005), with sumy's own implementations (English Snowball
stemming and sumy's English stop words, as sumy's command line sets them).  sumy sees only the
sentences given to it and their words, so no sentence splitter of its own (NLTK's Punkt, which
needs downloaded data) is involved: the sentences are a ``text.Document``'s, the same ones Lead-k
and our extractive models choose from.

The evaluation harness runs them as baselines (``evaluation.baseline_summary``); the papers chooser
fuses LexRank's ranking with its model's (``extraction.Selection``).
"""
import importlib
from typing import List, Sequence

__all__ = ["RANKERS", "sumy_document", "sumy_summarizer", "sumy_ranking"]

# name -> (sumy module, summarizer class); sumy is imported when one is used
_SUMMARIZERS = {
    "lexrank": ("sumy.summarizers.lex_rank", "LexRankSummarizer"),
    "textrank": ("sumy.summarizers.text_rank", "TextRankSummarizer"),
    "lsa": ("sumy.summarizers.lsa", "LsaSummarizer"),
    "sumbasic": ("sumy.summarizers.sum_basic", "SumBasicSummarizer"),
}
RANKERS = tuple(_SUMMARIZERS)


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

    if name not in _SUMMARIZERS:
        raise ValueError(f"unknown ranking {name!r}; known: {', '.join(RANKERS)}")
    module, cls = _SUMMARIZERS[name]
    summarizer = getattr(importlib.import_module(module), cls)(Stemmer("english"))
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

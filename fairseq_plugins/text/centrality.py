"""Sentence centrality: how the unsupervised summarizers rank a document's sentences.

LexRank (Erkan & Radev 2004), TextRank (Mihalcea & Tarau 2004), LSA (Steinberger & Jezek 2004)
and SumBasic (Nenkova & Vanderwende 2005), with sumy's own implementations (English Snowball
stemming and sumy's English stop words, as sumy's command line sets them).  sumy sees only the
sentences given to it and their words, so no sentence splitter of its own (NLTK's Punkt, which
needs downloaded data) is involved: the sentences are a ``text.Document``'s, the same ones Lead-k
and our extractive models choose from.

The evaluation harness runs them as baselines (``evaluation.baseline_summary``); the papers chooser
fuses its model's ranking with centrality rankings (``extraction.Selection`` through
``centrality_rankings``): sumy's LexRank on arrays, and the weighted degree of the same tf-idf
similarity graph. sumy compares every pair of sentences in Python (0.7-1.1 s for a
6,000-word paper of 240-290 sentences on one core); the same equations as matrix products take
a few hundredths of that, and give sumy's scores (tests/test_extractive_baselines.py holds them to
sumy's own on real papers).
"""
import importlib
from typing import Dict, List, Optional, Sequence

import numpy as np

__all__ = ["RANKERS", "CENTRALITIES", "sumy_document", "sumy_summarizer", "sumy_ranking", "tfidf_cosine", "lexrank_scores",
           "lexrank_ranking", "degree_scores", "centrality_rankings"]

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


def _sumy_terms(sentences: Sequence[str]) -> List[List[str]]:
    """Each sentence's terms as sumy's LexRank takes them: its words lower-cased, stop words
    left out, Snowball-stemmed (each distinct word stemmed once)."""
    summarizer = sumy_summarizer("lexrank")
    stems: Dict[str, str] = {}

    def stem(word: str) -> str:
        if word not in stems:
            stems[word] = summarizer.stem_word(word)
        return stems[word]

    return [[stem(word) for word in map(summarizer.normalize_word, _Words.to_words(sentence))
             if word not in summarizer.stop_words] for sentence in sentences]


def tfidf_cosine(sentences: Sequence[str]) -> np.ndarray:
    """The cosine similarity of every pair of sentences' tf-idf vectors as sumy's LexRank weighs
    them, (n, n); 0 where a sentence has no term.  With c_st the count of term t in sentence s:

        tf_st  = c_st / max_t' c_st'          idf_t = log(n / (1 + |{s : c_st > 0}|))
        w_st   = tf_st idf_t                  cos_ss' = w_s . w_s' / (|w_s| |w_s'|)
    """
    n = len(sentences)
    terms = _sumy_terms(sentences)
    vocabulary: Dict[str, int] = {}
    rows, cols = [], []
    for s, sentence_terms in enumerate(terms):
        for term in sentence_terms:
            rows.append(s)
            cols.append(vocabulary.setdefault(term, len(vocabulary)))
    counts = np.zeros((n, len(vocabulary)))  # (n, V)
    np.add.at(counts, (rows, cols), 1.0)
    most = counts.max(axis=1, keepdims=True) if vocabulary else np.ones((n, 1))  # (n, 1)
    tf = counts / np.where(most > 0, most, 1.0)
    idf = np.log(n / (1.0 + (counts > 0).sum(axis=0)))  # (V,)
    weights = tf * idf  # (n, V)
    norms = np.sqrt((weights**2).sum(axis=1))  # (n,)
    safe = np.where(norms > 0, norms, 1.0)
    return (weights @ weights.T) / np.outer(safe, safe)  # (n, n); rows with a zero norm are 0 already


def lexrank_scores(sentences: Sequence[str], threshold: float = 0.1, epsilon: float = 0.1,
                   cosine: Optional[np.ndarray] = None) -> np.ndarray:
    """LexRank's centrality of each sentence (Erkan & Radev 2004, sec. 3.3, sumy's settings), (n,).
    Over ``tfidf_cosine`` (given as ``cosine`` when already computed):

        A_ss'  = [cos_ss' > threshold] / deg_s,   deg_s = sum_s' [cos_ss' > threshold] (1 if 0)
        p      <- A^T p / |A^T p|  from p = 1/n, until |p_next - p| <= epsilon
    """
    n = len(sentences)
    if n == 0:
        return np.zeros(0)
    cosine = tfidf_cosine(sentences) if cosine is None else cosine
    adjacency = (cosine > threshold).astype(float)
    degrees = adjacency.sum(axis=1, keepdims=True)
    adjacency /= np.where(degrees > 0, degrees, 1.0)
    p = np.full(n, 1.0 / n)
    change = 1.0
    while change > epsilon:  # sumy's power method, step for step
        following = adjacency.T @ p
        following /= np.linalg.norm(following)
        change = np.linalg.norm(following - p)
        p = following
    return p


def degree_scores(sentences: Sequence[str], cosine: Optional[np.ndarray] = None) -> np.ndarray:
    """Weighted degree centrality (Erkan & Radev 2004, sec. 3.1, with the similarities as edge
    weights instead of a threshold): each sentence's summed ``tfidf_cosine`` with every other
    sentence, (n,).  Unlike LexRank's stationary distribution it grows with how much of the
    document a sentence shares words with, so it prefers the long, content-dense sentences that
    restate a paper's aim and findings."""
    if len(sentences) == 0:
        return np.zeros(0)
    cosine = tfidf_cosine(sentences) if cosine is None else cosine
    return cosine.sum(axis=1) - np.diag(cosine)


# centralities by name (what extraction.Selection fuses): a function of (sentences, cosine=)
CENTRALITIES = {"lexrank": lexrank_scores, "degree": degree_scores}


def centrality_rankings(sentences: Sequence[str], names: Sequence[str]) -> Dict[str, List[int]]:
    """{name: the sentences' indices, best first, by that centrality (``CENTRALITIES``)}; the
    tf-idf similarities are computed once for all of them; ties in document order."""
    unknown = [name for name in names if name not in CENTRALITIES]
    if unknown:
        raise ValueError(f"unknown centrality {unknown[0]!r}; known: {', '.join(CENTRALITIES)}")
    if not names or not sentences:
        return {name: [] for name in names}
    cosine = tfidf_cosine(sentences)
    return {name: np.argsort(-CENTRALITIES[name](sentences, cosine=cosine), kind="stable").tolist() for name in names}


def lexrank_ranking(sentences: Sequence[str]) -> List[int]:
    """The sentences' indices, best first, by ``lexrank_scores`` (ties in document order, as
    ``sumy_ranking("lexrank", ...)`` gives them)."""
    return np.argsort(-lexrank_scores(sentences), kind="stable").tolist()

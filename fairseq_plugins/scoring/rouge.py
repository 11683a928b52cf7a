"""ROUGE for fairseq: ``fairseq-generate ... --scoring rouge`` prints

    Generate test with beam=4: ROUGE-1 40.12 | ROUGE-2 17.80 | ROUGE-L 30.01 | ROUGE-Lsum 36.50 (n=100)

F1 x 100, averaged over documents, computed with Google's ``rouge-score`` package (Porter
stemming on unless ``--rouge-no-stemmer``).  The pure functions (``rouge_scores``,
``score_document``, ``prepare_summary``, ``split_summary_sentences``) are for the evaluation
harness; ``rouge_scores`` keeps the per-document scores (for bootstrap confidence intervals).

Sentences.  ROUGE-Lsum is computed over sentences.  Summaries in this project mark sentence
boundaries with the token ``<n>`` (a sentencepiece user symbol; after ``--bpe sentencepiece``
decoding it can be glued to its neighbours, ``word .<n>next``) or with newlines.  Both are
boundaries; the markers are removed, so they never count as words in any metric.  A text with
neither is split with ``fairseq_plugins.text.split_sentences`` (or, if that is not available,
after standalone ``.``/``!``/``?`` tokens).  Each text is normalised to its sentences joined by
newlines, the form rouge-score expects for Lsum; the other metrics see the same words.
"""
import functools
import math
import re
from dataclasses import dataclass, field
from typing import Dict, List, Sequence

from fairseq.dataclass import FairseqDataclass
from fairseq.scoring import BaseScorer, register_scorer

from ..fixes import preserve_root_logging

ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
DISPLAY_NAMES = {"rouge1": "ROUGE-1", "rouge2": "ROUGE-2", "rougeL": "ROUGE-L",
                 "rougeLsum": "ROUGE-Lsum"}
SENTENCE_MARKER = "<n>"

_BOUNDARY_RE = re.compile(r"\s*(?:<n>|\n)\s*")


def _fallback_split(text: str) -> List[str]:
    """Split after standalone '.', '!' and '?' tokens."""
    sentences, current = [], []
    for token in text.split():
        current.append(token)
        if token in (".", "!", "?"):
            sentences.append(" ".join(current))
            current = []
    if current:
        sentences.append(" ".join(current))
    return sentences


def split_summary_sentences(text: str) -> List[str]:
    """The sentences of a summary, markers removed (see the module docstring)."""
    if SENTENCE_MARKER in text or "\n" in text:
        parts = _BOUNDARY_RE.split(text)
    else:
        try:
            from ..text.normalize import split_sentences
        except ImportError:
            split_sentences = _fallback_split
        parts = split_sentences(text)
    return [" ".join(part.split()) for part in parts if part.strip()]


def prepare_summary(text: str) -> str:
    """The text as rouge-score should see it: sentences joined by newlines, markers removed."""
    return "\n".join(split_summary_sentences(text))


_SCORERS = {}


def _rouge_scorer(use_stemmer: bool):
    if use_stemmer not in _SCORERS:
        with preserve_root_logging():  # absl's logging.info() would call basicConfig()
            from rouge_score import rouge_scorer

            _SCORERS[use_stemmer] = rouge_scorer.RougeScorer(
                list(ROUGE_TYPES), use_stemmer=use_stemmer
            )
    return _SCORERS[use_stemmer]


def score_document(reference: str, hypothesis: str, use_stemmer: bool = True) -> Dict[str, float]:
    """ROUGE F1 x 100 of one hypothesis against one reference, per ROUGE type."""
    scores = _rouge_scorer(use_stemmer).score(prepare_summary(reference),
                                               prepare_summary(hypothesis))
    return {rouge_type: scores[rouge_type].fmeasure * 100 for rouge_type in ROUGE_TYPES}


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else math.nan


def rouge_scores(references: Sequence[str], hypotheses: Sequence[str],
                 use_stemmer: bool = True) -> dict:
    """Corpus ROUGE.  Returns ``{"n": number of documents, "mean": {type: F1 x 100},
    "per_document": {type: [F1 x 100 of each document]}}`` for the types in ROUGE_TYPES.
    Means of an empty corpus are NaN."""
    if len(references) != len(hypotheses):
        raise ValueError(
            f"{len(references)} references but {len(hypotheses)} hypotheses"
        )
    per_document = {rouge_type: [] for rouge_type in ROUGE_TYPES}
    for reference, hypothesis in zip(references, hypotheses):
        for rouge_type, value in score_document(reference, hypothesis, use_stemmer).items():
            per_document[rouge_type].append(value)
    return {
        "n": len(references),
        "mean": {rouge_type: _mean(values) for rouge_type, values in per_document.items()},
        "per_document": per_document,
    }


def format_scores(result: dict) -> str:
    """``ROUGE-1 40.12 | ROUGE-2 17.80 | ROUGE-L 30.01 | ROUGE-Lsum 36.50 (n=100)``"""
    parts = [f"{DISPLAY_NAMES[t]} {result['mean'][t]:.2f}" for t in ROUGE_TYPES]
    return " | ".join(parts) + f" (n={result['n']})"


@dataclass
class RougeScorerConfig(FairseqDataclass):
    rouge_no_stemmer: bool = field(
        default=False, metadata={"help": "ROUGE without Porter stemming"}
    )


@register_scorer("rouge", dataclass=RougeScorerConfig)
class RougeScorer(BaseScorer):
    """fairseq scorer: collects (reference, hypothesis) strings, scores the corpus at the end."""

    def __init__(self, cfg):
        super().__init__(cfg)
        self.use_stemmer = not getattr(cfg, "rouge_no_stemmer", False)
        self._result = None

    def add_string(self, ref, pred):
        super().add_string(ref, pred)
        self._result = None

    def scores(self) -> dict:
        """``rouge_scores`` of everything added so far (cached until the next add_string)."""
        if self._result is None:
            self._result = rouge_scores(self.ref, self.pred, self.use_stemmer)
        return self._result

    def score(self) -> float:
        """ROUGE-2 F1 x 100 (the single number fairseq asks for; see ``scores()`` for all)."""
        return self.scores()["mean"]["rouge2"]

    def result_string(self) -> str:
        return format_scores(self.scores())


# ---------------------------------------------------------------------------------------------
# ROUGE's tokens, for the extractive oracle and the readability measures
# ---------------------------------------------------------------------------------------------


class _CachedStemmer:
    """rouge-score's Porter stemmer with a cache (the oracle stems every article word)."""

    def __init__(self):
        from nltk.stem import porter

        self._stem = functools.lru_cache(maxsize=200_000)(porter.PorterStemmer().stem)

    def stem(self, word: str) -> str:
        return self._stem(word)


@functools.lru_cache(maxsize=1)
def _stemmer():
    return _CachedStemmer()


def rouge_tokens(sentence: str) -> List[str]:
    """The tokens ROUGE compares (rouge-score's tokenizer, Porter stemming)."""
    from rouge_score import tokenize

    return tokenize.tokenize(sentence, _stemmer())

"""Where a masked paper's data set lost a sentence's stop with a number: a logistic model of the words around it.

SumPubMed masks every number with its stop when the two are glued ("... designated as psgg2. Mapping of the
gene set was performed ..." became "... designated as psgg <dig> mapping of gene set was performed ..."), so
two sentences run together at a ``<dig>``. The rules of ``normalize._lost_stop`` and
``predicates.runs_on_after_a_name`` take the places where the next words say so (a sentence adverb, "we", an
auxiliary after a few words); the rest look like a name's number inside a sentence ("tlr <dig> expression was
..."), and no word list tells them apart. So the words around each ``<dig>`` are weighed by a model:

    P(stop lost after the <dig> at j | sentence) = sigmoid(b + sum_{f in F(j)} w_f)

with F(j) binary features of the words on both sides (``features``: the two words before, the three after and their
pairs, their word classes and endings, whether the clause before and the one after each hold a finite verb, the
clause-opening word before the number, where the next auxiliary stands, how long each side is). The weights are a
logistic regression fitted by ``scripts/train_lost_stops.py`` on SumPubMed train papers, where the data set kept
some stops after a number: each sentence that ends on a number, joined to the sentence after it without its stop,
is a place where a stop was lost (positive), and every number inside a sentence is one where none was (negative;
the few run-ons among them are the noise the model averages over). A sentence whose highest P reaches the model
file's threshold may be two run together (``runs_on_at_a_number``), and a chooser passes it over
(``document.MASKED_LINE_TESTS``): a sentence a chooser does not take costs a summary little, two sentences run
together cost it a broken one.
"""
import functools
import json
import math
import os
from typing import Dict, List, Optional, Sequence

from .extraction import word_classes
from .masking import NUMBER
from .normalize import FINITE_WORDS, closes_fronted_phrase, ends_an_opening_subordinate_clause
from .predicates import FRONTED_CLAUSE_OPENINGS, has_predicate

MODEL_PATH = os.path.join(os.path.dirname(__file__), "lost_stops.json")
# the model file's key for the P from which a sentence may be two run together: 0.085 in the shipped file. Blind
# readers found about seven in ten of the held-out sentences from P = 0.2 broken and three in ten of those between
# 0.12 and 0.2; three in ten of a sample between 0.085 and 0.12 were run-ons too (one in twenty of all below 0.12),
# and a summary's sentence passed over costs it little where a broken one costs it a reader's trust
# (docs/rewriting.md)
THRESHOLD_KEY = "threshold"
START, END = "<s>", "</s>"
CLAUSE_BREAKS = frozenset({",", ";", ":"})
MAX_CLAUSE_WORDS = 15  # the words of the clause after the number that are read for its verb
MIN_TAIL_WORDS = 3  # a sentence after the number has at least this many words
# words that open a clause inside a sentence, whose verb comes after them
CLAUSE_OPENERS = frozenset({"that", "which", "who", "whom", "whose", "where", "when", "while", "whereas", "if",
                            "because", "although", "though", "since", "whether", "and", "but", "or", ","})


def _opens_a_clause(clause: Sequence[str]) -> bool:
    """Whether a clause that opens a sentence is a subordinate clause with its own verb ("since the models in stage
    <dig> are more similar ...", "as entry <dig> overlaps ...") or a purpose ("to determine if the population lacks
    snap- <dig> | we tested ..."), not a phrase ("as shown in figure <dig>", "in a mutant for bim <dig>"): a
    subordinator, "to", or "as" before anything but a participle."""
    first = clause[0]
    if first == "as":
        return len(clause) < 2 or not clause[1].endswith(("ed", "en", "wn"))
    return first in FRONTED_CLAUSE_OPENINGS or first in ("given", "to")


def past_a_fronted_phrase(sentence: Sequence[str]) -> bool:
    """Whether a sentence so far (ending in ``<dig>``) whose last clause ``normalize.closes_fronted_phrase`` reads as
    a fronted phrase (it opens with a preposition or an -ing form and has no comma) has gone past that phrase into its
    main clause: a finite verb stands in it (``FINITE_WORDS``: "remaining trees are found in the additional files
    <dig> and <dig> | used together with ... these results represent ..."), or a predicate between its first number,
    where such a phrase ends, and this one ("as shown in fig . <dig> all complemented irx <dig> plants exhibited
    thickened cell walls compared to irx <dig> | the majority of xylem vessels ..."). Read blind, both were counted
    two sentences run together. A clause a subordinator opens has a verb of its own (``_opens_a_clause``)."""
    commas = [k for k, t in enumerate(sentence) if t == ","]
    clause = sentence[commas[-1] + 1 if commas else 0:]
    if len(clause) < 3 or _opens_a_clause(clause):
        return False
    first_number = clause.index(NUMBER)
    return not FINITE_WORDS.isdisjoint(clause[1:-1]) or has_predicate(" ".join(clause[first_number + 1:-1]))


def _length_bucket(n: int) -> str:
    """A length on a log scale: 0, 1, 2-3, 4-7, 8-15, ..."""
    return str(int(math.log2(n)) + 1 if n else 0)


def _classes(word: str) -> str:
    return "+".join(sorted(word_classes(word))) or "?"


def features(tokens: Sequence[str], j: int) -> List[str]:
    """The binary features F(j) of a stop lost after the ``<dig>`` at ``tokens[j]`` (the module's equation)."""
    before, after = tokens[:j], [t for t in tokens[j + 1:] if t != "."] or [END]
    p1 = before[-1] if before else START
    p2 = before[-2] if len(before) > 1 else START
    n1 = after[0]
    n2 = after[1] if len(after) > 1 else END
    n3 = after[2] if len(after) > 2 else END
    # the clause before the number: from the last ";" or ":" (a list's commas are inside it)
    head_start = max((i + 1 for i, t in enumerate(before) if t in (";", ":")), default=0)
    head = before[head_start:]
    tail = []
    for t in after:
        if t in CLAUSE_BREAKS or len(tail) == MAX_CLAUSE_WORDS:
            break
        tail.append(t)
    # the clause the number ends: after the last word that opens a clause in the part before it ("we found that
    # tlr <dig> | expression was ..." ends no clause yet; "the genome contains ... psgg <dig> | mapping ..." does)
    opener_at = max((i for i, t in enumerate(head) if t in CLAUSE_OPENERS), default=-1)
    own_clause = head[opener_at + 1:]
    tail_verb_at = next((i for i, t in enumerate(tail) if t in FINITE_WORDS), None)
    head_verb = has_predicate(" ".join(head))
    own_verb = head_verb if opener_at < 0 else has_predicate(" ".join(own_clause))  # (no opener: the whole head)
    return [
        "opener=" + (head[opener_at] if opener_at >= 0 else START),
        "opener_dist=" + _length_bucket(len(own_clause)), "own_verb=" + str(own_verb),
        "tail_aux_at=" + ("none" if tail_verb_at is None else _length_bucket(tail_verb_at)),
        "p1=" + p1, "p2=" + p2, "p2p1=" + p2 + "_" + p1, "p1n1=" + p1 + "_" + n1,
        "n1=" + n1, "n2=" + n2, "n3=" + n3, "n1n2=" + n1 + "_" + n2,
        "p1c=" + _classes(p1), "n1c=" + _classes(n1), "n2c=" + _classes(n2),
        "p1s=" + p1[-3:], "n1s=" + n1[-3:],
        "head_verb=" + str(head_verb), "tail_verb=" + str(has_predicate(" ".join(tail))),
        "head_len=" + _length_bucket(len(head)), "tail_len=" + _length_bucket(len(after)),
        "comma_before=" + str("," in head),
    ]


class LostStopModel:
    """The logistic model of the module's equation: a bias and a weight per feature (absent: 0)."""

    def __init__(self, weights: Dict[str, float], bias: float, threshold: float):
        self.weights = weights
        self.bias = bias
        self.threshold = threshold

    @classmethod
    def load(cls, path: str = MODEL_PATH) -> "LostStopModel":
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        return cls(data["weights"], data["bias"], data[THRESHOLD_KEY])

    def save(self, path: str, **about) -> None:
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"bias": self.bias, THRESHOLD_KEY: self.threshold, **about,
                       "weights": dict(sorted(self.weights.items()))}, f, indent=0, ensure_ascii=False)
            f.write("\n")

    def probability(self, tokens: Sequence[str], j: int) -> float:
        """P(stop lost after the ``<dig>`` at ``tokens[j]``)."""
        z = self.bias + sum(self.weights.get(f, 0.0) for f in features(tokens, j))
        return 1.0 / (1.0 + math.exp(-z))

    @staticmethod
    def places(sentence: str) -> List[int]:
        """The positions of a sentence's numbers after which a stop may have been lost: those with at least
        ``MIN_TAIL_WORDS`` words after them, not at its start, and not where a fronted phrase ends ("in a
        mutant for bim <dig> | this delay is abolished": ``normalize.closes_fronted_phrase``), unless its main
        clause has begun before the number (``past_a_fronted_phrase``), and not where an opening subordinate clause
        ends ("if we focus on a position , for example i + <dig> | we can see ...":
        ``normalize.ends_an_opening_subordinate_clause``)."""
        tokens = sentence.split()
        body = len(tokens) - 1 if tokens and tokens[-1] == "." else len(tokens)
        return [j for j in range(1, body - MIN_TAIL_WORDS)
                if tokens[j] == NUMBER and not ends_an_opening_subordinate_clause(tokens[:j + 1], tokens[j + 1:])
                and (not closes_fronted_phrase(tokens[:j + 1]) or past_a_fronted_phrase(tokens[:j + 1]))]

    def highest(self, sentence: str) -> Optional[float]:
        """The highest P over the sentence's places (None: it has none)."""
        tokens = sentence.split()
        return max((self.probability(tokens, j) for j in self.places(sentence)), default=None)


@functools.lru_cache(maxsize=1)
def shipped_model() -> LostStopModel:
    """The model the package ships (``MODEL_PATH``), loaded once."""
    return LostStopModel.load()


def runs_on_at_a_number(sentence: str) -> bool:
    """Whether a masked paper's sentence in the normal form may be two that the data set ran together where it
    lost a stop with a number: the shipped model's P reaches its threshold at one of its numbers."""
    model = shipped_model()
    highest = model.highest(sentence)
    return highest is not None and highest >= model.threshold

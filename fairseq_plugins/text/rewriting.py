"""Training pairs for sentence rewriting: which source sentence each reference summary sentence
rewrites (Chen & Bansal 2018, "Fast Abstractive Summarization with Reinforce-Selected Sentence
Rewriting", sec. 3.1; Bao & Zhang 2021, contextualized rewriting).

For a reference sentence r and a source sentence s, with ROUGE's tokens (rouge-score's tokenizer
and Porter stemmer) and recall taken against r (how much of r the source sentence holds):

    score(r, s) = ( R-1 recall + R-2 recall + R-L recall ) / 3
    match(r)    = argmax_s score(r, s)            (the earliest source sentence among equals)

A reference sentence whose best score is below ``min_score`` rewrites nothing the source says in
one sentence (a conclusion drawn across the paper, a sentence of the abstract's own): it is
``unmatched`` and left out of the rewriting target. The target is the matched reference sentences
in the order of their source sentences (so the decoder writes summary sentence k from the k-th
chosen source sentence, in document order); one source sentence may be matched by two reference
sentences (``repeated_sources``), and both stay, the earlier reference sentence first.

Only the source sentences that could win are scored in full: R-2 and R-L recall are never above
R-1 recall, so score(r, s) <= R-1 recall(r, s), and once the sentences are taken by falling R-1
recall, the search stops at the first whose R-1 recall is below the best score found. The result
is the exhaustive search's (the tests hold it to rouge-score on every pair of real documents).
"""
import functools
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from ..scoring.rouge import rouge_tokens

__all__ = ["SentenceMatch", "RewritePairs", "match_sentences", "MatchCounts", "CHOSEN_MARK", "MarkedSource",
           "mark_source", "read_and_choose", "choose_and_mark", "split_segments", "sentence_numbers",
           "restore_segments", "Rewritten", "rewritten",
           "RewriteExample", "make_example"]

# reference sentences whose best source sentence scores below this rewrite nothing in one sentence
MIN_SCORE = 0.25


class _Pretokenized:
    """rouge-score's tokenizer interface over text that rouge_tokens has tokenized and stemmed."""

    @staticmethod
    def tokenize(text: str) -> List[str]:
        return text.split()


def _scorer():
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"], tokenizer=_Pretokenized())


@dataclass(frozen=True)
class SentenceMatch:
    reference: int  # index into the reference sentences
    source: int  # index into the source sentences: the one it rewrites
    score: float  # mean of and R-L recall of the reference sentence against it
    tied: bool = False  # another source sentence scores the same; the earliest is taken


@dataclass
class RewritePairs:
    """One document's matches, in the order of the rewriting target (source order)."""

    matches: List[SentenceMatch]
    unmatched: List[int] = field(default_factory=list)  # reference sentences below min_score

    @property
    def sources(self) -> List[int]:
        """The chosen source sentences, one a matched reference sentence, in target order."""
        return [m.source for m in self.matches]

    @property
    def repeated_sources(self) -> List[int]:
        """Source sentences that more than one reference sentence rewrites."""
        return sorted(s for s, n in Counter(self.sources).items() if n > 1)


def recall_score(scorer, reference_tokens: str, source_tokens: str) -> float:
    """The mean of R-1, R-2 and R-L recall of a reference sentence against a source sentence,
    both as space-joined ROUGE tokens."""
    scores = scorer.score(reference_tokens, source_tokens)  # rouge-score's (target, prediction)
    return (scores["rouge1"].recall + scores["rouge2"].recall + scores["rougeL"].recall) / 3


def match_sentences(source: Sequence[str], reference: Sequence[str], min_score: float = MIN_SCORE) -> RewritePairs:
    """Each reference sentence matched to the source sentence it rewrites (module docstring)."""
    scorer = _scorer()
    source_tokens = [rouge_tokens(s) for s in source]
    source_counts = [Counter(tokens) for tokens in source_tokens]
    source_text = [" ".join(tokens) for tokens in source_tokens]
    matches, unmatched = [], []
    for r, sentence in enumerate(reference):
        tokens = rouge_tokens(sentence)
        counts = Counter(tokens)
        # R-1 recall of the reference sentence against each source sentence: the bound on its score
        unigram = [sum((counts & c).values()) / len(tokens) for c in source_counts] if tokens else []
        best, winners = 0.0, []
        for s in sorted(range(len(unigram)), key=lambda i: (-unigram[i], i)):
            if unigram[s] < best - 1e-12 or unigram[s] == 0.0:
                break  # neither this sentence nor any after it can reach the best score
            score = recall_score(scorer, " ".join(tokens), source_text[s])
            if score > best + 1e-12:
                best, winners = score, [s]
            elif abs(score - best) <= 1e-12:
                winners.append(s)
        if not winners or best < min_score:
            unmatched.append(r)
            continue
        matches.append(SentenceMatch(r, min(winners), best, tied=len(winners) > 1))
    matches.sort(key=lambda m: (m.source, m.reference))
    return RewritePairs(matches, unmatched)


@dataclass
class MatchCounts:
    """What a corpus's matching gave: reference sentences, matched, unmatched, tied, and source
    sentences matched twice or more."""

    documents: int = 0
    references: int = 0
    matched: int = 0
    unmatched: int = 0
    tied: int = 0
    repeated_sources: int = 0
    without_match: int = 0  # documents none of whose reference sentences matched

    def add(self, pairs: RewritePairs) -> None:
        self.documents += 1
        self.references += len(pairs.matches) + len(pairs.unmatched)
        self.matched += len(pairs.matches)
        self.unmatched += len(pairs.unmatched)
        self.tied += sum(m.tied for m in pairs.matches)
        self.repeated_sources += len(pairs.repeated_sources)
        self.without_match += not pairs.matches


# marks the first piece of a chosen sentence in a rewriting source: fairseq's begin-of-sentence
# symbol, in every dictionary and in no text, so a bundle's dictionary and embeddings serve as they are
CHOSEN_MARK = "<s>"


@dataclass
class MarkedSource:
    """What the rewriter reads of a document, and what the way back needs: ``line``, the pieces of
    the sentences read joined by ``<n>``, each chosen sentence led by ``CHOSEN_MARK`` (space-joined,
    without ``</s>``); ``chosen``, the chosen sentences (indices into the sentences read), in source
    order; ``spans[k]``, the positions ``[start, end)`` in ``line.split()`` of chosen sentence k, its
    mark included: the source that summary segment k rewrites."""

    line: str
    chosen: List[int]
    spans: List[Tuple[int, int]]
    sentences: int  # sentences read

    @property
    def pieces(self) -> List[str]:
        return self.line.split()

    @property
    def used_pieces(self) -> int:
        """The pieces of the document's own sentences read (``extraction.Source.used_pieces``): the
        line without its marks and separators."""
        return len(self.pieces) - len(self.chosen) - max(0, self.sentences - 1)


def mark_source(pieces: Sequence[Sequence[str]], chosen: Iterable[int]) -> MarkedSource:
    """The rewriter's source: the sentences' pieces (the sentences read, as ``extraction.read_source``
    gives them) joined by ``<n>``, each chosen sentence led by ``CHOSEN_MARK``; training data
    (``make_example``) and inference (evaluation.harness.RewritingSystem) both mark this way. The
    caller leaves room for the marks in its source limit (one a chosen sentence)."""
    chosen = sorted(set(chosen))
    if chosen and not 0 <= chosen[0] <= chosen[-1] < len(pieces):
        raise ValueError(f"chosen sentences {chosen} outside the {len(pieces)} sentences read")
    wanted = set(chosen)
    from . import normalize

    line: List[str] = []
    spans: List[Tuple[int, int]] = []
    for i, sentence in enumerate(pieces):
        if i:
            line.append(normalize.SENTENCE_SEPARATOR)
        start = len(line)
        if i in wanted:
            line.append(CHOSEN_MARK)
        line.extend(sentence)
        if i in wanted:
            spans.append((start, len(line)))
    return MarkedSource(" ".join(line), chosen, spans, len(pieces))


def read_and_choose(sp, sentences: Sequence[str], max_pieces: Optional[int],
                    choose: Callable[[int], Sequence[int]], room: int = 1) -> MarkedSource:
    """Inference's source: the leading whole sentences that fit in ``max_pieces`` with a mark for
    every chosen one, the chosen ones among them, marked (``mark_source``). ``choose(n)``: the
    sentences chosen among the first n (indices below n). The sentences read are those that fit in
    ``max_pieces`` minus the room kept for the marks (``room`` at first); when more are chosen than
    there is room for, the room grows to their number and they are chosen again among the fewer
    sentences that fit. Every chosen sentence is read whole (only a first sentence longer than the
    whole limit is cut, as ``extraction.read_source`` cuts it, leaving room for its mark)."""
    from .extraction import read_source

    room = max(0, room)
    while True:
        limit = None if max_pieces is None else max(1, max_pieces - room)
        read = read_source(sp, sentences, limit).pieces
        chosen = sorted(set(choose(len(read))))
        if max_pieces is None or len(chosen) <= room or room >= len(read):
            break
        room = len(chosen)  # strictly grows, to at most the number of sentences
    if max_pieces is not None and read and sum(map(len, read)) + len(read) - 1 + len(chosen) > max_pieces:
        read = [read[0][:max(1, max_pieces - len(chosen))], *read[1:]]  # a lone first sentence cut to the limit
    return mark_source(read, [i for i in chosen if i < len(read)])


def choose_and_mark(sp, document, max_pieces: Optional[int], scores: Sequence[float], selection) -> MarkedSource:
    """What the rewriter reads of a ``Document`` once an extractive chooser has scored the
    sentences it read (``scores``, the first ``len(scores)`` of ``document.sentences``):
    ``selection`` (``extraction.Selection``) chooses among the sentences both models read, passing
    over the document's headings, captions and cut sentences (``Selection.choose_in``), and they are
    marked (``read_and_choose``). The harness (evaluation.harness.RewritingSystem) and the app
    choose this one way."""
    def choose(n: int) -> List[int]:
        return selection.choose_in(document, scores[:min(n, len(scores))])

    return read_and_choose(sp, document.sentences, max_pieces, choose, room=selection.k or 1)


def split_segments(pieces: Sequence[str]) -> List[Tuple[int, int]]:
    """Output pieces -> ``[start, end)`` of each segment (the pieces between ``<n>``); an empty
    output has no segment, an output ending on ``<n>`` no empty last one."""
    from . import normalize

    bounds, start = [], 0
    for t, piece in enumerate(pieces):
        if piece == normalize.SENTENCE_SEPARATOR:
            bounds.append((start, t))
            start = t + 1
    if start < len(pieces):
        bounds.append((start, len(pieces)))
    return bounds


def sentence_numbers(marked: MarkedSource, numbers: Sequence[Optional[str]], k: int) -> List[Optional[str]]:
    """``numbers`` (what the j-th ``<dig>`` of the document stands for) with every number outside
    chosen sentence k made None, so that ``masking.restore`` takes only sentence k's numbers;
    all None when there is no chosen sentence k. A ``<dig>`` of sentence k whose number is not
    known (the text came masked, as SumPubMed's papers do) stands for itself: a rewrite gives it
    as the sentence writes it, as the extractive model does."""
    from .masking import NUMBER

    span = marked.spans[k] if 0 <= k < len(marked.spans) else (0, 0)
    digits = [pos for pos, piece in enumerate(marked.pieces) if piece == NUMBER]
    return [(numbers[j] if j < len(numbers) and numbers[j] is not None else NUMBER) if span[0] <= pos < span[1] else None
            for j, pos in enumerate(digits)]


def restore_segments(output: Sequence[str], marked: MarkedSource, numbers: Optional[Sequence[Optional[str]]],
                     attention=None) -> List[List[str]]:
    """The rewriter's output pieces -> one list of pieces a segment, numbers put back sentence by
    sentence: a ``<dig>`` written in segment k becomes a number of chosen sentence k alone
    (``masking.restore`` with the other sentences' numbers hidden, ``sentence_numbers``, and the
    attention columns of segment k's steps), or ``masking.NUMBER_PLACEHOLDER`` where sentence k has
    no number (or there is no chosen sentence k). ``numbers`` None: a document without masked
    numbers, its segments as written. ``attention``: source positions x output positions."""
    from . import masking

    segments = []
    for k, (start, end) in enumerate(split_segments(output)):
        pieces = list(output[start:end])
        if numbers is not None:
            columns = None if attention is None else attention[:, start:end]
            pieces = masking.restore(pieces, marked.pieces, sentence_numbers(marked, numbers, k), columns)
        segments.append(pieces)
    return segments


@dataclass
class RewriteExample:
    """One document's rewriting pair: ``source``, the pieces of the sentences read, joined by
    ``<n>``, each chosen sentence led by ``CHOSEN_MARK``; ``target``, one segment a chosen sentence,
    in source order, joined by ``<n>``: the reference sentences that rewrite it (two or more
    joined where they rewrite the same one). ``pairs`` is the matching over the sentences read."""

    source: str
    target: str
    pairs: RewritePairs
    sentences: int  # sentences read
    dropped_sentences: int  # left out whole by the source limit

    @property
    def chosen(self) -> List[int]:
        return sorted(set(self.pairs.sources))


def make_example(sentences: Sequence[str], reference_sentences: Sequence[str], sp, max_pieces=None,
                 min_score: float = MIN_SCORE) -> RewriteExample:
    """The rewriting pair of one document (normalized sentences, masked as the model reads them)."""
    from . import normalize
    from .extraction import read_source

    sentences = [s for s in sentences if s.strip()]
    # room for a mark before each chosen sentence: at most one a reference sentence
    limit = None if max_pieces is None else max(1, max_pieces - len(reference_sentences))
    read = read_source(sp, sentences, limit).pieces
    pairs = match_sentences(sentences[:len(read)], reference_sentences, min_score)
    by_source: Dict[int, List[str]] = {}
    for match in pairs.matches:
        by_source.setdefault(match.source, []).append(reference_sentences[match.reference])
    source = mark_source(read, by_source).line
    separator = f" {normalize.SENTENCE_SEPARATOR} "
    target = separator.join(normalize.encode_pieces(sp, " ".join(by_source[i])) for i in sorted(by_source))
    return RewriteExample(source, target, pairs, len(read), len(sentences) - len(read))


@dataclass
class Rewritten:
    """A rewriter's output on its way back: ``sentences``, the normal-form sentences of the segments
    that rewrite a chosen sentence, numbers put back sentence by sentence (what ROUGE scores and
    ``Document.readable`` cases for a reader); ``segments``, the segments written (one a chosen
    sentence when the rewriter did as trained); ``chosen``, the chosen sentences."""
    sentences: List[str]
    segments: int
    chosen: int
    numbers_restored: int
    kept_verbatim: int = 0  # segments with a word their sentence does not hold, given as that sentence instead
    deletions_undone: int = 0  # segments in which the deletion rule put back words the rewriter had deleted

    @property
    def extra_segments(self) -> int:
        """Segments past the last chosen sentence: they rewrite nothing chosen and are left out."""
        return max(0, self.segments - self.chosen)

    @property
    def missing_segments(self) -> int:
        """Chosen sentences without a segment: not in the summary."""
        return max(0, self.chosen - self.segments)


def rewritten(document, output: Sequence[str], marked: MarkedSource, attention=None,
              skip: Iterable[str] = (CHOSEN_MARK,), deletions: str = "any", spell_out: bool = False,
              drop_pointers: bool = False) -> Rewritten:
    """A rewriter's output pieces (without ``</s>``) for ``document`` (a ``text.Document``, masked as
    the rewriter reads) -> its summary sentences: split into segments, the segments past the last
    chosen sentence left out, the pieces in ``skip`` (a mark the rewriter copied) dropped, and each
    segment read in the normal form of the sentence it rewrites (``document.sentences``, numbers
    still masked). A segment with a word its sentence does not hold is given as that sentence stands
    (``document.plain``, as the extractive model gives it); the others' deletions are judged by the
    rule ``deletions`` names (``text.deletions.DELETION_RULES``): ``clauses`` keeps only deletions
    of whole side parts, and the summary sentence is the sentence's kept words as the document
    writes them (``document.plain_part``: a masked paper's numbers are the article's own at those
    places); ``any`` gives the segment as written, its numbers put back per sentence from the
    attention (``restore_segments``). ``spell_out`` and ``drop_pointers``: the edits for a reader
    (``document.edited``, in the normal form). The one way back of the harness and the app."""
    from .deletions import deletion_rule
    from .masking import count_number_symbols

    kept_positions = deletion_rule(deletions)

    skip = frozenset(skip)
    segments = split_segments(output)
    bounds = segments[:len(marked.chosen)]
    # each segment in the normal form of document.sentences: numbers still masked, no unpadding
    written = [_normal_tokens([p for p in output[start:end] if p not in skip]) for start, end in bounds]
    as_decoded = None
    if kept_positions is None:  # "any": the segments as the decoder wrote them, numbers put back
        numbers = document.numbers if document.masked else None
        as_decoded = [document.decoded([p for p in pieces if p not in skip])
                      for pieces in restore_segments(output, marked, numbers, attention)]
    kept: List[str] = []
    verbatim = undone = 0
    for k, rewrite in enumerate(written):
        index = marked.chosen[k]
        source = document.sentences[index].split()
        if _foreign_words(rewrite, source):
            kept.extend(document.plain([index]))
            verbatim += 1
        elif kept_positions is None:
            kept.extend(as_decoded[k])
        else:
            positions = kept_positions(source, rewrite)
            kept.append(document.plain_part(index, positions))
            undone += [source[j] for j in positions] != rewrite
    restored = sum(count_number_symbols(output[start:end]) for start, end in bounds) if document.masked else 0
    kept = [sentence for sentence in kept if sentence]
    kept = document.edited(kept, spell_out, drop_pointers, normal_form=True)
    return Rewritten(kept, len(segments), len(marked.chosen), restored, verbatim, undone)


def reads_alignments(deletions: str) -> bool:
    """Whether ``rewritten`` reads the decoder's alignments under the deletion rule ``deletions``:
    only ``any`` puts numbers back through them (``restore_segments``); a rule that gives positions
    takes the kept words, numbers included, from the document. The harness and the app turn a
    rewriter's alignments off when they are not read (``EfficientDecoder.report_alignments``): beam
    search then keeps no (hypotheses, source, steps) buffer, gathered at every step."""
    from .deletions import deletion_rule

    return deletion_rule(deletions) is None


def _normal_tokens(pieces: Sequence[str]) -> List[str]:
    """A segment's pieces -> its tokens in the normal form the document's sentences are in (the
    pieces of a sentence decode back to it exactly)."""
    from . import normalize

    return normalize.decode_pieces(" ".join(pieces)).split()


# words that negate: never allowed in unless the sentence has them ("not" turns a fact around)
NEGATIONS = frozenset({"not", "n't", "no", "nor", "never", "none", "nothing", "nobody", "neither", "cannot"})


@functools.lru_cache(maxsize=1)
def _function_words() -> frozenset:
    """Words a rewrite may bring in that state no fact ("the", "has", "he"): English stop words
    (scikit-learn's list, as the faithfulness measures use) without the negations."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return frozenset(ENGLISH_STOP_WORDS) - NEGATIONS


def _foreign_words(rewritten: Sequence[str], source: Sequence[str]) -> bool:
    """Whether a rewritten segment (tokens) holds a word its source sentence (tokens) does not, beyond punctuation and
    function words: a name whose pieces were joined wrongly ("mcburn" for "mcburnie"), a number the
    sentence does not hold, a content word or a negation from the vocabulary. A rewriter that only
    deletes and copies has none; a segment that has one is given as its sentence stands instead
    (``Rewritten.kept_verbatim``)."""
    known, allowed = set(source), _function_words()
    return any(word not in known and word not in allowed and any(c.isalnum() for c in word) for word in rewritten)

"""Evaluation harness: systems, corpus ROUGE with bootstrap confidence intervals, paired
bootstrap tests, and the files that ``scripts/evaluate.py`` reads and writes.

Systems (each turns JSON Lines articles into one summary a document, sentences joined by
``" <n> "``):

- ``lead_summary`` (Lead-k): the first k sentences of the article, prepared as the models read
  it (``text.Document``: normalized as in training, split with ``text.split_sentences``);
- ``baseline_summary``: Lead or one of the field's unsupervised baselines (LexRank, TextRank,
  LSA, SumBasic: sumy's rankings of the same sentences, ``text/centrality.py``), k sentences or a
  length in words;
- ``oracle_summary``: the greedy extractive oracle (Nallapati et al. 2017; Liu & Lapata 2019):
  repeatedly add the article sentence that most raises ROUGE-1 F + ROUGE-2 F of the selection
  against the reference, stop when nothing raises it or at ``max_sentences``; the chosen
  sentences in article order.  Tokens as ROUGE sees them (rouge-score's tokenizer with Porter
  stemming), n-gram counts clipped as in ROUGE;
- ``CheckpointSystem``: a trained model.  Each article goes through ``text.prepare_source`` with
  the data directory's sentencepiece model and source limit (the function and settings that
  prepared the training data), the dictionary of that directory, then fairseq's beam search
  (``task.build_generator``) in batches built by fairseq's own batch iterator.
- ``ExtractiveSystem``: a trained extractive model (models/extractive.py) scores the article's
  sentences and the best ``lead_k`` are the summary; ``load_system`` picks the class a checkpoint
  needs.
- ``RewritingSystem``: a sentence rewriter (models/rewriter.py) after an extractive chooser (a
  bundle directory, ``load_chooser``): the chooser's model and preset choose the sentences, the
  rewriter reads the document with them marked (``text.rewriting.read_and_choose``) and writes one
  segment a chosen sentence through CheckpointSystem's batches; the way back
  (``text.rewriting.rewritten``) gives each segment as the words of its own sentence that the
  preset's deletion rule keeps, numbers included.

References: the ``summary`` field's lines (sentences joined by "\\n" in our JSON Lines files),
whitespace collapsed, nothing else changed.

Scores: ``fairseq_plugins.scoring.rouge.score_document`` per document (F1 x 100; Porter
stemming; ROUGE-Lsum over sentences), and beside them ``fairseq_plugins.evaluation.faithfulness``'s
readability measures of each summary against its article (``measure_pairs``: spliced sentences,
cut-off endings, unsupported words, in percent).  ``bootstrap_cis``: percentile bootstrap of the corpus
mean, the same resampled documents for every metric, seeded.  ``paired_bootstrap``: the two
systems' per-document differences resampled together; the two-sided p-value is the share of
resampled mean differences, shifted to the null hypothesis of no difference, at least as far
from zero as the observed one ((1 + count) / (1 + resamples)).

Output directory (one per system, or per shard of a system): ``hypotheses.txt``,
``references.txt`` (one summary a line, sentences separated by ``<n>``), ``ids.txt`` (the
documents' ids) and ``scores.json`` (settings, which documents, corpus means, confidence
intervals, per-document scores).  scores.json keeps ROUGE's means under ``rouge`` and the
readability measures' under ``readability``; ``per_document`` holds both.  Summaries are scored
as a reader gets them, in the lowercased normalized form: an extractive summary as the article's
own sentences (a masked model's choices with the paper's numbers and bracketed text,
``Document.plain``), an abstractive one with its numbers put back (``Document.restored``); the
readability measures then find no novel word in an extractive summary.  Only the samples printed for people
(``format_samples``) go through ``readable.readable``, cased from each document's raw
``article`` where the data file still holds it.
"""
import functools
import gzip
import json
import math
import os
import sys
import time
import warnings
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from .. import text
from ..scoring.rouge import DISPLAY_NAMES, ROUGE_TYPES, score_document
from ..text import Document, extraction
from ..text.centrality import RANKERS, sumy_ranking
from ..text.deletions import DELETION_RULES
from ..text.extraction import Selection, choose_in_order, oracle_indices
from . import faithfulness

__all__ = [
    "EvaluationError",
    "SEPARATOR",
    "DEFAULT_RESAMPLES",
    "DEFAULT_SEED",
    "CONFIDENCE",
    "DecodingPreset",
    "DECODING_PRESETS",
    "get_preset",
    "configure_rewriter",
    "longest_summary",
    "Pair",
    "read_jsonl",
    "reference_line",
    "lead_sentences",
    "lead_summary",
    "BASELINE_RANKINGS",
    "baseline_summary",
    "oracle_indices",
    "oracle_summary",
    "CheckpointSystem",
    "ExtractiveSystem",
    "RewritingSystem",
    "load_chooser",
    "read_bundle_card",
    "DEFAULT_BUNDLE_PRESET",
    "read_checkpoint",
    "load_system",
    "score_pairs",
    "measure_pairs",
    "corpus_scores",
    "parallel_map",
    "bootstrap_cis",
    "paired_bootstrap",
    "shard_indices",
    "summarize_scores",
    "write_outputs",
    "read_outputs",
    "merge_outputs",
    "compare_outputs",
    "format_scores",
    "format_comparison",
    "sample_rows",
    "format_samples",
    "TUNABLE",
    "RANKINGS",
    "parse_grid",
    "tune_decoding",
    "format_tuning",
]

SEPARATOR = f" {text.SENTENCE_SEPARATOR} "
DEFAULT_RESAMPLES = 1000
DEFAULT_SEED = 1
CONFIDENCE = 0.95


class EvaluationError(Exception):
    """A problem with the user's input (files, options): the message says what and where."""


# ---------------------------------------------------------------------------------------------
# Decoding presets
# ---------------------------------------------------------------------------------------------


# the preset fields that weigh the rankings an extractive model's own is fused with
FUSION_WEIGHTS = ("lexrank_weight", "degree_weight", "position_weight")


@dataclass(frozen=True)
class DecodingPreset:
    """Beam search settings (fairseq-generate's flags of the same names; lengths in pieces) and
    the extractive baselines' settings for one data set."""

    beam: int
    no_repeat_ngram_size: int
    min_len: int
    max_len_a: float
    max_len_b: int
    lenpen: float
    lead_k: int = 3
    oracle_max_sentences: Optional[int] = 3  # None: add sentences while ROUGE improves
    note: str = ""
    # extractive models: a length in words instead of lead_k sentences, and the weights that fuse
    # the model's ranking with LexRank's, with the weighted degree centrality's and with the
    # sentences' order (text.extraction.Selection)
    words: Optional[int] = None
    lexrank_weight: float = 0.0
    degree_weight: float = 0.0
    position_weight: float = 0.0
    # the share of a sentence's trigrams that may already be in the summary (0: trigram blocking)
    max_trigram_overlap: float = 0.0
    # a sentence that leans on the one before it ("these results ...", "however , ...") is taken
    # only after it (text.extraction.leans_on_previous)
    standalone: bool = False
    # sentence rewriters: which of the rewriter's deletions stand (text.deletions.DELETION_RULES:
    # "any" all, "clauses" only those that remove a whole side part of the sentence)
    deletions: str = "any"
    # sentence rewriters with a restricted decoder: exactly one segment a chosen sentence (no </s>
    # before the last one is begun, no <n> after it: models/rewriter.py RestrictedDecoder.exact_segments)
    exact_segments: bool = False
    # ... and each step's output scores only the pieces of the sentence it rewrites (no word the
    # deletion rule would undo: modules/sentence_vocabulary.py, RestrictedDecoder.sentence_vocabulary)
    sentence_vocabulary: bool = False
    # extractive models and sentence rewriters: an abbreviation the document defines is written out
    # where the summary first uses it ("tumor necrosis factor (TNF)"; text.abbreviations)
    spell_out_abbreviations: bool = False
    # ... and pointers to what a summary does not carry (figures, tables, references) left out
    # ("( fig . 2b )", "[ 12 ]"; text.pointers)
    drop_pointers: bool = False

    @property
    def reader_edits(self) -> Dict[str, bool]:
        """The edits for a reader this preset asks for, as ``Document.edited``'s keyword arguments."""
        return dict(spell_out=self.spell_out_abbreviations, drop_pointers=self.drop_pointers)

    def selection(self, words: Optional[int] = None) -> Selection:
        """How an extractive model chooses under this preset; ``words`` overrides its length."""
        fusion = dict(lexrank_weight=self.lexrank_weight, degree_weight=self.degree_weight,
                      position_weight=self.position_weight, max_trigram_overlap=self.max_trigram_overlap,
                      standalone=self.standalone)
        if words is None and self.words is None:
            return Selection(k=self.lead_k, **fusion)
        return Selection(words=words or self.words, **fusion)


DECODING_PRESETS: Dict[str, DecodingPreset] = {
    # CS224N: beam 4 with repeated trigrams blocked. Lengths and length penalty tuned for the
    # shipped model on `valid` articles 4,000-4,199 (`evaluate.py tune --rank readable`,
    # docs/cpu_budget.md "Readable summaries") on ROUGE and the readability measures: its summaries
    # end soon after min_len allows, ROUGE rises with min_len, and so do summaries cut off at its cap
    # of 100 pieces (--max-target-positions 101). min_len 95 -> R-1 39.90, 65.5% cut off; 80 -> 39.52
    # (within 1 point), 24.5% cut off, fewer spliced sentences; 60 -> 38.10, 7.5% cut off.
    "cnndm": DecodingPreset(beam=4, no_repeat_ngram_size=3, min_len=80, max_len_a=0, max_len_b=100,
                            lenpen=2.0, lead_k=3, oracle_max_sentences=3,
                            note="beam 4, trigram blocking (CS224N); min_len 80, max_len_b 100, lenpen 2 tuned on valid 4000-4199 on ROUGE and cut-off/spliced shares"),
    # Fastformer Table 9: beam 5.
    "cnndm_paper": DecodingPreset(beam=5, no_repeat_ngram_size=3, min_len=40, max_len_a=0, max_len_b=120,
                                  lenpen=1.0, lead_k=3, oracle_max_sentences=3,
                                  note="Fastformer Table 9 beam 5; lengths untuned"),
    # SumPubMed abstracts: median 264 words (about 380 pieces of the papers model's 16k
    # vocabulary), 10-13 sentences; lead-k is weak there (the abstract draws on the whole paper).
    # Tuned for the shipped papers model (app/model_papers) on valid papers 500-599 (`evaluate.py
    # tune`, docs/papers.md): min_len 100/200 x lenpen 1/2, mean of R-1, R-2, R-Lsum 30.79, 32.32,
    # 33.13, 33.51 (best); evaluated on papers 0-499.
    "papers": DecodingPreset(beam=4, no_repeat_ngram_size=3, min_len=200, max_len_a=0, max_len_b=512,
                             lenpen=2.0, lead_k=10, oracle_max_sentences=None,
                             note="beam 4, trigram blocking; min_len 200, lenpen 2 tuned on valid papers 500-599"),
    # PubMed abstracts average about 200 words (about 260 pieces), 6-7 sentences.
    "pubmed": DecodingPreset(beam=5, no_repeat_ngram_size=3, min_len=120, max_len_a=0, max_len_b=400,
                             lenpen=1.0, lead_k=3, oracle_max_sentences=None,
                             note="Fastformer Table 9 beam 5; lengths untuned"),
}

# The extractive papers model (app/model_papers_extractive): the papers preset with its number of
# sentences, k, chosen on valid papers 500-599 (scripts/papers_extractive.sh, docs/papers.md): the
# mean of R-1, R-2 and R-Lsum for k = 10..20 rises from 32.12 to 38.53 (k 18: 38.34), then falls (k 22: 38.46).
# What a reader gets by default is about an abstract's length, 200 words (PubMed abstracts: about
# 205), chosen by reciprocal rank fusion of the model's ranking (weight 1) with the weighted degree
# centrality's (1.5), LexRank's (0.5) and the sentences' order (1), a sentence skipped when more
# than 20% of its trigrams are already in the summary. These were chosen on two tuning sets, the
# 100 Cohan-format PubMed train pairs and SumPubMed valid papers 500-599: the overlap first (0,
# 0.1, 0.2, 0.3, 0.5, 0.7 with the weights 1, 1, 1), then the weights at it (degree 0.5-1.5, LexRank
# 0-1, position 0.5-1), each time the point whose smallest gain over LexRank at 200 words (R-1 or
# R-2, either set) was largest. R-1/R-2 at 200 words on the Cohan train pairs: the model
# alone 42.16/15.42, LexRank 43.12/15.25, this chooser 46.71/20.90 (the same fusion with full
# trigram blocking: 44.27/17.61); on SumPubMed 500-599: 49.29/16.94, 46.20/14.11, 49.69/17.74.
# Full trigram blocking costs papers most: they restate their terms in sentences that say new
# things. A sentence that leans on the one before it ("these results ...", "however , ...") waits
# for it (standalone): blind readers counted such openers among the dangling references; on the
# same tuning sets it costs R-1/R-2 0.22/0.35 (Cohan train) and 0.09/0.05 (SumPubMed 500-599).
# docs/models.md has the measurement on the valid papers the tuning did not use.
DECODING_PRESETS["papers_extractive"] = replace(
    DECODING_PRESETS["papers"], lead_k=20, words=200, lexrank_weight=0.5, degree_weight=1.5, position_weight=1.0,
    max_trigram_overlap=0.2, standalone=True, spell_out_abbreviations=True, drop_pointers=True,
    note="the papers preset; 200 words, the model's ranking fused with the weighted degree centrality's, "
         "LexRank's and position, at most 20% of a sentence's trigrams repeated (chosen on Cohan-format train "
         "and SumPubMed valid 500-599); a sentence that leans on the one before it taken only after it; "
         "abbreviations the paper defines written out at their first use; pointers to figures, tables and "
         "references left out")


# The sentence rewriters (models/rewriter.py): their length is the chooser's (its bundle's preset
# chooses the sentences, one summary sentence each), so the beam search only needs room for the
# chosen sentences rewritten and no minimum length; trigram blocking as for the other models.
# News: lenpen 2 and the chooser's 3 sentences, chosen on valid 2000-2199 (R-1 at lenpen 1, 2, 3 with 3
# sentences: 38.80, 40.03, 40.01; with 4 sentences at lenpen 1, 2: 38.69, 39.77); the penalty
# keeps more of each sentence, which the references' sentences do too. Both keep only the deletions
# that remove a whole side part of a sentence (text.deletions, "clauses"): read blind, the news
# rewriter's other deletions broke a sentence or changed its meaning in half its summaries.
DECODING_PRESETS["cnndm_rewriting"] = replace(
    DECODING_PRESETS["cnndm"], min_len=0, max_len_b=200, lenpen=2.0, deletions="clauses",
    note="beam 4, trigram blocking; no minimum length: the chooser's sentences set the length; lenpen 2 "
         "chosen on valid 2000-2199; only deletions of whole side parts kept")
# exactly one segment a chosen sentence, chosen on valid papers 200-299 with the rewriter of 247
# updates: R-1 48.33 against 46.68 left free (+1.65 [+0.50, +2.97]), which stopped before 40 of 698
# chosen sentences and wrote 121 segments for none; trigram blocking stays (without it the decoder
# repeats itself until the length limit: R-1 -4.5 with exact segments, -5.0 without). Each step scores
# only the pieces of the sentence it rewrites (the 700-update rewriter on valid 200-299: R-1 48.48 both
# ways, R-2 +0.07 [-0.04, +0.22], spliced sentences 1.30% against 2.14%, and a fifth less time a
# step); on news valid 2000-2199 it gained nothing (R-1 +0.03 [-0.27, +0.35]) and the news preset
# leaves it off, as it leaves exact segments (R-1 -0.01 [-0.10, +0.06] on valid 0-1,999)
DECODING_PRESETS["papers_rewriting"] = replace(
    DECODING_PRESETS["papers"], min_len=0, max_len_b=512, lenpen=1.0, deletions="clauses", exact_segments=True,
    sentence_vocabulary=True, spell_out_abbreviations=True, drop_pointers=True,
    note="beam 4, trigram blocking; no minimum length: the chooser's sentences set the length; exactly one "
         "segment a chosen sentence (chosen on valid 200-299), each written from its sentence's own pieces; "
         "only deletions of whole side parts kept; abbreviations the paper defines written out at their first use; "
         "pointers to figures, tables and references left out")

def get_preset(name: str, **overrides) -> DecodingPreset:
    """A preset by name, with the given fields replaced (None values ignored)."""
    if name not in DECODING_PRESETS:
        raise EvaluationError(f"unknown preset {name!r}; known presets: {', '.join(DECODING_PRESETS)}")
    changes = {k: v for k, v in overrides.items() if v is not None}
    preset = replace(DECODING_PRESETS[name], **changes)
    check_preset(preset)
    return preset


def longest_summary(model) -> int:
    """The most pieces beam search can write with `model`: fairseq stops a summary one short of
    the model's --max-target-positions, whatever max_len_b asks for."""
    return int(model.max_decoder_positions()) - 1


def configure_rewriter(model, preset: DecodingPreset) -> None:
    """Set a sentence rewriter's decoder for ``preset``, as the harness and the app decode it: it
    reports alignments only where the preset's way back reads them (``rewriting.reads_alignments``),
    and a restricted decoder writes exactly one segment a chosen sentence, and scores only the
    sentence's own pieces, when the preset asks."""
    from ..models.rewriter import RestrictedDecoder
    from ..text import rewriting

    model.decoder.report_alignments = rewriting.reads_alignments(preset.deletions)
    if isinstance(model.decoder, RestrictedDecoder):
        model.decoder.exact_segments = preset.exact_segments
        model.decoder.sentence_vocabulary = preset.sentence_vocabulary
    elif preset.exact_segments or preset.sentence_vocabulary:
        raise EvaluationError("exact_segments and sentence_vocabulary need a restricted rewriter "
                              "(--rewriter-attention restricted)")


def check_preset(preset: DecodingPreset) -> None:
    """Raise EvaluationError for settings beam search cannot run with."""
    if preset.beam < 1:
        raise EvaluationError(f"beam must be >= 1, got {preset.beam}")
    if preset.min_len < 0 or preset.max_len_b < 1 or preset.min_len > preset.max_len_b:
        raise EvaluationError(f"need 0 <= min_len <= max_len_b and max_len_b >= 1, got "
                              f"min_len {preset.min_len}, max_len_b {preset.max_len_b}")
    if preset.no_repeat_ngram_size < 0:
        raise EvaluationError("no_repeat_ngram_size must be >= 0 (0 turns blocking off)")
    if preset.lead_k < 1:
        raise EvaluationError(f"lead_k must be >= 1, got {preset.lead_k}")
    if preset.words is not None and preset.words < 1:
        raise EvaluationError(f"words must be >= 1, got {preset.words}")
    for name in FUSION_WEIGHTS:
        if getattr(preset, name) < 0:
            raise EvaluationError(f"fusion weights must be >= 0, got {name} {getattr(preset, name)}")
    if not 0.0 <= preset.max_trigram_overlap < 1.0:
        raise EvaluationError(f"max_trigram_overlap must be >= 0 and below 1, got {preset.max_trigram_overlap}")
    if preset.deletions not in DELETION_RULES:
        raise EvaluationError(f"unknown deletion rule {preset.deletions!r}; known: {', '.join(DELETION_RULES)}")


# ---------------------------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------------------------


@dataclass
class Pair:
    """One line of a data file: an article and its reference summary."""

    index: int  # position in the file (0-based)
    id: str
    article: str
    summary: str


def read_jsonl(path, limit: Optional[int] = None, start: int = 0) -> List[Pair]:
    """``{"id", "article", "summary"}`` a line (``.gz`` read as gzip).  ``start``: skip the first
    ``start`` documents; ``limit``: then keep at most N.  ``Pair.index`` counts from the
    start of the file, so a slice keeps the documents' own positions."""
    path = Path(path)
    if not path.exists():
        raise EvaluationError(f"{path}: no such file")
    if path.is_dir():
        raise EvaluationError(f"{path}: is a directory, expected a JSON Lines file")
    opener = gzip.open if path.suffix == ".gz" else open
    if start < 0:
        raise EvaluationError(f"start must be >= 0, got {start}")
    docs: List[Pair] = []
    seen = 0
    try:
        with opener(path, "rt", encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                if limit is not None and len(docs) >= limit:
                    break
                if not line.strip():
                    continue
                seen += 1
                if seen <= start:
                    continue
                try:
                    row = json.loads(line)
                except ValueError as err:
                    raise EvaluationError(f"{path}:{lineno}: not a JSON object ({err})") from None
                if not isinstance(row, dict):
                    raise EvaluationError(f"{path}:{lineno}: not a JSON object")
                for key in ("article", "summary"):
                    if key not in row:
                        raise EvaluationError(f"{path}:{lineno}: no {key!r} field (each line needs "
                                              "'article' and 'summary')")
                summary = row["summary"]
                if isinstance(summary, list):
                    summary = "\n".join(str(s) for s in summary)
                article = row["article"]
                if isinstance(article, list):
                    article = "\n".join(str(s) for s in article)
                index = seen - 1
                docs.append(Pair(index, str(row.get("id", index)), str(article), str(summary)))
    except (OSError, EOFError, UnicodeDecodeError) as err:
        raise EvaluationError(f"{path}: cannot read it ({type(err).__name__}: {err})") from None
    if not docs:
        where = f" after the first {start}" if start else ""
        raise EvaluationError(f"{path}: no documents in it{where}")
    return docs


def _clean_line(sentences: Iterable[str]) -> str:
    return SEPARATOR.join(" ".join(s.split()) for s in sentences if s and s.strip())


def reference_line(summary: str) -> str:
    """The reference as one line: the summary's lines (sentences), joined by " <n> "."""
    return _clean_line(summary.split("\n"))


# ---------------------------------------------------------------------------------------------
# Extractive systems
# ---------------------------------------------------------------------------------------------


def lead_sentences(article: str, k: int = 3) -> List[str]:
    """The first k sentences of the article as training normalized it."""
    return Document.prepare(article).lead(k)


def _lead_ranking(sentences: Sequence[str]) -> Sequence[int]:
    return range(len(sentences))


# name -> the sentences' indices, best first: Lead's order, and the field's unsupervised baselines
# as sumy ranks them (text/centrality.py)
BASELINE_RANKINGS = {"lead": _lead_ranking, **{name: functools.partial(sumy_ranking, name) for name in RANKERS}}


def baseline_summary(name: str, article: str, k: int = 3, words: Optional[int] = None,
                     reader_edits: Optional[Dict[str, bool]] = None) -> str:
    """One summary line of an unsupervised baseline (``BASELINE_RANKINGS``) on the article's
    Document: its first ``k`` sentences by that ranking or, with ``words``, those that fit in that
    many words (``text.extraction.choose_in_order``, the rule our extractive models follow too);
    ``reader_edits``: the edits our extractive models' preset makes (``DecodingPreset.reader_edits``:
    abbreviations written out, pointers left out; ``Document.plain``), so that a comparison is of the
    sentences chosen."""
    document = Document.prepare(article)
    sentences = document.sentences
    chosen = choose_in_order(BASELINE_RANKINGS[name](sentences), sentences, None if words else k, words)
    return _clean_line(document.plain(chosen, **(reader_edits or {})))


def lead_summary(article: str, k: int = 3, words: Optional[int] = None) -> str:
    """Lead-k (``baseline_summary``)."""
    return baseline_summary("lead", article, k, words)


def oracle_summary(article: str, summary: str, max_sentences: Optional[int] = 3) -> str:
    sentences = Document.prepare(article).sentences
    reference = [s for s in summary.split("\n") if s.strip()]
    chosen = oracle_indices(sentences, reference, max_sentences)
    return _clean_line(sentences[i] for i in chosen)


# ---------------------------------------------------------------------------------------------
# A trained model
# ---------------------------------------------------------------------------------------------


def read_checkpoint(checkpoint, data_bin) -> dict:
    """A checkpoint's state, read once, with the data directory it is evaluated with; an
    EvaluationError for a missing file or directory, or a file that is no checkpoint."""
    from .. import fixes

    checkpoint, data_bin = Path(checkpoint), Path(data_bin)
    if not checkpoint.is_file():
        raise EvaluationError(f"{checkpoint}: no such checkpoint file")
    if not data_bin.is_dir():
        raise EvaluationError(f"{data_bin}: no such data directory (--data-bin: the directory "
                              "the model was trained on)")
    for needed in ("dict.source.txt", "spm.model"):
        if not (data_bin / needed).exists():
            raise EvaluationError(f"{data_bin}: no {needed} in it (--data-bin must be the directory "
                                  "scripts/prepare_data.py wrote for this model)")
    try:
        return fixes.load_checkpoint(str(checkpoint), {"data": str(data_bin)})
    except ValueError as err:
        raise EvaluationError(str(err)) from None


class CheckpointSystem:
    """A fairseq checkpoint plus the data directory it was trained on (``dict.source.txt``,
    ``spm.model``, ``prepare.json``).  ``summarize(articles)`` generates in batches."""

    def __init__(self, checkpoint, data_bin, preset: DecodingPreset, *, batch_size: int = 16,
                 max_tokens: Optional[int] = None, max_source_pieces: Optional[int] = None,
                 device: str = "auto", log=None, state: Optional[dict] = None):
        """``state``: the checkpoint as ``read_checkpoint`` read it, when the caller has it."""
        import torch

        from fairseq import checkpoint_utils

        self.log = log or (lambda message: print(message, file=sys.stderr, flush=True))
        checkpoint, data_bin = Path(checkpoint), Path(data_bin)
        if state is None:
            state = read_checkpoint(checkpoint, data_bin)
        try:
            models, _cfg, task = checkpoint_utils.load_model_ensemble_and_task(
                [str(checkpoint)], state=state)
        except RuntimeError as err:
            first = str(err).strip().splitlines()[0][:300]
            raise EvaluationError(f"{checkpoint}: cannot build the model with the dictionary of "
                                  f"{data_bin} (was it trained on that directory?): {first}") from None
        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"
        self.device = torch.device(device)
        self.model = models[0].to(self.device).eval()
        self.task = task
        self.src_dict = task.source_dictionary
        self.tgt_dict = task.target_dictionary
        self.sp = text.load_sentencepiece(str(data_bin / "spm.model"))
        settings = {}
        if (data_bin / "prepare.json").exists():
            try:
                settings = json.loads((data_bin / "prepare.json").read_text())
            except ValueError:
                settings = {}
        model_limit = self.model.max_positions()
        model_limit = model_limit[0] if isinstance(model_limit, tuple) else model_limit
        model_limit = int(min(model_limit, task.max_positions()[0])) - 1  # room for </s>
        wanted = max_source_pieces or settings.get("max_source_pieces") or model_limit
        self.max_source_pieces = min(int(wanted), model_limit)
        self.masks_numbers = bool(settings.get("masking"))  # trained on masked numbers (masking.py)
        self.batch_size = batch_size
        self.max_tokens = max_tokens
        self.num_updates = state.get("optimizer_history", [{}])[-1].get("num_updates")
        self.set_preset(preset)

    def set_preset(self, preset: DecodingPreset) -> None:
        """Decode with these beam search settings from now on (the model stays loaded)."""
        from fairseq.dataclass.configs import GenerationConfig

        self.length_cap = longest_summary(self.model)
        if preset.min_len > self.length_cap:  # fairseq would stop on an assertion
            raise EvaluationError(f"min_len {preset.min_len} is longer than this model's longest summary "
                                  f"({self.length_cap} pieces: its --max-target-positions minus one)")
        self.preset = preset
        self.generator = self.task.build_generator(
            [self.model],
            GenerationConfig(beam=preset.beam, min_len=preset.min_len, max_len_a=preset.max_len_a,
                             max_len_b=preset.max_len_b, lenpen=preset.lenpen,
                             no_repeat_ngram_size=preset.no_repeat_ngram_size),
        )
        if preset.max_len_a == 0 and preset.max_len_b > self.length_cap:
            self.log(f"warning: summaries are capped at {self.length_cap} pieces by the model's "
                     f"--max-target-positions; the preset asks for up to {preset.max_len_b}")

    def encode(self, article: str):
        """(the article's Document, the pieces the model reads, their token ids with </s>)."""
        document = Document.prepare(article, masked=self.masks_numbers)
        pieces, _total = document.source_pieces(self.sp, self.max_source_pieces)
        return document, pieces, self.src_dict.encode_line(pieces, add_if_not_exist=False, append_eos=True).long()

    def summarize(self, articles: Sequence[str]) -> List[str]:
        """One summary line per article (sentences joined by " <n> "); an article with no text
        gets an empty summary."""
        return self.generate(articles, self.prepare(articles))

    def prepare(self, articles: Sequence[str]) -> List[tuple]:
        """``(position, what the way back needs, source token ids)`` of every article with text."""
        rows = []
        for i, article in enumerate(articles):
            document, pieces, t = self.encode(article)
            if t.numel() > 1:
                rows.append((i, (document, pieces), t))
        return rows

    def summary_line(self, read, tokens, attention) -> str:
        """One hypothesis (its token ids, ``</s>`` last) -> the summary line, scored as a reader
        gets it: a masked document's numbers put back. ``read``: what ``prepare`` kept for it."""
        document, source_pieces = read
        return _clean_line(document.restored(self.tgt_dict.string(tokens), source_pieces, attention))

    def generate(self, articles: Sequence[str], prepared: Sequence[tuple]) -> List[str]:
        """Beam search over ``prepare``'s rows in batches; one summary line per article, "" for
        an article with no row."""
        import torch
        from fairseq import utils

        positions = [row[0] for row in prepared]
        read = [row[1] for row in prepared]
        tokens = [row[2] for row in prepared]
        out = [""] * len(articles)
        if not tokens:
            return out
        dataset = self.task.build_dataset_for_inference(tokens, [t.numel() for t in tokens])
        done, start, last_report = 0, time.perf_counter(), time.perf_counter()
        with torch.inference_mode(), warnings.catch_warnings():
            # fairseq's loader asks for pinned memory, which a CPU-only torch warns about
            warnings.filterwarnings("ignore", message=".*pin_memory.*")
            itr = self._batches(dataset)
            for sample in itr:
                if self.device.type == "cuda":
                    sample = utils.move_to_cuda(sample)
                hypos = self.task.inference_step(self.generator, [self.model], sample)
                for j, sample_id in enumerate(sample["id"].tolist()):
                    best = hypos[j][0]
                    attention = best.get("attention")
                    if attention is not None and not attention.numel():
                        attention = None  # fairseq's empty tensor for a decoder that reported none
                    if attention is not None:  # rows of the padded batch's source -> this article's own
                        attention = attention[sample["net_input"]["src_tokens"][j].ne(self.src_dict.pad()).to(attention.device)]
                    out[positions[sample_id]] = self.summary_line(read[sample_id], best["tokens"], attention)
                done += len(sample["id"])
                now = time.perf_counter()
                if now - last_report > 30 or done == len(tokens):
                    self.log(f"generated {done}/{len(tokens)} summaries ({now - start:.0f} s)")
                    last_report = now
        return out

    def _batches(self, dataset):
        from fairseq import utils

        return self.task.get_batch_iterator(
            dataset=dataset,
            max_tokens=self.max_tokens,
            max_sentences=self.batch_size,
            max_positions=utils.resolve_max_positions(self.task.max_positions(), self.model.max_positions()),
            ignore_invalid_inputs=False,
            required_batch_size_multiple=1,
            num_workers=0,
        ).next_epoch_itr(shuffle=False)


class ExtractiveSystem(CheckpointSystem):
    """A checkpoint of ``models/extractive.py``: each article's sentences (as training split the
    normalized article) are scored by the model, and the summary is the preset's ``lead_k``
    best-scoring ones with trigram blocking, in article order (``extraction.choose``), or with
    ``words`` the best that fit in each article's budget of words.  Only the sentences that fit
    whole in the source limit are read."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._scores: Dict[str, List[float]] = {}  # source line -> the model's sentence scores

    def set_preset(self, preset: DecodingPreset) -> None:
        self.preset = preset  # beam search settings do not apply; lead_k: sentences extracted

    def scores(self, sources: Sequence[str]) -> List[List[float]]:
        """The model's sentence scores of each source line, computed once a line: a grid of
        selections (lengths, fusion weights) runs the model once (evaluate.py tune)."""
        new = [source for source in dict.fromkeys(sources) if source not in self._scores]
        if new:
            self._scores.update(zip(new, extraction.sentence_scores(self.model, self.src_dict, new)))
        return [self._scores[source] for source in sources]

    def sources(self, article: str) -> Tuple[Document, List[str], str]:
        """(the article's Document, the normalized sentences the model reads, its source line)."""
        document = Document.prepare(article, masked=self.masks_numbers)
        source = document.extractive_source(self.sp, self.max_source_pieces)
        return document, document.sentences[:len(source.pieces)], source.line

    def summarize(self, articles: Sequence[str], words: Optional[Sequence[int]] = None) -> List[str]:
        """One summary line per article; ``words``: a length in words per article instead of the
        preset's ``lead_k`` sentences."""
        out = [""] * len(articles)
        prepared = [(i, *self.sources(article)) for i, article in enumerate(articles)]
        prepared = [row for row in prepared if row[2]]
        start = time.perf_counter()
        for first in range(0, len(prepared), self.batch_size):
            batch = prepared[first:first + self.batch_size]
            scores = self.scores([source for _, _, _, source in batch])
            for (i, document, _, _), row_scores in zip(batch, scores):
                selection = self.preset.selection(None if words is None else words[i])
                chosen = selection.choose_in(document, row_scores)
                # scored as a reader gets them: verbatim, with the preset's edits for a reader
                out[i] = _clean_line(document.plain(chosen, **self.preset.reader_edits))
        self.log(f"extracted {len(prepared)} summaries ({time.perf_counter() - start:.0f} s)")
        return out


DEFAULT_BUNDLE_PRESET = "cnndm"  # for a bundle whose card names no preset (written before cards had one)


def read_bundle_card(directory) -> dict:
    """A model bundle's card (``model.json``: kind, preset, ...; app/bundle.py writes it); {} when
    there is none or it cannot be read."""
    try:
        card = json.loads((Path(directory) / "model.json").read_text())
    except (OSError, ValueError):
        return {}
    return card if isinstance(card, dict) else {}


def load_chooser(directory, *, lead_k: Optional[int] = None, **kwargs) -> ExtractiveSystem:
    """An extractive bundle directory (checkpoint.pt, spm.model, dict.source.txt, prepare.json,
    model.json) as the ExtractiveSystem that chooses a rewriter's sentences, with the preset its
    card names (``lead_k`` replaced where given); an EvaluationError when it is not one."""
    directory = Path(directory)
    if not directory.is_dir():
        raise EvaluationError(f"--chooser {directory}: no such directory (an extractive model bundle)")
    if not (directory / "checkpoint.pt").is_file():
        raise EvaluationError(f"--chooser {directory}: no checkpoint.pt in it (an extractive model bundle)")
    card = read_bundle_card(directory)
    preset_name = card.get("preset") or DEFAULT_BUNDLE_PRESET
    preset = get_preset(preset_name, lead_k=lead_k)
    from ..models import model_name

    state = read_checkpoint(directory / "checkpoint.pt", directory)
    if SYSTEMS_BY_MODEL.get(model_name(state["cfg"]["model"])) is not ExtractiveSystem:
        raise EvaluationError(f"--chooser {directory}: not an extractive model bundle (its model is "
                              f"{model_name(state['cfg']['model'])!r}, kind {card.get('kind') or 'abstractive'!r})")
    chooser = ExtractiveSystem(directory / "checkpoint.pt", directory, preset, state=state, **kwargs)
    chooser.bundle, chooser.preset_name = directory, preset_name
    return chooser


class RewritingSystem(CheckpointSystem):
    """A sentence rewriter (models/rewriter.py) after an extractive chooser: per article, the
    Document is prepared once; the chooser's model scores the sentences it reads and its bundle's
    preset (``--words``/``--words-like`` override its length) chooses them; the rewriter reads the
    document with the chosen sentences marked (``rewriting.read_and_choose``, the marking of its
    training data) at its own sentencepiece and source limit, and beam search (CheckpointSystem's
    batches, this system's preset) writes one segment a chosen sentence.

    Source limit: the rewriter reads the leading whole sentences that fit in its limit with a mark
    for each chosen one, and the chooser chooses only among the sentences both it and the rewriter
    read, so no chosen sentence is ever cut away (a document longer than the limit has its later
    sentences out of the choice, as the extractive models' own limit does).

    The way back (``rewriting.rewritten``, the app's too): the output is split into its segments at
    ``<n>``; segment k rewrites chosen sentence k and is judged against it by the preset's deletion
    rule (the kept words of the sentence, a masked paper's numbers its own); the summary line is all
    of them joined by " <n> ".
    Segments past the last chosen sentence rewrite nothing chosen and are left out; a chosen
    sentence with no segment is simply not in the summary; both are counted (``counts``)."""

    def __init__(self, checkpoint, data_bin, preset: DecodingPreset, *, chooser: ExtractiveSystem, **kwargs):
        super().__init__(checkpoint, data_bin, preset, **kwargs)
        if chooser.masks_numbers != self.masks_numbers:
            raise EvaluationError("the chooser and the rewriter read numbers differently (one was trained on masked "
                                  "numbers, the other not): they must share their data's masking")
        self.chooser = chooser
        configure_rewriter(self.model, preset)
        self.counts: Dict[str, int] = {}
        self.chosen_per_document: List[int] = []

    def _reset_counts(self, n: int) -> None:
        self.counts = dict.fromkeys(("documents", "chosen", "segments", "segment_mismatches", "extra_segments",
                                     "missing_segments", "kept_verbatim", "deletions_undone", "sentences_read",
                                     "sentences_beyond_limit", "no_choice"), 0)
        self.chosen_per_document = [0] * n

    def prepare(self, articles: Sequence[str], words: Optional[Sequence[int]] = None) -> List[tuple]:
        from ..text import rewriting

        read = []
        for i, article in enumerate(articles):
            document, _, line = self.chooser.sources(article)  # the chooser reads as it was trained to
            if line:
                read.append((i, document, line))
        rows = []
        for first in range(0, len(read), self.chooser.batch_size):
            batch = read[first:first + self.chooser.batch_size]
            for (i, document, _), scores in zip(batch, self.chooser.scores([line for _, _, line in batch])):
                selection = self.chooser.preset.selection(None if words is None else words[i])
                marked = rewriting.choose_and_mark(self.sp, document, self.max_source_pieces, scores, selection)
                self.counts["sentences_read"] += marked.sentences
                self.counts["sentences_beyond_limit"] += len(document.sentences) - marked.sentences
                if not marked.chosen:
                    self.counts["no_choice"] += 1
                    continue
                self.chosen_per_document[i] = len(marked.chosen)
                self.counts["chosen"] += len(marked.chosen)
                tokens = self.src_dict.encode_line(marked.line, add_if_not_exist=False, append_eos=True).long()
                rows.append((i, (document, marked), tokens))
        return rows

    def summary_line(self, read, tokens, attention) -> str:
        from ..text import rewriting

        document, marked = read
        pieces = [self.tgt_dict[t] for t in tokens.tolist()]
        if pieces and pieces[-1] == self.tgt_dict[self.tgt_dict.eos()]:
            pieces = pieces[:-1]
        written = rewriting.rewritten(document, pieces, marked, attention,
                                      skip=(rewriting.CHOSEN_MARK, self.tgt_dict[self.tgt_dict.pad()]),
                                      deletions=self.preset.deletions, **self.preset.reader_edits)
        self.counts["documents"] += 1
        self.counts["segments"] += written.segments
        self.counts["kept_verbatim"] += written.kept_verbatim
        self.counts["deletions_undone"] += written.deletions_undone
        if written.segments != written.chosen:
            self.counts["segment_mismatches"] += 1
            self.counts["extra_segments"] += written.extra_segments
            self.counts["missing_segments"] += written.missing_segments
        return _clean_line(written.sentences)

    def summarize(self, articles: Sequence[str], words: Optional[Sequence[int]] = None) -> List[str]:
        """One summary line per article; ``words``: the chooser's length in words per article
        instead of its preset's."""
        self._reset_counts(len(articles))
        return self.generate(articles, self.prepare(articles, words))

    def report(self) -> dict:
        """What scores.json records of a run: the chooser, how it chose, how the segments were read
        back and held to the chosen sentences, and the counts."""
        return {"chooser": str(Path(self.chooser.bundle).resolve()), "chooser_preset": self.chooser.preset_name,
                "selection": asdict(self.chooser.preset.selection()), "deletions": self.preset.deletions,
                "exact_segments": self.preset.exact_segments,
                "sentence_vocabulary": self.preset.sentence_vocabulary, **self.counts,
                "chosen_per_document": list(self.chosen_per_document)}


# model name (the checkpoint's cfg.model._name) -> the system that runs it; others decode
SYSTEMS_BY_MODEL = {"extractive_summarizer": ExtractiveSystem, "sentence_rewriter": RewritingSystem}


def load_system(checkpoint, data_bin, preset: DecodingPreset, chooser=None, chooser_sentences: Optional[int] = None,
                **kwargs) -> CheckpointSystem:
    """The system for a checkpoint, read once: extractive models extract, a rewriter rewrites what
    ``chooser`` (an extractive bundle directory, ``load_chooser``; ``chooser_sentences``: its
    ``lead_k`` instead of its preset's) chooses, every other model decodes."""
    from ..models import model_name

    state = read_checkpoint(checkpoint, data_bin)
    name = model_name(state["cfg"]["model"])
    system = SYSTEMS_BY_MODEL.get(name, CheckpointSystem)
    if system is RewritingSystem:
        if not chooser:
            raise EvaluationError(f"{checkpoint} is a sentence rewriter: it needs --chooser DIR, the extractive "
                                  "model bundle that chooses the sentences it rewrites")
        chooser_kwargs = {k: kwargs[k] for k in ("batch_size", "device", "log") if k in kwargs}
        kwargs["chooser"] = load_chooser(chooser, lead_k=chooser_sentences, **chooser_kwargs)
    elif chooser:
        raise EvaluationError(f"--chooser: only a sentence rewriter takes a chooser; {checkpoint} is {name!r}")
    return system(checkpoint, data_bin, preset, state=state, **kwargs)


# ---------------------------------------------------------------------------------------------
# Scores
# ---------------------------------------------------------------------------------------------


def _apply_chunk(job):
    fn, items = job
    return [fn(*item) for item in items]


def parallel_map(fn, items: Sequence[tuple], workers: int = 1) -> list:
    """``[fn(*item) for item in items]``, in chunks over ``workers`` forked processes when there
    are enough items (same results, same order).  ``fn`` must be a module-level function."""
    items = list(items)
    workers = max(1, int(workers))
    if workers == 1 or len(items) < 200 or not hasattr(os, "fork"):
        return _apply_chunk((fn, items))
    import multiprocessing

    size = max(50, math.ceil(len(items) / (workers * 4)))
    jobs = [(fn, items[i:i + size]) for i in range(0, len(items), size)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return [r for chunk in pool.map(_apply_chunk, jobs) for r in chunk]


def score_pairs(references: Sequence[str], hypotheses: Sequence[str], workers: int = 1) -> Dict[str, List[float]]:
    """Per-document ROUGE F1 x 100 for each type in ROUGE_TYPES, in document order.  ``workers``
    > 1 scores chunks in forked processes (same numbers, same order)."""
    if len(references) != len(hypotheses):
        raise EvaluationError(f"{len(references)} references but {len(hypotheses)} hypotheses")
    results = parallel_map(score_document, list(zip(references, hypotheses)), workers)
    return {t: [r[t] for r in results] for t in ROUGE_TYPES}


def measure_pairs(articles: Sequence[str], hypotheses: Sequence[str], workers: int = 1) -> Dict[str, List[float]]:
    """Per-document readability measures (``faithfulness.MEASURES``, percent) of each summary
    against its article, in document order."""
    if len(articles) != len(hypotheses):
        raise EvaluationError(f"{len(articles)} articles but {len(hypotheses)} hypotheses")
    results = parallel_map(faithfulness.score_document, list(zip(articles, hypotheses)), workers)
    return {m: [r[m] for r in results] for m in faithfulness.MEASURES}


def _resample_means(matrix: np.ndarray, resamples: int, seed: int) -> np.ndarray:
    """matrix (documents x metrics) -> (resamples x metrics) means of resampled documents."""
    n = matrix.shape[0]
    rng = np.random.default_rng(seed)
    out = np.empty((resamples, matrix.shape[1]))
    block = max(1, min(resamples, 4_000_000 // max(n, 1)))
    for start in range(0, resamples, block):
        stop = min(resamples, start + block)
        idx = rng.integers(0, n, size=(stop - start, n))
        out[start:stop] = matrix[idx].mean(axis=1)
    return out


def bootstrap_cis(per_document: Dict[str, Sequence[float]], resamples: int = DEFAULT_RESAMPLES,
                  seed: int = DEFAULT_SEED, confidence: float = CONFIDENCE) -> Dict[str, Tuple[float, float]]:
    """Percentile bootstrap confidence interval of each metric's corpus mean; the same resampled
    documents for every metric."""
    names = list(per_document)
    matrix = np.asarray([per_document[k] for k in names], dtype=float).T
    if matrix.size == 0:
        return {k: (math.nan, math.nan) for k in names}
    means = _resample_means(matrix, resamples, seed)
    alpha = (1 - confidence) / 2
    lo, hi = np.quantile(means, [alpha, 1 - alpha], axis=0)
    return {k: (float(lo[i]), float(hi[i])) for i, k in enumerate(names)}


def paired_bootstrap(a: Dict[str, Sequence[float]], b: Dict[str, Sequence[float]],
                     resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED,
                     confidence: float = CONFIDENCE) -> Dict[str, dict]:
    """Paired bootstrap test of system A against system B on the same documents, per metric:
    ``{metric: {"a", "b", "delta" (a - b), "ci95" (of delta), "p_value" (two-sided),
    "a_wins" (share of resamples where A's mean is higher)}}``."""
    names = [k for k in a if k in b]
    da = np.asarray([a[k] for k in names], dtype=float).T
    db = np.asarray([b[k] for k in names], dtype=float).T
    if da.shape != db.shape:
        raise EvaluationError(f"the systems have scores for {da.shape[0]} and {db.shape[0]} documents")
    if da.shape[0] == 0:
        raise EvaluationError("no documents to compare")
    diff = da - db
    observed = diff.mean(axis=0)
    means = _resample_means(diff, resamples, seed)
    alpha = (1 - confidence) / 2
    lo, hi = np.quantile(means, [alpha, 1 - alpha], axis=0)
    # Null distribution: the bootstrap distribution shifted to mean zero (Efron & Tibshirani 1993,
    # sec. 16.4); count resamples at least as extreme as what was observed.
    extreme = (np.abs(means - observed) >= np.abs(observed) - 1e-12).sum(axis=0)
    p = (1 + extreme) / (1 + resamples)
    wins = (means > 0).mean(axis=0)
    return {
        k: {"a": float(da[:, i].mean()), "b": float(db[:, i].mean()), "delta": float(observed[i]),
            "ci95": (float(lo[i]), float(hi[i])), "p_value": float(min(1.0, p[i])),
            "a_wins": float(wins[i])}
        for i, k in enumerate(names)
    }


def summarize_scores(per_document: Dict[str, List[float]], resamples: int = DEFAULT_RESAMPLES,
                     seed: int = DEFAULT_SEED) -> Dict[str, dict]:
    """``{metric: {"mean", "ci95": [lo, hi]}}``."""
    cis = bootstrap_cis(per_document, resamples, seed)
    return {k: {"mean": (math.fsum(v) / len(v)) if v else math.nan, "ci95": list(cis[k])}
            for k, v in per_document.items()}


def corpus_scores(per_document: Dict[str, List[float]], resamples: int = DEFAULT_RESAMPLES,
                  seed: int = DEFAULT_SEED) -> dict:
    """``{"rouge": summary of the ROUGE types, "readability": summary of the readability
    measures present}`` (``summarize_scores``; one bootstrap over both, the same resampled
    documents for every metric)."""
    summary = summarize_scores(per_document, resamples, seed)
    return {"rouge": {k: v for k, v in summary.items() if k not in faithfulness.MEASURES},
            "readability": {k: v for k, v in summary.items() if k in faithfulness.MEASURES}}


def shard_indices(n: int, shards: int, shard_id: int) -> List[int]:
    """Documents of shard ``shard_id`` out of ``shards``: every shards-th, starting at shard_id
    (round robin, so long and short documents spread evenly)."""
    if shards < 1:
        raise EvaluationError(f"--shards must be >= 1, got {shards}")
    if not 0 <= shard_id < shards:
        raise EvaluationError(f"--shard-id must be in [0, {shards - 1}], got {shard_id}")
    return list(range(shard_id, n, shards))


# ---------------------------------------------------------------------------------------------
# Output directories
# ---------------------------------------------------------------------------------------------

HYPOTHESES, REFERENCES, IDS, SCORES = "hypotheses.txt", "references.txt", "ids.txt", "scores.json"


def _write_lines(path: Path, lines: Sequence[str]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line.replace("\n", " ").replace("\r", " ") + "\n")
    os.replace(tmp, path)


def _read_lines(path: Path) -> List[str]:
    with open(path, encoding="utf-8") as f:
        content = f.read()
    if not content:
        return []
    lines = content.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def write_outputs(out_dir, meta: dict, ids: Sequence[str], hypotheses: Sequence[str],
                  references: Sequence[str], per_document: Dict[str, List[float]],
                  resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> dict:
    """Write the four files; returns the scores.json content."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    _write_lines(out_dir / HYPOTHESES, hypotheses)
    _write_lines(out_dir / REFERENCES, references)
    _write_lines(out_dir / IDS, ids)
    scores = dict(meta)
    scores.update(
        n=len(hypotheses),
        **corpus_scores(per_document, resamples, seed),
        bootstrap={"resamples": resamples, "seed": seed, "confidence": CONFIDENCE},
        per_document=per_document,
    )
    tmp = out_dir / (SCORES + ".tmp")
    tmp.write_text(json.dumps(scores, indent=1) + "\n")
    os.replace(tmp, out_dir / SCORES)
    return scores


def read_outputs(out_dir) -> dict:
    """An output directory -> ``{"meta": scores.json, "ids", "hypotheses", "references"}``."""
    out_dir = Path(out_dir)
    if not out_dir.is_dir():
        raise EvaluationError(f"{out_dir}: no such output directory")
    missing = [n for n in (HYPOTHESES, REFERENCES, IDS, SCORES) if not (out_dir / n).exists()]
    if missing:
        raise EvaluationError(f"{out_dir}: not an evaluate.py output directory (no {', '.join(missing)})")
    try:
        meta = json.loads((out_dir / SCORES).read_text())
    except ValueError as err:
        raise EvaluationError(f"{out_dir / SCORES}: not valid JSON ({err})") from None
    result = {"meta": meta, "ids": _read_lines(out_dir / IDS),
              "hypotheses": _read_lines(out_dir / HYPOTHESES),
              "references": _read_lines(out_dir / REFERENCES)}
    sizes = {k: len(result[k]) for k in ("ids", "hypotheses", "references")}
    if len(set(sizes.values())) != 1:
        raise EvaluationError(f"{out_dir}: files of different lengths ({sizes})")
    indices = meta.get("indices")
    if indices is not None and len(indices) != sizes["ids"]:
        raise EvaluationError(f"{out_dir}: scores.json lists {len(indices)} documents, the files {sizes['ids']}")
    return result


def merge_outputs(out_dirs: Sequence) -> Tuple[dict, List[str], List[str], List[str], Dict[str, List[float]]]:
    """Shards of one run -> (meta, ids, hypotheses, references, measures) of the whole, in
    document order; ``measures``: the readability measures every shard's scores.json holds per
    document (they need the articles, which the output directories do not keep).  Checks that the
    shards come from one run and cover every document exactly once."""
    if not out_dirs:
        raise EvaluationError("merge needs at least one output directory")
    parts = [(Path(d), read_outputs(d)) for d in out_dirs]
    first_dir, first = parts[0]
    keys = ("system", "preset", "data", "limit", "total", "data_bin", "decoding", "max_source_pieces",
            "oracle_max_sentences")
    for d, part in parts[1:]:
        for key in keys:
            if part["meta"].get(key) != first["meta"].get(key):
                raise EvaluationError(
                    f"{d} and {first_dir} are not shards of one run: {key} differs "
                    f"({part['meta'].get(key)!r} vs {first['meta'].get(key)!r})")
    total = first["meta"].get("total")
    if not isinstance(total, int):
        raise EvaluationError(f"{first_dir}/{SCORES}: no document count ('total'); not written by evaluate.py generate")
    shard_counts = {part["meta"].get("shard", {}).get("count") for _, part in parts}
    seen: Dict[int, Path] = {}
    rows = {}
    measured = [m for m in faithfulness.MEASURES
                if all(m in part["meta"].get("per_document", {}) for _, part in parts)]
    measures_by_index: Dict[int, Dict[str, float]] = {}
    for d, part in parts:
        indices = part["meta"].get("indices")
        if indices is None:
            raise EvaluationError(f"{d}/{SCORES}: no document indices; not written by evaluate.py generate")
        for idx, doc_id, hyp, ref in zip(indices, part["ids"], part["hypotheses"], part["references"]):
            if idx in seen:
                raise EvaluationError(f"document {idx} ({doc_id}) is in both {seen[idx]} and {d}")
            seen[idx] = d
            rows[idx] = (doc_id, hyp, ref)
        for position, idx in enumerate(indices):
            measures_by_index[idx] = {m: part["meta"]["per_document"][m][position] for m in measured}
    missing = sorted(set(range(total)) - set(rows))
    if missing:
        have = sorted({part["meta"].get("shard", {}).get("id") for _, part in parts})
        count = next(iter(shard_counts)) if len(shard_counts) == 1 else None
        lacking = sorted(set(range(count)) - set(have)) if count else []
        raise EvaluationError(
            f"the shards cover {len(rows)} of {total} documents"
            + (f": shard(s) {', '.join(map(str, lacking))} of {count} missing" if lacking else
               f" (first missing document: {missing[0]})"))
    order = sorted(rows)
    meta = {k: v for k, v in first["meta"].items()
            if k not in ("rouge", "readability", "per_document", "bootstrap", "n", "indices", "shard", "seconds")}
    meta.update(indices=order, shard={"count": 1, "id": 0}, merged_from=[str(d) for d, _ in parts])
    measures = {m: [measures_by_index[i][m] for i in order] for m in measured}
    if all("rewriting" in part["meta"] for _, part in parts):
        meta["rewriting"] = _merged_rewriting_reports(parts, order)
    return (meta, [rows[i][0] for i in order], [rows[i][1] for i in order], [rows[i][2] for i in order], measures)


def _merged_rewriting_reports(parts, order: List[int]) -> dict:
    """One RewritingSystem.report() of the whole from its shards': the counts summed, the chosen
    sentences a document in document order, the chooser and its selection as the shards'."""
    reports = [part["meta"]["rewriting"] for _, part in parts]
    merged = {}
    for key, value in reports[0].items():
        if key == "chosen_per_document":
            by_index = {idx: n for _, part in parts
                        for idx, n in zip(part["meta"]["indices"], part["meta"]["rewriting"][key])}
            merged[key] = [by_index[i] for i in order]
        elif isinstance(value, int) and not isinstance(value, bool):
            merged[key] = sum(report.get(key, 0) for report in reports)
        else:
            merged[key] = value
    return merged


def check_same_documents(a: dict, b: dict, dir_a, dir_b) -> None:
    """Two ``read_outputs`` results cover the same documents, in the same order, with the same
    references: the condition of every paired comparison."""
    if a["ids"] != b["ids"]:
        raise EvaluationError(f"{dir_a} and {dir_b} are not on the same documents "
                              f"({len(a['ids'])} vs {len(b['ids'])} ids, or in another order)")
    if a["references"] != b["references"]:
        diff = next(i for i, (x, y) in enumerate(zip(a["references"], b["references"])) if x != y)
        raise EvaluationError(f"{dir_a} and {dir_b} have different references (first at document "
                              f"{a['ids'][diff]})")


def compare_outputs(dir_a, dir_b, resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED,
                    workers: int = 1) -> dict:
    """Paired bootstrap test of two systems' output directories on the same documents."""
    a, b = read_outputs(dir_a), read_outputs(dir_b)
    check_same_documents(a, b, dir_a, dir_b)
    scores_a = score_pairs(a["references"], a["hypotheses"], workers)
    scores_b = score_pairs(b["references"], b["hypotheses"], workers)
    for outputs, scores in ((a, scores_a), (b, scores_b)):  # measured at generate time, from the articles
        stored = outputs["meta"].get("per_document", {})
        scores.update({m: stored[m] for m in faithfulness.MEASURES
                       if m in stored and m in a["meta"].get("per_document", {}) and m in b["meta"].get("per_document", {})})
    return {
        "a": str(dir_a), "b": str(dir_b), "a_system": a["meta"].get("system"),
        "b_system": b["meta"].get("system"), "n": len(a["ids"]),
        "bootstrap": {"resamples": resamples, "seed": seed, "confidence": CONFIDENCE},
        "metrics": paired_bootstrap(scores_a, scores_b, resamples, seed),
    }


def format_scores(scores: dict) -> str:
    boot = scores.get("bootstrap", {})
    head = (f"{scores.get('system')} on {scores.get('data')} (n={scores.get('n')}): ROUGE F1 x 100, "
            f"{int(100 * boot.get('confidence', CONFIDENCE))}% bootstrap CI "
            f"({boot.get('resamples')} resamples, seed {boot.get('seed')})")
    lines = [head]
    for k in ROUGE_TYPES:
        r = scores["rouge"][k]
        lines.append(f"  {DISPLAY_NAMES[k]:<11}{r['mean']:6.2f}  [{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}]")
    readability = scores.get("readability") or {}
    if readability:
        lines.append("readability, % of summaries (spliced: of summary sentences, mean per summary; "
                     "novel words: of content words; fairseq_plugins/evaluation/faithfulness.py)")
    for k, r in readability.items():
        lines.append(f"  {faithfulness.DISPLAY_NAMES[k]:<14}{r['mean']:6.2f}  [{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}]")
    return "\n".join(lines)


def _articles_of(meta: dict, positions: Sequence[int]) -> Dict[int, str]:
    """The raw articles of an output directory's documents at ``positions`` (indices into its
    files), read from the data file ``scores.json`` names; {} when that file is not there."""
    indices = meta.get("indices")
    data = meta.get("data")
    if not indices or not data or not Path(data).is_file():
        return {}
    start = meta.get("start") or 0
    wanted = {i: indices[i] for i in positions}
    try:
        docs = read_jsonl(data, limit=max(wanted.values()) + 1, start=start)
    except EvaluationError:  # the file changed since: the samples are still worth printing
        return {}
    return {i: docs[k].article for i, k in wanted.items() if k < len(docs)}


def sample_rows(out_dir, n: int = 5, seed: int = 1) -> List[dict]:
    """``n`` documents of an output directory, drawn at random (seeded, in document order), with
    their reference and hypothesis (normalized, as scored), ROUGE-1 and the raw article when the
    data file is still where ``scores.json`` says ("" otherwise): for reading what a system writes."""
    import random

    outputs = read_outputs(out_dir)
    total = len(outputs["ids"])
    if n < 1:
        raise EvaluationError(f"n must be >= 1, got {n}")
    chosen = sorted(random.Random(seed).sample(range(total), min(n, total)))
    rouge1 = outputs["meta"].get("per_document", {}).get("rouge1")
    articles = _articles_of(outputs["meta"], chosen)
    return [{"id": outputs["ids"][i], "reference": outputs["references"][i], "hypothesis": outputs["hypotheses"][i],
             "rouge1": rouge1[i] if rouge1 else None, "article": articles.get(i, "")} for i in chosen]


def format_samples(rows: Sequence[dict]) -> str:
    """A markdown table: one row per document, each summary as a person reads it
    (``readable.readable``, cased from the row's article where it has one), its sentences on
    their own lines (<br>)."""
    from ..text.readable import readable

    def sentences(line: str, article: str) -> str:
        return "<br>".join(readable(line.split(text.SENTENCE_SEPARATOR), article)) or "(empty)"

    lines = ["| id | reference | system | R-1 |", "|---|---|---|---|"]
    for r in rows:
        score = f"{r['rouge1']:.1f}" if r["rouge1"] is not None else ""
        article = r.get("article", "")
        lines.append(f"| {r['id']} | {sentences(r['reference'], article)} | {sentences(r['hypothesis'], article)} | {score} |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Decoding search (on a slice of `valid`, never on the test split)
# ---------------------------------------------------------------------------------------------

def flag(value: str) -> bool:
    """A grid's on/off value: 1, true, yes, on or 0, false, no, off."""
    spelled = value.strip().lower()
    if spelled not in ("1", "true", "yes", "on", "0", "false", "no", "off"):
        raise ValueError(value)
    return spelled in ("1", "true", "yes", "on")


# a preset's fields a grid may vary; lead_k, words, the fusion weights and standalone: how an
# extractive checkpoint chooses (DecodingPreset.selection); spell_out_abbreviations and drop_pointers: how it writes
TUNABLE = {"beam": int, "min_len": int, "max_len_b": int, "lenpen": float, "no_repeat_ngram_size": int,
           "lead_k": int, "words": int, "max_trigram_overlap": float, **dict.fromkeys(FUSION_WEIGHTS, float),
           "standalone": flag, "spell_out_abbreviations": flag, "drop_pointers": flag}


def parse_grid(spec: str) -> List[Dict[str, float]]:
    """``"beam=4 min_len=30,45 lenpen=1,2"`` -> the settings of every combination, in order."""
    axes: List[Tuple[str, list]] = []
    for item in spec.split():
        name, sep, values = item.partition("=")
        name = name.replace("-", "_")
        if not sep or name not in TUNABLE or not values:
            raise EvaluationError(f"grid item {item!r}: expected NAME=V1,V2,... with NAME one of {', '.join(TUNABLE)}")
        try:
            axes.append((name, [TUNABLE[name](v) for v in values.split(",")]))
        except ValueError:
            raise EvaluationError(f"grid item {item!r}: {name} takes {TUNABLE[name].__name__} values") from None
    if not axes:
        raise EvaluationError("empty grid")
    combos: List[Dict[str, float]] = [{}]
    for name, values in axes:
        combos = [dict(c, **{name: v}) for c in combos for v in values]
    return combos


def _rank_by_rouge(rows: Sequence[dict], rouge1_slack: float) -> List[dict]:
    return sorted(rows, key=lambda r: -r["mean"])


def _rank_readable(rows: Sequence[dict], rouge1_slack: float) -> List[dict]:
    """Settings with no cut-off summary and ROUGE-1 within ``rouge1_slack`` of the grid's best
    first, fewest spliced sentences first among them; then the others by ROUGE."""
    best = max(r["rouge"]["rouge1"] for r in rows)

    def key(r):
        eligible = r["readability"]["cut_off"] == 0 and r["rouge"]["rouge1"] >= best - rouge1_slack
        return (not eligible, r["readability"]["spliced_sentences"] if eligible else 0.0, -r["mean"])

    return sorted(rows, key=key)


# --rank of evaluate.py tune: name -> (how the grid's table is ordered, what it means)
RANKINGS = {
    "rouge": (_rank_by_rouge, "mean of ROUGE-1, ROUGE-2 and ROUGE-Lsum, best first"),
    "readable": (_rank_readable, "no cut-off summaries and ROUGE-1 within the slack of the best, fewest "
                                 "spliced sentences first; then the rest by ROUGE"),
}


def tune_decoding(system: "CheckpointSystem", docs: Sequence[Pair], base: DecodingPreset,
                  grid: Sequence[Dict[str, float]], workers: int = 1, log=None, rank: str = "rouge",
                  rouge1_slack: float = 1.0) -> List[dict]:
    """Summarize ``docs`` with every setting of ``grid`` (fields of ``base`` replaced) and score
    each: ``[{"settings", "rouge": {type: mean}, "mean", "readability": {measure: mean}, "words",
    "seconds"}]``, ordered by ``RANKINGS[rank]`` (by default the mean of ROUGE-1, ROUGE-2 and
    ROUGE-Lsum, which no single score can buy with length alone)."""
    if rank not in RANKINGS:
        raise EvaluationError(f"unknown ranking {rank!r}; known: {', '.join(RANKINGS)}")
    references = [reference_line(d.summary) for d in docs]
    rows = []
    for settings in grid:
        preset = replace(base, **settings)
        check_preset(preset)
        system.set_preset(preset)
        start = time.perf_counter()
        hypotheses = system.summarize([d.article for d in docs])
        seconds = time.perf_counter() - start
        per_document = score_pairs(references, hypotheses, workers)
        rouge = {t: math.fsum(v) / len(v) for t, v in per_document.items()}
        measures = measure_pairs([d.article for d in docs], hypotheses, workers)
        words = sum(len(h.replace(SEPARATOR, " ").split()) for h in hypotheses) / len(hypotheses)
        rows.append({"settings": settings, "rouge": rouge, "mean": (rouge["rouge1"] + rouge["rouge2"] + rouge["rougeLsum"]) / 3,
                     "readability": {m: math.fsum(v) / len(v) for m, v in measures.items()},
                     "words": words, "seconds": round(seconds, 1)})
        if log:
            log(format_tuning(rows[-1:], header=False))
    return RANKINGS[rank][0](rows, rouge1_slack)


def format_tuning(rows: Sequence[dict], header: bool = True) -> str:
    """The grid's table; the readability columns are percentages (faithfulness.py)."""
    lines = [f"{'settings':<44}{'R-1':>7}{'R-2':>7}{'R-L':>7}{'R-Lsum':>8}{'mean':>7}{'words':>7}"
             f"{'splice%':>8}{'w/spl%':>8}{'cut%':>7}{'novel%':>8}"] if header else []
    for r in rows:
        settings = " ".join(f"{k}={v:g}" for k, v in r["settings"].items())
        g, m = r["rouge"], r["readability"]
        lines.append(f"{settings:<44}{g['rouge1']:7.2f}{g['rouge2']:7.2f}{g['rougeL']:7.2f}{g['rougeLsum']:8.2f}"
                     f"{r['mean']:7.2f}{r['words']:7.1f}{m['spliced_sentences']:8.1f}{m['has_spliced']:8.1f}"
                     f"{m['cut_off']:7.1f}{m['unsupported_words']:8.1f}")
    return "\n".join(lines)


def format_comparison(result: dict) -> str:
    lines = [f"A = {result['a']} ({result['a_system']})", f"B = {result['b']} ({result['b_system']})",
             f"paired bootstrap on {result['n']} documents ({result['bootstrap']['resamples']} resamples, "
             f"seed {result['bootstrap']['seed']}); p: two-sided, no difference as the null",
             f"  {'metric':<14}{'A':>7}{'B':>7}{'A-B':>7}   95% CI of A-B       p"]
    names = dict(DISPLAY_NAMES, **faithfulness.DISPLAY_NAMES)
    for k in list(ROUGE_TYPES) + [m for m in faithfulness.MEASURES if m in result["metrics"]]:
        m = result["metrics"][k]
        lines.append(f"  {names[k]:<14}{m['a']:7.2f}{m['b']:7.2f}{m['delta']:+7.2f}   "
                     f"[{m['ci95'][0]:+.2f}, {m['ci95'][1]:+.2f}]   {m['p_value']:.4f}")
    return "\n".join(lines)

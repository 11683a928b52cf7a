"""Summarize raw text with a trained checkpoint: the one Python API behind the command line and
the demo.

    from app import Summarizer
    s = Summarizer("checkpoints/quickstart/checkpoint_best.pt", data_dir="data-bin/toy")
    print(s.summarize(open("article.txt").read()).summary)

The article is prepared once into a `fairseq_plugins.text.Document` (normalized as the training
data was, masked for a model trained on masked numbers), then read by fairseq's own beam search
(`task.build_generator`) with our CPU trigram-blocking fix.  The model writes lowercased,
tokenized sentences; the Document takes them back (`Document.written`: numbers restored,
detokenized and cased as the article writes its words).  `Summary.summary` and
`Summary.sentences` are what a person reads, `Summary.normalized_sentences` what the model wrote.

An extractive checkpoint (`fairseq_plugins/models/extractive.py`) instead scores the article's
sentences and returns the best ones by its preset's rule (`DecodingPreset.selection`: k sentences or a length in words)
exactly as the article writes them (`Document.verbatim`); the beam search settings do not apply
to it.  One trained on masked numbers (SumPubMed) reads the article masked and gives its
sentences back verbatim, numbers and bracketed text included.

A rewriting bundle (``"kind": "rewriting"`` in its card; ``fairseq_plugins/models/rewriter.py``)
holds its chooser, an extractive bundle, in ``chooser/``: the chooser picks the sentences (its
preset's rule), the rewriter reads the whole article with them marked and writes one sentence for
each (``text.rewriting.choose_and_mark``, ``text.rewriting.rewritten``: the evaluation harness's
same steps), each sentence's numbers taken from the sentence it rewrites.

``DecodingOptions.words`` sets the length of the models that choose sentences (extractive and
rewriting) in words of the chosen sentences; None keeps the length tuned for the model.
"""
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional, Tuple

import fairseq_plugins  # noqa: F401  (registers the models; applies the fairseq fixes)
import torch
from fairseq import checkpoint_utils
from fairseq.dataclass.configs import GenerationConfig
from fairseq_plugins import text
from fairseq_plugins.evaluation import DECODING_PRESETS, configure_rewriter, longest_summary
from fairseq_plugins.fixes import load_checkpoint
from fairseq_plugins.models.extractive import ExtractiveSummarizer
from fairseq_plugins.models.rewriter import SentenceRewriterModel
from fairseq_plugins.text import Document, extraction, rewriting
from fairseq_plugins.text.document import whole_sentences

from .bundle import chooser_dir, read_preset

# a length a person may ask of a model that chooses sentences, in words
MIN_WORDS, MAX_WORDS = 10, 2000


# The shipped model is a CNN/DailyMail summarizer: its defaults are the `cnndm` preset, whose
# lengths and length penalty were tuned on `valid` (fairseq_plugins/evaluation/harness.py), so the demo,
# the command line and the evaluation harness decode alike unless told otherwise.
_DEFAULT_PRESET = DECODING_PRESETS["cnndm"]
# the first note of every free abstractive summary: its decoder writes sentences of its own, and
# about half the news model's sentences and 68% of the papers model's join clauses from distant
# places of the document (docs/rewriting.md); extractive and rewritten summaries hold only its words
ABSTRACTIVE_CAUTION = ("Abstractive: the model writes sentences of its own and can state facts or figures the "
                       "article does not hold; check them against the article, or choose an extractive or rewritten "
                       "model, which give only the article's own words.")


@dataclass
class DecodingOptions:
    """Beam search settings (fairseq-generate's flags of the same names)."""

    beam: int = _DEFAULT_PRESET.beam
    min_len: int = _DEFAULT_PRESET.min_len  # in sentencepiece pieces
    max_len: int = _DEFAULT_PRESET.max_len_b
    lenpen: float = _DEFAULT_PRESET.lenpen
    no_repeat_ngram_size: int = _DEFAULT_PRESET.no_repeat_ngram_size  # 3: trigram blocking
    # extractive and rewriting models: about this many words of the article's sentences are chosen
    # (None: the length tuned for the model, its preset's)
    words: Optional[int] = None

    @classmethod
    def from_preset(cls, name: str) -> "DecodingOptions":
        """The beam search settings of a decoding preset (fairseq_plugins/evaluation/harness.py)."""
        preset = DECODING_PRESETS[name]
        return cls(preset.beam, preset.min_len, preset.max_len_b, preset.lenpen, preset.no_repeat_ngram_size)

    def generation_config(self) -> GenerationConfig:
        return GenerationConfig(beam=self.beam, min_len=self.min_len, max_len_a=0, max_len_b=self.max_len,
                                lenpen=self.lenpen, no_repeat_ngram_size=self.no_repeat_ngram_size)

    def validate(self) -> None:
        if not 1 <= self.beam <= 16:
            raise ValueError(f"beam size must be between 1 and 16, got {self.beam}")
        if not 1 <= self.max_len <= 1024:
            raise ValueError(f"maximum length must be between 1 and 1024 pieces, got {self.max_len}")
        if not 0 <= self.min_len <= self.max_len:
            raise ValueError(f"minimum length must be between 0 and the maximum ({self.max_len}), got {self.min_len}")
        if self.no_repeat_ngram_size < 0:
            raise ValueError("no_repeat_ngram_size must be >= 0 (0 turns blocking off)")
        if self.words is not None and not MIN_WORDS <= self.words <= MAX_WORDS:
            raise ValueError(f"summary length must be between {MIN_WORDS} and {MAX_WORDS} words, got {self.words}")


def best_hypothesis(task, model, options: DecodingOptions, sample: dict) -> dict:
    """fairseq's beam search as the app runs it (the task's generator, with our CPU trigram
    blocking, and its inference step): the best hypothesis of the first article in `sample`.
    scripts/bench/papers.py times this same call."""
    generator = task.build_generator([model], options.generation_config())
    with torch.inference_mode():
        return task.inference_step(generator, [model], sample)[0][0]


def _edited_with_notes(document: Document, verbatim: List[str], spell_out: bool,
                       drop_pointers: bool) -> Tuple[List[str], List[str]]:
    """An extractive summary's verbatim sentences edited for a reader (``Document.edited``, one edit
    at a time in its order, so each one's change is seen once) and the notes that say what changed."""
    notes = []
    without = document.edited(verbatim, drop_pointers=drop_pointers)
    changed = sum(before != after for before, after in zip(verbatim, without))
    if changed:
        notes.append(f"Pointers to figures, tables or references, which a summary does not carry, are left out "
                     f"of {changed} sentence(s).")
    edited = document.edited(without, spell_out=spell_out)
    before, after = "\n".join(without), "\n".join(edited)
    written_out = [short for short in document.defined_abbreviations
                   if after.count(f"({short})") > before.count(f"({short})")]
    if written_out:
        notes.append(f"Abbreviations the article defines, written out where the summary first uses them: "
                     f"{', '.join(written_out)}.")
    return edited, notes


@dataclass
class Summary:
    summary: str  # what a person reads: `sentences` joined by newlines
    sentences: List[str]  # cased and detokenized (fairseq_plugins.text.readable), or verbatim for Lead-3
    input_pieces: int  # length of the article in pieces, before truncation
    used_pieces: int  # what the model saw
    output_pieces: int
    truncated: bool
    seconds: float
    notes: List[str] = field(default_factory=list)
    normalized_sentences: List[str] = field(default_factory=list)  # as the model wrote them (lower case, tokenized)


class Summarizer:
    """A checkpoint plus the data directory that holds its dictionary, sentencepiece model and
    preparation settings (`dict.source.txt`, `spm.model`, `prepare.json`)."""

    def __init__(self, checkpoint: str, data_dir: Optional[str] = None, max_source_pieces: Optional[int] = None):
        checkpoint = Path(checkpoint)
        data_dir = Path(data_dir) if data_dir else checkpoint.parent
        for needed in (checkpoint, data_dir / "spm.model", data_dir / "dict.source.txt"):
            if not needed.exists():
                raise FileNotFoundError(f"{needed} not found (a model needs its checkpoint, spm.model and dictionaries)")
        load_checkpoint(str(checkpoint))  # a clear ValueError for a corrupt file, before fairseq sees it
        models, cfg, task = checkpoint_utils.load_model_ensemble_and_task(
            [str(checkpoint)], arg_overrides={"data": str(data_dir)}
        )
        self.model = models[0].eval()
        self.task = task
        self.dictionary = task.source_dictionary
        self.sentencepiece = text.load_sentencepiece(str(data_dir / "spm.model"))
        settings = json.loads((data_dir / "prepare.json").read_text()) if (data_dir / "prepare.json").exists() else {}
        # a bundle's card names the decoding preset tuned for it (scripts/export_model.py --preset)
        self.preset = read_preset(data_dir)
        if self.preset not in DECODING_PRESETS:
            raise ValueError(f"{data_dir / 'model.json'}: unknown decoding preset {self.preset!r}")
        model_limit = self.model.max_positions()[0] - 1  # room for </s>
        self.max_source_pieces = min(max_source_pieces or settings.get("max_source_pieces") or model_limit, model_limit)
        self.extractive = isinstance(self.model, ExtractiveSummarizer)
        # a model trained on masked numbers and citations (SumPubMed) reads a person's text masked
        # the same way, and its summary gets the article's numbers back (fairseq_plugins/text/masking.py)
        self.masks_numbers = bool(settings.get("masking"))
        # a rewriter rewrites what its chooser (an extractive bundle inside its own) chooses
        self.chooser = self._load_chooser(data_dir) if isinstance(self.model, SentenceRewriterModel) else None
        if self.chooser is not None:  # decoded as the harness decodes it (alignments, segments)
            configure_rewriter(self.model, DECODING_PRESETS[self.preset])
        # fairseq's stop, whatever max_len asks for (an extractive model writes nothing: no cap)
        self.length_cap = 0 if self.extractive else longest_summary(self.model)

    @property
    def kind(self) -> str:
        """What it writes: "extractive", "rewriting" or "abstractive"."""
        return "extractive" if self.extractive else "rewriting" if self.chooser is not None else "abstractive"

    def _load_chooser(self, bundle: Path) -> "Summarizer":
        directory = chooser_dir(bundle)
        if not (directory / "checkpoint.pt").is_file():
            raise FileNotFoundError(f"{directory / 'checkpoint.pt'} not found: a sentence rewriter needs the extractive "
                                    "model that chooses its sentences (scripts/export_model.py --chooser)")
        chooser = Summarizer(str(directory / "checkpoint.pt"), str(directory))
        if not chooser.extractive:
            raise ValueError(f"{directory}: a rewriter's chooser must be an extractive model")
        if chooser.masks_numbers != self.masks_numbers:
            raise ValueError(f"{directory}: the chooser and the rewriter read numbers differently")
        return chooser

    def selection(self, words: Optional[int] = None) -> extraction.Selection:
        """How this extractive model chooses: its preset's rule, ``words`` its length if given."""
        return DECODING_PRESETS[self.preset].selection(words)

    def default_options(self) -> DecodingOptions:
        """The decoding settings tuned for this model (its preset)."""
        return DecodingOptions.from_preset(self.preset)

    def summarize(self, article: str, options: Optional[DecodingOptions] = None) -> Summary:
        options = options or self.default_options()
        options.validate()
        if self.extractive:
            return self._extract(article, options.words)
        if self.chooser is not None:
            return self._rewrite(article, options)
        length_cap = self.length_cap
        if options.min_len > length_cap:
            raise ValueError(f"minimum length must be at most {length_cap} pieces, the longest summary this model "
                             f"writes, got {options.min_len}")
        start = time.perf_counter()
        document = Document.prepare(article, masked=self.masks_numbers)
        pieces, total = document.source_pieces(self.sentencepiece, self.max_source_pieces)
        if not pieces.strip():
            raise ValueError("the article has no text to summarize")
        tokens = self.dictionary.encode_line(pieces, add_if_not_exist=False, append_eos=True).long()
        sample = {"net_input": {"src_tokens": tokens[None], "src_lengths": torch.tensor([tokens.numel()])}}
        best = best_hypothesis(self.task, self.model, options, sample)
        # dictionary.string stops at </s>
        written = document.written(self.dictionary.string(best["tokens"]), pieces, best.get("attention"))
        notes = [ABSTRACTIVE_CAUTION]
        if written.numbers_restored:
            notes.append(f"{written.numbers_restored} number(s) in the summary were copied back from the article: the "
                         "model writes a placeholder for a number and points at the article's number it copies.")
        if written.cut_off_dropped:  # the length limit stopped the model mid-sentence: a person reads whole sentences
            notes.append("The model's last sentence was cut off by the maximum length and is left out.")
        used = tokens.numel() - 1
        if options.words is not None:
            notes.append("A length in words applies to the models that choose sentences; this model's length is "
                         "set by the minimum and maximum length.")
        if options.max_len > length_cap:
            notes.append(f"This model writes at most {length_cap} pieces; the maximum length asked for was "
                         f"{options.max_len}.")
        return Summary(
            summary="\n".join(written.sentences),
            sentences=written.sentences,
            normalized_sentences=written.normalized,
            input_pieces=total,
            used_pieces=used,
            output_pieces=len(best["tokens"]) - 1,
            truncated=total > used,
            seconds=time.perf_counter() - start,
            notes=notes,
        )

    def _read_and_score(self, article: str):
        """(the article's Document, the source this extractive model reads, its score for each
        sentence read): the step the extractive model and a rewriter's chooser share."""
        document = Document.prepare(article, masked=self.masks_numbers)
        if not document.sentences:
            left_out = " once its bracketed text is left out" if document.masked and document.raw.strip() else ""
            raise ValueError(f"the article has no text to summarize{left_out}")
        source = document.extractive_source(self.sentencepiece, self.max_source_pieces)
        return document, source, extraction.sentence_scores(self.model, self.dictionary, [source.line])[0]

    def _extract(self, article: str, words: Optional[int] = None) -> Summary:
        """The article's own sentences, verbatim, that the extractive model scores highest
        (``words``: about this many words of them instead of the preset's length)."""
        start = time.perf_counter()
        document, source, scores = self._read_and_score(article)
        sentences = document.sentences
        selection = self.selection(words)
        chosen = selection.choose_in(document, scores)
        read = len(source.pieces)
        how = ("the model scores highest" if not selection.fused else
               "ranked by the model, two measures of centrality and position together")
        notes = [f"Extractive: {len(chosen)} sentences of the article {how}, copied as the article writes them"
                 + (", numbers included." if self.masks_numbers else ".")]
        if read < len(sentences):
            notes.append(f"The model read the first {read} of the article's {len(sentences)} sentences "
                         f"(whole sentences, up to {self.max_source_pieces} pieces).")
        verbatim, edit_notes = _edited_with_notes(document, document.verbatim(chosen),
                                                  **DECODING_PRESETS[self.preset].reader_edits)
        notes.extend(edit_notes)
        return Summary(
            summary="\n".join(verbatim),
            sentences=verbatim,
            normalized_sentences=[sentences[i] for i in chosen],
            input_pieces=source.total_pieces,
            used_pieces=source.used_pieces,
            output_pieces=sum(len(source.pieces[i]) for i in chosen),
            truncated=read < len(sentences),
            seconds=time.perf_counter() - start,
            notes=notes,
        )

    def _rewrite(self, article: str, options: DecodingOptions) -> Summary:
        """The chooser's sentences, each rewritten by the rewriter reading the whole article."""
        start = time.perf_counter()
        # the chooser reads numbers as the rewriter does (_load_chooser checks), so its Document is the rewriter's
        document, source, scores = self.chooser._read_and_score(article)
        marked = rewriting.choose_and_mark(self.sentencepiece, document, self.max_source_pieces, scores,
                                           self.chooser.selection(options.words))
        tokens = self.dictionary.encode_line(marked.line, add_if_not_exist=False, append_eos=True).long()
        sample = {"net_input": {"src_tokens": tokens[None], "src_lengths": torch.tensor([tokens.numel()])}}
        best = best_hypothesis(self.task, self.model, options, sample)
        output = self.dictionary.string(best["tokens"]).split()  # stops at </s>
        preset = DECODING_PRESETS[self.preset]
        back = rewriting.rewritten(document, output, marked, best.get("attention"),
                                   skip=(rewriting.CHOSEN_MARK, self.dictionary[self.dictionary.pad()]),
                                   deletions=preset.deletions, **preset.reader_edits)
        sentences, cut_off = whole_sentences(back.sentences)  # a person reads whole sentences
        readable_sentences = document.readable(sentences)
        notes = [f"Rewritten: {len(marked.chosen)} sentences of the article chosen by the extractive model, each "
                 "rewritten by a model that reads the whole article; a sentence's numbers can only come from the "
                 "sentence it rewrites."]
        if cut_off:
            notes.append("The last rewritten sentence was cut off by the maximum length and is left out.")
        if back.kept_verbatim:
            notes.append(f"{back.kept_verbatim} sentence(s) are given as the article writes them: their rewrite had a "
                         "word the sentence does not hold.")
        if back.deletions_undone:
            notes.append(f"In {back.deletions_undone} sentence(s) words the rewriter left out are put back: only "
                         "whole side parts of a sentence (a clause set off by commas, a parenthesis) may be left out.")
        if back.missing_segments:
            notes.append(f"{back.missing_segments} chosen sentence(s) were not rewritten (the summary reached its "
                         f"length limit of {self.length_cap} pieces).")
        if marked.sentences < len(document.sentences):
            notes.append(f"The models read the first {marked.sentences} of the article's {len(document.sentences)} "
                         f"sentences (whole sentences, up to {self.max_source_pieces} pieces).")
        return Summary(
            summary="\n".join(readable_sentences),
            sentences=readable_sentences,
            normalized_sentences=sentences,
            input_pieces=source.total_pieces,
            used_pieces=marked.used_pieces,
            output_pieces=len(best["tokens"]) - 1,
            truncated=marked.sentences < len(document.sentences),
            seconds=time.perf_counter() - start,
            notes=notes,
        )

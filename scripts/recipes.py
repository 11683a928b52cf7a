#!/usr/bin/env python3
"""Training recipes: one named entry per experiment -> the fairseq-train arguments that run it.

    python scripts/recipes.py list                      # the table, one line a recipe
    python scripts/recipes.py show RECIPE [--nproc N --device cpu|gpu]   # its fairseq-train flags

Training itself goes through ``scripts/train.sh`` (``scripts/train.py``), which adds the device,
the number of processes and the data / save directories.

Every recipe trains on a directory written by ``scripts/prepare_data.py`` (sentencepiece pieces,
joined dictionary, languages ``source`` / ``target``) with label-smoothed cross-entropy (0.1),
Adam, a linear warm-up followed by an inverse square-root decay, dropout, gradient clipping,
source truncation (``--truncate-source``: sources longer than the recipe's limit are cut, never
dropped) and checkpoint selection on the validation loss (``checkpoint_best.pt``; evaluate that
one).  ``batch_size`` is the *effective* batch, articles per update: the launcher divides it
among the processes, so a recipe means the same optimisation whatever NPROC is.

Where a setting is not in the source (paper / report), the value is ours and says so in ``notes``.
"""
import argparse
import shlex
import sys
from dataclasses import dataclass, field, replace
from typing import Dict, List, Optional, Tuple

__all__ = ["Recipe", "RECIPES", "get_recipe", "recipe_args", "COMMON_ARGS"]

MAX_TARGET_POSITIONS = 1024

# Flags every recipe shares (the task and the data layout of scripts/prepare_data.py).
COMMON_ARGS: Tuple[str, ...] = (
    "--task", "translation", "--source-lang", "source", "--target-lang", "target",
    "--truncate-source",
    "--criterion", "label_smoothed_cross_entropy", "--label-smoothing", "0.1",
    "--optimizer", "adam", "--adam-betas", "(0.9, 0.98)", "--adam-eps", "1e-08",
    "--lr-scheduler", "inverse_sqrt", "--warmup-init-lr", "1e-07",
    "--best-checkpoint-metric", "loss",
    "--skip-invalid-size-inputs-valid-test",
    "--log-format", "simple",
    "--seed", "1",
)


@dataclass(frozen=True)
class Recipe:
    name: str
    arch: str
    description: str
    source: str  # where the settings come from
    lr: float
    warmup_updates: int
    dropout: float
    weight_decay: float
    clip_norm: float
    max_source_pieces: int  # sources are truncated to this many pieces (+ </s>)
    max_target_pieces: int  # what prepare_data.py should keep of a summary
    batch_size: Optional[int]  # articles per update, all processes together (None: by tokens)
    stop: Tuple[str, ...]  # --max-epoch / --max-update / --stop-time-hours
    checkpointing: Tuple[str, ...]
    preset: str  # decoding preset of scripts/evaluate.py for this recipe's models
    extra: Tuple[str, ...] = ()  # anything else (e.g. --max-tokens for token batches)
    log_interval: int = 100
    notes: Tuple[str, ...] = field(default=())

    prepare_extra: Tuple[str, ...] = ()  # other scripts/prepare_data.py flags its data needs

    def prepare_args(self) -> List[str]:
        """The scripts/prepare_data.py flags that give this recipe its data."""
        return ["--max-source-pieces", str(self.max_source_pieces),
                "--max-target-pieces", str(self.max_target_pieces), *self.prepare_extra]


def _fmt(value: float) -> str:
    return format(value, "g")  # 0.0001, 0.0005, 0.1, 1, 0


# Checkpointing: the last checkpoint at every epoch end and every N updates (so a killed run loses
# at most N updates), the best by validation loss, and only a couple of the interval ones kept.
def _checkpointing(every_updates: int, keep: int = 2) -> Tuple[str, ...]:
    return ("--save-interval", "1", "--save-interval-updates", str(every_updates),
            "--keep-interval-updates", str(keep), "--keep-last-epochs", str(keep))


_CS224N_NOTES = (
    "CS224N report: 3+3 layers, 4 heads, d 256, FFN 1024; Adam (0.9, 0.98); label smoothing 0.1;"
    " inverse sqrt with 4,000 warm-up; dropout 0.1; weight decay 1e-4; batch 16; 300k updates;"
    " articles truncated to 400 tokens, summaries to 100 (120 at test); beam 4, trigram blocking.",
    "Ours (not in the report): peak lr 5e-4 (fairseq's usual value for this schedule and size),"
    " clip-norm 1.0, sentencepiece pieces instead of a 50k-word vocabulary.",
)

_CS224N_ARCHS: Dict[str, Tuple[str, str]] = {
    "transformer": ("transformer_small", "TransformerSmall: full softmax attention"),
    "lightconv": ("lightconv_small", "LightConvSmall: fairseq's lightweight convolutions, kernels 15, 31, 31"),
    "local": ("local_transformer_small", "LocalSmall: attention inside blocks of 50 tokens"),
    "shifted_local": ("shifted_local_transformer_small", "LocalSmall + shift: blocks shifted by 25 in odd layers"),
    "input_conv": ("input_conv_transformer_small", "TransformerSmall + strided input convolution (k = 4)"),
    "memory_compressed": ("memory_compressed_transformer_small", "memory-compressed attention (k = 4)"),
}


def _cs224n(variant: str) -> Recipe:
    arch, what = _CS224N_ARCHS[variant]
    return Recipe(
        name=f"cs224n_{variant}",
        arch=arch,
        description=f"CS224N small model, {what}",
        source="CS224N report (papers.md part B)",
        lr=5e-4,
        warmup_updates=4000,
        dropout=0.1,
        weight_decay=1e-4,
        clip_norm=1.0,
        max_source_pieces=400,
        max_target_pieces=100,
        batch_size=16,
        stop=("--max-update", "300000"),
        checkpointing=_checkpointing(5000),
        preset="cnndm",
        notes=_CS224N_NOTES,
    )


_TABLE9_NOTES = (
    "Fastformer Table 9: hidden 256, 16 heads, dropout 0.2, Adam lr 1e-4, batch 32, beam 5.",
    "Ours (not in the paper): the warm-up + inverse sqrt schedule (1,000 warm-up updates),"
    " Adam betas (0.9, 0.98), no weight decay, clip-norm 1.0, checkpoint selection on valid loss,"
    " sentencepiece pieces instead of NLTK words + GloVe.",
    "Prepare the data with the recipe's source length (prepare_data.py --max-source-pieces):"
    " sources cut shorter at preparation time cannot be lengthened by the recipe.",
)

_CPU_BUDGET = Recipe(
    name="cpu_budget",
    arch="fastformer_conv_small",
    description="The demo model's recipe (scripts/train_demo_model.sh runs the same flags):"
    " Fastformer encoder with a local convolution before each attention, softmax decoder,"
    " copy attention, trained for a cumulative wall-clock budget on CPU",
    source="ours",
    lr=1e-3,
    warmup_updates=800,
    dropout=0.1,
    weight_decay=0.0,
    clip_norm=1.0,
    max_source_pieces=400,
    max_target_pieces=100,
    batch_size=None,
    extra=("--max-tokens", "6000", "--required-batch-size-multiple", "1",
           "--decoder-self-attention", "softmax", "--copy-attention", "--autocast-bf16"),
    stop=("--max-epoch", "50", "--stop-time-hours", "2"),
    checkpointing=_checkpointing(500, keep=-1),
    preset="cnndm",
    log_interval=25,
    notes=("--stop-time-hours counts cumulative training time, kept in the checkpoint, so a"
           " resumed run stops at the same total budget.",
           "Batches by tokens (--max-tokens per process): with NPROC > 1 the effective"
           " batch grows with the number of processes."),
)


# The papers model: the cpu_budget model reading whole papers; its own data, batch, stop and preset.
_PAPERS = replace(
    _CPU_BUDGET,
    name="papers",
    description="The scientific-paper model (app/model_papers): the cpu_budget model reading"
    " whole SumPubMed papers (8,192 pieces, numbers and citations masked) and writing"
    " abstracts of up to 512 pieces",
    warmup_updates=500,
    max_source_pieces=8192,
    max_target_pieces=512,
    extra=("--max-tokens", "131072", "--required-batch-size-multiple", "1",
           "--decoder-self-attention", "softmax", "--copy-attention", "--autocast-bf16"),
    stop=("--max-epoch", "100", "--stop-time-hours", "0.21"),
    preset="papers",
    log_interval=50,
    prepare_extra=("--mask-numbers", "--vocab-size", "16000"),
    notes=("--max-tokens 131072: about 16-24 papers a batch, sized for one GPU (the shipped model"
           " trained 0.21 h on one H100); on CPU pass a smaller --max-tokens.",),
)

# The equal-CPU-budget study of encoders on SumPubMed (scripts/papers_study.sh): the papers recipe
# for 2 CPU cores: fp32 (bf16 autocast is 10-20x slower on AVX2-only CPUs, docs/papers.md), about
# 16k source tokens a batch (2 whole papers, or 16 cut at 1,024 pieces), a warm-up that fits
# the few hundred updates an hour gives, and an hour of training time per encoder.
_PAPERS_CPU = replace(
    _PAPERS,
    name="papers_cpu",
    description="The papers recipe on CPU for the equal-budget study of encoders"
    " (scripts/papers_study.sh): fp32, 16k source tokens a batch, 1 hour of training on one core",
    warmup_updates=100,
    # No validation inside the budget: fairseq's clock counts it as training time, its cost differs
    # by encoder, and --max-valid-steps would score a different subset of papers in each row
    # (batches hold 2 papers at 8,192 pieces, 16 at 1,024). Every interval checkpoint is kept and
    # scored afterwards on the same papers (fairseq_plugins/evaluation/study.py: the curve of each row's record).
    extra=("--max-tokens", "16400", "--required-batch-size-multiple", "1",
           "--decoder-self-attention", "softmax", "--copy-attention", "--disable-validation"),
    stop=("--max-epoch", "100", "--stop-time-hours", "1"),
    checkpointing=_checkpointing(100, keep=-1),
    log_interval=10,
    notes=("Every row of the study uses it, changing only --arch and --max-source-positions"
           " (--truncate-source cuts the same data-bin/sumpubmed_study); the driver pins each row to one"
           " core with one thread.",),
)

# The extractive news model (app/model_extractive): the shipped news model's encoder, fine-tuned
# with two sentence layers to score sentences against the greedy oracle (models/extractive.py).
_EXTRACTIVE = replace(
    _CPU_BUDGET,
    name="extractive",
    arch="extractive_fastformer_conv_small",
    description="Extractive news model (app/model_extractive): the cpu_budget model's encoder"
    " (--pretrained-encoder app/model/checkpoint.pt) + 2 sentence layers, trained with binary"
    " cross-entropy against the greedy oracle's 3 sentences; reads 640 pieces of whole sentences",
    source="BertSumExt (Liu & Lapata 2019) with our encoder; settings ours",
    lr=5e-4,
    warmup_updates=100,
    max_source_pieces=640,
    max_target_pieces=0,
    # about 10 articles a batch; validation on the first 40 batches of valid (400 articles), as a
    # pass over all 4,368 takes 9 minutes on 2 cores
    extra=("--max-tokens", "6400", "--required-batch-size-multiple", "1",
           "--criterion", "sentence_extraction", "--max-valid-steps", "40"),
    stop=("--max-epoch", "20", "--stop-time-hours", "0.6"),
    checkpointing=_checkpointing(200, keep=-1),
    preset="cnndm",
    log_interval=25,
    prepare_extra=(),
    notes=("Data: scripts/prepare_extractive.py --bundle app/model (its own flags; not prepare_data.py).",
           "Pass --pretrained-encoder BUNDLE/checkpoint.pt after the data and save directories:"
           " the encoder starts from the abstractive model's.",
           "--label-smoothing 0.1 (the shared flag) smooths the binary targets to 0.05 / 0.95."),
)

# The extractive papers model: the same design on whole SumPubMed papers, its encoder started from
# the shipped papers model's (app/model_papers), labels from the greedy oracle without a cap on
# sentences (about 13 a paper). CPU settings: fp32, about 4 papers (33k pieces) a batch.
_PAPERS_EXTRACTIVE = replace(
    _EXTRACTIVE,
    name="papers_extractive",
    description="Extractive papers model: the papers model's encoder (--pretrained-encoder"
    " app/model_papers/checkpoint.pt) + 2 sentence layers, trained against the greedy oracle's"
    " sentences; reads 8,192 pieces of whole sentences, numbers and citations masked",
    max_source_pieces=8192,
    extra=("--max-tokens", "33000", "--required-batch-size-multiple", "1",
           "--criterion", "sentence_extraction", "--max-valid-steps", "25"),
    stop=("--max-epoch", "20", "--stop-time-hours", "1"),
    checkpointing=_checkpointing(100, keep=-1),
    preset="papers",
    log_interval=10,
    notes=("Data: scripts/prepare_extractive.py --bundle app/model_papers --max-source-pieces 8192"
           " --oracle-sentences 0 (its own flags; not prepare_data.py).",
           "Pass --pretrained-encoder app/model_papers/checkpoint.pt after the data and save directories.",
           _EXTRACTIVE.notes[-1]),  # the label smoothing
)

def _rewriter_batches(max_tokens: int, max_valid_steps: int) -> Tuple[str, ...]:
    """The sentence rewriters' batches and decoder (the softmax decoder with the copy head that their
    abstractive starting points were trained with); validation capped at ``max_valid_steps`` batches."""
    return ("--max-tokens", str(max_tokens), "--required-batch-size-multiple", "1",
            "--decoder-self-attention", "softmax", "--copy-attention", "--max-valid-steps", str(max_valid_steps))


# The sentence rewriters (models/rewriter.py): the shipped news model, encoder and decoder, fine-tuned
# to rewrite the chosen sentences of a whole document one by one; the restricted decoder writes
# summary sentence k from chosen sentence k alone, the tags-only one may attend anywhere.
_REWRITER = replace(
    _CPU_BUDGET,
    name="rewriter",
    arch="rewriter_restricted_fastformer_conv_small",
    description="Sentence rewriter: the cpu_budget model (--pretrained-model app/model/checkpoint.pt)"
    " reading 640 pieces with the chosen sentences tagged, writing summary sentence k from chosen"
    " sentence k only (cross-attention and copying restricted to it)",
    source="contextualized rewriting (Bao & Zhang 2021) with our encoder; settings ours",
    lr=5e-4,
    warmup_updates=100,
    max_source_pieces=640,
    max_target_pieces=100,
    extra=_rewriter_batches(6400, 40),
    stop=("--max-epoch", "20", "--stop-time-hours", "1"),
    checkpointing=_checkpointing(200, keep=-1),
    preset="cnndm_rewriting",
    log_interval=25,
    notes=("Data: scripts/prepare_rewriting.py --bundle app/model (its own flags; not prepare_data.py).",
           "Pass --pretrained-model app/model/checkpoint.pt after the data and save directories:"
           " encoder and decoder start from the abstractive model's, the tag embedding at zero."),
)
# The papers rewriter: the papers model (app/model_papers), encoder and decoder, fine-tuned the same
# way on whole SumPubMed papers; batches of about 2 papers as in the papers study (one CPU core).
_REWRITER_PAPERS = replace(
    _REWRITER,
    name="rewriter_papers",
    description="Papers sentence rewriter: the papers model (--pretrained-model app/model_papers/checkpoint.pt)"
    " reading 8,192 pieces of a paper with the chosen sentences tagged (numbers masked), writing summary"
    " sentence k from chosen sentence k only",
    max_source_pieces=8192,
    max_target_pieces=512,
    extra=_rewriter_batches(16400, 10),
    checkpointing=_checkpointing(100, keep=-1),
    preset="papers_rewriting",
    log_interval=10,
    notes=("Data: scripts/prepare_rewriting.py --bundle app/model_papers --max-source-pieces 8192.",
           "Pass --pretrained-model app/model_papers/checkpoint.pt after the data and save directories."),
)
# The papers rewriter on one GPU: batches of about 5 papers (on a GPU a step of 5 costs little more
# than a step of 2), a checkpoint every 200 updates, 0.045 hours: about 2,000 updates, 2.2 epochs of
# the 5,000 training papers on one H100 (the CPU recipe's 2.1 core-hours made 700 updates, 0.36 epochs).
_REWRITER_PAPERS_GPU = replace(
    _REWRITER_PAPERS,
    name="rewriter_papers_gpu",
    description="The papers sentence rewriter on one GPU (DEVICE=gpu): batches of about 5 papers, 0.045 hours",
    extra=_rewriter_batches(32800, 10),
    stop=("--max-epoch", "20", "--stop-time-hours", "0.045"),
    checkpointing=_checkpointing(200, keep=-1),
)
_REWRITER_TAGS = replace(
    _REWRITER,
    name="rewriter_tags",
    arch="rewriter_fastformer_conv_small",
    description="The rewriter recipe with the tags-only decoder (it may attend anywhere in the document)",
)

RECIPES: Dict[str, Recipe] = {
    r.name: r
    for r in [
        Recipe(
            name="fastformer_cnndm_paper",
            arch="fastformer_cnndm",
            description="Fastformer on CNN/DailyMail, Table 9: 4+4 layers, sources up to 2048, 12 epochs",
            source="Fastformer (Wu et al. 2021) Table 9",
            lr=1e-4,
            warmup_updates=1000,
            dropout=0.2,
            weight_decay=0.0,
            clip_norm=1.0,
            max_source_pieces=2048,
            max_target_pieces=256,
            batch_size=32,
            stop=("--max-epoch", "12"),
            checkpointing=_checkpointing(2000),
            preset="cnndm_paper",
            notes=_TABLE9_NOTES + ("12 epochs of the 287k-pair CNN/DM training set are about 108k updates.",),
        ),
        Recipe(
            name="fastformer_pubmed_paper",
            arch="fastformer_pubmed",
            description="Fastformer on PubMed, Table 9: 2+4 layers, sources up to 4096, 15 epochs",
            source="Fastformer (Wu et al. 2021) Table 9",
            lr=1e-4,
            warmup_updates=1000,
            dropout=0.2,
            weight_decay=0.0,
            clip_norm=1.0,
            max_source_pieces=4096,
            max_target_pieces=512,
            batch_size=32,
            stop=("--max-epoch", "15"),
            checkpointing=_checkpointing(2000),
            preset="pubmed",
            notes=_TABLE9_NOTES,
        ),
    ]
    + [_cs224n(v) for v in _CS224N_ARCHS]
    + [
        _CPU_BUDGET,
        _PAPERS,
        _PAPERS_CPU,
        _EXTRACTIVE,
        _PAPERS_EXTRACTIVE,
        _REWRITER,
        _REWRITER_TAGS,
        _REWRITER_PAPERS,
        _REWRITER_PAPERS_GPU,
    ]
}


def get_recipe(name: str) -> Recipe:
    try:
        return RECIPES[name]
    except KeyError:
        raise KeyError(
            f"unknown recipe {name!r}; known recipes: {', '.join(RECIPES)}"
        ) from None


def recipe_args(recipe: Recipe, per_process_batch: Optional[int] = None) -> List[str]:
    """The recipe's fairseq-train flags (no data directory, save directory, device or process
    flags: scripts/train.py adds those).  ``per_process_batch`` replaces the recipe's effective
    batch with the per-process value the launcher computed (None: the recipe's own, or no
    --batch-size flag when the recipe batches by tokens)."""
    args = ["--arch", recipe.arch]
    args += list(COMMON_ARGS)
    args += [
        "--max-source-positions", str(recipe.max_source_pieces + 1),  # + </s>
        # room for decoding past the training targets' length (positions are sinusoidal: no
        # parameters; fairseq caps generation at this minus one)
        "--max-target-positions", str(MAX_TARGET_POSITIONS),
        "--lr", _fmt(recipe.lr),
        "--warmup-updates", str(recipe.warmup_updates),
        "--dropout", _fmt(recipe.dropout),
        "--weight-decay", _fmt(recipe.weight_decay),
        "--clip-norm", _fmt(recipe.clip_norm),
        "--log-interval", str(recipe.log_interval),
    ]
    batch = per_process_batch if per_process_batch is not None else recipe.batch_size
    if batch is not None:
        args += ["--batch-size", str(batch), "--required-batch-size-multiple", "1"]
    args += list(recipe.extra) + list(recipe.stop) + list(recipe.checkpointing)
    return args


def _main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="one line per recipe")
    show = sub.add_parser("show", help="a recipe's settings and fairseq-train flags")
    show.add_argument("recipe")
    args = parser.parse_args(argv)
    if args.command == "list":
        width = max(len(n) for n in RECIPES)
        for name, recipe in RECIPES.items():
            print(f"{name:<{width}}  {recipe.arch:<36} {recipe.description}")
        return 0
    try:
        recipe = get_recipe(args.recipe)
    except KeyError as err:
        parser.error(err.args[0])
    print(f"{recipe.name}: {recipe.description}")
    print(f"  source: {recipe.source}")
    print(f"  batch: {recipe.batch_size or 'by tokens'} articles per update; decoding preset: {recipe.preset}")
    print(f"  prepare_data.py flags: {shlex.join(recipe.prepare_args())}")
    for note in recipe.notes:
        print(f"  note: {note}")
    print("  fairseq-train flags: " + shlex.join(recipe_args(recipe)))
    return 0


if __name__ == "__main__":
    sys.exit(_main())

"""Section `papers`: whole scientific papers on the machine that runs it. Training
articles per second and generation seconds per paper for five encoders with the same decoder,
at 1,024 / 2,048 / 4,096 / 8,192 source pieces and ~350-piece targets (SumPubMed abstracts).

    encoders   fastformer_conv_small, fastformer_small (no convolution), transformer_small,
               conv_only_small (no attention), local_transformer_small (blocks of 50)
    decoder    the same for all: 3 layers, d 256, softmax self-attention + --copy-attention
               (the `papers` recipe's), vocabulary of the recipe's size (16,000)
    rewriter   (when named, --models rewriter_restricted_fastformer_conv_small) the papers
               rewriter: fastformer_conv_small's encoder, the decoder attending to the chosen
               sentence it rewrites; its source is marked as a rewriter reads it (sentences of
               REWRITER_SENTENCE pieces, REWRITER_CHOSEN of them chosen), and decoding reads only
               the chosen sentences' memory (modules/group_restriction.chosen_memory); its
               decoder set as the app sets the papers rewriter's (REWRITER_PRESET: each step
               scores only the pieces of the sentence it rewrites, modules/sentence_vocabulary.py)

Every model is built by scripts/train_throughput.py's `build`: fairseq-train's own parser, task
(translation, reading a directory that holds only the joined dictionary) and criterion
(label-smoothed cross-entropy), so a variant is what `fairseq-train --arch ...` would train.
Batches are synthetic but of the real shape: random pieces, every source exactly N pieces long
(</s> included) and every target `target` pieces, collated by fairseq's LanguagePairDataset.

Modes, each in its own worker process (so a mode's peak memory is its own):
    train_fp32   forward + label-smoothed loss + backward + Adam step on tokens // N articles
    train_bf16   the same with --autocast-bf16 (fp32 weights, bf16 autocast forward)
    generate     one paper: app.summarizer.best_hypothesis (the app's beam search: beam 4,
                 trigram blocking) with min_len = max_len = target, so every encoder writes the
                 same number of pieces; weights are random, which does not change the work
    generate_per_core
                 the same paper generated at once by one worker a core (one thread each, pinned
                 to its core), as a batch of papers is best summarized on a machine whose second
                 thread a model's small products cannot use (`evaluate.py generate --shards`);
                 seconds a paper = 1 / the workers' papers a second together
"""
import multiprocessing
import os
import queue
import statistics
from pathlib import Path
from typing import List

import torch

from .common import measure, proc_status_mb

ENCODERS = ["fastformer_conv_small", "fastformer_small", "transformer_small", "conv_only_small", "local_transformer_small"]
QUICK_ENCODERS = ["fastformer_conv_small", "transformer_small"]
TRAIN_FLAGS = {"train_fp32": [], "train_bf16": ["--autocast-bf16"]}
MODES = [*TRAIN_FLAGS, "generate", "generate_per_core"]
FASTFORMERS = ["fastformer_conv_small", "fastformer_small"]  # compared with the transformer by the targets
REWRITERS = ["rewriter_restricted_fastformer_conv_small"]  # compared by their generation only
BASELINE = "transformer_small"
# a rewriter's synthetic source: sentences of this many pieces, this many of them chosen (a paper's
# extractive summary of about 200 words is 8-10 sentences of 25-40 words)
REWRITER_SENTENCE, REWRITER_CHOSEN = 40, 8
# a rewriter's decoder is set as this preset sets it in the app (evaluation.configure_rewriter: the
# sentence vocabulary, exact segments, no alignments kept); the length stays the section's
REWRITER_PRESET = "papers_rewriting"


def model_args(arch: str, extra: List[str]) -> List[str]:
    """fairseq-train flags of one encoder with the study's decoder (train_throughput.COPY)."""
    from train_throughput import COPY

    return ["--arch", arch, *COPY, *extra]


def write_dictionary(directory: Path, vocab: int) -> Path:
    """The joined dictionary (dict.source.txt = dict.target.txt) of `vocab` made-up pieces: all a
    translation task needs to be set up."""
    from fairseq_plugins.text.normalize import SENTENCE_SEPARATOR

    directory.mkdir(parents=True, exist_ok=True)
    # a rewriter needs the sentence separator
    lines = "".join(f"p{i} {vocab - i}\n" for i in range(vocab - 1)) + f"{SENTENCE_SEPARATOR} 1\n"
    for side in ("source", "target"):
        (directory / f"dict.{side}.txt").write_text(lines)
    return directory


def reads_marks(model) -> bool:
    """Whether a built model is a sentence rewriter: its encoder embeds group tags (modules/group_tags.py)."""
    return getattr(model.encoder.embed, "tags", None) is not None  # EmbeddingStack.tags is None elsewhere


def mark_as_rewriting(tokens: torch.Tensor, dictionary) -> torch.Tensor:
    """A source (n,) ending in </s> -> marked as a rewriter reads it: a separator ending every
    REWRITER_SENTENCE pieces, the first piece of REWRITER_CHOSEN sentences spread over the source
    the chosen mark (<s>)."""
    from fairseq_plugins.text.normalize import SENTENCE_SEPARATOR

    marked = tokens.clone()
    n = marked.numel() - 1  # </s> stays
    starts = list(range(0, n, REWRITER_SENTENCE))
    for start in starts[1:]:
        marked[start - 1] = dictionary.index(SENTENCE_SEPARATOR)
    step = max(1, len(starts) // REWRITER_CHOSEN)
    for start in starts[::step][:REWRITER_CHOSEN]:
        marked[start] = dictionary.bos()
    return marked


def synthetic_sample(task, articles: int, length: int, target: int, seed: int = 0, marked: bool = False) -> dict:
    """A fairseq training sample of `articles` pairs: random pieces, sources of exactly `length`
    and targets of exactly `target` tokens (each ending in </s>), collated by fairseq; `marked`:
    the sources marked as a rewriter's (mark_as_rewriting)."""
    from fairseq.data import LanguagePairDataset

    dictionary = task.source_dictionary
    generator = torch.Generator().manual_seed(seed)

    def sequence(n: int) -> torch.Tensor:
        tokens = torch.randint(dictionary.nspecial, len(dictionary), (n,), generator=generator)
        tokens[-1] = dictionary.eos()
        return tokens

    sources = [sequence(length) for _ in range(articles)]
    if marked:
        sources = [mark_as_rewriting(source, dictionary) for source in sources]
    targets = [sequence(target) for _ in range(articles)]
    dataset = LanguagePairDataset(sources, [length] * articles, dictionary, targets, [target] * articles, dictionary)
    return dataset.collater([dataset[i] for i in range(articles)])


def build_for(spec: dict, mode: str):
    from train_throughput import build

    torch.manual_seed(0)
    flags = model_args(spec["model"], spec.get("model_args", []) + TRAIN_FLAGS.get(mode, []))
    return build(spec["dict_dir"], flags, max_source_positions=spec["length"],
                 max_target_positions=max(1024, spec["target_length"] + 1), load_valid=False)


def train_mode(spec: dict, mode: str) -> dict:
    from train_throughput import training_step

    task, model, criterion = build_for(spec, mode)
    model.train()
    step = training_step(model, criterion, torch.optim.Adam(model.parameters(), lr=1e-4))
    marked = reads_marks(model)
    sample = synthetic_sample(task, spec["batch"], spec["length"], spec["target_length"], marked=marked)
    one = synthetic_sample(task, 1, spec["length"], spec["target_length"], marked=marked) if spec["batch"] > 1 else None
    base = proc_status_mb("VmRSS")
    timing = measure(lambda: step(sample), spec["repeats"], spec["budget_s"],
                     warmup=(lambda: step(one)) if one is not None else None)  # a long batch is not paid twice
    timing.update(peak_mb=round(proc_status_mb("VmHWM") - base, 1), rss_peak_mb=round(proc_status_mb("VmHWM"), 1),
                  rss_base_mb=round(base, 1), parameters=sum(p.numel() for p in model.parameters()))
    if timing["status"] == "ok":
        timing["articles_per_s"] = spec["batch"] / timing["median_s"]
    return timing


def _timed_generation(spec: dict, mode: str, ready=None) -> dict:
    """One paper generated `repeats` times (measure), the model built as the app decodes it;
    `ready`: a barrier passed after the build, so that workers time their calls together."""
    from app.summarizer import DecodingOptions, best_hypothesis
    from fairseq_plugins.evaluation import DECODING_PRESETS, configure_rewriter

    task, model, _ = build_for(spec, mode)
    model.eval()
    if reads_marks(model):  # a rewriter decodes as the app decodes the papers rewriter
        configure_rewriter(model, DECODING_PRESETS[REWRITER_PRESET])
    sample = synthetic_sample(task, 1, spec["length"], spec["target_length"], marked=reads_marks(model))
    del sample["target"]
    n = spec["target_length"]
    summary = DecodingOptions(beam=spec["beam"], min_len=n, max_len=n, lenpen=1.0, no_repeat_ngram_size=3)
    warm = DecodingOptions(beam=spec["beam"], min_len=4, max_len=4, lenpen=1.0, no_repeat_ngram_size=3)
    written = []
    base = proc_status_mb("VmRSS")
    if ready is not None:
        ready.wait()
    timing = measure(lambda: written.append(len(best_hypothesis(task, model, summary, sample)["tokens"]) - 1),
                     spec["repeats"], spec["budget_s"], warmup=lambda: best_hypothesis(task, model, warm, sample))
    timing.update(peak_mb=round(proc_status_mb("VmHWM") - base, 1), rss_peak_mb=round(proc_status_mb("VmHWM"), 1),
                  rss_base_mb=round(base, 1), summary_pieces=sorted(set(written)))
    return timing


def generate_mode(spec: dict, mode: str) -> dict:
    timing = _timed_generation(spec, mode)
    if timing["status"] == "ok":
        timing["seconds_per_paper"] = timing["median_s"]
    return timing


def _core_worker(spec: dict, core: int, ready, results) -> None:
    """A generate_per_core worker: one thread on one core; it always reports, a failure as an error
    record (the others are let past the barrier), so that the mode never waits for a dead worker."""
    try:
        os.sched_setaffinity(0, {core})
        torch.set_num_threads(1)
        results.put((core, _timed_generation(spec, "generate", ready)))
    except BaseException as failure:  # noqa: BLE001 - reported as the point's error (fairseq's parser exits)
        ready.abort()
        results.put((core, {"status": "error", "reason": f"worker on core {core}: {failure!r}"}))


def generate_per_core_mode(spec: dict, mode: str) -> dict:
    cores = sorted(os.sched_getaffinity(0))
    context = multiprocessing.get_context("spawn")  # a fresh interpreter a worker: no forked OpenMP state
    ready, results = context.Barrier(len(cores)), context.Queue()
    workers = [context.Process(target=_core_worker, args=(spec, core, ready, results)) for core in cores]
    for worker in workers:
        worker.start()
    timings = {}
    while len(timings) < len(workers):
        try:
            core, timing = results.get(timeout=1.0)
            timings[core] = timing
        except queue.Empty:  # a worker killed before it could report (out of memory) reports nothing
            for core, worker in zip(cores, workers):
                if not worker.is_alive() and core not in timings and results.empty():
                    ready.abort()
                    timings[core] = {"status": "error", "reason": f"worker on core {core} died (exit code {worker.exitcode})"}
    for worker in workers:
        worker.join()
    failed = [t for t in timings.values() if t["status"] != "ok"]
    if failed:
        return dict(failed[0], workers=len(cores))
    medians = [timings[core]["median_s"] for core in cores]
    # papers a second together: each worker writes one paper per its median
    together = sum(1 / m for m in medians)
    return {"status": "ok", "workers": len(cores), "worker_median_s": medians, "median_s": 1 / together,
            "repeats": min(t["repeats"] for t in timings.values()),
            "seconds_per_paper": 1 / together, "cpu_median_s": statistics.median(t["cpu_median_s"] for t in timings.values()),
            "peak_mb": max(t["peak_mb"] for t in timings.values()),
            "rss_peak_mb": sum(t["rss_peak_mb"] for t in timings.values()),
            "summary_pieces": sorted({n for t in timings.values() for n in t["summary_pieces"]})}


MODE_RUNNERS = {**{mode: train_mode for mode in TRAIN_FLAGS}, "generate": generate_mode,
                "generate_per_core": generate_per_core_mode}


def papers_point(spec: dict) -> dict:
    """The modes of one (encoder, length) point; with threads as the spec says."""
    return {mode: MODE_RUNNERS[mode](spec, mode) for mode in spec["modes"]}


def section(cfg: dict, work: Path, env: dict, sweep) -> dict:
    """Runs the section through benchmark.py's `sweep` (limits, skips, one process per mode)."""
    dict_dir = write_dictionary(work / "dict", cfg["papers_vocab"])
    models = {arch: None for arch in cfg["papers_models"]}
    extra = dict(dict_dir=str(dict_dir), target_length=cfg["papers_target"], beam=cfg["beam"],
                 model_args=cfg["papers_model_args"])
    budgeted = dict(cfg, repeats=cfg["papers_repeats"])
    modes = cfg.get("papers_modes") or MODES
    unknown = sorted(set(modes) - set(MODES))
    if unknown:
        raise SystemExit(f"papers: no mode {', '.join(unknown)} (the modes: {', '.join(MODES)})")
    points = sweep("papers", "papers", models, cfg["papers_lengths"], cfg["papers_tokens"], budgeted, env, extra=extra,
                   budget=cfg["papers_budget_s"], modes=modes, separate=True)
    return {"models": list(models), "modes": modes, "points": points, "tokens": cfg["papers_tokens"],
            "target_length": cfg["papers_target"], "beam": cfg["beam"], "vocab": cfg["papers_vocab"],
            "model_args": cfg["papers_model_args"], "repeats": cfg["papers_repeats"], "budget_s": cfg["papers_budget_s"]}

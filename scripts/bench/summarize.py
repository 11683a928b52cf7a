"""What a user waits for and how much memory it takes: one paper summarized by a model bundle
through app.Summarizer with the bundle's own decoding preset (scripts/bench_summarize.py is the
command line).

The paper: a --data JSON Lines file's articles (SumPubMed `valid`: bodies one sentence a line),
whole sentences taken from the first articles until the word count is reached, or else toy
papers (scripts/make_toy_corpus.py's toy_paper) the same way.

Each bundle runs in a fresh process (bench.common.run_point, with its time and memory watchdog):
the model is loaded, one summary is written as a warm-up, then `runs` timed ones; the figure is
the median of `Summary.seconds` (masking, sentencepiece, the encoder, beam search, number
restoration: everything after the model is loaded); for an extractive bundle also the median of
its chooser alone (`choosing_seconds`: the centralities, the fusion and the choice, over the
model's scores). Peak memory is the worker's
`resource.getrusage(RUSAGE_SELF).ru_maxrss`: the whole process that summarized, Python, torch,
fairseq and the model included, and nothing of the benchmark's own parent process.
"""
import random
import statistics
import time
from pathlib import Path
from typing import List, Optional

TARGET_SECONDS = 15.0  # the target: a 4,000-word paper in at most 15 s on 2 CPU cores ...
TARGET_PEAK_MB = 2048.0  # ... with a peak under 2 GB


def sentences_until(sentence_lists, words: int) -> List[str]:
    """Whole sentences, in order, until at least `words` words are taken."""
    taken, count = [], 0
    for sentences in sentence_lists:
        for sentence in sentences:
            if count >= words:
                return taken
            if sentence.strip():
                taken.append(sentence.strip())
                count += len(sentence.split())
    return taken


def paper_text(words: int, data: Optional[str] = None, seed: int = 1) -> str:
    """About `words` words of paper, one sentence a line (ValueError if the data runs short)."""
    if data:
        from fairseq_plugins.text.corpora import read_corpus

        records = (record.article.splitlines() for record in read_corpus(data))
    else:
        from make_toy_corpus import toy_paper

        rng = random.Random(seed)
        records = (toy_paper(rng, i)["article"].splitlines() for i in range(10**6))
    sentences = sentences_until(records, words)
    if sum(len(s.split()) for s in sentences) < words:
        raise ValueError(f"{data}: its articles hold fewer than {words} words in all")
    return "\n".join(sentences)


def choosing_seconds(summarizer, text: str, runs: int) -> List[float]:
    """An extractive bundle's chooser alone, over the model's scores of the text computed once:
    the centralities, the fusion and the choice in words (the preset's ``Selection.choose``)."""
    from fairseq_plugins.evaluation import DECODING_PRESETS
    from fairseq_plugins.text import Document, extraction

    document = Document.prepare(text, masked=summarizer.masks_numbers)
    source = document.extractive_source(summarizer.sentencepiece, summarizer.max_source_pieces)
    scores = extraction.sentence_scores(summarizer.model, summarizer.dictionary, [source.line])[0]
    selection = DECODING_PRESETS[summarizer.preset].selection()
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        selection.choose_in(document, scores)
        seconds.append(time.perf_counter() - start)
    return seconds


def summarize_point(spec: dict) -> dict:
    """Worker side: load the bundle, one warm-up summary, then the timed ones."""
    import resource

    import torch

    from app.summarizer import Summarizer

    start = time.perf_counter()
    summarizer = Summarizer(str(Path(spec["bundle"]) / "checkpoint.pt"))
    load_s = time.perf_counter() - start
    options = summarizer.default_options()
    for name in ("beam", "min_len", "max_len"):  # only where the command line asked
        if spec.get(name) is not None:
            setattr(options, name, spec[name])
    text = Path(spec["text_path"]).read_text(encoding="utf-8")
    summarizer.summarize(text, options)  # warm-up
    summaries = [summarizer.summarize(text, options) for _ in range(spec["runs"])]
    last = summaries[-1]
    choosing = choosing_seconds(summarizer, text, spec["runs"]) if summarizer.extractive else None
    return {
        "preset": summarizer.preset,
        "beam": options.beam,
        "min_len": options.min_len,
        "max_len": options.max_len,
        "threads": torch.get_num_threads(),
        "load_s": load_s,
        "seconds": [s.seconds for s in summaries],
        "median_s": statistics.median(s.seconds for s in summaries),
        "words": len(text.split()),
        "input_pieces": last.input_pieces,
        "used_pieces": last.used_pieces,
        "truncated": last.truncated,
        "summary_pieces": last.output_pieces,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0,  # KiB on Linux
        "choosing_median_s": statistics.median(choosing) if choosing else None,
    }


def run_bundle(bundle: Path, text_path: Path, runs: int, threads: Optional[int] = None, time_limit_s: float = 1800,
               memory_limit_mb: float = 16 * 1024, **decoding) -> dict:
    """Parent side: the bundle measured in a fresh worker process; a status record if it fails."""
    from .common import run_point, worker_env

    env = worker_env(thp=False)  # the app's own environment: no allocator switches
    if threads:
        env["OMP_NUM_THREADS"] = str(threads)
    spec = dict(kind="summarize", model=str(bundle), bundle=str(bundle), text_path=str(text_path), runs=runs,
                threads=threads, **decoding)
    return run_point(spec, env, time_limit_s=time_limit_s, memory_limit_mb=memory_limit_mb)


def verdicts(record: dict) -> dict:
    """The two targets for a measured bundle (seconds and peak memory): {name: (measured, goal, met)}."""
    return {
        "seconds": (record["median_s"], f"<= {TARGET_SECONDS:g} s", record["median_s"] <= TARGET_SECONDS),
        "peak memory": (record["peak_rss_mb"], f"< {TARGET_PEAK_MB / 1024:g} GB", record["peak_rss_mb"] < TARGET_PEAK_MB),
    }


def table(records: List[dict]) -> str:
    header = ["bundle", "preset (beam)", "words", "pieces read", "summary pieces", "seconds (median)",
              "choosing alone (s)", "peak memory (MB)", f"<= {TARGET_SECONDS:g} s", f"< {TARGET_PEAK_MB / 1024:g} GB"]
    rows = []
    for r in records:
        if r.get("status") != "ok":
            rows.append([r["model"], "", "", "", "", f"{r.get('status')}: {r.get('reason', '')}"[:200], "", "", "", ""])
            continue
        met = {name: "met" if ok else "**missed**" for name, (_, _, ok) in verdicts(r).items()}
        read = f"{r['used_pieces']:,} of {r['input_pieces']:,}" + (" (truncated)" if r["truncated"] else "")
        runs = ", ".join(f"{s:.2f}" for s in r["seconds"])
        rows.append([r["model"], f"{r['preset']} ({r['beam']})", f"{r['words']:,}", read, str(r["summary_pieces"]),
                     f"{r['median_s']:.2f} ({runs})", "" if r.get("choosing_median_s") is None else f"{r['choosing_median_s']:.3f}",
                     f"{r['peak_rss_mb']:,.0f}", met["seconds"], met["peak memory"]])
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])

"""Benchmark helpers for scripts/benchmark.py: one module per concern.

    common.py      machine record, timing (medians after warm-up), model building, the
                   subprocess-per-point runner with its time / memory watchdog
    points.py      what one measurement point runs inside its own process (worker side)
    generate.py    section 4b: synthetic corpus, checkpoints, timed fairseq-generate runs
    generate_runner.py  fairseq-generate with timers around inference and trigram blocking
    papers.py      section papers: whole-paper training and generation by encoder
    summarize.py   scripts/bench_summarize.py: one paper through app.Summarizer, seconds and
                   the worker's peak memory
    report.py      targets, tables, plots, the results page
"""

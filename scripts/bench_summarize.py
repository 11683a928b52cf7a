#!/usr/bin/env python3
"""Seconds and peak memory to summarize a ~4,000-word paper with a model bundle, as a user of
the app gets them (the targets: at most 15 s with beam 4 on 2 CPU cores, under 2 GB).

    python scripts/bench_summarize.py                                   # app/model_papers, 4,000 words
    python scripts/bench_summarize.py --data ../shared/data/sumpubmed/valid.jsonl.gz --runs 5
    python scripts/bench_summarize.py --bundle app/model_papers --bundle app/model --json out.json

The text: whole sentences of the --data file's first articles (JSON Lines, as prepare_data.py
reads), else of toy papers (make_toy_corpus.py). Each bundle runs in a fresh process with its
own decoding preset (model.json): one warm-up summary, then the median of --runs; peak memory is
that process's ru_maxrss (scripts/bench/summarize.py). Not a timed test: it prints the figures
and whether the targets are met, and exits 0 either way.
"""
import argparse
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

DEFAULT_BUNDLE = HERE.parent / "app" / "model_papers"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundle", action="append", help=f"model bundle directory, repeatable (default: {DEFAULT_BUNDLE.relative_to(HERE.parent)})")
    parser.add_argument("--words", type=int, default=4000, help="words of paper to summarize [4000]")
    parser.add_argument("--data", help="JSON Lines corpus whose articles give the text (default: toy papers)")
    parser.add_argument("--runs", type=int, default=3, help="timed summaries after the warm-up [3]")
    parser.add_argument("--threads", type=int, help="torch threads (default: torch's, the core count)")
    parser.add_argument("--beam", type=int, help="override the preset's beam size")
    parser.add_argument("--min-len", dest="min_len", type=int, help="override the preset's minimum length (pieces)")
    parser.add_argument("--max-len", dest="max_len", type=int, help="override the preset's maximum length (pieces)")
    parser.add_argument("--json", help="also write the records here")
    args = parser.parse_args(argv)
    if args.words < 1 or args.runs < 1:
        parser.error("--words and --runs must be at least 1")
    bundles = [Path(b) for b in (args.bundle or [DEFAULT_BUNDLE])]
    for bundle in bundles:
        if not (bundle / "checkpoint.pt").is_file():
            print(f"bench_summarize.py: no model bundle at {bundle} ({bundle / 'checkpoint.pt'} is missing; export one with "
                  "scripts/export_model.py, or pass --bundle DIR)", file=sys.stderr)
            return 2
    from bench.summarize import paper_text, run_bundle, table

    try:
        text = paper_text(args.words, args.data)
    except ValueError as err:
        print(f"bench_summarize.py: {err}", file=sys.stderr)
        return 2
    decoding = {k: getattr(args, k) for k in ("beam", "min_len", "max_len")}
    records = []
    with tempfile.TemporaryDirectory() as tmp:
        text_path = Path(tmp) / "paper.txt"
        text_path.write_text(text, encoding="utf-8")
        for bundle in bundles:
            records.append(run_bundle(bundle, text_path, args.runs, args.threads, **decoding))
    source = args.data or "toy papers (scripts/make_toy_corpus.py)"
    print(f"{len(text.split()):,} words from {source}; median of {args.runs} summaries after a warm-up, each bundle in a fresh process")
    print(table(records))
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Prepare a sentence-rewriting corpus for fairseq: each document's sentences (pieces of a trained
model's sentencepiece, joined by ``<n>``), the source sentences that the reference summary rewrites
marked with ``<s>``, and as target one segment a marked sentence: the reference sentences that
rewrite it, in source order (fairseq_plugins/text/rewriting.py says how they are matched).

    scripts/prepare_rewriting.py --name cnndm_rw --bundle app/model \\
        --train ../shared/data/cnndm/train.jsonl.gz --valid ../shared/data/cnndm/valid.jsonl.gz \\
        [--out-dir data-bin] [--max-source-pieces 640] [--min-score 0.25] [--workers 2] [--limit N]
    scripts/prepare_rewriting.py --name sumpubmed_rw --bundle app/model_papers --max-source-pieces 8192 \\
        --train ../shared/data/sumpubmed/train.jsonl.gz --valid ../shared/data/sumpubmed/valid.jsonl.gz

``--bundle`` is the abstractive model whose encoder and decoder the rewriter starts from: its
sentencepiece and joined dictionary are copied (``<s>`` is in every fairseq dictionary, so no
embedding is added) and its number masking (SumPubMed) is applied. Writes into OUT_DIR/NAME/:

  {split}.rw.source, {split}.rw.target   the pairs as text
  {split}.source-target.*.bin/idx        fairseq-preprocess output, one joined dictionary
  spm.model, dict.source.txt, prepare.json   the bundle's, and the settings and counts: reference
      sentences matched and unmatched (below --min-score), ties, source sentences rewritten by two
      or more reference sentences, documents with no match (left out), sentences beyond the limit

Bad input gives a one-line error and exit status 2.
"""
import functools
import json
import sys
from pathlib import Path
from typing import Optional, Sequence, Tuple

SCRIPTS = Path(__file__).resolve().parent
for path in (SCRIPTS.parent, SCRIPTS):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from fairseq_plugins import text  # noqa: E402
from fairseq_plugins.text import corpora, rewriting  # noqa: E402
from prepare_data import PREPARE_JSON, _normalize_record, binarize  # noqa: E402
from prepare_extractive import bundle_files, corpus_parser, prepare_split, run_prepare, worker_sentencepiece  # noqa: E402

PREFIX = "rw"
COUNTS = ("documents", "no_match", "references", "matched", "unmatched", "tied", "repeated_sources", "chosen",
          "sentences", "dropped_sentences")


def _example(record: corpora.Record, max_pieces: int, min_score: float, mask_numbers: bool) -> rewriting.RewriteExample:
    # normalized (and masked) exactly as prepare_data.py prepares the abstractive model's data
    _, article, target = _normalize_record(record, mask_numbers)
    return rewriting.make_example(text.split_sentences(article), text.unjoin(target), worker_sentencepiece(),
                                  max_pieces, min_score)


def _lines(example: rewriting.RewriteExample, counts: dict) -> Optional[Tuple[str, str]]:
    """The example's (source, target) lines, counted; None for a document none of whose reference
    sentences rewrites one of its sentences."""
    pairs = example.pairs
    counts["references"] += len(pairs.matches) + len(pairs.unmatched)
    counts["matched"] += len(pairs.matches)
    counts["unmatched"] += len(pairs.unmatched)
    counts["tied"] += sum(m.tied for m in pairs.matches)
    counts["repeated_sources"] += len(pairs.repeated_sources)
    counts["sentences"] += example.sentences
    counts["dropped_sentences"] += example.dropped_sentences
    if not pairs.matches:
        counts["no_match"] += 1
        return None
    counts["documents"] += 1
    counts["chosen"] += len(example.chosen)
    return example.source, example.target


def prepare(name: str, bundle, train: str, valid: str, out_dir="data-bin", max_source_pieces: int = 640,
            min_score: float = rewriting.MIN_SCORE, workers: int = 2, limit: Optional[int] = None,
            show_progress: bool = True) -> dict:
    out = Path(out_dir) / name
    mask_numbers = bundle_files(bundle, train, valid, out)
    make = functools.partial(_example, max_pieces=max_source_pieces, min_score=min_score, mask_numbers=mask_numbers)
    counts = {split: prepare_split(split, path, out, out / "spm.model", make, _lines, dict.fromkeys(COUNTS, 0),
                                   workers, limit, show_progress, prefix=PREFIX, desc="matched sentences")
              for split, path in (("train", train), ("valid", valid))}
    binarize(out, ["train", "valid"], out / "dict.source.txt", workers, prefix=PREFIX)
    settings = {"rewriting": True, "bundle": str(bundle), "max_source_pieces": max_source_pieces,
                "min_score": min_score, "masking": mask_numbers, "counts": counts}
    (out / PREPARE_JSON).write_text(json.dumps(settings, indent=2) + "\n")
    return settings


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = corpus_parser("prepare_rewriting.py", __doc__.splitlines()[0],
                           "the abstractive model directory whose spm.model and dictionary to use")
    parser.add_argument("--min-score", type=float, default=rewriting.MIN_SCORE,
                        help=f"a reference sentence matches a source sentence at this mean ROUGE recall or more [{rewriting.MIN_SCORE}]")
    args = parser.parse_args(argv)
    if args.max_source_pieces < 1 or not 0.0 <= args.min_score <= 1.0:
        parser.error("--max-source-pieces must be positive and --min-score between 0 and 1")
    return run_prepare(parser.prog, lambda: prepare(args.name, args.bundle, args.train, args.valid, args.out_dir,
                                                    args.max_source_pieces, args.min_score, args.workers, args.limit,
                                                    not args.quiet))

if __name__ == "__main__":
    sys.exit(main())

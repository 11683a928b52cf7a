#!/usr/bin/env python3
"""Prepare an extractive-summarization corpus for fairseq: each article's sentences joined by
``<n>`` (the pieces of a trained model's sentencepiece, so its encoder can start the extractive
model), and one label per sentence, 1 for a sentence of the greedy oracle summary.

    scripts/prepare_extractive.py --name cnndm_ext --bundle app/model \\
        --train ../shared/data/cnndm/train.jsonl.gz --valid ../shared/data/cnndm/valid.jsonl.gz \\
        [--out-dir data-bin] [--max-source-pieces 640] [--oracle-sentences 3] [--workers 2] [--limit N]

``--bundle`` is the directory of the abstractive model whose encoder the extractive one starts
from (``spm.model``, ``dict.source.txt``, ``prepare.json``): its sentencepiece and dictionary are
copied, and its number masking (SumPubMed) is applied.  Writes into OUT_DIR/NAME/:

  {split}.ext.source, {split}.ext.target   pieces with <n> between sentences; "1 0 0 1 ..."
  {split}.source-target.*.bin/idx          fairseq-preprocess output; dict.target.txt: the labels
  spm.model, dict.source.txt, prepare.json the bundle's, and the settings and counts

Train with the ``extractive`` recipe (``scripts/train.sh extractive DATA_BIN SAVE_DIR
--pretrained-encoder BUNDLE/checkpoint.pt``).  Sentences that do not fit in
``--max-source-pieces`` are left out whole and counted in prepare.json.  Bad input gives a
one-line error and exit status 2.
"""
import argparse
import functools
import json
import multiprocessing
import shutil
import sys
from pathlib import Path
from typing import Callable, Optional, Sequence, Tuple

SCRIPTS = Path(__file__).resolve().parent
for path in (SCRIPTS.parent, SCRIPTS):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from tqdm import tqdm  # noqa: E402

from fairseq_plugins import text  # noqa: E402
from fairseq_plugins.text import corpora, extraction  # noqa: E402
from prepare_data import PREPARE_JSON, PrepareError, _normalize_record, _Parser, binarize  # noqa: E402

PREFIX = "ext"
LABELS_DICT = "dict.labels.txt"

_sentencepiece = None  # one per worker process


def _load(spm_path: str) -> None:
    global _sentencepiece
    _sentencepiece = text.load_sentencepiece(spm_path)


def worker_sentencepiece():
    """The sentencepiece model of this worker process (``_load``)."""
    return _sentencepiece


def _example(record: corpora.Record, max_pieces: int, oracle_sentences: Optional[int], mask_numbers: bool):
    # normalized (and masked) exactly as prepare_data.py prepares the abstractive model's data
    _, article, target = _normalize_record(record, mask_numbers)
    return extraction.make_example(text.split_sentences(article), text.unjoin(target), _sentencepiece,
                                   max_pieces, oracle_sentences)


def _extractive_lines(example, counts: dict) -> Optional[Tuple[str, str]]:
    """An extractive example's (source, labels) lines, counted; None for an article with no sentence."""
    if not example.sentences:
        counts["empty"] += 1  # nothing to extract from: left out, counted
        return None
    counts["articles"] += 1
    counts["sentences"] += example.sentences
    counts["dropped_sentences"] += example.dropped_sentences
    counts["positives"] += example.positives
    return example.source, example.labels


def prepare_split(split: str, path: str, out: Path, spm_path: Path, make: Callable, lines_of: Callable, counts: dict,
                  workers: int, limit: Optional[int], show_progress: bool, prefix: str = PREFIX,
                  desc: str = "oracle labels") -> dict:
    """``make(record)`` (in ``workers`` processes, each with the sentencepiece model of
    ``spm_path``: ``worker_sentencepiece()``) for every record of ``path``; ``lines_of(example,
    counts)`` gives the (source, target) lines to write to ``{split}.{prefix}.*`` and counts the
    example in ``counts`` (None: left out). Returns ``counts`` with the corpus's skipped records."""
    skips = corpora.SkipCounter()
    try:
        records = corpora.read_corpus(path, "auto", skips)
    except ValueError as err:
        raise PrepareError(str(err)) from None
    if limit:
        records = (r for _, r in zip(range(limit), records))
    written = 0
    with open(out / f"{split}.{prefix}.source", "w") as src, open(out / f"{split}.{prefix}.target", "w") as tgt, \
            multiprocessing.Pool(max(1, workers), initializer=_load, initargs=(str(spm_path),)) as pool:
        for example in tqdm(pool.imap(make, records, chunksize=16), desc=f"{split}: {desc}",
                            disable=not show_progress, unit=" articles"):
            lines = lines_of(example, counts)
            if lines is None:
                continue
            src.write(lines[0] + "\n")
            tgt.write(lines[1] + "\n")
            written += 1
    counts["skipped_records"] = skips.skipped
    if not written:
        raise PrepareError(f"{path}: no article with text in it")
    return counts


def bundle_files(bundle, train: str, valid: str, out: Path) -> bool:
    """Check the inputs, copy the bundle's sentencepiece model and dictionary into ``out``; whether
    the bundle's model reads masked numbers (its prepare.json)."""
    bundle = Path(bundle)
    for needed in ("spm.model", "dict.source.txt"):
        if not (bundle / needed).is_file():
            raise PrepareError(f"{bundle}: no {needed} in it (--bundle: a model directory, e.g. app/model)")
    for split, path in (("train", train), ("valid", valid)):
        if not Path(path).exists():
            raise PrepareError(f"--{split} {path}: no such file")
    if f"{text.SENTENCE_SEPARATOR} " not in (bundle / "dict.source.txt").read_text():
        raise PrepareError(f"{bundle}/dict.source.txt has no {text.SENTENCE_SEPARATOR}")
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(bundle / "spm.model", out / "spm.model")
    shutil.copyfile(bundle / "dict.source.txt", out / "dict.source.txt")
    bundle_settings = json.loads((bundle / PREPARE_JSON).read_text()) if (bundle / PREPARE_JSON).exists() else {}
    return bool(bundle_settings.get("masking"))


def prepare(name: str, bundle, train: str, valid: str, out_dir="data-bin", max_source_pieces: int = 640,
            oracle_sentences: Optional[int] = 3, workers: int = 2, limit: Optional[int] = None,
            show_progress: bool = True) -> dict:
    out = Path(out_dir) / name
    mask_numbers = bundle_files(bundle, train, valid, out)
    make = functools.partial(_example, max_pieces=max_source_pieces, oracle_sentences=oracle_sentences,
                             mask_numbers=mask_numbers)
    counts = {}
    for split, path in (("train", train), ("valid", valid)):
        tally = {"articles": 0, "empty": 0, "sentences": 0, "dropped_sentences": 0, "positives": 0}
        counts[split] = prepare_split(split, path, out, out / "spm.model", make, _extractive_lines, tally, workers,
                                      limit, show_progress)
    (out / LABELS_DICT).write_text("".join(f"{label} 1\n" for label in extraction.LABELS))
    binarize(out, ["train", "valid"], out / "dict.source.txt", workers, target_dict_path=out / LABELS_DICT,
             prefix=PREFIX)
    settings = {
        "extractive": True,
        "bundle": str(bundle),
        "max_source_pieces": max_source_pieces,
        "oracle_sentences": oracle_sentences,
        "masking": mask_numbers,
        "counts": counts,
    }
    (out / PREPARE_JSON).write_text(json.dumps(settings, indent=2) + "\n")
    return settings


def _oracle(value: str) -> int:
    number = int(value)
    if number < 0:
        raise argparse.ArgumentTypeError("expected 0 (as many as improve ROUGE) or a positive number")
    return number


def corpus_parser(prog: str, description: str, bundle_help: str) -> _Parser:
    """The options every bundle-based preparation takes (--name, --bundle, --train, --valid,
    --out-dir, --max-source-pieces, --workers, --limit, --quiet); the caller adds its own."""
    parser = _Parser(prog=prog, description=description)
    parser.add_argument("--name", required=True)
    parser.add_argument("--bundle", required=True, help=bundle_help)
    parser.add_argument("--train", required=True)
    parser.add_argument("--valid", required=True)
    parser.add_argument("--out-dir", default="data-bin")
    parser.add_argument("--max-source-pieces", type=int, default=640, help="pieces read per document [640]")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=int, help="at most the first N records of each split")
    parser.add_argument("--quiet", action="store_true")
    return parser


def run_prepare(prog: str, prepare_call) -> int:
    """``prepare_call()`` -> its counts printed as JSON (exit 0), or a one-line error (exit 2)."""
    try:
        settings = prepare_call()
    except PrepareError as err:
        print(f"{prog}: error: {err}", file=sys.stderr)
        return 2
    print(json.dumps(settings["counts"]))
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = corpus_parser("prepare_extractive.py", __doc__.splitlines()[0], "model directory whose spm.model and dictionary to use")
    parser.add_argument("--oracle-sentences", type=_oracle, default=3,
                        help="sentences in the oracle summary [3]; 0: as many as improve ROUGE")
    args = parser.parse_args(argv)
    return run_prepare(parser.prog, lambda: prepare(args.name, args.bundle, args.train, args.valid, args.out_dir,
                                                    args.max_source_pieces, args.oracle_sentences or None, args.workers,
                                                    args.limit, not args.quiet))


if __name__ == "__main__":
    sys.exit(main())

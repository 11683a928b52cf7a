#!/usr/bin/env python3
"""Prepare a summarization corpus for fairseq: read -> normalize -> sentencepiece -> binarize.

    scripts/prepare_data.py --name cnndm --train ../shared/data/cnndm/train.jsonl.gz \\
        --valid ../shared/data/cnndm/valid.jsonl.gz [--test PATH] [--format auto] \\
        [--out-dir data-bin] [--vocab-size 8000] [--max-source-pieces 400] \\
        [--max-target-pieces 100] [--workers 2] [--limit N] [--spm-model PATH]

Writes into OUT_DIR/NAME/:

  {split}.source, {split}.target   normalized text, one record a line (fairseq_plugins.text:
                                    targets are their sentences joined by " <n> ")
  {split}.ids                       the record ids, line-aligned with the above
  spm.model, spm.vocab              sentencepiece (unigram) trained on the training split; or
                                    spm.model alone, a copy of the --spm-model given (a shipped
                                    bundle's, say: the data then shares its vocabulary and ids)
  {split}.spm.source|target         space-joined pieces, truncated to the maximum lengths
  {split}.source-target.{source,target}.{bin,idx}, dict.source.txt == dict.target.txt
                                    fairseq binarized data with a joined dictionary built from
                                    the sentencepiece vocabulary (fairseq index == spm id, so
                                    every piece is in it); the same bytes as fairseq-preprocess
                                    --joined-dictionary --srcdict writes, which --fairseq-
                                    preprocess runs instead (slower)
  prepare.json                      the settings and counts (the app reads max_source_pieces)

Train with ``fairseq-train data-bin/NAME --task translation --source-lang source
--target-lang target --max-source-positions MAX_SOURCE+1 ...`` (fairseq appends </s>).

Every file is written atomically (temporary file + os.replace), and a re-run with the same
inputs and settings writes byte-identical files.  Bad command-line input (a missing file, an
unknown format) gives a one-line error and exit status 2.

Also a library: ``prepare(...)`` does the work and returns what it writes to prepare.json;
``main(argv)`` is the command line.
"""
import argparse
import functools
import hashlib
import itertools
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tqdm import tqdm  # noqa: E402

from fairseq_plugins import text  # noqa: E402
from fairseq_plugins.text import corpora, masking  # noqa: E402

SOURCE_LANG, TARGET_LANG = "source", "target"
SPLITS = ("train", "valid", "test")
SPM_PREFIX = "spm"
PREPARE_JSON = "prepare.json"
FORMAT_VERSION = 1


class PrepareError(Exception):
    """Bad input (missing file, unknown format, nothing usable): a one-line message."""


# ---------------------------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------------------------


class AtomicWriter:
    """Text file written to PATH.tmp and moved onto PATH only when closed without error."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.tmp = self.path.with_name(self.path.name + ".tmp")

    def __enter__(self):
        self.file = open(self.tmp, "w", encoding="utf-8", newline="\n")
        return self.file

    def __exit__(self, exc_type, exc, tb):
        self.file.close()
        if exc_type is None:
            os.replace(self.tmp, self.path)
        else:
            try:
                os.unlink(self.tmp)
            except OSError:
                pass
        return False


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _input_info(path: Path, fmt: str) -> dict:
    """What identifies an input: its path, format, size and hash (a directory of stories: the
    hash of its sorted file names and contents)."""
    path = Path(path)
    info = {"path": str(path.resolve()), "format": fmt}
    if fmt == "source-target":
        source, target = corpora._source_target_paths(path)
        info["sha256"] = {p.name: _sha256(p) for p in (source, target)}
        info["bytes"] = source.stat().st_size + target.stat().st_size
    elif path.is_dir():
        digest = hashlib.sha256()
        total = 0
        for file in sorted(path.rglob("*.story")):
            digest.update(str(file.relative_to(path)).encode("utf-8") + b"\0")
            data = file.read_bytes()
            digest.update(hashlib.sha256(data).digest())
            total += len(data)
        info["sha256"] = digest.hexdigest()
        info["bytes"] = total
    else:
        info["sha256"] = _sha256(path)
        info["bytes"] = path.stat().st_size
    return info


def _progress(iterable, desc: str, total: Optional[int] = None, show: bool = True):
    return tqdm(iterable, desc=desc, total=total, unit=" rec", mininterval=1.0, disable=None if show else True,
                dynamic_ncols=True, leave=False)


# ---------------------------------------------------------------------------------------------
# step 1: read and normalize
# ---------------------------------------------------------------------------------------------


def _normalize_record(record: corpora.Record, mask_numbers: bool = False) -> Tuple[str, str, str]:
    """(id, normalized article, target line); runs in the worker processes.  The article is
    prepared as the app prepares a person's text (``text.Document``); ``mask_numbers``: numbers
    and citations masked first (``masking.mask``), in the article and in each summary sentence."""
    summary = record.summary_sentences
    if mask_numbers:
        summary = [masking.mask(sentence).text for sentence in summary]
    return record.id, text.Document.prepare(record.article, masked=mask_numbers).normalized, text.target_text(summary)


def _normalized(records: Iterator[corpora.Record], workers: int, mask_numbers: bool) -> Iterator[Tuple[str, str, str]]:
    normalize = functools.partial(_normalize_record, mask_numbers=mask_numbers)
    if workers <= 1:
        yield from map(normalize, records)
        return
    with multiprocessing.Pool(workers) as pool:
        # imap keeps the input order: the output does not depend on the number of workers
        yield from pool.imap(normalize, records, chunksize=16)


def normalize_split(split: str, path, fmt: str, out: Path, workers: int, limit: Optional[int],
                    show_progress: bool, mask_numbers: bool = False) -> corpora.SkipCounter:
    """Reads one split and writes {split}.source / .target / .ids; returns its counter."""
    skips = corpora.SkipCounter(split)
    records = corpora.read_corpus(path, fmt, skips)
    if limit is not None:
        records = itertools.islice(records, limit)
    with AtomicWriter(out / f"{split}.source") as fs, AtomicWriter(out / f"{split}.target") as ft, \
            AtomicWriter(out / f"{split}.ids") as fi:
        for rec_id, article, target in _progress(_normalized(records, workers, mask_numbers), f"normalize {split}",
                                                 total=limit, show=show_progress):
            if not article:
                skips.skip("empty article after normalization", rec_id)
                continue
            if not target:
                skips.skip("empty summary after normalization", rec_id)
                continue
            fs.write(article + "\n")
            ft.write(target + "\n")
            fi.write(" ".join(rec_id.split()) + "\n")
    return skips


# ---------------------------------------------------------------------------------------------
# step 2: sentencepiece
# ---------------------------------------------------------------------------------------------


def write_spm_training_text(out: Path, path: Path) -> int:
    """One sentence a line: the sentences of the training articles and summaries."""
    n = 0
    with AtomicWriter(path) as f, open(out / "train.source", encoding="utf-8") as fs, \
            open(out / "train.target", encoding="utf-8") as ft:
        for article, target in zip(fs, ft):
            for sentence in itertools.chain(text.split_sentences(article), text.unjoin(target)):
                f.write(sentence + "\n")
                n += 1
    return n


# ---------------------------------------------------------------------------------------------
# step 3: encode
# ---------------------------------------------------------------------------------------------


def _batches(lines, size: int) -> Iterator[List[str]]:
    batch: List[str] = []
    for line in lines:
        batch.append(line.rstrip("\n"))
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


class BinaryWriter:
    """fairseq's own binarized form (``indexed_dataset`` mmap, the dtype fairseq-preprocess picks
    for the dictionary size), written directly from the pieces: each piece's dictionary index,
    <unk> for a piece outside it, then </s> -- what ``Dictionary.encode_line`` gives, so the
    files are byte-identical to fairseq-preprocess's (tests/test_prepare_data.py checks) in a
    fraction of the time.  Written under temporary names; ``commit()`` moves them into place."""

    def __init__(self, prefix: Path, index: Dict[str, int], dictionary_size: int, unk: int, eos: int):
        import torch
        from fairseq.data import indexed_dataset

        self._torch = torch
        self.bin_path = Path(f"{prefix}.bin")
        self.idx_path = Path(f"{prefix}.idx")
        self._tmp_bin = self.bin_path.with_name(self.bin_path.name + ".tmp")
        self._tmp_idx = self.idx_path.with_name(self.idx_path.name + ".tmp")
        self._builder = indexed_dataset.make_builder(str(self._tmp_bin), impl="mmap", vocab_size=dictionary_size)
        self._index, self._unk, self._eos = index, unk, eos

    def add(self, pieces: Sequence[str]) -> None:
        ids = [self._index.get(p, self._unk) for p in pieces]
        ids.append(self._eos)
        self._builder.add_item(self._torch.tensor(ids, dtype=self._torch.int32))

    def commit(self) -> None:
        self._builder.finalize(str(self._tmp_idx))
        os.replace(self._tmp_bin, self.bin_path)
        os.replace(self._tmp_idx, self.idx_path)


def encode_file(sp, src: Path, dst: Path, max_pieces: int, vocab: set, counts: Optional[Counter],
                workers: int, desc: str, show_progress: bool, binary: Optional[BinaryWriter] = None) -> dict:
    """Encodes a text file line by line into space-joined pieces truncated to max_pieces (the
    same as text.prepare_source / prepare_target on normalized text, batched), optionally also
    binarized; returns length statistics."""
    n = truncated = total_before = total_after = longest = unknown = 0
    with open(src, encoding="utf-8") as fin, AtomicWriter(dst) as fout:
        for batch in _progress(_batches(fin, 512), desc, total=None, show=show_progress):
            for pieces in sp.encode(batch, out_type=str, num_threads=max(1, workers)):
                n += 1
                total_before += len(pieces)
                longest = max(longest, len(pieces))
                if len(pieces) > max_pieces:
                    truncated += 1
                    pieces = pieces[:max_pieces]
                total_after += len(pieces)
                unknown += sum(1 for p in pieces if p not in vocab)
                if counts is not None:
                    counts.update(pieces)
                fout.write(" ".join(pieces) + "\n")
                if binary is not None:
                    binary.add(pieces)
    if binary is not None:
        binary.commit()
    return {
        "lines": n,
        "pieces_mean_before_truncation": round(total_before / n, 2) if n else 0.0,
        "pieces_max_before_truncation": longest,
        "truncated_lines": truncated,
        "pieces_dropped_by_truncation": total_before - total_after,
        "pieces_mean": round(total_after / n, 2) if n else 0.0,
        "unknown_pieces": unknown,
    }


def write_fairseq_dictionary(sp, counts: Counter, path: Path) -> int:
    """The fairseq dictionary of the sentencepiece vocabulary: every piece but <s>, <pad>, </s>,
    <unk> (fairseq adds those itself, at the same indices 0-3), in id order, so that a piece's
    fairseq index equals its sentencepiece id.  Counts are those of the training encodings."""
    special = {sp.bos_id(), sp.pad_id(), sp.eos_id(), sp.unk_id()}
    n = 0
    with AtomicWriter(path) as f:
        for i in range(sp.get_piece_size()):
            if i in special:
                continue
            piece = sp.id_to_piece(i)
            f.write(f"{piece} {counts.get(piece, 0)}\n")
            n += 1
    return n


def check_dictionary(path: Path, sp) -> None:
    """fairseq reads the dictionary back with every piece at its sentencepiece id."""
    from fairseq.data import Dictionary

    dictionary = Dictionary.load(str(path))
    if len(dictionary) != sp.get_piece_size() or any(
        dictionary.index(sp.id_to_piece(i)) != i for i in range(sp.get_piece_size())
        if i not in (sp.bos_id(), sp.pad_id(), sp.eos_id(), sp.unk_id())
    ):
        raise RuntimeError(f"{path}: the fairseq dictionary does not match the sentencepiece vocabulary")


# ---------------------------------------------------------------------------------------------
# step 4 (optional): fairseq-preprocess
# ---------------------------------------------------------------------------------------------


def binarize(out: Path, splits: Sequence[str], dict_path: Path, workers: int,
             target_dict_path: Optional[Path] = None, prefix: str = "spm") -> None:
    """fairseq-preprocess (in a subprocess, so its logging stays its own) of ``{split}.{prefix}.
    {source,target}`` into a temporary directory, then every output moved into place; its log
    (full of temporary paths) is dropped.  One joined dictionary, or ``target_dict_path`` for the
    targets (the labels of scripts/prepare_extractive.py)."""
    tmp = out / ".preprocess-tmp"
    if tmp.exists():
        shutil.rmtree(tmp)
    cmd = [sys.executable, "-m", "fairseq_cli.preprocess",
           "--source-lang", SOURCE_LANG, "--target-lang", TARGET_LANG,
           "--srcdict", str(dict_path),
           "--destdir", str(tmp), "--workers", str(max(1, workers)), "--dataset-impl", "mmap"]
    cmd += ["--joined-dictionary"] if target_dict_path is None else ["--tgtdict", str(target_dict_path)]
    for split in splits:
        cmd += [f"--{split}pref", str(out / f"{split}.{prefix}")]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        tail = (result.stderr or result.stdout).strip().splitlines()[-5:]
        raise RuntimeError("fairseq-preprocess failed:\n" + "\n".join(tail))
    for name in sorted(os.listdir(tmp)):
        if name == "preprocess.log":
            continue
        os.replace(tmp / name, out / name)
    shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# the whole pipeline
# ---------------------------------------------------------------------------------------------


def _train_spm(out: Path, vocab_size: int, character_coverage: float, input_sentences: int, threads: int,
               extra_symbols: Sequence[str], log) -> dict:
    """Trains OUT/spm.model on the normalized training split; returns its prepare.json settings."""
    spm_text = out / ".spm-train.txt"
    n_sentences = write_spm_training_text(out, spm_text)
    log(f"[2/4] training sentencepiece (unigram, vocab {vocab_size}) on {n_sentences} training sentences")
    byte_fallback = vocab_size >= text.BYTE_FALLBACK_MIN_VOCAB
    try:
        text.train_sentencepiece([spm_text], str(out / SPM_PREFIX), vocab_size,
                                 character_coverage=character_coverage, byte_fallback=byte_fallback,
                                 input_sentence_size=input_sentences, num_threads=threads,
                                 extra_symbols=extra_symbols)
    finally:
        spm_text.unlink(missing_ok=True)
    return {"model_type": "unigram", "character_coverage": character_coverage, "byte_fallback": byte_fallback,
            "input_sentence_size": input_sentences, "training_sentences": n_sentences, "seed": text.SPM_SEED,
            "num_threads": threads, "user_defined_symbols": [text.SENTENCE_SEPARATOR, *extra_symbols],
            **text.SPM_SPECIAL_IDS}


def check_reusable_spm(model: Path, extra_symbols: Sequence[str]) -> dict:
    """Checks that a trained sentencepiece model encodes the way this project's data needs (the
    special ids fairseq's dictionary assumes; the sentence separator and masking symbols as single
    pieces) and returns its prepare.json settings. PrepareError otherwise."""
    try:
        sp = text.load_sentencepiece(str(model))
    except (OSError, ValueError) as err:
        raise PrepareError(f"--spm-model: cannot read {model}: {err}") from None
    ids = {"bos_id": sp.bos_id(), "pad_id": sp.pad_id(), "eos_id": sp.eos_id(), "unk_id": sp.unk_id()}
    if ids != text.SPM_SPECIAL_IDS:
        raise PrepareError(f"--spm-model: {model} has special ids {ids}; this project's data needs {text.SPM_SPECIAL_IDS}")
    symbols = [text.SENTENCE_SEPARATOR, *extra_symbols]
    missing = [s for s in symbols if sp.piece_to_id(s) == sp.unk_id()]
    if missing:
        raise PrepareError(f"--spm-model: {model} has no single piece for {', '.join(missing)}"
                           + (" (needed by --mask-numbers)" if set(missing) & set(extra_symbols) else ""))
    return {"reused": _input_info(model, "sentencepiece"), "user_defined_symbols": symbols, **ids}


def check_input(split: str, path, fmt: str) -> str:
    """The format of an input path, or PrepareError with a one-line reason."""
    if fmt not in corpora.FORMATS:
        raise PrepareError(f"unknown format {fmt!r} (choose from {', '.join(corpora.FORMATS)})")
    try:
        if fmt == "auto":
            return corpora.detect_format(path)
        if fmt == "source-target":
            source, target = corpora._source_target_paths(Path(path))
            if not (source.is_file() and target.is_file()):
                raise ValueError(f"{path}: needs both {source.name} and {target.name}")
        elif not Path(path).exists():
            raise ValueError(f"{path}: no such file or directory")
        elif fmt == "story" and Path(path).is_dir() and next(Path(path).rglob("*.story"), None) is None:
            raise ValueError(f"{path}: a directory without .story files")
        return fmt
    except ValueError as err:
        raise PrepareError(f"--{split}: {err}") from None


def prepare(
    name: str,
    train,
    valid,
    test=None,
    *,
    format: str = "auto",
    out_dir="data-bin",
    vocab_size: int = 8000,
    max_source_pieces: int = 400,
    max_target_pieces: int = 100,
    workers: int = 2,
    limit: Optional[int] = None,
    spm_input_sentences: int = 1_000_000,
    spm_threads: int = 1,
    character_coverage: float = 1.0,
    use_fairseq_preprocess: bool = False,
    mask_numbers: bool = False,
    spm_model=None,
    show_progress: bool = True,
    log=print,
) -> dict:
    """Prepares OUT_DIR/NAME (see the module docstring) and returns the prepare.json content.
    Raises PrepareError for bad input."""
    if not name or "/" in name or name in (".", ".."):
        raise PrepareError(f"--name must be a plain directory name, got {name!r}")
    for label, value, low in (("--vocab-size", vocab_size, 16), ("--max-source-pieces", max_source_pieces, 1),
                              ("--max-target-pieces", max_target_pieces, 1), ("--workers", workers, 1)):
        if value < low:
            raise PrepareError(f"{label} must be at least {low}, got {value}")
    if limit is not None and limit < 1:
        raise PrepareError(f"--limit must be at least 1, got {limit}")
    inputs = {"train": train, "valid": valid, "test": test}
    splits = [s for s in SPLITS if inputs[s] is not None]
    formats = {s: check_input(s, inputs[s], format) for s in splits}
    extra_symbols = masking.SYMBOLS if mask_numbers else ()
    reused_spm = None if spm_model is None else check_reusable_spm(Path(spm_model), extra_symbols)  # before the slow part

    out = Path(out_dir) / name
    out.mkdir(parents=True, exist_ok=True)
    timings: Dict[str, float] = {}
    counters: Dict[str, corpora.SkipCounter] = {}

    # 1. read + normalize
    for split in splits:
        start = time.perf_counter()
        log(f"[1/4] reading and normalizing {split} ({formats[split]}): {inputs[split]}")
        try:
            counters[split] = normalize_split(split, inputs[split], formats[split], out, workers, limit,
                                              show_progress, mask_numbers)
        except ValueError as err:
            raise PrepareError(f"--{split}: {err}") from None
        timings[f"normalize {split}"] = time.perf_counter() - start
        if counters[split].kept == 0:
            raise PrepareError(f"--{split}: no usable records in {inputs[split]} "
                               f"({counters[split].skipped} skipped: {dict(counters[split].reasons)})")

    # 2. sentencepiece: trained on the training split, or the given model reused
    start = time.perf_counter()
    if reused_spm is None:
        spm_settings = _train_spm(out, vocab_size, character_coverage, spm_input_sentences, spm_threads,
                                  extra_symbols, log)
    else:
        log(f"[2/4] reusing sentencepiece model {spm_model}")
        text.write_atomically(out / f"{SPM_PREFIX}.model", Path(spm_model).read_bytes())
        spm_settings = reused_spm
    sp = text.load_sentencepiece(str(out / f"{SPM_PREFIX}.model"))
    timings["sentencepiece"] = time.perf_counter() - start

    # 3. encode, truncate, binarize
    start = time.perf_counter()
    log(f"[3/4] encoding (sources to {max_source_pieces} pieces, targets to {max_target_pieces})"
        + ("" if use_fairseq_preprocess else " and binarizing"))
    special = {sp.bos_id(), sp.pad_id(), sp.eos_id(), sp.unk_id()}
    index = {sp.id_to_piece(i): i for i in range(sp.get_piece_size()) if i not in special}
    vocab = set(index)
    counts: Counter = Counter()
    lengths: Dict[str, dict] = {}
    for split in splits:
        lengths[split] = {}
        for side, max_pieces in ((SOURCE_LANG, max_source_pieces), (TARGET_LANG, max_target_pieces)):
            binary = None
            if not use_fairseq_preprocess:
                binary = BinaryWriter(out / f"{split}.{SOURCE_LANG}-{TARGET_LANG}.{side}", index,
                                      sp.get_piece_size(), sp.unk_id(), sp.eos_id())
            lengths[split][side] = encode_file(
                sp, out / f"{split}.{side}", out / f"{split}.spm.{side}", max_pieces, vocab,
                counts if split == "train" else None, workers, f"encode {split}.{side}", show_progress, binary)
    timings["encode"] = time.perf_counter() - start

    # 4. the joined dictionary (and fairseq-preprocess, if asked for)
    start = time.perf_counter()
    dict_path = out / "dict.txt"
    n_dict = write_fairseq_dictionary(sp, counts, dict_path)
    if use_fairseq_preprocess:
        log("[4/4] binarizing with fairseq-preprocess (joined dictionary)")
        binarize(out, splits, dict_path, workers)
        dict_path.unlink(missing_ok=True)
    else:
        log("[4/4] writing the joined dictionary")
        shutil.copyfile(dict_path, out / f"dict.{TARGET_LANG}.txt.tmp")
        os.replace(dict_path, out / f"dict.{SOURCE_LANG}.txt")
        os.replace(out / f"dict.{TARGET_LANG}.txt.tmp", out / f"dict.{TARGET_LANG}.txt")
    check_dictionary(out / f"dict.{SOURCE_LANG}.txt", sp)
    timings["dictionary" if not use_fairseq_preprocess else "binarize"] = time.perf_counter() - start

    settings = {
        "format_version": FORMAT_VERSION,
        "name": name,
        "normalization": {"function": "fairseq_plugins.text.normalize_text",
                          "version": text.NORMALIZATION_VERSION},
        "inputs": {s: _input_info(Path(inputs[s]), formats[s]) for s in splits},
        "limit": limit,
        "source_lang": SOURCE_LANG,
        "target_lang": TARGET_LANG,
        "sentence_separator": text.SENTENCE_SEPARATOR,
        # the app masks a person's text the same way and restores the numbers in the summary
        "masking": {"function": "fairseq_plugins.text.masking.mask", "symbols": list(masking.SYMBOLS)}
        if mask_numbers else None,
        "max_source_pieces": max_source_pieces,
        "max_target_pieces": max_target_pieces,
        "max_source_positions": max_source_pieces + 1,  # fairseq appends </s>
        "max_target_positions": max_target_pieces + 1,
        "vocab_size_requested": vocab_size if spm_model is None else None,
        "vocab_size": sp.get_piece_size(),
        "dictionary_size": n_dict + 4,  # + <s> <pad> </s> <unk>
        "sentencepiece": {"model": f"{SPM_PREFIX}.model", **spm_settings},
        "binarized_by": "fairseq-preprocess" if use_fairseq_preprocess else "fairseq indexed_dataset (mmap)",
        "splits": {s: {**counters[s].as_dict(), **{f"{side}_pieces": lengths[s][side] for side in lengths[s]}}
                   for s in splits},
    }
    with AtomicWriter(out / PREPARE_JSON) as f:
        json.dump(settings, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")

    log("")
    log(f"records per split ({out}):")
    for split in splits:
        log(counters[split].report())
    log("lengths in pieces (mean before -> after truncation, lines truncated):")
    for split in splits:
        for side in (SOURCE_LANG, TARGET_LANG):
            st = lengths[split][side]
            log(f"  {split}.{side}: {st['pieces_mean_before_truncation']} -> {st['pieces_mean']}, "
                f"{st['truncated_lines']} of {st['lines']} truncated ({st['pieces_dropped_by_truncation']} pieces "
                f"dropped), {st['unknown_pieces']} unknown pieces")
    log("time: " + ", ".join(f"{k} {v:.1f} s" for k, v in timings.items())
        + f"; total {sum(timings.values()):.1f} s")
    return settings


# ---------------------------------------------------------------------------------------------
# command line
# ---------------------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit status 2, no usage dump
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="prepare_data.py", description=__doc__.splitlines()[0])
    parser.add_argument("--name", required=True, help="the data set's directory under --out-dir")
    parser.add_argument("--train", required=True, help="training corpus (file, directory or X for X.source/X.target)")
    parser.add_argument("--valid", required=True, help="validation corpus")
    parser.add_argument("--test", help="test corpus (optional)")
    parser.add_argument("--format", default="auto", choices=corpora.FORMATS, help="corpus form (default: auto)")
    parser.add_argument("--out-dir", default="data-bin", help="default: data-bin")
    parser.add_argument("--vocab-size", type=int, default=8000, help="sentencepiece vocabulary (default 8000)")
    parser.add_argument("--max-source-pieces", type=int, default=400, help="article truncation (default 400)")
    parser.add_argument("--max-target-pieces", type=int, default=100, help="summary truncation (default 100)")
    parser.add_argument("--workers", type=int, default=2, help="processes for normalizing and binarizing")
    parser.add_argument("--limit", type=int, help="use at most the first N records of each split")
    parser.add_argument("--spm-input-sentences", type=int, default=1_000_000,
                        help="sentences sampled for sentencepiece training (default 1,000,000)")
    parser.add_argument("--spm-threads", type=int, default=1,
                        help="sentencepiece training threads; the model depends on it (default 1)")
    parser.add_argument("--spm-model", help="reuse this trained sentencepiece model instead of training one"
                        " (e.g. app/model_papers/spm.model: the data then shares that bundle's vocabulary;"
                        " --vocab-size and the --spm-* training flags are ignored)")
    parser.add_argument("--mask-numbers", action="store_true",
                        help="mask numbers as <dig> and citations as <cit> (SumPubMed's form; fairseq_plugins/text/masking.py)"
                        " in articles and summaries, each symbol one sentencepiece piece")
    parser.add_argument("--fairseq-preprocess", action="store_true",
                        help="binarize with the fairseq-preprocess command (same bytes, slower)")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        prepare(
            args.name, args.train, args.valid, args.test,
            format=args.format, out_dir=args.out_dir, vocab_size=args.vocab_size,
            max_source_pieces=args.max_source_pieces, max_target_pieces=args.max_target_pieces,
            workers=args.workers, limit=args.limit, spm_input_sentences=args.spm_input_sentences,
            spm_threads=args.spm_threads, use_fairseq_preprocess=args.fairseq_preprocess,
            mask_numbers=args.mask_numbers, spm_model=args.spm_model,
            show_progress=not args.quiet,
        )
    except PrepareError as err:
        print(f"prepare_data.py: error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

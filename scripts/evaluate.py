#!/usr/bin/env python3
"""Evaluate a summarizer on a JSON Lines file: ROUGE-1/2/L/Lsum with 95% bootstrap confidence
intervals; merge shards; compare two systems with a paired bootstrap test.

    evaluate.py generate --system CKPT|lead3|oracle|lexrank|textrank|lsa|sumbasic --data valid.jsonl[.gz]
                         --preset cnndm|cnndm_paper|pubmed --out DIR [--data-bin DIR] [--limit N]
                         [--words N | --words-like DIR] [--shards K --shard-id I] [--chooser BUNDLE]
    evaluate.py tune --system CKPT --data-bin DIR --data valid.jsonl.gz --preset cnndm
                     --grid "min_len=30,45 lenpen=1,2" [--start N --limit N] [--rank rouge|readable] [--out FILE]
    evaluate.py merge [--out DIR] SHARD_DIR...
    evaluate.py compare A_DIR B_DIR [--out FILE]
    evaluate.py samples DIR [--n 5 --seed 1]
    evaluate.py blind --out READING_DIR [--n 30 --seed 1 --reference --exclude EARLIER_READING_DIR] DIR DIR...
    evaluate.py blind-tally READING_DIR
    evaluate.py presets

generate: ``--system`` is a checkpoint (with ``--data-bin``, the directory it was trained on:
its sentencepiece model, dictionary and source limit prepare each article exactly as training
did), ``leadK`` (``lead3``: the first K sentences; ``lead``: the preset's K) or ``oracle``
(greedy extractive oracle: sentences maximising ROUGE-1 + ROUGE-2 against the reference, at
most the preset's ``oracle_max_sentences``), or one of the field's unsupervised baselines
``lexrank``, ``textrank``, ``lsa``, ``sumbasic`` (sumy's rankings of the same sentences as Lead-k,
``evaluation.baseline_summary``; the preset's ``lead_k`` sentences).  An extractive
checkpoint (models/extractive.py, trained on scripts/prepare_extractive.py's data) takes the
preset's ``lead_k`` best-scoring sentences instead of decoding.  A sentence rewriter
(models/rewriter.py, trained on scripts/prepare_rewriting.py's data) needs ``--chooser DIR``, an
extractive model bundle: its model and its card's preset choose the sentences (``--words``,
``--words-like``, ``--sentences`` set how many), the rewriter rewrites each with the preset's beam
search settings (``evaluation.RewritingSystem``); scores.json's ``rewriting`` counts the chosen
sentences and the segments written.
Equal length: ``--words N`` makes every extractive system (Lead-k, the baselines, an extractive
checkpoint) take sentences in its order of preference while they fit in N words;
``--words-like DIR`` gives each document as many words as that output directory's summary of it
(e.g. LexRank as long as our model's summaries), so that systems are compared at equal length.
A checkpoint decodes with the preset's beam search settings (``--beam``, ``--min-len``,
``--max-len-b``, ``--lenpen``, ``--no-repeat-ngram-size`` override them).  Writes
``hypotheses.txt`` and ``references.txt`` (one summary a line, sentences separated by ``<n>``),
``ids.txt`` and ``scores.json`` to ``--out``.  Beside ROUGE it measures each summary against its
article (fairseq_plugins/evaluation/faithfulness.py): the share of spliced sentences, whether the summary is
cut off mid-sentence, and the share of content words the article never uses.  ``--shards K --shard-id I`` takes every K-th
document starting at I, for running parts on several machines; ``merge`` joins the parts and
scores the whole (the same numbers as one unsharded run).

tune: decode a slice of ``valid`` (``--start``/``--limit``) with every combination of the grid's
settings and print the table with ROUGE and the readability measures, ordered by ``--rank``
(``rouge``: the mean of ROUGE-1, ROUGE-2 and ROUGE-Lsum; ``readable``: settings with no cut-off
summary and ROUGE-1 within ``--rouge1-slack`` of the best, fewest spliced sentences first); tune on
documents the final measurement does not use (e.g. ``--start 4000``, then ``generate --limit
2000``).

Library: fairseq_plugins/evaluation/harness.py.  Exit status 2 for any usage or input error.
"""
import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

_LEAD = "lead"


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {number}")
    return number


def _non_negative(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer >= 0, got {value!r}") from None
    if number < 0:
        raise argparse.ArgumentTypeError(f"expected an integer >= 0, got {number}")
    return number


# a preset's on/off fields that one run of generate may set otherwise (--FIELD / --no-FIELD): what each does
PRESET_SWITCHES = {
    "exact_segments": "a restricted sentence rewriter: exactly one segment a chosen sentence (no early end, no "
                      "extra segment)",
    "sentence_vocabulary": "a restricted sentence rewriter: each step scores only the pieces of the sentence it rewrites",
    "spell_out_abbreviations": "extractive systems and sentence rewriters: an abbreviation the document defines "
                               "written out where the summary first uses it",
    "drop_pointers": "extractive systems and sentence rewriters: pointers to figures, tables and references left out "
                     "of the summary",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="evaluate.py", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    sub = parser.add_subparsers(dest="command", required=True)

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--resamples", type=_positive, default=1000, help="bootstrap resamples [1000]")
    common.add_argument("--seed", type=int, default=1, help="bootstrap seed [1]")
    common.add_argument("--workers", type=_positive, default=min(4, os.cpu_count() or 1),
                        help="processes for ROUGE scoring [min(4, CPUs)]")

    gen = sub.add_parser("generate", parents=[common], help="summarize and score a JSON Lines file")
    gen.add_argument("--system", required=True, help="checkpoint file, leadK (e.g. lead3; lead: the preset's K) or oracle")
    gen.add_argument("--data", required=True, help="JSON Lines file (.gz ok): id, article, summary")
    gen.add_argument("--preset", required=True, help="decoding preset (evaluate.py presets lists them)")
    gen.add_argument("--out", required=True, help="output directory")
    gen.add_argument("--data-bin", help="the model's data directory (spm.model, dict.source.txt, prepare.json)")
    gen.add_argument("--start", type=_non_negative, default=0, help="skip the first N documents [0]")
    gen.add_argument("--limit", type=_positive, help="only the first N documents (after --start)")
    gen.add_argument("--shards", "--num-shards", type=_positive, default=1,
                     help="split the documents into K shards (round robin) [1]")
    gen.add_argument("--shard-id", type=_non_negative, default=0, help="which shard to run [0]")
    gen.add_argument("--batch-size", type=_positive, default=16, help="articles per generation batch [16]")
    gen.add_argument("--max-tokens", type=_positive, help="also cap a batch at this many source tokens")
    gen.add_argument("--max-source-pieces", type=_positive, help="source limit [the data directory's]")
    gen.add_argument("--cpu", action="store_true", help="generate on CPU even if CUDA is there")
    gen.add_argument("--beam", type=_positive)
    gen.add_argument("--min-len", type=_non_negative)
    gen.add_argument("--max-len-b", type=_positive)
    gen.add_argument("--lenpen", type=float)
    gen.add_argument("--no-repeat-ngram-size", type=_non_negative)
    gen.add_argument("--oracle-max-sentences", type=_positive)
    length = gen.add_mutually_exclusive_group()
    length.add_argument("--words", type=_positive, help="extractive systems: sentences that fit in N words per document")
    length.add_argument("--words-like", metavar="DIR", help="extractive systems: each document as many words as "
                        "the summary of it in DIR (an output directory of generate)")
    gen.add_argument("--chooser", metavar="DIR", help="a sentence rewriter's chooser: the extractive model bundle whose "
                     "model and preset (model.json) choose the sentences it rewrites (--words, --words-like and "
                     "--sentences set its length)")
    gen.add_argument("--sentences", type=_positive,
                     help="sentences an extractive system gives (lead: K, an extractive checkpoint) [the preset's lead_k]")
    gen.add_argument("--deletions", metavar="RULE",
                     help="a sentence rewriter: which of its deletions stand, all (any) or those that remove a whole "
                          "side part of the sentence (clauses) [the preset's]")
    for field, what in PRESET_SWITCHES.items():
        gen.add_argument("--" + field.replace("_", "-"), action=argparse.BooleanOptionalAction, default=None,
                         help=f"{what} [the preset's]")

    tune = sub.add_parser("tune", parents=[common], help="search decoding settings on a slice of valid")
    tune.add_argument("--system", required=True, help="checkpoint file")
    tune.add_argument("--data-bin", required=True, help="the model's data directory")
    tune.add_argument("--data", required=True, help="JSON Lines file (.gz ok), the validation split")
    tune.add_argument("--preset", required=True, help="the settings the grid starts from")
    tune.add_argument("--grid", required=True, help='space-separated NAME=V1,V2,... with NAME in beam, min_len, '
                      'max_len_b, lenpen, no_repeat_ngram_size (a model that decodes) or lead_k, words, '
                      'max_trigram_overlap, lexrank_weight, degree_weight, position_weight, standalone, '
                      'spell_out_abbreviations, drop_pointers (how an extractive checkpoint chooses and writes); every '
                      'combination is run')
    tune.add_argument("--chooser", metavar="DIR", help="a sentence rewriter's chooser (see generate)")
    tune.add_argument("--start", type=_non_negative, default=0, help="skip the first N documents [0]")
    tune.add_argument("--limit", type=_positive, default=200, help="documents to decode per setting [200]")
    tune.add_argument("--batch-size", type=_positive, default=16, help="articles per generation batch [16]")
    tune.add_argument("--cpu", action="store_true", help="generate on CPU even if CUDA is there")
    tune.add_argument("--rank", default="rouge", help="order of the table: rouge (mean of R-1, R-2, R-Lsum) or readable "
                      "(no cut-off summaries and R-1 within --rouge1-slack of the best, fewest spliced sentences first) [rouge]")
    tune.add_argument("--rouge1-slack", type=float, default=1.0, help="ROUGE-1 points below the grid's best that "
                      "--rank readable accepts [1.0]")
    tune.add_argument("--out", help="write the table as JSON to this file")

    merge = sub.add_parser("merge", parents=[common], help="join shard outputs and score the whole")
    merge.add_argument("dirs", nargs="+", metavar="SHARD_DIR")
    merge.add_argument("--out", help="write the merged output here")

    compare = sub.add_parser("compare", parents=[common], help="paired bootstrap test of two systems")
    compare.add_argument("a", metavar="A_DIR")
    compare.add_argument("b", metavar="B_DIR")
    compare.add_argument("--out", help="write the result as JSON to this file")

    samples = sub.add_parser("samples", help="print a few summaries beside their references (markdown)")
    samples.add_argument("dir", metavar="DIR", help="an output directory of generate or merge")
    samples.add_argument("--n", type=_positive, default=5, help="how many documents [5]")
    samples.add_argument("--seed", type=int, default=1, help="which ones (seeded random draw) [1]")

    blind = sub.add_parser("blind", help="a blind reading: N documents, each system's summary under shuffled letters "
                                         "(packet.md, answers.tsv to fill in, key.json kept from the reader)")
    blind.add_argument("dirs", nargs="+", metavar="DIR", help="output directories of generate on the same documents")
    blind.add_argument("--out", required=True, help="the reading's directory")
    blind.add_argument("--n", type=_positive, default=30, help="how many documents [30]")
    blind.add_argument("--seed", type=int, default=1, help="which ones, and the letters' order [1]")
    blind.add_argument("--reference", action="store_true", help="the reference summary as one more anonymous summary")
    blind.add_argument("--exclude", action="append", default=[], metavar="READING_DIR",
                       help="draw none of the documents this earlier reading drew (repeatable): a fresh reading of a "
                            "system changed after it")

    blind_tally = sub.add_parser("blind-tally", help="the counts of a filled-in blind reading, per system")
    blind_tally.add_argument("dir", metavar="READING_DIR", help="the directory blind wrote, answers.tsv filled in")
    blind_tally.add_argument("--out", help="write the counts as JSON to this file")

    sub.add_parser("presets", help="list the decoding presets")
    return parser


def _system_kind(system: str):
    """('lead', k) / ('oracle', None) / ('baseline', name) / ('checkpoint', path)."""
    from fairseq_plugins.text.centrality import RANKERS

    low = system.lower()
    if low in RANKERS:
        return "baseline", low
    if low == _LEAD:
        return "lead", None  # the preset's lead_k
    if low.startswith(_LEAD) and low[len(_LEAD):].isdigit() and int(low[len(_LEAD):]) > 0:
        return "lead", int(low[len(_LEAD):])
    if low == "oracle":
        return "oracle", None
    return "checkpoint", system


def _word_budgets(args, ev, chosen):
    """Words per chosen document (--words, or --words-like DIR: as many as DIR's summary of it), or None."""
    from fairseq_plugins.text.extraction import word_count

    if args.words:
        return [args.words] * len(chosen)
    if not args.words_like:
        return None
    other = ev.read_outputs(args.words_like)
    lengths = {doc_id: word_count(line.replace(ev.SEPARATOR, " ")) for doc_id, line in zip(other["ids"], other["hypotheses"])}
    missing = [d.id for d in chosen if d.id not in lengths]
    if missing:
        raise ev.EvaluationError(f"--words-like {args.words_like}: no summary of {len(missing)} of these documents "
                                 f"(first: {missing[0]}); generate it on the same documents")
    return [max(1, lengths[d.id]) for d in chosen]


def cmd_generate(args, ev) -> int:
    kind, value = _system_kind(args.system)
    preset = ev.get_preset(args.preset, beam=args.beam, min_len=args.min_len, max_len_b=args.max_len_b,
                           lenpen=args.lenpen, no_repeat_ngram_size=args.no_repeat_ngram_size,
                           oracle_max_sentences=args.oracle_max_sentences, lead_k=args.sentences,
                           deletions=args.deletions, **{field: getattr(args, field) for field in PRESET_SWITCHES})
    if kind == "checkpoint":
        path = Path(value)
        if not path.exists():
            raise ev.EvaluationError(f"--system {value}: not lead<K>, not oracle, and no such checkpoint file")
        if not args.data_bin:
            raise ev.EvaluationError("--system with a checkpoint needs --data-bin (the directory the model was trained on)")
    elif args.chooser:
        raise ev.EvaluationError("--chooser: only a sentence rewriter checkpoint takes a chooser")
    indices = ev.shard_indices(1, args.shards, args.shard_id)  # validates the shard options early
    docs = ev.read_jsonl(args.data, args.limit, start=args.start)
    indices = ev.shard_indices(len(docs), args.shards, args.shard_id)
    chosen = [docs[i] for i in indices]
    start = time.perf_counter()
    meta = {"system": args.system if kind != "checkpoint" else str(Path(value).resolve()),
            "system_kind": kind, "preset": args.preset, "data": str(Path(args.data).resolve()),
            "start": args.start, "limit": args.limit, "total": len(docs), "shard": {"count": args.shards, "id": args.shard_id},
            "indices": indices}
    budgets = _word_budgets(args, ev, chosen)
    if budgets is not None:
        if kind == "oracle":
            raise ev.EvaluationError("--words/--words-like: the oracle's length is its own (--oracle-max-sentences)")
        meta["words"] = args.words if args.words else {"like": str(Path(args.words_like).resolve())}
    if kind in ("lead", "baseline"):
        name, k = ("lead", value or preset.lead_k) if kind == "lead" else (value, preset.lead_k)
        meta["lead_k"] = None if budgets is not None else k
        # written as the preset's extractive models write (its edits for a reader): a comparison of choices
        meta.update(spell_out_abbreviations=preset.spell_out_abbreviations, drop_pointers=preset.drop_pointers)
        hypotheses = ev.parallel_map(ev.baseline_summary, [(name, d.article, k, words, preset.reader_edits)
                                                           for d, words in zip(chosen, budgets or [None] * len(chosen))],
                                     args.workers)
    elif kind == "oracle":
        meta["oracle_max_sentences"] = preset.oracle_max_sentences
        hypotheses = ev.parallel_map(ev.oracle_summary, [(d.article, d.summary, preset.oracle_max_sentences)
                                                         for d in chosen], args.workers)
    else:
        system = ev.load_system(value, args.data_bin, preset, batch_size=args.batch_size,
                                max_tokens=args.max_tokens, max_source_pieces=args.max_source_pieces,
                                device="cpu" if args.cpu else "auto", chooser=args.chooser,
                                chooser_sentences=args.sentences)
        chooses = isinstance(system, (ev.ExtractiveSystem, ev.RewritingSystem))
        meta.update(data_bin=str(Path(args.data_bin).resolve()), decoding={
            k: getattr(preset, k) for k in ("beam", "no_repeat_ngram_size", "min_len", "max_len_a", "max_len_b", "lenpen")},
            max_source_pieces=system.max_source_pieces, num_updates=system.num_updates,
            selection=dataclasses.asdict(preset.selection(args.words)) if isinstance(system, ev.ExtractiveSystem) else None)
        if budgets is not None and not chooses:
            raise ev.EvaluationError("--words/--words-like: only extractive systems (and a rewriter's chooser) take a "
                                     "length in words")
        articles = [d.article for d in chosen]
        hypotheses = system.summarize(articles) if budgets is None else system.summarize(articles, words=budgets)
        if isinstance(system, ev.RewritingSystem):
            meta["rewriting"] = system.report()
            if budgets is not None:
                meta["rewriting"]["selection"] = dataclasses.asdict(system.chooser.preset.selection(args.words))
    references = [ev.reference_line(d.summary) for d in chosen]
    meta["seconds"] = round(time.perf_counter() - start, 3)
    per_document = ev.score_pairs(references, hypotheses, args.workers)
    per_document.update(ev.measure_pairs([d.article for d in chosen], hypotheses, args.workers))
    scores = ev.write_outputs(args.out, meta, [d.id for d in chosen], hypotheses, references, per_document,
                              args.resamples, args.seed)
    print(ev.format_scores(scores))
    if args.shards > 1:
        print(f"(shard {args.shard_id} of {args.shards}: {len(chosen)} of {len(docs)} documents; "
              f"merge the shards with: evaluate.py merge DIR...)")
    print(f"wrote {args.out}/{{hypotheses.txt,references.txt,ids.txt,scores.json}}", file=sys.stderr)
    return 0


def cmd_tune(args, ev) -> int:
    grid = ev.parse_grid(args.grid)  # a bad grid or ranking fails before the model loads
    if args.rank not in ev.RANKINGS:
        raise ev.EvaluationError(f"--rank {args.rank}: expected one of {', '.join(ev.RANKINGS)}")
    base = ev.get_preset(args.preset)
    if not Path(args.system).is_file():
        raise ev.EvaluationError(f"--system {args.system}: no such checkpoint file")
    docs = ev.read_jsonl(args.data, args.limit, start=args.start)
    system = ev.load_system(args.system, args.data_bin, base, batch_size=args.batch_size,
                            device="cpu" if args.cpu else "auto", log=lambda m: None, chooser=args.chooser)
    print(f"{len(grid)} settings x {len(docs)} documents ({args.data}, from document {args.start})", file=sys.stderr)
    rows = ev.tune_decoding(system, docs, base, grid, args.workers, log=lambda m: print(m, file=sys.stderr, flush=True),
                            rank=args.rank, rouge1_slack=args.rouge1_slack)
    print(f"ordered by --rank {args.rank}: {ev.RANKINGS[args.rank][1]}")
    print(ev.format_tuning(rows))
    if args.out:
        Path(args.out).write_text(json.dumps({"system": str(Path(args.system).resolve()), "data": str(Path(args.data).resolve()),
                                              "start": args.start, "n": len(docs), "base": args.preset, "rank": args.rank, "rows": rows}, indent=1) + "\n")
    return 0


def cmd_merge(args, ev) -> int:
    meta, ids, hypotheses, references, measures = ev.merge_outputs(args.dirs)
    per_document = ev.score_pairs(references, hypotheses, args.workers)
    per_document.update(measures)
    if args.out:
        scores = ev.write_outputs(args.out, meta, ids, hypotheses, references, per_document,
                                  args.resamples, args.seed)
        print(f"wrote {args.out}/{{hypotheses.txt,references.txt,ids.txt,scores.json}}", file=sys.stderr)
    else:
        scores = dict(meta, n=len(ids), **ev.corpus_scores(per_document, args.resamples, args.seed),
                      bootstrap={"resamples": args.resamples, "seed": args.seed, "confidence": ev.CONFIDENCE})
    print(ev.format_scores(scores))
    return 0


def cmd_compare(args, ev) -> int:
    result = ev.compare_outputs(args.a, args.b, args.resamples, args.seed, args.workers)
    print(ev.format_comparison(result))
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    return 0


def cmd_samples(args, ev) -> int:
    print(ev.format_samples(ev.sample_rows(args.dir, args.n, args.seed)))
    return 0


def cmd_blind(args, ev) -> int:
    from fairseq_plugins.evaluation import blind

    excluded = [doc_id for reading in args.exclude for doc_id in blind.read_ids(reading)]
    out = blind.write_packet(args.out, args.dirs, args.n, args.seed, args.reference, excluded)
    print(f"wrote {out}/{{{blind.PACKET},{blind.ANSWERS_TEMPLATE}}} for the reader and {out}/{blind.KEY} (not for the reader)")
    return 0


def cmd_blind_tally(args, ev) -> int:
    from fairseq_plugins.evaluation import blind

    reading = Path(args.dir)
    if not (reading / blind.KEY).is_file():
        raise ev.EvaluationError(f"{reading}: no {blind.KEY}; not a directory written by evaluate.py blind")
    key = json.loads((reading / blind.KEY).read_text())
    answers, preferred = blind.read_answers(reading / blind.ANSWERS_TEMPLATE)
    result = blind.tally(key, answers, preferred)
    print(blind.format_tally(result))
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    return 0


def cmd_presets(args, ev) -> int:
    for name, preset in ev.DECODING_PRESETS.items():
        fields = ", ".join(f"{k} {getattr(preset, k)}" for k in (
            "beam", "no_repeat_ngram_size", "min_len", "max_len_b", "lenpen", "lead_k", "oracle_max_sentences"))
        print(f"{name}: {fields}  ({preset.note})")
    return 0


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    # imported after parsing: it imports fairseq, which takes seconds
    from fairseq_plugins import evaluation as ev

    handlers = {"generate": cmd_generate, "tune": cmd_tune, "merge": cmd_merge, "compare": cmd_compare, "samples": cmd_samples,
                "blind": cmd_blind, "blind-tally": cmd_blind_tally, "presets": cmd_presets}
    try:
        return handlers[args.command](args, ev)
    except (ev.EvaluationError, FileNotFoundError) as err:
        print(f"evaluate.py {args.command}: error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

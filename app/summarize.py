"""Summarize an article from a file or standard input.

    python -m app.summarize article.txt                      # the default model (extractive news)
    python -m app.summarize paper.pdf --stats                # .txt, .md, .html and .pdf files
    python -m app.summarize < article.txt                    # standard input, when piped
    cat article.txt | python -m app.summarize -              # standard input, explicitly
    python -m app.summarize article.txt --model news         # the abstractive news model
    python -m app.summarize article.txt --model lead3        # the Lead-3 baseline
    python -m app.summarize paper.pdf --model papers         # the scientific-paper model (whole papers)
    python -m app.summarize paper.pdf --model papers-rewriting --words 150   # chosen sentences, rewritten
    python -m app.summarize article.txt --checkpoint CKPT [--data-dir DATA_BIN]

The default model is the extractive news bundle shipped with the app
(``app/model_extractive/``: the article's own sentences, the three it scores highest), else the
abstractive news bundle (``app/model/``), otherwise the quick-start checkpoint that ``make
demo`` trains.  Files are read by
``app/inputs.py``, as the demo reads uploads: UTF-8 or another text encoding, HTML and Markdown
reduced to their text, PDFs through their text layer.

The summary printed is what a person reads: cased as the article writes its words and
detokenized (``fairseq_plugins.text.readable``); Lead-3 prints the article's own sentences.

With no file argument the article is read from standard input when that is a pipe or a file;
at a terminal that is a usage error.  Bad input (missing, binary, empty or oversized file, a
corrupt PDF or checkpoint) gets one line on stderr and exit status 2, never a traceback.
"""
import argparse
import sys
from pathlib import Path

from .shipped import SHIPPED_BY_KEY, SHIPPED_MODELS  # no torch: --help starts at once

REPO = Path(__file__).resolve().parent.parent
SHIPPED_CHECKPOINT = SHIPPED_BY_KEY["shipped"].checkpoint
EXTRACTIVE_CHECKPOINT = SHIPPED_BY_KEY["extractive"].checkpoint
QUICKSTART_CHECKPOINT = REPO / "checkpoints" / "quickstart" / "checkpoint_best.pt"
QUICKSTART_DATA = REPO / "data-bin" / "quickstart"
NAMED_MODELS = {model.name: model.checkpoint for model in SHIPPED_MODELS}  # --model NAME


def default_checkpoint() -> Path:
    """The shipped extractive news model if present, else the abstractive one, else the
    quick-start checkpoint (the page's default is the same)."""
    return next((path for path in (EXTRACTIVE_CHECKPOINT, SHIPPED_CHECKPOINT) if path.is_file()), QUICKSTART_CHECKPOINT)


def read_article(source: str) -> str:
    """Text of a file ('-' = stdin); ValueError (an ``inputs.InputError``) with a one-line
    message for what cannot be summarized."""
    from .inputs import MAX_FILE_BYTES, InputError, read_bytes, read_file

    if source == "-":
        raw = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        return read_bytes(raw, "standard input").text
    path = Path(source)
    if not path.exists():
        raise InputError(f"{source}: no such file")
    if path.suffix.lower() in (".txt", ".md", ".markdown", ".html", ".htm", ".pdf", ".text", ""):
        return read_file(path).text
    # any other suffix (.story, .source, ...): read as text, with the same checks
    if not path.is_file():
        raise InputError(f"{source} is not a file")
    with open(path, "rb") as f:
        raw = f.read(MAX_FILE_BYTES + 1)
    return read_bytes(raw, path.name).text


def decoding_options(args, base):
    """The model's own decoding settings (`base`) with the flags given on the command line."""
    from dataclasses import replace

    given = {"beam": args.beam, "max_len": args.max_len, "lenpen": args.lenpen,
             "no_repeat_ngram_size": args.no_repeat_ngram_size, "words": args.words}
    options = replace(base, **{k: v for k, v in given.items() if v is not None})
    min_len = min(base.min_len, options.max_len) if args.min_len is None else args.min_len
    return replace(options, min_len=min_len)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.summarize", description="Summarize an article.")
    parser.add_argument("article", nargs="?", default=None,
                        help="text, Markdown, HTML or PDF file, or - for standard input (the default when it is piped)")
    parser.add_argument("--model", default=None,
                        help="a shipped model: " + ", ".join(f"'{m.name}'" for m in SHIPPED_MODELS)
                             + " (the first installed is the default); 'lead3' (the Lead-3 baseline); or a checkpoint path")
    parser.add_argument("--checkpoint", default=None,
                        help="fairseq checkpoint (default: the shipped extractive, else abstractive, news model, "
                             "else the quick-start's)")
    parser.add_argument("--data-dir", default=None,
                        help="directory with spm.model and dict.*.txt (default: the checkpoint's own, or the quick-start's)")
    # decoding flags default to the model's own preset (its bundle card names it: cnndm, papers)
    parser.add_argument("--beam", type=int, default=None, help="beam size [the model's preset]")
    parser.add_argument("--min-len", type=int, default=None,
                        help="minimum summary length in pieces [the model's preset, or --max-len if that is shorter]")
    parser.add_argument("--max-len", type=int, default=None, help="maximum summary length in pieces [the model's preset]")
    parser.add_argument("--lenpen", type=float, default=None, help="length penalty [the model's preset]")
    parser.add_argument("--no-repeat-ngram-size", type=int, default=None,
                        help="0 turns trigram blocking off [the model's preset: 3]")
    parser.add_argument("--words", type=int, default=None,
                        help="summary length in words for the models that choose sentences (extractive, rewriting) "
                             "[the length tuned for the model: 3 sentences for news, 200 words for papers]")
    parser.add_argument("--stats", action="store_true", help="also print lengths, truncation and time to stderr")
    args = parser.parse_args(argv)
    from . import DecodingOptions  # after argparse: --help and usage errors need no torch

    if args.model is not None and args.checkpoint is not None:
        parser.error("give --model or --checkpoint, not both")
    if args.article is None:
        if sys.stdin is None or sys.stdin.isatty():
            parser.error("no article: give a file, or pipe the text in (python -m app.summarize < article.txt)")
        args.article = "-"
    lead3 = args.model is not None and args.model.lower() in ("lead3", "lead-3")
    named = NAMED_MODELS.get((args.model or "").lower())
    checkpoint = Path(args.checkpoint or named or (args.model if args.model and not lead3 else None)
                      or default_checkpoint())
    data_dir = args.data_dir
    if data_dir is None and checkpoint == QUICKSTART_CHECKPOINT:
        data_dir = str(QUICKSTART_DATA)
    try:
        article = read_article(args.article)
        if lead3:
            from .models import Lead3

            system = Lead3()
        else:
            from .summarizer import Summarizer

            if not checkpoint.exists():
                hint = " (train one with `make demo`, or pass --checkpoint / --model lead3)" if args.checkpoint is None and args.model is None else ""
                raise FileNotFoundError(f"{checkpoint}: no such checkpoint{hint}")
            system = Summarizer(str(checkpoint), data_dir)
        if args.words is not None and (lead3 or system.kind == "abstractive"):
            raise ValueError("--words sets the length of the models that choose sentences (extractive, rewriting); "
                             "an abstractive model's is --min-len/--max-len, Lead-3's three sentences")
        options = decoding_options(args, system.default_options() if not lead3 else DecodingOptions())
        result = system.summarize(article, options)
    except (ValueError, FileNotFoundError) as error:
        print(f"summarize: {error}", file=sys.stderr)
        return 2
    print(result.summary)
    if not lead3 and system.kind == "abstractive":  # its first note: the summary's facts need checking
        print(f"note: {result.notes[0]}", file=sys.stderr)
    if args.stats:
        unit = "words" if lead3 else "pieces"
        print(
            f"[{result.input_pieces} {unit} in, {result.used_pieces} used"
            f"{' (truncated)' if result.truncated else ''}, {result.output_pieces} out, {result.seconds:.2f} s]",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

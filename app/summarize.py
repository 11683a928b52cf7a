"""Summarize an article from a file or standard input.

    python -m app.summarize article.txt --checkpoint CKPT --data-dir DATA_BIN
    cat article.txt | python -m app.summarize - --checkpoint CKPT --data-dir DATA_BIN

Bad input (missing or binary file, empty text, a corrupt checkpoint) gets one line on stderr and
exit status 2, never a traceback.
"""
import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
QUICKSTART_CHECKPOINT = REPO / "checkpoints" / "quickstart" / "checkpoint_best.pt"
QUICKSTART_DATA = REPO / "data-bin" / "quickstart"
MAX_INPUT_BYTES = 5_000_000


def read_article(source: str) -> str:
    """Text of a file ('-' = stdin) as UTF-8; rejects what is clearly not text."""
    if source == "-":
        raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    else:
        path = Path(source)
        if not path.is_file():
            raise ValueError(f"{source}: no such file")
        raw = path.read_bytes()[: MAX_INPUT_BYTES + 1]
    if len(raw) > MAX_INPUT_BYTES:
        raise ValueError(f"{source}: larger than {MAX_INPUT_BYTES // 1_000_000} MB; pass a text article")
    if b"\x00" in raw[:4096]:
        raise ValueError(f"{source}: looks like a binary file, not text")
    return raw.decode("utf-8", errors="replace")


def main(argv=None) -> int:
    from . import DecodingOptions, Summarizer  # after argparse so --help is instant

    defaults = DecodingOptions()
    parser = argparse.ArgumentParser(prog="python -m app.summarize", description="Summarize an article.")
    parser.add_argument("article", help="text file, or - for standard input")
    parser.add_argument("--checkpoint", default=str(QUICKSTART_CHECKPOINT), help="fairseq checkpoint (default: the quick-start's)")
    parser.add_argument("--data-dir", default=None, help="directory with spm.model and dict.*.txt (default: the quick-start's, or the checkpoint's own)")
    parser.add_argument("--beam", type=int, default=defaults.beam)
    parser.add_argument("--min-len", type=int, default=defaults.min_len, help="minimum summary length in pieces")
    parser.add_argument("--max-len", type=int, default=defaults.max_len, help="maximum summary length in pieces")
    parser.add_argument("--lenpen", type=float, default=defaults.lenpen, help="length penalty")
    parser.add_argument("--no-repeat-ngram-size", type=int, default=defaults.no_repeat_ngram_size, help="0 turns trigram blocking off")
    parser.add_argument("--stats", action="store_true", help="also print lengths, truncation and time to stderr")
    args = parser.parse_args(argv)

    data_dir = args.data_dir
    if data_dir is None and Path(args.checkpoint) == QUICKSTART_CHECKPOINT:
        data_dir = str(QUICKSTART_DATA)
    try:
        article = read_article(args.article)
        options = DecodingOptions(args.beam, args.min_len, args.max_len, args.lenpen, args.no_repeat_ngram_size)
        result = Summarizer(args.checkpoint, data_dir).summarize(article, options)
    except (ValueError, FileNotFoundError) as error:
        print(f"summarize: {error}", file=sys.stderr)
        return 2
    print(result.summary)
    if args.stats:
        print(
            f"[{result.input_pieces} pieces in, {result.used_pieces} used"
            f"{' (truncated)' if result.truncated else ''}, {result.output_pieces} out, {result.seconds:.2f} s]",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

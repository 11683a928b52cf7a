#!/usr/bin/env python3
"""How readable summaries come out of ``fairseq_plugins.text.readable.readable`` on raw articles.

    scripts/readability_check.py ../shared/data/cnndm/raw_articles.jsonl
    scripts/readability_check.py ARTICLES.jsonl --hypotheses OUT/hypotheses.txt   # a model's

Summaries: by default each article's Lead-3 sentences in the normalized form (what a model
writes), else the lines of ``--hypotheses`` (``evaluate.py generate`` output on the same file,
sentences separated by ``<n>``).  Each goes through ``readable`` with its raw article; printed:
the share of name occurrences (words the article only ever writes capitalised, after a
sentence's first word) that come out capitalised, and the tokenizer spacings left (`` ,``,
`` 's``, ``( x )``, `` n't``, ...).  Without ``--hypotheses`` also Lead-3 as the app gives it
(``alignment.raw_sentences``): how many of its sentences are verbatim spans of the article that
normalize back to the sentences Lead-3 picks.  Library: ``readable.readability_check``.
Exit status 2 for bad input.
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", help="JSON Lines file with a raw 'article' field (.gz ok)")
    parser.add_argument("--hypotheses", help="a model's summaries of the same articles, one a line (normalized)")
    parser.add_argument("--limit", type=int, help="only the first N articles")
    parser.add_argument("--show", type=int, default=0, help="print N readable summaries with a miss or a leftover")
    args = parser.parse_args(argv)

    from fairseq_plugins.evaluation import EvaluationError, read_jsonl
    from fairseq_plugins.text.readable import TOKENIZER_SPACINGS, readability_check

    try:
        docs = read_jsonl(args.data, args.limit)
        hypotheses = None
        if args.hypotheses:
            hypotheses = Path(args.hypotheses).read_text(encoding="utf-8").splitlines()
            if len(hypotheses) < len(docs):
                raise EvaluationError(f"{args.hypotheses}: {len(hypotheses)} lines for {len(docs)} articles")
    except (EvaluationError, OSError) as err:
        print(f"readability_check.py: error: {err}", file=sys.stderr)
        return 2
    result = readability_check([d.article for d in docs], hypotheses)
    for n, sentences in result["examples"][:args.show]:
        print(f"--- {docs[n].id}\n" + "\n".join(sentences))
    names, capitalised = result["names"], result["names_capitalised"]
    print(f"{len(docs)} articles of {args.data}; summaries: {args.hypotheses or 'Lead-3 sentences in the normalized form'}")
    print(f"names capitalised: {capitalised} of {names} occurrences ({100 * capitalised / max(names, 1):.1f}%)")
    spacings = {kind: result.get(kind, 0) for kind in TOKENIZER_SPACINGS}
    print(f"tokenizer spacings left: {sum(spacings.values())} ("
          + ", ".join(f"{kind} {count}" for kind, count in spacings.items()) + ")")
    if hypotheses is None:
        print(f"Lead-3 verbatim: {result['lead3_verbatim']} of {result['lead3_sentences']} sentences are spans of the "
              "article that normalize to the sentences Lead-3 picks")
    return 0


if __name__ == "__main__":
    sys.exit(main())

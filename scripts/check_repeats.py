#!/usr/bin/env python3
"""Check fairseq-generate output for repeated n-grams in the hypotheses (the H- lines, i.e. the
tokens that trigram blocking works on). Exit status 1 if any hypothesis repeats an n-gram.

    python scripts/check_repeats.py runs/quickstart/generate.txt --ngram 3
"""
import argparse
import sys
from collections import Counter
from typing import Dict, List


def read_hypotheses(path: str) -> Dict[int, List[str]]:
    """{sample id: hypothesis tokens} from fairseq-generate's `H-<id>\\t<score>\\t<tokens>` lines."""
    hypotheses = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("H-"):
                sample_id, _score, tokens = line.rstrip("\n").split("\t", 2)
                hypotheses.setdefault(int(sample_id[2:]), tokens.split())  # first = best of the beam
    return hypotheses


def repeated_ngrams(tokens: List[str], n: int) -> List[tuple]:
    counts = Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))
    return [ngram for ngram, count in counts.items() if count > 1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("generate_output")
    parser.add_argument("--ngram", type=int, default=3)
    args = parser.parse_args(argv)
    hypotheses = read_hypotheses(args.generate_output)
    if not hypotheses:
        print(f"check_repeats: no H- lines in {args.generate_output}", file=sys.stderr)
        return 1
    offenders = {i: r for i, tokens in hypotheses.items() if (r := repeated_ngrams(tokens, args.ngram))}
    print(f"{len(hypotheses)} hypotheses, {len(offenders)} with a repeated {args.ngram}-gram")
    for i, ngrams in sorted(offenders.items())[:5]:
        print(f"  H-{i}: {' '.join(ngrams[0])}")
    return 1 if offenders else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python
"""Fit the model of where a masked paper's data set lost a stop with a number (``text.lost_stops``).

    python scripts/train_lost_stops.py --data ../shared/data/sumpubmed/train.jsonl.gz \
        --start 5000 --limit 3000 --held-out-start 15000 --held-out-limit 500

Each sentence of the papers that ends on a number, joined without its stop to the sentence after it, is a
place where a stop was lost; every number inside a sentence is one where none was. A logistic regression over
``lost_stops.features`` is fitted on the first range, and the held-out range's places are scored: the script
prints the area under the ROC curve and, per threshold, the share of held-out sentences passed over and the
share of the run-ons made from held-out sentence pairs that it finds. ``--threshold`` is written into the
model file with the weights (``--out``, by default the file the package ships); ``--sample N`` writes N
held-out sentences at or above the threshold, their highest place marked with " | ", for a reader to judge.
"""
import argparse
import gzip
import json
import multiprocessing
import os
import random
import sys
from collections import Counter
from typing import List, Tuple

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from fairseq_plugins.text import Document  # noqa: E402
from fairseq_plugins.text.lost_stops import MODEL_PATH, LostStopModel, features  # noqa: E402
from fairseq_plugins.text.masking import CITATION, NUMBER  # noqa: E402
from fairseq_plugins.text.normalize import closes_fronted_phrase  # noqa: E402
from fairseq_plugins.text.predicates import has_predicate  # noqa: E402

MIN_WEIGHT = 0.01  # a smaller weight moves no P by a percent: the file leaves it out
MIN_SENTENCE_WORDS = 6  # a sentence of fewer words is a table's row or a fragment more often than not


def papers(path: str, start: int, limit: int) -> List[str]:
    opener = gzip.open if path.endswith(".gz") else open
    articles = []
    with opener(path, "rt", encoding="utf-8") as f:
        for k, line in enumerate(f):
            if k >= start + limit:
                break
            if k >= start:
                articles.append(json.loads(line)["article"])
    return articles


def _is_sentence(tokens: List[str]) -> bool:
    return len(tokens) >= MIN_SENTENCE_WORDS and has_predicate(" ".join(tokens))


def places(article: str) -> Tuple[List[Tuple[List[str], int]], List[Tuple[List[str], int]], List[str]]:
    """A paper's lost stops (a sentence that ends on a number joined to the next, and the number's place), its
    numbers inside sentences, and its sentences (for the sample)."""
    sentences = Document.prepare(article, masked=True).sentences
    lost, kept, readable = [], [], []
    for i, sentence in enumerate(sentences):
        tokens = sentence.split()
        if not _is_sentence(tokens):
            continue
        readable.append(sentence)
        body = tokens[:-1] if tokens[-1] == "." else tokens
        kept.extend((tokens, j) for j in LostStopModel.places(sentence))
        if body[-1] == NUMBER and i + 1 < len(sentences) and not closes_fronted_phrase(body):
            following = sentences[i + 1].split()
            if _is_sentence(following) and following[0] not in (NUMBER, CITATION):
                lost.append((body + following, len(body) - 1))
    return lost, kept, readable


def featurize(article: str):
    lost, kept, readable = places(article)
    return ([features(t, j) for t, j in lost], [features(t, j) for t, j in kept], lost, readable)


def collect(articles: List[str], workers: int):
    if workers == 1:
        return [featurize(article) for article in articles]
    with multiprocessing.Pool(workers) as pool:
        return pool.map(featurize, articles, chunksize=8)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, help="SumPubMed papers (jsonl or jsonl.gz with an 'article' field)")
    parser.add_argument("--start", type=int, default=5000)
    parser.add_argument("--limit", type=int, default=3000)
    parser.add_argument("--held-out-start", type=int, default=15000)
    parser.add_argument("--held-out-limit", type=int, default=500)
    parser.add_argument("--min-count", type=int, default=10, help="a feature seen fewer times gets no weight")
    parser.add_argument("--C", type=float, default=0.5, help="the regression's inverse regularization strength")
    parser.add_argument("--threshold", type=float, default=0.5, help="P from which a sentence is passed over")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=MODEL_PATH)
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--sample-out", default="lost_stops_sample.md")
    args = parser.parse_args(argv)

    import numpy as np
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score

    train = collect(papers(args.data, args.start, args.limit), args.workers)
    counts = Counter(f for lost, kept, _, _ in train for row in lost + kept for f in row)
    rows = [(row, 1) for lost, _, _, _ in train for row in lost] + [(row, 0) for _, kept, _, _ in train for row in kept]
    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform([{f: 1 for f in row if counts[f] >= args.min_count} for row, _ in rows])
    y = np.array([label for _, label in rows])
    print(f"training places: {int(y.sum())} lost stops, {int((1 - y).sum())} numbers inside sentences "
          f"({len(train)} papers)")
    regression = LogisticRegression(C=args.C, max_iter=2000).fit(x, y)
    weights = {name: round(float(w), 4) for name, w in zip(vectorizer.get_feature_names_out(), regression.coef_[0])
               if abs(w) >= MIN_WEIGHT}
    model = LostStopModel(weights, round(float(regression.intercept_[0]), 4), args.threshold)

    held_out = collect(papers(args.data, args.held_out_start, args.held_out_limit), args.workers)
    lost = [model.probability(t, j) for _, _, places_lost, _ in held_out for t, j in places_lost]
    sentences = [s for _, _, _, readable in held_out for s in readable]
    highest = [model.highest(s) for s in sentences]
    inside = [p for p in highest if p is not None]
    scores = lost + inside
    print(f"held-out AUC (lost stops against sentences' highest place): "
          f"{roc_auc_score([1] * len(lost) + [0] * len(inside), scores):.3f}")
    print(f"{'threshold':>9} {'sentences passed over %':>24} {'made run-ons found %':>21}")
    for threshold in (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9):
        over = sum(p is not None and p >= threshold for p in highest) / max(len(highest), 1)
        found = sum(p >= threshold for p in lost) / max(len(lost), 1)
        print(f"{threshold:>9.1f} {100 * over:>24.2f} {100 * found:>21.1f}")
    model.save(args.out, trained_on=f"{os.path.basename(args.data)} {args.start}-{args.start + args.limit - 1}",
               features=len(weights))
    print(f"wrote {args.out} ({len(weights)} weights, threshold {args.threshold})")
    if args.sample:
        flagged = [(s, p) for s, p in zip(sentences, highest) if p is not None and p >= args.threshold]
        random.Random(0).shuffle(flagged)
        with open(args.sample_out, "w", encoding="utf-8") as f:
            for k, (sentence, _) in enumerate(flagged[:args.sample], 1):
                tokens = sentence.split()
                j = max(model.places(sentence), key=lambda j: model.probability(tokens, j))
                f.write(f"{k}. {' '.join(tokens[:j + 1])} | {' '.join(tokens[j + 1:])}\n")
        print(f"wrote {min(args.sample, len(flagged))} of {len(flagged)} flagged held-out sentences to {args.sample_out}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Agreement of the spliced-sentence measure with a person's labels.

    python scripts/splice_agreement.py docs/broken_sentence_labels.tsv runs/measure30 \\
        --data ../shared/data/cnndm/valid.jsonl.gz [--show]

LABELS: tab-separated ``valid_index, id, sentence, broken`` (``#`` lines are comments), one line
per summary sentence, sentences numbered as faithfulness.summary_sentences splits the summary.
OUTPUTS: the evaluate.py generate directory whose summaries were labelled; DATA: the JSON Lines
file they were generated from (the articles).  Prints the counts, accuracy, Cohen's kappa and the
measure's precision and recall; ``--show`` also prints the sentences where the two disagree.
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def read_labels(path: Path):
    """{(document id, sentence number): broken} in file order."""
    labels = {}
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#") or line.startswith("valid_index"):
            continue
        fields = line.split("\t")
        if len(fields) != 4 or fields[3] not in ("0", "1"):
            raise SystemExit(f"splice_agreement.py: {path}:{lineno}: expected valid_index, id, sentence, broken (0/1)")
        labels[(fields[1], int(fields[2]))] = fields[3] == "1"
    return labels


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("labels", type=Path)
    parser.add_argument("outputs", type=Path, help="evaluate.py generate output directory of the labelled summaries")
    parser.add_argument("--data", required=True, help="the JSON Lines file the summaries were generated from")
    parser.add_argument("--show", action="store_true", help="print the sentences where the measure and the labels disagree")
    args = parser.parse_args(argv)
    from fairseq_plugins import evaluation as ev
    from fairseq_plugins.evaluation import faithfulness as fa

    try:
        outputs = ev.read_outputs(args.outputs)
        meta = outputs["meta"]
        docs = {d.id: d for d in ev.read_jsonl(args.data, meta.get("limit"), start=meta.get("start", 0))}
    except ev.EvaluationError as err:
        raise SystemExit(f"splice_agreement.py: {err}") from None
    labels = read_labels(args.labels)
    human, measure, disagreements = [], [], []
    documents = []  # (any sentence labelled broken, any spliced by the measure), per document
    for doc_id, hypothesis in zip(outputs["ids"], outputs["hypotheses"]):
        first = len(human)
        if doc_id not in docs:
            raise SystemExit(f"splice_agreement.py: {doc_id} of {args.outputs} is not in {args.data}")
        for number, (sentence, spliced) in enumerate(fa.sentence_judgements(docs[doc_id].article, hypothesis)):
            if (doc_id, number) not in labels:
                continue
            human.append(labels.pop((doc_id, number)))
            measure.append(spliced)
            if human[-1] != spliced:
                disagreements.append(f"{doc_id[:10]} {number} label {int(human[-1])} measure {int(spliced)}: {sentence}")
        if len(human) > first:
            documents.append((any(human[first:]), any(measure[first:])))
    if labels:
        raise SystemExit(f"splice_agreement.py: {len(labels)} labelled sentences are not in {args.outputs} "
                         f"(first: {next(iter(labels))}); were the labels made on these summaries?")
    result = fa.agreement(human, measure)
    print(f"{result['n']} sentences: {result['human_broken']} labelled broken, {result['measure_spliced']} spliced by the "
          f"measure, {result['both']} both")
    print(f"accuracy {result['accuracy']:.3f}  Cohen's kappa {result['kappa']:.3f}  "
          f"precision {result['precision']:.3f}  recall {result['recall']:.3f}")
    summaries = fa.agreement(*zip(*documents))
    print(f"{summaries['n']} summaries: {summaries['human_broken']} with a sentence labelled broken, "
          f"{summaries['measure_spliced']} with one spliced by the measure; accuracy {summaries['accuracy']:.3f}  "
          f"kappa {summaries['kappa']:.3f}  precision {summaries['precision']:.3f}  recall {summaries['recall']:.3f}")
    if args.show:
        print("\n".join(disagreements))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Where a Fastformer encoder's global query and key look on real documents: for every layer,
the pooling weights' effective number of positions, the weight on the heaviest 1% of positions,
on the first 10% and on sentence separators (fairseq_plugins/evaluation/pooling.py), averaged over
heads and documents.

    python scripts/attention_pooling.py --bundle app/model_papers --data ../shared/data/sumpubmed/valid.jsonl.gz --documents 20

Each document is read as the bundle's model reads it (a masked paper for the paper models, cut to
its source limit). Prints a table, and writes the figures as JSON with --json.
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundle", required=True, help="a model bundle directory (checkpoint.pt, spm.model, dictionary)")
    parser.add_argument("--data", required=True, help="JSON Lines documents (.gz ok) with an 'article' field")
    parser.add_argument("--documents", type=int, default=20, help="the first N documents [20]")
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args(argv)
    if args.documents < 1:
        parser.error("--documents must be at least 1")
    bundle = Path(args.bundle)
    if not (bundle / "checkpoint.pt").is_file():
        print(f"attention_pooling.py: no model bundle at {bundle} ({bundle / 'checkpoint.pt'} is missing)", file=sys.stderr)
        return 2

    import torch

    from fairseq_plugins.evaluation import EvaluationError, get_preset, harness, pooling, read_jsonl
    from fairseq_plugins.modules.additive_attention import recording_pooling
    from fairseq_plugins.text import SENTENCE_SEPARATOR, Document

    try:
        docs = read_jsonl(args.data, limit=args.documents)
        card = json.loads((bundle / "model.json").read_text()) if (bundle / "model.json").is_file() else {}
        preset = get_preset(card.get("preset", "papers"))  # only its source limit matters here
        system = harness.load_system(bundle / "checkpoint.pt", bundle, preset, device="cpu", log=lambda m: None)
    except EvaluationError as err:
        print(f"attention_pooling.py: {err}", file=sys.stderr)
        return 2
    rows = {}  # (layer, pooling) -> [profile per document]
    separator = system.src_dict.index(SENTENCE_SEPARATOR)
    for doc in docs:
        document = Document.prepare(doc.article, masked=system.masks_numbers)
        line = (system.sources(doc.article)[2] if isinstance(system, harness.ExtractiveSystem)
                else document.source_pieces(system.sp, system.max_source_pieces)[0])
        tokens = system.src_dict.encode_line(line, add_if_not_exist=False, append_eos=True).long()[None]  # (1, N)
        with torch.no_grad(), recording_pooling() as records:
            system.model.encoder(tokens, torch.tensor([tokens.size(1)]))
        if not records:
            print(f"attention_pooling.py: {bundle}'s encoder has no additive attention to read", file=sys.stderr)
            return 2
        separators = tokens[0].eq(separator)
        for layer, (alpha, beta) in enumerate(records, start=1):
            for name, weights in (("alpha (query)", alpha), ("beta (key)", beta)):
                rows.setdefault((layer, name), []).append(pooling.profile(weights[0], separators))
    table = {f"layer {layer} {name}": {m: sum(p[m] for p in profiles) / len(profiles) for m in pooling.MEASURES}
             for (layer, name), profiles in rows.items()}
    length = sum(1 for _ in docs)
    print(f"{bundle}: pooling weights on {length} documents of {args.data}, means over heads and documents")
    print(f"{'':<24}{'effective positions':>20}{'share of N':>12}{'top 1%':>9}{'first 10%':>11}{'on <n>':>9}{'<n> share':>11}")
    for name, m in table.items():
        print(f"{name:<24}{m['effective_positions']:20.1f}{m['effective_share']:12.3f}{m['top1pct_mass']:9.3f}"
              f"{m['first10pct_mass']:11.3f}{m['separator_mass']:9.3f}{m['separator_share']:11.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"bundle": str(bundle), "data": args.data, "documents": length,
                                               "layers": table}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

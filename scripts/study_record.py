#!/usr/bin/env python3
"""Write the record of one study row or baseline: what the table and curves need, small enough to
keep in the repository (fairseq_plugins/evaluation/study.py says what it holds and why).

    python scripts/study_record.py fastformer_8192 runs/papers_study/fastformer_8192/valid \\
        --run runs/papers_study/fastformer_8192 --data-bin data-bin/sumpubmed_study --documents 100 \\
        --threads 1 --out docs/papers_study/fastformer_8192.json
    python scripts/study_record.py lead15 runs/papers_study/lead15/valid --out docs/papers_study/lead15.json

OUTPUTS is the row's evaluate.py generate directory. With ``--run`` (a training directory) the
record also holds the row's card and its curve: every kept checkpoint scored on the first
``--documents`` valid papers of ``--data-bin`` (cached beside the checkpoints), or without
``--data-bin`` the validation loss fairseq saved with each (the extractive study's rows).
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", help="the row's or baseline's name in the table")
    parser.add_argument("outputs", help="its evaluate.py generate output directory")
    parser.add_argument("--run", help="the row's training directory (checkpoint_last.pt, train.log, kept checkpoints)")
    parser.add_argument("--data-bin", help="with --run: the prepared data its curve is scored on "
                        "[none: the validation loss saved with each checkpoint]")
    parser.add_argument("--documents", type=int, default=100, help="with --run: valid papers the curve scores [100]")
    parser.add_argument("--threads", type=int, help="with --run: the threads it trained with, for the card")
    parser.add_argument("--out", required=True, help="the record's path (JSON)")
    args = parser.parse_args(argv)
    if args.run and args.data_bin and not (Path(args.data_bin) / "dict.source.txt").exists():
        parser.error(f"--data-bin {args.data_bin}: not the prepared data (no dict.source.txt in it)")
    if args.documents < 1:
        parser.error(f"--documents must be at least 1, got {args.documents}")

    from fairseq_plugins.evaluation import study

    try:
        record = study.make_record(args.name, args.outputs, args.run, args.data_bin, args.documents, args.threads)
    except study.RecordError as err:
        print(f"study_record.py: error: {err}", file=sys.stderr)
        return 2
    study.write_record(args.out, record)
    card = record["card"]
    print(f"wrote {args.out}: {record['scores']['n']} documents"
          + (f", {card['num_updates']} updates in {card['training_hours']:.2f} h, {len(record['curve'])} curve points"
             if card else ""), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

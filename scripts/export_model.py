#!/usr/bin/env python3
"""Average checkpoints and write a compact model bundle for the app (see app/bundle.py).

    python scripts/export_model.py --data-bin data-bin/cnndm --out app/model \
        checkpoints/cpu_budget/checkpoint_*_*.pt
    python scripts/export_model.py --data-bin data-bin/cnndm_rw --out app/model_rewriting \
        --chooser app/model_extractive --preset cnndm_rewriting checkpoints/rw/checkpoint_1_*.pt
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkpoints", nargs="+", help="fairseq checkpoints to average (same architecture)")
    parser.add_argument("--data-bin", required=True, help="the prepared data the model was trained on")
    parser.add_argument("--out", required=True, help="bundle directory to write")
    parser.add_argument("--fp32", action="store_true", help="keep fp32 weights (default: fp16)")
    parser.add_argument("--preset", default="cnndm",
                        help="the decoding preset tuned for this model, the app's defaults for it (default: cnndm)")
    parser.add_argument("--trained-on", default=None,
                        help='the hardware it was trained on, for the card (e.g. "1 CPU core"; a checkpoint does not say)')
    parser.add_argument("--chooser", default=None,
                        help="a sentence rewriter's chooser: the extractive bundle copied into this one")
    parser.add_argument("--chooser-beside", action="store_true",
                        help="name the chooser by its path relative to this bundle instead of copying it (bundles "
                             "shipped side by side, e.g. app/model_papers_rewriting and app/model_papers_extractive)")
    args = parser.parse_args(argv)
    from app.bundle import export_bundle

    try:
        path = export_bundle(args.checkpoints, args.data_bin, args.out, half=not args.fp32, preset=args.preset,
                             chooser=args.chooser, trained_on=args.trained_on, chooser_beside=args.chooser_beside)
    except (ValueError, FileNotFoundError) as error:
        print(f"export_model: {error}", file=sys.stderr)
        return 2
    size = sum(f.stat().st_size for f in Path(args.out).rglob("*") if f.is_file()) / 2**20
    print(f"wrote {path} ({size:.1f} MiB bundle, {len(args.checkpoints)} checkpoint(s) averaged)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

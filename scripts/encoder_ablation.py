#!/usr/bin/env python3
"""How much a trained model relies on its encoder's token mixing: validation loss of checkpoints
with parts of the encoder switched off (the diagnosis behind the equal-budget comparison of
docs/cpu_budget.md).

    python scripts/encoder_ablation.py --data-bin data-bin/cnndm \\
        checkpoints/cpu_budget/checkpoint_5_12000.pt checkpoints/budget_3h_transformer/checkpoint_2_5000.pt

For every checkpoint and ablation it prints the negative log-likelihood per target token in bits
(``fairseq_plugins.evaluation.likelihood``: fairseq's ``nll_loss``) on the first ``--articles`` validation
articles, in eval mode:

    none                the model as trained
    no_self_attention   every encoder self-attention sublayer outputs zeros: each position keeps
                        its own embedding, position and FFN path and sees no other position;
                        "n/a" for a convolution-only encoder (conv_only_small)
    no_encoder_layers   the memory the decoder reads is the embeddings (and final LayerNorm) alone
    no_local_conv       the local convolution before each attention (--encoder-local-conv) is
                        skipped; "n/a" for a model without one

The rise over ``none`` says how much of what the model has learnt goes through the encoder's
mixing of positions (the decoder still reads every position through cross-attention).
Source tokens are the only input an encoder sees, so none of these can reach the summary being
predicted: they also check that a model's gain comes from where its design says it does.
"""
import argparse
import copy
import sys
from pathlib import Path
from typing import Callable, Dict, List

import torch
from torch import nn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class ZeroSublayer(nn.Module):
    """Stands in for an attention sublayer: (x, padding_mask) -> zeros like x."""

    def forward(self, x, *args, **kwargs):
        return torch.zeros_like(x)


# Each ablation changes a model in place and says whether it applies to it (False: nothing to
# switch off, the table shows n/a rather than a copy of the unablated loss).
def as_trained(model) -> bool:
    return True


def zero_self_attention(model) -> bool:
    layers = [layer for layer in model.encoder.layers if getattr(layer, "self_attention", None) is not None]
    for layer in layers:  # a convolution-only encoder (conv_only_small) has none: n/a
        layer.self_attention.sublayer = ZeroSublayer()
    return bool(layers)


def drop_encoder_layers(model) -> bool:
    model.encoder.layers = nn.ModuleList()
    return True


def skip_local_conv(model) -> bool:
    layers = [layer for layer in model.encoder.layers if getattr(layer, "local_conv", None) is not None]
    for layer in layers:
        layer.local_conv = None  # EncoderLayer.forward skips a missing convolution
    return bool(layers)


ABLATIONS: Dict[str, Callable] = {
    "none": as_trained,
    "no_self_attention": zero_self_attention,
    "no_encoder_layers": drop_encoder_layers,
    "no_local_conv": skip_local_conv,
}


def ablate(checkpoint: str, data_bin: str, ablations: List[str], articles: int) -> dict:
    from fairseq_plugins.evaluation import likelihood

    try:
        loaded = likelihood.load(checkpoint, data_bin)
    except (ValueError, FileNotFoundError) as err:
        raise SystemExit(f"encoder_ablation.py: {err}") from None
    row = {"checkpoint": checkpoint, "updates": loaded.updates, "hours": loaded.hours, "nll_bits": {}}
    for name in ablations:
        variant = copy.deepcopy(loaded.model)
        applies = ABLATIONS[name](variant)
        row["nll_bits"][name] = likelihood.nll_bits(variant, loaded.task, articles) if applies else None
    return row


def table(rows: List[dict], ablations: List[str]) -> str:
    head = ["checkpoint", "updates", "hours"] + [f"{name} (bits)" for name in ablations]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        base = row["nll_bits"].get("none")
        cells = [f"`{row['checkpoint']}`", str(row["updates"]), f"{row['hours']:.2f}"]
        for name in ablations:
            value = row["nll_bits"][name]
            if value is None:
                cells.append("n/a")
                continue
            rise = "" if base is None or name == "none" else f" ({value - base:+.3f})"
            cells.append(f"{value:.3f}{rise}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkpoints", nargs="+", help="fairseq checkpoints trained on --data-bin")
    parser.add_argument("--data-bin", required=True, help="the prepared data they were trained on (its valid split is read)")
    parser.add_argument("--articles", type=int, default=400, help="first N validation articles (default 400)")
    parser.add_argument("--ablations", default=",".join(ABLATIONS), help=f"comma-separated, from {', '.join(ABLATIONS)}")
    args = parser.parse_args(argv)
    ablations = [name for name in args.ablations.split(",") if name]
    unknown = [name for name in ablations if name not in ABLATIONS]
    if unknown:
        parser.error(f"unknown ablation(s) {', '.join(unknown)}; known: {', '.join(ABLATIONS)}")
    if not (Path(args.data_bin) / "dict.source.txt").exists():
        parser.error(f"{args.data_bin}: no dict.source.txt (--data-bin: the directory prepare_data.py wrote)")
    rows = [ablate(path, args.data_bin, ablations, args.articles) for path in args.checkpoints]
    print(table(rows, ablations))
    return 0


if __name__ == "__main__":
    sys.exit(main())

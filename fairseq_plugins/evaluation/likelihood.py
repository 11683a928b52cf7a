"""How well a checkpoint predicts the reference summaries: negative log-likelihood per target token
in bits, teacher-forced, in eval mode, on the first N documents of a prepared split.

    bits = -(1 / T) * sum_t log2 p(y_t | y_<t, x)      over every target token of the N documents

It is the validation measure that needs no decoding, so it is cheap enough to score every interval
checkpoint of a run (``scripts/training_curve.py --papers``) and exact enough to compare ablations
of one model (``scripts/encoder_ablation.py``). It is fairseq's ``nll_loss`` (no label smoothing),
summed over documents before dividing, so it does not depend on how the documents are batched, and
the documents are always the first N in file order: runs whose batches differ (2 papers a batch at
8,192 source pieces, 16 at 1,024) are scored on the same summaries. The source is read the way the
checkpoint was trained to read it: its task's ``--truncate-source`` and ``--max-source-positions``
cut the prepared split.
"""
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

import torch


@dataclass
class LoadedCheckpoint:
    model: Any  # a FairseqEncoderDecoderModel in eval mode, fp32
    task: Any  # its task, with the split loaded
    split: str
    updates: Optional[int]  # fairseq's num_updates when the checkpoint was saved
    hours: float  # fairseq's cumulative training wall time then (nan if it did not record it)


def load(checkpoint, data_bin, split: str = "valid") -> LoadedCheckpoint:
    """The checkpoint's model and task with ``split`` of ``data_bin`` loaded.
    Raises FileNotFoundError / ValueError (fixes.load_checkpoint's messages) for a bad file."""
    from fairseq import checkpoint_utils

    from fairseq_plugins import fixes  # registers the plugin and the safe loader's allow-list

    state = fixes.load_checkpoint(checkpoint, {"data": str(data_bin)})
    models, _cfg, task = checkpoint_utils.load_model_ensemble_and_task([str(checkpoint)], state=state)
    task.load_dataset(split)
    record = _record(state)
    return LoadedCheckpoint(
        model=models[0].float().eval(),  # exported bundles are fp16
        task=task,
        split=split,
        updates=record["updates"],
        hours=record["hours"] if record["hours"] is not None else float("nan"),
    )


def bookkeeping(checkpoint) -> dict:
    """What fairseq recorded in a checkpoint, read without building its model: ``arch``,
    ``source_pieces`` (what it was trained to read), ``updates``, ``hours`` (cumulative training
    wall time) and ``val_loss``; a missing record is None. Raises ValueError for a file that is
    not a readable fairseq checkpoint."""
    import fairseq_plugins  # noqa: F401  (the allow-list of the weights-only loader)

    try:
        state = torch.load(checkpoint, map_location="cpu", weights_only=True)
        state["optimizer_history"][-1]  # a fairseq checkpoint has one
        return _record(state)
    except Exception as err:  # a damaged or foreign file: say which
        raise ValueError(f"{checkpoint}: not a readable fairseq checkpoint ({type(err).__name__}: {err})") from None


def _record(state: dict) -> dict:
    """``bookkeeping``'s fields from a loaded checkpoint state."""
    history = (state.get("optimizer_history") or [{}])[-1]
    model_cfg = (state.get("cfg") or {}).get("model") or {}
    field = model_cfg.get if hasattr(model_cfg, "get") else (lambda key: getattr(model_cfg, key, None))
    extra = state.get("extra_state") or {}
    positions = field("max_source_positions")
    seconds, val_loss = extra.get("previous_training_time"), extra.get("val_loss")
    return {
        "arch": field("_name") or field("arch"),  # fairseq-train's dict cfg names it _name
        "source_pieces": int(positions) - 1 if positions else None,  # one position is the end-of-source symbol
        "updates": history.get("num_updates"),
        "hours": None if seconds is None else float(seconds) / 3600,
        "val_loss": None if val_loss is None else float(val_loss),
    }


def nll_bits(model, task, documents: int, split: str = "valid", batch_size: int = 8) -> float:
    """Bits per target token over the first ``documents`` documents of ``split``."""
    dataset = task.dataset(split)
    pad = task.target_dictionary.pad()
    count = min(documents, len(dataset))
    if count < 1:
        raise ValueError(f"no documents to score in split {split!r}")
    total_nats, tokens = 0.0, 0
    with torch.no_grad():
        for start in range(0, count, batch_size):
            sample = dataset.collater([dataset[i] for i in range(start, min(start + batch_size, count))])
            net_output = model(**sample["net_input"])
            lprobs = model.get_normalized_probs(net_output, log_probs=True)  # (B, T, V)
            target = sample["target"]  # (B, T)
            picked = lprobs.gather(-1, target.unsqueeze(-1)).squeeze(-1)  # (B, T)
            mask = target.ne(pad)
            total_nats -= picked[mask].double().sum().item()
            tokens += int(mask.sum())
    return total_nats / tokens / math.log(2)


def score(checkpoint, data_bin, documents: int, split: str = "valid", batch_size: int = 8) -> dict:
    """{checkpoint, updates, hours, documents, nll_bits} for one checkpoint file."""
    loaded = load(checkpoint, data_bin, split)
    bits = nll_bits(loaded.model, loaded.task, documents, split, batch_size)
    return {"checkpoint": str(checkpoint), "updates": loaded.updates, "hours": loaded.hours,
            "documents": min(documents, len(loaded.task.dataset(split))), "nll_bits": bits}


def cached_score(checkpoint, data_bin, documents: int, split: str = "valid") -> dict:
    """``score``, remembered beside the checkpoint in ``likelihood_<split>_<documents>.json`` (keyed
    by file name and modification time): a resumed run's curve and its table re-score nothing
    but new checkpoints."""
    path = Path(checkpoint)
    cache_path = path.parent / f"likelihood_{split}_{documents}.json"
    try:
        cache = json.loads(cache_path.read_text()) if cache_path.exists() else {}
    except ValueError:  # a cache cut short by a stop: score again
        cache = {}
    key = f"{path.name}@{path.stat().st_mtime_ns}" if path.exists() else path.name
    if key not in cache:
        cache[key] = score(path, data_bin, documents, split)
        partial = cache_path.with_suffix(".json.partial")  # renamed over the cache: a stop never leaves half a file
        partial.write_text(json.dumps(cache, indent=1) + "\n")
        partial.replace(cache_path)
    return cache[key]

"""A model bundle: everything the app needs to summarize with one model, in one directory.

    checkpoint.pt     fairseq checkpoint without optimizer state, weights averaged and in fp16
    spm.model         the sentencepiece model the data was prepared with
    dict.source.txt   the joined fairseq dictionary (dict.target.txt is the same file)
    dict.target.txt
    prepare.json      how the data was prepared (source truncation, vocabulary size, ...)
    model.json        what the model is: architecture, kind (abstractive, extractive or rewriting),
                      updates, the checkpoints averaged, and the decoding preset tuned for it (the
                      app's defaults for this model)
    chooser/          a rewriting bundle only: the extractive bundle that chooses the sentences the
                      rewriter rewrites (the card's "chooser" names it; it may name a bundle
                      beside this one instead, "../model_papers_extractive")

`Summarizer(bundle / "checkpoint.pt")` loads it (the data directory defaults to the
checkpoint's own). fp16 halves the size; the model is built in fp32 and the weights are cast on
load, so inference is the same up to fp16 rounding of the weights.
"""
import json
import os
import shutil
from pathlib import Path
from typing import List, Optional, Sequence

import torch
from omegaconf import DictConfig, OmegaConf

from fairseq_plugins.evaluation import DEFAULT_BUNDLE_PRESET, read_bundle_card
from fairseq_plugins.fixes import load_checkpoint
from fairseq_plugins.models import model_name

BUNDLE_DATA_FILES = ("spm.model", "dict.source.txt", "dict.target.txt", "prepare.json")
DEFAULT_PRESET = DEFAULT_BUNDLE_PRESET  # for a model whose card names no preset
# the checkpoint's model name -> what it writes (the card's "kind"); every other model is abstractive
MODEL_KINDS = {"extractive_summarizer": "extractive", "sentence_rewriter": "rewriting"}
CHOOSER_DIR = "chooser"  # where a rewriting bundle keeps its chooser


def read_preset(directory) -> str:
    """The decoding preset a bundle's card (``model.json``) names, else DEFAULT_PRESET; a card
    that cannot be read counts as naming none."""
    return read_bundle_card(directory).get("preset") or DEFAULT_PRESET


def read_kind(directory) -> str:
    """What a bundle's model writes: "abstractive" (its own sentences), "extractive" (the
    article's sentences) or "rewriting" (each chosen sentence rewritten); bundles whose card does
    not say are abstractive."""
    return read_bundle_card(directory).get("kind") or "abstractive"


# the flags that only initialised training (the extractive model's --pretrained-encoder, the
# rewriter's --pretrained-model): the weights are in the bundle now
_INITIALISED_FROM = ("pretrained_encoder", "pretrained_model")


def chooser_dir(directory) -> Path:
    """Where a rewriting bundle keeps its chooser (the card's "chooser", else CHOOSER_DIR)."""
    return Path(directory) / (read_bundle_card(directory).get("chooser") or CHOOSER_DIR)


def _forget_pretrained_weights(model_cfg) -> None:
    """Loading a bundle must not look for the files its model started from (on another machine)."""
    for name in _INITIALISED_FROM:
        if isinstance(model_cfg, dict):
            if model_cfg.get(name):
                model_cfg[name] = None
        elif getattr(model_cfg, name, None):
            setattr(model_cfg, name, None)


def _copy_chooser(chooser: Path, target: Path) -> None:
    """An extractive bundle's files, copied into a rewriting bundle."""
    target.mkdir(parents=True, exist_ok=True)
    for name in ("checkpoint.pt", "model.json", *BUNDLE_DATA_FILES):
        shutil.copyfile(chooser / name, target / name)


def average_weights(states: Sequence[dict]) -> dict:
    """Element-wise mean of the models' parameters (Vaswani et al. 2017's checkpoint averaging).
    Shared parameters appear under several keys and are averaged identically under each."""
    keys = states[0]["model"].keys()
    for state in states[1:]:
        if state["model"].keys() != keys:
            raise ValueError("checkpoints to average must come from the same architecture")
    averaged = {}
    for key in keys:
        tensors = [state["model"][key] for state in states]
        if tensors[0].is_floating_point():
            averaged[key] = torch.stack([t.float() for t in tensors]).mean(0)
        else:
            averaged[key] = tensors[-1]
    return averaged


def export_bundle(checkpoints: List[str], data_bin: str, out_dir: str, half: bool = True,
                  preset: str = "cnndm", chooser: Optional[str] = None, trained_on: Optional[str] = None,
                  chooser_beside: bool = False) -> Path:
    """Average `checkpoints`, drop optimizer state, store the weights in fp16 and copy the data
    files next to them; the card names `preset`, the decoding settings the app uses for the
    model, and `trained_on`, the hardware it was trained on where given (a checkpoint does not
    record it). A sentence rewriter needs `chooser`, the extractive bundle that chooses its
    sentences: it is copied into the bundle (CHOOSER_DIR), or, with `chooser_beside`, named by its
    path relative to the bundle (two bundles shipped side by side share one chooser: the shipped
    papers rewriter reads ``../model_papers_extractive``). Returns the path of the written checkpoint."""
    from fairseq_plugins.evaluation import DECODING_PRESETS

    if not checkpoints:
        raise ValueError("no checkpoints to export")
    if preset not in DECODING_PRESETS:
        raise ValueError(f"unknown decoding preset {preset!r}; known presets: {', '.join(DECODING_PRESETS)}")
    states = [load_checkpoint(path) for path in checkpoints]
    weights = average_weights(states)
    if half:
        weights = {k: v.half() if v.is_floating_point() else v for k, v in weights.items()}
    # the card describes the newest checkpoint averaged, whatever order the files came in
    last = max(states, key=lambda state: state["optimizer_history"][-1].get("num_updates") or 0)
    cfg = last["cfg"]
    if isinstance(cfg, DictConfig):
        # fairseq turns the saved dict into a DictConfig on load; save it back as fairseq does,
        # a plain dict, which the weights-only loader accepts (a DictConfig it refuses)
        cfg = OmegaConf.to_container(cfg, resolve=True, enum_to_str=True)
    kind = MODEL_KINDS.get(model_name(cfg["model"]), "abstractive")
    if (kind == "rewriting") != bool(chooser):  # checked before anything is written
        raise ValueError("a sentence rewriter needs --chooser, the extractive bundle that chooses its sentences"
                         if kind == "rewriting" else f"--chooser: only a sentence rewriter takes one (this model is {kind})")
    if chooser and (read_kind(chooser) != "extractive" or not (Path(chooser) / "checkpoint.pt").is_file()):
        raise ValueError(f"--chooser {chooser}: not an extractive model bundle (checkpoint.pt and a card of kind extractive)")
    _forget_pretrained_weights(cfg["model"])
    exported = {
        "cfg": cfg,
        "args": last.get("args"),
        "model": weights,
        "optimizer_history": [dict(last["optimizer_history"][-1], optimizer_name="none")],
        "extra_state": {"train_iterator": {"epoch": 1}},
        "last_optimizer_state": None,
    }
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    target = out / "checkpoint.pt"
    tmp = target.with_suffix(".pt.tmp")
    torch.save(exported, tmp)
    tmp.replace(target)
    for name in BUNDLE_DATA_FILES:
        source = Path(data_bin) / name
        if not source.exists():
            raise FileNotFoundError(f"{source} not found: is {data_bin} the data the model was trained on?")
        shutil.copyfile(source, out / name)
    if chooser and not chooser_beside:
        _copy_chooser(Path(chooser), out / CHOOSER_DIR)
    model_cfg = cfg["model"]  # an argparse.Namespace for argparse-registered archs, else a dict
    if isinstance(model_cfg, dict):
        arch = model_cfg.get("arch") or model_cfg.get("_name")
    else:
        arch = getattr(model_cfg, "arch", None)
    card = {
        "arch": arch,
        "kind": kind,
        "num_updates": last["optimizer_history"][-1].get("num_updates"),
        "averaged_checkpoints": [Path(p).name for p in checkpoints],
        "weights_dtype": "float16" if half else "float32",
        "preset": preset,
        "state_dict_elements": sum(v.numel() for v in weights.values()),  # shared tensors counted per key
    }
    extra = last.get("extra_state") or {}
    if chooser:
        card["chooser"] = os.path.relpath(Path(chooser).resolve(), out.resolve()) if chooser_beside else CHOOSER_DIR
    if trained_on:
        card["trained_on"] = trained_on
    if extra.get("previous_training_time") is not None:  # fairseq's cumulative training wall time
        card["training_hours"] = round(float(extra["previous_training_time"]) / 3600, 6)  # 3.6 ms resolution: tiny runs too
    if extra.get("val_loss") is not None:
        card["valid_loss"] = round(float(extra["val_loss"]), 4)  # of the newest checkpoint averaged
    (out / "model.json").write_text(json.dumps(card, indent=2, default=str) + "\n")
    return target

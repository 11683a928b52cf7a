"""Extractive summarizer: the efficient encoder scores every sentence of the article, and the
summary is the best-scoring sentences, copied as the article writes them.

    source tokens (sentences joined by <n>) -> EfficientEncoder (Fastformer + conv, as the
    abstractive model) -> mean per sentence (modules/sentence_pooling.py) + sinusoidal sentence
    positions -> L x self-attention over the sentences (softmax; or Fastformer's additive attention,
    --sentence-self-attention fastformer) -> LayerNorm -> Linear -> one logit
    per sentence

This is BertSumExt's design (Liu & Lapata 2019, "Text Summarization with Pretrained Encoders",
sec. 3.2: sentence vectors from a document encoder, two inter-sentence Transformer layers, a
sigmoid classifier trained with binary cross-entropy against the greedy oracle's labels), with our
long-input encoder in place of BERT.  ``--pretrained-encoder`` starts the encoder from a trained
abstractive checkpoint (its ``encoder.*`` weights), so the extractive model reads with what the
abstractive one learnt.  Every summary sentence is a sentence of the article: no splicing, no
words the article does not have (fairseq_plugins/text/extraction.py picks them).

Trained through fairseq's ``translation`` task on a data directory written by
``scripts/prepare_extractive.py`` (the target "sentence" is the label of each source sentence,
``1`` or ``0``) with the ``sentence_extraction`` criterion (criterions/sentence_extraction.py).
"""
import logging
import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Callable, Optional, Tuple

import torch
from fairseq.dataclass import ChoiceEnum
from fairseq.models import BaseFairseqModel, register_model, register_model_architecture
from fairseq.modules import SinusoidalPositionalEmbedding
from torch import Tensor, nn

from ..modules.sentence_pooling import SentenceMeanPool
from .efficient_transformer import (
    ENCODER_SELF_ATTENTION,
    EfficientEncoder,
    EfficientTransformerConfig,
    EncoderLayer,
    check_config,
    conv_only_small,
    fastformer_conv_small,
    local_transformer_small,
    set_defaults,
    token_embedding,
    transformer_conv_small,
)

logger = logging.getLogger(__name__)

# the sentence layers' attention over a paper's few hundred sentence vectors (a subset of the
# encoder's table: mechanisms that need no block size or compression stride)
SENTENCE_SELF_ATTENTION = ("softmax", "fastformer")

SENTENCE_SEPARATOR = "<n>"  # text.SENTENCE_SEPARATOR: the same symbol joins the source's sentences


@dataclass
class ExtractiveSummarizerConfig(EfficientTransformerConfig):
    sentence_layers: int = field(default=2, metadata={"help": "inter-sentence self-attention layers (BertSumExt: 2)"})
    sentence_attention_heads: int = field(default=4, metadata={"help": "heads of the inter-sentence attention"})
    sentence_self_attention: ChoiceEnum(list(SENTENCE_SELF_ATTENTION)) = field(
        default="softmax",
        metadata={"help": "the sentence layers' attention over the sentence vectors: BertSumExt's softmax, or "
                          "Fastformer's additive attention (the global view given at the sentence level)"},
    )
    max_sentences: int = field(default=1024, metadata={"help": "most sentences a source may have"})
    pretrained_encoder: Optional[str] = field(
        default=None,
        metadata={"help": "an efficient_transformer checkpoint whose encoder.* weights initialise the "
                          "encoder (same encoder architecture and dictionary)"},
    )
    pretrained_encoder_drop_attention: bool = field(
        default=False,
        metadata={"help": "with --pretrained-encoder: leave out the checkpoint's encoder self-attention "
                          "weights, to start an attention-free encoder (conv_only) from one trained "
                          "with attention (fastformer_conv); every other weight must still match"},
    )


# an encoder layer's self-attention sublayer: layers.<i>.self_attention.{sublayer,norm}.*
SELF_ATTENTION_WEIGHT = re.compile(r"^layers\.\d+\.self_attention\.")


def load_pretrained_encoder(encoder: nn.Module, path: str, drop_attention: bool = False) -> None:
    """Copy a trained abstractive model's encoder weights into ``encoder`` (strict: every weight
    must be there with its shape, or the run stops with the names that differ).

    ``drop_attention`` leaves out the checkpoint's self-attention sublayers first: the layers of an
    attention-free encoder are the same residual blocks without that sublayer (convolution, then
    FFN), so the rest of a Fastformer + convolution encoder fits it weight for weight."""
    from .. import fixes

    if not Path(path).is_file():
        raise ValueError(f"--pretrained-encoder {path}: no such file (checkpoints exported by "
                         "scripts/export_model.py no longer need it)")
    state = fixes.load_checkpoint(path)["model"]
    prefix = "encoder."
    weights = {key[len(prefix):]: value.float() for key, value in state.items() if key.startswith(prefix)}
    if drop_attention:
        weights = {name: value for name, value in weights.items() if not SELF_ATTENTION_WEIGHT.match(name)}
    missing, unexpected = encoder.load_state_dict(weights, strict=False)
    if missing or unexpected:
        only_attention = not missing and all(SELF_ATTENTION_WEIGHT.match(name) for name in unexpected)
        hint = " (add --pretrained-encoder-drop-attention to leave its attention out)" if only_attention else ""
        raise ValueError(f"--pretrained-encoder {path}: its encoder does not match this architecture "
                         f"(missing {sorted(missing)[:5]}, unexpected {sorted(unexpected)[:5]}){hint}")
    logger.info(f"encoder initialised from {path} ({len(weights)} tensors"
                f"{', its self-attention left out' if drop_attention else ''})")


class _WithChanges:
    """``cfg`` (argparse Namespace or omegaconf DictConfig) with some fields read differently."""

    def __init__(self, cfg, **changes):
        self._cfg, self._changes = cfg, changes

    def __getattr__(self, name):
        return self._changes[name] if name in self._changes else getattr(self._cfg, name)


class SentenceScorer(nn.Module):
    """sentence vectors (B, S, C) + padding mask (B, S) -> logits (B, S)."""

    def __init__(self, cfg):
        super().__init__()
        dim = cfg.encoder_embed_dim
        # the sentence layers attend over the sentences (softmax unless --sentence-self-attention says
        # otherwise; checkpoints from before the option have softmax) and have no convolution (nor a
        # gate beside one): the encoder's placement options are the encoder's
        layer_cfg = _WithChanges(cfg, encoder_local_conv=0, encoder_attention_placement="series")
        mechanism = getattr(cfg, "sentence_self_attention", "softmax")
        attentions = ENCODER_SELF_ATTENTION[mechanism](layer_cfg, dim, cfg.sentence_attention_heads, cfg.sentence_layers)
        self.positions = SinusoidalPositionalEmbedding(dim, 0, init_size=cfg.max_sentences + 1)
        self.layers = nn.ModuleList(EncoderLayer(attention, layer_cfg) for attention in attentions)
        self.norm = nn.LayerNorm(dim)
        self.out = nn.Linear(dim, 1)

    def forward(self, sentences: Tensor, padding_mask: Tensor) -> Tensor:
        # sinusoidal positions of the sentences 1..S (index 0 is the embedding's padding slot)
        index = (~padding_mask).long()  # (B, S)
        x = sentences + self.positions(index)  # (B, S, C)
        for layer in self.layers:
            x = layer(x, padding_mask)
        return self.out(self.norm(x)).squeeze(-1)  # (B, S)


@register_model("extractive_summarizer", dataclass=ExtractiveSummarizerConfig)
class ExtractiveSummarizer(BaseFairseqModel):
    @classmethod
    def add_args(cls, parser):
        from fairseq.dataclass.utils import gen_parser_from_dataclass

        gen_parser_from_dataclass(parser, ExtractiveSummarizerConfig(), delete_default=True)

    @classmethod
    def build_model(cls, args, task):
        extractive_base(args)
        check_config(args)
        dictionary = task.source_dictionary
        if SENTENCE_SEPARATOR not in dictionary.indices:
            raise ValueError(f"the source dictionary has no {SENTENCE_SEPARATOR!r}: prepare the data with "
                             "scripts/prepare_extractive.py")
        encoder = EfficientEncoder(args, dictionary, token_embedding(dictionary, args.encoder_embed_dim))
        if args.pretrained_encoder:
            load_pretrained_encoder(encoder, args.pretrained_encoder,
                                    args.pretrained_encoder_drop_attention)
        return cls(encoder, SentenceScorer(args), dictionary.index(SENTENCE_SEPARATOR),
                   (dictionary.pad(), dictionary.eos()), args.max_sentences)

    def __init__(self, encoder: EfficientEncoder, scorer: SentenceScorer, separator: int,
                 special: Tuple[int, ...], max_sentences: int):
        super().__init__()
        self.encoder = encoder
        self.pool = SentenceMeanPool(separator, special)
        self.scorer = scorer
        self.max_sentences = max_sentences

    def forward(self, src_tokens: Tensor, src_lengths: Optional[Tensor] = None, **kwargs) -> Tuple[Tensor, Tensor]:
        """-> (logits (B, S), padding_mask (B, S)): one score per sentence of each source."""
        # fairseq's time-major encoder output, (T, B, C) -> (B, T, C): a view of the batch-major tensor
        memory = self.encoder(src_tokens, src_lengths)["encoder_out"][0].transpose(0, 1)
        sentences, padding_mask = self.pool(memory, src_tokens)  # (B, S, C), (B, S)
        logits = self.scorer(sentences, padding_mask)  # (B, S)
        return logits.masked_fill(padding_mask, float("-inf")), padding_mask

    def max_positions(self):
        # the target is one label per sentence (+ </s>)
        return self.encoder.max_positions(), self.max_sentences + 1


def extractive_base(args):
    """Every field still unset gets its dataclass default (the encoder's and the sentence layers')."""
    set_defaults(args, **{f.name: f.default for f in fields(ExtractiveSummarizerConfig) if not f.name.startswith("_")})


def extractive_architecture(encoder_preset: Callable) -> Callable:
    """The extractive architecture with ``encoder_preset``'s encoder + 2 sentence layers."""

    def preset(args):
        encoder_preset(args)
        extractive_base(args)

    preset.__doc__ = f"The encoder of {encoder_preset.__name__} + 2 sentence layers."
    return preset


# extractive_<encoder>: the same sentence scorer over each encoder of the equal-budget studies
# (scripts/extractive_study.sh); extractive_fastformer_conv_small is the shipped models' encoder
EXTRACTIVE_ENCODERS = {
    "fastformer_conv_small": fastformer_conv_small,
    "conv_only_small": conv_only_small,
    "transformer_conv_small": transformer_conv_small,
    "local_transformer_small": local_transformer_small,
}
for _name, _encoder_preset in EXTRACTIVE_ENCODERS.items():
    register_model_architecture("extractive_summarizer", f"extractive_{_name}")(extractive_architecture(_encoder_preset))

"""Sentence rewriter: the encoder reads the whole document, the decoder rewrites the chosen
sentences one by one (contextualized rewriting, Bao & Zhang 2021; Chen & Bansal 2018 rewrite each
extracted sentence alone, without the document around it).

    source  w w <n> <s> w w w <n> w w <n> <s> w w </s>      chosen sentences led by <s> (bos)
    target  v v v <n> v v </s>                              segment k rewrites the k-th chosen one

    encoder: EfficientEncoder, its input embedding + G[tag] (modules/group_tags.py: tag k + 1 on
             the k-th chosen sentence, 0 elsewhere; G = 0 at first), its output + the exact tags
             "source_tags" (B, S)
    decoder: EfficientDecoder, and with --rewriter-attention restricted the step writing segment
             k (k = separators already written) cross-attends, and so copies, only within chosen
             sentence k (modules/group_restriction.py)

The abstractive model spliced clauses from distant places of the document; here every summary
sentence has one source sentence to say again, while the encoder still reads the document around
it (who "he" is, what "the deal" was). The variants: "tags" only marks the sentences (the decoder
may attend anywhere, and must learn where); "restricted" makes it impossible to copy from another
sentence.

Data: scripts/prepare_rewriting.py (fairseq's ``translation`` task; its joined dictionary is the
bundle's, and ``<s>`` is in every fairseq dictionary, so ``--pretrained-model`` checkpoints fit as
they are). ``--pretrained-model`` starts encoder and decoder from a trained abstractive checkpoint
(e.g. app/model/checkpoint.pt, which was trained with ``--decoder-self-attention softmax
--copy-attention``: the rewriter architectures default to the softmax decoder, and
``--copy-attention`` is passed as it was there); the tag embedding, which it has not, starts at zero.
"""
import logging
import math
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Dict, List, Optional

import torch
from fairseq.dataclass import ChoiceEnum
from fairseq.models import register_model, register_model_architecture
from torch import Tensor, nn

from ..modules.beam_groups import per_hypothesis
from ..modules.copy_generator import PROBABILITY_FLOOR
from ..modules.group_restriction import chosen_memory, full_attention, group_attention_mask, segment_index
from ..modules.group_tags import GroupTagEmbedding
from ..modules.sentence_vocabulary import allowed, scatter_to_vocabulary, with_sentence_vocabulary
from .efficient_transformer import (
    EfficientDecoder,
    EfficientEncoder,
    EfficientTransformerConfig,
    EfficientTransformerModel,
    beam_group,
    fastformer_conv_small,
    set_defaults,
)

logger = logging.getLogger(__name__)

SENTENCE_SEPARATOR = "<n>"  # text.SENTENCE_SEPARATOR: joins the source's sentences and the target's segments
# rewriter.py's decoders by --rewriter-attention: "tags" attends anywhere, "restricted" within sentence k
REWRITER_ATTENTION = ("tags", "restricted")
# the score of an end before the last chosen sentence (RestrictedDecoder.exact_segments): finite, so
# that fairseq's forced end at the maximum length still has a candidate (it hides every other token)
EARLY_END = -1e4


@dataclass
class RewriterConfig(EfficientTransformerConfig):
    rewriter_attention: ChoiceEnum(list(REWRITER_ATTENTION)) = field(
        default="tags",
        metadata={"help": "tags: the chosen sentences are tagged and the decoder attends anywhere; restricted: "
                          "the decoder writing summary sentence k attends (and copies) only within chosen sentence k"},
    )
    rewriter_max_groups: int = field(
        default=32, metadata={"help": "tag embeddings for the first N chosen sentences; later ones share the N-th"}
    )
    pretrained_model: Optional[str] = field(
        default=None,
        metadata={"help": "an efficient_transformer checkpoint whose encoder.* and decoder.* weights initialise "
                          "the rewriter (same architecture and dictionary; the tag embedding starts at zero)"},
    )


class RewriterEncoder(EfficientEncoder):
    """EfficientEncoder with the group-tag embedding in its input, and its output with one more
    batch-major entry, "source_tags" [(B, S)] (the exact, unclamped tags), which the reorders of
    EfficientEncoder (fairseq's and the beam-group one) gather as they gather "src_tokens"."""

    # a restricted decoder reads only the chosen sentences: out of training, the memory is cut to them
    # (group_restriction.chosen_memory); SentenceRewriterModel turns it on for that decoder
    compact_memory = False

    def __init__(self, cfg, dictionary, embed_tokens: nn.Embedding, beam_groups: bool = False):
        super().__init__(cfg, dictionary, embed_tokens, beam_groups)
        self.embed.tags = GroupTagEmbedding(dictionary.bos(), dictionary.index(SENTENCE_SEPARATOR), dictionary.pad(),
                                            dictionary.eos(), cfg.rewriter_max_groups, cfg.encoder_embed_dim)

    def forward(self, src_tokens: Tensor, src_lengths: Optional[Tensor] = None, return_all_hiddens: bool = False,
                **kwargs) -> Dict[str, List[Tensor]]:
        out = super().forward(src_tokens, src_lengths, return_all_hiddens, **kwargs)
        # recomputed rather than handed up from the embedding: a few cumulative sums over (B, S)
        out["source_tags"] = [self.embed.tags.tags(src_tokens)]  # (B, S), aligned with the memory (no input stage)
        if self.compact_memory and not self.training:
            out = chosen_memory(out)  # (L, B, C) memory, L the chosen sentences' pieces
            if "memory_positions" in out:  # what RestrictedDecoder.sentence_vocabulary scores
                out = with_sentence_vocabulary(out, (self.dictionary.eos(), self.dictionary.index(SENTENCE_SEPARATOR)),
                                               self.dictionary.pad())
        return out


class RestrictedDecoder(EfficientDecoder):
    """EfficientDecoder whose cross-attention at the step writing segment k sees only the memory
    positions tagged k + 1 (modules/group_restriction.py). Incremental decoding keeps k_t, the
    separators written so far, per hypothesis row in its state ("segments", (B,)), so a step
    reads only the newest token; beam search's reorder gathers it with the rows."""

    # out of training, when decoding incrementally: exactly one segment a chosen sentence, K chosen
    # sentences giving "s_1 <n> ... <n> s_K </s>": </s> is hidden while fewer than K - 1 separators are
    # written and <n> once K - 1 are. A decoder left free stops before the last chosen sentences (they
    # are then missing from the summary) or writes segments that rewrite nothing chosen.
    exact_segments = False
    # out of training, when decoding incrementally from a cut memory: the step writing segment k scores
    # only the pieces of chosen sentence k and the closers (modules/sentence_vocabulary.py)
    sentence_vocabulary = False

    def __init__(self, cfg, dictionary, embed_tokens: nn.Embedding, tie_output: bool):
        super().__init__(cfg, dictionary, embed_tokens, tie_output)
        self.separator = dictionary.index(SENTENCE_SEPARATOR)
        self.end = dictionary.eos()

    def segments(self, prev_output_tokens: Tensor, incremental_state=None) -> Tensor:
        """prev_output_tokens (B, T) -> k_t (B, T), or (B, 1) for the newest step when decoding."""
        if incremental_state is None:
            return segment_index(prev_output_tokens, self.separator)  # (B, T)
        state = self.get_incremental_state(incremental_state, "segments")
        if state is None:  # the first step: the prefix so far (fairseq's starts as </s> alone)
            written = segment_index(prev_output_tokens, self.separator)[:, -1]  # (B,)
        else:
            written = state["written"] + prev_output_tokens[:, -1].eq(self.separator).long()  # (B,)
        self.set_incremental_state(incremental_state, "segments", {"written": written})
        return written[:, None]  # (B, 1)

    def cross_attention_mask(self, prev_output_tokens: Tensor, encoder_out, incremental_state=None) -> Tensor:
        tags = encoder_out["source_tags"][0]  # (B / group, S)
        padding_mask = encoder_out["encoder_padding_mask"][0]  # (B / group, S)
        group = beam_group(encoder_out)  # one stored row per article; the segment counts are per hypothesis
        tags, padding_mask = per_hypothesis(tags, group), per_hypothesis(padding_mask, group)  # (B, S)
        return group_attention_mask(tags, self.segments(prev_output_tokens, incremental_state), padding_mask)  # (B, T, S)

    def forward(self, prev_output_tokens: Tensor, encoder_out=None, incremental_state=None, features_only: bool = False,
                **kwargs):
        output, extra = super().forward(prev_output_tokens, encoder_out, incremental_state, features_only, **kwargs)
        if "memory_positions" in encoder_out and extra["attn"][0] is not None:
            # the copy head has copied through the cut memory's weights; the alignments index the source
            extra = dict(extra, attn=[full_attention(extra["attn"][0], encoder_out, beam_group(encoder_out))])
        if self.exact_segments and incremental_state is not None and not features_only and not self.training:
            self.hide_early_end_and_extra_separators(output, encoder_out, incremental_state)
        return output, extra

    def scores(self, features: Tensor, extra: dict, encoder_out, incremental_state=None):
        """EfficientDecoder.scores, over the sentence vocabulary when ``sentence_vocabulary`` is on and
        a decoding step reads a cut memory that carries one (modules/sentence_vocabulary.py)."""
        if not (self.sentence_vocabulary and incremental_state is not None and not self.training
                and "vocabulary" in encoder_out):
            return super().scores(features, extra, encoder_out, incremental_state)
        group = beam_group(encoder_out)
        stored = encoder_out["vocabulary"][0]  # (B / group, N)
        candidates = self.output_weight[stored]  # (B / group, N, C): gathered once an article, not a hypothesis
        # "(b g) t c -> b (g t) c" and back as views, as beam_groups.fold_queries folds (a step's hot path)
        folded = features.unflatten(0, (-1, group)).flatten(1, 2)  # (B / group, group * T, C)
        logits = torch.einsum("bqc,bnc->bqn", folded, candidates).unflatten(1, (group, -1)).flatten(0, 1)  # (B, 1, N)
        vocabulary = per_hypothesis(stored, group)  # (B, N)
        written = self.get_incremental_state(incremental_state, "segments")["written"]  # (B,), set by this step
        logits = logits.masked_fill(~allowed(encoder_out, written[:, None], group), float("-inf"))
        if self.copy_generator is None:
            log_probs = torch.log_softmax(logits.float(), dim=-1).clamp_min(math.log(PROBABILITY_FLOOR))
        else:  # copying adds its weights at the candidates' columns, not the tokens' ids
            slots = per_hypothesis(encoder_out["vocabulary_slots"][0], group)  # (B, L)
            log_probs = self.copy_generator(logits, features, extra["context"], extra["attn"][0], slots)
        scores = scatter_to_vocabulary(log_probs, vocabulary, len(self.dictionary))  # (B, 1, V)
        return scores, self.reported(dict(extra, output_is_log_probs=True))

    def hide_early_end_and_extra_separators(self, scores: Tensor, encoder_out, incremental_state) -> None:
        """``exact_segments`` on one step's scores (B, 1, V), log-probabilities or logits, in place:
        </s> set to EARLY_END in a row that has not begun its last chosen sentence's segment, <n> to
        -inf in one that has. A row with no chosen sentence is left free."""
        written = self.get_incremental_state(incremental_state, "segments")["written"]  # (B,), set by this step
        chosen = encoder_out["source_tags"][0].max(dim=1).values  # (B / group,): tag K on the K-th chosen sentence
        chosen = per_hypothesis(chosen, beam_group(encoder_out))  # (B,)
        last = written >= chosen - 1  # (B,): writing the last chosen sentence's segment
        has_chosen = chosen > 0
        scores[:, -1, self.end].masked_fill_(has_chosen & ~last, EARLY_END)
        scores[:, -1, self.separator].masked_fill_(has_chosen & last, float("-inf"))

    def reorder_incremental_state(self, incremental_state, new_order: Tensor):
        """Hypothesis row r now continues row new_order[r]: its count of written segments too (the
        layers reorder their own caches, DecoderLayer.reorder_incremental_state)."""
        state = self.get_incremental_state(incremental_state, "segments")
        if state is not None:
            self.set_incremental_state(incremental_state, "segments", {"written": state["written"].index_select(0, new_order)})


def load_pretrained_model(model: nn.Module, path: str) -> None:
    """Copy a trained abstractive model's encoder.* and decoder.* weights into the rewriter: every
    weight the rewriter has must be there with its shape, except the group-tag embedding (zero, so
    the loaded model computes what it computed), or the run stops with the names that differ."""
    from .. import fixes

    if not Path(path).is_file():
        raise ValueError(f"--pretrained-model {path}: no such file")
    state = fixes.load_checkpoint(path)["model"]
    weights = {key: value.float() for key, value in state.items() if key.startswith(("encoder.", "decoder."))}
    missing, unexpected = model.load_state_dict(weights, strict=False)
    missing = [key for key in missing if not key.startswith("encoder.embed.tags.")]
    if missing or unexpected:
        raise ValueError(f"--pretrained-model {path}: its model does not match this architecture (missing "
                         f"{sorted(missing)[:5]}, unexpected {sorted(unexpected)[:5]}; the shipped models need "
                         "--decoder-self-attention softmax --copy-attention)")
    logger.info(f"encoder and decoder initialised from {path} ({len(weights)} tensors)")


@register_model("sentence_rewriter", dataclass=RewriterConfig)
class SentenceRewriterModel(EfficientTransformerModel):
    """EfficientTransformerModel with RewriterEncoder and, for --rewriter-attention restricted,
    RestrictedDecoder (module docstring)."""

    @classmethod
    def add_args(cls, parser):
        from fairseq.dataclass.utils import gen_parser_from_dataclass

        gen_parser_from_dataclass(parser, RewriterConfig(), delete_default=True)

    @classmethod
    def build_model(cls, args, task):
        rewriter_base(args)
        if SENTENCE_SEPARATOR not in task.source_dictionary.indices or SENTENCE_SEPARATOR not in task.target_dictionary.indices:
            raise ValueError(f"the dictionaries have no {SENTENCE_SEPARATOR!r}: prepare the data with "
                             "scripts/prepare_rewriting.py")
        if args.encoder_input_stage != "none":
            raise ValueError("the rewriter's group tags are aligned with the source tokens; it cannot be combined "
                             f"with --encoder-input-stage {args.encoder_input_stage}")
        if args.rewriter_max_groups < 1:
            raise ValueError(f"--rewriter-max-groups must be at least 1, got {args.rewriter_max_groups}")
        model = super().build_model(args, task)  # base_architecture and check_config, then the builders below
        model.encoder.compact_memory = args.rewriter_attention == "restricted"
        if args.pretrained_model:
            load_pretrained_model(model, args.pretrained_model)
        return model

    @classmethod
    def build_encoder(cls, args, src_dict, embed_tokens: nn.Embedding) -> RewriterEncoder:
        return RewriterEncoder(args, src_dict, embed_tokens)

    @classmethod
    def build_decoder(cls, args, tgt_dict, embed_tokens: nn.Embedding, tie_output: bool) -> EfficientDecoder:
        decoder = RestrictedDecoder if args.rewriter_attention == "restricted" else EfficientDecoder
        return decoder(args, tgt_dict, embed_tokens, tie_output=tie_output)


def rewriter_base(args):
    """Every rewriter field still unset gets its dataclass default (base_architecture sets the rest)."""
    set_defaults(args, **{f.name: f.default for f in fields(RewriterConfig)
                          if not f.name.startswith("_") and f.name not in {g.name for g in fields(EfficientTransformerConfig)}})


@register_model_architecture("sentence_rewriter", "rewriter_fastformer_conv_small")
def rewriter_fastformer_conv_small(args):
    """fastformer_conv_small's sizes with the softmax decoder of the shipped abstractive models
    (which --pretrained-model starts from); the decoder attends anywhere (tags only)."""
    set_defaults(args, decoder_self_attention="softmax", rewriter_attention="tags")
    fastformer_conv_small(args)
    rewriter_base(args)


@register_model_architecture("sentence_rewriter", "rewriter_restricted_fastformer_conv_small")
def rewriter_restricted_fastformer_conv_small(args):
    """rewriter_fastformer_conv_small whose decoder writes summary sentence k from chosen sentence
    k alone (cross-attention and copying restricted to it)."""
    set_defaults(args, rewriter_attention="restricted")
    rewriter_fastformer_conv_small(args)

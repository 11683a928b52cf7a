"""One encoder-decoder whose attention mechanisms are chosen from tables.

    encoder: tokens -> scaled embedding + sinusoidal positions -> input stage -> N x
             [x + Drop(SelfAttn(LN(x)));  x + Drop(FFN(LN(x)))] -> LN
    decoder: tokens -> scaled embedding + sinusoidal positions -> M x
             [x + Drop(CausalSelfAttn(LN(x)));  x + Drop(CrossAttn(LN(x), memory));  x + Drop(FFN(LN(x)))]
             -> LN -> logits (output projection tied to the embedding)

(pre-norm as written; `--post-norm` moves each LN after its residual sum, as in Vaswani et al.;
`--encoder-local-conv K` adds a depthwise-convolution sublayer before each encoder SelfAttn, and
encoder self-attention "none" drops SelfAttn, leaving convolution + FFN layers)

`ENCODER_SELF_ATTENTION`, `DECODER_SELF_ATTENTION` and `ENCODER_INPUT_STAGE` are the one place
that maps a mechanism's name to its module; everything else is shared, so two architectures
differ only in what the tables give them. Tensors are batch-first throughout: (B, T, C); only the
encoder's output dictionary is fairseq's, time-major (T, B, C), so that fairseq's own decoders,
ensembles and tools read our encoders as they read theirs (EfficientEncoder.forward).

Sinusoidal positions have no length limit, so `--max-source-positions 65536` just works.
"""
from dataclasses import dataclass, field, fields
from typing import Callable, Dict, List, Optional, Tuple

import torch
import torch.nn.functional as F
from fairseq import utils
from fairseq.dataclass import ChoiceEnum, FairseqDataclass
from fairseq.incremental_decoding_utils import with_incremental_state
from fairseq.models import (
    FairseqEncoder,
    FairseqEncoderDecoderModel,
    FairseqIncrementalDecoder,
    register_model,
    register_model_architecture,
)
from fairseq.modules import SinusoidalPositionalEmbedding
from torch import Tensor, nn

from ..modules.additive_attention import INTERACTIONS, AdditiveAttention
from ..modules.beam_groups import per_hypothesis, regroup, regroup_rows
from ..modules.copy_generator import CopyGenerator
from ..modules.depthwise_conv import DepthwiseConv
from ..modules.gate import TanhGate
from ..modules.local_attention import LocalAttention
from ..modules.memory_compressed import MemoryCompressedAttention
from ..modules.softmax_attention import MultiheadSoftmaxAttention
from ..modules.strided_conv import StridedConv

ModuleList = List[nn.Module]


# --------------------------------------------------------------------------------------------
# The tables: mechanism name -> builder of one module per layer.
# A builder returns a list so that a mechanism can share one module across layers (Fastformer's
# layer-wise sharing) or vary by layer (shifted-local attention shifts odd layers).
# --------------------------------------------------------------------------------------------


def fastformer_layers(causal: bool) -> Callable[[object, int, int, int], ModuleList]:
    def build(cfg, embed_dim: int, heads: int, num_layers: int) -> ModuleList:
        def one():
            return AdditiveAttention(
                embed_dim,
                heads,
                share_query_value=not cfg.no_fastformer_qv_sharing,
                share_heads=cfg.fastformer_head_sharing,
                interaction=cfg.fastformer_interaction,
                causal=causal,
                pooling_init_std=getattr(cfg, "fastformer_pooling_init_std", 0.02),
            )

        if cfg.no_fastformer_layer_sharing:
            return [one() for _ in range(num_layers)]
        return [one()] * num_layers  # ALBERT-style: the same module (and parameters) in every layer

    return build


def softmax_layers(causal: bool) -> Callable[[object, int, int, int], ModuleList]:
    def build(cfg, embed_dim: int, heads: int, num_layers: int) -> ModuleList:
        return [
            MultiheadSoftmaxAttention(embed_dim, heads, cfg.attention_dropout, causal=causal)
            for _ in range(num_layers)
        ]

    return build


def local_layers(shifted: bool) -> Callable[[object, int, int, int], ModuleList]:
    """Blocks of --local-block-size tokens; with `shifted`, odd layers (1, 3, ...) move the block
    borders by half a block (CS224N "local transformer with shifts")."""

    def build(cfg, embed_dim: int, heads: int, num_layers: int) -> ModuleList:
        return [
            LocalAttention(embed_dim, heads, cfg.local_block_size, shift=shifted and i % 2 == 1, dropout=cfg.attention_dropout)
            for i in range(num_layers)
        ]

    return build


def memory_compressed_layers(cfg, embed_dim: int, heads: int, num_layers: int) -> ModuleList:
    return [
        MemoryCompressedAttention(embed_dim, heads, cfg.memory_compression_stride, dropout=cfg.attention_dropout)
        for _ in range(num_layers)
    ]


def no_attention_layers(cfg, embed_dim: int, heads: int, num_layers: int) -> List[None]:
    """No attention sub-layer at all: each layer is the local convolution + FFN (a
    convolution-only encoder, the ablation that says what attention adds beyond the
    convolution). check_config insists on --encoder-local-conv, or a layer would be an FFN alone."""
    return [None] * num_layers


ENCODER_SELF_ATTENTION: Dict[str, Callable[[object, int, int, int], ModuleList]] = {
    "softmax": softmax_layers(causal=False),
    "fastformer": fastformer_layers(causal=False),
    "local": local_layers(shifted=False),
    "shifted_local": local_layers(shifted=True),
    "memory_compressed": memory_compressed_layers,
    "none": no_attention_layers,
}
DECODER_SELF_ATTENTION: Dict[str, Callable[[object, int, int, int], ModuleList]] = {
    "softmax": softmax_layers(causal=True),
    "fastformer": fastformer_layers(causal=True),
}
# where an encoder layer's self-attention sits beside its local convolution: name -> wrapper of the
# attention module (attention, embed_dim) -> module, and whether the two branches read the same input
# (EncoderLayer). "series": x + Conv(LN x), then + Attn(LN .); "gated_parallel": x + Conv(LN x) +
# tanh(alpha) * Attn(LN' x), alpha = 0 at first, so the layer starts as the convolution-only one.
ENCODER_ATTENTION_PLACEMENT: Dict[str, Tuple[Callable[[nn.Module, int], nn.Module], bool]] = {
    "series": (lambda attention, embed_dim: attention, False),
    "gated_parallel": (TanhGate, True),
}
# input stage: (cfg, embed_dim) -> module mapping (x (B,T,C), padding_mask (B,T)) to shorter ones
ENCODER_INPUT_STAGE: Dict[str, Callable[[object, int], Optional[nn.Module]]] = {
    "none": lambda cfg, embed_dim: None,
    "strided_conv": lambda cfg, embed_dim: StridedConv(embed_dim, cfg.input_conv_stride),
}


@dataclass
class EfficientTransformerConfig(FairseqDataclass):
    encoder_self_attention: ChoiceEnum(list(ENCODER_SELF_ATTENTION)) = field(
        default="fastformer", metadata={"help": "encoder self-attention mechanism"}
    )
    encoder_input_stage: ChoiceEnum(list(ENCODER_INPUT_STAGE)) = field(
        default="none", metadata={"help": "module between the embeddings and the encoder layers"}
    )
    decoder_self_attention: ChoiceEnum(list(DECODER_SELF_ATTENTION)) = field(
        default="fastformer", metadata={"help": "decoder (causal) self-attention mechanism"}
    )
    encoder_layers: int = field(default=4, metadata={"help": "number of encoder layers"})
    decoder_layers: int = field(default=4, metadata={"help": "number of decoder layers"})
    encoder_embed_dim: int = field(default=256, metadata={"help": "encoder hidden size"})
    decoder_embed_dim: int = field(default=256, metadata={"help": "decoder hidden size"})
    encoder_ffn_embed_dim: int = field(default=1024, metadata={"help": "encoder FFN inner size"})
    decoder_ffn_embed_dim: int = field(default=1024, metadata={"help": "decoder FFN inner size"})
    encoder_attention_heads: int = field(default=16, metadata={"help": "encoder attention heads"})
    decoder_attention_heads: int = field(default=16, metadata={"help": "decoder attention heads"})
    dropout: float = field(default=0.2, metadata={"help": "dropout on embeddings and residual branches"})
    attention_dropout: float = field(default=0.0, metadata={"help": "dropout on softmax attention weights"})
    activation_dropout: float = field(default=0.0, metadata={"help": "dropout inside the FFN"})
    activation_fn: ChoiceEnum(utils.get_available_activation_fns()) = field(
        default="relu", metadata={"help": "FFN activation"}
    )
    post_norm: bool = field(default=False, metadata={"help": "LayerNorm after each residual sum (default: before each sublayer)"})
    separate_embeddings: bool = field(
        default=False,
        metadata={"help": "do not tie the encoder, decoder and output embeddings (tying needs a joined dictionary)"},
    )
    no_scale_embedding: bool = field(default=False, metadata={"help": "do not scale embeddings by sqrt(dim)"})
    max_source_positions: int = field(default=2048, metadata={"help": "longest source the model accepts"})
    max_target_positions: int = field(default=1024, metadata={"help": "longest target the model accepts"})
    no_fastformer_qv_sharing: bool = field(
        default=False, metadata={"help": "Fastformer: separate value map (default: V = Q, paper sec. 3.1)"}
    )
    no_fastformer_layer_sharing: bool = field(
        default=False, metadata={"help": "Fastformer: one attention module per layer (default: shared across layers)"}
    )
    fastformer_head_sharing: bool = field(
        default=False, metadata={"help": "Fastformer: one w_q and one w_k for all heads"}
    )
    fastformer_interaction: ChoiceEnum(list(INTERACTIONS)) = field(
        default="mul", metadata={"help": "Fastformer interaction function (paper Fig. 3)"}
    )
    fastformer_pooling_init_std: float = field(
        default=0.02,
        metadata={"help": "Fastformer: initial standard deviation of the pooling vectors w_q, w_k (0.02 starts "
                          "the pooling flat, a plain mean; about 1 starts it selective)"},
    )
    encoder_attention_placement: ChoiceEnum(list(ENCODER_ATTENTION_PLACEMENT)) = field(
        default="series",
        metadata={"help": "with --encoder-local-conv: the attention after the convolution (series), or beside it "
                          "as a branch with a learned gate that starts closed (gated_parallel)"},
    )
    encoder_attention_layers: int = field(
        default=0,
        metadata={"help": "self-attention in the top N encoder layers only, the others convolution + FFN "
                          "(needs --encoder-local-conv; 0: every layer)"},
    )
    encoder_local_conv: int = field(
        default=0,
        metadata={"help": "kernel of a depthwise convolution sublayer before each encoder self-attention "
                          "(odd; 0: none): local context for an encoder whose attention has none (Fastformer)"},
    )
    local_block_size: int = field(
        default=50, metadata={"help": "local / shifted_local attention: block size k in tokens (CS224N: 50)"}
    )
    memory_compression_stride: int = field(
        default=4,
        metadata={"help": "memory_compressed attention: kernel = stride of the key/value convolutions (CS224N: 4)"},
    )
    input_conv_stride: int = field(
        default=4,
        metadata={"help": "strided_conv input stage: kernel = stride, the factor the source is shortened by (CS224N: 4)"},
    )
    copy_attention: bool = field(
        default=False,
        metadata={"help": "pointer-generator output: mix generating with copying source tokens through "
                          "the last layer's cross-attention (See et al. 2017)"},
    )
    autocast_bf16: bool = field(
        default=False,
        metadata={"help": "train with the forward pass under bfloat16 autocast (weights, gradients and Adam "
                          "state stay fp32; softmaxes, pooling and the loss run in fp32); about 1.5x faster "
                          "on CPUs with AVX512-BF16 or AMX. Validation and generation run in fp32"},
    )


def feed_forward(embed_dim: int, ffn_dim: int, cfg) -> nn.Sequential:
    return nn.Sequential(
        nn.Linear(embed_dim, ffn_dim),
        ActivationFunction(cfg.activation_fn),
        nn.Dropout(cfg.activation_dropout),
        nn.Linear(ffn_dim, embed_dim),
    )


class ActivationFunction(nn.Module):
    def __init__(self, name: str):
        super().__init__()
        self.name = name
        self.fn = utils.get_activation_fn(name)

    def forward(self, x: Tensor) -> Tensor:
        return self.fn(x)


class Residual(nn.Module):
    """x + Dropout(f(LN(x))) (pre-norm) or LN(x + Dropout(f(x))) (post-norm)."""

    def __init__(self, sublayer: nn.Module, embed_dim: int, dropout: float, post_norm: bool):
        super().__init__()
        self.sublayer = sublayer
        self.norm = nn.LayerNorm(embed_dim)
        self.dropout = nn.Dropout(dropout)
        self.post_norm = post_norm

    def forward(self, x: Tensor, *args, **kwargs) -> Tensor:
        if self.post_norm:
            return self.norm(x + self.dropout(self.sublayer(x, *args, **kwargs)))
        return x + self.branch(x, *args, **kwargs)

    def branch(self, x: Tensor, *args, **kwargs) -> Tensor:
        """Dropout(f(LN(x))): what the pre-norm form adds to x (branches in parallel sum these)."""
        return self.dropout(self.sublayer(self.norm(x), *args, **kwargs))


class FeedForwardSublayer(nn.Module):
    def __init__(self, embed_dim: int, ffn_dim: int, cfg):
        super().__init__()
        self.ffn = feed_forward(embed_dim, ffn_dim, cfg)

    def forward(self, x: Tensor) -> Tensor:
        return self.ffn(x)


class EncoderLayer(nn.Module):
    """[local convolution ->] [self-attention ->] FFN, each a residual sublayer (the attention is
    absent for encoder self-attention "none"); with --encoder-attention-placement gated_parallel
    the convolution and the gated attention read the same input and their branches are summed:

        series:          h = x + Drop(Conv(LN_1 x));  h = h + Drop(Attn(LN_2 h))
        gated_parallel:  h = x + Drop(Conv(LN_1 x)) + Drop(tanh(alpha) * Attn(LN_2 x))
        both:            y = h + Drop(FFN(LN_3 h))
    """

    def __init__(self, self_attention: Optional[nn.Module], cfg):
        super().__init__()
        dim = cfg.encoder_embed_dim
        kernel = getattr(cfg, "encoder_local_conv", 0)  # checkpoints from before the option have none
        # and from before the placement option, every attention is in series
        wrap, self.parallel = ENCODER_ATTENTION_PLACEMENT[getattr(cfg, "encoder_attention_placement", "series")]
        self.local_conv = Residual(DepthwiseConv(dim, kernel), dim, cfg.dropout, cfg.post_norm) if kernel else None
        self.self_attention = None if self_attention is None else Residual(wrap(self_attention, dim), dim, cfg.dropout, cfg.post_norm)
        self.parallel = self.parallel and self.local_conv is not None and self.self_attention is not None
        self.feed_forward = Residual(FeedForwardSublayer(dim, cfg.encoder_ffn_embed_dim, cfg), dim, cfg.dropout, cfg.post_norm)

    def forward(self, x: Tensor, padding_mask: Optional[Tensor]) -> Tensor:
        if self.parallel:
            x = x + self.local_conv.branch(x, padding_mask) + self.self_attention.branch(x, padding_mask)
        else:
            if self.local_conv is not None:
                x = self.local_conv(x, padding_mask)
            if self.self_attention is not None:
                x = self.self_attention(x, padding_mask)
        return self.feed_forward(x)  # (B, T, C)


def beam_group(encoder_out: Dict[str, List[Tensor]]) -> int:
    """How many consecutive hypothesis rows share each row of the encoder output (1 without a
    "beam_group" entry: fairseq's one row per hypothesis)."""
    return int(encoder_out["beam_group"][0]) if "beam_group" in encoder_out else 1


# fairseq's encoder-output entries that are time-major (T, B, C); every other tensor is batch-major
TIME_MAJOR_ENTRIES = ("encoder_out", "encoder_states")


def select_rows(encoder_out: Dict[str, List[Tensor]], index: Tensor) -> Dict[str, List[Tensor]]:
    """The encoder output with batch rows `index`: fairseq's reorder_encoder_out, i.e. the
    time-major entries gathered along dim 1 and the others along dim 0. A time-major tensor is
    gathered through its batch-major view, so its storage stays batch-major (B, T, C) and the
    decoder's transpose back is a contiguous view, as after EfficientEncoder.forward."""
    return {
        key: [
            tensor.transpose(0, 1).index_select(0, index).transpose(0, 1)  # (T, B, C) -> (B', T, C) -> (T, B', C)
            if key in TIME_MAJOR_ENTRIES else tensor.index_select(0, index)  # (B', ...)
            for tensor in tensors
        ]
        for key, tensors in encoder_out.items()
    }


def token_embedding(dictionary, embed_dim: int) -> nn.Embedding:
    emb = nn.Embedding(len(dictionary), embed_dim, padding_idx=dictionary.pad())
    nn.init.normal_(emb.weight, mean=0.0, std=embed_dim**-0.5)
    nn.init.constant_(emb.weight[dictionary.pad()], 0.0)
    return emb


class EmbeddingStack(nn.Module):
    """scale * embed(tokens) + sinusoidal positions [+ tags(tokens)], then dropout: (B, T) -> (B, T, C).

    `tags`, None unless a model sets it, is a module tokens (B, T) -> (B, T, C) whose vectors are
    added with the positions (the rewriter's group tags, modules/group_tags.py); it reads the whole
    sequence, so it is for the encoder's stack only."""

    def __init__(self, embed_tokens: nn.Embedding, padding_idx: int, max_positions: int, cfg):
        super().__init__()
        dim = embed_tokens.embedding_dim
        self.embed_tokens = embed_tokens
        self.scale = 1.0 if cfg.no_scale_embedding else dim**0.5
        self.positions = SinusoidalPositionalEmbedding(dim, padding_idx, init_size=max_positions + padding_idx + 1)
        self.dropout = nn.Dropout(cfg.dropout)
        self.tags: Optional[nn.Module] = None

    def forward(self, tokens: Tensor, incremental_state=None) -> Tensor:
        return self.embed_with_tokens(tokens, incremental_state)[0]

    def embed_with_tokens(self, tokens: Tensor, incremental_state=None) -> Tuple[Tensor, Tensor]:
        """-> (x, token embedding): x (B, T, C) as `forward` returns it, and scale * embed(tokens)
        (B, T, C), before positions and dropout (what fairseq reports as "encoder_embedding")."""
        positions = self.positions(tokens, incremental_state=incremental_state)  # (B, T, C); (B, 1, C) when decoding
        if incremental_state is not None:
            tokens = tokens[:, -1:]  # (B, 1): decoding embeds only the newest token, O(1) per step
        embedding = self.scale * self.embed_tokens(tokens)
        x = embedding + positions
        if self.tags is not None:
            x = x + self.tags(tokens)  # (B, T, C)
        return self.dropout(x), embedding


class EfficientEncoder(FairseqEncoder):
    """The encoder of every architecture here; its output is the dictionary fairseq's
    TransformerEncoder returns (see `forward`), so fairseq's TransformerDecoder, an ensemble or an
    alignment tool can read it.

    Beam groups (modules/beam_groups.py): under beam search the output can stay one row per
    article, with only a "beam_group" entry saying how many consecutive hypothesis rows read each
    row, instead of being copied to one row per hypothesis at every step; at 4,096 source tokens
    that copy costs more than a decoder step, so it is what makes whole-paper decoding affordable.
    Only a decoder that reads the grouping can use it (EfficientDecoder: `reads_beam_groups`), so
    it is off unless `beam_groups` is set: EfficientTransformerModel sets it from its decoder when
    the model is built. A bare encoder, or one under any other decoder, keeps fairseq's semantics
    (rows index-selected, one per hypothesis).
    """

    def __init__(self, cfg, dictionary, embed_tokens: nn.Embedding, beam_groups: bool = False):
        super().__init__(dictionary)
        self.beam_groups = beam_groups
        self.padding_idx = dictionary.pad()
        self.max_source_positions = cfg.max_source_positions
        self.embed = EmbeddingStack(embed_tokens, self.padding_idx, cfg.max_source_positions, cfg)
        self.input_stage = ENCODER_INPUT_STAGE[cfg.encoder_input_stage](cfg, cfg.encoder_embed_dim)
        attentions = ENCODER_SELF_ATTENTION[cfg.encoder_self_attention](
            cfg, cfg.encoder_embed_dim, cfg.encoder_attention_heads, cfg.encoder_layers
        )
        # --encoder-attention-layers N: attention in the top N layers only, the lower ones convolution + FFN
        without = cfg.encoder_layers - (getattr(cfg, "encoder_attention_layers", 0) or cfg.encoder_layers)
        attentions = [None] * without + list(attentions[without:])
        self.layers = nn.ModuleList(EncoderLayer(attention, cfg) for attention in attentions)
        self.final_norm = None if cfg.post_norm else nn.LayerNorm(cfg.encoder_embed_dim)

    def forward(self, src_tokens: Tensor, src_lengths: Optional[Tensor] = None, return_all_hiddens: bool = False,
                **kwargs) -> Dict[str, List[Tensor]]:
        """src_tokens (B, S) -> fairseq's encoder output (TransformerEncoder.forward_scriptable),
        every entry a list, S' = S unless the input stage shortens the source:

            encoder_out           [(S', B, C)] the last layer's output, final LayerNorm, padded slots 0
            encoder_padding_mask  [(B, S')] True = padding
            encoder_embedding     [(B, S, C)] the scaled token embedding, before positions
            encoder_states        with return_all_hiddens: [(S', B, C)] the first layer's input and
                                  every layer's output (before the final LayerNorm); else []
            fc_results            []
            src_tokens            [(B, S)] (fairseq leaves it empty; the copy head reads it)
            src_lengths           [(B, 1)] non-padding source tokens (int32), as fairseq counts them
            beam_group            [0-dim] hypothesis rows per stored row, only with `beam_groups`

        The time-major tensors are transposed views of batch-major ones, so a decoder that works
        batch-first gets them back without a copy. src_lengths is recounted from the tokens, as
        fairseq does."""
        padding_mask = src_tokens.eq(self.padding_idx)  # (B, S), True = padding
        x, embedding = self.embed.embed_with_tokens(src_tokens)  # (B, S, C) each
        if self.input_stage is not None:
            x, padding_mask = self.input_stage(x, padding_mask)  # (B, S', C), (B, S')
        states = [x] if return_all_hiddens else []
        for layer in self.layers:
            x = layer(x, padding_mask)
            if return_all_hiddens:
                states.append(x)
        if self.final_norm is not None:
            x = self.final_norm(x)
        x = x.masked_fill(padding_mask[..., None], 0.0)  # padded slots carry nothing downstream
        out = {
            "encoder_out": [x.transpose(0, 1)],  # (B, S', C) -> (S', B, C), a view
            "encoder_padding_mask": [padding_mask],  # (B, S')
            "encoder_embedding": [embedding],  # (B, S, C)
            "encoder_states": [state.transpose(0, 1) for state in states],  # (B, S', C) -> (S', B, C) each, views
            "fc_results": [],
            "src_tokens": [src_tokens],  # (B, S)
            "src_lengths": [src_tokens.ne(self.padding_idx).sum(dim=1, dtype=torch.int32).reshape(-1, 1)],  # (B,) -> (B, 1)
        }
        if self.beam_groups:
            out["beam_group"] = [torch.tensor(1)]  # hypothesis rows per stored row (beam_groups.py)
        return out

    @torch.jit.export
    def reorder_encoder_out(self, encoder_out: Dict[str, List[Tensor]], new_order: Tensor):
        """Beam search moved hypotheses: hypothesis row r now continues row new_order[r].

        Without a "beam_group" entry this is fairseq's reorder (`select_rows`: encoder_out and
        encoder_states gathered along dim 1, the rest along dim 0). With one, the rows stay one
        per article and only the grouping changes (beam_groups.regroup); rows are gathered only
        when new_order drops or mixes articles."""
        if "beam_group" not in encoder_out:
            return select_rows(encoder_out, new_order)
        rows = {key: value for key, value in encoder_out.items() if key != "beam_group"}
        stored_rows = rows["encoder_padding_mask"][0].size(0)
        index, group = regroup(new_order, beam_group(encoder_out), stored_rows)
        if index is not None:
            rows = select_rows(rows, index)
        return dict(rows, beam_group=[torch.tensor(group)])

    def max_positions(self) -> int:
        return self.max_source_positions


@with_incremental_state
class DecoderLayer(nn.Module):
    """Owns its incremental state (the attentions are stateless), so a self-attention module
    shared across layers still keeps one cache per layer."""

    def __init__(self, self_attention: nn.Module, cfg):
        super().__init__()
        dim = cfg.decoder_embed_dim
        self.self_attention = Residual(self_attention, dim, cfg.dropout, cfg.post_norm)
        self.cross_attention = MultiheadSoftmaxAttention(dim, cfg.decoder_attention_heads, cfg.attention_dropout)
        self.cross_norm = nn.LayerNorm(dim)
        self.cross_dropout = nn.Dropout(cfg.dropout)
        self.post_norm = cfg.post_norm
        self.feed_forward = Residual(FeedForwardSublayer(dim, cfg.decoder_ffn_embed_dim, cfg), dim, cfg.dropout, cfg.post_norm)

    def cache(self, incremental_state, name: str) -> Optional[Dict[str, Tensor]]:
        if incremental_state is None:
            return None
        return self.get_incremental_state(incremental_state, name) or {}

    def forward(self, x: Tensor, memory: Tensor, memory_padding_mask: Tensor, incremental_state=None,
                need_weights: bool = False, memory_group: int = 1, memory_mask: Optional[Tensor] = None):
        """x (B, T, C), memory (B / memory_group, S', C) -> (B, T, C), cross-attention weights
        (B, T, S') or None, and the cross-attention context (B, T, C) (what the copy gate reads).
        memory_mask (B, T, S'), True = hidden: memory positions each query may not see, one row
        per hypothesis row of x (it is not cached: it may change from step to step)."""
        self_cache = self.cache(incremental_state, "self_attention")
        x = self.self_attention(x, None, cache=self_cache)
        cross_cache = self.cache(incremental_state, "cross_attention")
        if cross_cache is not None:
            if "group" not in cross_cache:  # the first step: keys and values are projected from this memory
                cross_cache["group"] = torch.tensor(memory_group)
                cross_cache["padding_mask"] = memory_padding_mask  # (B / memory_group, S')
            # Later steps read the cached keys with the rows and grouping reorder_incremental_state
            # gave them, not the encoder output's: the two agree when the encoder groups its rows
            # too, but an encoder with fairseq's per-hypothesis rows (beam groups off) has more.
            memory_group, memory_padding_mask = int(cross_cache["group"]), cross_cache["padding_mask"]
        residual = x
        query = x if self.post_norm else self.cross_norm(x)
        y, weights = self.cross_attention.attend(
            query, memory=memory, memory_padding_mask=memory_padding_mask, cache=cross_cache, need_weights=need_weights,
            memory_group=memory_group, memory_mask=memory_mask,
        )
        x = residual + self.cross_dropout(y)
        if self.post_norm:
            x = self.cross_norm(x)
        if incremental_state is not None:
            self.set_incremental_state(incremental_state, "self_attention", self_cache)
            self.set_incremental_state(incremental_state, "cross_attention", cross_cache)
        return self.feed_forward(x), weights, y

    def reorder_incremental_state(self, incremental_state, new_order: Tensor):
        """Beam search moved hypotheses: the self-attention state (one row per hypothesis) is
        gathered; the cross-attention keys, values and padding mask (one row per article) are
        regrouped as EfficientEncoder.reorder_encoder_out regroups a grouped encoder output."""
        cache = self.get_incremental_state(incremental_state, "self_attention")
        if cache:
            reordered = {key: value.index_select(0, new_order) for key, value in cache.items()}
            self.set_incremental_state(incremental_state, "self_attention", reordered)
        cache = self.get_incremental_state(incremental_state, "cross_attention")
        if cache:
            rows, group = regroup_rows({key: value for key, value in cache.items() if key != "group"},
                                       new_order, int(cache["group"]))
            self.set_incremental_state(incremental_state, "cross_attention", dict(rows, group=torch.tensor(group)))


class EfficientDecoder(FairseqIncrementalDecoder):
    """Reads fairseq's encoder output (EfficientEncoder.forward): "encoder_out",
    "encoder_padding_mask", and "src_tokens" for the copy head; with a "beam_group" entry, each
    of their rows serves that many consecutive hypothesis rows (modules/beam_groups.py)."""

    # EfficientTransformerModel turns on its encoder's beam groups for a decoder that reads them
    reads_beam_groups = True
    # whether a forward out of training reports its last layer's cross-attention as "attn" (fairseq's
    # generator keeps it as each hypothesis's alignment, a (hypotheses, source, steps) buffer gathered at
    # every step); a caller that reads no alignments turns it off (models/rewriter.py)
    report_alignments = True

    def __init__(self, cfg, dictionary, embed_tokens: nn.Embedding, tie_output: bool):
        super().__init__(dictionary)
        self.max_target_positions = cfg.max_target_positions
        self.embed = EmbeddingStack(embed_tokens, dictionary.pad(), cfg.max_target_positions, cfg)
        attentions = DECODER_SELF_ATTENTION[cfg.decoder_self_attention](
            cfg, cfg.decoder_embed_dim, cfg.decoder_attention_heads, cfg.decoder_layers
        )
        self.layers = nn.ModuleList(DecoderLayer(attention, cfg) for attention in attentions)
        self.final_norm = None if cfg.post_norm else nn.LayerNorm(cfg.decoder_embed_dim)
        self.copy_generator = CopyGenerator(cfg.decoder_embed_dim) if cfg.copy_attention else None
        if tie_output:
            self.output_projection = None  # logits = x E^T with the token embedding E
        else:
            self.output_projection = nn.Linear(cfg.decoder_embed_dim, len(dictionary), bias=False)
            nn.init.normal_(self.output_projection.weight, std=cfg.decoder_embed_dim**-0.5)

    def reorder_incremental_state_scripting(self, incremental_state, new_order: Tensor):
        """fairseq's generator calls this at every decoding step; fairseq's own walks every submodule
        and asks each whether it has a reorder method (about 90 modules, 0.1 s of a 350-step paper on
        one core): the ones that have one, this decoder and its layers, are found once."""
        if "_reordering_modules" not in self.__dict__:
            # a plain list, not an nn.ModuleList: the modules stay registered where they are
            self.__dict__["_reordering_modules"] = [m for m in self.modules() if hasattr(m, "reorder_incremental_state")]
        for module in self.__dict__["_reordering_modules"]:
            result = module.reorder_incremental_state(incremental_state, new_order)
            if result is not None:
                incremental_state = result

    def forward(self, prev_output_tokens: Tensor, encoder_out=None, incremental_state=None, features_only: bool = False, **kwargs):
        features, extra = self.extract_features(prev_output_tokens, encoder_out, incremental_state)
        if features_only:
            return features, extra
        return self.scores(features, extra, encoder_out, incremental_state)

    def scores(self, features: Tensor, extra: dict, encoder_out, incremental_state=None):
        """features (B, T, C) -> (scores (B, T, V), extra): the logits, or with the copy head its
        log-probabilities (extra["output_is_log_probs"])."""
        logits = self.output_layer(features)
        if self.copy_generator is None:
            return logits, self.reported(extra)
        src_tokens = encoder_out["src_tokens"][0]  # (B / group, S): copy targets, aligned with memory
        src_tokens = per_hypothesis(src_tokens, beam_group(encoder_out))  # (B, S), a small integer tensor
        log_probs = self.copy_generator(logits, features, extra["context"], extra["attn"][0], src_tokens)
        return log_probs, self.reported(dict(extra, output_is_log_probs=True))

    def reported(self, extra: dict) -> dict:
        """``extra`` as a forward returns it: without the alignment ("attn": [None]) out of training
        when ``report_alignments`` is off, once the copy head has read it."""
        return extra if self.training or self.report_alignments else dict(extra, attn=[None])

    def extract_features(self, prev_output_tokens: Tensor, encoder_out=None, incremental_state=None, **kwargs):
        """prev_output_tokens (B, T) -> features (B, T, C) (T = 1 when decoding incrementally)."""
        # (S', B / group, C) -> (B / group, S', C): one row per article under beam search. Our
        # encoder keeps the storage batch-major (forward and reorder_encoder_out), so this is a
        # contiguous view; another encoder's time-major tensor is read once per article anyway,
        # by the cross-attention's key and value projections, whose results are cached.
        memory = encoder_out["encoder_out"][0].transpose(0, 1)
        memory_padding_mask = encoder_out["encoder_padding_mask"][0]  # (B / group, S')
        group = beam_group(encoder_out)
        x = self.embed(prev_output_tokens, incremental_state)
        # Last-layer cross-attention weights: copied from by the pointer-generator, and reported
        # as alignments while generating (unless no one reads them); otherwise the fused kernel skips
        # computing them.
        need_weights = (incremental_state is not None and self.report_alignments) or self.copy_generator is not None
        memory_mask = self.cross_attention_mask(prev_output_tokens, encoder_out, incremental_state)
        weights = context = None
        for i, layer in enumerate(self.layers):
            x, weights, context = layer(x, memory, memory_padding_mask, incremental_state,
                                        need_weights and i == len(self.layers) - 1, memory_group=group,
                                        memory_mask=memory_mask)
        if self.final_norm is not None:
            x = self.final_norm(x)
        return x, {"attn": [weights], "context": context, "inner_states": [x]}

    def cross_attention_mask(self, prev_output_tokens: Tensor, encoder_out, incremental_state=None) -> Optional[Tensor]:
        """Memory positions hidden from each query, (B, T, S') True = hidden (T = 1 when decoding
        incrementally), on top of the padding mask; None: every query sees every real position.
        A decoder that restricts its cross-attention overrides this (models/rewriter.py)."""
        return None

    def output_layer(self, features: Tensor) -> Tensor:
        return F.linear(features, self.output_weight)  # (B, T, V)

    @property
    def output_weight(self) -> Tensor:
        """(V, C): the output embedding, the token embedding when the two are tied."""
        return self.embed.embed_tokens.weight if self.output_projection is None else self.output_projection.weight

    def max_positions(self) -> int:
        return self.max_target_positions


@register_model("efficient_transformer", dataclass=EfficientTransformerConfig)
class EfficientTransformerModel(FairseqEncoderDecoderModel):
    """Encoder-decoder for summarization with a pluggable encoder self-attention (Fastformer,
    softmax, and the CS224N efficient variants) and a causal Fastformer or softmax decoder."""

    @classmethod
    def add_args(cls, parser):
        # No defaults on the command line, so that the named architectures can set theirs.
        from fairseq.dataclass.utils import gen_parser_from_dataclass

        gen_parser_from_dataclass(parser, EfficientTransformerConfig(), delete_default=True)

    @classmethod
    def build_model(cls, args, task):
        base_architecture(args)
        check_config(args)
        src_dict, tgt_dict = task.source_dictionary, task.target_dictionary
        encoder_embedding = token_embedding(src_dict, args.encoder_embed_dim)
        if args.separate_embeddings:
            decoder_embedding = token_embedding(tgt_dict, args.decoder_embed_dim)
        else:
            if src_dict != tgt_dict:
                raise ValueError(
                    "tied embeddings need a joined dictionary (fairseq-preprocess --joined-dictionary); "
                    "or pass --separate-embeddings"
                )
            decoder_embedding = encoder_embedding
        encoder = cls.build_encoder(args, src_dict, encoder_embedding)
        decoder = cls.build_decoder(args, tgt_dict, decoder_embedding, tie_output=not args.separate_embeddings)
        return cls(encoder, decoder, autocast_bf16=args.autocast_bf16)

    @classmethod
    def build_encoder(cls, args, src_dict, embed_tokens: nn.Embedding) -> FairseqEncoder:
        return EfficientEncoder(args, src_dict, embed_tokens)

    @classmethod
    def build_decoder(cls, args, tgt_dict, embed_tokens: nn.Embedding, tie_output: bool) -> FairseqIncrementalDecoder:
        return EfficientDecoder(args, tgt_dict, embed_tokens, tie_output=tie_output)

    def __init__(self, encoder, decoder, autocast_bf16: bool = False):
        super().__init__(encoder, decoder)
        self.autocast_bf16 = autocast_bf16
        if isinstance(encoder, EfficientEncoder):
            # beam groups only for a decoder that reads them; any other gets fairseq's per-hypothesis rows
            encoder.beam_groups = getattr(decoder, "reads_beam_groups", False)

    def forward(self, src_tokens, src_lengths, prev_output_tokens, **kwargs):
        # Only while training: the weights stay fp32, so evaluation needs no cast and beam search
        # scores are not perturbed by bf16 rounding.
        with torch.autocast(device_type=src_tokens.device.type, dtype=torch.bfloat16, enabled=self.autocast_bf16 and self.training):
            return super().forward(src_tokens, src_lengths, prev_output_tokens, **kwargs)

    def get_normalized_probs(self, net_output, log_probs: bool, sample=None):
        """The copy generator already outputs log-probabilities; plain logits go through fairseq."""
        extra = net_output[1] if len(net_output) > 1 else None
        if isinstance(extra, dict) and extra.get("output_is_log_probs"):
            return net_output[0] if log_probs else net_output[0].exp()
        return super().get_normalized_probs(net_output, log_probs, sample)


def check_config(args) -> None:
    """Reject sizes that cannot work, with a message instead of a shape error mid-training."""
    for side in ("encoder", "decoder"):
        dim, heads = getattr(args, f"{side}_embed_dim"), getattr(args, f"{side}_attention_heads")
        if dim % heads:
            raise ValueError(f"--{side}-embed-dim {dim} is not divisible by --{side}-attention-heads {heads}")
        if getattr(args, f"{side}_layers") < 1:
            raise ValueError(f"--{side}-layers must be at least 1")
    if args.copy_attention and args.encoder_input_stage != "none":
        raise ValueError("--copy-attention needs source positions aligned with the memory; it cannot be "
                         f"combined with --encoder-input-stage {args.encoder_input_stage}")
    if args.encoder_embed_dim != args.decoder_embed_dim:
        raise ValueError("--encoder-embed-dim and --decoder-embed-dim must be equal (cross-attention and tied embeddings)")
    for name in ("max_source_positions", "max_target_positions"):
        if getattr(args, name) < 1:
            raise ValueError(f"--{name.replace('_', '-')} must be positive")
    kernel = getattr(args, "encoder_local_conv", 0)
    if kernel < 0 or (kernel and kernel % 2 == 0):
        raise ValueError(f"--encoder-local-conv must be 0 (none) or an odd kernel size, got {kernel}")
    if args.encoder_self_attention == "none" and not kernel:
        raise ValueError("--encoder-self-attention none (a convolution-only encoder) needs --encoder-local-conv K "
                         "(an odd kernel, e.g. 7): without attention or convolution no position would see any other")
    check_placement(args, kernel)
    check_windows(args)


def check_placement(args, kernel: int) -> None:
    """--encoder-attention-placement and --encoder-attention-layers: both place the attention
    relative to the convolution, so both need one (and the parallel form sums pre-norm branches)."""
    placement = getattr(args, "encoder_attention_placement", "series")
    top = getattr(args, "encoder_attention_layers", 0)
    if placement != "series" and (not kernel or args.encoder_self_attention == "none"):
        raise ValueError(f"--encoder-attention-placement {placement} puts the attention beside the convolution: it "
                         "needs --encoder-local-conv K and an encoder self-attention other than none")
    if placement != "series" and args.post_norm:
        raise ValueError(f"--encoder-attention-placement {placement} sums pre-norm branches; it cannot be combined with --post-norm")
    if not 0 <= top <= args.encoder_layers:
        raise ValueError(f"--encoder-attention-layers must be between 0 (every layer) and --encoder-layers "
                         f"({args.encoder_layers}), got {top}")
    if 0 < top < args.encoder_layers and not kernel:
        raise ValueError("--encoder-attention-layers N < --encoder-layers leaves layers without attention: they need "
                         "--encoder-local-conv K, or they would be an FFN alone")


def check_windows(args) -> None:
    """Block sizes and strides. A source shorter than a block or a stride is fine (the last block
    or window is completed with masked padding / zeros, so any length from 1 up to
    --max-source-positions works); a stride larger than the longest source the model accepts
    cannot be meant, so it is rejected at start-up. A block at least as long as the longest
    source is allowed: local attention is then full attention."""
    for name in ("local_block_size", "memory_compression_stride", "input_conv_stride"):
        if getattr(args, name) < 1:
            raise ValueError(f"--{name.replace('_', '-')} must be at least 1, got {getattr(args, name)}")
    strides = []
    if args.encoder_self_attention == "memory_compressed":
        strides.append("memory_compression_stride")
    if args.encoder_input_stage == "strided_conv":
        strides.append("input_conv_stride")
    for name in strides:
        if getattr(args, name) > args.max_source_positions:
            raise ValueError(
                f"--{name.replace('_', '-')} {getattr(args, name)} is larger than the longest source the "
                f"model accepts (--max-source-positions {args.max_source_positions})"
            )


# --------------------------------------------------------------------------------------------
# Named architectures: small functions that set defaults; anything given on the command line wins.
# --------------------------------------------------------------------------------------------


def set_defaults(args, **defaults) -> None:
    for name, value in defaults.items():
        if getattr(args, name, None) is None:
            setattr(args, name, value)


def base_architecture(args):
    """Every field still unset gets the dataclass default (register_model already made
    `--arch efficient_transformer` itself)."""
    set_defaults(args, **{f.name: f.default for f in fields(EfficientTransformerConfig) if not f.name.startswith("_")})


@register_model_architecture("efficient_transformer", "fastformer_small")
def fastformer_small(args):
    """Quick runs: the CS224N "small" size (3 + 3 layers, d 256, FFN 1024, 4 heads)."""
    set_defaults(
        args,
        encoder_layers=3,
        decoder_layers=3,
        encoder_attention_heads=4,
        decoder_attention_heads=4,
        dropout=0.1,
        max_source_positions=2048,
    )
    base_architecture(args)


@register_model_architecture("efficient_transformer", "fastformer_conv_small")
def fastformer_conv_small(args):
    """fastformer_small with a kernel-7 depthwise convolution before each encoder attention
    (local context, see modules/depthwise_conv.py)."""
    set_defaults(args, encoder_local_conv=7)
    fastformer_small(args)


@register_model_architecture("efficient_transformer", "fastformer_cnndm")
def fastformer_cnndm(args):
    """Table 9, CNN/DailyMail: 4 + 4 layers, hidden 256, 16 heads, dropout 0.2, sources up to 2048."""
    set_defaults(args, encoder_layers=4, decoder_layers=4, encoder_attention_heads=16, decoder_attention_heads=16, dropout=0.2, max_source_positions=2048)
    base_architecture(args)


@register_model_architecture("efficient_transformer", "fastformer_pubmed")
def fastformer_pubmed(args):
    """Table 9, PubMed: 2 + 4 layers, hidden 256, 16 heads, dropout 0.2, sources up to 4096."""
    set_defaults(args, encoder_layers=2, decoder_layers=4, encoder_attention_heads=16, decoder_attention_heads=16, dropout=0.2, max_source_positions=4096)
    base_architecture(args)


# --------------------------------------------------------------------------------------------
# CS224N (papers.md part B): the study changed only the encoder, so every one of these has a
# standard causal softmax decoder. Sizes come from the presets above: *_small is the study's
# "small" (3 + 3 layers, 4 heads, d 256, FFN 1024, dropout 0.1); *_cnndm / *_pubmed are the
# Fastformer Table 9 sizes, so each mechanism can be compared with Fastformer at equal size and
# source length. LightConv, the study's sixth row, is fairseq's own model: lightconv_presets.py.
# --------------------------------------------------------------------------------------------


def cs224n_variant(args, size: Callable, **encoder) -> None:
    """Set the encoder mechanism and a softmax decoder, then the sizes of the `size` preset."""
    set_defaults(args, decoder_self_attention="softmax", **encoder)
    size(args)


TRANSFORMER = dict(encoder_self_attention="softmax")
LOCAL = dict(encoder_self_attention="local")  # blocks of --local-block-size (50)
SHIFTED_LOCAL = dict(encoder_self_attention="shifted_local")  # odd layers shifted by 25
INPUT_CONV = dict(encoder_self_attention="softmax", encoder_input_stage="strided_conv")  # N -> N/4
MEMORY_COMPRESSED = dict(encoder_self_attention="memory_compressed")  # keys, values N -> N/4
# the convolution ablations: what the attention adds beyond the kernel-7 convolution of
# fastformer_conv_small (no attention at all), and the same convolution given to the transformer
CONV_ONLY = dict(encoder_self_attention="none", encoder_local_conv=7)
TRANSFORMER_CONV = dict(encoder_self_attention="softmax", encoder_local_conv=7)


@register_model_architecture("efficient_transformer", "transformer_small")
def transformer_small(args):
    """TransformerSmall: full softmax attention in the encoder."""
    cs224n_variant(args, fastformer_small, **TRANSFORMER)


@register_model_architecture("efficient_transformer", "local_transformer_small")
def local_transformer_small(args):
    """LocalSmall: attention inside blocks of 50 tokens."""
    cs224n_variant(args, fastformer_small, **LOCAL)


@register_model_architecture("efficient_transformer", "shifted_local_transformer_small")
def shifted_local_transformer_small(args):
    """LocalSmall + shift: blocks of 50, shifted by 25 in odd layers."""
    cs224n_variant(args, fastformer_small, **SHIFTED_LOCAL)


@register_model_architecture("efficient_transformer", "input_conv_transformer_small")
def input_conv_transformer_small(args):
    """TransformerSmall + input conv: kernel = stride = 4 convolution before the encoder layers."""
    cs224n_variant(args, fastformer_small, **INPUT_CONV)


@register_model_architecture("efficient_transformer", "memory_compressed_transformer_small")
def memory_compressed_transformer_small(args):
    """Memory-compressed: keys and values shortened by kernel = stride = 4 convolutions."""
    cs224n_variant(args, fastformer_small, **MEMORY_COMPRESSED)


@register_model_architecture("efficient_transformer", "conv_only_small")
def conv_only_small(args):
    """No attention in the encoder: each layer is the kernel-7 depthwise convolution + FFN
    (fastformer_conv_small without its additive attention)."""
    cs224n_variant(args, fastformer_small, **CONV_ONLY)


@register_model_architecture("efficient_transformer", "transformer_conv_small")
def transformer_conv_small(args):
    """TransformerSmall with the kernel-7 depthwise convolution before each softmax attention."""
    cs224n_variant(args, fastformer_small, **TRANSFORMER_CONV)


@register_model_architecture("efficient_transformer", "transformer_cnndm")
def transformer_cnndm(args):
    cs224n_variant(args, fastformer_cnndm, **TRANSFORMER)


@register_model_architecture("efficient_transformer", "local_transformer_cnndm")
def local_transformer_cnndm(args):
    cs224n_variant(args, fastformer_cnndm, **LOCAL)


@register_model_architecture("efficient_transformer", "shifted_local_transformer_cnndm")
def shifted_local_transformer_cnndm(args):
    cs224n_variant(args, fastformer_cnndm, **SHIFTED_LOCAL)


@register_model_architecture("efficient_transformer", "input_conv_transformer_cnndm")
def input_conv_transformer_cnndm(args):
    cs224n_variant(args, fastformer_cnndm, **INPUT_CONV)


@register_model_architecture("efficient_transformer", "memory_compressed_transformer_cnndm")
def memory_compressed_transformer_cnndm(args):
    cs224n_variant(args, fastformer_cnndm, **MEMORY_COMPRESSED)


@register_model_architecture("efficient_transformer", "transformer_pubmed")
def transformer_pubmed(args):
    cs224n_variant(args, fastformer_pubmed, **TRANSFORMER)


@register_model_architecture("efficient_transformer", "local_transformer_pubmed")
def local_transformer_pubmed(args):
    cs224n_variant(args, fastformer_pubmed, **LOCAL)


@register_model_architecture("efficient_transformer", "shifted_local_transformer_pubmed")
def shifted_local_transformer_pubmed(args):
    cs224n_variant(args, fastformer_pubmed, **SHIFTED_LOCAL)


@register_model_architecture("efficient_transformer", "input_conv_transformer_pubmed")
def input_conv_transformer_pubmed(args):
    cs224n_variant(args, fastformer_pubmed, **INPUT_CONV)


@register_model_architecture("efficient_transformer", "memory_compressed_transformer_pubmed")
def memory_compressed_transformer_pubmed(args):
    cs224n_variant(args, fastformer_pubmed, **MEMORY_COMPRESSED)

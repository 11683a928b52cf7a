"""LightConv presets (Wu et al. 2019, "Pay Less Attention with Lightweight and Dynamic
Convolutions"): the CS224N study's sixth row (papers.md part B), on fairseq's own `lightconv`
model, at the sizes of our other presets so that all rows train from the same binarized data.

One LightConv head c of width d_c = D / H at position i, kernel K, weights W_c (K,):

    LightConv(X, W_c, i) = sum_{j=1}^{K} softmax(W_c)_j X_{i + j - ceil(K/2)}

(depthwise, weights shared by the d_c channels of a head, softmax-normalised over the kernel),
wrapped in a linear -> GLU input and a linear output projection. Cost O(N K D) per layer
(plus the O(N D^2) linear maps): linear in the length. The decoder is causal (K positions back).

    lightconv_small   3 + 3 layers, d 256, FFN 1024, 4 heads, encoder and decoder kernels
                      15, 31, 31 (the study's), dropout 0.1
    lightconv_cnndm   4 + 4 layers, 16 heads, dropout 0.2   (as fastformer_cnndm)
    lightconv_pubmed  2 + 4 layers, 16 heads, dropout 0.2   (as fastformer_pubmed)
For the deeper twins the kernel list keeps the study's first kernel (15) and continues with 31,
as Wu et al.'s own lists do ([3, 7, 15, 31, 31, ...]).

Everything shares one embedding matrix (--share-all-embeddings; needs `fairseq-preprocess
--joined-dictionary`, as for our other architectures).

Two things differ from how fairseq's other presets behave:
- The convolution type is set by the name: fairseq's parser gives --encoder-conv-type and
  --decoder-conv-type a default ("dynamic") that an architecture cannot tell from a user's
  choice, so these presets always use "lightweight"; for DynamicConv use fairseq's own
  `lightconv` architectures with --encoder-conv-type dynamic.
- --max-source-positions / --max-target-positions are options of the translation task, which
  fills them (1024 by default) before any architecture runs; give them on the command line
  (e.g. --max-source-positions 2048) for longer sources. Positions are sinusoidal and grow on
  demand, so any value works.
"""
from fairseq.models import register_model_architecture
from fairseq.models.lightconv import base_architecture as lightconv_base_architecture


def set_defaults(args, **defaults) -> None:
    for name, value in defaults.items():
        if getattr(args, name, None) is None:
            setattr(args, name, value)


def kernel_sizes(layers: int):
    """The study's 15, 31, 31, continued with 31 for deeper stacks (cut for shallower ones)."""
    return ([15] + [31] * layers)[:layers]


def lightconv_preset(args, layers, heads: int, dropout: float, max_source_positions: int) -> None:
    args.encoder_conv_type = args.decoder_conv_type = "lightweight"
    set_defaults(args, encoder_layers=layers[0], decoder_layers=layers[1])
    set_defaults(
        args,
        encoder_embed_dim=256,
        decoder_embed_dim=256,
        encoder_ffn_embed_dim=1024,
        decoder_ffn_embed_dim=1024,
        encoder_attention_heads=heads,
        decoder_attention_heads=heads,
        # computed from the layer counts actually used, so --encoder-layers N alone works
        encoder_kernel_size_list=kernel_sizes(args.encoder_layers),
        decoder_kernel_size_list=kernel_sizes(args.decoder_layers),
        dropout=dropout,
        share_all_embeddings=True,
        max_source_positions=max_source_positions,
        max_target_positions=1024,
        weight_softmax=True,  # a parser default that base_architecture does not set (Python API)
    )
    lightconv_base_architecture(args)


@register_model_architecture("lightconv", "lightconv_small")
def lightconv_small(args):
    """LightConvSmall of the CS224N study: 3 + 3 layers, 4 heads, d 256, kernels 15, 31, 31."""
    lightconv_preset(args, layers=(3, 3), heads=4, dropout=0.1, max_source_positions=2048)


@register_model_architecture("lightconv", "lightconv_cnndm")
def lightconv_cnndm(args):
    """fastformer_cnndm's size: 4 + 4 layers, 16 heads, dropout 0.2; kernels 15, 31, 31, 31."""
    lightconv_preset(args, layers=(4, 4), heads=16, dropout=0.2, max_source_positions=2048)


@register_model_architecture("lightconv", "lightconv_pubmed")
def lightconv_pubmed(args):
    """fastformer_pubmed's size: 2 + 4 layers, 16 heads, dropout 0.2; kernels 15, 31 / 15, 31, 31, 31."""
    lightconv_preset(args, layers=(2, 4), heads=16, dropout=0.2, max_source_positions=4096)

"""The CS224N encoder variants (papers.md part B) and their presets: the mechanisms themselves
(what each position can see, lengths, padding) and a short fairseq train-and-generate run of
every architecture on a tiny corpus."""
import argparse
import math
import os
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import torch
from fairseq.models import ARCH_CONFIG_REGISTRY

import fairseq_plugins  # noqa: F401  (registers the architectures)
from fairseq_plugins.models.efficient_transformer import ENCODER_INPUT_STAGE, ENCODER_SELF_ATTENTION
from fairseq_plugins.modules.local_attention import LocalAttention
from fairseq_plugins.modules.memory_compressed import MemoryCompressedAttention
from fairseq_plugins.modules.softmax_attention import MultiheadSoftmaxAttention
from fairseq_plugins.modules.strided_conv import StridedConv
from test_model import MECHANISM_OPTIONS, FakeTask, batch, build

torch.manual_seed(0)

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CS224N_SMALL = [
    "transformer_small",
    "local_transformer_small",
    "shifted_local_transformer_small",
    "input_conv_transformer_small",
    "memory_compressed_transformer_small",
]
MECHANISM = {  # arch family -> (encoder self-attention, input stage)
    "transformer": ("softmax", "none"),
    "local_transformer": ("local", "none"),
    "shifted_local_transformer": ("shifted_local", "none"),
    "input_conv_transformer": ("softmax", "strided_conv"),
    "memory_compressed_transformer": ("memory_compressed", "none"),
}
TINY = dict(encoder_embed_dim=32, decoder_embed_dim=32, encoder_ffn_embed_dim=64, decoder_ffn_embed_dim=64)


def pad_left(x: torch.Tensor, lengths, total: int):
    """Stack sequences x[i][:lengths[i]] left-padded (fairseq's default) with junk in the padding:
    (B, total, D) and the mask (B, total), True = padding."""
    out = torch.randn(len(lengths), total, x.size(-1)) * 100.0  # padding must not matter
    mask = torch.ones(len(lengths), total, dtype=torch.bool)
    for i, n in enumerate(lengths):
        out[i, total - n :] = x[i, :n]
        mask[i, total - n :] = False
    return out, mask


def pad_right(x: torch.Tensor, lengths, total: int):
    out = torch.randn(len(lengths), total, x.size(-1)) * 100.0
    mask = torch.ones(len(lengths), total, dtype=torch.bool)
    for i, n in enumerate(lengths):
        out[i, :n] = x[i, :n]
        mask[i, :n] = False
    return out, mask


def real_rows(y: torch.Tensor, mask: torch.Tensor, i: int) -> torch.Tensor:
    return y[i][~mask[i]]


def receptive_field(module_fn, n: int, position: int, dim: int = 16) -> set:
    """Positions whose output changes when the input at `position` changes."""
    x = torch.randn(1, n, dim)
    y = module_fn(x)
    x2 = x.clone()
    x2[0, position] += torch.randn(dim)
    changed = (module_fn(x2) - y).abs().amax(-1)[0] > 1e-6
    return set(torch.nonzero(changed).flatten().tolist())


# ----------------------------------------------------------------------------- local attention


def full_and_local(block_size: int, shift: bool = False, dim: int = 16, heads: int = 4):
    full = MultiheadSoftmaxAttention(dim, heads).eval()
    local = LocalAttention(dim, heads, block_size, shift=shift).eval()
    local.load_state_dict(full.state_dict())  # same parameters, same names
    return full, local


@pytest.mark.parametrize("shift", [False, True])
@pytest.mark.parametrize("extra", [0, 1, 7])
def test_local_with_block_at_least_n_is_full_attention(extra, shift):
    lengths, total = [11, 8, 3], 11
    full, local = full_and_local(block_size=total + extra + (total if shift else 0), shift=shift)
    x, mask = pad_left(torch.randn(3, total, 16), lengths, total)
    expected, got = full(x, mask), local(x, mask)
    for i in range(3):
        torch.testing.assert_close(real_rows(got, mask, i), real_rows(expected, mask, i), rtol=1e-5, atol=1e-5)


def test_local_with_block_one_sees_only_itself():
    _, local = full_and_local(block_size=1)
    x = torch.randn(2, 9, 16)
    # softmax over a single key is 1: out_i = W_o (W_v x_i + b_v) + b_o
    torch.testing.assert_close(local(x), local.out_proj(local.v_proj(x)), rtol=1e-5, atol=1e-5)
    for p in (0, 4, 8):
        assert receptive_field(local, 9, p) == {p}


def test_local_blocks_are_exactly_k_tokens():
    _, local = full_and_local(block_size=4)
    assert receptive_field(local, 13, 5) == {4, 5, 6, 7}
    assert receptive_field(local, 13, 12) == {12}  # the last, partial block
    _, shifted = full_and_local(block_size=4, shift=True)
    # shifted by 2: blocks [0, 2), [2, 6), [6, 10), [10, 14)
    assert receptive_field(shifted, 13, 1) == {0, 1}
    assert receptive_field(shifted, 13, 3) == {2, 3, 4, 5}
    assert receptive_field(shifted, 13, 11) == {10, 11, 12}


@pytest.mark.parametrize("pad", [pad_left, pad_right])
@pytest.mark.parametrize("shift", [False, True])
def test_local_blocks_count_from_the_first_real_token(shift, pad):
    """Padding of 1, 2, 5 tokens (not multiples of k = 4) must not move the block borders."""
    _, local = full_and_local(block_size=4, shift=shift)
    lengths, total = [12, 11, 10, 7], 12
    x = torch.randn(4, total, 16)
    padded, mask = pad(x, lengths, total)
    out = local(padded, mask)
    for i, n in enumerate(lengths):
        alone = local(x[i : i + 1, :n])
        torch.testing.assert_close(real_rows(out, mask, i), alone[0], rtol=1e-5, atol=1e-5)


def test_local_block_of_padding_gives_zeros_not_nan():
    _, local = full_and_local(block_size=2)
    x, mask = pad_left(torch.randn(2, 9, 16), [9, 1], 9)
    assert torch.isfinite(local(x, mask)).all()


# -------------------------------------------------------------------- shifted-local, in the model


def encoder_states(model, tokens):
    """Outputs of every encoder layer, (L, S, C) for one sequence."""
    enc = model.encoder
    mask = tokens.eq(enc.padding_idx)
    x = enc.embed(tokens)
    states = []
    for layer in enc.layers:
        x = layer(x, mask)
        states.append(x[0])
    return states


def changed_positions(model, tokens, position):
    other = tokens.clone()
    other[0, position] = tokens[0, position] + 1
    before, after = encoder_states(model, tokens), encoder_states(model, other)
    return [set(torch.nonzero((a - b).abs().amax(-1) > 1e-6).flatten().tolist()) for a, b in zip(before, after)]


def test_shifted_local_moves_information_across_block_borders():
    task = FakeTask()
    tokens = torch.randint(task.dictionary.nspecial, 50, (1, 16))
    shifted = build("shifted_local_transformer_small", encoder_layers=4, local_block_size=4, **TINY)
    assert [layer.self_attention.sublayer.shift for layer in shifted.encoder.layers] == [0, 2, 0, 2]
    # token 3 ends block [0, 4); token 4 starts the neighbouring block [4, 8)
    layers = changed_positions(shifted, tokens, 3)
    assert 4 not in layers[0]  # one (unshifted) layer: different blocks, no path
    assert 4 in layers[1]  # the shifted layer's block [2, 6) joins them
    # the exact reach of token 0: its block after layer 1, then [0, 6) after the shifted layer 2
    reach = changed_positions(shifted, tokens, 0)
    assert reach[0] == {0, 1, 2, 3} and reach[1] == set(range(6))
    assert reach[2] == set(range(8)) and reach[3] == set(range(10))


def test_local_without_shifts_never_crosses_a_block_border():
    task = FakeTask()
    tokens = torch.randint(task.dictionary.nspecial, 50, (1, 16))
    local = build("local_transformer_small", encoder_layers=4, local_block_size=4, **TINY)
    assert [layer.self_attention.sublayer.shift for layer in local.encoder.layers] == [0, 0, 0, 0]
    for layer in changed_positions(local, tokens, 3):
        assert layer == {0, 1, 2, 3}


# ---------------------------------------------------------------- memory-compressed attention


def test_memory_compressed_stride_one_is_full_attention():
    full = MultiheadSoftmaxAttention(16, 4).eval()
    compressed = MemoryCompressedAttention(16, 4, stride=1).eval()
    for conv in (compressed.compress_keys.conv, compressed.compress_values.conv):  # identity at init
        torch.testing.assert_close(conv.weight[:, :, 0], torch.eye(16))
        assert not conv.bias.any()
    compressed.load_state_dict(full.state_dict(), strict=False)
    lengths, total = [10, 7, 2], 10
    x, mask = pad_left(torch.randn(3, total, 16), lengths, total)
    expected, got = full(x, mask), compressed(x, mask)
    for i in range(3):
        torch.testing.assert_close(real_rows(got, mask, i), real_rows(expected, mask, i), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("n", [1, 3, 4, 5, 13, 16, 17])
def test_memory_compressed_keys_are_n_over_4_long(n):
    attn = MemoryCompressedAttention(16, 4, stride=4).eval()
    k, v, mask = attn.compress(torch.randn(2, n, 16))
    assert k.shape == v.shape == (2, 4, math.ceil(n / 4), 4) and mask is None
    # in a padded batch: a slot is padding iff all 4 of its inputs are
    lengths = [n, max(1, n - 5)]
    x, pad = pad_left(torch.randn(2, n, 16), lengths, n)
    k, _, mask = attn.compress(x, pad)
    assert k.shape[2] == math.ceil(n / 4)
    assert (~mask).sum(1).tolist() == [math.ceil(m / 4) for m in lengths]
    assert attn(x, pad).shape == (2, n, 16)


@pytest.mark.parametrize("pad", [pad_left, pad_right])
def test_memory_compressed_windows_count_from_the_first_real_token(pad):
    attn = MemoryCompressedAttention(16, 4, stride=4).eval()
    with torch.no_grad():  # random (not mean) convolutions, so every window offset shows
        for conv in (attn.compress_keys.conv, attn.compress_values.conv):
            conv.weight.normal_(0, 0.2)
            conv.bias.normal_(0, 0.2)
    lengths, total = [13, 11, 10, 3], 13
    x = torch.randn(4, total, 16)
    padded, mask = pad(x, lengths, total)
    out = attn(padded, mask)
    for i, n in enumerate(lengths):
        torch.testing.assert_close(real_rows(out, mask, i), attn(x[i : i + 1, :n])[0], rtol=1e-5, atol=1e-5)


# ------------------------------------------------------------------------ input convolution


@pytest.mark.parametrize("n", [1, 2, 4, 5, 13, 16])
def test_input_conv_shortens_to_n_over_4(n):
    conv = StridedConv(16, stride=4)
    y, mask = conv(torch.randn(2, n, 16))
    assert y.shape == (2, math.ceil(n / 4), 16) and mask is None
    x, pad = pad_left(torch.randn(2, n, 16), [n, max(1, n - 3)], n)
    y, mask = conv(x, pad)
    assert y.shape == (2, math.ceil(n / 4), 16)
    assert (~mask).sum(1).tolist() == [math.ceil(n / 4), math.ceil(max(1, n - 3) / 4)]
    assert not y[mask].any()  # padded slots carry nothing


@pytest.mark.parametrize("pad", [pad_left, pad_right])
def test_input_conv_padded_batch_equals_each_sequence_alone(pad):
    conv = StridedConv(16, stride=4)
    with torch.no_grad():
        conv.conv.weight.normal_(0, 0.2)
        conv.conv.bias.normal_(0, 0.2)
    lengths, total = [13, 11, 10, 6, 1], 13
    x = torch.randn(5, total, 16)
    padded, mask = pad(x, lengths, total)  # padding holds values of size ~100
    y, short_mask = conv(padded, mask)
    for i, n in enumerate(lengths):
        alone, _ = conv(x[i : i + 1, :n])
        torch.testing.assert_close(real_rows(y, short_mask, i), alone[0], rtol=1e-5, atol=1e-5)


def test_input_conv_memory_and_cross_attention_are_shortened():
    task = FakeTask()
    model = build("input_conv_transformer_small", **TINY)
    src, lengths, prev = batch(task, bsz=3, src_len=13)  # lengths 13, 11, 9, left-padded
    out = model.encoder(src, lengths)
    memory, mask = out["encoder_out"][0].transpose(0, 1), out["encoder_padding_mask"][0]  # (B, S', C), (B, S')
    assert memory.shape == (3, 4, 32)
    assert (~mask).sum(1).tolist() == [4, 3, 3]
    state = {}
    _, extra = model.decoder(prev[:, :1], out, incremental_state=state)
    weights = extra["attn"][0]  # (B, 1, S') cross-attention of the last layer
    assert weights.shape == (3, 1, 4)
    assert not weights[mask[:, None, :]].any()  # no weight on padded memory slots
    torch.testing.assert_close(weights.sum(-1), torch.ones(3, 1))


# ------------------------------------------------------------- every variant, in the full model


VARIANTS = [(attention, "none") for attention in sorted(ENCODER_SELF_ATTENTION)] + [
    ("softmax", stage) for stage in sorted(ENCODER_INPUT_STAGE) if stage != "none"
]


@pytest.mark.parametrize("attention,stage", VARIANTS)
def test_padding_invariance_with_small_windows(attention, stage):
    """Pad counts 0, 2, 5, 7 are not multiples of the block size 3 or the strides 4."""
    task = FakeTask()
    model = build(
        "fastformer_small",
        encoder_self_attention=attention,
        encoder_input_stage=stage,
        decoder_self_attention="softmax",
        local_block_size=3,
        **TINY,
        **MECHANISM_OPTIONS.get(attention, {}),
    )
    lengths = torch.tensor([14, 12, 9, 7])
    src = torch.randint(task.dictionary.nspecial, 50, (4, 14))
    for i, n in enumerate(lengths.tolist()):
        src[i, : 14 - n] = task.dictionary.pad()  # left padding, as fairseq batches sources
    prev = torch.randint(task.dictionary.nspecial, 50, (4, 6))
    full, _ = model(src, lengths, prev)
    for i, n in enumerate(lengths.tolist()):
        alone, _ = model(src[i : i + 1, -n:], lengths[i : i + 1], prev[i : i + 1])
        torch.testing.assert_close(alone[0], full[i], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("arch", CS224N_SMALL)
def test_decoder_is_the_unchanged_causal_transformer_decoder(arch):
    task = FakeTask()
    reference = build("transformer_small", **TINY)
    model = build(arch, **TINY)
    shapes = lambda m: {k: v.shape for k, v in m.decoder.state_dict().items()}  # noqa: E731
    assert shapes(model) == shapes(reference)
    for layer in model.decoder.layers:
        attention = layer.self_attention.sublayer
        assert type(attention) is MultiheadSoftmaxAttention and attention.causal
    # causal: changing later target tokens changes no earlier output
    src, lengths, prev = batch(task)
    out, _ = model(src, lengths, prev)
    later = prev.clone()
    later[:, 4:] = torch.randint(task.dictionary.nspecial, 50, later[:, 4:].shape)
    out2, _ = model(src, lengths, later)
    torch.testing.assert_close(out[:, :4], out2[:, :4])
    # incremental decoding gives the parallel result
    encoder_out = model.encoder(src, lengths)
    state = {}
    for t in range(prev.size(1)):
        step, _ = model.decoder(prev[:, : t + 1], encoder_out, incremental_state=state)
        torch.testing.assert_close(step[:, 0], out[:, t], rtol=1e-4, atol=1e-4)


# ----------------------------------------------------------------------------- presets, options


@pytest.mark.parametrize("size", ["small", "cnndm", "pubmed"])
@pytest.mark.parametrize("family", sorted(MECHANISM))
def test_presets(family, size):
    args = argparse.Namespace()
    ARCH_CONFIG_REGISTRY[f"{family}_{size}"](args)
    fastformer = argparse.Namespace()
    ARCH_CONFIG_REGISTRY[f"fastformer_{size}"](fastformer)
    sizes = ("encoder_layers", "decoder_layers", "encoder_embed_dim", "encoder_ffn_embed_dim", "encoder_attention_heads",
             "decoder_attention_heads", "dropout", "max_source_positions", "max_target_positions")
    assert {k: getattr(args, k) for k in sizes} == {k: getattr(fastformer, k) for k in sizes}
    assert (args.encoder_self_attention, args.encoder_input_stage) == MECHANISM[family]
    assert args.decoder_self_attention == "softmax"
    assert (args.local_block_size, args.memory_compression_stride, args.input_conv_stride) == (50, 4, 4)
    if size == "small":  # the study's "small": 3 + 3 layers, 4 heads, 256, FFN 1024, dropout 0.1
        assert (args.encoder_layers, args.decoder_layers, args.encoder_attention_heads, args.encoder_embed_dim,
                args.encoder_ffn_embed_dim, args.dropout) == (3, 3, 4, 256, 1024, 0.1)


@pytest.mark.parametrize("size,layers,heads", [("small", (3, 3), 4), ("cnndm", (4, 4), 16), ("pubmed", (2, 4), 16)])
def test_lightconv_presets(size, layers, heads):
    model = build(f"lightconv_{size}")
    args = argparse.Namespace()
    ARCH_CONFIG_REGISTRY[f"lightconv_{size}"](args)
    assert (args.encoder_layers, args.decoder_layers) == layers
    assert (args.encoder_attention_heads, args.encoder_embed_dim, args.encoder_ffn_embed_dim) == (heads, 256, 1024)
    assert args.encoder_kernel_size_list[:3] == [15, 31, 31][: layers[0]]
    assert args.encoder_conv_type == args.decoder_conv_type == "lightweight"
    assert model.encoder.embed_tokens is model.decoder.embed_tokens  # share-all-embeddings
    assert [layer.conv.kernel_size for layer in model.encoder.layers] == args.encoder_kernel_size_list
    # --encoder-layers alone resizes the kernel list
    assert len(build(f"lightconv_{size}", encoder_layers=5).encoder.layers) == 5


@pytest.mark.parametrize("arch", ["fastformer_small"] + CS224N_SMALL + ["lightconv_small"])
def test_takes_sources_up_to_the_declared_maximum(arch):
    task = FakeTask()
    model = build(arch, **TINY, encoder_attention_heads=2, decoder_attention_heads=2)
    longest = model.max_positions()[0]
    assert longest == 2048
    src = torch.randint(task.dictionary.nspecial, 50, (1, longest))
    prev = torch.randint(task.dictionary.nspecial, 50, (1, 5))
    with torch.no_grad():
        logits, _ = model(src, torch.tensor([longest]), prev)
    assert torch.isfinite(logits).all()


@pytest.mark.parametrize(
    "overrides,message",
    [
        (dict(encoder_self_attention="local", local_block_size=0), "--local-block-size must be at least 1"),
        (dict(encoder_self_attention="memory_compressed", memory_compression_stride=0), "--memory-compression-stride must be at least 1"),
        (dict(encoder_input_stage="strided_conv", input_conv_stride=-1), "--input-conv-stride must be at least 1"),
        (dict(encoder_input_stage="strided_conv", input_conv_stride=64, max_source_positions=32), "larger than the longest source"),
        (dict(encoder_self_attention="memory_compressed", memory_compression_stride=64, max_source_positions=32), "larger than the longest source"),
    ],
)
def test_wrong_windows_are_rejected_when_the_model_is_built(overrides, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        build("fastformer_small", **overrides)


def test_inputs_shorter_than_the_stride_or_block_are_fine():
    task = FakeTask()
    for arch in CS224N_SMALL:
        model = build(arch, **TINY)
        for n in (1, 2, 3):
            src = torch.randint(task.dictionary.nspecial, 50, (1, n))
            logits, _ = model(src, torch.tensor([n]), src)
            assert torch.isfinite(logits).all()


# ------------------------------------------------------- fairseq-train / fairseq-generate, per arch


def run(args, cwd):
    env = dict(os.environ, OMP_NUM_THREADS="1")
    return subprocess.run([str(BIN / args[0])] + [str(a) for a in args[1:]], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """40 training pairs of random words; the target is the source's first 5 words."""
    root = tmp_path_factory.mktemp("corpus")
    rng = random.Random(0)
    words = [f"w{i}" for i in range(30)]
    for split, n in (("train", 40), ("valid", 8), ("test", 8)):
        with open(root / f"{split}.source", "w") as s, open(root / f"{split}.target", "w") as t:
            for _ in range(n):
                sentence = [rng.choice(words) for _ in range(rng.randint(6, 30))]
                s.write(" ".join(sentence) + "\n")
                t.write(" ".join(sentence[:5]) + "\n")
    done = run(["fairseq-preprocess", "--source-lang", "source", "--target-lang", "target", "--joined-dictionary",
                "--trainpref", "train", "--validpref", "valid", "--testpref", "test", "--destdir", "bin",
                "--workers", "1"], cwd=root)
    assert done.returncode == 0, done.stderr[-3000:]
    return root


SIZES = {  # tiny sizes through each model's own command-line options
    "efficient_transformer": ["--encoder-embed-dim", 32, "--decoder-embed-dim", 32, "--encoder-ffn-embed-dim", 64,
                              "--decoder-ffn-embed-dim", 64, "--local-block-size", 4],
    "lightconv": ["--encoder-embed-dim", 32, "--decoder-embed-dim", 32, "--encoder-ffn-embed-dim", 64,
                  "--decoder-ffn-embed-dim", 64],
}
ALL_SMALL = ["fastformer_small"] + CS224N_SMALL + ["conv_only_small", "transformer_conv_small", "lightconv_small"]


def train_and_generate(corpus: Path, arch: str):
    """fairseq-train for 3 updates (with validation), then fairseq-generate on the test split."""
    model = "lightconv" if arch.startswith("lightconv") else "efficient_transformer"
    save = corpus / f"checkpoints_{arch}"
    train = run(["fairseq-train", "bin", "--user-dir", REPO / "fairseq_plugins", "--arch", arch, *SIZES[model],
                 "--max-update", 3, "--optimizer", "adam", "--lr", "1e-3", "--criterion", "label_smoothed_cross_entropy",
                 "--label-smoothing", 0.1, "--batch-size", 8, "--no-epoch-checkpoints", "--cpu", "--num-workers", 0,
                 "--save-dir", save, "--log-format", "simple"], cwd=corpus)
    if train.returncode != 0:
        return train, None
    generate = run(["fairseq-generate", "bin", "--user-dir", REPO / "fairseq_plugins", "--path", save / "checkpoint_last.pt",
                    "--gen-subset", "test", "--beam", 4, "--no-repeat-ngram-size", 3, "--scoring", "rouge",
                    "--max-len-b", 20, "--batch-size", 8, "--cpu", "--num-workers", 0], cwd=corpus)
    return train, generate


def wrong_option(corpus: Path):
    return run(["fairseq-train", "bin", "--user-dir", REPO / "fairseq_plugins", "--arch", "local_transformer_small",
                "--local-block-size", 0, "--max-update", 1, "--batch-size", 8, "--cpu", "--optimizer", "adam",
                "--lr", "1e-3", "--save-dir", corpus / "never"], cwd=corpus)


@pytest.fixture(scope="module")
def cli_runs(corpus, request):
    """Starts the command-line runs of the selected tests, two at a time (one per core, each
    process single-threaded); every test then waits for its own."""
    selected = [item for item in request.session.items if item.module is request.module]
    names = {item.originalname for item in selected}
    jobs = {item.callspec.params["arch"]: (train_and_generate, corpus, item.callspec.params["arch"])
            for item in selected if item.originalname == "test_train_and_generate"}
    if "test_wrong_option_stops_fairseq_train_at_start_up" in names:
        jobs["wrong option"] = (wrong_option, corpus)
    pool = ThreadPoolExecutor(max_workers=2)
    yield {name: pool.submit(*job) for name, job in jobs.items()}
    pool.shutdown(cancel_futures=True)


@pytest.mark.parametrize("arch", ALL_SMALL)
def test_train_and_generate(cli_runs, arch):
    train, generate = cli_runs[arch].result()
    assert train.returncode == 0, train.stdout[-3000:] + train.stderr[-3000:]
    assert re.search(r"valid on 'valid' subset \| loss [0-9.]+", train.stdout + train.stderr)
    assert generate.returncode == 0, generate.stdout[-3000:] + generate.stderr[-3000:]
    hypotheses = re.findall(r"^H-(\d+)\t", generate.stdout, flags=re.M)
    assert sorted(map(int, hypotheses)) == list(range(8))  # one hypothesis for every test sentence
    assert "ROUGE-1" in generate.stdout + generate.stderr


def test_wrong_option_stops_fairseq_train_at_start_up(cli_runs, corpus):
    train = cli_runs["wrong option"].result()
    assert train.returncode != 0
    assert "--local-block-size must be at least 1" in train.stderr
    assert not list((corpus / "never").glob("*.pt"))  # stopped before any training

"""Our encoders speak fairseq's encoder interface (TransformerEncoder.forward_scriptable and
reorder_encoder_out): the same dictionary, the same shapes and the same reordering, so fairseq's
own TransformerDecoder, its beam search and its ensembles run on them; beam groups stay for our
own decoder only; and the shipped bundles still write what they wrote."""
import argparse
import copy
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F
from fairseq.data import Dictionary, data_utils
from fairseq.models import ARCH_CONFIG_REGISTRY, ARCH_MODEL_REGISTRY, FairseqEncoderDecoderModel
from fairseq.models.transformer import TransformerDecoder, TransformerEncoder, TransformerEncoderBase, base_architecture
from fairseq.sequence_generator import SequenceGenerator

from fairseq_plugins.models.efficient_transformer import EfficientEncoder, EfficientTransformerModel, token_embedding
from test_model import FakeTask, batch, build

# fairseq's TransformerDecoder pairs a float future mask with a bool padding mask, which torch warns about
pytestmark = pytest.mark.filterwarnings("ignore:Support for mismatched key_padding_mask:UserWarning")
REPO = Path(__file__).resolve().parent.parent
TINY = dict(encoder_embed_dim=32, decoder_embed_dim=32, encoder_ffn_embed_dim=64, decoder_ffn_embed_dim=64,
            encoder_attention_heads=4, decoder_attention_heads=4, encoder_layers=2, decoder_layers=2)
# every encoder we register, at the small size (the _cnndm and _pubmed presets only resize them)
OUR_ARCHS = sorted(name for name, model in ARCH_MODEL_REGISTRY.items()
                   if model is EfficientTransformerModel and name.endswith("_small"))


def fairseq_keys() -> set:
    """The keys fairseq's own TransformerEncoder returns."""
    task = FakeTask(vocab=10)
    args = argparse.Namespace(encoder_embed_dim=8, encoder_ffn_embed_dim=16, encoder_attention_heads=2, encoder_layers=1)
    base_architecture(args)
    encoder = TransformerEncoder(args, task.dictionary, token_embedding(task.dictionary, 8))
    return set(encoder(torch.tensor([[5, 6, 2]]), torch.tensor([3])))


def test_every_encoder_family_is_covered():
    for arch in ("fastformer_small", "transformer_small", "local_transformer_small", "memory_compressed_transformer_small",
                 "input_conv_transformer_small", "conv_only_small"):
        assert arch in OUR_ARCHS


@pytest.mark.parametrize("arch", OUR_ARCHS)
def test_encoder_output_is_fairseqs(arch):
    task = FakeTask()
    torch.manual_seed(0)
    model = build(arch, task=task, local_block_size=3, **TINY)
    encoder = model.encoder
    src, lengths, _ = batch(task, bsz=3, src_len=13)  # left-padded: 13, 11, 9 tokens
    with torch.no_grad():
        out = encoder(src, lengths, return_all_hiddens=True)
        # what the layers compute, batch-first
        mask = src.eq(task.dictionary.pad())  # (B, S)
        x = encoder.embed(src)  # (B, S, C)
        if encoder.input_stage is not None:
            x, mask = encoder.input_stage(x, mask)  # (B, S', C), (B, S')
        states = [x]
        for layer in encoder.layers:
            states.append(layer(states[-1], mask))  # (B, S', C)
        final = encoder.final_norm(states[-1]) if encoder.final_norm is not None else states[-1]
        final = final.masked_fill(mask[..., None], 0.0)

    assert set(out) == fairseq_keys() | {"src_tokens", "beam_group"}  # our model's encoder groups beams
    shortened = final.size(1)  # S' (S / 4 for the strided input convolution)
    assert shortened == (4 if arch.startswith("input_conv") else 13)
    (encoder_out,) = out["encoder_out"]
    assert encoder_out.shape == (shortened, 3, 32)  # T x B x C
    assert torch.equal(encoder_out, final.transpose(0, 1))
    assert encoder_out.transpose(0, 1).is_contiguous()  # the decoder gets (B, T, C) back without a copy
    assert torch.equal(out["encoder_padding_mask"][0], mask) and out["encoder_padding_mask"][0].dtype == torch.bool
    assert not encoder_out[mask.t()].any()  # padded slots are zero
    embedding = out["encoder_embedding"][0]  # B x S x C: the scaled token embedding, before positions
    assert embedding.shape == (3, 13, 32)
    torch.testing.assert_close(embedding, encoder.embed.scale * encoder.embed.embed_tokens(src), rtol=0, atol=0)
    assert len(out["encoder_states"]) == len(encoder.layers) + 1  # the first layer's input, then each layer's output
    for got, expected in zip(out["encoder_states"], states):
        assert got.shape == (shortened, 3, 32) and torch.equal(got, expected.transpose(0, 1))
    assert out["fc_results"] == []
    assert torch.equal(out["src_tokens"][0], src)
    assert out["src_lengths"][0].shape == (3, 1) and out["src_lengths"][0].flatten().tolist() == [13, 11, 9]
    assert encoder(src, lengths)["encoder_states"] == []  # only when asked for


def reorder_order_cases():
    return {
        "beam expansion": torch.arange(3).repeat_interleave(4),
        "repeats and drops": torch.tensor([2, 2, 0]),
        "permutation": torch.tensor([1, 2, 0]),
    }


@pytest.mark.parametrize("case", sorted(reorder_order_cases()))
def test_bare_encoder_reorders_as_fairseq_does(case):
    """A bare encoder (no model told it about beam groups) has fairseq's semantics: its reorder is
    fairseq's own TransformerEncoder.reorder_encoder_out, i.e. index_select along the batch."""
    new_order = reorder_order_cases()[case]
    task = FakeTask()
    args = argparse.Namespace(**TINY)
    ARCH_CONFIG_REGISTRY["fastformer_small"](args)
    encoder = EfficientEncoder(args, task.dictionary, token_embedding(task.dictionary, 32)).eval()
    assert not encoder.beam_groups
    src, lengths, _ = batch(task, bsz=3)
    with torch.no_grad():
        out = encoder(src, lengths, return_all_hiddens=True)
    assert "beam_group" not in out
    ours = encoder.reorder_encoder_out(out, new_order)
    theirs = TransformerEncoderBase.reorder_encoder_out(None, copy.deepcopy(out), new_order)  # self is unused
    assert set(ours) == set(theirs) | {"fc_results"}  # fairseq's reorder drops its (always empty) fc_results
    for key, tensors in theirs.items():
        assert len(ours[key]) == len(tensors) > 0, key
        for got, expected in zip(ours[key], tensors):
            assert torch.equal(got, expected), key
    assert ours["encoder_out"][0].shape == (13, len(new_order), 32)  # T x B' x C
    assert torch.equal(ours["encoder_out"][0], out["encoder_out"][0].index_select(1, new_order))
    assert torch.equal(ours["src_tokens"][0], src.index_select(0, new_order))


def test_grouped_rows_read_as_fairseqs_rows():
    """Under our model, the encoder output stays one row per article with a "beam_group" entry;
    read with it (row r // group), every entry equals fairseq's per-hypothesis rows, through
    a beam search's expansion, a shuffle within articles, an article leaving, and an arbitrary order."""
    task = FakeTask()
    model = build(task=task, **TINY)
    assert model.encoder.beam_groups
    plain = copy.deepcopy(model.encoder)
    plain.beam_groups = False
    src, lengths, _ = batch(task, bsz=3)
    with torch.no_grad():
        grouped_out = model.encoder(src, lengths, return_all_hiddens=True)
        plain_out = plain(src, lengths, return_all_hiddens=True)
    orders = [torch.arange(3).repeat_interleave(4), torch.tensor([3, 2, 1, 0, 4, 4, 4, 4, 9, 8, 10, 11]),
              torch.tensor([0, 1, 2, 3, 8, 9, 10, 11]), torch.tensor([7, 0, 0, 5])]
    for new_order in orders:
        grouped_out = model.encoder.reorder_encoder_out(grouped_out, new_order)
        plain_out = plain.reorder_encoder_out(plain_out, new_order)
        group = int(grouped_out["beam_group"][0])
        for key, tensors in plain_out.items():
            for got, expected in zip(grouped_out[key], tensors):
                dim = 1 if key in ("encoder_out", "encoder_states") else 0
                assert torch.equal(got.repeat_interleave(group, dim=dim), expected), key
    assert group == 1  # the arbitrary order left nothing to share


def test_the_model_turns_beam_groups_on_only_for_a_decoder_that_reads_them():
    task = FakeTask()
    ours = build(task=task, **TINY)
    assert ours.encoder.beam_groups
    foreign = EfficientTransformerModel(copy.deepcopy(ours.encoder), fairseq_decoder(task.dictionary, ours.encoder.embed.embed_tokens))
    assert not foreign.encoder.beam_groups
    src, lengths, prev = batch(task)
    assert "beam_group" not in foreign.encoder(src, lengths)
    logits, _ = foreign(src, lengths, prev)
    assert logits.shape == (3, prev.size(1), len(task.dictionary))


# --------------------------------------------------------- fairseq's TransformerDecoder on our encoder


COPY_VOCAB = 10


def fairseq_decoder(dictionary, embed_tokens) -> TransformerDecoder:
    args = argparse.Namespace(decoder_embed_dim=32, decoder_ffn_embed_dim=64, decoder_attention_heads=4, decoder_layers=2,
                              encoder_embed_dim=32, dropout=0.0, max_target_positions=64,
                              share_decoder_input_output_embed=True)
    base_architecture(args)
    return TransformerDecoder(args, dictionary, embed_tokens)


def fastformer_with_fairseq_decoder(dictionary, seed: int) -> FairseqEncoderDecoderModel:
    """Our Fastformer encoder under fairseq's own decoder, in fairseq's own container."""
    torch.manual_seed(seed)
    args = argparse.Namespace(**TINY, dropout=0.0, max_source_positions=64)
    ARCH_CONFIG_REGISTRY["fastformer_small"](args)
    embedding = token_embedding(dictionary, 32)
    return FairseqEncoderDecoderModel(EfficientEncoder(args, dictionary, embedding), fairseq_decoder(dictionary, embedding))


def copy_batch(dictionary, generator, bsz: int):
    """Random sources of 4-6 tokens; the target is the source."""
    seqs = [torch.cat([torch.randint(dictionary.nspecial, len(dictionary), (int(torch.randint(4, 7, (1,), generator=generator)),),
                                     generator=generator), torch.tensor([dictionary.eos()])]) for _ in range(bsz)]
    src = data_utils.collate_tokens(seqs, dictionary.pad(), left_pad=True)  # (B, S), left-padded as fairseq does
    target = data_utils.collate_tokens(seqs, dictionary.pad())  # (B, T)
    prev = data_utils.collate_tokens(seqs, dictionary.pad(), move_eos_to_beginning=True)  # (B, T)
    return src, torch.tensor([len(s) for s in seqs]), prev, target


def copy_loss(model, sample, dictionary) -> torch.Tensor:
    src, lengths, prev, target = sample
    logits, _ = model(src, lengths, prev)  # (B, T, V)
    return F.cross_entropy(logits.transpose(1, 2), target, ignore_index=dictionary.pad())


@pytest.fixture(scope="module")
def copy_models():
    """Two such models trained for 40 Adam steps on fresh copy batches, with the held-out loss of
    the first before and after."""
    dictionary = Dictionary()
    for i in range(COPY_VOCAB):
        dictionary.add_symbol(f"w{i}")
    held_out = copy_batch(dictionary, torch.Generator().manual_seed(123), 32)
    models, losses = [], None
    for seed in (0, 1):
        model = fastformer_with_fairseq_decoder(dictionary, seed)
        with torch.no_grad():
            before = copy_loss(model.eval(), held_out, dictionary).item()
        model.train()
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
        data = torch.Generator().manual_seed(seed)
        for _ in range(40):
            loss = copy_loss(model, copy_batch(dictionary, data, 32), dictionary)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            after = copy_loss(model.eval(), held_out, dictionary).item()
        losses = losses or (before, after)
        models.append(model)
    return dictionary, models, held_out, losses


def test_fairseq_decoder_on_our_encoder_trains(copy_models):
    _, _, _, (before, after) = copy_models
    assert before > 3.0  # untrained: worse than uniform over the vocabulary
    # A decoder that ignores the source cannot go below about 2.1 nats a token here (uniform tokens,
    # lengths 4-6); clearly below that, it reads the source through our encoder.
    assert after < 1.8 and after < before - 1.5


def test_fairseq_beam_search_on_our_encoder(copy_models, monkeypatch):
    dictionary, (model, _), (src, lengths, _, _), _ = copy_models
    encoder_rows = []
    reorder = EfficientEncoder.reorder_encoder_out

    def watched(self, encoder_out, new_order):
        out = reorder(self, encoder_out, new_order)
        encoder_rows.append((out["encoder_out"][0].size(1), new_order.numel()))
        return out

    monkeypatch.setattr(EfficientEncoder, "reorder_encoder_out", watched)
    generator = SequenceGenerator([model], dictionary, beam_size=3, max_len_a=1, max_len_b=2)
    with torch.no_grad():
        hypos = generator.generate([model], {"net_input": {"src_tokens": src[:5], "src_lengths": lengths[:5]}})
    assert len(hypos) == 5
    for hyps in hypos:
        assert len(hyps) == 3  # one per beam
        for h in hyps:
            assert h["tokens"].dim() == 1 and h["tokens"][-1] == dictionary.eos()
            assert h["positional_scores"].shape == h["tokens"].shape
        assert [h["score"] for h in hyps] == sorted((h["score"] for h in hyps), reverse=True)
    # fairseq's semantics for fairseq's decoder: one encoder row per hypothesis, every step
    assert encoder_rows and all(rows == hypotheses for rows, hypotheses in encoder_rows)


def test_fairseq_ensemble_of_our_encoders(copy_models):
    dictionary, models, (src, lengths, _, _), _ = copy_models
    generator = SequenceGenerator(models, dictionary, beam_size=3, max_len_a=1, max_len_b=2)
    with torch.no_grad():
        hypos = generator.generate(models, {"net_input": {"src_tokens": src[:4], "src_lengths": lengths[:4]}})
    assert [len(hyps) for hyps in hypos] == [3] * 4
    assert all(h["tokens"][-1] == dictionary.eos() for hyps in hypos for h in hyps)


# --------------------------------------------------------------------- the shipped bundles, unchanged

# What the bundles wrote before the encoder spoke fairseq's interface (recorded from that code):
# the same checkpoints must load and write the same, byte for byte.
CHESS_FINAL = (REPO / "app" / "examples" / "chess_final.txt")
SHIPPED_SUMMARIES = {
    "model": [
        "Sixteen-year-old Mateo Alvarez became the youngest winner of the Northern Open chesss championship on Sunday.",
        "The defending champion, Grandmaster Anika Sorensen, resigned on the 71st move to the age of five, needed only a "
        "draw to take the title but chose to play for a win in the spring.",
    ],
    "model_extractive": [
        "Sixteen-year-old Mateo Alvarez became the youngest winner of the Northern Open chess championship on Sunday, "
        "beating the defending champion, Grandmaster Anika Sorensen, in a tense final game that lasted more than six hours.",
        "Alvarez, who learned to play from his grandfather at the age of five, needed only a draw to take the title but "
        "chose to play for a win.",
        "Sorensen resigned on the 71st move.",
    ],
}


@pytest.mark.parametrize("bundle", sorted(SHIPPED_SUMMARIES))
def test_shipped_bundle_writes_what_it_wrote(bundle):
    checkpoint = REPO / "app" / bundle / "checkpoint.pt"
    if not checkpoint.is_file():
        pytest.skip(f"{checkpoint} is not here")
    from app import Summarizer

    summarizer = Summarizer(str(checkpoint))
    if bundle == "model":
        assert summarizer.model.encoder.beam_groups  # the shipped model decodes with beam groups
    summary = summarizer.summarize(CHESS_FINAL.read_text(encoding="utf-8"))
    assert summary.summary == "\n".join(SHIPPED_SUMMARIES[bundle])

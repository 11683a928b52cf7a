"""Per-article encoder output and cross-attention keys under beam search (beam_groups.py): exact
against the usual per-hypothesis gather, for beam search and for any reordering."""
import pytest
import torch
from fairseq.sequence_generator import SequenceGenerator

from fairseq_plugins.modules import beam_groups
from fairseq_plugins.modules.beam_groups import fold_queries, regroup, unfold_queries
from test_model import FakeTask, batch, build


def read(stored: torch.Tensor, group: int) -> torch.Tensor:
    """What each hypothesis row sees: stored row r // group."""
    return stored.repeat_interleave(group, dim=0)


def test_regroup_beam_search_cases():
    beam = 4
    expand = torch.arange(3).repeat_interleave(beam)  # fairseq's first reorder: B -> B * beam
    assert regroup(expand, 1, 3) == (None, 4)  # nothing copied, rows now shared by 4 hypotheses
    within = torch.tensor([1, 1, 3, 0, 6, 5, 5, 4, 8, 8, 8, 8])  # each article keeps its own rows
    assert regroup(within, 4, 3) == (None, 4)
    index, group = regroup(torch.tensor([0, 1, 1, 2, 9, 9, 10, 11]), 4, 3)  # article 1 finished and left
    assert group == 4 and index.tolist() == [0, 2]


@pytest.mark.parametrize("seed", range(20))
def test_regroup_is_exact_for_any_order(seed):
    g = torch.Generator().manual_seed(seed)
    stored_rows, group = int(torch.randint(1, 5, (1,), generator=g)), int(torch.randint(1, 5, (1,), generator=g))
    stored = torch.randn(stored_rows, 3, generator=g)
    full = read(stored, group)  # (rows, 3): what the plain per-hypothesis tensor would hold
    kind = seed % 3
    if kind == 0:  # arbitrary rows, repeats allowed
        new_order = torch.randint(0, full.size(0), (int(torch.randint(1, 12, (1,), generator=g)),), generator=g)
    elif kind == 1:  # whole groups repeated
        new_order = (torch.randint(0, stored_rows, (3,), generator=g)[:, None] * group + torch.arange(group)).flatten()
    else:  # a permutation within groups
        new_order = (torch.arange(stored_rows)[:, None] * group + torch.randperm(group, generator=g)).flatten()
    index, new_group = regroup(new_order, group, stored_rows)
    new_stored = stored if index is None else stored.index_select(0, index)
    torch.testing.assert_close(read(new_stored, new_group), full.index_select(0, new_order), rtol=0, atol=0)
    if kind == 2:
        assert index is None and new_group == group


def test_fold_and_unfold_are_inverse():
    x = torch.randn(6, 2, 5, 4)
    folded = fold_queries(x, 3)
    assert folded.shape == (2, 2, 15, 4)
    torch.testing.assert_close(folded[1, :, 5:10], x[4])  # hypothesis 1 of article 1
    torch.testing.assert_close(unfold_queries(folded, 3), x)


EOS_BOOST = 4.0


def per_hypothesis_gather(new_order, group, stored_rows):
    """The usual beam search reorder: one row per hypothesis, gathered every step."""
    return torch.div(new_order, group, rounding_mode="floor"), 1


@pytest.mark.parametrize("decoder", ["softmax", "fastformer"])
def test_beam_search_output_equals_the_per_hypothesis_gather(monkeypatch, decoder):
    task = FakeTask(vocab=40)
    torch.manual_seed(3)
    model = build(task=task, decoder_self_attention=decoder, copy_attention=True, encoder_embed_dim=32,
                  decoder_embed_dim=32, encoder_attention_heads=4, decoder_attention_heads=4)
    src, lengths, _ = batch(task, bsz=5, src_len=17)
    with torch.no_grad():  # make </s> likely enough that some articles end early (the batch shrinks)
        model.encoder.embed.embed_tokens.weight[task.dictionary.eos()] *= EOS_BOOST
    sample = {"net_input": {"src_tokens": src, "src_lengths": lengths}}
    # min/max lengths apart so that articles finish at different steps (the batch shrinks)
    generator = SequenceGenerator([model], task.dictionary, beam_size=4, min_len=2, max_len_b=12, no_repeat_ngram_size=3)

    def run():
        with torch.no_grad():
            return [[(h["tokens"].tolist(), float(h["score"])) for h in hyps] for hyps in generator.generate([model], sample)]

    assert model.encoder.beam_groups  # the model turned them on for its own decoder
    grouped = run()
    model.encoder.beam_groups = False  # fairseq's rows, one per hypothesis; the decoder's keys still grouped
    plain_encoder = run()
    monkeypatch.setattr(beam_groups, "regroup", per_hypothesis_gather)  # the decoder's keys per hypothesis too
    reference = run()
    # the same hypotheses; scores equal up to float rounding (the folded queries change matmul shapes)
    for other in (plain_encoder, reference):
        assert [[tokens for tokens, _ in hyps] for hyps in grouped] == [[tokens for tokens, _ in hyps] for hyps in other]
        for got, expected in zip(grouped, other):
            assert [score for _, score in got] == pytest.approx([score for _, score in expected], abs=1e-4)
    assert len({len(hyps[0][0]) for hyps in grouped}) > 1  # articles did finish at different steps


def test_decoder_reorders_the_modules_that_fairseqs_walk_reorders(monkeypatch):
    """EfficientDecoder finds its modules with a reorder method once; beam search gives what
    fairseq's walk over every submodule at every step gives, and the list holds the decoder
    and each layer, nothing else."""
    from fairseq.models import FairseqIncrementalDecoder

    from fairseq_plugins.models.efficient_transformer import DecoderLayer

    task = FakeTask(vocab=40)
    torch.manual_seed(5)
    model = build(task=task, decoder_self_attention="softmax", copy_attention=True, encoder_embed_dim=32,
                  decoder_embed_dim=32, encoder_attention_heads=4, decoder_attention_heads=4)
    src, lengths, _ = batch(task, bsz=3, src_len=15)
    sample = {"net_input": {"src_tokens": src, "src_lengths": lengths}}
    generator = SequenceGenerator([model], task.dictionary, beam_size=4, min_len=2, max_len_b=10)

    def run():
        with torch.no_grad():
            return [[(h["tokens"].tolist(), float(h["score"])) for h in hyps] for hyps in generator.generate([model], sample)]

    found_once = run()
    reordering = model.decoder.__dict__["_reordering_modules"]
    assert reordering[0] is model.decoder and all(isinstance(m, DecoderLayer) for m in reordering[1:])
    assert len(reordering) == 1 + len(model.decoder.layers)
    monkeypatch.setattr(type(model.decoder), "reorder_incremental_state_scripting",
                        FairseqIncrementalDecoder.reorder_incremental_state_scripting)
    assert run() == found_once


def test_encoder_output_stays_one_row_per_article_during_beam_search():
    task = FakeTask()
    model = build(task=task, encoder_embed_dim=32, decoder_embed_dim=32)
    src, lengths, _ = batch(task, bsz=3)
    first = model.encoder(src, lengths, return_all_hiddens=True)
    out = model.encoder.reorder_encoder_out(first, torch.arange(3).repeat_interleave(4))
    assert out["encoder_out"][0] is first["encoder_out"][0] and int(out["beam_group"][0]) == 4  # nothing copied
    out = model.encoder.reorder_encoder_out(out, torch.tensor([3, 2, 1, 0, 4, 4, 4, 4, 9, 8, 10, 11]))
    assert out["encoder_out"][0] is first["encoder_out"][0] and int(out["beam_group"][0]) == 4
    # article 1 finished: every per-article entry keeps articles 0 and 2 (time-major ones along dim 1)
    out = model.encoder.reorder_encoder_out(out, torch.tensor([0, 1, 2, 3, 8, 9, 10, 11]))
    assert int(out["beam_group"][0]) == 4
    keep = torch.tensor([0, 2])
    for key in ("encoder_padding_mask", "encoder_embedding", "src_tokens", "src_lengths"):
        assert torch.equal(out[key][0], first[key][0][keep]), key
    for key in ("encoder_out", "encoder_states"):
        assert len(out[key]) == len(first[key]) > 0
        for got, expected in zip(out[key], first[key]):
            assert torch.equal(got, expected[:, keep]), key
            assert got.transpose(0, 1).is_contiguous()  # stored batch-major: the decoder reads it without a copy

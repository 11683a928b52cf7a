"""The sentence rewriter (models/rewriter.py): group tags against hand-computed ones, an encoder that
starts as the abstractive one, a restricted decoder that neither attends to nor copies from
outside the sentence it rewrites, incremental decoding and beam search as the full forward, and
--pretrained-model."""
import argparse
import copy
import math
from pathlib import Path

import pytest
import torch
from fairseq import checkpoint_utils
from fairseq.data import Dictionary, data_utils
from fairseq.models import ARCH_CONFIG_REGISTRY, ARCH_MODEL_REGISTRY
from fairseq.sequence_generator import SequenceGenerator

import fairseq_plugins  # noqa: F401  (registers the architectures)
from fairseq_plugins.models.rewriter import EARLY_END, RestrictedDecoder, RewriterEncoder, SentenceRewriterModel
from fairseq_plugins.modules.group_restriction import group_attention_mask, segment_index
from fairseq_plugins.modules.copy_generator import PROBABILITY_FLOOR
from fairseq_plugins.modules.group_tags import GroupTagEmbedding, group_tags
from fairseq_plugins.modules.sentence_vocabulary import allowed, with_sentence_vocabulary
from fairseq_plugins.modules.softmax_attention import MultiheadSoftmaxAttention
from fairseq_plugins.text import rewriting

REPO = Path(__file__).resolve().parent.parent
TINY = dict(encoder_embed_dim=32, decoder_embed_dim=32, encoder_ffn_embed_dim=64, decoder_ffn_embed_dim=64,
            encoder_attention_heads=4, decoder_attention_heads=4, encoder_layers=2, decoder_layers=2,
            max_source_positions=64, max_target_positions=64)
TAGS_ONLY, RESTRICTED = "rewriter_fastformer_conv_small", "rewriter_restricted_fastformer_conv_small"


class Task:
    def __init__(self, dictionary=None):
        if dictionary is None:
            dictionary = Dictionary()
            for i in range(20):
                dictionary.add_symbol(f"w{i}")
            dictionary.add_symbol("<n>")
        self.dictionary = self.source_dictionary = self.target_dictionary = dictionary


def build(arch, task, sizes=TINY, **overrides):
    args = argparse.Namespace(arch=arch, **{**sizes, **overrides})
    ARCH_CONFIG_REGISTRY[arch](args)
    return ARCH_MODEL_REGISTRY[arch].build_model(args, task).eval()


def trained_looking(model, std=0.3, seed=0):
    """Every weight random, the tag embedding included (an untrained model's zero rows and
    near-uniform attention would hide what the tests look for)."""
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "norm" not in name:
                p.copy_(torch.randn(p.shape, generator=generator) * std)
    return model


def encode(d, line):
    """'<s> w1 w2 <n> w3' -> token ids (no </s> added)."""
    return torch.tensor([d.index(w) for w in line.split()])


def sources(d):
    """Two left-padded sources with two and one chosen sentences, and their hand-computed tags."""
    lines = [("w1 w2 <n> <s> w3 w4 w5 <n> w6 <n> <s> w7 w8 </s>", [0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 2, 2, 2, 0]),
             ("<s> w9 w10 <n> w11 w12 </s>", [1, 1, 1, 0, 0, 0, 0])]
    seqs = [encode(d, line) for line, _ in lines]
    src = data_utils.collate_tokens(seqs, d.pad(), left_pad=True)  # (2, 14)
    tags = data_utils.collate_tokens([torch.tensor(t) for _, t in lines], 0, left_pad=True)
    return src, torch.tensor([len(s) for s in seqs]), tags


def targets(d, lines):
    """Target lines -> prev_output_tokens (B, T) as fairseq feeds them (</s> first)."""
    seqs = [torch.cat([encode(d, line), torch.tensor([d.eos()])]) for line in lines]
    return data_utils.collate_tokens(seqs, d.pad(), move_eos_to_beginning=True)


# ------------------------------------------------------------------------------------------ tags


def test_tags_of_a_hand_written_line():
    d = Task().dictionary
    src, _, expected = sources(d)
    tags = group_tags(src, d.bos(), d.index("<n>"), special=(d.eos(), d.pad()))
    assert tags.tolist() == expected.tolist()
    # the padding, the separators and </s> are outside every sentence; a mark opens its own
    assert tags[1, :7].tolist() == [0] * 7 and tags[1, 7].item() == 1
    # a sentence without a mark is not chosen; a second mark in a sentence starts the next group
    line = encode(d, "<s> w1 <n> w2 w3 <n> <s> <s> w4")[None]
    assert group_tags(line, d.bos(), d.index("<n>")).tolist() == [[1, 1, 0, 0, 0, 0, 2, 3, 3]]


def test_tags_above_max_groups_share_the_last_row_and_padding_gets_none():
    d = Task().dictionary
    src, _, tags = sources(d)
    embedding = GroupTagEmbedding(d.bos(), d.index("<n>"), d.pad(), d.eos(), max_groups=1, embed_dim=4)
    assert not embedding.embedding.weight.any()  # zero at first
    with torch.no_grad():
        embedding.embedding.weight.copy_(torch.tensor([[1.0] * 4, [2.0] * 4]))
    vectors = embedding(src)[..., 0]  # (B, S)
    expected = torch.where(tags > 0, 2.0, 1.0).masked_fill(src.eq(d.pad()), 0.0)  # tag 2 clamps to row 1
    assert torch.equal(vectors, expected)
    assert torch.equal(embedding.tags(src), tags)  # the exact tags are not clamped


def test_zero_tag_embedding_leaves_the_encoder_as_it_was():
    task = Task()
    torch.manual_seed(0)
    rewriter = build(TAGS_ONLY, task)
    plain = build("fastformer_conv_small", task, decoder_self_attention="softmax")
    trained_looking(rewriter)
    with torch.no_grad():
        rewriter.encoder.embed.tags.embedding.weight.zero_()
    missing, unexpected = plain.load_state_dict(rewriter.state_dict(), strict=False)
    assert not missing and unexpected == ["encoder.embed.tags.embedding.weight"]
    src, lengths, tags = sources(task.dictionary)
    with torch.no_grad():
        ours, theirs = rewriter.encoder(src, lengths), plain.encoder(src, lengths)
        assert torch.equal(ours["encoder_out"][0], theirs["encoder_out"][0])
        assert torch.equal(ours["source_tags"][0], tags)
        rewriter.encoder.embed.tags.embedding.weight.normal_()  # once learnt, the tags change what it reads
        assert not torch.allclose(rewriter.encoder(src, lengths)["encoder_out"][0], theirs["encoder_out"][0])


def test_source_tags_are_reordered_with_the_rows_grouped_or_not():
    task = Task()
    model = build(RESTRICTED, task)
    assert model.encoder.beam_groups and isinstance(model.encoder, RewriterEncoder)
    model.encoder.compact_memory = False  # the whole memory, its tags against the hand-computed ones
    plain = copy.deepcopy(model.encoder)
    plain.beam_groups = False
    src, lengths, tags = sources(task.dictionary)
    with torch.no_grad():
        grouped_out, plain_out = model.encoder(src, lengths), plain(src, lengths)
    origin = torch.arange(2)  # the article each hypothesis row reads
    for new_order in (torch.arange(2).repeat_interleave(3), torch.tensor([3, 4, 5, 2, 1, 0]), torch.tensor([5, 0])):
        grouped_out = model.encoder.reorder_encoder_out(grouped_out, new_order)
        plain_out = plain.reorder_encoder_out(plain_out, new_order)
        origin = origin[new_order]
        group = int(grouped_out["beam_group"][0])
        assert torch.equal(grouped_out["source_tags"][0].repeat_interleave(group, dim=0), plain_out["source_tags"][0])
        assert torch.equal(plain_out["source_tags"][0], tags[origin])


# ------------------------------------------------------------------------------- the restriction


def test_chosen_memory_gives_the_restricted_decoder_the_same_outputs():
    """Decoding reads only the chosen sentences' memory (group_restriction.chosen_memory): every step
    that rewrites a chosen sentence gets the log-probabilities, copy included, and the alignment
    over the source that the whole masked memory gives; beam search writes the same summaries."""
    model, d, src, lengths, tags, prev = restricted_setup()
    with torch.no_grad():
        whole = model.encoder(src, lengths)
        model.encoder.compact_memory = True
        cut = model.encoder(src, lengths)
    assert cut["encoder_out"][0].size(0) == 7 and whole["encoder_out"][0].size(0) == 14  # (L, B, C), (S, B, C)
    assert cut["memory_positions"][0][0].tolist() == [3, 4, 5, 6, 10, 11, 12]
    assert cut["encoder_padding_mask"][0].tolist()[1] == [False] * 3 + [True] * 4  # row 1: one sentence of 3 pieces
    torch.testing.assert_close(cut["encoder_out"][0][:, 0], whole["encoder_out"][0][[3, 4, 5, 6, 10, 11, 12], 0])
    base, base_extra = probabilities(model, prev, whole)
    ours, extra = probabilities(model, prev, cut)
    assert extra["attn"][0].shape == base_extra["attn"][0].shape  # (B, T, S): put back at the source positions
    # row 0's two segments and row 1's first (its second rewrites no chosen sentence: the fallback differs)
    for row, steps in ((0, slice(0, 6)), (1, slice(0, 2))):
        torch.testing.assert_close(ours[row, steps], base[row, steps], rtol=0, atol=1e-5)
        torch.testing.assert_close(extra["attn"][0][row, steps], base_extra["attn"][0][row, steps], rtol=0, atol=1e-6)
    with_cut, with_whole = search_before_and_after(model, d, src, lengths, lambda m: setattr(m.encoder, "compact_memory", False),
                                                   beam_size=3, max_len_b=8, min_len=4)
    for a, b in zip(with_cut, with_whole):
        first = d.index("<n>")
        # the first segment (up to the first separator) rewrites chosen sentence 0 in both rows
        tokens_a, tokens_b = a[0]["tokens"].tolist(), b[0]["tokens"].tolist()
        cut_at = tokens_b.index(first) if first in tokens_b else len(tokens_b)
        assert tokens_a[:cut_at] == tokens_b[:cut_at]


def search_before_and_after(model, d, src, lengths, change, **settings):
    """fairseq's beam search on the rows, then again after ``change(model)``."""
    generator = SequenceGenerator([model], d, **settings)
    sample = {"net_input": {"src_tokens": src, "src_lengths": lengths}}
    with torch.no_grad():
        before = generator.generate([model], sample)
        change(model)
        return before, generator.generate([model], sample)


def test_chosen_memory_leaves_a_row_without_a_chosen_sentence_whole():
    task = Task()
    model = build(RESTRICTED, task)
    d = task.dictionary
    src = data_utils.collate_tokens([encode(d, "<s> w1 w2 </s>"), encode(d, "w3 w4 <n> w5 </s>")], d.pad(), left_pad=True)
    with torch.no_grad():
        out = model.encoder(src, torch.tensor([4, 5]))
    assert "memory_positions" not in out and out["encoder_out"][0].size(0) == 5


def test_mask_and_its_fallback():
    tags = torch.tensor([[0, 1, 1, 0, 2, 0]])
    padding = torch.tensor([[True, False, False, False, False, False]])
    segments = segment_index(torch.tensor([[2, 7, 9, 7, 7]]), separator=7)  # </s> <n> x <n> <n>
    assert segments.tolist() == [[0, 1, 1, 2, 3]]
    hidden = group_attention_mask(tags, segments, padding)[0]
    assert (~hidden).long().tolist() == [
        [0, 1, 1, 0, 0, 0],  # segment 0: sentence tagged 1
        [0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 1, 0],  # segment 1: tagged 2
        [0, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1],  # no third or fourth sentence: every real position
    ]


@pytest.mark.parametrize("need_weights", [False, True])
def test_cross_attention_with_a_mask_per_query(need_weights):
    """MultiheadSoftmaxAttention.attend's memory_mask: each query as if alone with its own
    padding mask, the fused kernel and the weights path alike, and with the memory stored once
    per group of hypothesis rows (beam groups) as with one row per hypothesis."""
    torch.manual_seed(0)
    attention = MultiheadSoftmaxAttention(16, 4).eval()
    memory, queries = torch.randn(2, 7, 16), torch.randn(4, 3, 16)  # 2 articles x 2 hypotheses, 3 steps
    padding = torch.tensor([[True, False, False, False, False, False, False], [False] * 7])
    hidden = torch.rand(4, 3, 7) < 0.5
    hidden[..., 3] = False  # every query sees some position
    grouped, grouped_weights = attention.attend(queries, memory=memory, memory_padding_mask=padding, need_weights=need_weights,
                                                memory_group=2, memory_mask=hidden)
    rows, row_padding = memory.repeat_interleave(2, dim=0), padding.repeat_interleave(2, dim=0)
    flat, _ = attention.attend(queries, memory=rows, memory_padding_mask=row_padding, memory_mask=hidden)
    torch.testing.assert_close(grouped, flat)
    for b in range(4):
        for t in range(3):
            alone, weights = attention.attend(queries[b:b + 1, t:t + 1], memory=rows[b:b + 1], need_weights=True,
                                              memory_padding_mask=row_padding[b:b + 1] | hidden[b:b + 1, t])
            torch.testing.assert_close(grouped[b, t], alone[0, 0])
            if need_weights:
                assert torch.equal(grouped_weights[b, t] == 0, row_padding[b] | hidden[b, t])
                torch.testing.assert_close(grouped_weights[b, t], weights[0, 0])


def restricted_setup(arch=RESTRICTED):
    task = Task()
    d = task.dictionary
    torch.manual_seed(0)
    model = trained_looking(build(arch, task, copy_attention=True))
    model.encoder.compact_memory = False  # the masked whole memory (test_chosen_memory_... cuts it)
    src, lengths, tags = sources(d)
    # row 0 rewrites both chosen sentences, row 1 writes a second segment with no sentence left
    prev = targets(d, ["w3 w4 <n> w7 w8", "w9 <n> w1 w2 w4"])  # (2, 6)
    return model, d, src, lengths, tags, prev


def probabilities(model, prev, encoder_out):
    with torch.no_grad():
        out = model.decoder(prev, encoder_out)
    return model.get_normalized_probs(out, log_probs=True), out[1]


def test_restricted_attention_is_zero_outside_the_sentence_rewritten():
    model, d, src, lengths, tags, prev = restricted_setup()
    assert isinstance(model.decoder, RestrictedDecoder)
    with torch.no_grad():
        encoder_out = model.encoder(src, lengths)
    log_probs, extra = probabilities(model, prev, encoder_out)
    weights = extra["attn"][0]  # (B, T, S): the last layer's, what the copy head copies through
    segments = segment_index(prev, d.index("<n>"))
    assert segments[0].tolist() == [0, 0, 0, 1, 1, 1]
    for t in range(prev.size(1)):
        inside = tags[0].eq(segments[0, t] + 1)
        assert torch.all(weights[0, t][~inside] == 0) and weights[0, t][inside].sum().item() == pytest.approx(1.0)
    # row 1, segment 1: no second chosen sentence, so every real position, and finite outputs
    assert torch.all(weights[1, 2:][:, src[1].ne(d.pad())] > 0) and torch.all(weights[1, 2:][:, src[1].eq(d.pad())] == 0)
    assert torch.isfinite(log_probs).all()


def perturbed(encoder_out, rows, keep_src_tokens=False):
    """The encoder output with the memory (and, unless kept, the source tokens the copy head
    reads) changed at the positions `rows` (B, S) of every batch row."""
    out = dict(encoder_out)
    memory = encoder_out["encoder_out"][0].transpose(0, 1)  # (B, S, C)
    noise = torch.randn(memory.shape, generator=torch.Generator().manual_seed(1)) * 5
    out["encoder_out"] = [torch.where(rows[..., None], memory + noise, memory).transpose(0, 1)]
    if not keep_src_tokens:
        src = encoder_out["src_tokens"][0]
        out["src_tokens"] = [torch.where(rows, (src + 3) % 20 + 4, src)]  # other word pieces
    return out


@pytest.mark.parametrize("arch", [RESTRICTED, TAGS_ONLY])
def test_a_summary_sentence_cannot_read_or_copy_another_sentence(arch):
    """The steps writing segment k depend on the memory of chosen sentences 0 .. k only (the step
    reads its own segment's sentence, the earlier steps theirs, through self-attention), and copy
    from sentence k alone; the tags-only decoder reads and copies anywhere."""
    model, d, src, lengths, tags, prev = restricted_setup(arch)
    with torch.no_grad():
        encoder_out = model.encoder(src, lengths)
    base, _ = probabilities(model, prev, encoder_out)
    segment_0, segment_1 = slice(0, 3), slice(3, 6)  # row 0's steps (segment_index above)
    # everything outside sentence 0: the memory rows and the tokens the copy head would copy
    outside_0, _ = probabilities(model, prev, perturbed(encoder_out, tags.ne(1)))
    # everything outside sentences 0 and 1, and the copy head's tokens outside sentence 1
    memory_outside, _ = probabilities(model, prev, perturbed(encoder_out, ~tags.eq(1) & ~tags.eq(2)))
    copy_outside, _ = probabilities(model, prev, dict(encoder_out, src_tokens=[
        torch.where(tags.ne(2), (src + 3) % 20 + 4, src)]))
    if arch == RESTRICTED:
        torch.testing.assert_close(outside_0[0, segment_0], base[0, segment_0], rtol=0, atol=1e-5)
        torch.testing.assert_close(memory_outside[0, segment_1], base[0, segment_1], rtol=0, atol=1e-5)
        torch.testing.assert_close(copy_outside[0, segment_1], base[0, segment_1], rtol=0, atol=1e-6)
        # but segment 1 reads sentence 0 through the steps before it: the dependence is causal, not none
        inside_0, _ = probabilities(model, prev, perturbed(encoder_out, tags.eq(1), keep_src_tokens=True))
        assert not torch.allclose(inside_0[0, segment_1], base[0, segment_1], atol=1e-3)
    else:  # the test can fail: without the restriction every change reaches every step
        assert not torch.allclose(outside_0[0, segment_0], base[0, segment_0], atol=1e-3)
        assert not torch.allclose(copy_outside[0, segment_1], base[0, segment_1], atol=1e-3)


def test_more_segments_than_chosen_sentences_or_none_chosen_stay_finite():
    model, d, src, lengths, _, _ = restricted_setup()
    unmarked = src.masked_fill(src.eq(d.bos()), d.index("w5"))  # no sentence chosen at all
    prev = targets(d, ["<n> <n> <n> w1 <n>", "w1 <n> <n> <n> <n>"])
    for source in (src, unmarked):
        with torch.no_grad():
            log_probs, extra = probabilities(model, prev, model.encoder(source, lengths))
        assert torch.isfinite(log_probs).all() and torch.isfinite(extra["attn"][0]).all()


# ------------------------------------------------------------------- incremental decoding, beams


@pytest.mark.parametrize("arch", [TAGS_ONLY, RESTRICTED])
@pytest.mark.parametrize("beam_groups", [True, False])
def test_incremental_decoding_equals_the_full_forward_after_beam_reorders(arch, beam_groups):
    model, d, src, lengths, _, prev = restricted_setup(arch)
    model.encoder.beam_groups = beam_groups
    with torch.no_grad():
        encoder_out = model.encoder(src, lengths)
        # beam search's first expansion: two hypotheses of each article
        expand = torch.arange(2).repeat_interleave(2)
        encoder_out = model.encoder.reorder_encoder_out(encoder_out, expand)
        prev = prev[expand].clone()  # (4, T)
        # the hypotheses of an article differ in the segments written: row 1 ends its first a step
        # early, row 2 a step late, so the reorder below moves different segment counts
        prev[1, 2], prev[2, 2] = d.index("<n>"), d.index("w6")
        full, _ = probabilities(model, prev, encoder_out)
        state = {}
        for t in range(3):
            step, _ = probabilities_step(model, prev[:, : t + 1], encoder_out, state)
            torch.testing.assert_close(step[:, 0], full[:, t], rtol=1e-4, atol=1e-4)
        # the hypotheses swap within each article; row 2 continues row 3's prefix (two of one)
        order = torch.tensor([1, 0, 3, 3])
        model.decoder.reorder_incremental_state_scripting(state, order)
        encoder_out = model.encoder.reorder_encoder_out(encoder_out, order)
        new_prev = torch.cat([prev[order, :3], prev[:, 3:]], dim=1)
        new_prev[0, 3] = d.index("w5")  # one hypothesis stays in its first segment
        new_prev[2, 4] = d.index("<n>")  # another writes a third segment, with no sentence for it
        expected, _ = probabilities(model, new_prev, encoder_out)
        for t in range(3, prev.size(1)):
            step, _ = probabilities_step(model, new_prev[:, : t + 1], encoder_out, state)
            torch.testing.assert_close(step[:, 0], expected[:, t], rtol=1e-4, atol=1e-4)


def probabilities_step(model, prev, encoder_out, state):
    out = model.decoder(prev, encoder_out, incremental_state=state)
    return model.get_normalized_probs(out, log_probs=True), out[1]


def test_beam_search_on_the_restricted_model():
    model, d, src, lengths, tags, _ = restricted_setup()
    generator = SequenceGenerator([model], d, beam_size=2, max_len_a=0, max_len_b=8)
    prefix = torch.stack([encode(d, "w3 <n>"), encode(d, "w9 <n>")])  # forced: the second segment from step 2
    with torch.no_grad():
        hypos = generator.generate([model], {"net_input": {"src_tokens": src, "src_lengths": lengths}},
                                   prefix_tokens=prefix)
    assert len(hypos) == 2
    for row, hyps in enumerate(hypos):
        assert len(hyps) == 2
        for h in hyps:
            assert h["tokens"][-1] == d.eos() and torch.isfinite(h["positional_scores"]).all()
            # the alignments are the restricted weights: step t writes segment k_t
            segments = segment_index(torch.cat([torch.tensor([d.eos()]), h["tokens"][:-1]])[None], d.index("<n>"))[0]
            attention = h["attention"]  # (S, T)
            for t, k in enumerate(segments.tolist()):
                inside = tags[row].eq(k + 1)
                if inside.any():
                    assert torch.all(attention[~inside, t] == 0), (row, t)
                else:
                    assert torch.all(attention[src[row].ne(d.pad()), t] > 0)


@pytest.mark.parametrize("arch", [TAGS_ONLY, RESTRICTED])
@pytest.mark.parametrize("compact_memory", [False, True])
def test_beam_search_without_alignments_writes_the_same_summaries(arch, compact_memory):
    """report_alignments off (a way back that reads none): the same hypotheses and scores, the copy
    head still reading the weights, and no alignment kept."""
    model, d, src, lengths, _, _ = restricted_setup(arch)
    model.encoder.compact_memory = compact_memory and arch == RESTRICTED
    reported, unreported = search_before_and_after(model, d, src, lengths,
                                                   lambda m: setattr(m.decoder, "report_alignments", False),
                                                   beam_size=3, max_len_a=0, max_len_b=10, min_len=3)
    for with_attention, without in zip(reported, unreported):
        assert [h["tokens"].tolist() for h in with_attention] == [h["tokens"].tolist() for h in without]
        for a, b in zip(with_attention, without):
            torch.testing.assert_close(a["positional_scores"], b["positional_scores"], rtol=0, atol=1e-6)
            assert a["attention"].numel() and not b["attention"].numel()  # fairseq's empty tensor for none
    # training reads no alignments either way, and gets the copy head's output
    model.train()
    prev = targets(d, ["w3 w4 <n> w7 w8", "w9 <n> w1 w2 w4"])
    assert model.decoder(prev, model.encoder(src, lengths))[1]["attn"][0] is not None
    # which ways back read the alignments
    assert rewriting.reads_alignments("any") and not rewriting.reads_alignments("clauses")
    with pytest.raises(ValueError, match="unknown deletion rule 'nope'"):
        rewriting.reads_alignments("nope")


@pytest.mark.parametrize("beam_groups", [True, False])
def test_exact_segments_write_one_segment_a_chosen_sentence(beam_groups):
    """exact_segments: a row with K chosen sentences gets K - 1 separators, then </s>. The decoder
    here prefers </s>, then <n>, to any word: left free it ends at once, leaving the second chosen
    sentence of row 0 unwritten; held to its segments it writes one, and ends."""
    model, d, src, lengths, tags, _ = restricted_setup()
    model.encoder.compact_memory, model.encoder.beam_groups = True, beam_groups
    separator = d.index("<n>")
    copy_generator = model.decoder.copy_generator

    class EndsFirst(torch.nn.Module):  # the copy head's log-probabilities, </s> and <n> raised
        def forward(self, *args):
            scores = copy_generator(*args).clone()
            scores[..., d.eos()] += 60.0
            scores[..., separator] += 30.0
            return scores

    model.decoder.copy_generator = EndsFirst()
    settings = dict(beam_size=2, max_len_a=0, max_len_b=6, min_len=0)
    free, exact = search_before_and_after(model, d, src, lengths, lambda m: setattr(m.decoder, "exact_segments", True), **settings)
    assert [hs[0]["tokens"].tolist() for hs in free] == [[d.eos()], [d.eos()]]
    assert [hs[0]["tokens"].tolist() for hs in exact] == [[separator, d.eos()], [d.eos()]]  # K = 2 and K = 1
    assert tags.max(dim=1).values.tolist() == [2, 1]
    for hypotheses in exact:
        assert all(torch.isfinite(h["positional_scores"]).all() and h["positional_scores"].min() > EARLY_END / 2
                   for h in hypotheses)
    # a row with no chosen sentence is left free
    unmarked = src.masked_fill(src.eq(d.bos()), d.index("w5"))
    _, free_rows = search_before_and_after(model, d, unmarked, lengths, lambda m: None, **settings)
    assert [hs[0]["tokens"].tolist() for hs in free_rows] == [[d.eos()], [d.eos()]]
    # at the maximum length fairseq forces the end, before the last segment if need be
    model.decoder.copy_generator = copy_generator
    _, cut = search_before_and_after(model, d, src, lengths, lambda m: None, **dict(settings, max_len_b=1))
    assert cut[0][0]["tokens"].tolist()[-1] == d.eos() and cut[0][0]["positional_scores"][-1] < EARLY_END / 2
    # training is never constrained
    model.train()
    prev = targets(d, ["w3 w4 <n> w7 w8", "w9 <n> w1 w2 w4"])
    assert torch.isfinite(model.decoder(prev, model.encoder(src, lengths))[0]).all()


# --------------------------------------------------------------------------- sentence vocabulary


def test_the_sentence_vocabulary_of_a_hand_written_memory():
    # a cut memory of two rows: row 0 holds chosen sentences 1 (ids 7 9 7) and 2 (ids 5 9), row 1 one
    # sentence (ids 8 6) and padding; the closers are 2 (</s>) and 3 (<n>), padding 1
    out = {"src_tokens": [torch.tensor([[7, 9, 7, 5, 9], [8, 6, 4, 4, 4]])],
           "source_tags": [torch.tensor([[1, 1, 1, 2, 2], [1, 1, 0, 0, 0]])],
           "encoder_padding_mask": [torch.tensor([[False] * 5, [False, False, True, True, True]])]}
    out = with_sentence_vocabulary(out, closers=(2, 3), pad=1)
    vocabulary = out["vocabulary"][0]
    assert vocabulary.tolist() == [[2, 3, 5, 7, 9], [2, 3, 6, 8, 1]]  # sorted, padded with the pad id
    assert vocabulary.gather(1, out["vocabulary_slots"][0])[:, :2].tolist() == [[7, 9], [8, 6]]
    assert vocabulary[0].gather(0, out["vocabulary_slots"][0][0]).tolist() == [7, 9, 7, 5, 9]

    def members(row, group):
        return {int(i) for i, m in zip(vocabulary[row], out["vocabulary_members"][0][row, group]) if m}

    assert [members(0, g) for g in range(4)] == [{2, 3, 5, 7, 9}, {2, 3, 7, 9}, {2, 3, 5, 9}, {2, 3, 5, 7, 9}]
    assert [members(1, g) for g in range(4)] == [{2, 3, 6, 8}, {2, 3, 6, 8}, {2, 3, 6, 8}, {2, 3, 6, 8}]
    # each step reads the row of its segment; past the last chosen sentence, the whole row
    steps = allowed(out, torch.tensor([[0, 1, 2, 5], [0, 1, 0, 0]]))  # (2, 4, N)
    assert [{int(i) for i, m in zip(vocabulary[0], steps[0, t]) if m} for t in range(4)] == [
        {2, 3, 7, 9}, {2, 3, 5, 9}, {2, 3, 5, 7, 9}, {2, 3, 5, 7, 9}]


def segment_candidates(d, src, tags):
    """Per row, what each segment may write, from the source line itself: the tokens tagged k + 1
    and the closers; for a segment past the last chosen sentence (the last entry), every tagged token."""
    closers = {d.eos(), d.index("<n>")}
    rows = []
    for tokens, row_tags in zip(src.tolist(), tags.tolist()):
        sentences = [{t for t, g in zip(tokens, row_tags) if g == k} | closers for k in range(1, max(row_tags) + 1)]
        rows.append(sentences + [set().union(*sentences)])
    return rows


@pytest.mark.parametrize("beam_groups", [True, False])
def test_the_sentence_vocabulary_is_the_model_renormalized_over_the_sentence(beam_groups):
    """Without a copy head, a step's scores over the sentence vocabulary are the whole vocabulary's
    log-probabilities renormalized over what the segment may write, and the floor elsewhere."""
    task = Task()
    d = task.dictionary
    torch.manual_seed(0)
    model = trained_looking(build(RESTRICTED, task))
    model.encoder.beam_groups = beam_groups
    src, lengths, tags = sources(d)
    candidates = segment_candidates(d, src, tags)
    with torch.no_grad():
        encoder_out = model.encoder(src, lengths)  # out of training: the memory cut to the chosen sentences
        expand = torch.arange(2).repeat_interleave(2)  # beam search's first expansion
        encoder_out = model.encoder.reorder_encoder_out(encoder_out, expand)
        prev = targets(d, ["w3 w4 <n> w7 w8", "w9 <n> w1 w2 w4"])[expand]  # row 2 writes past its one sentence
        full, _ = probabilities(model, prev, encoder_out)  # the whole vocabulary's log-probabilities
        model.decoder.sentence_vocabulary = True
        segments = segment_index(prev, d.index("<n>"))
        state = {}
        for t in range(prev.size(1)):
            step, _ = probabilities_step(model, prev[:, : t + 1], encoder_out, state)
            for row in range(prev.size(0)):
                sentences = candidates[row // 2]
                inside = sorted(sentences[min(int(segments[row, t]), len(sentences) - 1)])
                expected = full[row, t, inside] - torch.logsumexp(full[row, t, inside], dim=0)
                torch.testing.assert_close(step[row, 0, inside], expected, rtol=1e-4, atol=1e-4)
                outside = [i for i in range(len(d)) if i not in inside]
                assert torch.allclose(step[row, 0, outside], torch.tensor(math.log(PROBABILITY_FLOOR)))
    # training and a full forward score the whole vocabulary
    torch.testing.assert_close(probabilities(model, prev, encoder_out)[0], full)


@pytest.mark.parametrize("beam_groups", [True, False])
def test_beam_search_with_the_sentence_vocabulary_writes_only_the_sentences_pieces(beam_groups):
    model, d, src, lengths, tags, _ = restricted_setup()  # with the copy head
    model.encoder.compact_memory, model.encoder.beam_groups = True, beam_groups
    model.decoder.exact_segments = True
    with torch.no_grad():  # a generator that mostly generates rather than copies: free, it strays
        model.decoder.copy_generator.gate.bias.fill_(4.0)
    candidates = segment_candidates(d, src, tags)
    free, held = search_before_and_after(model, d, src, lengths,
                                         lambda m: setattr(m.decoder, "sentence_vocabulary", True),
                                         beam_size=3, max_len_a=0, max_len_b=12, min_len=0)
    def foreign(row, tokens):
        """The tokens of each segment that its sentence does not hold."""
        pieces = [str(i) for i in tokens.tolist()]
        return [int(tokens[t]) for k, (start, end) in enumerate(rewriting.split_segments(pieces))
                for t in range(start, end) if int(tokens[t]) not in candidates[row][min(k, len(candidates[row]) - 1)]]

    for row, (free_hypotheses, hypotheses) in enumerate(zip(free, held)):
        assert all(torch.isfinite(h["positional_scores"]).all() and not foreign(row, h["tokens"]) for h in hypotheses)
    # left to the whole vocabulary, this random model writes words its sentences do not hold
    assert any(foreign(row, h["tokens"]) for row, hypotheses in enumerate(free) for h in hypotheses)


# --------------------------------------------------------------------------- --pretrained-model


def save_checkpoint(model, path):
    state = {"model": model.state_dict(), "cfg": None, "args": None, "extra_state": {"train_iterator": {}},
             "optimizer_history": [{"criterion_name": "CrossEntropyCriterion", "optimizer_name": "Adam",
                                    "lr_scheduler_state": {}, "num_updates": 0}]}
    checkpoint_utils.torch_persistent_save(state, str(path))


def test_pretrained_model_leaves_the_encoder_output_unchanged(tmp_path):
    task = Task()
    torch.manual_seed(3)
    abstractive = trained_looking(build("fastformer_conv_small", task, decoder_self_attention="softmax", copy_attention=True),
                                  seed=3)
    save_checkpoint(abstractive, tmp_path / "checkpoint.pt")
    rewriter = build(RESTRICTED, task, copy_attention=True, pretrained_model=str(tmp_path / "checkpoint.pt"))
    assert isinstance(rewriter, SentenceRewriterModel)
    assert not rewriter.encoder.embed.tags.embedding.weight.any()
    rewriter.encoder.compact_memory = False  # the whole memory, as the abstractive encoder gives it
    src, lengths, _ = sources(task.dictionary)
    prev = targets(task.dictionary, ["w3 w4", "w9 w1"])
    with torch.no_grad():
        ours, theirs = rewriter.encoder(src, lengths), abstractive.encoder(src, lengths)
        assert torch.equal(ours["encoder_out"][0], theirs["encoder_out"][0])
        # the decoder is the abstractive one too: before any separator, segment 0 attends to
        # sentence 0 only, but the tags-only rewriter writes exactly what the abstractive model wrote
        tags_only = build(TAGS_ONLY, task, copy_attention=True, pretrained_model=str(tmp_path / "checkpoint.pt"))
        torch.testing.assert_close(tags_only(src, lengths, prev)[0], abstractive(src, lengths, prev)[0], rtol=0, atol=0)
    with pytest.raises(ValueError, match="does not match"):  # the shipped models decode with copy attention
        build(RESTRICTED, task, pretrained_model=str(tmp_path / "checkpoint.pt"))
    with pytest.raises(ValueError, match="no such file"):
        build(RESTRICTED, task, pretrained_model=str(tmp_path / "missing.pt"))


@pytest.mark.parametrize("bundle", ["model", "model_papers"])
def test_the_shipped_checkpoints_load(bundle):
    checkpoint = REPO / "app" / bundle / "checkpoint.pt"
    if not checkpoint.is_file():
        pytest.skip(f"{checkpoint} is not here")
    task = Task(Dictionary.load(str(REPO / "app" / bundle / "dict.source.txt")))
    model = build(RESTRICTED, task, sizes={}, copy_attention=True, pretrained_model=str(checkpoint))
    assert model.decoder.separator == task.dictionary.index("<n>") != task.dictionary.unk()

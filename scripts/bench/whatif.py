"""Proposed changes to the model, applied in a benchmark process only (never to the package), to
measure what they would gain. Each is exact (the same outputs), see the notes:

embed        EmbeddingStack.forward embeds the whole prefix at every decoding step and keeps the
             last position: O(step) work per step. Embedding only the newest token (positions
             come from the full prefix as before) gives the same vector.
cross_cache  DecoderLayer.reorder_incremental_state gathers the cached cross-attention keys and
             values (B*beam x H x S x d, S = source length) at every step. Beam search only
             permutes hypotheses within an article unless finished articles leave the batch, and
             all hypotheses of an article hold identical cross-attention keys and values, so a
             gather that keeps the number of rows changes nothing and can be skipped.
encoder_out  EfficientEncoder.reorder_encoder_out: the same argument for the encoder memory.
"""
from typing import Iterable

WHAT_IF = ("embed", "cross_cache", "encoder_out")


def apply(names: Iterable[str]) -> None:
    from fairseq_plugins.models import efficient_transformer as et

    names = [n for n in names if n]
    unknown = set(names) - set(WHAT_IF)
    if unknown:
        raise ValueError(f"unknown what-if {sorted(unknown)}; choose from {WHAT_IF}")

    if "embed" in names:

        def embed_forward(self, tokens, incremental_state=None):
            positions = self.positions(tokens, incremental_state=incremental_state)
            if incremental_state is not None:
                tokens = tokens[:, -1:]  # positions already hold only the newest position
            return self.dropout(self.scale * self.embed_tokens(tokens) + positions)

        et.EmbeddingStack.forward = embed_forward

    if "cross_cache" in names:
        original = et.DecoderLayer.reorder_incremental_state

        def reorder(self, incremental_state, new_order):
            cross = self.get_incremental_state(incremental_state, "cross_attention")
            if cross and "k" in cross and cross["k"].size(0) == new_order.numel():
                own = self.get_incremental_state(incremental_state, "self_attention")  # still gathered
                if own:
                    self.set_incremental_state(incremental_state, "self_attention", {k: v.index_select(0, new_order) for k, v in own.items()})
                return
            original(self, incremental_state, new_order)

        et.DecoderLayer.reorder_incremental_state = reorder

    if "encoder_out" in names:
        original_encoder = et.EfficientEncoder.reorder_encoder_out

        def reorder_encoder_out(self, encoder_out, new_order):
            # the expansion to beam size changes the number of rows and is done; later gathers are not
            if encoder_out["memory"][0].size(0) == new_order.numel():
                return encoder_out
            return original_encoder(self, encoder_out, new_order)

        et.EfficientEncoder.reorder_encoder_out = reorder_encoder_out

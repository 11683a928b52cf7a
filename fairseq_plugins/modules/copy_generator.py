"""Pointer-generator output layer (See et al. 2017, "Get To The Point"), for subword vocabularies.

For decoder state h_t, cross-attention context c_t and cross-attention weights a_t over source
positions i (holding tokens x_i):

    p_gen_t  = sigmoid( w . [h_t ; c_t] + b )                          generation probability
    P_t(w)   = p_gen_t softmax(W_o h_t)_w + (1 - p_gen_t) sum_{i: x_i = w} a_{t,i}

Source and target share one (sentencepiece) dictionary, so every source token already has an id
and copying is a scatter-add of a_t into the vocabulary; no extended vocabulary is needed.
Undertrained models gain most: copying a name or a number needs one attention peak, not a
well-trained output embedding. Cost: O(T S) for the scatter, next to O(T V) for the softmax.

The layer returns log P_t (fp32) so beam search and the label-smoothed loss use it directly.
"""
import torch
from torch import Tensor, nn

# Keeps log() finite for tokens that neither the generator nor the copy distribution reaches.
PROBABILITY_FLOOR = 1e-10


class CopyGenerator(nn.Module):
    def __init__(self, embed_dim: int):
        super().__init__()
        self.gate = nn.Linear(2 * embed_dim, 1)

    def forward(self, logits: Tensor, features: Tensor, context: Tensor, attention: Tensor, src_tokens: Tensor) -> Tensor:
        """logits (B, T, V); features, context (B, T, C); attention (B, T, S); src_tokens (B, S).
        Returns log-probabilities (B, T, V) in fp32."""
        p_gen = torch.sigmoid(self.gate(torch.cat([features, context], dim=-1)).float())  # (B, T, 1)
        generate = torch.softmax(logits.float(), dim=-1) * p_gen  # (B, T, V)
        copy = (1.0 - p_gen) * attention.float()  # (B, T, S)
        index = src_tokens[:, None, :].expand(-1, copy.size(1), -1)  # (B, T, S)
        mixed = generate.scatter_add(2, index, copy)  # adds a_{t,i} at id x_i
        return mixed.clamp_min(PROBABILITY_FLOOR).log()

"""Sentence extraction loss: binary cross-entropy between each sentence's logit and its oracle
label (BertSumExt, Liu & Lapata 2019, sec. 3.2), with label smoothing.

The target of a sample is the label "sentence" scripts/prepare_extractive.py wrote: one token per
source sentence, ``1`` for a sentence of the greedy oracle summary, ``0`` otherwise (then
``</s>``).  With label smoothing eps the targets are

    y~_j = y_j (1 - eps) + eps / 2,      loss = - sum_j [ y~_j log p_j + (1 - y~_j) log (1 - p_j) ]

summed over the real sentences of the batch (``sample_size`` counts them, so the logged loss is
per sentence, in bits).  Besides the loss it logs how often a sentence is classified right and
the recall of the top-k sentences per article (k = the oracle's number), which is what the summary
is made of.
"""
import math
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from fairseq import metrics
from fairseq.criterions import FairseqCriterion, register_criterion
from fairseq.dataclass import FairseqDataclass

from ..text.extraction import LABELS


@dataclass
class SentenceExtractionConfig(FairseqDataclass):
    label_smoothing: float = field(default=0.0, metadata={"help": "eps: targets become eps/2 and 1 - eps/2"})


def labels_of(target: torch.Tensor, dictionary) -> tuple:
    """target tokens (B, L) -> (labels (B, L) float, known (B, L) bool): ``</s>`` and padding are
    not sentences."""
    zero, one = dictionary.index(LABELS[0]), dictionary.index(LABELS[1])
    return target.eq(one).float(), target.eq(zero) | target.eq(one)


@register_criterion("sentence_extraction", dataclass=SentenceExtractionConfig)
class SentenceExtractionCriterion(FairseqCriterion):
    def __init__(self, task, label_smoothing: float = 0.0):
        super().__init__(task)
        if not 0.0 <= label_smoothing < 1.0:
            raise ValueError(f"--label-smoothing must be in [0, 1), got {label_smoothing}")
        self.eps = label_smoothing
        for word in LABELS:
            if word not in task.target_dictionary.indices:
                raise ValueError(f"the target dictionary has no label {word!r}: this criterion trains on "
                                 "data written by scripts/prepare_extractive.py")

    def forward(self, model, sample, reduce: bool = True):
        logits, padding_mask = model(**sample["net_input"])  # (B, S), (B, S)
        labels, known = labels_of(sample["target"], self.task.target_dictionary)  # (B, L)
        width = min(logits.size(1), labels.size(1))
        logits, labels = logits[:, :width], labels[:, :width]  # (B, W)
        valid = known[:, :width] & ~padding_mask[:, :width]  # (B, W): a real sentence with a label
        smoothed = labels * (1.0 - self.eps) + self.eps / 2.0
        safe_logits = logits.masked_fill(~valid, 0.0)  # -inf at padding would make NaN gradients
        loss = F.binary_cross_entropy_with_logits(safe_logits, smoothed, reduction="none")
        loss = (loss * valid).sum()
        sentences = int(valid.sum())
        with torch.no_grad():
            correct = int(((safe_logits > 0).float().eq(labels) & valid).sum())
            # top-k recall: k = the article's number of oracle sentences
            k = (labels * valid).sum(dim=1).long()  # (B,)
            ranked = safe_logits.masked_fill(~valid, float("-inf")).argsort(dim=1, descending=True)  # (B, W)
            in_top_k = torch.arange(width, device=logits.device)[None, :] < k[:, None]  # (B, W)
            hits = int((labels.gather(1, ranked) * in_top_k).sum())
        logging_output = {
            "loss": loss.data,
            "ntokens": sample["ntokens"],
            "nsentences": sample["target"].size(0),
            "sample_size": sentences,
            "correct": correct,
            "oracle_sentences": int(k.sum()),
            "top_k_hits": hits,
        }
        return loss, sentences, logging_output

    @staticmethod
    def reduce_metrics(logging_outputs) -> None:
        total = lambda key: sum(log.get(key, 0) for log in logging_outputs)  # noqa: E731
        sample_size = total("sample_size")
        metrics.log_scalar("loss", total("loss") / max(sample_size, 1) / math.log(2), sample_size, round=4)
        metrics.log_scalar("accuracy", 100.0 * total("correct") / max(sample_size, 1), sample_size, round=2)
        oracle = total("oracle_sentences")
        metrics.log_scalar("top_k_recall", 100.0 * total("top_k_hits") / max(oracle, 1), oracle, round=2)

    @staticmethod
    def logging_outputs_can_be_summed() -> bool:
        return True

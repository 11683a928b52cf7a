"""Evaluation: the harness behind ``scripts/evaluate.py`` and the measures beside ROUGE.

    harness.py       systems (Lead-k, the oracle, checkpoints), corpus ROUGE with bootstrap
                     intervals, paired tests, output directories, decoding presets
    faithfulness.py  spliced sentences, cut-off endings, novel words
    likelihood.py    a checkpoint's validation loss in bits per token
    study.py         the records of the equal-budget studies (docs/papers_study/)
    blind.py         blind readings: summaries of several systems under shuffled letters, tallied
    pooling.py       where Fastformer's pooling weights look (scripts/attention_pooling.py)

``from fairseq_plugins import evaluation`` gives the harness's functions.
"""
from .harness import *  # noqa: F401,F403
from .harness import __all__  # noqa: F401

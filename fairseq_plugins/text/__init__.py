"""The text pipeline: raw text -> what a model reads -> what a person reads.

Nothing here is registered with fairseq; data preparation, the app and the evaluation harness
share it, so that a model sees at inference exactly what it saw in training.

    normalize.py   the normal form (lowercased Penn Treebank tokens), sentences, sentencepiece
    masking.py     the masked-number form of the paper data, and numbers put back
    alignment.py   normalized text mapped back to the raw characters it came from
    document.py    one pasted text prepared once, and the way back from a model's output
    readable.py    a model's normalized sentences made into cased, ordinary text
    extraction.py  extractive sources, the oracle's labels, choosing sentences from scores
    predicates.py  whether a paper's line has a finite verb (captions and footnotes have none)
    corpora.py     readers for the corpus forms (CNN/DailyMail stories, JSON Lines, PubMed, ...)

``from fairseq_plugins import text`` gives normalize.py's functions (``text.normalize_text``,
``text.split_sentences``, ...).
"""
from .normalize import *  # noqa: F401,F403
from .normalize import __all__ as _normalize_all
from .document import Document, Written  # noqa: E402

__all__ = [*_normalize_all, "Document", "Written"]

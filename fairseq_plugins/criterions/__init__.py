"""Criteria registered with fairseq (`--criterion NAME`)."""
from . import sentence_extraction  # noqa: F401

"""Scorers registered with fairseq (`--scoring NAME`)."""
from . import rouge  # noqa: F401

"""Models registered with fairseq (`--arch NAME`)."""
from . import efficient_transformer  # noqa: F401

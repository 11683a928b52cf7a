"""Models registered with fairseq (`--arch NAME`)."""
from . import efficient_transformer  # noqa: F401
from . import extractive  # noqa: F401
from . import lightconv_presets  # noqa: F401

"""The summarization app: a Python API (`Summarizer`), a command line (`python -m app.summarize`)
and a Gradio page (`python -m app.demo`).

    from app import Summarizer, DecodingOptions
    summary = Summarizer("app/model/checkpoint.pt").summarize(article, DecodingOptions(beam=4))

`ModelRegistry` (app/models.py) lists and loads what the demo offers (the shipped bundle,
checkpoints under a model directory, Lead-3); `read_file` / `InputError` (app/inputs.py) read
uploads (.txt, .md, .pdf) with clear messages for what cannot be summarized.
"""
import os

# No telemetry, no hub calls: set before gradio or huggingface_hub is ever imported.
os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from .summarizer import DecodingOptions, Summarizer, Summary  # noqa: E402,F401
from .inputs import Article, InputError, read_file  # noqa: E402,F401
from .models import Lead3, ModelError, ModelRegistry  # noqa: E402,F401

__all__ = ["DecodingOptions", "Summarizer", "Summary", "Article", "InputError", "read_file", "Lead3", "ModelError",
           "ModelRegistry"]

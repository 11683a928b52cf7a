"""The summarization app: a Python API (`Summarizer`), a command line (`python -m app.summarize`)."""
import os

# No telemetry, no hub calls: set before gradio or huggingface_hub is ever imported.
os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from .summarizer import DecodingOptions, Summarizer, Summary  # noqa: E402,F401

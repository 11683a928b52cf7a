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

import importlib  # noqa: E402

# name -> the module that defines it. Imported on first use (PEP 562), not with the package:
# the summarizer brings torch and fairseq (seconds), which `python -m app.summarize --help` and
# anything else that needs only app.inputs or app.shipped should not wait for.
_EXPORTS = {
    "DecodingOptions": ".summarizer", "Summarizer": ".summarizer", "Summary": ".summarizer",
    "Article": ".inputs", "InputError": ".inputs", "read_file": ".inputs",
    "Lead3": ".models", "ModelError": ".models", "ModelRegistry": ".models",
}
__all__ = list(_EXPORTS)


def __getattr__(name):
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name], __name__), name)


def __dir__():
    return sorted(set(globals()) | set(_EXPORTS))

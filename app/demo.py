"""The summarization demo: a Gradio page at http://127.0.0.1:7860.

    python -m app.demo [--host 127.0.0.1] [--port 7860] [--model-dir DIR] [--share]

Paste an article (or upload a .txt, .md or .pdf file), pick a system (one of the four Fastformer
models shipped in ``app/``, any ``*.pt`` checkpoint under ``--model-dir``, or the Lead-3 baseline), set
the beam search and get a summary with its token counts, whether the input was truncated to the
model's maximum source length, and the time taken.

The same function is an API endpoint, ``api_name="/summarize"``::

    from gradio_client import Client, handle_file
    client = Client("http://127.0.0.1:7860/")
    summary, details = client.predict(article="...", model="shipped", api_name="/summarize")
    summary, details = client.predict(article="", file=handle_file("paper.pdf"), api_name="/summarize")

``details`` is a dict: ``ok``, ``message`` (why there is no summary, for bad input), ``model``,
``unit`` ("pieces", or "words" for Lead-3), ``input_tokens``, ``used_tokens``, ``output_tokens``,
``truncated``, ``max_source_tokens``, ``seconds`` (the whole request), ``summarizer_seconds``
(the model alone), ``sentences`` (the summary's sentences as shown: cased and detokenized by
``fairseq_plugins.text.readable``, Lead-3's verbatim from the article), ``normalized_sentences`` (as
the model wrote them: lower case, tokenized) and ``notes``.  Bad input never raises: ``ok`` is false and ``message`` says why.

Safe defaults: binds 127.0.0.1 unless ``--host`` says otherwise; a public share link only with
``--share``; no telemetry (``app/__init__.py`` sets ``GRADIO_ANALYTICS_ENABLED=False`` and the
hub variables before gradio is imported); uploads capped at ``inputs.MAX_FILE_BYTES``; only
checkpoints under the model directory can be chosen (``app/models.py``); up to ``--queue-size``
requests wait in the queue; ``--concurrency`` (default 2) model decodings run at once (the CPU's
limit, applied by the model registry, each model decoding one request at a time), while the
requests themselves are served as they come, so a Lead-3 request or one answered with a message
never waits behind a long paper (tests/test_demo_responsive.py).

``build_demo(...)`` returns the Blocks without launching, and ``launch_demo(...)`` launches it
with the settings above, so tests can start it on a free port.
"""
import argparse
import html
import logging
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from . import inputs  # noqa: F401  (importing the package sets the no-telemetry variables first)
from .bundle import chooser_dir, read_kind, read_preset
from .inputs import InputError
from .models import DEFAULT_BUNDLES, LEAD3, SHIPPED, ModelError, ModelRegistry, SystemInfo
from .summarizer import DECODING_PRESETS, MIN_WORDS, DecodingOptions

import gradio as gr  # noqa: E402  (after app/__init__.py has set the environment)

log = logging.getLogger("app.demo")

REPO = Path(__file__).resolve().parent.parent
EXAMPLES_DIR = Path(__file__).resolve().parent / "examples"
DEFAULT_MODEL_DIR = REPO / "checkpoints"
API_NAME = "summarize"
DEFAULT_CONCURRENCY = 2
DEFAULT_QUEUE_SIZE = 256
DEFAULTS = DecodingOptions()
# the sliders' ranges: wide enough for the papers model's summaries (its preset: 200-512 pieces)
LIMITS = dict(beam=(1, 8), min_len=(0, 512), max_len=(10, 1024), lenpen=(0.5, 3.0))
# the summary length of the models that choose sentences (extractive, rewriting), in words; 0: the
# length tuned for the model
WORDS_LIMITS = (0, 600)

TITLE = "Long-document summarizer"
DESCRIPTION = (
    "Summaries from a <b>Fastformer</b> encoder: additive attention (Wu et al., 2021) and a small "
    "convolution over neighbouring words keep its cost linear in the article's length. "
    "<b>Extractive</b> models (the default for news and for papers): the encoder scores every sentence "
    "and the best are given as the text writes them (news: three; papers: about 200 words). "
    "<b>Rewritten</b> (experimental): the same sentences, each shortened by a decoder that reads the "
    "whole text and may only leave out side parts. <b>Abstractive</b> research models write their own "
    "sentences with a decoder that can copy words from the article, and often join clauses from "
    "distant places or put a figure where it does not belong: check them against the text. They are <b>news</b> (CNN/DailyMail, "
    "400 pieces read, trained 2 hours on 2 CPU cores) and <b>scientific papers</b> (SumPubMed, whole "
    "papers of up to 8,192 pieces, about 6,000 words, read at once). Everything runs on this "
    "machine and nothing is downloaded. Compare with <b>Lead-3</b>, the article's first three sentences; "
    "the examples include an invented paper (docs/examples.md shows what each model gives for it)."
)

# The same CNN article (the fifth of ../shared/data/cnndm/raw_articles.jsonl, the start of each
# summary), in the abstractive model's own lower-case, tokenized form, as the page shows it now
# (cased and detokenized), and as the default extractive model gives it (docs/app.md, "What a
# person reads", and docs/models.md, "The extractive news model").
BEFORE_AFTER = """\
The start of each summary of the same CNN article (John Travolta on a Scientology documentary):

| | |
|---|---|
| **Before**: the abstractive model's own form | `" i 've been so happy with my ( scientology , " travolta says .` |
| **After**: the same words, cased and detokenized from the article | "I've been so happy with my (Scientology," Travolta says. |
| **Now**: the extractive model, the default | Travolta told the Tampa Bay Times that he has not seen the documentary, "and I don't really care to." |

The abstractive model still splices clauses from different sentences (about half of its
sentences); the extractive model gives the article's own sentences, as written.
"""

CSS = """
.gradio-container { max-width: 1180px !important; margin: 0 auto !important; }
#header { padding: 6px 2px 0 2px; }
#header h1 { font-size: 1.9rem; font-weight: 600; margin: 0 0 4px 0; letter-spacing: -0.01em; }
#header p { margin: 0; color: var(--body-text-color); opacity: 0.82; font-size: 0.98rem; line-height: 1.55; max-width: 920px; }
#header b { font-weight: 600; font-family: inherit; font-size: inherit; }
#model-info { font-size: 0.88rem; color: var(--body-text-color-subdued); }
#model-info p { margin: 2px 0; }
#summarize-btn { min-height: 46px; font-size: 1.05rem; }
.stats-grid { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 10px; margin-top: 2px; }
.stat { border: 1px solid var(--border-color-primary); border-radius: 10px; padding: 10px 14px;
        background: var(--block-background-fill); }
.stat .label { font-size: 0.78rem; text-transform: uppercase; letter-spacing: 0.04em;
               color: var(--body-text-color-subdued); }
.stat .value { font-size: 1.45rem; font-weight: 600; line-height: 1.3; color: var(--body-text-color); }
.stat .unit { font-size: 0.85rem; font-weight: 400; color: var(--body-text-color-subdued); margin-left: 3px; }
.badge { display: inline-block; margin-top: 10px; padding: 4px 10px; border-radius: 999px; font-size: 0.85rem; }
.badge.truncated { background: #fff4e0; color: #8a4b00; border: 1px solid #f3c47a; }
.badge.complete { background: #e8f6ec; color: #1d6b34; border: 1px solid #9fd5ae; }
.notes { margin: 8px 0 0 0; padding-left: 18px; font-size: 0.85rem; color: var(--body-text-color-subdued); }
.message { border-radius: 10px; padding: 12px 16px; font-size: 0.98rem;
           background: #fdecec; color: #8c1d1d; border: 1px solid #f0b4b4; }
.placeholder { color: var(--body-text-color-subdued); font-size: 0.92rem; padding: 6px 2px; }
#footer { font-size: 0.85rem; color: var(--body-text-color-subdued); }
"""


def make_theme():
    # Fonts that ship inside gradio (no font CDN). Regular and Bold only: this gradio's
    # SourceSansPro-SemiBold.woff2 holds almost no glyphs, so a 600 weight fell back to DejaVu.
    return gr.themes.Default(
        primary_hue="indigo",
        secondary_hue="blue",
        neutral_hue="slate",
        font=[gr.themes.LocalFont("Source Sans Pro", weights=(400, 700)), "ui-sans-serif", "system-ui", "sans-serif"],
        font_mono=[gr.themes.LocalFont("IBM Plex Mono", weights=(400, 700)), "ui-monospace", "Consolas", "monospace"],
    )


# ---------------------------------------------------------------------------------------------
# presentation
# ---------------------------------------------------------------------------------------------


def render_stats(details: Optional[Dict[str, Any]]) -> str:
    """The details dict -> the HTML of the statistics panel (or of the message)."""
    if not details:
        return '<div class="placeholder">The summary, its token counts and the time taken appear here.</div>'
    if not details.get("ok"):
        return f'<div class="message" id="message" role="alert">{html.escape(details.get("message") or "No summary.")}</div>'
    unit = details.get("unit", "pieces")

    def card(key, label, value, suffix=""):
        suffix_html = f'<span class="unit">{html.escape(suffix)}</span>' if suffix else ""
        return (f'<div class="stat" data-stat="{key}"><div class="label">{html.escape(label)}</div>'
                f'<div class="value"><span class="number">{html.escape(str(value))}</span>{suffix_html}</div></div>')

    cards = [
        card("input", "Input", f"{details['input_tokens']:,}", unit),
        card("used", "Read by the model" if unit == "pieces" else "Used", f"{details['used_tokens']:,}", unit),
        card("output", "Summary", f"{details['output_tokens']:,}", unit),
        card("seconds", "Time", f"{details['seconds']:.2f}", "s"),
    ]
    limit = details.get("max_source_tokens")
    if details.get("truncated"):
        badge = (f'<span class="badge truncated" data-truncated="true">Input truncated to the model\'s maximum '
                 f'of {limit:,} {unit}; the rest was not read</span>')
    elif limit:
        badge = (f'<span class="badge complete" data-truncated="false">Whole input read (the model reads up to '
                 f'{limit:,} {unit})</span>')
    else:
        badge = '<span class="badge complete" data-truncated="false">Whole input read</span>'
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in details.get("notes") or [])
    notes_html = f'<ul class="notes">{notes}</ul>' if notes else ""
    return f'<div id="stats-panel"><div class="stats-grid">{"".join(cards)}</div>{badge}{notes_html}</div>'


def decodes(info: SystemInfo) -> bool:
    """Whether the decoding settings apply to a system: not to Lead-3, nor to an extractive
    model (both pick the article's sentences)."""
    return info.kind != "extractive" and (info.path is None or read_kind(info.path.parent) != "extractive")


def chooses(info: SystemInfo) -> bool:
    """Whether a summary length in words applies: to the models that choose the article's
    sentences (extractive, and rewriting: its chooser's), not to Lead-3 nor to a free decoder."""
    return info.path is not None and read_kind(info.path.parent) in ("extractive", "rewriting")


def tuned_words(info: SystemInfo) -> int:
    """The length in words tuned for a model that chooses sentences (its, or its chooser's, preset),
    0 where the preset counts sentences instead (the length slider's "the model's own")."""
    if not chooses(info):
        return 0
    bundle = info.path.parent
    if read_kind(bundle) == "rewriting":
        bundle = chooser_dir(bundle)
    preset = DECODING_PRESETS.get(read_preset(bundle))
    return (preset.words or 0) if preset is not None else 0


def describe(info: SystemInfo) -> str:
    """A line or two of Markdown about the chosen system."""
    if info.kind == "extractive":
        return "Extractive baseline: the article's first three sentences, as they appear. Counts are words."
    import json

    bundle = info.path.parent
    facts = []
    for name in ("model.json", "prepare.json"):
        try:
            data = json.loads((bundle / name).read_text())
        except (OSError, ValueError):
            data = {}
        if name == "model.json":
            if data.get("arch"):
                facts.append(f"`{data['arch']}`")
            if data.get("num_updates"):
                facts.append(f"{data['num_updates']:,} training updates")
        elif data.get("max_source_pieces"):
            facts.append(f"reads up to {data['max_source_pieces']:,} sentencepiece pieces")
        if name == "prepare.json" and data.get("masking"):
            facts.append("numbers and citations masked as in its training data, the article's numbers put back")
    where = "the model shipped with the app" if info.kind == "bundle" else f"checkpoint `{info.key}`"
    facts_text = f" — {', '.join(facts)}." if facts else "."
    if read_kind(bundle) == "extractive":
        preset = DECODING_PRESETS[read_preset(bundle)]
        length = f"about {preset.words} words of" if preset.words else f"the {preset.lead_k}"
        edits = (" An abbreviation the article defines is written out where the summary first uses it."
                 if preset.spell_out_abbreviations else "")
        edits += (" Pointers to figures, tables and references, which a summary does not carry, are left out."
                  if preset.drop_pointers else "")
        return (f"Extractive (copies the article's own sentences, as written, so nothing is spliced or "
                f"invented): {where}{facts_text} It gives {length} sentences it ranks highest (the summary "
                f"length sets another); the decoding settings do not apply to it.{edits}")
    if read_kind(bundle) == "rewriting":
        return (f"Rewritten (the extractive model chooses the sentences, this model shortens each one, reading the "
                f"whole article; it cannot join words from two sentences, and of its deletions only whole side parts "
                f"such as an apposition or a parenthesis stand): {where}{facts_text} Experimental: read blind, its "
                "summaries had a broken sentence a little more often than the extractive model's, and readers did not "
                "prefer them (docs/rewriting.md). The summary length sets how many words of the article's sentences "
                "are chosen.")
    return f"Abstractive (writes its own sentences): {where}{facts_text} Decoding settings: this model's tuned preset."


# ---------------------------------------------------------------------------------------------
# the summarize function (the UI's and the API's)
# ---------------------------------------------------------------------------------------------


def _failure(message: str, model: Optional[str] = None) -> Tuple[str, Dict[str, Any]]:
    return "", {"ok": False, "message": message, "model": model}


def _int(value, name: str, low: int, high: int) -> int:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a number, got {value!r}.") from None
    if number != number or not low <= number <= high:
        raise InputError(f"{name} must be between {low} and {high}, got {value!r}.")
    return int(round(number))


def decoding_options(beam, min_length, max_length, length_penalty, trigram_blocking, words=0) -> DecodingOptions:
    """Validated DecodingOptions from the page's (or an API client's) values; InputError if not.
    ``words``: the summary length of a model that chooses sentences, 0 (or None) for its own."""
    beam = _int(beam, "Beam size", *LIMITS["beam"])
    min_length = _int(min_length, "Minimum length", *LIMITS["min_len"])
    max_length = _int(max_length, "Maximum length", *LIMITS["max_len"])
    try:
        lenpen = float(length_penalty)
    except (TypeError, ValueError):
        raise InputError(f"Length penalty must be a number, got {length_penalty!r}.") from None
    low, high = LIMITS["lenpen"]
    if lenpen != lenpen or not low <= lenpen <= high:
        raise InputError(f"Length penalty must be between {low} and {high}, got {length_penalty!r}.")
    if min_length > max_length:
        raise InputError(f"The minimum length ({min_length}) is larger than the maximum length ({max_length}).")
    length = 0 if words is None or words == "" else _int(words, "Summary length", *WORDS_LIMITS)
    if 0 < length < MIN_WORDS:
        raise InputError(f"Summary length must be 0 (the model's own) or at least {MIN_WORDS} words, got {words!r}.")
    options = DecodingOptions(beam, min_length, max_length, lenpen, 3 if _truthy(trigram_blocking) else 0,
                              words=length or None)
    options.validate()
    return options


def _truthy(value) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "false", "no", "off")
    return bool(value)


def _file_path(file) -> Optional[Tuple[str, Optional[str]]]:
    """(path, original name) of an upload, whatever form gradio or a client gave it."""
    if not file:
        return None
    if isinstance(file, (list, tuple)):
        file = file[0] if file else None
        if not file:
            return None
    if isinstance(file, dict):
        path = file.get("path") or file.get("name")
        return (path, file.get("orig_name")) if path else None
    path = getattr(file, "path", None) or getattr(file, "name", None) or file
    return str(path), getattr(file, "orig_name", None)


def run_summary(
    registry: ModelRegistry,
    article: Optional[str],
    file=None,
    model: Optional[str] = None,
    beam=DEFAULTS.beam,
    min_length=DEFAULTS.min_len,
    max_length=DEFAULTS.max_len,
    length_penalty=DEFAULTS.lenpen,
    trigram_blocking=True,
    progress=None,
    words=0,
) -> Tuple[str, Dict[str, Any]]:
    """(readable summary, details) for an article or an uploaded file; never raises."""

    def step(fraction, desc):
        if progress is not None:
            try:
                progress(fraction, desc=desc)
            except Exception:  # noqa: BLE001 - progress is cosmetic
                pass

    start = time.perf_counter()
    model = model or registry.default_key()
    try:
        step(0.05, "Reading the article")
        options = decoding_options(beam, min_length, max_length, length_penalty, trigram_blocking, words)
        info = registry.info(model)
        upload = _file_path(file)
        if article is not None and not isinstance(article, str):
            raise InputError("The article must be text.")
        if (article is None or not article.strip()) and upload is not None:
            source = inputs.read_file(*upload)  # the text box wins when both are given
        else:
            source = inputs.clean_article(article)
        if info.kind != "extractive" and not registry.is_loaded(model):
            step(0.2, "Loading the model (first use)")
        system = registry.get(model)
        step(0.45, "Summarizing" + (" with beam search" if info.kind != "extractive" else ""))
        result = system.summarize(source.text, options)
    except (InputError, ModelError) as err:
        return _failure(str(err), model)
    except ValueError as err:  # from the summarizer: e.g. nothing left after normalization
        message = str(err)
        if message == "the article has no text to summarize":
            message = "The article has no words the model can read (it is empty after clean-up)."
        return _failure(message[:1].upper() + message[1:], model)
    except Exception as err:  # noqa: BLE001 - the page must keep serving; details go to the log
        log.exception("summarize failed (model %s)", model)
        return _failure(f"Something went wrong while summarizing ({type(err).__name__}); the server log has the details.", model)
    step(1.0, "Done")
    sentences = list(result.sentences)  # readable: cased and detokenized (Lead-3: verbatim)
    summary = result.summary
    notes = list(source.notes) + list(result.notes)
    if not sentences:
        notes.append("The model produced an empty summary; try a smaller minimum length or another model.")
    details = {
        "ok": True,
        "message": None,
        "model": model,
        "unit": "words" if info.kind == "extractive" else "pieces",
        "input_tokens": result.input_pieces,
        "used_tokens": result.used_pieces,
        "output_tokens": result.output_pieces,
        "truncated": bool(result.truncated),
        "max_source_tokens": getattr(system, "max_source_pieces", None),
        "seconds": round(time.perf_counter() - start, 3),  # the whole request: reading, loading, summarizing
        "summarizer_seconds": round(result.seconds, 3),
        "sentences": sentences,
        "normalized_sentences": list(result.normalized_sentences),
        "notes": notes,
    }
    return summary, details


# ---------------------------------------------------------------------------------------------
# the page
# ---------------------------------------------------------------------------------------------


def example_articles() -> List[Tuple[str, str]]:
    """(label, text) of app/examples/*.txt, the label from the file name."""
    out = []
    for path in sorted(EXAMPLES_DIR.glob("*.txt")):
        label = path.stem.replace("_", " ").capitalize()
        out.append((label, path.read_text(encoding="utf-8").strip()))
    return out


def build_demo(
    model_dir=DEFAULT_MODEL_DIR,
    shipped=None,
    concurrency: int = DEFAULT_CONCURRENCY,
    queue_size: int = DEFAULT_QUEUE_SIZE,
    registry: Optional[ModelRegistry] = None,
) -> gr.Blocks:
    """The page, not launched.  model_dir: where selectable checkpoints are searched (None for
    none); shipped: the default bundle directory (None: app/model); concurrency: model decodings
    at once (the registry's, when it builds one)."""
    if registry is None:
        bundles = None if shipped is None else dict(DEFAULT_BUNDLES, **{SHIPPED: shipped})
        registry = ModelRegistry(model_dir, bundles, max_decoding=concurrency)
    examples = example_articles()

    def summarize(article=None, file=None, model=None, beam=DEFAULTS.beam, min_length=DEFAULTS.min_len,
                  max_length=DEFAULTS.max_len, length_penalty=DEFAULTS.lenpen, trigram_blocking=True, words=0,
                  progress=gr.Progress()):
        """Summarize an article (text, or an uploaded .txt/.md/.pdf file when the text is empty).
        ``words``: the summary length of a model that chooses sentences (0: its own).
        Returns the summary and a dict of details: ok, message, token counts, truncation, time."""
        return run_summary(registry, article, file, model, beam, min_length, max_length, length_penalty,
                           trigram_blocking, progress, words)

    def load_upload(file):
        upload = _file_path(file)
        if upload is None:
            return gr.update(), gr.update()
        try:
            article = inputs.read_file(*upload)
        except InputError as err:
            return gr.update(), render_stats({"ok": False, "message": str(err)})
        except Exception as err:  # noqa: BLE001
            log.exception("reading an upload failed")
            return gr.update(), render_stats({"ok": False, "message": f"The file could not be read ({type(err).__name__})."})
        notes = "".join(f" {n}" for n in article.notes)
        message = f'<div class="placeholder">Loaded {html.escape(Path(upload[1] or upload[0]).name)} ' \
                  f"({len(article.text):,} characters).{html.escape(notes)} Press Summarize.</div>"
        return article.text, message

    def refresh_models(current):
        choices = registry.choices()
        keys = [key for _, key in choices]
        value = current if current in keys else registry.default_key()
        return gr.update(choices=choices, value=value), describe_key(value)

    def model_settings(key):
        """The chosen model's description and its own decoding settings on the sliders, which
        can only be moved for a model that decodes."""
        try:
            options = registry.default_options(key)
            info = registry.info(key)
        except ModelError as err:
            return (str(err),) + (gr.update(),) * 6
        interactive = decodes(info)
        values = (options.beam, options.min_len, options.max_len, options.lenpen, options.no_repeat_ngram_size > 0)
        return (describe_key(key), *(gr.update(value=value, interactive=interactive) for value in values),
                gr.update(value=tuned_words(info), interactive=chooses(info)))

    def default_decodes():
        try:
            return decodes(registry.info(default_key))
        except ModelError:
            return True

    def default_length():
        """(the default model's tuned length in words, whether the length applies to it)"""
        try:
            info = registry.info(default_key)
        except ModelError:
            return 0, False
        return tuned_words(info), chooses(info)

    def describe_key(key):
        try:
            return describe(registry.info(key))
        except ModelError as err:
            return str(err)

    default_key = registry.default_key()
    sliders_on = default_decodes()
    words_default, words_on = default_length()
    with gr.Blocks(title=TITLE, analytics_enabled=False, delete_cache=(3600, 3600)) as demo:
        gr.HTML(f'<div id="header"><h1>{html.escape(TITLE)}</h1><p>{DESCRIPTION}</p></div>')
        with gr.Row(equal_height=False):
            with gr.Column(scale=3):
                article = gr.Textbox(
                    label="Article",
                    placeholder="Paste a news story, report or paper here, or upload a file below, or pick an example.",
                    lines=14,
                    max_lines=14,
                    elem_id="article",
                    max_length=inputs.MAX_ARTICLE_CHARS,
                    autoscroll=False,
                )
                upload = gr.File(
                    label="…or upload a .txt, .md or .pdf file (up to 10 MB)",
                    file_types=[".txt", ".md", ".pdf"],
                    type="filepath",
                    height=110,
                    elem_id="upload",
                )
                if examples:
                    gr.Examples(
                        examples=[[text] for _, text in examples],
                        inputs=[article],
                        example_labels=[label for label, _ in examples],
                        label="Example articles: click one, then Summarize",
                    )
            with gr.Column(scale=2, min_width=320):
                model = gr.Dropdown(
                    choices=registry.choices(),
                    value=default_key,
                    label="Model",
                    allow_custom_value=True,  # the registry, not the widget, decides what is allowed
                    elem_id="model",
                )
                model_info = gr.Markdown(describe_key(default_key), elem_id="model-info")
                words = gr.Slider(*WORDS_LIMITS, value=words_default, step=10, interactive=words_on,
                                  label="Summary length (words)", elem_id="words",
                                  info="for the models that choose sentences (extractive, rewritten); "
                                       "0: the model's own (news: 3 sentences)")
                with gr.Accordion("Decoding settings", open=True):
                    beam = gr.Slider(*LIMITS["beam"], value=DEFAULTS.beam, step=1, label="Beam size",
                                     interactive=sliders_on, elem_id="beam")
                    with gr.Row():
                        min_length = gr.Slider(*LIMITS["min_len"], value=DEFAULTS.min_len, step=1,
                                               label="Min length", info="pieces", interactive=sliders_on)
                        max_length = gr.Slider(*LIMITS["max_len"], value=DEFAULTS.max_len, step=1,
                                               label="Max length", info="pieces", interactive=sliders_on)
                    length_penalty = gr.Slider(*LIMITS["lenpen"], value=DEFAULTS.lenpen, step=0.1, interactive=sliders_on,
                                               label="Length penalty", info="above 1 favours longer summaries")
                    trigram_blocking = gr.Checkbox(value=DEFAULTS.no_repeat_ngram_size > 0, interactive=sliders_on,
                                                   label="Trigram blocking (never repeat three words)")
                with gr.Row():
                    clear = gr.Button("Clear", variant="secondary", scale=1)
                    run = gr.Button("Summarize", variant="primary", scale=3, elem_id="summarize-btn")
        summary = gr.Textbox(label="Summary", lines=5, max_lines=20, interactive=False, buttons=["copy"],
                             elem_id="summary")
        stats = gr.HTML(render_stats(None), elem_id="stats")
        with gr.Accordion("Details (the API's second output)", open=False):
            details = gr.JSON(label="details", elem_id="details")
        with gr.Accordion("Before and after: what a person reads", open=False, elem_id="before-after"):
            gr.Markdown(BEFORE_AFTER)
        gr.Markdown(
            f"API: `gradio_client.Client(url).predict(article=..., model=\"{default_key}\", "
            f"api_name=\"/{API_NAME}\")` returns the summary and the details above. "
            "Lengths are in sentencepiece pieces (about 0.75 words each). Runs on CPU; the first request loads the model.",
            elem_id="footer",
        )

        event = run.click(
            summarize,
            inputs=[article, upload, model, beam, min_length, max_length, length_penalty, trigram_blocking, words],
            outputs=[summary, details],
            api_name=API_NAME,
            # no limit here: the registry bounds model decodings; a limit on the event would make
            # cheap requests (Lead-3, bad input) queue behind papers waiting for their model
            concurrency_limit=None,
        )
        event.then(render_stats, inputs=[details], outputs=[stats], api_visibility="private", queue=False)
        upload.upload(load_upload, inputs=[upload], outputs=[article, stats], api_visibility="private",
                      concurrency_limit=concurrency, concurrency_id="upload")
        model.change(model_settings, inputs=[model],
                     outputs=[model_info, beam, min_length, max_length, length_penalty, trigram_blocking, words],
                     api_visibility="private", queue=False)
        clear.click(lambda: ("", None, "", None, render_stats(None)), outputs=[article, upload, summary, details, stats],
                    api_visibility="private", queue=False)
        demo.load(refresh_models, inputs=[model], outputs=[model, model_info], api_visibility="private", queue=False)
    demo.queue(max_size=queue_size, default_concurrency_limit=concurrency)
    demo.registry = registry  # for tests and callers that want to pre-load a model
    return demo


def launch_demo(demo: gr.Blocks, host: str = "127.0.0.1", port: Optional[int] = 7860, share: bool = False,
                block: bool = True, quiet: bool = False):
    """Launch with the safe defaults (local address, no share link unless asked, upload cap,
    no server-side rendering, no monitoring or MCP endpoints)."""
    return demo.launch(
        server_name=host,
        server_port=port,
        share=bool(share),
        max_file_size=inputs.MAX_FILE_BYTES,
        prevent_thread_lock=not block,
        quiet=quiet,
        show_error=False,
        ssr_mode=False,
        enable_monitoring=False,
        mcp_server=False,
        inbrowser=False,
        theme=make_theme(),
        css=CSS,
        footer_links=["api", "settings"],
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.demo", description="Serve the summarization demo page.")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default: 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=int, default=7860)
    parser.add_argument("--model-dir", default=str(DEFAULT_MODEL_DIR),
                        help="directory searched for *.pt checkpoints to offer (default: checkpoints/)")
    parser.add_argument("--share", action="store_true", help="also create a public gradio.live link (off by default)")
    parser.add_argument("--concurrency", type=int, default=DEFAULT_CONCURRENCY,
                        help="model decodings run at once (Lead-3 and messages never wait for them)")
    parser.add_argument("--queue-size", type=int, default=DEFAULT_QUEUE_SIZE, help="requests waiting at most")
    parser.add_argument("--preload", action="store_true", help="load the default model before serving")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # gradio polls its own URL at start-up
    if args.concurrency < 1 or args.queue_size < 1:
        parser.error("--concurrency and --queue-size must be at least 1")
    model_dir = Path(args.model_dir)
    if not model_dir.is_dir():
        if args.model_dir != str(DEFAULT_MODEL_DIR):
            print(f"demo: --model-dir {model_dir} is not a directory", file=sys.stderr)
            return 2
        model_dir = None
    demo = build_demo(model_dir=model_dir, concurrency=args.concurrency, queue_size=args.queue_size)
    registry: ModelRegistry = demo.registry
    systems = registry.systems()
    print("demo: models: " + ", ".join(info.key for info in systems), file=sys.stderr)
    if registry.default_key() == LEAD3:
        print("demo: no model found (app/model/checkpoint.pt or a *.pt under --model-dir); only Lead-3 is available",
              file=sys.stderr)
    if args.preload and registry.default_key() != LEAD3:
        try:
            registry.get(registry.default_key())
        except ModelError as err:
            print(f"demo: {err}", file=sys.stderr)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"demo: listening on {args.host}: other machines can reach this page", file=sys.stderr)
    launch_demo(demo, host=args.host, port=args.port, share=args.share)
    return 0


if __name__ == "__main__":
    sys.exit(main())

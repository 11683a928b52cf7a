"""The systems the demo can run: the shipped model bundles (news extractive and abstractive,
scientific papers), checkpoints found under a configured model directory, and the Lead-3
extractive baseline.

    registry = ModelRegistry(model_dir="checkpoints")
    registry.choices()        # [(label, key), ...] for a dropdown; keys: "extractive" (news),
                              # "rewriting" (news, chosen sentences rewritten), "shipped" (news,
                              # abstractive), "papers_extractive", "papers_rewriting", "papers",
                              # "lead3", or a checkpoint's path relative to the model directory
    system = registry.get(key)             # loaded once, cached (thread-safe)
    summary = system.summarize(article, DecodingOptions(...))   # an app.Summary

Safety: a key is looked up in what a fresh scan of the model directory finds, never opened as a
path: only ``*.pt`` files whose real path (symbolic links resolved) lies inside the directory
can be chosen, so neither ``../x.pt``, an absolute path nor a link pointing outside works.
Checkpoints load with ``torch.load(weights_only=True)`` plus the fairseq allow-list
(``fairseq_plugins.fixes``); a file that fails gets a one-line message.

A checkpoint needs its sentencepiece model and dictionaries: taken from the checkpoint's own
directory (a bundle, see ``app/bundle.py``) or else from the data directory recorded in the
checkpoint (``cfg.task.data``, where ``fairseq-train`` read them).
"""
import contextlib
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Mapping, Optional, Tuple, Union

from .bundle import DEFAULT_PRESET, read_preset
from .shipped import APP_DIR, SHIPPED_BY_KEY, SHIPPED_MODELS
from .summarizer import DecodingOptions, Summary

__all__ = [
    "SHIPPED",
    "PAPERS",
    "EXTRACTIVE",
    "PAPERS_EXTRACTIVE",
    "REWRITING",
    "PAPERS_REWRITING",
    "LEAD3",
    "SHIPPED_BUNDLE",
    "PAPERS_BUNDLE",
    "EXTRACTIVE_BUNDLE",
    "PAPERS_EXTRACTIVE_BUNDLE",
    "DEFAULT_BUNDLES",
    "ModelError",
    "SystemInfo",
    "Lead3",
    "CheckpointSystem",
    "ModelRegistry",
    "find_data_dir",
]

SHIPPED = "shipped"  # news (CNN/DailyMail), abstractive
PAPERS = "papers"  # scientific papers (SumPubMed), abstractive
EXTRACTIVE = "extractive"  # news, extractive (the news model's encoder)
PAPERS_EXTRACTIVE = "papers_extractive"  # scientific papers, extractive (the papers model's encoder)
REWRITING = "rewriting"  # news, the extractive model's sentences rewritten one by one
PAPERS_REWRITING = "papers_rewriting"  # scientific papers, the same
LEAD3 = "lead3"
SHIPPED_BUNDLE = SHIPPED_BY_KEY[SHIPPED].bundle
PAPERS_BUNDLE = SHIPPED_BY_KEY[PAPERS].bundle
EXTRACTIVE_BUNDLE = SHIPPED_BY_KEY[EXTRACTIVE].bundle
PAPERS_EXTRACTIVE_BUNDLE = SHIPPED_BY_KEY[PAPERS_EXTRACTIVE].bundle
# the shipped bundles, in the order a person sees them (the first one installed is the default):
# key -> label; the label says what kind of summary each writes
BUNDLE_LABELS = {model.key: model.label for model in SHIPPED_MODELS}
DEFAULT_BUNDLES = {model.key: model.bundle for model in SHIPPED_MODELS}  # key -> its place under app/
DATA_FILES = ("spm.model", "dict.source.txt")
MAX_SCANNED = 200  # checkpoints listed from the model directory at most


class ModelError(ValueError):
    """A model cannot be chosen or loaded; the message is for the person choosing it."""


@dataclass(frozen=True)
class SystemInfo:
    key: str  # what the dropdown and the API pass
    label: str  # what a person reads
    kind: str  # "bundle", "checkpoint" or "extractive"
    path: Optional[Path] = None  # the checkpoint, for model systems


class Lead3:
    """The Lead-3 baseline: the article's first three sentences as the article writes them (case,
    spacing and quotes verbatim), chosen exactly as training and evaluation split the normalized
    article (``fairseq_plugins.text.Document``; the evaluation scores the normalized
    ones, ``evaluation.lead_sentences``).  Counts are in words (normalized tokens): there is no
    sentencepiece model, and nothing is truncated."""

    key = LEAD3
    max_source_pieces = None
    k = 3

    def summarize(self, article: str, options: Optional[DecodingOptions] = None) -> Summary:
        from fairseq_plugins.text import Document

        if options is not None:
            options.validate()  # the same contract as a model, though Lead-3 ignores them
        start = time.perf_counter()
        document = Document.prepare(article)
        if not document.sentences:
            raise ValueError("the article has no text to summarize")
        lead = document.lead(self.k)
        sentences = document.verbatim(range(len(lead)))
        n_words = len(document.normalized.split())
        return Summary(
            summary="\n".join(sentences),
            sentences=sentences,
            normalized_sentences=lead,
            input_pieces=n_words,
            used_pieces=n_words,
            output_pieces=sum(len(sentence.split()) for sentence in lead),
            truncated=False,
            seconds=time.perf_counter() - start,
            notes=["Lead-3 copies the first three sentences; counts are words, not sentencepiece pieces."],
        )


def find_data_dir(checkpoint: Path) -> Path:
    """Where a checkpoint's spm.model and dictionaries are: its own directory, or the data
    directory fairseq-train recorded in it."""
    if all((checkpoint.parent / name).is_file() for name in DATA_FILES):
        return checkpoint.parent
    from fairseq_plugins.fixes import load_checkpoint

    state = load_checkpoint(str(checkpoint))  # ValueError with a clear message if unreadable
    cfg = state.get("cfg") or {}
    task = cfg.get("task") if hasattr(cfg, "get") else None
    data = task.get("data") if hasattr(task, "get") else getattr(task, "data", None)
    if data is None and state.get("args") is not None:
        data = getattr(state["args"], "data", None)
    for candidate in str(data or "").split(":"):
        if not candidate:
            continue
        # fairseq-train records the path as given: relative to where it ran (usually the repository)
        for directory in (Path(candidate), APP_DIR.parent / candidate):
            if all((directory / name).is_file() for name in DATA_FILES):
                return directory
    raise ModelError(
        f"{checkpoint.name}: no spm.model and dict.source.txt next to it, nor in the data directory it "
        f"was trained on ({data or 'not recorded'}); export it as a bundle with scripts/export_model.py"
    )


class CheckpointSystem:
    """A fairseq checkpoint behind ``app.Summarizer``; decoding is serialized per model and, with
    `decoding_slots` (a semaphore the registry shares between its models), bounded across models."""

    def __init__(self, checkpoint: Path, key: str, decoding_slots: Optional[threading.Semaphore] = None):
        from .summarizer import Summarizer

        self.key = key
        self.checkpoint = checkpoint
        data_dir = find_data_dir(checkpoint)
        try:
            self.summarizer = Summarizer(str(checkpoint), str(data_dir))
        except FileNotFoundError as err:
            raise ModelError(str(err)) from None
        self.max_source_pieces = self.summarizer.max_source_pieces
        self._lock = threading.Lock()  # one decoding at a time per model: the CPU is the limit anyway
        self._decoding_slots = decoding_slots

    def summarize(self, article: str, options: Optional[DecodingOptions] = None) -> Summary:
        # the model first, then a CPU slot: a request waiting for its model holds no slot that
        # another model's request could use
        with self._lock, self._decoding_slots or contextlib.nullcontext():
            return self.summarizer.summarize(article, options)


def _within(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
        return True
    except ValueError:
        return False


class ModelRegistry:
    """Selectable systems and a small cache of loaded ones.

    bundles: shipped-model key -> its bundle directory (``app/shipped.py``: the extractive and
    abstractive news models, the scientific-paper model); None: every shipped model at its place
    under ``app/`` (``DEFAULT_BUNDLES``).  A bundle without checkpoint.pt is skipped; the first one
    listed is the default.  model_dir: a directory searched (recursively) for ``*.pt`` files; None
    for none.  max_loaded: models kept in memory at once (least recently used dropped first).
    max_decoding: model decodings running at once over all models (each model also decodes one
    request at a time); Lead-3 takes no slot, so it is never kept waiting by a long paper."""

    def __init__(
        self,
        model_dir: Union[str, Path, None] = None,
        bundles: Optional[Mapping[str, Union[str, Path]]] = None,
        max_loaded: int = 2,
        loader: Optional[Callable[[Path, str], object]] = None,
        max_decoding: int = 2,
    ):
        self.model_dir = Path(model_dir).resolve() if model_dir else None
        bundles = DEFAULT_BUNDLES if bundles is None else bundles
        unknown = sorted(set(bundles) - set(BUNDLE_LABELS))
        if unknown:
            raise ValueError(f"unknown shipped model(s) {', '.join(unknown)}; known: {', '.join(BUNDLE_LABELS)}")
        self.bundles = {key: Path(directory).resolve() for key, directory in bundles.items() if directory}
        self.max_loaded = max(1, max_loaded)
        self._decoding_slots = threading.BoundedSemaphore(max(1, max_decoding))
        self._loader = loader or self._load_checkpoint
        self._loaded: "OrderedDict[Tuple[str, float], object]" = OrderedDict()
        self._lock = threading.Lock()
        self._key_locks: Dict[str, threading.Lock] = {}
        self._lead3 = Lead3()

    def _load_checkpoint(self, checkpoint: Path, key: str) -> CheckpointSystem:
        return CheckpointSystem(checkpoint, key, self._decoding_slots)

    # -- listing -------------------------------------------------------------------------------

    def _bundle_checkpoint(self, key: str) -> Optional[Path]:
        directory = self.bundles.get(key)
        if directory is None:
            return None
        checkpoint = directory / "checkpoint.pt"
        return checkpoint if checkpoint.is_file() else None

    def _bundle_infos(self) -> List[SystemInfo]:
        out = []
        for key, label in BUNDLE_LABELS.items():
            checkpoint = self._bundle_checkpoint(key)
            if checkpoint is not None:
                out.append(SystemInfo(key, label, "bundle", checkpoint))
        return out

    def scan(self) -> List[SystemInfo]:
        """Checkpoints under the model directory, sorted, at most MAX_SCANNED."""
        if self.model_dir is None or not self.model_dir.is_dir():
            return []
        found = []
        bundled = {info.path.resolve() for info in self._bundle_infos()}
        try:
            candidates = sorted(self.model_dir.rglob("*.pt"))
        except OSError:
            return []
        for path in candidates:
            try:
                real = path.resolve(strict=True)
            except (OSError, RuntimeError):
                continue
            if not real.is_file() or not _within(real, self.model_dir):
                continue  # a link that leads outside the model directory
            if real in bundled:
                continue  # listed once, as a shipped model
            key = path.relative_to(self.model_dir).as_posix()
            found.append(SystemInfo(key, f"Checkpoint: {key}", "checkpoint", real))
            if len(found) >= MAX_SCANNED:
                break
        return found

    def systems(self) -> List[SystemInfo]:
        """Everything selectable: the shipped models, the model directory's checkpoints, Lead-3."""
        out = self._bundle_infos()
        out.extend(self.scan())
        out.append(SystemInfo(LEAD3, "Lead-3 (extractive baseline)", "extractive"))
        return out

    def choices(self) -> List[Tuple[str, str]]:
        """(label, key) pairs for a dropdown."""
        return [(info.label, info.key) for info in self.systems()]

    def default_key(self) -> str:
        """The first shipped model installed (BUNDLE_LABELS' order: the extractive news model,
        then the abstractive one), else the first listed checkpoint, else Lead-3."""
        return self.systems()[0].key

    def info(self, key: str) -> SystemInfo:
        """The system a key names; ModelError if it names nothing selectable."""
        if not isinstance(key, str) or not key:
            raise ModelError("No model chosen.")
        if key == LEAD3:
            return SystemInfo(LEAD3, "Lead-3 (extractive baseline)", "extractive")
        if key in BUNDLE_LABELS:
            checkpoint = self._bundle_checkpoint(key)
            if checkpoint is None:
                where = self.bundles.get(key)
                detail = f"{where / 'checkpoint.pt'} is missing" if where else "this server was started without it"
                raise ModelError(f"The model {BUNDLE_LABELS[key]!r} is not installed ({detail}).")
            return SystemInfo(key, BUNDLE_LABELS[key], "bundle", checkpoint)
        for info in self.scan():  # a key is only ever matched against what the scan found
            if info.key == key:
                return info
        raise ModelError(f"Unknown model {key!r}: choose one of the listed models.")

    def default_options(self, key: str) -> DecodingOptions:
        """The decoding settings tuned for a system, without loading it: the preset its bundle
        card names (``model.json``), else the news preset."""
        info = self.info(key)
        return DecodingOptions.from_preset(read_preset(info.path.parent) if info.path is not None else DEFAULT_PRESET)

    # -- loading -------------------------------------------------------------------------------

    def get(self, key: str):
        """The loaded system for a key (cached; concurrent first requests load it once)."""
        info = self.info(key)
        if info.kind == "extractive":
            return self._lead3
        stat = info.path.stat()
        cache_key = (str(info.path), stat.st_mtime)  # a re-exported file is loaded again
        with self._lock:
            if cache_key in self._loaded:
                self._loaded.move_to_end(cache_key)
                return self._loaded[cache_key]
            key_lock = self._key_locks.setdefault(str(info.path), threading.Lock())
        with key_lock:
            with self._lock:
                if cache_key in self._loaded:
                    return self._loaded[cache_key]
            try:
                system = self._loader(info.path, info.key)
            except ModelError:
                raise
            except (ValueError, FileNotFoundError, OSError) as err:
                raise ModelError(f"Cannot load {info.key}: {err}") from None
            except Exception as err:  # noqa: BLE001 - e.g. weights of another architecture
                detail = " ".join(str(err).split())[:300]
                raise ModelError(f"Cannot load {info.key}: {type(err).__name__}: {detail}") from None
            with self._lock:
                self._loaded[cache_key] = system
                while len(self._loaded) > self.max_loaded:
                    self._loaded.popitem(last=False)
            return system

    def is_loaded(self, key: str) -> bool:
        try:
            info = self.info(key)
        except ModelError:
            return False
        if info.kind == "extractive":
            return True
        with self._lock:
            return any(path == str(info.path) for path, _ in self._loaded)

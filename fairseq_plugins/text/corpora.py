"""Readers for the common summarization corpus forms.

Every reader yields ``Record(id, article, summary_sentences)`` (a named tuple: article a str,
summary_sentences a list of str), raw as found: normalization is ``text.normalize_text``'s job.
A malformed record (bad JSON, missing or empty field, wrong type, undecodable bytes, ...) never
raises: it is counted, with its reason, in a ``SkipCounter``, and reading goes on.

Forms (``FORMATS``; ``detect_format`` picks one from the path for ``"auto"``):

- ``story``: a directory of CNN/DailyMail ``.story`` files (searched recursively, read in sorted
  order): article paragraphs, then ``@highlight`` blocks whose next non-empty line is a summary
  sentence.  As in See et al. (2017), a line without final punctuation gets a period.
- ``jsonl``: JSON Lines (``.jsonl``, ``.json``, optionally ``.gz``), one object a line, with an
  article (``article``, ``document`` or ``text``) and a summary (``summary``, ``highlights`` or
  ``abstract``): a string with sentences joined by "\\n", or a list of sentences.  The id is
  ``id`` (or ``article_id``), else ``<file>:<line>``.  The shared data (cnndm, pubmed) has this
  form.
- ``pubmed``: the Cohan et al. (2018) JSON Lines form: ``article_id``, ``article_text`` (a list of
  sentences), ``abstract_text`` (a list of sentences wrapped in ``<S> ... </S>``).  The ``jsonl``
  reader also accepts these records; ``pubmed`` insists on them.
- ``source-target``: line-aligned ``X.source`` / ``X.target`` files (give ``X.source``,
  ``X.target`` or ``X``); target sentences separated by ``<n>`` when there are several.
"""
import gzip
import json
import re
from collections import Counter
from pathlib import Path
from typing import Dict, Iterator, List, NamedTuple, Optional, Tuple

__all__ = [
    "FORMATS",
    "Record",
    "SkipCounter",
    "detect_format",
    "read_corpus",
    "read_story_dir",
    "read_jsonl",
    "read_pubmed",
    "read_source_target",
]

FORMATS = ("auto", "story", "jsonl", "pubmed", "source-target")

ARTICLE_FIELDS = ("article", "document", "text")
SUMMARY_FIELDS = ("summary", "highlights", "abstract")
ID_FIELDS = ("id", "article_id")

_END_PUNCTUATION = (".", "!", "?", "'", '"', ")", "]", "\u2019", "\u201d", "\u2026")
_SENTENCE_TAG_RE = re.compile(r"<S>\s*(.*?)\s*</S>", re.DOTALL)
_SEPARATOR = "<n>"


class Record(NamedTuple):
    id: str
    article: str
    summary_sentences: List[str]


class SkipCounter:
    """Counts records read and records skipped, by reason, with a few example locations."""

    MAX_EXAMPLES = 3

    def __init__(self, name: str = ""):
        self.name = name
        self.read = 0  # records seen (kept or not)
        self.reasons: Counter = Counter()
        self.examples: Dict[str, List[str]] = {}

    def seen(self) -> None:
        self.read += 1

    def skip(self, reason: str, where: Optional[str] = None) -> None:
        self.reasons[reason] += 1
        if where is not None:
            examples = self.examples.setdefault(reason, [])
            if len(examples) < self.MAX_EXAMPLES:
                examples.append(where)

    @property
    def skipped(self) -> int:
        return sum(self.reasons.values())

    @property
    def kept(self) -> int:
        return self.read - self.skipped

    def as_dict(self) -> dict:
        return {
            "read": self.read,
            "kept": self.kept,
            "skipped": self.skipped,
            "skipped_by_reason": dict(sorted(self.reasons.items())),
        }

    def report(self) -> str:
        head = f"{self.name + ': ' if self.name else ''}{self.read} read, {self.kept} kept, {self.skipped} skipped"
        lines = [head]
        for reason, count in sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0])):
            where = self.examples.get(reason)
            lines.append(f"  {count:>8}  {reason}" + (f"  (e.g. {', '.join(where)})" if where else ""))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"SkipCounter({self.name!r}, read={self.read}, skipped={dict(self.reasons)})"


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------


def _is_gzip(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(2) == b"\x1f\x8b"
    except OSError:
        return False


def _open_binary(path: Path):
    return gzip.open(path, "rb") if _is_gzip(path) else open(path, "rb")


def _iter_lines(path: Path, skips: SkipCounter) -> Iterator[Tuple[int, Optional[str]]]:
    """(line number, text or None if undecodable) for every non-blank line; a file that breaks
    off (truncated gzip, I/O error) is counted once and ends the iteration."""
    lineno = 0
    try:
        with _open_binary(path) as f:
            for raw in f:
                lineno += 1
                if not raw.strip():
                    continue
                try:
                    yield lineno, raw.decode("utf-8")
                except UnicodeDecodeError:
                    yield lineno, None
    except (OSError, EOFError, gzip.BadGzipFile) as err:
        skips.skip(f"unreadable file ({type(err).__name__})", f"{path.name}:{lineno + 1}")


def _text_of(value) -> Optional[str]:
    """A str as is, a list of str joined by newlines; None for anything else."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "\n".join(value)
    return None


def _sentences_of(value) -> Optional[List[str]]:
    """Summary sentences from a str (sentences joined by newlines) or a list of str; the
    ``<S> ... </S>`` tags of the PubMed form are removed.  None for a wrong type."""
    if isinstance(value, str):
        items = value.split("\n")
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        items = value
    else:
        return None
    out = []
    for item in items:
        if "<S>" in item:
            out.extend(s.strip() for s in _SENTENCE_TAG_RE.findall(item))
        else:
            out.append(item.replace("</S>", "").strip())
    return [s for s in out if s]


def _first_field(obj: dict, names) -> Tuple[Optional[str], object]:
    """The first of `names` present (and not null) in obj, with its value."""
    for name in names:
        if obj.get(name) is not None:
            return name, obj[name]
    return None, None


def _record_id(obj: dict, fallback: str) -> str:
    for name in ID_FIELDS:
        value = obj.get(name)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).strip():
            return str(value).strip()
    return fallback


# ---------------------------------------------------------------------------------------------
# readers
# ---------------------------------------------------------------------------------------------


def read_jsonl(path, skips: Optional[SkipCounter] = None, pubmed: bool = False) -> Iterator[Record]:
    """JSON Lines (optionally gzipped) with an article and a summary (see the module docstring);
    also accepts Cohan et al. PubMed records.  ``pubmed=True`` requires ``article_text`` and
    ``abstract_text``."""
    path = Path(path)
    skips = skips if skips is not None else SkipCounter(path.name)
    for lineno, line in _iter_lines(path, skips):
        where = f"{path.name}:{lineno}"
        skips.seen()
        if line is None:
            skips.skip("undecodable bytes (not UTF-8)", where)
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):
            skips.skip("invalid JSON", where)
            continue
        if not isinstance(obj, dict):
            skips.skip("not a JSON object", where)
            continue
        if pubmed or "article_text" in obj:
            article_field, article_value = _first_field(obj, ("article_text",))
            summary_field, summary_value = _first_field(obj, ("abstract_text",))
        else:
            article_field, article_value = _first_field(obj, ARTICLE_FIELDS)
            summary_field, summary_value = _first_field(obj, SUMMARY_FIELDS)
        if article_field is None:
            skips.skip("missing article", where)
            continue
        if summary_field is None:
            skips.skip("missing summary", where)
            continue
        article = _text_of(article_value)
        if article is None:
            skips.skip("article is not text", where)
            continue
        summary = _sentences_of(summary_value)
        if summary is None:
            skips.skip("summary is not text", where)
            continue
        if not article.strip():
            skips.skip("empty article", where)
            continue
        if not summary:
            skips.skip("empty summary", where)
            continue
        yield Record(_record_id(obj, where), article, summary)


def read_pubmed(path, skips: Optional[SkipCounter] = None) -> Iterator[Record]:
    """PubMed in the Cohan et al. (2018) JSON Lines form."""
    return read_jsonl(path, skips, pubmed=True)


def _fix_missing_period(line: str) -> str:
    return line if line.endswith(_END_PUNCTUATION) else line + " ."


def _parse_story(text: str) -> Tuple[str, List[str]]:
    paragraphs: List[str] = []
    highlights: List[str] = []
    expect_highlight = False
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("@highlight"):
            expect_highlight = True
            continue
        if expect_highlight:
            highlights.append(_fix_missing_period(line))
            expect_highlight = False
        elif not highlights:
            paragraphs.append(_fix_missing_period(line))
        # a line after a highlight that is not one is stray text: left out
    return "\n".join(paragraphs), highlights


def read_story_dir(path, skips: Optional[SkipCounter] = None) -> Iterator[Record]:
    """A directory of CNN/DailyMail ``.story`` files (recursively, sorted), or one such file."""
    path = Path(path)
    skips = skips if skips is not None else SkipCounter(path.name)
    files = [path] if path.is_file() else sorted(path.rglob("*.story"))
    for file in files:
        skips.seen()
        where = str(file.relative_to(path)) if file != path else file.name
        try:
            data = file.read_bytes()
        except OSError as err:
            skips.skip(f"unreadable file ({type(err).__name__})", where)
            continue
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            skips.skip("undecodable bytes (not UTF-8)", where)
            continue
        article, highlights = _parse_story(text)
        if not article:
            skips.skip("empty article", where)
            continue
        if not highlights:
            skips.skip("missing summary (no @highlight)", where)
            continue
        yield Record(file.stem, article, highlights)


def _source_target_paths(path: Path) -> Tuple[Path, Path]:
    text = str(path)
    for ext in (".source", ".target"):
        if text.endswith(ext):
            text = text[: -len(ext)]
            break
    return Path(text + ".source"), Path(text + ".target")


def read_source_target(path, skips: Optional[SkipCounter] = None) -> Iterator[Record]:
    """Line-aligned ``X.source`` (one article a line) and ``X.target`` (one summary a line,
    sentences separated by ``<n>`` when there are several)."""
    source_path, target_path = _source_target_paths(Path(path))
    skips = skips if skips is not None else SkipCounter(source_path.stem)
    try:
        src = _open_binary(source_path)
        tgt = _open_binary(target_path)
    except OSError as err:
        skips.skip(f"unreadable file ({type(err).__name__})", str(source_path.name))
        return
    stem = source_path.stem
    lineno = 0
    with src, tgt:
        while True:
            try:
                a = src.readline()
                b = tgt.readline()
            except (OSError, EOFError, gzip.BadGzipFile) as err:
                skips.skip(f"unreadable file ({type(err).__name__})", f"{stem}:{lineno + 1}")
                return
            if not a and not b:
                return
            lineno += 1
            where = f"{stem}:{lineno}"
            skips.seen()
            if not a or not b:
                skips.skip("unpaired line (.source and .target differ in length)", where)
                continue
            try:
                article = a.decode("utf-8")
                target = b.decode("utf-8")
            except UnicodeDecodeError:
                skips.skip("undecodable bytes (not UTF-8)", where)
                continue
            if not article.strip():
                skips.skip("empty article", where)
                continue
            sentences = [s.strip() for s in target.split(_SEPARATOR)] if _SEPARATOR in target else [target.strip()]
            sentences = [s for s in sentences if s]
            if not sentences:
                skips.skip("empty summary", where)
                continue
            yield Record(where, article.strip(), sentences)


# ---------------------------------------------------------------------------------------------
# format detection
# ---------------------------------------------------------------------------------------------

_JSON_SUFFIXES = (".jsonl", ".json", ".jsonl.gz", ".json.gz", ".ndjson", ".ndjson.gz")


def _peek_json(path: Path) -> Optional[dict]:
    """The first JSON object of a JSON Lines file (None if the first 20 lines hold none)."""
    try:
        with _open_binary(path) as f:
            for _ in range(20):
                raw = f.readline()
                if not raw:
                    return None
                try:
                    obj = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(obj, dict):
                    return obj
    except (OSError, EOFError, gzip.BadGzipFile):
        return None
    return None


def detect_format(path) -> str:
    """The format of a corpus path (one of ``FORMATS`` but "auto"); ValueError with a reason if
    there is none."""
    path = Path(path)
    name = path.name.lower()
    source, target = _source_target_paths(path)
    if path.is_dir():
        if next(path.rglob("*.story"), None) is not None:
            return "story"
        raise ValueError(f"{path}: a directory without .story files")
    if name.endswith((".source", ".target")) or (not path.exists() and source.is_file() and target.is_file()):
        if not (source.is_file() and target.is_file()):
            raise ValueError(f"{path}: needs both {source.name} and {target.name}")
        return "source-target"
    if not path.exists():
        raise ValueError(f"{path}: no such file or directory")
    if name.endswith(".story"):
        return "story"
    if name.endswith(_JSON_SUFFIXES) or _is_gzip(path) or _starts_with_brace(path):
        obj = _peek_json(path)
        if obj is not None and "article_text" in obj and "abstract_text" in obj:
            return "pubmed"
        return "jsonl"
    raise ValueError(f"{path}: unknown corpus format (expected a .story directory, JSON Lines or X.source/X.target)")


def _starts_with_brace(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(64).lstrip().startswith(b"{")
    except OSError:
        return False


_READERS = {
    "story": read_story_dir,
    "jsonl": read_jsonl,
    "pubmed": read_pubmed,
    "source-target": read_source_target,
}


def read_corpus(path, format: str = "auto", skips: Optional[SkipCounter] = None) -> Iterator[Record]:
    """Records of a corpus in any of ``FORMATS``.  Raises ValueError (before reading anything)
    for an unknown format or a path whose format cannot be detected; malformed records are
    counted in `skips`, not raised."""
    if format not in FORMATS:
        raise ValueError(f"unknown format {format!r} (choose from {', '.join(FORMATS)})")
    if format == "auto":
        format = detect_format(path)
    elif format == "source-target":
        source, target = _source_target_paths(Path(path))
        if not (source.is_file() and target.is_file()):
            raise ValueError(f"{path}: needs both {source.name} and {target.name}")
    elif not Path(path).exists():
        raise ValueError(f"{path}: no such file or directory")
    skips = skips if skips is not None else SkipCounter(Path(path).name)
    return _READERS[format](path, skips)

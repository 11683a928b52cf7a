"""Turning what a person gives the app (pasted text, an uploaded .txt / .md / .pdf / .html file,
standard input) into article text, or a clear message saying why not.

    from app.inputs import InputError, read_file, clean_article
    try:
        article = read_file("paper.pdf")          # -> Article(text, notes)
        article = clean_article(pasted_text)      # the same checks for pasted text
    except InputError as err:
        print(err)                                # one sentence, for a person

What is handled, and how:

- size: files over ``MAX_FILE_BYTES`` and text over ``MAX_ARTICLE_CHARS`` are refused (the model
  reads only the first few hundred pieces anyway; the caps keep one request from tying up the
  server); a PDF reads at most ``MAX_PDF_PAGES`` pages;
- encodings: UTF-8 (with or without BOM), UTF-16 with a BOM; anything else that is clearly text
  is decoded as Windows-1252 / Latin-1, with a note saying so;
- binary data (NUL bytes, many control characters, an image or archive renamed .txt) is refused;
- HTML (an .html file, or pasted page source): tags, scripts and styles dropped, entities
  decoded, block elements kept as paragraph breaks;
- Markdown: headings, emphasis, links, images, code fences and list markers reduced to their
  text;
- PDF (pypdf): the text layer of each page; encrypted, damaged and image-only PDFs get a
  message;
- text with no letters or digits at all (empty, whitespace, punctuation only) is refused.

Emoji, right-to-left scripts and other Unicode are kept as they are (``normalize_text`` decides
what the model sees).
"""
import html
import io
import re
import unicodedata
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import List, Optional, Union

__all__ = [
    "InputError",
    "Article",
    "MAX_FILE_BYTES",
    "MAX_ARTICLE_CHARS",
    "MAX_PDF_PAGES",
    "SUPPORTED_SUFFIXES",
    "decode_bytes",
    "html_to_text",
    "looks_like_html",
    "markdown_to_text",
    "pdf_to_text",
    "clean_article",
    "read_bytes",
    "read_file",
]

MAX_FILE_BYTES = 10 * 1024 * 1024  # an uploaded file (PDFs with images are large)
MAX_ARTICLE_CHARS = 2_000_000  # text handed to the summarizer (about 2 MB of English)
MAX_PDF_PAGES = 300
TEXT_SUFFIXES = (".txt", ".text", ".md", ".markdown")
HTML_SUFFIXES = (".html", ".htm")
SUPPORTED_SUFFIXES = TEXT_SUFFIXES + HTML_SUFFIXES + (".pdf",)

# Magic numbers of common binary formats, for a clearer message than "binary data".
_MAGIC = {
    b"\x89PNG": "a PNG image",
    b"\xff\xd8\xff": "a JPEG image",
    b"GIF8": "a GIF image",
    b"PK\x03\x04": "a ZIP archive (or a .docx / .odt document)",
    b"\x1f\x8b": "a gzip archive",
    b"\xd0\xcf\x11\xe0": "an old Microsoft Office document",
    b"\x7fELF": "a program",
    b"MZ": "a Windows program",
}


class InputError(ValueError):
    """The input cannot be summarized; ``str(err)`` is a message for the person who sent it."""


@dataclass
class Article:
    text: str
    notes: List[str] = field(default_factory=list)  # what was done to the input, for the reader


def _human_size(n: int) -> str:
    return f"{n / 2**20:.0f} MB" if n >= 2**20 else f"{n / 1024:.0f} KB"


# ---------------------------------------------------------------------------------------------
# bytes -> str
# ---------------------------------------------------------------------------------------------


_GARBAGE_CATEGORIES = frozenset(["Cc", "Cn", "Co", "Cs"])  # control, unassigned, private use, surrogate


def _control_ratio(text: str) -> float:
    """Share of characters that no text holds many of: control characters other than
    whitespace, unassigned or private-use code points, lone surrogates, U+FFFD."""
    if not text:
        return 0.0
    sample = text[:20000]
    bad = sum(
        1 for ch in sample
        if ch == "\ufffd" or (unicodedata.category(ch) in _GARBAGE_CATEGORIES and ch not in "\t\n\r\f\v")
    )
    return bad / len(sample)


def decode_bytes(raw: bytes, name: str = "the file") -> Article:
    """Bytes of a text file -> Article; InputError for binary data."""
    for magic, what in _MAGIC.items():
        if raw.startswith(magic):
            raise InputError(f"{name} is {what}, not text. Upload a .txt, .md or .pdf file, or paste the text.")
    if raw.startswith(b"%PDF"):
        return pdf_to_text(raw, name)
    notes: List[str] = []
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = raw.decode("utf-16")
        except UnicodeDecodeError:
            text = None
        if text is not None and _control_ratio(text) <= 0.05:
            return Article(text, ["Decoded as UTF-16."])
    if b"\x00" in raw[:8192]:
        raise InputError(f"{name} looks like binary data, not text. Upload a .txt, .md or .pdf file, or paste the text.")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = raw.decode("cp1252")
            notes.append("The file is not UTF-8; it was read as Windows-1252 (Western European).")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
            notes.append("The file is not UTF-8; it was read as Latin-1.")
    if _control_ratio(text) > 0.05:
        raise InputError(f"{name} looks like binary data, not text. Upload a .txt, .md or .pdf file, or paste the text.")
    return Article(text, notes)


# ---------------------------------------------------------------------------------------------
# HTML and Markdown -> plain text
# ---------------------------------------------------------------------------------------------

_HTML_HINT_RE = re.compile(
    r"<!doctype\s+html|<html[\s>]|<body[\s>]|<head[\s>]|<(?:p|div|br|span|a|script|style|article|section|h[1-6]|li|table)\b[^>]*>",
    re.IGNORECASE,
)
_BLOCK_TAGS = frozenset(
    "p div br hr li ul ol h1 h2 h3 h4 h5 h6 tr table section article header footer blockquote pre "
    "title figcaption dd dt main aside nav form".split()
)
_SKIP_TAGS = frozenset("script style noscript template svg head iframe object canvas button select option".split())


def looks_like_html(text: str) -> bool:
    """True when the text holds several HTML tags (a pasted page source, an .html file)."""
    return len(_HTML_HINT_RE.findall(text[:200000])) >= 2


class _TextExtractor(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: List[str] = []
        self.skip_depth = 0
        self.title: List[str] = []
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        if tag in _SKIP_TAGS and tag != "head":
            self.skip_depth += 1
        elif tag == "title":
            self._in_title = True
        if tag in _BLOCK_TAGS:
            self.parts.append("\n\n")

    def handle_startendtag(self, tag, attrs):
        if tag in _BLOCK_TAGS:
            self.parts.append("\n\n")

    def handle_endtag(self, tag):
        if tag in _SKIP_TAGS and tag != "head" and self.skip_depth:
            self.skip_depth -= 1
        elif tag == "title":
            self._in_title = False
        if tag in _BLOCK_TAGS:
            self.parts.append("\n\n")

    def handle_data(self, data):
        if self._in_title:
            self.title.append(data)
        elif not self.skip_depth:
            self.parts.append(data)


def html_to_text(source: str) -> str:
    """The visible text of an HTML document: paragraphs kept, scripts, styles and the head
    dropped, entities decoded."""
    parser = _TextExtractor()
    try:
        parser.feed(source)
        parser.close()
        text = "".join(parser.parts)
    except Exception:  # noqa: BLE001 - html.parser is lenient, but be sure
        text = html.unescape(re.sub(r"<[^>]*>", " ", source))
    paragraphs = (" ".join(p.split()) for p in re.split(r"\n\s*\n", text))
    return "\n\n".join(p for p in paragraphs if p)


_MD_RULES = [
    (re.compile(r"^```.*?^```[ \t]*$", re.MULTILINE | re.DOTALL), ""),  # fenced code
    (re.compile(r"!\[([^\]]*)\]\([^)]*\)"), r"\1"),  # images -> alt text
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),  # links -> text
    (re.compile(r"^\s{0,3}#{1,6}\s*(.*?)\s*#*\s*$", re.MULTILINE), r"\1"),  # headings
    (re.compile(r"^\s{0,3}>\s?", re.MULTILINE), ""),  # block quotes
    (re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+", re.MULTILINE), ""),  # list markers
    (re.compile(r"^\s*(?:[-*_]\s*){3,}$", re.MULTILINE), ""),  # horizontal rules
    (re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1"), r"\2"),  # bold
    (re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])"), r"\1"),  # italics
    (re.compile(r"(?<!\w)_(?=\S)(.+?)(?<=\S)_(?!\w)"), r"\1"),
    (re.compile(r"`([^`]*)`"), r"\1"),  # inline code
]


def markdown_to_text(source: str) -> str:
    """Markdown reduced to its prose (headings, links, emphasis, list markers, code fences)."""
    text = source
    for pattern, replacement in _MD_RULES:
        text = pattern.sub(replacement, text)
    return text


# ---------------------------------------------------------------------------------------------
# PDF
# ---------------------------------------------------------------------------------------------


def pdf_to_text(raw: bytes, name: str = "the PDF") -> Article:
    """The text layer of a PDF (pypdf), at most MAX_PDF_PAGES pages."""
    import logging

    from pypdf import PdfReader

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # pypdf logs every repairable oddity
    try:
        reader = PdfReader(io.BytesIO(raw), strict=False)
        if reader.is_encrypted:
            try:
                if not reader.decrypt(""):
                    raise InputError(f"{name} is password-protected; save an unprotected copy or paste its text.")
            except InputError:
                raise
            except Exception:  # noqa: BLE001 - unsupported encryption
                raise InputError(f"{name} is encrypted; save an unprotected copy or paste its text.") from None
        pages = reader.pages
        n_pages = len(pages)
        texts = []
        for i in range(min(n_pages, MAX_PDF_PAGES)):
            try:
                texts.append(pages[i].extract_text() or "")
            except Exception:  # noqa: BLE001 - one bad page should not lose the rest
                texts.append("")
    except InputError:
        raise
    except Exception:  # noqa: BLE001 - pypdf raises many types for damaged files
        raise InputError(f"{name} could not be read as a PDF: the file is damaged or not really a PDF.") from None
    text = "\n\n".join(t.strip() for t in texts if t and t.strip())
    # PDF lines are layout, not paragraphs: join a line to the next unless a blank line parts them
    text = re.sub(r"-\n(?=[a-z])", "", text)  # words hyphenated across lines
    text = re.sub(r"(?<!\n)\n(?!\n)", " ", text)
    if not re.search(r"\w", text):
        raise InputError(f"{name} has no text layer (a scanned document?); nothing to summarize.")
    notes = [f"Read {min(n_pages, MAX_PDF_PAGES)} of {n_pages} PDF page{'s' if n_pages != 1 else ''}."]
    return Article(text, notes)


# ---------------------------------------------------------------------------------------------
# entry points
# ---------------------------------------------------------------------------------------------


def clean_article(text: Optional[str], notes: Optional[List[str]] = None) -> Article:
    """Checks and light clean-up shared by pasted text and files: size cap, HTML stripped,
    something to summarize. Returns an Article or raises InputError."""
    notes = list(notes or [])
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise InputError("The article must be text.")
    if len(text) > MAX_ARTICLE_CHARS:
        raise InputError(
            f"The article is too long ({len(text):,} characters; the limit is {MAX_ARTICLE_CHARS:,}). "
            "The model reads only the beginning anyway: paste the first part."
        )
    if not text.strip():
        raise InputError("The article is empty: paste some text or upload a .txt, .md or .pdf file.")
    if _control_ratio(text) > 0.05:
        raise InputError("The text looks like binary data, not an article.")
    if looks_like_html(text):
        text = html_to_text(text)
        notes.append("HTML markup was removed; only the page's visible text was summarized.")
    if not any(ch.isalnum() for ch in text):
        raise InputError("The text has no words to summarize (only punctuation, symbols or spaces).")
    return Article(text, notes)


def read_bytes(raw: bytes, name: str = "the file") -> Article:
    """Contents of a file named `name` (its suffix picks the reader) -> Article."""
    suffix = Path(name).suffix.lower()
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(f"{name} is too large ({_human_size(len(raw))}; the limit is {_human_size(MAX_FILE_BYTES)}).")
    if not raw.strip():
        raise InputError(f"{name} is empty.")
    if suffix == ".pdf" or raw.startswith(b"%PDF"):
        if not raw.startswith(b"%PDF") and b"%PDF" not in raw[:1024]:
            raise InputError(f"{name} could not be read as a PDF: the file is damaged or not really a PDF.")
        article = pdf_to_text(raw, name)
    else:
        article = decode_bytes(raw, name)
        if suffix in (".md", ".markdown"):
            article.text = markdown_to_text(article.text)
        elif suffix in HTML_SUFFIXES:
            article.text = html_to_text(article.text)
            article.notes.append("HTML markup was removed; only the page's visible text was summarized.")
    return clean_article(article.text, article.notes)


def read_file(path: Union[str, Path], name: Optional[str] = None) -> Article:
    """A file on disk (an upload's temporary file; `name` is what the user called it) -> Article.
    Only .txt, .md, .html and .pdf (and files without a suffix, read as text) are accepted."""
    path = Path(path)
    name = Path(name or path.name).name
    suffix = Path(name).suffix.lower()
    if suffix and suffix not in SUPPORTED_SUFFIXES:
        raise InputError(f"{name}: unsupported file type {suffix!r}. Upload a .txt, .md or .pdf file.")
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise InputError(f"{name} is not a file.")
        if size > MAX_FILE_BYTES:
            raise InputError(f"{name} is too large ({_human_size(size)}; the limit is {_human_size(MAX_FILE_BYTES)}).")
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise InputError(f"{name}: no such file.") from None
    except IsADirectoryError:
        raise InputError(f"{name} is a directory, not a file.") from None
    except PermissionError:
        raise InputError(f"{name} cannot be read (permission denied).") from None
    except OSError as err:
        raise InputError(f"{name} cannot be read ({err.strerror or err}).") from None
    return read_bytes(raw, name)

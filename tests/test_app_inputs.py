"""app/inputs.py: uploads and pasted text -> article text, or an InputError with a clear message."""
import random

import pytest

from app import inputs
from app.inputs import InputError, clean_article, read_bytes, read_file
from conftest import REPO, make_pdf, wrap

ARTICLE = (REPO / "app" / "examples" / "chess_final.txt").read_text(encoding="utf-8")


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def test_utf8_text_file(tmp_path):
    article = read_file(write(tmp_path, "a.txt", ARTICLE))
    assert article.text == ARTICLE and article.notes == []


@pytest.mark.parametrize("encoding,bom", [("utf-8-sig", b""), ("utf-16", b"")])
def test_bom_encodings(tmp_path, encoding, bom):
    text = "Café owners in Zürich said “prices” rose. " * 5
    article = read_file(write(tmp_path, "a.txt", bom + text.encode(encoding)))
    assert article.text.strip() == text.strip()


def test_non_utf8_file_is_read_with_a_note(tmp_path):
    text = "The café in Málaga reopened on Monday — owners said business was “good”."
    article = read_file(write(tmp_path, "latin.txt", text.encode("cp1252")))
    assert article.text == text
    assert any("not UTF-8" in note for note in article.notes)


@pytest.mark.parametrize(
    "data,expected",
    [
        (bytes(range(256)) * 40, "binary"),
        (b"\xff\xfe" + random.Random(4).randbytes(3000), "binary"),  # random bytes behind a UTF-16 BOM
        (b"\x89PNG\r\n\x1a\n" + bytes(200), "PNG image"),
        (b"PK\x03\x04" + bytes(100), "ZIP archive"),
        (b"\x7fELF\x02\x01\x01" + bytes(100), "program"),
        (random.Random(1).randbytes(5000), "binary"),
    ],
)
def test_binary_files_are_refused(tmp_path, data, expected):
    with pytest.raises(InputError, match=expected):
        read_file(write(tmp_path, "garbage.txt", data))


@pytest.mark.parametrize("content", [b"", b"   \n\t  \r\n"])
def test_empty_files(tmp_path, content):
    with pytest.raises(InputError, match="empty"):
        read_file(write(tmp_path, "empty.txt", content))


def test_punctuation_only(tmp_path):
    with pytest.raises(InputError, match="no words"):
        read_file(write(tmp_path, "p.txt", "!!! ... ??? --- ;;; ((( ))) ***"))
    with pytest.raises(InputError, match="no words"):
        clean_article("?!.,;:-_()[]{}" * 100)


def test_unsupported_suffix(tmp_path):
    with pytest.raises(InputError, match="unsupported file type"):
        read_file(write(tmp_path, "report.docx", ARTICLE))


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        read_file(tmp_path / "nothing.txt")


def test_size_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(inputs, "MAX_FILE_BYTES", 1000)
    with pytest.raises(InputError, match="too large"):
        read_file(write(tmp_path, "big.txt", "word " * 400))
    with pytest.raises(InputError, match="too large"):
        read_bytes(b"word " * 400, "big.txt")


def test_article_length_cap():
    assert clean_article("x " * 500_000).text  # 1 MB is fine
    with pytest.raises(InputError, match="too long"):
        clean_article("x" * (inputs.MAX_ARTICLE_CHARS + 1))


def test_html_page_is_reduced_to_its_text(tmp_path):
    page = (
        "<!DOCTYPE html><html><head><title>News</title><style>p {color: red}</style>"
        "<script>var tracking = 'secret';</script></head><body><nav><a href='/'>Home</a></nav>"
        "<article><h1>Tunnel vote</h1><p>The council voted on Tuesday &amp; the mayor said "
        "&ldquo;yes&rdquo;.</p><p>Work starts in spring.</p></article></body></html>"
    )
    for article in (read_file(write(tmp_path, "page.html", page)), clean_article(page), read_file(write(tmp_path, "page.txt", page))):
        assert "<" not in article.text and "tracking" not in article.text and "color" not in article.text
        assert "The council voted on Tuesday & the mayor said \u201cyes\u201d." in article.text
        assert "Work starts in spring." in article.text
        assert any("HTML" in note for note in article.notes)


def test_text_that_mentions_a_tag_is_not_html():
    text = "Use the <p> element for paragraphs, the guide says. It is simple."
    assert clean_article(text).text == text


def test_markdown_is_reduced_to_prose(tmp_path):
    md = (
        "# Harbour tunnel\n\nThe **council** voted for the [tunnel](https://example.org/t) on *Tuesday*.\n\n"
        "- it costs 1.4 billion\n- it opens in 2031\n\n```python\nprint('code')\n```\n\n> A quote.\n"
    )
    text = read_file(write(tmp_path, "story.md", md)).text
    assert "Harbour tunnel" in text and "The council voted for the tunnel on Tuesday." in text
    for marker in ("#", "**", "](", "```", "print(", "> "):
        assert marker not in text
    assert "it costs 1.4 billion" in text


def test_pdf(tmp_path):
    pdf = make_pdf([wrap(ARTICLE), ["Second page: the end (really)."]])
    article = read_file(write(tmp_path, "story.pdf", pdf))
    assert article.text.startswith("Sixteen-year-old Mateo Alvarez became the youngest winner")
    assert "Second page: the end (really)." in article.text
    assert article.notes == ["Read 2 of 2 PDF pages."]


@pytest.mark.parametrize(
    "data",
    [
        b"%PDF-1.4\n" + random.Random(2).randbytes(3000),  # garbage body
        make_pdf([["Some text here."]])[:120],  # truncated
        b"this is not a pdf at all, whatever the name says\n" * 3,
        b"%PDF-",
    ],
)
def test_corrupt_pdf(tmp_path, data):
    with pytest.raises(InputError, match="PDF"):
        read_file(write(tmp_path, "broken.pdf", data))


def test_pdf_without_text(tmp_path):
    with pytest.raises(InputError, match="no text layer"):
        read_file(write(tmp_path, "scan.pdf", make_pdf([[]])))


def test_emoji_and_right_to_left_scripts_are_kept(tmp_path):
    text = "🚇 The tunnel 🎉 opened. نفق جديد تحت الميناء افتتح يوم الثلاثاء. המנהרה נפתחה. 隧道开通了。"
    assert clean_article(text).text == text
    assert read_file(write(tmp_path, "intl.txt", text)).text == text


def test_pasted_binary_garbage():
    with pytest.raises(InputError, match="binary"):
        clean_article("".join(chr(c) for c in range(32)) * 50)


@pytest.mark.parametrize("value", [None, "", " \n\t "])
def test_empty_pasted_text(value):
    with pytest.raises(InputError, match="empty"):
        clean_article(value)


def test_random_bytes_never_raise_anything_else(tmp_path):
    rng = random.Random(3)
    for i in range(150):
        data = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 400)))
        name = rng.choice(["a.txt", "a.md", "a.pdf", "a.html", "a"])
        try:
            article = read_bytes(data, name)
        except InputError as err:
            assert str(err) and "\n" not in str(err)
        else:
            assert isinstance(article.text, str) and any(ch.isalnum() for ch in article.text)

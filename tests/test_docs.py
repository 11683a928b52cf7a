"""The documentation speaks to a user: no words about how the work was organised (sessions,
issue numbers, lent machines) in the README, docs, app, plugin or scripts; a README short enough
to read, whose Layout section draws the tree as it is; and relative links that lead somewhere."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_README_LINES = 260

# Words a user has no use for: they name how the work was organised, not what was measured.
PROCESS_WORDS = [
    re.compile(r"\bsessions?\b", re.IGNORECASE),
    re.compile(r"\bissues? ?#?\d+", re.IGNORECASE),
    re.compile(r"\bthe issue\b|\bissue's\b", re.IGNORECASE),
    re.compile(r"\blent\b", re.IGNORECASE),
    re.compile(r"\bthis task\b", re.IGNORECASE),
]


def scanned_files():
    """README.md; docs/ (*.md, *.json); app/ (*.py, *.md, *.txt, *.json, except the bundles'
    vocabularies dict.*.txt); fairseq_plugins/ and scripts/ (*.py, *.sh, *.md)."""
    files = [README]
    for pattern in ("*.md", "*.json"):
        files += sorted((ROOT / "docs").rglob(pattern))
    for pattern in ("*.py", "*.md", "*.txt", "*.json"):
        files += [f for f in sorted((ROOT / "app").rglob(pattern)) if not re.fullmatch(r"dict\..*\.txt", f.name)]
    for folder in ("fairseq_plugins", "scripts"):
        for pattern in ("*.py", "*.sh", "*.md"):
            files += sorted((ROOT / folder).rglob(pattern))
    return [f for f in files if "__pycache__" not in f.parts]


def shown(path: Path) -> str:
    """A path as the messages name it: relative to the repository where it lies inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def process_words(files, patterns=PROCESS_WORDS):
    """'file:line: text' for every line that holds one of the patterns."""
    found = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if any(p.search(line) for p in patterns):
                found.append(f"{shown(path)}:{number}: {line.strip()[:160]}")
    return found


def test_no_words_about_how_the_work_was_organised():
    files = scanned_files()
    assert README in files and len(files) > 50
    found = process_words(files)
    assert not found, "say what was measured, on what hardware, with which command:\n" + "\n".join(found)


def test_the_process_word_check_can_fail(tmp_path):
    """Each pattern catches what it is for, and leaves ordinary words alone."""
    caught = ["a later session", "Sessions 10, 11 and 12", "issue 16", "issue #7", "issue 15's item 3",
              "Issues 3", "short of the issue's 3x", "one H100 GPU this task was lent", "a lent GPU"]
    spared = ["the translation task", "fairseq's tasks", "a known issue with fairseq", "silent",
              "lentil", "excellent", "Lent term is a word too, but not here"]
    sample = tmp_path / "sample.md"
    sample.write_text("\n".join(caught + spared[:-1]) + "\n")
    found = process_words([sample])
    assert [line.split(": ", 1)[1] for line in found] == caught
    assert found[0] == "sample.md:1: a later session"


# ------------------------------------------------------------------------------------ README

def test_readme_is_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines; move details to docs/"


def test_readme_keeps_the_two_set_up_commands():
    text = README.read_text(encoding="utf-8")
    block = text.split("## Set-up: two commands", 1)[1].split("```bash\n", 1)[1].split("```", 1)[0]
    assert [line.split("#")[0].strip() for line in block.strip().splitlines()] == ["make demo", "make test"]


def layout_block(text: str) -> str:
    section = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```\n", 1)[1].split("```", 1)[0]


def layout_paths(block: str):
    """The paths the Layout block names, relative to the repository: a line at indentation 0
    names top-level folders or files, a line at indentation 2 names entries of the last top-level
    folder; the names are the first column (up to a run of 3 spaces), separated by commas or
    spaces. Deeper-indented lines continue a description."""
    paths, parent = [], None
    for line in block.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        if indent > 4:
            continue
        names = [n for n in re.split(r"[,\s]+", re.split(r" {3,}", line.strip(), maxsplit=1)[0]) if n]
        if indent == 0:
            paths += names
            parent = names[-1] if len(names) == 1 and names[0].endswith("/") else None
        else:
            assert parent, f"an indented Layout line outside a folder: {line!r}"
            paths += [parent + n for n in names]
    return paths


def test_layout_names_only_what_exists_and_every_plugin_subpackage():
    paths = layout_paths(layout_block(README.read_text(encoding="utf-8")))
    missing = [p for p in paths if not (ROOT / p).exists() or (p.endswith("/") and not (ROOT / p).is_dir())]
    assert not missing, f"the README's Layout names paths that do not exist: {missing}"
    subpackages = sorted(f"fairseq_plugins/{d.name}/" for d in (ROOT / "fairseq_plugins").iterdir()
                         if d.is_dir() and (d / "__init__.py").exists())
    unnamed = [s for s in subpackages if s not in paths]
    assert not unnamed, f"the README's Layout leaves out subpackages of fairseq_plugins/: {unnamed}"
    for top in ("fairseq_plugins/", "scripts/", "app/", "tests/", "docs/"):
        assert top in paths


def test_layout_parser_sees_what_is_wrong():
    block = ("fairseq_plugins/            the package\n"
             "  __init__.py, fixes.py     registration\n"
             "  models/  nowhere/         what fairseq registers\n"
             "                            models/ continued description, not a path\n"
             "scripts/  app/              command lines\n")
    assert layout_paths(block) == ["fairseq_plugins/", "fairseq_plugins/__init__.py", "fairseq_plugins/fixes.py",
                                   "fairseq_plugins/models/", "fairseq_plugins/nowhere/", "scripts/", "app/"]
    assert not (ROOT / "fairseq_plugins/nowhere/").exists()


# ------------------------------------------------------------------------------------ links

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def slug(heading: str) -> str:
    """GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path):
    seen, out = {}, set()
    in_code = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        if in_code or not re.match(r"#{1,6} ", line):
            continue
        base = slug(line.lstrip("#"))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def broken_links(files):
    """'file: target (why)' for every relative link whose file, or heading, does not exist."""
    broken = []
    for path in files:
        text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
        for target in LINK.findall(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
                continue
            file_part, _, anchor = target.partition("#")
            dest = (path.parent / file_part).resolve() if file_part else path
            where = f"{shown(path)}: {target}"
            if not dest.exists():
                broken.append(f"{where} (no such file)")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                broken.append(f"{where} (no such heading)")
    return broken


def test_relative_links_lead_somewhere():
    files = [README] + sorted((ROOT / "docs").rglob("*.md"))
    broken = broken_links(files)
    assert not broken, "links that lead nowhere:\n" + "\n".join(broken)


def test_link_check_can_fail(tmp_path):
    (tmp_path / "other.md").write_text("# Other\n\n## A `code` heading: with punctuation, kept\n")
    page = tmp_path / "page.md"
    page.write_text("[ok](other.md) [ok](other.md#a-code-heading-with-punctuation-kept) [ok](#page)\n"
                    "[web](https://example.org/x.md) ![missing](img/none.png) [bad](other.md#nothing)\n"
                    "```\n[in code](nowhere.md)\n```\n# Page\n")
    assert broken_links([page]) == ["page.md: img/none.png (no such file)", "page.md: other.md#nothing (no such heading)"]


@pytest.mark.parametrize("heading, expected", [
    ("The extractive news model (`app/model_extractive/`, the default)", "the-extractive-news-model-appmodel_extractive-the-default"),
    ("Readable summaries: broken sentences and cut-off endings", "readable-summaries-broken-sentences-and-cut-off-endings"),
])
def test_slug(heading, expected):
    assert slug(heading) == expected

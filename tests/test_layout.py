"""The plugin's layout: what fairseq registers apart from the text pipeline and from evaluation,
and no import circles (read from the source, function-level imports included)."""
import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "fairseq_plugins"
REGISTERED = ("fixes", "models", "modules", "criterions", "scoring")


def module_name(path: Path) -> str:
    parts = ("fairseq_plugins",) + path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set) -> set:
    """The package's modules that `path` imports anywhere in it (a `from X import name` counts as
    X.name when that is a module, else X)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t in modules and t != name)
    return found


@pytest.fixture(scope="module")
def graph():
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def group(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_no_import_circles(graph):
    # a circle is a strongly connected set of modules; package __init__ files that only re-export
    # their own modules are edges into the package, never back
    index, low, stack, on_stack, circles = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    assert not circles, f"import circles: {circles}"


def test_layers(graph):
    """The registered parts and the text pipeline never import evaluation; the text pipeline never
    imports a model (it is what data preparation runs, before any model exists)."""
    for module, targets in graph.items():
        for target in targets:
            if group(module) != "evaluation":
                assert group(target) != "evaluation", f"{module} imports {target}"
            if group(module) == "text":
                assert group(target) not in ("models", "modules", "criterions"), f"{module} imports {target}"


def test_root_holds_only_what_fairseq_loads():
    """The package's root is the --user-dir entry point and the fixes; everything else lives in a
    subpackage whose name says what it holds."""
    root_modules = sorted(p.stem for p in PACKAGE.glob("*.py"))
    assert root_modules == ["__init__", "fixes"]
    subpackages = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())
    assert subpackages == ["criterions", "evaluation", "models", "modules", "scoring", "text"]
    init = (PACKAGE / "__init__.py").read_text()
    for part in REGISTERED[1:]:
        if part != "modules":  # modules register nothing; the models import them
            assert part in init

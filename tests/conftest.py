"""Shared fixtures for the app tests: a tiny model bundle built once a session, and Debian's
chromium for the browser test.

``tiny_bundle`` trains a 64-dimensional ``fastformer_small`` for a few updates on the toy corpus
(``scripts/make_toy_corpus.py``) and exports it with ``scripts/export_model.py``: the same
files as the shipped ``app/model/`` bundle, in about half a minute on two cores.  Its sources are
limited to ``TINY_MAX_SOURCE`` pieces so that truncation is easy to provoke.  Set
``APP_TEST_BUNDLE=/some/dir`` to build it there once and reuse it across pytest runs
(development only; the default is a fresh temporary directory).
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
TINY_MAX_SOURCE = 120  # pieces: the tiny model's source limit
TINY_MODEL_ARGS = (
    "--encoder-embed-dim 64 --decoder-embed-dim 64 --encoder-ffn-embed-dim 128 "
    "--decoder-ffn-embed-dim 128 --encoder-attention-heads 4 --decoder-attention-heads 4 "
    "--encoder-layers 1 --decoder-layers 1"
).split()
BUNDLE_FILES = ("checkpoint.pt", "spm.model", "dict.source.txt", "dict.target.txt", "prepare.json", "model.json")


def _run(cmd, **kwargs):
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=REPO, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed:\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}")
    return result


# The tiny papers model: long toy papers (scripts/make_toy_corpus.py --papers, about 4,000-7,000 pieces
# each, vocabulary 1,000), numbers and citations masked, sources up to TINY_PAPERS_MAX_SOURCE pieces.
TINY_PAPERS_MAX_SOURCE = 8192


def build_tiny_bundle(work: Path, papers: bool = False) -> Path:
    """toy corpus -> prepare_data.py (vocab 400) -> fairseq-train (8 updates) -> export_model.py.
    `papers`: the long-input path (toy papers, --mask-numbers, thousands of source pieces, the
    papers decoding preset).  Returns the bundle directory (work/model)."""
    py = sys.executable
    corpus, data_bin, ckpts, bundle = work / "corpus", work / "data-bin", work / "checkpoints", work / "model"
    max_source = TINY_PAPERS_MAX_SOURCE if papers else TINY_MAX_SOURCE
    kind = ["--papers"] if papers else []
    _run([py, "scripts/make_toy_corpus.py", str(corpus), "--train", "40" if papers else "160", "--valid", "4" if papers else "8", *kind])
    _run([py, "scripts/prepare_data.py", "--name", "toy", "--out-dir", str(data_bin),
          "--train", str(corpus / "train.jsonl"), "--valid", str(corpus / "valid.jsonl"),
          "--vocab-size", "1000" if papers else "400", "--max-source-pieces", str(max_source), "--max-target-pieces", "40",
          "--workers", "1", "--quiet", *(["--mask-numbers"] if papers else [])])
    checkpoint = _train_tiny(data_bin / "toy", ckpts, 8, [
        "--arch", "fastformer_small", *TINY_MODEL_ARGS,
        "--max-source-positions", str(max_source + 1), "--max-target-positions", "101", "--truncate-source",  # as the recipes: 100-piece summaries
        *(["--copy-attention", "--encoder-local-conv", "7"] if papers else []),
        "--criterion", "label_smoothed_cross_entropy", "--label-smoothing", "0.1",
        "--max-tokens", str(max(4000, max_source + 1))])
    _run([py, "scripts/export_model.py", "--data-bin", str(data_bin / "toy"), "--out", str(bundle),
          "--preset", "papers" if papers else "cnndm", str(checkpoint)])
    return bundle


def _train_tiny(data: Path, ckpts: Path, updates: int, model_args) -> Path:
    """fairseq-train on one CPU thread for ``updates`` updates (Adam, lr 3e-3, no validation) with
    ``model_args`` (architecture, lengths, criterion, batch); the interval checkpoint written at
    the last update."""
    py = sys.executable
    fairseq_train = Path(py).parent / "fairseq-train"
    train_cmd = [str(fairseq_train)] if fairseq_train.exists() else [py, "-m", "fairseq_cli.train"]
    _run(train_cmd + [
        str(data), "--user-dir", "fairseq_plugins", *model_args,
        "--task", "translation", "--source-lang", "source", "--target-lang", "target",
        "--optimizer", "adam", "--lr", "3e-3", "--lr-scheduler", "inverse_sqrt", "--warmup-updates", "4",
        "--max-update", str(updates), "--disable-validation",
        "--save-dir", str(ckpts), "--no-epoch-checkpoints", "--no-last-checkpoints",
        "--save-interval-updates", str(updates), "--keep-interval-updates", "1",
        "--log-format", "simple", "--log-interval", "100", "--cpu", "--num-workers", "0", "--seed", "1",
    ], env=dict(os.environ, OMP_NUM_THREADS="1"))
    checkpoints = sorted(ckpts.glob("checkpoint_*_*.pt")) or sorted(ckpts.glob("checkpoint*.pt"))
    if not checkpoints:
        raise RuntimeError(f"fairseq-train wrote no checkpoint in {ckpts}: {os.listdir(ckpts)}")
    return checkpoints[-1]


# the tiny extractive model reads more: the tiny vocabulary spends many pieces on a word, and the
# tests' article should fit whole
TINY_EXTRACTIVE_MAX_SOURCE = 600


def build_tiny_extractive_bundle(work: Path, abstractive_bundle: Path, papers: bool = False) -> Path:
    """The toy corpus -> prepare_extractive.py with the tiny bundle's sentencepiece ->
    fairseq-train of the extractive model, its encoder started from the tiny bundle's (6 updates,
    inside the first epoch: the interval checkpoint is written) -> export_model.py.  `papers`: the
    toy papers, masked as the tiny papers bundle was trained (its prepare.json), read up to
    TINY_PAPERS_MAX_SOURCE pieces, with its convolution and the papers preset.  Returns the bundle
    directory (work/model)."""
    py = sys.executable
    corpus, data_bin, ckpts, bundle = work / "corpus", work / "data-bin", work / "checkpoints", work / "model"
    max_source = TINY_PAPERS_MAX_SOURCE if papers else TINY_EXTRACTIVE_MAX_SOURCE
    _run([py, "scripts/make_toy_corpus.py", str(corpus), "--train", "24" if papers else "80", "--valid", "4" if papers else "8",
          *(["--papers"] if papers else [])])
    _run([py, "scripts/prepare_extractive.py", "--name", "toy_ext", "--out-dir", str(data_bin), "--bundle",
          str(abstractive_bundle), "--train", str(corpus / "train.jsonl"), "--valid", str(corpus / "valid.jsonl"),
          "--max-source-pieces", str(max_source), "--workers", "1", "--quiet",
          *(["--oracle-sentences", "0"] if papers else [])])
    checkpoint = _train_tiny(data_bin / "toy_ext", ckpts, 6, [
        # the named architecture, as the recipe (the convolution as the encoder it starts from)
        "--arch", "extractive_fastformer_conv_small", *TINY_MODEL_ARGS, "--encoder-local-conv", "7" if papers else "0",
        "--sentence-layers", "1", "--pretrained-encoder", str(abstractive_bundle / "checkpoint.pt"),
        "--max-source-positions", str(max_source + 1), "--max-target-positions", "1024",
        "--criterion", "sentence_extraction", "--label-smoothing", "0.1", "--max-tokens", str(max(4000, max_source + 1))])
    _run([py, "scripts/export_model.py", "--data-bin", str(data_bin / "toy_ext"), "--out", str(bundle),
          "--preset", "papers" if papers else "cnndm", str(checkpoint)])
    return bundle


@pytest.fixture(scope="session")
def tiny_extractive_bundle(tiny_bundle, tmp_path_factory) -> Path:
    """A bundle of a tiny extractive model whose encoder started from the tiny bundle's."""
    return build_tiny_extractive_bundle(tmp_path_factory.mktemp("tiny-extractive-model"), tiny_bundle)


@pytest.fixture(scope="session")
def tiny_papers_bundle(tmp_path_factory) -> Path:
    """A bundle of the tiny papers model (masked numbers, long sources, the papers preset)."""
    return build_tiny_bundle(tmp_path_factory.mktemp("tiny-papers-model"), papers=True)


@pytest.fixture(scope="session")
def tiny_papers_extractive_bundle(tiny_papers_bundle, tmp_path_factory) -> Path:
    """A bundle of a tiny extractive papers model (masked numbers) started from the tiny papers bundle."""
    return build_tiny_extractive_bundle(tmp_path_factory.mktemp("tiny-papers-extractive"), tiny_papers_bundle, papers=True)


@pytest.fixture(scope="session")
def tiny_training(tiny_bundle) -> Path:
    """The directory build_tiny_bundle trained the tiny bundle in: data-bin/toy and checkpoints/
    (the interval checkpoint as fairseq-train wrote it, with its training time)."""
    reused = tiny_bundle.parent / (tiny_bundle.name + ".work")  # APP_TEST_BUNDLE's layout
    return reused if reused.is_dir() else tiny_bundle.parent


@pytest.fixture(scope="session")
def tiny_bundle(tmp_path_factory) -> Path:
    """A model bundle directory (checkpoint.pt, spm.model, dict.*.txt, prepare.json, model.json)."""
    reuse = os.environ.get("APP_TEST_BUNDLE")
    if reuse:
        bundle = Path(reuse)
        if not all((bundle / name).exists() for name in BUNDLE_FILES):
            work = bundle.parent / (bundle.name + ".work")
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir(parents=True)
            built = build_tiny_bundle(work)
            shutil.copytree(built, bundle, dirs_exist_ok=True)
        return bundle
    return build_tiny_bundle(tmp_path_factory.mktemp("tiny-model"))


@pytest.fixture(scope="session")
def model_dir(tiny_bundle, tmp_path_factory) -> Path:
    """A configured model directory for the demo: the tiny bundle under a sub-directory, so the
    registry finds it as a selectable checkpoint (``tiny/checkpoint.pt``)."""
    root = tmp_path_factory.mktemp("models")
    shutil.copytree(tiny_bundle, root / "tiny")
    return root


def ensure_chromium() -> str:
    """Path of Debian's chromium, installed with apt-get if missing; pytest.skip if that is
    impossible (no apt-get, not root, no network to the package mirror)."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    if shutil.which("apt-get") is None:
        pytest.skip(f"{CHROMIUM} is missing and there is no apt-get to install it")
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        pytest.skip(f"{CHROMIUM} is missing and installing it needs root (apt-get install -y chromium)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    log = []
    for cmd in (["apt-get", "install", "-y", "-qq", "chromium"],
                ["apt-get", "update", "-qq"],
                ["apt-get", "install", "-y", "-qq", "chromium"]):
        try:
            result = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env)
        except (OSError, subprocess.TimeoutExpired) as err:
            log.append(f"{' '.join(cmd)}: {err}")
            continue
        log.append(f"{' '.join(cmd)}: exit {result.returncode} {result.stderr.strip()[-300:]}")
        if cmd[1] == "install" and result.returncode == 0 and Path(CHROMIUM).exists():
            return CHROMIUM
    pytest.skip(f"could not install chromium with apt-get: {' | '.join(log)}")


@pytest.fixture(scope="session")
def chromium() -> str:
    return ensure_chromium()


# ---------------------------------------------------------------------------------------------
# test data and the running demo
# ---------------------------------------------------------------------------------------------


def _pdf_string(line: str) -> str:
    return line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def make_pdf(pages) -> bytes:
    """A small valid PDF whose pages hold the given text (a list of lines, or one string, per
    page), Helvetica, written by hand so the tests need no PDF writer."""
    objects = []  # bodies of objects 1..n
    n_pages = len(pages)
    font_id = 3 + 2 * n_pages
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(n_pages))
    objects.append("<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>")
    for i, page in enumerate(pages):
        lines = page.splitlines() if isinstance(page, str) else list(page)
        ops = ["BT", "/F1 11 Tf", "14 TL", "60 750 Td"]
        for line in lines:
            ops.append(f"({_pdf_string(line)}) Tj T*")
        ops.append("ET")
        stream = "\n".join(ops)
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {4 + 2 * i} 0 R "
                       f"/Resources << /Font << /F1 {font_id} 0 R >> >> >>")
        objects.append(f"<< /Length {len(stream.encode('latin-1'))} >>\nstream\n{stream}\nendstream")
    objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def wrap(text: str, width: int = 90):
    """Lines of at most `width` characters (for make_pdf)."""
    import textwrap

    return [line for paragraph in text.split("\n") for line in (textwrap.wrap(paragraph, width) or [""])]


def free_port() -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def demo_server(model_dir, tiny_bundle):
    """The demo launched in this process on a free port of 127.0.0.1.  Its shipped model is the
    real app/model bundle when it exists (so the screenshot shows it), else the tiny bundle;
    APP_TEST_SHIPPED=tiny forces the tiny one.  The tiny model is always selectable as
    "tiny/checkpoint.pt" and Lead-3 as "lead3"."""
    from types import SimpleNamespace

    from app.demo import build_demo, launch_demo
    from app.models import SHIPPED_BUNDLE

    real = (SHIPPED_BUNDLE / "checkpoint.pt").is_file() and os.environ.get("APP_TEST_SHIPPED") != "tiny"
    shipped = SHIPPED_BUNDLE if real else tiny_bundle
    demo = build_demo(model_dir=model_dir, shipped=shipped, concurrency=2, queue_size=256)
    port = free_port()
    launch_demo(demo, host="127.0.0.1", port=port, block=False, quiet=True)
    try:
        yield SimpleNamespace(url=f"http://127.0.0.1:{port}/", demo=demo, registry=demo.registry,
                              shipped=Path(shipped), real_shipped=real)
    finally:
        demo.close()

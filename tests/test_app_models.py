"""app/models.py (the registry of selectable systems, Lead-3) and app/demo.py's run_summary (the
function behind the page and the API): truncation reporting and bad inputs, with the tiny model."""
import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from app import DecodingOptions, Summary
from app.demo import render_stats, run_summary
from app.models import (DEFAULT_BUNDLES, EXTRACTIVE, EXTRACTIVE_BUNDLE, LEAD3, PAPERS, PAPERS_BUNDLE, PAPERS_EXTRACTIVE,
                        PAPERS_EXTRACTIVE_BUNDLE, SHIPPED,
                        SHIPPED_BUNDLE, CheckpointSystem, Lead3, ModelError, ModelRegistry)
from conftest import REPO, TINY_MAX_SOURCE
from fairseq_plugins.text.readable import readable

ARTICLE = (REPO / "app" / "examples" / "harbour_tunnel.txt").read_text(encoding="utf-8")
LONG_ARTICLE = "\n\n".join((REPO / "app" / "examples" / name).read_text(encoding="utf-8")
                           for name in ("city_bees.txt", "chess_final.txt", "battery_recycling.txt"))
SHORT_ARTICLE = "The council voted for the tunnel on Tuesday. Work starts in spring."
FAST = DecodingOptions(beam=2, min_len=1, max_len=12)


@pytest.fixture(scope="module")
def registry(model_dir, tiny_bundle):
    return ModelRegistry(model_dir, {SHIPPED: tiny_bundle})


# -- Lead-3 ------------------------------------------------------------------------------------


def test_lead3_is_the_first_three_sentences():
    result = Lead3().summarize(ARTICLE)
    assert isinstance(result, Summary)
    assert result.sentences == [  # as the article writes them
        "The city council of Port Alder voted on Tuesday to build a tunnel under the harbour, ending a decade of "
        "argument over how to link the old town with the growing northern suburbs.",
        "The tunnel, which will carry two lanes of traffic and a light-rail line, is expected to cost 1.4 billion "
        "dollars and take six years to finish.",
        "Mayor Helen Okoro said the project would cut the average commute across the water from forty minutes to "
        "twelve.",
    ]
    assert result.normalized_sentences == [
        "the city council of port alder voted on tuesday to build a tunnel under the harbour , ending a decade "
        "of argument over how to link the old town with the growing northern suburbs .",
        "the tunnel , which will carry two lanes of traffic and a light - rail line , is expected to cost 1.4 "
        "billion dollars and take six years to finish .",
        "mayor helen okoro said the project would cut the average commute across the water from forty minutes "
        "to twelve .",
    ]
    assert result.summary == "\n".join(result.sentences)
    assert result.input_pieces == result.used_pieces > result.output_pieces == sum(len(s.split()) for s in result.normalized_sentences)
    assert result.truncated is False and result.seconds >= 0 and result.notes


def test_lead3_agrees_with_the_evaluation_harness():
    from fairseq_plugins.evaluation import lead_sentences

    assert Lead3().summarize(LONG_ARTICLE).normalized_sentences == lead_sentences(LONG_ARTICLE, 3)


def test_lead3_on_short_and_empty_input():
    assert len(Lead3().summarize(SHORT_ARTICLE).sentences) == 2
    with pytest.raises(ValueError, match="no text"):
        Lead3().summarize("   ")


# -- listing and path safety ------------------------------------------------------------------


def test_registry_lists_shipped_checkpoints_and_lead3(model_dir, tiny_bundle):
    keys = [key for _, key in ModelRegistry(model_dir, {}).choices()]
    assert keys == ["tiny/checkpoint.pt", LEAD3]
    assert ModelRegistry(model_dir, {}).default_key() == "tiny/checkpoint.pt"
    # the shipped bundle comes first; when it lies inside the model directory it is not listed twice
    keys = [key for _, key in ModelRegistry(model_dir, {SHIPPED: model_dir / "tiny"}).choices()]
    assert keys == [SHIPPED, LEAD3]
    assert [key for _, key in ModelRegistry(None, {SHIPPED: tiny_bundle}).choices()] == [SHIPPED, LEAD3]
    assert ModelRegistry(None, {}).default_key() == LEAD3
    # the shipped bundles (tracked in app/model_extractive, app/model_rewriting, app/model,
    # app/model_papers_extractive, app/model_papers and app/model_papers_rewriting): the extractive news
    # model first, the page's default
    from app.bundle import chooser_dir
    from app.models import PAPERS_REWRITING, REWRITING

    rewriting_bundles = (DEFAULT_BUNDLES[REWRITING], DEFAULT_BUNDLES[PAPERS_REWRITING])
    for bundle in (EXTRACTIVE_BUNDLE, SHIPPED_BUNDLE, PAPERS_BUNDLE, PAPERS_EXTRACTIVE_BUNDLE, *rewriting_bundles):
        assert (bundle / "checkpoint.pt").is_file()
    # the papers rewriter's chooser is the shipped papers chooser beside it, not a copy
    assert chooser_dir(DEFAULT_BUNDLES[PAPERS_REWRITING]).resolve() == PAPERS_EXTRACTIVE_BUNDLE.resolve()
    # in each domain the models that give the article's own words first, the free abstractive one last
    assert [key for _, key in ModelRegistry(None).choices()] == [EXTRACTIVE, REWRITING, SHIPPED, PAPERS_EXTRACTIVE,
                                                                 PAPERS_REWRITING, PAPERS, LEAD3]
    for rewriter in (REWRITING, PAPERS_REWRITING):  # not the default, and it says why not
        assert "experimental" in ModelRegistry(None).info(rewriter).label
    for abstractive in (SHIPPED, PAPERS):  # a person is told before choosing it
        assert "abstractive, research model" in ModelRegistry(None).info(abstractive).label
    assert ModelRegistry(None).default_key() == EXTRACTIVE
    assert ModelRegistry(None, dict(DEFAULT_BUNDLES, **{EXTRACTIVE: None})).default_key() == REWRITING
    assert ModelRegistry(None, dict(DEFAULT_BUNDLES, **{EXTRACTIVE: None, REWRITING: None})).default_key() == SHIPPED
    # a bundle is named by a shipped model's key; a misspelt one is an error, not a silent omission
    with pytest.raises(ValueError, match="unknown shipped model.*nope.*known: extractive"):
        ModelRegistry(None, {"nope": SHIPPED_BUNDLE})


def test_only_checkpoints_inside_the_model_directory_can_be_chosen(tmp_path, tiny_bundle):
    root = tmp_path / "models"
    (root / "good").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(tiny_bundle / "checkpoint.pt", root / "good" / "model.pt")
    shutil.copy(tiny_bundle / "checkpoint.pt", outside / "secret.pt")
    (root / "notes.txt").write_text("not a checkpoint")
    os.symlink(outside / "secret.pt", root / "link.pt")  # a link that leads outside
    os.symlink(outside, root / "linkdir")
    os.symlink(root / "good" / "model.pt", root / "inner-link.pt")  # a link that stays inside: fine
    registry = ModelRegistry(root, {})
    assert [key for _, key in registry.choices()] == ["good/model.pt", "inner-link.pt", LEAD3]
    for key in ("../outside/secret.pt", str(outside / "secret.pt"), "link.pt", "linkdir/secret.pt",
                "good/../good/model.pt", "notes.txt", "good", "", "/etc/passwd", SHIPPED, None, 3):
        with pytest.raises(ModelError):
            registry.info(key)
    assert registry.info("good/model.pt").path == (root / "good" / "model.pt").resolve()


def test_missing_shipped_model_gives_a_message(tmp_path):
    registry = ModelRegistry(None, {SHIPPED: tmp_path / "no-model"})
    with pytest.raises(ModelError, match="not installed"):
        registry.get(SHIPPED)


# -- loading -------------------------------------------------------------------------------------


def test_loaded_once_and_cached(registry):
    first = registry.get(SHIPPED)
    assert isinstance(first, CheckpointSystem)
    assert registry.get(SHIPPED) is first
    assert registry.get(LEAD3) is registry.get(LEAD3)
    assert registry.is_loaded(SHIPPED)


def test_concurrent_first_requests_load_once(tmp_path, tiny_bundle):
    calls = []

    def slow_loader(path, key):
        calls.append(key)
        time.sleep(0.3)
        return object()

    root = tmp_path / "m"
    root.mkdir()
    shutil.copy(tiny_bundle / "checkpoint.pt", root / "a.pt")
    registry = ModelRegistry(root, {}, loader=slow_loader)
    results = []
    threads = [threading.Thread(target=lambda: results.append(registry.get("a.pt"))) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert calls == ["a.pt"] and len(results) == 6 and len({id(r) for r in results}) == 1


def test_corrupt_checkpoint_gives_a_clear_message(tmp_path, tiny_bundle):
    root = tmp_path / "m"
    shutil.copytree(tiny_bundle, root / "bundle")
    data = (root / "bundle" / "checkpoint.pt").read_bytes()
    (root / "bundle" / "checkpoint.pt").write_bytes(data[: len(data) // 2])
    (root / "garbage.pt").write_bytes(os.urandom(2000))
    registry = ModelRegistry(root, {})
    for key in ("bundle/checkpoint.pt", "garbage.pt"):
        with pytest.raises(ModelError, match="not a readable fairseq checkpoint"):
            registry.get(key)


class _Exploit:
    def __reduce__(self):
        return (os.system, (f"touch {_Exploit.sentinel}",))


def test_checkpoints_load_with_weights_only(tmp_path, tiny_bundle):
    """A pickle that would run code is refused by the weights_only loader, and nothing runs."""
    import torch

    root = tmp_path / "m"
    shutil.copytree(tiny_bundle, root / "evil")
    _Exploit.sentinel = tmp_path / "pwned"
    torch.save({"model": {}, "cfg": _Exploit()}, root / "evil" / "checkpoint.pt")
    with pytest.raises(ModelError, match="not a readable fairseq checkpoint"):
        ModelRegistry(root, {}).get("evil/checkpoint.pt")
    assert not _Exploit.sentinel.exists()


def test_training_checkpoint_finds_its_data_directory(tmp_path, tiny_bundle):
    """A checkpoint without a bundle around it uses the data directory fairseq-train recorded."""
    from fairseq_plugins.fixes import load_checkpoint

    recorded = load_checkpoint(str(tiny_bundle / "checkpoint.pt"))["cfg"]["task"]["data"]
    if not (Path(recorded) / "spm.model").exists():
        pytest.skip(f"the tiny model's data directory {recorded} is gone")
    root = tmp_path / "m"
    (root / "run").mkdir(parents=True)
    shutil.copy(tiny_bundle / "checkpoint.pt", root / "run" / "checkpoint_best.pt")
    system = ModelRegistry(root, {}).get("run/checkpoint_best.pt")
    assert system.summarize(SHORT_ARTICLE, FAST).output_pieces >= 1

    (root / "lonely").mkdir()
    import torch
    from omegaconf import OmegaConf

    state = load_checkpoint(str(tiny_bundle / "checkpoint.pt"))
    state["cfg"] = OmegaConf.to_container(state["cfg"], resolve=True, enum_to_str=True)  # as fairseq saves it
    state["cfg"]["task"]["data"] = str(tmp_path / "nowhere")
    torch.save(state, root / "lonely" / "c.pt")
    with pytest.raises(ModelError, match="spm.model"):
        ModelRegistry(root, {}).get("lonely/c.pt")


# -- truncation reporting ----------------------------------------------------------------------


def test_truncation_is_reported(registry):
    system = registry.get(SHIPPED)
    assert system.max_source_pieces == TINY_MAX_SOURCE
    long = system.summarize(LONG_ARTICLE, FAST)
    assert long.truncated and long.used_pieces == TINY_MAX_SOURCE < long.input_pieces
    short = system.summarize(SHORT_ARTICLE, FAST)
    assert not short.truncated and short.used_pieces == short.input_pieces < TINY_MAX_SOURCE
    assert 1 <= short.output_pieces <= 12


def test_run_summary_details(registry):
    summary, details = run_summary(registry, LONG_ARTICLE, model=SHIPPED, beam=2, min_length=1, max_length=12)
    assert details["ok"] and details["message"] is None
    assert details["unit"] == "pieces" and details["max_source_tokens"] == TINY_MAX_SOURCE
    assert details["truncated"] and details["used_tokens"] == TINY_MAX_SOURCE < details["input_tokens"]
    assert summary == "\n".join(details["sentences"])
    assert details["sentences"] == readable(details["normalized_sentences"], LONG_ARTICLE)
    html = render_stats(details)
    assert f"{details['input_tokens']:,}" in html and "truncated" in html

    summary, details = run_summary(registry, ARTICLE, model=LEAD3)
    assert details["ok"] and details["unit"] == "words" and not details["truncated"]
    assert summary.startswith("The city council of Port Alder voted on Tuesday to build a tunnel under the harbour, ")


def test_uploaded_file_is_used_when_the_text_box_is_empty(registry, tmp_path):
    path = tmp_path / "story.txt"
    path.write_text(ARTICLE, encoding="utf-8")
    _, from_file = run_summary(registry, "", str(path), LEAD3)
    _, from_text = run_summary(registry, ARTICLE, None, LEAD3)
    assert from_file["sentences"] == from_text["sentences"]
    _, text_wins = run_summary(registry, SHORT_ARTICLE, str(path), LEAD3)
    assert len(text_wins["sentences"]) == 2


# -- bad inputs: a summary or a clear message, never an exception --------------------------------

BAD_INPUTS = {
    "empty": ("", "empty"),
    "whitespace": (" \n\t\r\n   ", "empty"),
    "punctuation": ("... !!! ??? ;;; --- (((", "no words"),
    "binary": ("".join(chr(c) for c in range(1, 32)) * 100 + "\x00\x01\x02", "binary"),
    "too long": ("word " * 500_000, "too long"),
}
ODD_BUT_FINE = {
    "1 MB": ("The council met again on Tuesday. " * 30_000)[:1_000_000],
    "100k words": " ".join(["alpha", "beta", "gamma", "delta."] * 25_000),
    "html page": "<html><head><script>x=1</script></head><body><p>The mayor opened the tunnel.</p>"
                 "<p>Traffic flowed at noon.</p></body></html>",
    "emoji and rtl": "🚇🎉 نفق جديد تحت الميناء. המנהרה נפתחה היום. The tunnel opened 🎉.",
    "only emoji": "🎉🚇🎉 🚇🎉🚇",
    "one long token": "a" * 50_000,
    "control characters": "The tunnel\x0b opened\x0c today.\u200b\u200e",
}


@pytest.mark.parametrize("model", [LEAD3, SHIPPED])
@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_inputs_get_a_message(registry, model, name):
    text, expected = BAD_INPUTS[name]
    summary, details = run_summary(registry, text, model=model, beam=1, min_length=1, max_length=10)
    assert summary == "" and details["ok"] is False
    assert expected in details["message"].lower()
    assert "Traceback" not in details["message"] and "\n" not in details["message"]


@pytest.mark.parametrize("model", [LEAD3, SHIPPED])
@pytest.mark.parametrize("name", sorted(ODD_BUT_FINE))
def test_odd_inputs_get_a_summary_or_a_message(registry, model, name):
    summary, details = run_summary(registry, ODD_BUT_FINE[name], model=model, beam=1, min_length=1, max_length=10)
    if name not in ("only emoji", "one long token"):  # these two may fairly get a message instead
        assert details["ok"], details
    if details["ok"]:
        assert details["input_tokens"] >= details["used_tokens"] >= 1
        assert details["truncated"] == (details["input_tokens"] > details["used_tokens"])
    else:
        assert details["message"] and "Traceback" not in details["message"]


def test_large_inputs_are_truncated(registry):
    # the model reads its limit, however long the paste (how long that takes is the benchmarks'
    # business, scripts/bench_summarize.py, not a timed test's)
    _, details = run_summary(registry, ODD_BUT_FINE["1 MB"], model=SHIPPED, beam=1, min_length=1, max_length=10)
    assert details["ok"] and details["truncated"] and details["used_tokens"] == TINY_MAX_SOURCE
    assert details["input_tokens"] > 100 * TINY_MAX_SOURCE


@pytest.mark.parametrize(
    "settings,expected",
    [
        (dict(model="../../etc/passwd.pt"), "unknown model"),
        (dict(model="nope"), "unknown model"),
        (dict(beam=0), "beam size"),
        (dict(beam="four"), "beam size"),
        (dict(min_length=50, max_length=20), "minimum length"),
        (dict(max_length=100000), "maximum length"),
        (dict(length_penalty=float("nan")), "length penalty"),
        (dict(length_penalty=None), "length penalty"),
    ],
)
def test_bad_settings_get_a_message(registry, settings, expected):
    _, details = run_summary(registry, ARTICLE, **{"model": LEAD3, **settings})
    assert details["ok"] is False and expected in details["message"].lower()


def test_bad_uploads_get_a_message(registry, tmp_path):
    cases = {
        "broken.pdf": (b"%PDF-1.7\n" + os.urandom(500), "pdf"),
        "latin.txt": ("Caf\xe9 owners said prices rose.".encode("cp1252"), None),  # read, with a note
        "image.txt": (b"\x89PNG\r\n\x1a\n" + bytes(100), "png"),
        "tool.exe": (b"MZ" + bytes(100), "unsupported"),
    }
    for name, (data, expected) in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        summary, details = run_summary(registry, "", str(path), LEAD3)
        if expected is None:
            assert details["ok"] and any("Windows-1252" in n for n in details["notes"]), details
        else:
            assert details["ok"] is False and expected in details["message"].lower(), (name, details)


def test_unexpected_errors_become_a_message(registry, monkeypatch):
    def boom(self, article, options=None):
        raise RuntimeError("internal detail that must not reach the page")

    monkeypatch.setattr(Lead3, "summarize", boom)
    _, details = run_summary(registry, ARTICLE, model=LEAD3)
    assert details["ok"] is False and "RuntimeError" in details["message"]
    assert "internal detail" not in details["message"]


# -- the command line ----------------------------------------------------------------------------


def test_command_line(tmp_path, tiny_bundle, capsys, monkeypatch):
    import io
    import re
    import sys

    from app.summarize import main
    from app.summarizer import ABSTRACTIVE_CAUTION
    from conftest import make_pdf, wrap

    story = tmp_path / "story.txt"
    story.write_text(ARTICLE, encoding="utf-8")
    assert main([str(story), "--model", "lead3", "--stats"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == Lead3().summarize(ARTICLE).sentences
    assert re.search(r"\[\d+ words in, \d+ used, \d+ out, [\d.]+ s\]", err) and "note:" not in err

    pdf = tmp_path / "story.pdf"
    pdf.write_bytes(make_pdf([wrap(ARTICLE)]))
    assert main([str(pdf), "--model", "lead3"]) == 0
    assert capsys.readouterr().out.splitlines() == Lead3().summarize(ARTICLE).sentences

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(ARTICLE.encode("utf-8"))))
    assert main(["-", "--checkpoint", str(tiny_bundle / "checkpoint.pt"), "--beam", "1", "--max-len", "10", "--stats"]) == 0
    out, err = capsys.readouterr()
    assert out.strip() and re.search(r"\[\d+ pieces in, \d+ used \(truncated\), \d+ out, [\d.]+ s\]", err)
    assert f"note: {ABSTRACTIVE_CAUTION}" in err.splitlines()  # an abstractive model's summary says to check its facts

    garbage = tmp_path / "garbage.txt"
    garbage.write_bytes(os.urandom(3000) + b"\x00")
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\n" + b"\x00\xff" * 500)
    for argv, expected in (([str(garbage), "--model", "lead3"], "binary"),
                           ([str(broken), "--model", "lead3"], "PDF"),
                           ([str(tmp_path / "missing.txt"), "--model", "lead3"], "no such file"),
                           ([str(story), "--checkpoint", str(tmp_path / "none.pt")], "no such checkpoint"),
                           ([str(story), "--model", "lead3", "--beam", "0"], "beam")):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert expected in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_lengths_beyond_what_the_model_can_write(tiny_bundle):
    """The tiny model was trained with --max-target-positions 101, so fairseq stops its summaries at
    100 pieces: a longer minimum is refused with a message (fairseq itself would stop on an
    assertion), a longer maximum is capped and the summary says so."""
    from app.summarizer import ABSTRACTIVE_CAUTION, DecodingOptions, Summarizer

    summarizer = Summarizer(tiny_bundle / "checkpoint.pt")
    with pytest.raises(ValueError, match="at most 100 pieces"):
        summarizer.summarize(LONG_ARTICLE, DecodingOptions(beam=1, min_len=101, max_len=140))
    summary = summarizer.summarize(LONG_ARTICLE, DecodingOptions(beam=1, min_len=1, max_len=140))
    assert summary.output_pieces <= 100 and any("at most 100 pieces" in note for note in summary.notes)
    # a free abstractive summary says, first, that its facts need checking, and nothing else here
    assert summarizer.summarize(LONG_ARTICLE, DecodingOptions(beam=1, min_len=1, max_len=12)).notes == [ABSTRACTIVE_CAUTION]


def test_a_minimum_beyond_the_model_gets_a_message_in_the_page(registry):
    _, details = run_summary(registry, ARTICLE, model=SHIPPED, beam=1, min_length=101, max_length=140)
    assert details["ok"] is False and "minimum length must be at most 100" in details["message"].lower()


def test_command_line_help_and_the_shipped_table_need_no_torch():
    """`python -m app.summarize --help` answers without importing torch (app/__init__.py exports
    lazily), and the page and the command line name the shipped bundles from one table."""
    import subprocess
    import sys

    probe = ("import sys, runpy; sys.argv = ['app.summarize', '--help']\n"
             "try:\n    runpy.run_module('app.summarize', run_name='__main__')\n"
             "except SystemExit as stop:\n    assert stop.code == 0, stop.code\n"
             "print('torch loaded' if 'torch' in sys.modules else 'no torch')")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "--model MODEL" in result.stdout and result.stdout.strip().endswith("no torch")

    from app import models, summarize
    from app.shipped import SHIPPED_MODELS

    assert list(models.BUNDLE_LABELS) == [model.key for model in SHIPPED_MODELS] == [
        EXTRACTIVE, models.REWRITING, SHIPPED, PAPERS_EXTRACTIVE, models.PAPERS_REWRITING, PAPERS]
    assert summarize.NAMED_MODELS == {"extractive": EXTRACTIVE_BUNDLE / "checkpoint.pt", "news": SHIPPED_BUNDLE / "checkpoint.pt",
                                      "news-rewriting": models.APP_DIR / "model_rewriting" / "checkpoint.pt",
                                      "papers": PAPERS_BUNDLE / "checkpoint.pt",
                                      "papers-extractive": PAPERS_EXTRACTIVE_BUNDLE / "checkpoint.pt",
                                      "papers-rewriting": models.APP_DIR / "model_papers_rewriting" / "checkpoint.pt"}
    import app

    assert app.Summarizer.__name__ == "Summarizer" and "ModelRegistry" in dir(app)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        app.nothing  # noqa: B018

"""The long-input path end to end on a tiny corpus: long toy papers prepared with masked numbers
(scripts/prepare_data.py --mask-numbers), a tiny Fastformer with copy attention trained on them,
exported as a bundle with the papers preset, then summarizing a raw paper of thousands of words
through app.Summarizer, the model registry and the command line."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app import DecodingOptions, Summarizer
from app.models import LEAD3, PAPERS, ModelRegistry
from fairseq_plugins.text import masking
from fairseq_plugins.evaluation import DECODING_PRESETS

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from make_toy_corpus import toy_paper  # noqa: E402

OPTIONS = DecodingOptions(beam=2, min_len=5, max_len=40, lenpen=1.0, no_repeat_ngram_size=3)


@pytest.fixture(scope="module")
def paper() -> str:
    import random

    return toy_paper(random.Random(99), 0)["article"]


@pytest.fixture(scope="module")
def summarizer(tiny_papers_bundle) -> Summarizer:
    return Summarizer(str(tiny_papers_bundle / "checkpoint.pt"))


def test_bundle_records_masking_and_preset(summarizer):
    assert summarizer.masks_numbers
    assert summarizer.preset == "papers"
    preset = DECODING_PRESETS["papers"]
    assert summarizer.default_options() == DecodingOptions(preset.beam, preset.min_len, preset.max_len_b,
                                                           preset.lenpen, preset.no_repeat_ngram_size)


def test_long_paper_is_read_whole_and_numbers_come_from_it(summarizer, paper, monkeypatch):
    calls = []
    real_restore = masking.restore

    def spy(pieces, source_pieces, numbers, attention=None):
        calls.append((list(pieces), list(source_pieces), list(numbers), attention))
        return real_restore(pieces, source_pieces, numbers, attention)

    monkeypatch.setattr(masking, "restore", spy)
    assert len(paper.split()) > 1500
    result = summarizer.summarize(paper, OPTIONS)
    assert result.input_pieces > 3000 and result.used_pieces == result.input_pieces and not result.truncated
    assert result.summary.strip()
    assert "<dig>" not in result.summary and "<cit>" not in result.summary
    # restoration saw what the model read (one <dig> per masked number) and its alignment
    (pieces, source, numbers, attention), = calls
    masked = masking.mask(paper)
    assert numbers == masked.numbers and source.count("<dig>") == len(masked.numbers) > 100
    assert attention is not None and tuple(attention.shape) == (len(source) + 1, len(pieces) + 1)  # + </s>
    # every number a person reads is one of the article's
    article_numbers = set(masked.numbers)
    for number in re.findall(r"\d+(?:[.,]\d+)*", result.summary):
        assert number in article_numbers


def test_registry_and_cli_offer_the_papers_model(tiny_papers_bundle, paper, tmp_path):
    registry = ModelRegistry(None, {PAPERS: tiny_papers_bundle})
    assert [key for _, key in registry.choices()] == [PAPERS, LEAD3]
    assert "Scientific papers" in registry.info(PAPERS).label
    # the page's sliders take the model's own preset, read from its card without loading it
    assert registry.default_options(PAPERS) == DecodingOptions.from_preset("papers")
    assert not registry.is_loaded(PAPERS)
    assert registry.default_options(LEAD3) == DecodingOptions.from_preset("cnndm")
    result = registry.get(PAPERS).summarize(paper, OPTIONS)
    assert "<dig>" not in result.summary
    path = tmp_path / "paper.txt"
    path.write_text(paper)
    out = subprocess.run([sys.executable, "-m", "app.summarize", str(path), "--checkpoint",
                          str(tiny_papers_bundle / "checkpoint.pt"), "--min-len", "5", "--max-len", "40",
                          "--beam", "2", "--stats"], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() and "<dig>" not in out.stdout and "<cit>" not in out.stdout
    assert "(truncated)" not in out.stderr


def test_shipped_extractive_papers_model_gives_the_papers_own_sentences(paper):
    """The shipped extractive papers bundle (app/model_papers_extractive): the preset's k sentences
    of a raw paper, each as the paper writes it (cased, real numbers) with its pointers to tables
    and references left out, read whole; the card names the preset whose k was tuned for it."""
    from fairseq_plugins.text.pointers import drop_pointers
    from app.models import PAPERS_EXTRACTIVE_BUNDLE

    summarizer = Summarizer(str(PAPERS_EXTRACTIVE_BUNDLE / "checkpoint.pt"))
    assert summarizer.preset == "papers_extractive"
    k = DECODING_PRESETS["papers_extractive"].lead_k
    long_paper = "\n".join([paper] * 2)  # about 4,400 words; repeated sentences are blocked
    result = summarizer.summarize(long_paper)
    paper_sentences = {drop_pointers(line) for line in long_paper.splitlines()}
    assert 1 <= len(result.sentences) <= k and not result.truncated
    assert all(sentence in paper_sentences for sentence in result.sentences)
    assert not re.search(r"\[\d|\(Table|et al\.", result.summary), result.summary  # the paper has all three
    assert len(set(result.sentences)) == len(result.sentences)
    assert any(re.search(r"\d", sentence) for sentence in result.sentences)
    assert "<dig>" not in result.summary and "<cit>" not in result.summary


def test_shipped_extractive_papers_model_spells_out_abbreviations_at_first_use(paper):
    """A pasted paper that defines its abbreviations only in a list at its end, past what the model
    reads (so no chosen sentence defines them): wherever the summary first uses one, it is written
    out there ("tumor necrosis factor (TNF)"), and later uses stay short."""
    from app.models import PAPERS_EXTRACTIVE_BUNDLE

    defined = {"TNF": "tumor necrosis factor", "BMI": "body mass index"}
    using = re.sub(r"\.(\s)", r" in TNF and BMI terms.\1", paper)  # every sentence uses both
    pasted = "\n".join([using] * 4) + "\nAbbreviations: tumor necrosis factor (TNF); body mass index (BMI).\n"
    result = Summarizer(str(PAPERS_EXTRACTIVE_BUNDLE / "checkpoint.pt")).summarize(pasted)
    assert result.truncated  # the list at the end was not read, so not chosen
    for short, long in defined.items():
        uses = [s for s in result.sentences if re.search(rf"\b{short}\b", s)]
        assert uses, f"no summary sentence uses {short}: {result.sentences}"
        assert f"{long} ({short})" in uses[0], uses[0]
        assert all(f"({short})" not in s for s in uses[1:])
    assert any(note.endswith("written out where the summary first uses them: TNF, BMI.") for note in result.notes), result.notes

"""fairseq_plugins/text/masking.py: SumPubMed's masked form (numbers -> <dig>, citations -> <cit>,
other bracketed text removed), its survival through normalization and sentencepiece, data
preparation with --mask-numbers, and restoring the article's numbers in a summary."""
import json
import random
import re
import sys
from pathlib import Path

import pytest
import torch

from fairseq_plugins import text
from fairseq_plugins.text import masking
from fairseq_plugins.text.document import Document

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import prepare_data  # noqa: E402

PAPER = (
    "Plasma levels rose to 3.5 \u00b1 0.2 mg/l (n = 24) in 95% of the 1,200 mice [4, 7-9].\n"
    "This agrees with earlier work (Smith et al., 2005; Lee and Park 2003).\n"
    "The 16S rRNA gene and IL-6 were measured at 12 h, a 2-fold change (p<0.05)."
)


def test_mask_numbers_citations_and_brackets():
    masked = masking.mask(PAPER)
    assert masked.numbers == ["3.5", "0.2", "95", "1,200", "12", "2"]
    lines = masked.text.split("\n")
    assert lines[0] == "Plasma levels rose to <dig> \u00b1 <dig> mg/l in <dig> % of the <dig> mice <cit> ."
    assert lines[1] == "This agrees with earlier work <cit> ."
    # digits inside names stay (16S, IL-6); the bracketed p-value is removed with its brackets
    assert lines[2] == "The 16S rRNA gene and IL-6 were measured at <dig> h, a <dig> -fold change ."


def test_mask_is_idempotent_and_keeps_existing_symbols():
    once = masking.mask(PAPER)
    twice = masking.mask(once.text)
    assert twice.text == once.text
    # every <dig> of already-masked text stands for a number that is unknown here
    assert twice.numbers == [None] * len(once.numbers)
    mixed = masking.mask("from <dig> to 7 cells")
    assert mixed.text == "from <dig> to <dig> cells" and mixed.numbers == [None, "7"]


@pytest.mark.parametrize("raw", ["", "no numbers here", "version2 and b12 vitamins", "(all of it in brackets)"])
def test_mask_without_numbers(raw):
    masked = masking.mask(raw)
    assert masked.numbers == [] and "<dig>" not in masked.text


def test_normalize_keeps_symbols_whole():
    normalized = text.normalize_text(masking.mask(PAPER).text)
    tokens = normalized.split()
    assert tokens.count("<dig>") == 6 and tokens.count("<cit>") == 2
    assert "dig" not in tokens and "cit" not in tokens
    assert "mice <cit> ." in normalized and "rose to <dig> \u00b1 <dig> mg/l" in normalized
    assert text.normalize_text(normalized) == normalized  # still idempotent


def test_symbols_are_single_sentencepiece_pieces(tmp_path):
    lines = [text.normalize_text(masking.mask(PAPER).text)] * 20 + ["the cells grew <dig> days ."] * 20
    corpus = tmp_path / "sentences.txt"
    corpus.write_text("\n".join(lines) + "\n")
    model = text.train_sentencepiece([corpus], str(tmp_path / "spm"), 120, extra_symbols=masking.SYMBOLS)
    sp = text.load_sentencepiece(model)
    pieces = sp.encode("at <dig> h <cit> , <dig> -fold", out_type=str)
    assert "<dig>" in pieces and "<cit>" in pieces
    assert text.decode_pieces(" ".join(pieces)) == "at <dig> h <cit> , <dig> -fold"


# -- restoring numbers ---------------------------------------------------------------------------


def test_restore_follows_the_attention():
    source = ["\u2581rose", "<dig>", "\u2581mg", "<dig>", "\u2581mice", "<cit>", "</s>"]
    numbers = ["3.5", "1,200"]
    output = ["\u2581the", "\u2581", "<dig>", "\u2581mice", "<cit>", "\u2581at", "\u2581", "<dig>"]
    attention = torch.zeros(len(source), len(output))  # (source, output), as fairseq returns it
    attention[3, 2] = 0.9  # output step 2 looks at the second <dig> of the source
    attention[0, 2] = 0.1
    attention[1, 7] = 0.6  # step 7 at the first
    attention[4, 7] = 0.4
    restored = masking.restore(output, source, numbers, attention)
    assert restored == ["\u2581the", "\u2581", "1,200", "\u2581mice", "\u2581at", "\u2581", "3.5"]
    assert text.decode_pieces(" ".join(restored)) == "the 1,200 mice at 3.5"


def test_restore_without_attention_takes_numbers_in_turn():
    source = ["<dig>", "\u2581and", "<dig>"]
    assert masking.restore(["<dig>", "<dig>", "<dig>"], source, ["4", "5"], None) == ["4", "5", "5"]


def test_restore_skips_unknown_numbers_and_never_shows_a_symbol():
    # the first source <dig> was already masked in the raw text: only the second can be restored
    source = ["<dig>", "\u2581to", "<dig>"]
    attention = torch.tensor([[0.9], [0.0], [0.1]])
    assert masking.restore(["<dig>"], source, [None, "7"], attention) == ["7"]
    # no number at all: a placeholder a person can read, never <dig>
    assert masking.restore(["<dig>", "<cit>"], ["\u2581x"], [], None) == [masking.NUMBER_PLACEHOLDER]


# -- data preparation with --mask-numbers --------------------------------------------------------


def _paper(rng: random.Random, i: int) -> dict:
    body = []
    for _ in range(rng.randint(4, 8)):
        value = f"{rng.randint(1, 99)}.{rng.randint(0, 9)}"
        body.append(f"The cells grew {value} fold in {rng.randint(2, 30)} days [{rng.randint(1, 40)}].")
        body.append(f"Expression of gene{rng.randint(1, 5)} changed (see Table {rng.randint(1, 4)}).")
    abstract = [f"We report a {rng.randint(2, 9)}-fold growth.", body[0]]
    return {"id": f"paper-{i}", "article": "\n".join(body), "summary": "\n".join(abstract)}


def test_prepare_with_mask_numbers(tmp_path):
    rng = random.Random(3)
    for split, n in (("train", 40), ("valid", 6)):
        rows = [json.dumps(_paper(rng, i)) for i in range(n)]
        (tmp_path / f"{split}.jsonl").write_text("\n".join(rows) + "\n")
    settings = prepare_data.prepare(
        "papers", tmp_path / "train.jsonl", tmp_path / "valid.jsonl", out_dir=tmp_path / "bin",
        vocab_size=150, max_source_pieces=60, max_target_pieces=30, workers=1, mask_numbers=True,
        show_progress=False, log=lambda *a: None)
    out = tmp_path / "bin" / "papers"
    assert settings["masking"]["symbols"] == ["<dig>", "<cit>"]
    assert settings["sentencepiece"]["user_defined_symbols"] == ["<n>", "<dig>", "<cit>"]
    sources = (out / "train.source").read_text().splitlines()
    targets = (out / "train.target").read_text().splitlines()
    # every number masked; digits inside names (gene1) kept
    assert all(re.fullmatch(r"gene\d", token) for line in sources for token in line.split()
               if any(ch.isdigit() for ch in token))
    assert any("gene" in line for line in sources)
    assert all("<cit>" in line and "<dig>" in line for line in sources)
    assert "table" not in " ".join(sources)  # bracketed text removed
    assert all(line.startswith("we report a <dig> -fold growth . <n>") for line in targets)
    sp = text.load_sentencepiece(str(out / "spm.model"))
    dictionary = (out / "dict.source.txt").read_text().split("\n")
    assert dictionary[sp.piece_to_id("<dig>") - 4].startswith("<dig> ")  # one index for the symbol
    encoded = (out / "train.spm.source").read_text().split()
    assert encoded.count("<dig>") > 0 and "dig" not in encoded
    # truncation is counted, not silent
    lengths = settings["splits"]["train"]["source_pieces"]
    assert lengths["truncated_lines"] > 0
    assert lengths["pieces_dropped_by_truncation"] > 0
    assert lengths["pieces_mean"] < lengths["pieces_mean_before_truncation"]


@pytest.mark.parametrize("restored, readable", [
    ("early 8 -cell embryos", "early 8-cell embryos"),
    ("a 2.5 -fold rise", "a 2.5-fold rise"),
    ("from 3 - 5 days", "from 3 - 5 days"),  # a spaced dash between numbers stays
    ("the -fold of x", "the -fold of x"),  # only after a number
])
def test_unpad_glues_a_number_to_its_hyphenated_word(restored, readable):
    assert masking.unpad(restored) == readable


def test_mask_removes_a_figures_name_left_after_a_stop_at_a_lines_end():
    raw = "Leaves were darkened for 3 days.fig.\n2 Experimental system and design.\nThe ratio is shown in fig.\n4 panels."
    masked = masking.mask(raw)
    assert masked.text.splitlines()[0] == "Leaves were darkened for <dig> days."
    assert masked.text.splitlines()[2] == "The ratio is shown in fig."  # a name without a stop before it stays
    document = Document.prepare(raw, masked=True)
    assert document.verbatim([0])[0] == "Leaves were darkened for 3 days."  # what a reader gets
    # after a masked number, whose stop the data set lost with it, the name goes too, so the legend's
    # title on the next line is not read as the pointer "fig. <dig>" and glued on
    paper = Document.prepare("the response may involve the action of pac- <dig> fig.\n"
                             "<dig> glycogen accumulation in the mutant strains.\nthe cells grew well.", masked=True)
    assert paper.sentences[:2] == ["the response may involve the action of pac- <dig> .", "<dig> glycogen accumulation in the mutant strains ."]

"""The rewriting pipeline: an extractive chooser picks sentences, the sentence rewriter
(models/rewriter.py) rewrites each (evaluation.RewritingSystem). The marked source shared by
training data and inference (rewriting.mark_source), the source limit that never cuts a chosen
sentence away (rewriting.read_and_choose), numbers put back sentence by sentence
(rewriting.restore_segments), and `evaluate.py generate --chooser` end to end on a tiny rewriter."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from conftest import TINY_MODEL_ARGS, _run, _train_tiny
from fairseq_plugins.text import Document, masking, rewriting

REPO = Path(__file__).resolve().parent.parent


class _WordPieces:
    """A sentencepiece stand-in: each word a piece."""

    @staticmethod
    def encode(sentence, out_type=str):
        return sentence.split()


SENTENCES = ["a b c .", "d e .", "f g h i .", "j k ."]


def test_the_marked_source_and_its_spans():
    read = [s.split() for s in SENTENCES]
    marked = rewriting.mark_source(read, [2, 0])
    assert marked.line == "<s> a b c . <n> d e . <n> <s> f g h i . <n> j k ."
    assert marked.chosen == [0, 2]
    pieces = marked.pieces
    assert [pieces[a:b] for a, b in marked.spans] == [["<s>", "a", "b", "c", "."], ["<s>", "f", "g", "h", "i", "."]]
    # the training data is marked by the same function
    example = rewriting.make_example(SENTENCES, ["f g h i ."], _WordPieces())
    assert example.source == rewriting.mark_source(read, [2]).line
    with pytest.raises(ValueError):
        rewriting.mark_source(read, [4])


def test_chosen_sentences_are_always_read_whole():
    sp = _WordPieces()
    # every sentence would be chosen: the room for the marks grows and fewer sentences are read
    marked = rewriting.read_and_choose(sp, SENTENCES, 12, lambda n: list(range(n)), room=1)
    assert len(marked.pieces) <= 12 and marked.chosen == list(range(marked.sentences))
    assert marked.sentences == 2  # 4 + 1 + 3 pieces and 2 marks; with a third sentence and its mark, 16
    # the chooser wants the last sentences read: they are inside, with their marks
    for limit in range(6, 30):
        marked = rewriting.read_and_choose(sp, SENTENCES, limit, lambda n: [n - 1], room=1)
        assert len(marked.pieces) <= limit
        start, end = marked.spans[0]
        assert marked.pieces[start] == "<s>" and marked.pieces[start + 1:end] == SENTENCES[marked.sentences - 1].split()
    # no limit: every sentence read
    assert rewriting.read_and_choose(sp, SENTENCES, None, lambda n: [0]).sentences == 4


def _masked_document():
    document = Document.prepare("The trial enrolled 120 patients. Nothing here has a number. "
                                "The dose was 5 mg, given 3 times.", masked=True)
    assert document.numbers == ["120", "5", "3"]
    return document


def test_a_number_comes_from_the_sentence_its_segment_rewrites():
    document = _masked_document()
    read = [s.split() for s in document.sentences]
    marked = rewriting.mark_source(read, [0, 2])  # segment 0 rewrites sentence 0, segment 1 sentence 2
    source = marked.pieces
    digits = [i for i, p in enumerate(source) if p == masking.NUMBER]
    assert len(digits) == 3
    output = ["enrolled", "<dig>", "<n>", "dose", "<dig>", "times", "<dig>"]
    attention = torch.zeros(len(source) + 1, len(output))  # source positions (+ </s>) x output steps
    attention[digits[1], 1] = 1.0  # segment 0's <dig> attends to sentence 2's number ...
    attention[digits[0], 4] = 1.0  # ... and segment 1's to sentence 0's 120
    attention[digits[2], 4] = 0.5  # (sentence 2's 3 only second)
    attention[digits[0], 6] = 1.0  # segment 1's second <dig>: sentence 0 again
    attention[digits[1], 6] = 0.2
    segments = rewriting.restore_segments(output, marked, document.numbers, attention)
    assert segments == [["enrolled", "120"], ["dose", "3", "times", "5"]]
    # without the restriction, masking.restore follows the attention anywhere
    assert masking.restore(output, source, document.numbers, attention) == ["enrolled", "5", "<n>", "dose", "120", "times", "120"]
    # without attention: the sentence's own numbers in turn
    assert rewriting.restore_segments(output, marked, document.numbers) == [["enrolled", "120"], ["dose", "5", "times", "3"]]
    # a sentence without a number, and a segment past the last chosen sentence: masking.restore's placeholder
    nothing = rewriting.mark_source(read, [1])
    assert rewriting.restore_segments(["has", "<dig>", "<n>", "<dig>"], nothing, document.numbers) == [
        ["has", masking.NUMBER_PLACEHOLDER], [masking.NUMBER_PLACEHOLDER]]
    # an unmasked document: the segments as written
    assert rewriting.restore_segments(["a", "<n>", "b", "<n>"], marked, None) == [["a"], ["b"]]
    assert document.decoded(["▁the", "▁dose", "▁was", "▁5", "▁mg", "▁."]) == ["the dose was 5 mg ."]


# ------------------------------------------------------------------------- evaluate.py, end to end


@pytest.fixture(scope="module")
def tiny_rewriter(tiny_bundle, tmp_path_factory):
    """(checkpoint, data-bin, toy.jsonl): prepare_rewriting.py on the toy corpus with the tiny
    bundle's sentencepiece, a tiny rewriter trained for 4 updates."""
    py = sys.executable
    work = tmp_path_factory.mktemp("tiny-rewriter")
    corpus, data_bin = work / "corpus", work / "data-bin"
    _run([py, "scripts/make_toy_corpus.py", str(corpus), "--train", "40", "--valid", "6"])
    _run([py, "scripts/prepare_rewriting.py", "--name", "toy_rw", "--out-dir", str(data_bin), "--bundle", str(tiny_bundle),
          "--train", str(corpus / "train.jsonl"), "--valid", str(corpus / "valid.jsonl"), "--max-source-pieces", "300",
          "--workers", "1", "--quiet"])
    checkpoint = _train_tiny(data_bin / "toy_rw", work / "checkpoints", 4, [
        "--arch", "rewriter_fastformer_conv_small", *TINY_MODEL_ARGS, "--max-source-positions", "301",
        "--max-target-positions", "101", "--criterion", "label_smoothed_cross_entropy", "--label-smoothing", "0.1",
        "--max-tokens", "1200"])  # small batches: the 4 updates inside the first epoch
    return checkpoint, data_bin / "toy_rw", corpus / "valid.jsonl"


def _evaluate(*args):
    return subprocess.run([sys.executable, "scripts/evaluate.py", "generate", *map(str, args)], capture_output=True,
                          text=True, cwd=REPO, timeout=300)


def test_evaluate_generate_runs_the_rewriter_after_its_chooser(tiny_rewriter, tiny_extractive_bundle, tiny_bundle, tmp_path):
    checkpoint, data_bin, data = tiny_rewriter
    common = ["--system", checkpoint, "--data-bin", data_bin, "--data", data, "--preset", "cnndm", "--cpu",
              "--workers", "1", "--resamples", "50", "--limit", "4", "--min-len", "5", "--max-len-b", "40", "--beam", "2"]
    out = _evaluate(*common, "--chooser", tiny_extractive_bundle, "--out", tmp_path / "rw")
    assert out.returncode == 0, out.stderr[-3000:]
    hypotheses = (tmp_path / "rw" / "hypotheses.txt").read_text().splitlines()
    assert len(hypotheses) == 4
    scores = json.loads((tmp_path / "rw" / "scores.json").read_text())
    counts = scores["rewriting"]
    assert counts["chooser"] == str(tiny_extractive_bundle.resolve()) and counts["chooser_preset"] == "cnndm"
    assert counts["documents"] == 4 and len(counts["chosen_per_document"]) == 4
    assert counts["chosen"] == sum(counts["chosen_per_document"]) and all(0 < n <= 3 for n in counts["chosen_per_document"])
    assert counts["segments"] == counts["chosen"] + counts["extra_segments"] - counts["missing_segments"]
    # a length in words for the chooser
    words = _evaluate(*common, "--chooser", tiny_extractive_bundle, "--words", "20", "--out", tmp_path / "rw20")
    assert words.returncode == 0, words.stderr[-3000:]
    assert json.loads((tmp_path / "rw20" / "scores.json").read_text())["rewriting"]["selection"]["words"] == 20

    # no chooser, or one that is not extractive: one line, exit status 2
    for extra, message in (([], "needs --chooser DIR"), (["--chooser", tiny_bundle], "not an extractive model bundle"),
                           (["--chooser", tmp_path / "nowhere"], "no such directory")):
        bad = _evaluate(*common, *extra, "--out", tmp_path / "bad")
        assert bad.returncode == 2 and message in bad.stderr, bad.stderr[-2000:]
        assert "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1, bad.stderr

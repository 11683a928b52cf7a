"""The rewriting pipeline: an extractive chooser picks sentences, the sentence rewriter
(models/rewriter.py) rewrites each (evaluation.RewritingSystem). The marked source shared by
training data and inference (rewriting.mark_source), the source limit that never cuts a chosen
sentence away (rewriting.read_and_choose), numbers put back sentence by sentence
(rewriting.restore_segments), and `evaluate.py generate --chooser` end to end on a tiny rewriter."""
import json
import os
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
    assert marked.used_pieces == sum(map(len, read)) == 15  # the text's own pieces: no mark, no separator
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


def _pieces(sentence: str):
    """A normal-form sentence as sentencepiece gives it here: a piece a word, a number mask after a
    lone word boundary."""
    return [p for w in sentence.split() for p in (["▁", w] if w == masking.NUMBER else [f"▁{w}"])]


def test_the_way_back_keeps_one_sentence_a_chosen_sentence_with_its_own_numbers():
    document = _masked_document()
    read = [_pieces(s) for s in document.sentences]
    marked = rewriting.mark_source(read, [0, 2])
    # a copied mark is dropped; a third segment rewrites nothing chosen and is left out
    output = ["<s>", "▁enrolled", "▁", "<dig>", "▁.", "<n>", "▁dose", "▁", "<dig>", "▁.", "<n>", "▁extra", "▁", "<dig>", "▁."]
    back = rewriting.rewritten(document, output, marked)
    assert back.sentences == ["enrolled 120 .", "dose 5 ."]
    assert (back.segments, back.chosen, back.extra_segments, back.missing_segments) == (3, 2, 1, 0)
    assert back.numbers_restored == 2  # the left-out segment's <dig> is not counted
    # one segment for two chosen sentences: the second is missing from the summary
    short = rewriting.rewritten(document, ["▁enrolled", "▁", "<dig>", "▁."], marked)
    assert short.sentences == ["enrolled 120 ."] and short.missing_segments == 1
    # an unmasked document keeps its digits as written
    plain = Document.prepare("The trial enrolled 120 patients. The dose was 5 mg.")
    marked_plain = rewriting.mark_source([_pieces(s) for s in plain.sentences], [1])
    assert rewriting.rewritten(plain, ["▁dose", "▁5", "▁mg", "▁."], marked_plain).sentences == ["dose 5 mg ."]


def test_a_rewrite_with_a_word_its_sentence_does_not_hold_is_given_as_the_sentence_stands():
    plain = Document.prepare("Oliver McBurnie is on loan at Chester. The dose was 5 mg, given 3 times.")
    marked = rewriting.mark_source([_pieces(s) for s in plain.sentences], [0, 1])
    sentence_0, sentence_1 = plain.sentences

    def back(first, second):
        return rewriting.rewritten(plain, [f"▁{w}" for w in first.split()] + ["<n>"] + [f"▁{w}" for w in second.split()],
                                   marked)

    # deletions and function words ("he", "the") are a rewrite; the sentence's own words are all it needs
    kept = back("mcburnie is on loan .", "the dose was 5 mg .")
    assert kept.sentences == ["mcburnie is on loan .", "the dose was 5 mg ."] and kept.kept_verbatim == 0
    assert back("he is on loan at chester .", "dose 5 mg .").kept_verbatim == 0
    # a name whose pieces were joined wrongly, a number the sentence does not hold, a negation, a content word
    for first, second in (("mcburn is on loan .", "dose 5 mg ."), ("mcburnie is on loan .", "the dose was 7 mg ."),
                          ("mcburnie is not on loan .", "dose 5 mg ."), ("mcburnie is on loan .", "the dose was 5 g .")):
        result = back(first, second)
        assert result.kept_verbatim == 1, (first, second)
        replaced = 0 if "mcburnie is on loan ." != first else 1
        expected = [first, second]
        expected[replaced] = (sentence_0, sentence_1)[replaced]
        assert result.sentences == expected
    # a masked paper: the sentence as it stands gets its own numbers back, in order
    document = _masked_document()
    masked = rewriting.mark_source([_pieces(s) for s in document.sentences], [2])
    given = rewriting.rewritten(document, ["▁dose", "▁was", "▁", "<dig>", "▁ml", "▁."], masked)
    assert given.kept_verbatim == 1 and given.sentences == ["the dose was 5 mg , given 3 times ."]


def test_choose_and_mark_chooses_among_the_sentences_both_models_read():
    from fairseq_plugins.text import Document
    from fairseq_plugins.text.extraction import Selection

    sp = _WordPieces()
    lines = ["we saw a b c d .", "it was e f g h .", "we had i j k l m .", "it is n o p q ."]
    document = Document.prepare("\n".join(lines))
    assert document.sentences == lines and not document.non_sentences
    # the chooser read three sentences; the last scores highest but only the rewriter could read a fourth
    marked = rewriting.choose_and_mark(sp, document, None, [0.1, 0.9, 0.5], Selection(k=2))
    assert marked.chosen == [1, 2] and marked.sentences == 4
    # a limit the first two sentences and their marks fill: sentence 2 is out of the choice, and the
    # best two among the first two are chosen
    limit = len(rewriting.mark_source([s.split() for s in lines[:2]], [0, 1]).pieces)
    marked = rewriting.choose_and_mark(sp, document, limit, [0.1, 0.9, 0.5], Selection(k=2))
    assert marked.sentences == 2 and marked.chosen == [0, 1] and len(marked.pieces) <= limit
    # a heading (Document.non_sentences: its raw line has no stop) is passed over, though it scores
    # best: the next best is rewritten instead
    paper = Document.prepare("The cells grew twice as fast.\nGenetic differentiation in chloroplast sequence data\n"
                             "The southern populations held most haplotypes.")
    assert paper.non_sentences == {1}
    assert Selection(k=2).choose([0.1, 0.9, 0.5], paper.sentences) == [1, 2]  # blind to the raw text
    assert rewriting.choose_and_mark(sp, paper, None, [0.1, 0.9, 0.5], Selection(k=2)).chosen == [0, 2]


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


def _evaluate_command(command, *args):
    return subprocess.run([sys.executable, "scripts/evaluate.py", command, *map(str, args)], capture_output=True,
                          text=True, cwd=REPO, timeout=300)


def _evaluate(*args):
    return _evaluate_command("generate", *args)


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
    assert counts["deletions"] == "any" and counts["exact_segments"] is False  # the cnndm preset's
    assert counts["documents"] == 4 and len(counts["chosen_per_document"]) == 4
    assert counts["chosen"] == sum(counts["chosen_per_document"]) and all(0 < n <= 3 for n in counts["chosen_per_document"])
    assert counts["segments"] == counts["chosen"] + counts["extra_segments"] - counts["missing_segments"]
    # a length in words for the chooser
    words = _evaluate(*common, "--chooser", tiny_extractive_bundle, "--words", "20", "--out", tmp_path / "rw20")
    assert words.returncode == 0, words.stderr[-3000:]
    assert json.loads((tmp_path / "rw20" / "scores.json").read_text())["rewriting"]["selection"]["words"] == 20
    # in two shards, merged: the same summaries and the same counts as the run in one piece
    shards = [tmp_path / f"shard{i}" for i in range(2)]
    for i, shard in enumerate(shards):
        part = _evaluate(*common, "--chooser", tiny_extractive_bundle, "--shards", "2", "--shard-id", str(i), "--out", shard)
        assert part.returncode == 0, part.stderr[-3000:]
    merged = _evaluate_command("merge", "--resamples", "50", "--out", tmp_path / "merged", *shards[::-1])
    assert merged.returncode == 0, merged.stderr[-3000:]
    assert (tmp_path / "merged" / "hypotheses.txt").read_text().splitlines() == hypotheses
    assert json.loads((tmp_path / "merged" / "scores.json").read_text())["rewriting"] == counts

    # no chooser, or one that is not extractive: one line, exit status 2
    for extra, message in (([], "needs --chooser DIR"), (["--chooser", tiny_bundle], "not an extractive model bundle"),
                           (["--chooser", tmp_path / "nowhere"], "no such directory")):
        bad = _evaluate(*common, *extra, "--out", tmp_path / "bad")
        assert bad.returncode == 2 and message in bad.stderr, bad.stderr[-2000:]
        assert "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1, bad.stderr


# ------------------------------------------------------------------------- the app


@pytest.fixture(scope="module")
def tiny_rewriting_bundle(tiny_rewriter, tiny_extractive_bundle, tmp_path_factory):
    """The tiny rewriter exported as the app's rewriting bundle, its chooser inside."""
    from app.bundle import export_bundle

    checkpoint, data_bin, _ = tiny_rewriter
    out = tmp_path_factory.mktemp("tiny-rewriting") / "bundle"
    export_bundle([str(checkpoint)], str(data_bin), str(out), preset="cnndm_rewriting", chooser=str(tiny_extractive_bundle),
                  trained_on="1 CPU core")
    return out


def test_export_writes_a_rewriting_bundle_with_its_chooser(tiny_rewriting_bundle, tiny_rewriter, tiny_extractive_bundle,
                                                            tiny_bundle, tmp_path):
    from app.bundle import export_bundle, read_kind

    card = json.loads((tiny_rewriting_bundle / "model.json").read_text())
    assert card["kind"] == "rewriting" and card["chooser"] == "chooser" and card["preset"] == "cnndm_rewriting"
    assert card["trained_on"] == "1 CPU core"
    assert read_kind(tiny_rewriting_bundle / "chooser") == "extractive"
    assert (tiny_rewriting_bundle / "chooser" / "checkpoint.pt").read_bytes() == (tiny_extractive_bundle / "checkpoint.pt").read_bytes()
    # the bundle does not send a loader looking for the weights the rewriter started from
    state = torch.load(tiny_rewriting_bundle / "checkpoint.pt", weights_only=False)
    assert not state["cfg"]["model"].get("pretrained_model")
    # a chooser beside the bundle is named by its relative path, not copied, and the app loads it from there
    from app.bundle import chooser_dir
    from app.summarizer import Summarizer

    checkpoint, data_bin, _ = tiny_rewriter
    beside = tmp_path / "app" / "model_rewriting"
    export_bundle([str(checkpoint)], str(data_bin), str(beside), preset="cnndm_rewriting", chooser=str(tiny_extractive_bundle),
                  chooser_beside=True)
    card = json.loads((beside / "model.json").read_text())
    assert card["chooser"] == os.path.relpath(tiny_extractive_bundle.resolve(), beside.resolve()) and card["chooser"].startswith("..")
    assert not (beside / "chooser").exists()
    assert chooser_dir(beside).resolve() == tiny_extractive_bundle.resolve()
    assert Summarizer(str(beside / "checkpoint.pt")).chooser.kind == "extractive"
    # a rewriter without its chooser, a chooser that is not extractive, a chooser for another model: refused, nothing written
    for chooser, cp, message in ((None, checkpoint, "needs --chooser"), (str(tiny_bundle), checkpoint, "not an extractive"),
                                 (str(tiny_extractive_bundle), tiny_bundle / "checkpoint.pt", "only a sentence rewriter")):
        with pytest.raises(ValueError, match=message):
            export_bundle([str(cp)], str(data_bin if cp == checkpoint else tiny_bundle), str(tmp_path / "refused"),
                          chooser=chooser)
        assert not (tmp_path / "refused").exists()


def test_the_app_rewrites_as_the_harness_does(tiny_rewriting_bundle, tiny_rewriter, tmp_path):
    from app.summarizer import DecodingOptions, Summarizer

    _, _, data = tiny_rewriter
    summarizer = Summarizer(str(tiny_rewriting_bundle / "checkpoint.pt"))
    assert summarizer.kind == "rewriting" and summarizer.chooser.kind == "extractive"
    assert summarizer.model.decoder.report_alignments is False  # the preset's way back (clauses) reads none
    options = DecodingOptions(beam=2, min_len=5, max_len=40, lenpen=1.0, no_repeat_ngram_size=3)
    out = _evaluate("--system", tiny_rewriting_bundle / "checkpoint.pt", "--data-bin", tiny_rewriting_bundle, "--data", data,
                    "--preset", "cnndm", "--cpu", "--workers", "1", "--resamples", "50", "--limit", "3",
                    "--min-len", "5", "--max-len-b", "40", "--beam", "2", "--batch-size", "1",
                    "--chooser", tiny_rewriting_bundle / "chooser", "--out", tmp_path / "harness")
    assert out.returncode == 0, out.stderr[-3000:]
    hypotheses = (tmp_path / "harness" / "hypotheses.txt").read_text().splitlines()
    articles = [json.loads(line)["article"] for line in Path(data).read_text().splitlines()[:3]]
    for article, hypothesis in zip(articles, hypotheses):
        summary = summarizer.summarize(article, options)
        assert " <n> ".join(summary.normalized_sentences) == hypothesis  # the one way back
        assert summary.sentences and all(s[:1].isupper() or not s[:1].isalpha() for s in summary.sentences)
        assert any(note.startswith("Rewritten:") for note in summary.notes)
        # the article's pieces read, as the extractive model counts them: no mark or separator counted
        assert summary.used_pieces <= summary.input_pieces and (summary.truncated or summary.used_pieces == summary.input_pieces)
    # a length in words for the chooser: fewer words of the article chosen, fewer sentences rewritten
    long = summarizer.summarize(articles[0], options)
    short = summarizer.summarize(articles[0], DecodingOptions(beam=2, min_len=0, max_len=40, words=10))
    assert short.notes[0].startswith("Rewritten: 1 sentences") and not long.notes[0].startswith("Rewritten: 1 ")
    with pytest.raises(ValueError, match="between 10 and 2000 words"):
        summarizer.summarize(articles[0], DecodingOptions(words=5))


def test_a_number_the_text_came_masked_with_stays_as_the_sentence_writes_it():
    # SumPubMed's form: the paper's own <dig> has no number behind it; a rewrite keeps it as written
    # (as the extractive model does), not as the placeholder of a number that cannot be restored
    document = Document.prepare("The trial enrolled <dig> patients. The dose was 5 mg.", masked=True)
    assert document.numbers == [None, "5"]
    marked = rewriting.mark_source([_pieces(s) for s in document.sentences], [0, 1])
    output = ["▁enrolled", "▁", "<dig>", "▁patients", "▁.", "<n>", "▁dose", "▁", "<dig>", "▁mg", "▁."]
    back = rewriting.rewritten(document, output, marked)
    assert back.sentences == ["enrolled <dig> patients .", "dose 5 mg ."]
    # a <dig> written for a sentence with no number at all is still a number it does not hold: the
    # sentence is given as it stands
    nothing = Document.prepare("Nothing here has a number. The dose was 5 mg.", masked=True)
    marked = rewriting.mark_source([_pieces(s) for s in nothing.sentences], [0])
    given = rewriting.rewritten(nothing, ["▁nothing", "▁", "<dig>", "▁."], marked)
    assert given.kept_verbatim == 1 and given.sentences == ["nothing here has a number ."]


PAPER = ("Genes were up-regulated, up to 107-fold, in the blastocyst (see Table 2). The 3'hydroxyl of the ribose, "
         "as shown in 12 assays, is required for activation at ≥80% occupancy.")


def test_a_rewrite_that_deletes_side_parts_keeps_the_papers_own_words_and_numbers():
    # the rewriter reads the masked normal form ("<dig> -fold", "<dig> ' hydroxyl"); what the summary
    # gives is the sentence's kept words as the article writes them, in the normal form that the
    # extractive model's sentences and the harness's measures read (Document.prepare of the text)
    document = Document.prepare(PAPER, masked=True)
    assert document.sentences[1] == "the <dig> ' hydroxyl of the ribose , as shown in <dig> assays , is required for " \
                                    "activation at ≥ <dig> % occupancy ."
    article_sentences = Document.prepare(PAPER).sentences
    marked = rewriting.mark_source([_pieces(s) for s in document.sentences], [0, 1])
    copy = [p for k, s in enumerate(document.sentences) for p in ([] if not k else ["<n>"]) + _pieces(s)]
    # a rewriter that deletes nothing gives exactly the extractive model's sentences (the "any" rule
    # gives the decoder's own text: numbers put back from the attention, no bracketed text)
    assert rewriting.rewritten(document, copy, marked, deletions="clauses").sentences == document.plain([0, 1])
    assert rewriting.rewritten(document, copy, marked, deletions="any").sentences[0] == \
        "genes were up - regulated , up to 107-fold , in the blastocyst ."
    assert document.plain([0, 1]) == article_sentences  # (the measures' own sentences)
    # the side parts go; every number is the article's own at that place, however the rewriter read it
    shortened = _pieces("the <dig> ' hydroxyl of the ribose is required for activation at ≥ <dig> % occupancy .")
    back = rewriting.rewritten(document, _pieces(document.sentences[0]) + ["<n>"] + shortened, marked,
                               deletions="clauses")
    assert back.sentences == [article_sentences[0],
                              "the 3'hydroxyl of the ribose is required for activation at ≥80 % occupancy ."]
    assert back.deletions_undone == 0 and back.kept_verbatim == 0
    # ", up to <dig> -fold" is a side part; the parenthesis the masking took out is the article's, and stays
    side = _pieces("genes were up - regulated , in the blastocyst .")
    back = rewriting.rewritten(document, side + ["<n>"] + shortened, marked, deletions="clauses")
    assert back.sentences[0] == "genes were up - regulated , in the blastocyst ( see table 2 ) ."
    # a deletion that the rule undoes puts the article's words back, numbers included
    cut = _pieces("genes were up - regulated , up to <dig> -fold , in the .")
    back = rewriting.rewritten(document, cut + ["<n>"] + shortened, marked, deletions="clauses")
    assert back.sentences[0] == article_sentences[0] and back.deletions_undone == 1
    # the summary sentence is always a subsequence of the article's sentence (no splice, no number moved)
    for produced, whole in zip(back.sentences, article_sentences):
        rest = iter(whole.split())
        assert all(token in rest for token in produced.split())


def test_plain_part_maps_kept_positions_through_the_raw_text():
    document = Document.prepare(PAPER, masked=True)
    tokens = document.sentences[0].split()  # genes were up - regulated , up to <dig> -fold , in the blastocyst .
    assert document.plain_part(0, range(len(tokens))) == document.plain([0])[0]
    keep = [i for i, t in enumerate(tokens) if i < 5 or i >= 11]  # ", up to <dig> -fold" left out
    assert document.plain_part(0, keep) == "genes were up - regulated in the blastocyst ( see table 2 ) ."
    assert document.plain_part(0, [6, 7, 8, 9, len(tokens) - 1]) == "up to 107 - fold ."
    with pytest.raises(ValueError, match="outside sentence 0"):
        document.plain_part(0, [len(tokens)])
    plain = Document.prepare("The club, based in Leeds, paid.")
    assert plain.plain_part(0, [0, 1, 7, 8]) == "the club paid ."

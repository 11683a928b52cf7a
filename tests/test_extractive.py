"""The extractive summarizer: sentence pooling, the oracle-labelled data, the loss, sentence
choice with trigram blocking, and a tiny extractive model (its encoder started from the tiny
abstractive bundle's) through the Summarizer, the registry, the page's description, the command
line and the evaluation harness."""
import dataclasses
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from app import Summarizer
from app.models import EXTRACTIVE, LEAD3, SHIPPED, ModelRegistry
from fairseq_plugins import evaluation, text
from fairseq_plugins.text import Document, extraction, masking
from fairseq_plugins.evaluation import DECODING_PRESETS
from fairseq_plugins.criterions.sentence_extraction import SentenceExtractionCriterion
from fairseq_plugins.fixes import load_checkpoint
from fairseq_plugins.models.extractive import load_pretrained_encoder
from fairseq_plugins.modules.sentence_pooling import SentenceMeanPool, sentence_ids

REPO = Path(__file__).resolve().parent.parent
SEP, PAD, EOS = 7, 1, 2

ARTICLE = (
    "The city council of Port Alder voted on Tuesday to close the old harbour bridge. "
    "Engineers found cracks in two of its steel supports last month. "
    "Mayor Ruth Okafor said the bridge would stay shut until repairs are finished. "
    "Ferries will carry commuters across the bay in the meantime. "
    "The repairs are expected to cost $4.2 million and take a year. "
    "Residents of the east shore, who use the bridge every day, asked for a free shuttle bus."
)


# --- sentence pooling ---------------------------------------------------------------------------


def test_sentence_ids_skip_separators_and_special_tokens():
    tokens = torch.tensor([[PAD, PAD, 10, 11, SEP, 12, EOS], [10, SEP, 11, 12, SEP, 13, EOS]])
    assert sentence_ids(tokens, SEP, (PAD, EOS)).tolist() == [[-1, -1, 0, 0, -1, 1, -1], [0, -1, 1, 1, -1, 2, -1]]


def test_mean_pool_matches_a_loop_over_sentences():
    torch.manual_seed(0)
    tokens = torch.tensor([[PAD, PAD, PAD, 10, 11, SEP, 12, EOS], [10, SEP, 11, 12, SEP, 13, 14, EOS]])
    states = torch.randn(2, 8, 5)
    pooled, padding = SentenceMeanPool(SEP, (PAD, EOS))(states, tokens)
    assert pooled.shape == (2, 3, 5) and padding.tolist() == [[False, False, True], [False, False, False]]
    for row in range(2):
        sentence, members = 0, {}
        for t, tok in enumerate(tokens[row].tolist()):
            if tok == SEP:
                sentence += 1
            elif tok not in (PAD, EOS):
                members.setdefault(sentence, []).append(states[row, t])
        for j, vectors in members.items():
            assert torch.allclose(pooled[row, j], torch.stack(vectors).mean(0), atol=1e-6)


# --- training data --------------------------------------------------------------------------------


class _WordPieces:
    """A stand-in sentencepiece: one piece per word."""

    def encode(self, sentence, out_type=str):
        return ["▁" + w for w in sentence.split()]


def test_example_keeps_whole_sentences_and_labels_the_oracle():
    sentences = ["a b c .", "d e f g .", "h i .", "j k l m n ."]
    reference = ["d e f g .", "j k l m n ."]
    example = extraction.make_example(sentences, reference, _WordPieces(), max_pieces=12, oracle_sentences=3)
    # 4 + 1 + 5 + 1 + 3 = 14 > 12: two sentences fit (4 + 1 + 5 = 10), the third would cross the limit
    assert example.sentences == 2 and example.dropped_sentences == 2
    assert example.source.split().count(text.SENTENCE_SEPARATOR) == 1
    assert len(example.source.split()) == 10
    # the oracle over what the model reads: only sentence 1 is in the reference
    assert example.labels == "0 1" and example.positives == 1
    assert example.labels.split() == ["1" if i in evaluation.oracle_indices(sentences[:2], reference, 3) else "0"
                                      for i in range(2)]


def test_a_first_sentence_longer_than_the_limit_is_cut_not_dropped():
    example = extraction.make_example(["a b c d e f g h ."], ["a b"], _WordPieces(), max_pieces=4)
    assert example.sentences == 1 and len(example.source.split()) == 4


def test_choose_blocks_repeated_trigrams_and_keeps_article_order():
    sentences = ["the mayor closed the bridge .", "the mayor closed the bridge on tuesday .", "ferries run .", "x y z ."]
    assert extraction.choose([0.9, 0.8, 0.1, 0.5], sentences, k=2, skip_fragments=False) == [0, 3]
    assert extraction.choose([0.9, 0.8, 0.1, 0.5], sentences, k=2, block_trigrams=False, skip_fragments=False) == [0, 1]
    # fewer sentences than k: all of them; the repeat of sentence 0 is still blocked
    assert extraction.choose([0.1, 0.2, 0.3], sentences[:3], k=5, skip_fragments=False) == [1, 2]
    assert extraction.choose([0.3, 0.2, 0.1], sentences[1:], k=5, skip_fragments=False) == [0, 1, 2]
    with pytest.raises(ValueError, match="at least 1"):
        extraction.choose([0.1], sentences[:1], k=0)


# --- the loss --------------------------------------------------------------------------------------


def test_loss_is_binary_cross_entropy_over_real_sentences():
    from fairseq.data import Dictionary

    labels = Dictionary()
    zero, one = labels.add_symbol("0"), labels.add_symbol("1")
    task = type("Task", (), {"target_dictionary": labels})()
    logits = torch.tensor([[2.0, -1.0, 0.5], [0.3, -0.7, float("-inf")]])
    padding = torch.tensor([[False, False, False], [False, False, True]])
    model = lambda **net_input: (logits, padding)  # noqa: E731
    target = torch.tensor([[one, zero, one, labels.eos()], [zero, one, labels.eos(), labels.pad()]])
    sample = {"net_input": {}, "target": target, "ntokens": 7}
    eps = 0.1
    loss, size, log = SentenceExtractionCriterion(task, label_smoothing=eps)(model, sample)
    expected = 0.0
    for x, y in [(2.0, 1), (-1.0, 0), (0.5, 1), (0.3, 0), (-0.7, 1)]:
        p, y = 1 / (1 + math.exp(-x)), y * (1 - eps) + eps / 2
        expected -= y * math.log(p) + (1 - y) * math.log(1 - p)
    assert size == 5 and loss.item() == pytest.approx(expected, rel=1e-5)
    assert log["correct"] == 3  # 2.0 -> 1 right, -1.0 -> 0 right, 0.5 -> 1 right, 0.3 -> 1 wrong, -0.7 -> 0 wrong
    # top-k: row 0 has 2 oracle sentences, its top 2 are 2.0 (1) and 0.5 (1); row 1 has one, its top is 0.3 (0)
    assert log["oracle_sentences"] == 3 and log["top_k_hits"] == 2


def test_criterion_refuses_a_target_dictionary_without_labels():
    from fairseq.data import Dictionary

    task = type("Task", (), {"target_dictionary": Dictionary()})()
    with pytest.raises(ValueError, match="prepare_extractive"):
        SentenceExtractionCriterion(task)


# --- the tiny model end to end ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def summarizer(tiny_extractive_bundle) -> Summarizer:
    return Summarizer(str(tiny_extractive_bundle / "checkpoint.pt"))


def test_bundle_card_and_checkpoint(tiny_extractive_bundle):
    card = json.loads((tiny_extractive_bundle / "model.json").read_text())
    assert card["kind"] == "extractive" and card["preset"] == "cnndm"
    cfg = load_checkpoint(str(tiny_extractive_bundle / "checkpoint.pt"))["cfg"]["model"]
    # the path that initialised training is gone: the bundle loads on any machine
    assert cfg["pretrained_encoder"] is None


def test_encoder_started_from_the_abstractive_model(tiny_bundle, summarizer):
    encoder = summarizer.model.encoder
    load_pretrained_encoder(encoder, str(tiny_bundle / "checkpoint.pt"))
    source = load_checkpoint(str(tiny_bundle / "checkpoint.pt"))["model"]
    for name, value in encoder.state_dict().items():
        assert torch.equal(value, source["encoder." + name].float()), name
    with pytest.raises(ValueError, match="does not match"):
        load_pretrained_encoder(torch.nn.Linear(2, 2), str(tiny_bundle / "checkpoint.pt"))
    with pytest.raises(ValueError, match="no such file"):
        load_pretrained_encoder(encoder, str(tiny_bundle / "missing.pt"))


def test_attention_free_encoder_started_from_one_with_attention(tiny_papers_bundle):
    """--pretrained-encoder-drop-attention: a convolution-only encoder takes every weight of a
    Fastformer + convolution checkpoint but its attention sublayers; without the flag the load stops
    and names the flag."""
    from argparse import Namespace

    from fairseq.data import Dictionary

    from fairseq_plugins.models.efficient_transformer import EfficientEncoder, token_embedding

    path = str(tiny_papers_bundle / "checkpoint.pt")
    checkpoint = load_checkpoint(path)
    cfg = Namespace(**dict(checkpoint["cfg"]["model"]))
    assert cfg.encoder_self_attention == "fastformer" and cfg.encoder_local_conv == 7
    cfg.encoder_self_attention = "none"
    dictionary = Dictionary.load(str(tiny_papers_bundle / "dict.source.txt"))
    encoder = EfficientEncoder(cfg, dictionary, token_embedding(dictionary, cfg.encoder_embed_dim))
    source = checkpoint["model"]
    attention = [k for k in source if k.startswith("encoder.") and ".self_attention." in k]
    assert attention and not any(".self_attention." in k for k in encoder.state_dict())

    with pytest.raises(ValueError, match="pretrained-encoder-drop-attention"):
        load_pretrained_encoder(encoder, path)
    load_pretrained_encoder(encoder, path, drop_attention=True)
    loaded = encoder.state_dict()
    assert len(loaded) == sum(k.startswith("encoder.") for k in source) - len(attention)
    for name, value in loaded.items():
        assert torch.equal(value, source["encoder." + name].float()), name


def test_scores_do_not_depend_on_the_batch(summarizer):
    pieces = [extraction.read_source(summarizer.sentencepiece, text.split_sentences(text.normalize_text(a)),
                                     summarizer.max_source_pieces).pieces
              for a in (ARTICLE, "Ferries will carry commuters. The bridge is shut.")]
    sources = [extraction.source_line(p) for p in pieces]
    together = extraction.sentence_scores(summarizer.model, summarizer.dictionary, sources)  # padded batch
    alone = [extraction.sentence_scores(summarizer.model, summarizer.dictionary, [s])[0] for s in sources]
    assert [len(t) for t in together] == [len(a) for a in alone] == [len(p) for p in pieces]
    assert len(pieces[0]) == 6 and len(pieces[1]) == 2
    for t, a in zip(together, alone):
        assert t == pytest.approx(a, abs=1e-4)


def test_summary_is_the_articles_own_sentences(summarizer):
    result = summarizer.summarize(ARTICLE)
    assert len(result.sentences) == 3
    for sentence in result.sentences:
        assert sentence in ARTICLE  # verbatim: case, "$4.2 million", spacing
    positions = [ARTICLE.index(s) for s in result.sentences]
    assert positions == sorted(positions)  # in article order
    assert result.notes and result.notes[0].startswith("Extractive")
    assert not result.truncated and result.used_pieces == result.input_pieces
    assert [text.normalize_text(s) for s in result.sentences] == result.normalized_sentences


def test_a_long_article_is_read_in_whole_sentences(summarizer):
    article = " ".join(f"Sentence number {i} tells of the harbour bridge and its cracked steel supports." for i in range(60))
    result = summarizer.summarize(article)
    assert result.truncated and result.used_pieces <= summarizer.max_source_pieces < result.input_pieces
    assert any("read the first" in note for note in result.notes)
    assert all(s in article for s in result.sentences)


def test_empty_article_is_a_clear_error(summarizer):
    with pytest.raises(ValueError, match="no text"):
        summarizer.summarize("   \n ")


def test_registry_offers_it_first_and_says_what_it_writes(tiny_bundle, tiny_extractive_bundle):
    from app.demo import decodes, describe

    registry = ModelRegistry(None, {SHIPPED: tiny_bundle, EXTRACTIVE: tiny_extractive_bundle})
    assert [key for _, key in registry.choices()] == [EXTRACTIVE, SHIPPED, LEAD3]
    assert registry.default_key() == EXTRACTIVE
    assert "extractive" in registry.info(EXTRACTIVE).label and "abstractive" in registry.info(SHIPPED).label
    assert describe(registry.info(EXTRACTIVE)).startswith("Extractive")
    assert describe(registry.info(SHIPPED)).startswith("Abstractive")
    # the page's decoding sliders move only for the model that decodes
    assert not decodes(registry.info(EXTRACTIVE)) and decodes(registry.info(SHIPPED))
    assert not decodes(registry.info(LEAD3))
    result = registry.get(EXTRACTIVE).summarize(ARTICLE)
    assert all(s in ARTICLE for s in result.sentences)


def test_command_line(tiny_extractive_bundle, tmp_path):
    path = tmp_path / "article.txt"
    path.write_text(ARTICLE)
    out = subprocess.run([sys.executable, "-m", "app.summarize", str(path), "--model",
                          str(tiny_extractive_bundle / "checkpoint.pt"), "--stats"],
                         capture_output=True, text=True, cwd=REPO, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 3 and all(line in ARTICLE for line in lines)


def test_evaluation_harness_extracts(tiny_extractive_bundle, tmp_path):
    data = tmp_path / "valid.jsonl"
    articles = [ARTICLE, "Ferries will carry commuters. The bridge is shut. Repairs take a year. Buses are free."]
    data.write_text("".join(json.dumps({"id": str(i), "article": a, "summary": "the bridge is shut ."}) + "\n"
                            for i, a in enumerate(articles)))
    out = subprocess.run([sys.executable, "scripts/evaluate.py", "generate", "--system",
                          str(tiny_extractive_bundle / "checkpoint.pt"), "--data-bin", str(tiny_extractive_bundle),
                          "--data", str(data), "--preset", "cnndm", "--out", str(tmp_path / "out"), "--resamples", "50",
                          "--workers", "1"], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert out.returncode == 0, out.stderr
    hypotheses = (tmp_path / "out" / "hypotheses.txt").read_text().splitlines()
    for article, line in zip(articles, hypotheses):
        sentences = text.split_sentences(text.normalize_text(article))
        chosen = [s.strip() for s in line.split(text.SENTENCE_SEPARATOR)]
        assert len(chosen) == 3 and all(s in sentences for s in chosen)
    scores = json.loads((tmp_path / "out" / "scores.json").read_text())
    assert scores["selection"] == {"k": 3, "words": None, "lexrank_weight": 0.0, "degree_weight": 0.0, "position_weight": 0.0,
                                   "max_trigram_overlap": 0.0, "standalone": False}
    # the broken-sentence measure sees whole article sentences: nothing spliced, nothing cut off,
    # no word the article does not have
    for measure in ("spliced_sentences", "cut_off", "unsupported_words"):
        assert scores["per_document"][measure] == [0.0, 0.0], measure


def test_tuning_chooses_the_number_of_sentences(tiny_extractive_bundle, tmp_path):
    data = tmp_path / "valid.jsonl"
    data.write_text("".join(json.dumps({"id": str(i), "article": ARTICLE, "summary": summary}) + "\n"
                            for i, summary in enumerate(["the bridge is shut .", "ferries carry commuters ."])))
    out = subprocess.run([sys.executable, "scripts/evaluate.py", "tune", "--system",
                          str(tiny_extractive_bundle / "checkpoint.pt"), "--data-bin", str(tiny_extractive_bundle),
                          "--data", str(data), "--preset", "cnndm", "--grid", "lead_k=1,4", "--cpu",
                          "--workers", "1", "--out", str(tmp_path / "tune.json")],
                         capture_output=True, text=True, cwd=REPO, timeout=300)
    assert out.returncode == 0, out.stderr
    rows = json.loads((tmp_path / "tune.json").read_text())["rows"]
    assert sorted(row["settings"]["lead_k"] for row in rows) == [1, 4]
    assert [row["mean"] for row in rows] == sorted((row["mean"] for row in rows), reverse=True)
    words = {row["settings"]["lead_k"]: row["words"] for row in rows}
    # four of the article's sentences are longer than one (trigram blocking may skip none here)
    sentence_words = [len(s.split()) for s in text.split_sentences(text.normalize_text(ARTICLE))]
    assert min(sentence_words) <= words[1] <= max(sentence_words) < words[4]


def test_tuning_the_selection_runs_the_model_once(tiny_extractive_bundle, monkeypatch):
    """A grid of lengths in words and fusion weights scores each article with the model once (the
    system keeps the scores of a source line), and each setting is the preset's selection."""
    from fairseq_plugins.evaluation import harness

    scored = []
    real = extraction.sentence_scores
    monkeypatch.setattr(extraction, "sentence_scores", lambda model, d, sources: scored.extend(sources) or real(model, d, sources))
    system = harness.load_system(tiny_extractive_bundle / "checkpoint.pt", tiny_extractive_bundle,
                                 DECODING_PRESETS["cnndm"], device="cpu", log=lambda message: None)
    docs = [harness.Pair(0, "0", ARTICLE, "the bridge is shut ."), harness.Pair(1, "1", ARTICLE + " Buses are free.", "buses .")]
    grid = harness.parse_grid("words=12,40 lexrank_weight=0,1 degree_weight=0,1 position_weight=0,0.5")
    assert len(grid) == 16 and grid[-1] == {"words": 40, "lexrank_weight": 1.0, "degree_weight": 1.0, "position_weight": 0.5}
    rows = harness.tune_decoding(system, docs, DECODING_PRESETS["cnndm"], grid)
    assert len(rows) == 16 and len(scored) == 2  # two articles, each read once over sixteen settings
    # each row is its setting's selection: the same summaries as a system set to it from the start
    last = dataclasses.replace(DECODING_PRESETS["cnndm"], **rows[0]["settings"])
    system.set_preset(last)
    again = harness.score_pairs([harness.reference_line(d.summary) for d in docs], system.summarize([d.article for d in docs]), 1)
    assert sum(again["rouge1"]) / 2 == pytest.approx(rows[0]["rouge"]["rouge1"])
    shorter = [r["words"] for r in rows if r["settings"]["words"] == 12]
    longer = [r["words"] for r in rows if r["settings"]["words"] == 40]
    assert max(shorter) < min(longer)
    for bad in ("words=0", "lexrank_weight=-1", "degree_weight=-0.5"):
        with pytest.raises(evaluation.EvaluationError, match="must be >= "):
            harness.tune_decoding(system, docs, DECODING_PRESETS["cnndm"], harness.parse_grid(bad))


def test_prepare_extractive_reports_bad_input(tmp_path):
    out = subprocess.run([sys.executable, "scripts/prepare_extractive.py", "--name", "x", "--bundle", str(tmp_path),
                          "--train", "missing.jsonl", "--valid", "missing.jsonl", "--out-dir", str(tmp_path)],
                         capture_output=True, text=True, cwd=REPO, timeout=120)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "no spm.model" in out.stderr


# --- an extractive model trained on masked numbers (the papers form) ---------------------------------


def test_masked_document_reads_numbers_masked_and_gives_sentences_back_verbatim():
    raw = ("We counted 42 cells (see Fig. 2) in 3.5 ml [3]. (All of this sentence is bracketed.) "
           "IL-6 rose 2-fold (Smith et al., 2005).")
    document = Document.prepare(raw, masked=True)
    # read as the training data was masked (numbers, citations; bracketed text gone, and with it the
    # sentence that was all brackets), then normalized
    assert [s.split() for s in document.sentences] == [
        ["we", "counted", "<dig>", "cells", "in", "<dig>", "ml", "<cit>", "."],
        ["il", "-", "6", "rose", "<dig>", "-fold", "<cit>", "."],  # a gene's 6 stays
    ]
    assert document.numbers == ["42", "3.5", "2"]
    # a chosen sentence comes back as the paper writes it: numbers and bracketed text included
    assert document.verbatim([0, 1]) == ["We counted 42 cells (see Fig. 2) in 3.5 ml [3].",
                                         "IL-6 rose 2-fold (Smith et al., 2005)."]


@pytest.fixture(scope="module")
def papers_summarizer(tiny_papers_extractive_bundle) -> Summarizer:
    return Summarizer(str(tiny_papers_extractive_bundle / "checkpoint.pt"))


def test_masked_extractive_data_is_masked(tiny_papers_extractive_bundle):
    card = json.loads((tiny_papers_extractive_bundle / "model.json").read_text())
    settings = json.loads((tiny_papers_extractive_bundle / "prepare.json").read_text())
    assert card["kind"] == "extractive" and card["preset"] == "papers" and settings["masking"]


def test_masked_extractive_model_gives_back_the_papers_numbers(papers_summarizer, monkeypatch):
    import random
    sys.path.insert(0, str(REPO / "scripts"))
    from make_toy_corpus import toy_paper

    paper = toy_paper(random.Random(7), 0)["article"]
    scored = []
    real_scores = extraction.sentence_scores

    def spy(model, dictionary, sources):
        scored.extend(sources)
        return real_scores(model, dictionary, sources)

    monkeypatch.setattr(extraction, "sentence_scores", spy)
    result = papers_summarizer.summarize(paper)
    # at most the preset's k: the toy papers repeat a few sentence templates, so trigram blocking
    # skips many
    assert 2 <= len(result.sentences) <= DECODING_PRESETS["papers"].lead_k
    # the model read masked sentences: numbers as <dig>, citations as <cit>, no digit left but
    # those of gene names ("sox9", "il - 6" as normalized)
    (source,) = scored
    read = "".join(source.split()).replace("▁", " ")
    assert "<dig>" in read and "<cit>" in read and "sox9" in read
    assert re.search(r"(?<![a-z0-9])(?<!il - )\d", read) is None
    # the person reads the paper's own sentences, real numbers and citations included
    lines = paper.splitlines()
    assert all(sentence in lines for sentence in result.sentences)
    assert any(ch.isdigit() for ch in result.summary) and "<dig>" not in result.summary
    assert result.normalized_sentences == [text.normalize_text(masking.mask(s).text) for s in result.sentences]
    assert "numbers included" in result.notes[0]


def test_masked_extractive_model_refuses_an_all_bracketed_text(papers_summarizer):
    with pytest.raises(ValueError, match="bracketed"):
        papers_summarizer.summarize("(Only a parenthesis here.) [And a bracket.]")


def test_the_harness_scores_a_masked_models_summaries_as_a_reader_gets_them(tiny_papers_extractive_bundle,
                                                                              tiny_papers_bundle):
    import random
    sys.path.insert(0, str(REPO / "scripts"))
    from make_toy_corpus import toy_paper

    paper = toy_paper(random.Random(7), 0)["article"]
    paper_lines = {text.normalize_text(line) for line in paper.splitlines()}
    extractive = evaluation.load_system(tiny_papers_extractive_bundle / "checkpoint.pt", tiny_papers_extractive_bundle,
                                        evaluation.get_preset("papers"), log=lambda message: None)
    (line,) = extractive.summarize([paper])
    # the paper's own sentences, numbers and citations as the paper writes them
    assert "<dig>" not in line and "<cit>" not in line and any(ch.isdigit() for ch in line)
    assert all(sentence in paper_lines for sentence in line.split(" <n> "))
    assert evaluation.measure_pairs([paper], [line])["unsupported_words"] == [0.0]
    # an abstractive model's <dig> become numbers of the paper (or the placeholder), never stay
    abstractive = evaluation.load_system(tiny_papers_bundle / "checkpoint.pt", tiny_papers_bundle,
                                         evaluation.get_preset("papers", min_len=5, max_len_b=40), batch_size=2,
                                         log=lambda message: None)
    written = abstractive.summarize([paper, paper.replace("7", "8")])
    assert all(summary and "<dig>" not in summary and "<cit>" not in summary for summary in written)

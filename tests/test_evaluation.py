"""The evaluation harness: bootstrap intervals, paired bootstrap test, Lead-3, the greedy
oracle, scripts/evaluate.py (generate / merge / compare, error paths), and generation with a
checkpoint (sharded and merged = unsharded)."""
import importlib.util
import json
import random
from collections import Counter
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from fairseq_plugins import evaluation as ev
from fairseq_plugins.scoring.rouge import rouge_tokens
from fairseq_plugins.evaluation import faithfulness
from fairseq_plugins.text.readable import readable
from fairseq_plugins.scoring.rouge import ROUGE_TYPES

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "scripts"
_spec = importlib.util.spec_from_file_location("evaluate_cli", SCRIPTS / "evaluate.py")
evaluate_cli = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(evaluate_cli)


# --- bootstrap ------------------------------------------------------------------------------


def test_bootstrap_ci_contains_the_mean_and_shrinks_with_n():
    rng = np.random.default_rng(0)
    widths = {}
    for n in (100, 2500):
        values = {"rouge1": list(rng.normal(40, 12, n)), "rouge2": list(rng.normal(17, 9, n))}
        cis = ev.bootstrap_cis(values, resamples=1000, seed=1)
        for metric, (lo, hi) in cis.items():
            mean = float(np.mean(values[metric]))
            assert lo < mean < hi
        widths[n] = cis["rouge1"][1] - cis["rouge1"][0]
    # the width goes as 1/sqrt(n): 5 times narrower for 25 times the documents
    assert 3.5 < widths[100] / widths[2500] < 7


def test_bootstrap_is_seeded():
    values = {"rouge1": [float(x) for x in range(50)]}
    assert ev.bootstrap_cis(values, seed=3) == ev.bootstrap_cis(values, seed=3)
    assert ev.bootstrap_cis(values, seed=3) != ev.bootstrap_cis(values, seed=4)


def test_paired_bootstrap_p_is_one_for_identical_systems():
    rng = np.random.default_rng(1)
    a = {t: list(rng.uniform(0, 60, 300)) for t in ROUGE_TYPES}
    result = ev.paired_bootstrap(a, a)
    for metric in ROUGE_TYPES:
        assert result[metric]["delta"] == 0
        assert result[metric]["p_value"] == pytest.approx(1.0)


def test_paired_bootstrap_p_is_small_for_a_clearly_better_system():
    rng = np.random.default_rng(2)
    b = rng.uniform(10, 50, 300)
    a = b + 2.0 + rng.normal(0, 3, 300)  # better by 2 points on average, noisy per document
    result = ev.paired_bootstrap({"rouge1": list(a)}, {"rouge1": list(b)}, resamples=1000)["rouge1"]
    assert result["delta"] == pytest.approx(float(np.mean(a - b)))
    assert result["p_value"] <= 0.002 and result["a_wins"] == 1.0
    lo, hi = result["ci95"]
    assert 0 < lo < result["delta"] < hi
    # and the other way round: same p, B wins
    back = ev.paired_bootstrap({"rouge1": list(b)}, {"rouge1": list(a)})["rouge1"]
    assert back["p_value"] <= 0.002 and back["a_wins"] == 0.0


def test_paired_bootstrap_p_is_large_for_noise():
    rng = np.random.default_rng(3)
    b = rng.uniform(10, 50, 400)
    a = b + rng.normal(0, 3, 400)
    a = a - (a - b).mean()  # exactly no difference on average
    assert ev.paired_bootstrap({"rouge1": list(a)}, {"rouge1": list(b)})["rouge1"]["p_value"] > 0.5


# --- Lead-3, references, oracle --------------------------------------------------------------


def test_lead3_takes_the_first_three_sentences_of_the_normalized_article():
    article = ('The mayor said on Monday: "We will rebuild." Work starts in May! '
               "Will it end by 2020? Nobody knows. A fifth sentence.")
    assert ev.lead_sentences(article, 3) == [
        'the mayor said on monday : " we will rebuild . "', "work starts in may !", "will it end by 2020 ?"]
    assert ev.lead_summary(article, 2) == 'the mayor said on monday : " we will rebuild . " <n> work starts in may !'
    only = ev.lead_sentences("Only one sentence here", 3)
    assert len(only) == 1 and only[0].startswith("only one sentence here")
    assert ev.lead_summary("", 3) == ""
    # already-normalized CNN/DM text is split after standalone . ! ? tokens
    assert ev.lead_sentences("he left . she stayed ! why ? they ask . more .", 3) == ["he left .", "she stayed !", "why ?"]


def test_reference_line_keeps_the_summary_sentences():
    assert ev.reference_line("first sentence .\n\n  second   one .\n") == "first sentence . <n> second one ."
    assert ev.reference_line("one line") == "one line"


def test_oracle_picks_the_sentences_the_reference_copies():
    sentences = ["the weather was fine .", "police arrested two men near the harbour .",
                 "a cat sat on the mat .", "the men were released on bail on friday .",
                 "more rain is expected ."]
    reference = ["police arrested two men near the harbour .", "they were released on bail on friday ."]
    assert ev.oracle_indices(sentences, reference, max_sentences=3) == [1, 3]
    assert ev.oracle_indices(sentences, reference, max_sentences=1) == [1]
    assert ev.oracle_indices(sentences, ["nothing in common"], max_sentences=3) == []


def _oracle_by_recounting(sentences, reference_sentences, max_sentences):
    """The greedy oracle's definition, spelt out: the union's n-gram counts rebuilt for every
    candidate, clipped against the reference, ROUGE-1 F + ROUGE-2 F."""
    def grams(tokens, n):
        return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))

    def f1(overlap, hyp, ref):
        p, r = (overlap / hyp, overlap / ref) if overlap else (0.0, 0.0)
        return 2 * p * r / (p + r) if overlap else 0.0

    ref_tokens = [t for s in reference_sentences for t in rouge_tokens(s)]
    ref = {n: grams(ref_tokens, n) for n in (1, 2)}
    tokens = [rouge_tokens(s) for s in sentences]
    chosen, best = [], 0.0
    limit = len(sentences) if max_sentences is None else max_sentences
    while len(chosen) < limit:
        pick = None
        for i in range(len(sentences)):
            if i in chosen or not tokens[i]:
                continue
            score = 0.0
            for n in (1, 2):
                union = sum((grams(tokens[j], n) for j in chosen + [i]), Counter())
                overlap = sum(min(c, ref[n][g]) for g, c in union.items())
                score += f1(overlap, sum(union.values()), sum(ref[n].values()))
            if score > best:
                pick, best = i, score
        if pick is None:
            break
        chosen.append(pick)
    return sorted(chosen)


@pytest.mark.parametrize("seed", range(6))
def test_oracle_matches_recounting_the_union(seed):
    # small vocabulary, repeated words: clipping at the reference count matters
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(25)]
    sentences = [" ".join(rng.choices(words, k=rng.randint(0, 14))) for _ in range(rng.randint(5, 30))]
    reference = [" ".join(rng.choices(words, k=rng.randint(3, 12))) for _ in range(rng.randint(1, 5))]
    for max_sentences in (1, 3, None):
        assert ev.oracle_indices(sentences, reference, max_sentences) == \
            _oracle_by_recounting(sentences, reference, max_sentences)


def synthetic_corpus(n_docs: int, seed: int = 0):
    """Articles of 8-12 random sentences; the summary copies (with a word changed) two or three
    sentences from anywhere in the article, so Lead-3 is not the best extract."""
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(300)]
    docs = []
    for i in range(n_docs):
        sentences = [" ".join(rng.choice(words) for _ in range(rng.randint(6, 14))) + " ."
                     for _ in range(rng.randint(8, 12))]
        picked = sorted(rng.sample(range(len(sentences)), rng.randint(2, 3)))
        summary = []
        for j in picked:
            tokens = sentences[j].split()
            tokens[rng.randrange(len(tokens) - 1)] = rng.choice(words)
            summary.append(" ".join(tokens))
        docs.append({"id": f"syn-{i}", "article": " ".join(sentences), "summary": "\n".join(summary)})
    return docs


def write_jsonl(path: Path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_oracle_scores_at_least_lead3_on_a_synthetic_corpus():
    docs = synthetic_corpus(60)
    refs = [ev.reference_line(d["summary"]) for d in docs]
    lead = ev.score_pairs(refs, [ev.lead_summary(d["article"]) for d in docs])
    oracle = ev.score_pairs(refs, [ev.oracle_summary(d["article"], d["summary"], 3) for d in docs])
    for metric in ROUGE_TYPES:
        assert np.mean(oracle[metric]) >= np.mean(lead[metric])
    assert np.mean(oracle["rouge2"]) > np.mean(lead["rouge2"]) + 20


def test_parallel_scoring_equals_serial():
    docs = synthetic_corpus(240, seed=5)
    refs = [ev.reference_line(d["summary"]) for d in docs]
    hyps = [ev.lead_summary(d["article"]) for d in docs]
    assert ev.score_pairs(refs, hyps, workers=2) == ev.score_pairs(refs, hyps, workers=1)


# --- scripts/evaluate.py ---------------------------------------------------------------------


def run_cli(args, capsys):
    try:
        code = evaluate_cli.main([str(a) for a in args])
    except SystemExit as exit_:  # argparse errors
        code = exit_.code
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory):
    return write_jsonl(tmp_path_factory.mktemp("syn") / "valid.jsonl", synthetic_corpus(50, seed=7))


def test_generate_lead3_writes_aligned_files_and_scores(tmp_path, corpus_file, capsys):
    code, out, err = run_cli(["generate", "--system", "lead3", "--data", corpus_file, "--preset", "cnndm",
                              "--out", tmp_path / "lead3"], capsys)
    assert code == 0, err
    for metric in ("ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-Lsum"):
        assert metric in out
    d = tmp_path / "lead3"
    hyps = (d / "hypotheses.txt").read_text().splitlines()
    refs = (d / "references.txt").read_text().splitlines()
    ids = (d / "ids.txt").read_text().splitlines()
    assert len(hyps) == len(refs) == len(ids) == 50
    assert ids[0] == "syn-0" and all(h.count(" <n> ") == 2 for h in hyps)
    assert refs[0] == ev.reference_line(synthetic_corpus(50, seed=7)[0]["summary"])
    scores = json.loads((d / "scores.json").read_text())
    assert scores["n"] == 50 and scores["bootstrap"] == {"resamples": 1000, "seed": 1, "confidence": 0.95}
    for metric in ROUGE_TYPES:
        r = scores["rouge"][metric]
        assert r["mean"] == pytest.approx(np.mean(scores["per_document"][metric]))
        assert r["ci95"][0] <= r["mean"] <= r["ci95"][1]
        assert f"{r['mean']:.2f}" in out


def test_merged_shards_equal_the_unsharded_run(tmp_path, corpus_file, capsys):
    base = ["generate", "--system", "oracle", "--data", corpus_file, "--preset", "cnndm", "--limit", "40"]
    assert run_cli(base + ["--out", tmp_path / "all"], capsys)[0] == 0
    shard_dirs = [tmp_path / f"shard{i}" for i in range(3)]
    for i, d in enumerate(shard_dirs):
        code, out, err = run_cli(base + ["--out", d, "--shards", 3, "--shard-id", i], capsys)
        assert code == 0, err
        assert len((d / "ids.txt").read_text().splitlines()) in (13, 14)
    code, out, err = run_cli(["merge", "--out", tmp_path / "merged"] + shard_dirs[::-1], capsys)
    assert code == 0, err
    whole = json.loads((tmp_path / "all" / "scores.json").read_text())
    merged = json.loads((tmp_path / "merged" / "scores.json").read_text())
    assert merged["rouge"] == whole["rouge"] and merged["per_document"] == whole["per_document"]
    assert merged["n"] == whole["n"] == 40
    for name in ("hypotheses.txt", "references.txt", "ids.txt"):
        assert (tmp_path / "merged" / name).read_text() == (tmp_path / "all" / name).read_text()
    # merge without --out prints the same numbers
    code, out_print, _ = run_cli(["merge"] + shard_dirs, capsys)
    assert code == 0 and f"{whole['rouge']['rouge1']['mean']:.2f}" in out_print

    # a missing shard, and shards of different runs, are refused
    code, _, err = run_cli(["merge"] + shard_dirs[:2], capsys)
    assert code == 2 and "shard(s) 2 of 3 missing" in err
    assert run_cli(base[:-2] + ["--limit", "30", "--out", tmp_path / "other", "--shards", 3, "--shard-id", 2], capsys)[0] == 0
    code, _, err = run_cli(["merge", shard_dirs[0], shard_dirs[1], tmp_path / "other"], capsys)
    assert code == 2 and "not shards of one run: limit differs" in err
    code, _, err = run_cli(["merge", shard_dirs[0], shard_dirs[0], shard_dirs[1], shard_dirs[2]], capsys)
    assert code == 2 and "is in both" in err


def test_compare_identical_and_better_systems(tmp_path, corpus_file, capsys):
    for system in ("lead3", "oracle"):
        assert run_cli(["generate", "--system", system, "--data", corpus_file, "--preset", "cnndm",
                        "--out", tmp_path / system], capsys)[0] == 0
    code, out, err = run_cli(["compare", tmp_path / "lead3", tmp_path / "lead3"], capsys)
    assert code == 0, err
    assert out.count("1.0000") == len(ROUGE_TYPES) + len(faithfulness.MEASURES)  # ROUGE and readability rows
    code, out, err = run_cli(["compare", tmp_path / "oracle", tmp_path / "lead3", "--out", tmp_path / "cmp.json"], capsys)
    assert code == 0, err
    result = json.loads((tmp_path / "cmp.json").read_text())
    for metric in ROUGE_TYPES:
        assert result["metrics"][metric]["delta"] > 0 and result["metrics"][metric]["p_value"] < 0.01
    # systems on different documents cannot be compared
    assert run_cli(["generate", "--system", "lead3", "--data", corpus_file, "--preset", "cnndm", "--limit", "10",
                    "--out", tmp_path / "short"], capsys)[0] == 0
    code, _, err = run_cli(["compare", tmp_path / "short", tmp_path / "lead3"], capsys)
    assert code == 2 and "not on the same documents" in err


@pytest.fixture(scope="module")
def bad_inputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("bad")
    (d / "broken.jsonl").write_text('{"id": "a", "article": "x .", "summary": "y ."}\n{not json\n')
    (d / "nosummary.jsonl").write_text('{"id": "a", "article": "x ."}\n')
    (d / "empty.jsonl").write_text("")
    (d / "notadir").write_text("")
    return d


@pytest.mark.parametrize("args,message", [
    (["--system", "lead3", "--data", "{d}/missing.jsonl"], "missing.jsonl: no such file"),
    (["--system", "lead3", "--data", "{d}/broken.jsonl"], "broken.jsonl:2: not a JSON object"),
    (["--system", "lead3", "--data", "{d}/nosummary.jsonl"], "nosummary.jsonl:1: no 'summary' field"),
    (["--system", "lead3", "--data", "{d}/empty.jsonl"], "empty.jsonl: no documents in it"),
    (["--system", "nonsense", "--data", "{d}/broken.jsonl"], "--system nonsense: not lead<K>, not oracle, and no such checkpoint file"),
    (["--system", "{d}/notadir", "--data", "{d}/broken.jsonl"], "needs --data-bin"),
    (["--system", "lead3", "--data", "{d}/broken.jsonl", "--shards", "2", "--shard-id", "2"], "--shard-id must be in [0, 1], got 2"),
    (["--system", "lead3", "--data", "{d}/broken.jsonl", "--preset", "xsum"], "unknown preset 'xsum'"),
    (["--system", "lead3", "--data", "{d}/broken.jsonl", "--limit", "0"], "expected a positive integer, got 0"),
])
def test_generate_errors_exit_2_with_a_clear_message(bad_inputs, tmp_path, capsys, args, message):
    args = [a.format(d=bad_inputs) for a in args]
    if "--preset" not in args:
        args += ["--preset", "cnndm"]
    code, out, err = run_cli(["generate", "--out", tmp_path / "out"] + args, capsys)
    assert code == 2
    assert message in err
    assert "Traceback" not in err
    assert not (tmp_path / "out" / "scores.json").exists()


def test_merge_and_compare_errors(tmp_path, capsys):
    code, _, err = run_cli(["merge", tmp_path / "nope"], capsys)
    assert code == 2 and "no such output directory" in err
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "hypotheses.txt").write_text("x\n")
    code, _, err = run_cli(["compare", tmp_path / "half", tmp_path / "half"], capsys)
    assert code == 2 and "not an evaluate.py output directory (no references.txt, ids.txt, scores.json)" in err


def test_cli_exit_status_from_the_shell(tmp_path):
    result = subprocess.run([sys.executable, str(SCRIPTS / "evaluate.py"), "generate", "--system", "lead3",
                             "--data", str(tmp_path / "missing.jsonl"), "--preset", "cnndm", "--out", str(tmp_path / "o")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1] == f"evaluate.py generate: error: {tmp_path / 'missing.jsonl'}: no such file"


# --- a checkpoint ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tiny_checkpoint(tmp_path_factory):
    from test_distributed import TINY_MODEL, build_tiny_data_bin

    root = tmp_path_factory.mktemp("ckpt")
    data_bin = build_tiny_data_bin(root, n_train=48, n_valid=10)
    save_dir = root / "ck"
    result = subprocess.run([str(SCRIPTS / "train.sh"), "cpu_budget", str(data_bin), str(save_dir)] + TINY_MODEL
                            + ["--max-update", "3", "--batch-size", "8", "--disable-validation"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    return save_dir / "checkpoint_last.pt", data_bin, root / "corpus" / "valid.jsonl"


def test_checkpoint_generation_sharded_and_merged_equals_unsharded(tmp_path, tiny_checkpoint, capsys):
    checkpoint, data_bin, valid = tiny_checkpoint
    base = ["generate", "--system", checkpoint, "--data-bin", data_bin, "--data", valid, "--preset", "cnndm",
            "--max-len-b", "12", "--min-len", "1", "--batch-size", "4", "--cpu"]
    code, out, err = run_cli(base + ["--out", tmp_path / "all"], capsys)
    assert code == 0, err
    scores = json.loads((tmp_path / "all" / "scores.json").read_text())
    assert scores["system_kind"] == "checkpoint" and scores["num_updates"] == 3
    assert scores["max_source_pieces"] == 400  # from the data directory's prepare.json
    assert scores["decoding"] == {"beam": 4, "no_repeat_ngram_size": 3, "min_len": 1, "max_len_a": 0,
                                  "max_len_b": 12, "lenpen": 2.0}  # the cnndm preset's tuned penalty
    hyps = (tmp_path / "all" / "hypotheses.txt").read_text().split("\n")[:-1]
    assert len(hyps) == 10 and all(h.strip() for h in hyps)
    assert all(len(h.replace("<n>", " ").split()) <= 12 for h in hyps)
    for i in range(2):
        assert run_cli(base + ["--out", tmp_path / f"s{i}", "--shards", 2, "--shard-id", i], capsys)[0] == 0
    assert run_cli(["merge", "--out", tmp_path / "merged", tmp_path / "s0", tmp_path / "s1"], capsys)[0] == 0
    merged = json.loads((tmp_path / "merged" / "scores.json").read_text())
    assert merged["per_document"] == scores["per_document"] and merged["rouge"] == scores["rouge"]
    assert (tmp_path / "merged" / "hypotheses.txt").read_text() == (tmp_path / "all" / "hypotheses.txt").read_text()
    # the checkpoint path checks its data directory
    code, _, err = run_cli(base[:4] + [tmp_path] + base[5:] + ["--out", tmp_path / "x"], capsys)
    assert code == 2 and "no dict.source.txt in it" in err


def test_tune_runs_every_setting_and_ranks_by_mean_rouge(tmp_path, tiny_checkpoint, capsys):
    checkpoint, data_bin, valid = tiny_checkpoint
    out = tmp_path / "tune.json"
    code, printed, err = run_cli(["tune", "--system", checkpoint, "--data-bin", data_bin, "--data", valid, "--preset", "cnndm",
                                  "--grid", "beam=1,2 min_len=1 max_len_b=4,9", "--start", 3, "--limit", 5, "--cpu",
                                  "--out", out], capsys)
    assert code == 0, err
    table = json.loads(out.read_text())
    assert table["n"] == 5 and table["start"] == 3
    rows = table["rows"]
    assert sorted((r["settings"]["beam"], r["settings"]["max_len_b"]) for r in rows) == [(1, 4), (1, 9), (2, 4), (2, 9)]
    means = [r["mean"] for r in rows]
    assert means == sorted(means, reverse=True)
    for r in rows:
        g = r["rouge"]
        assert r["mean"] == pytest.approx((g["rouge1"] + g["rouge2"] + g["rougeLsum"]) / 3)
        assert r["words"] <= r["settings"]["max_len_b"]  # a piece is at most one word here
    # the same setting through `generate` on the same slice gives the same ROUGE-1
    best = rows[0]["settings"]
    code, _, err = run_cli(["generate", "--system", checkpoint, "--data-bin", data_bin, "--data", valid, "--preset", "cnndm",
                            "--beam", best["beam"], "--min-len", 1, "--max-len-b", best["max_len_b"], "--start", 3,
                            "--limit", 5, "--cpu", "--out", tmp_path / "gen"], capsys)
    assert code == 0, err
    scores = json.loads((tmp_path / "gen" / "scores.json").read_text())
    assert scores["rouge"]["rouge1"]["mean"] == pytest.approx(rows[0]["rouge"]["rouge1"])


def test_a_minimum_longer_than_the_model_can_write_is_a_message(tmp_path, tiny_checkpoint, capsys):
    """scripts/train.sh trains with --max-target-positions 1024, so summaries stop at 1,023 pieces;
    fairseq itself stops on an assertion for a longer minimum."""
    checkpoint, data_bin, valid = tiny_checkpoint
    code, _, err = run_cli(["tune", "--system", checkpoint, "--data-bin", data_bin, "--data", valid, "--preset", "cnndm",
                            "--grid", "min_len=1024 max_len_b=1100", "--limit", 2, "--cpu"], capsys)
    assert code == 2 and "min_len 1024 is longer than this model's longest summary (1023 pieces" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("grid, message", [
    ("beam", "expected NAME=V1,V2"),
    ("width=3", "expected NAME=V1,V2"),
    ("lenpen=fast", "lenpen takes float values"),
    ("beam=2.5", "beam takes int values"),
])
def test_tune_rejects_a_bad_grid_before_loading_anything(tmp_path, corpus_file, capsys, grid, message):
    code, _, err = run_cli(["tune", "--system", tmp_path / "missing.pt", "--data-bin", tmp_path, "--data", corpus_file,
                            "--preset", "cnndm", "--grid", grid], capsys)
    assert code == 2 and message in err


def test_parse_grid_is_the_cartesian_product_in_order():
    assert ev.parse_grid("beam=4 min-len=30,45 lenpen=1,2.5") == [
        {"beam": 4, "min_len": 30, "lenpen": 1.0}, {"beam": 4, "min_len": 30, "lenpen": 2.5},
        {"beam": 4, "min_len": 45, "lenpen": 1.0}, {"beam": 4, "min_len": 45, "lenpen": 2.5},
    ]


def test_start_skips_documents_and_keeps_their_positions(tmp_path, corpus_file):
    every = ev.read_jsonl(corpus_file)
    part = ev.read_jsonl(corpus_file, limit=5, start=10)
    assert [d.index for d in part] == list(range(10, 15))
    assert [(d.id, d.article) for d in part] == [(d.id, d.article) for d in every[10:15]]
    with pytest.raises(ev.EvaluationError, match="no documents in it after the first 50"):
        ev.read_jsonl(corpus_file, start=50)


def test_samples_prints_references_beside_outputs(tmp_path, corpus_file, capsys):
    out = tmp_path / "lead3"
    assert run_cli(["generate", "--system", "lead3", "--data", corpus_file, "--preset", "cnndm", "--out", out], capsys)[0] == 0
    code, printed, err = run_cli(["samples", out, "--n", 3, "--seed", 4], capsys)
    assert code == 0, err
    rows = printed.splitlines()[2:]
    assert len(rows) == 3
    scores = json.loads((out / "scores.json").read_text())
    ids = (out / "ids.txt").read_text().split("\n")
    hyps = (out / "hypotheses.txt").read_text().split("\n")
    articles = {d.id: d.article for d in ev.read_jsonl(corpus_file)}
    for row in rows:
        doc_id, reference, hypothesis, r1 = [c.strip() for c in row.strip("|").split(" | ")]
        i = ids.index(doc_id)
        # what a person reads: each scored sentence made readable, cased from the document's article
        assert hypothesis == "<br>".join(readable(hyps[i].split(" <n> "), articles[doc_id]))
        assert hypothesis[0].isupper() and " ." not in hypothesis
        assert float(r1) == pytest.approx(scores["per_document"]["rouge1"][i], abs=0.05)
    assert run_cli(["samples", out, "--n", 3, "--seed", 4], capsys)[1] == printed  # seeded
    code, _, err = run_cli(["samples", tmp_path / "nothing"], capsys)
    assert code == 2 and "no such output directory" in err

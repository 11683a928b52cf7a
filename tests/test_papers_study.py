"""scripts/papers_study.sh (the equal-CPU-budget study of encoders on papers): the rows it trains and evaluates,
all with the same recipe and decoding, the baselines, curves and table it ends with, and a clear
error for a row it does not know."""
import functools
import os
import subprocess
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=1)
def _two_core_path() -> str:
    """A PATH whose ``nproc`` says 2, so that the drivers' default cores (0 1) and their check of
    CORES are the same on any machine the tests run on (one pinned to a single core included)."""
    bin_dir = Path(tempfile.mkdtemp(prefix="two_cores_"))
    nproc = bin_dir / "nproc"
    nproc.write_text("#!/bin/sh\necho 2\n")
    nproc.chmod(0o755)
    return f"{bin_dir}:/usr/bin:/bin"


def _study(*args, **env):
    return subprocess.run(["bash", "scripts/papers_study.sh", *args], capture_output=True, text=True,
                          cwd=REPO, env={"PATH": _two_core_path(), **env}, timeout=60)


EXPECTED = {"fastformer_8192": ("fastformer_conv_small", 8192), "fastformer_1024": ("fastformer_conv_small", 1024),
            "transformer_long": ("transformer_small", 2560), "transformer_conv": ("transformer_conv_small", 2560),
            "conv_only_8192": ("conv_only_small", 8192), "local_8192": ("local_transformer_small", 8192)}


def test_every_row_same_recipe_own_encoder_and_length():
    out = _study("--dry-run", PARALLEL="2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    prepare = [line for line in lines if "scripts/prepare_data.py" in line]
    assert len(prepare) == 1 and "--name sumpubmed_study --out-dir data-bin" in prepare[0]
    assert "--limit 8000 --max-source-pieces 8192 --max-target-pieces 512 --mask-numbers" in prepare[0]
    assert "--spm-model app/model_papers/spm.model" in prepare[0]  # the shipped vocabulary: the same data everywhere
    train = [line for line in lines if "scripts/train.sh" in line]
    evaluate = [line for line in lines if "scripts/evaluate.py" in line and "checkpoint_last.pt" in line]
    records = [line for line in lines if "scripts/study_record.py" in line and "--run" in line]
    baselines = [line for line in lines if "scripts/evaluate.py" in line and "checkpoint_last.pt" not in line]
    assert len(train) == len(evaluate) == len(records) == len(EXPECTED)
    for line, (row, (arch, pieces)) in zip(train, EXPECTED.items()):
        assert line.startswith("taskset -c ") and " env OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 " in line  # one core each
        assert f"train.sh papers_cpu data-bin/sumpubmed_study runs/papers_study/{row} " in line
        assert f"--arch {arch} --max-source-positions {pieces + 1} --stop-time-hours 1" in line
    if os.cpu_count() >= 2:  # two rows at a time, each on a core of its own
        assert [line.split()[2] for line in train] == ["0", "1"] * 3
    for line, (row, (_, pieces)) in zip(evaluate, EXPECTED.items()):
        assert f"runs/papers_study/{row}/checkpoint_last.pt" in line and "--preset papers --limit 500 --beam 1 " in line
        assert f"--max-source-pieces {pieces} " in line
    for line, row in zip(records, EXPECTED):
        assert (f"study_record.py {row} runs/papers_study/{row}/valid --run runs/papers_study/{row} "
                f"--data-bin data-bin/sumpubmed_study --documents 100 --threads 1 --out docs/papers_study/{row}.json") in line
    assert [line.split("--system ")[1].split()[0] for line in baselines] == ["lead15", "lead30", "oracle"]
    assert all("--limit 500 " in line for line in baselines)
    curve = [line for line in lines if "scripts/training_curve.py" in line]
    table = [line for line in lines if "scripts/budget_table.py" in line]
    assert len(curve) == len(table) == 1
    assert curve[0].split("--records ")[1].split(" --out")[0].split() == [f"docs/papers_study/{row}.json" for row in EXPECTED]
    assert "--against docs/papers_study/fastformer_8192.json --paired rouge1,rouge2,rougeLsum" in table[0]
    assert table[0].count("docs/papers_study/") == len(EXPECTED) + 3 + 1  # rows, baselines, the base


def test_a_recorded_row_is_done_on_any_machine(tmp_path):
    """A row whose record is in RECORDS is neither trained nor evaluated again."""
    data_bin = tmp_path / "data-bin"
    data_bin.mkdir()
    (data_bin / "dict.source.txt").write_text("a 1\n")
    records = tmp_path / "records"
    records.mkdir()
    (records / "fastformer_8192.json").write_text("{}")
    out = _study(ROWS="fastformer_8192", EVALUATE="0", DATA_BIN=str(data_bin), RECORDS=str(records), DATA=str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"==> fastformer_8192: done ({records}/fastformer_8192.json)\n"


def test_bad_settings_are_usage_errors():
    out = _study("--dry-run", ROWS="fastformer_8192 nope")
    assert out.returncode == 2 and "unknown row nope" in out.stderr and out.stdout == ""
    out = _study("--dry-run", PARALLEL="two")
    assert out.returncode == 2 and "PARALLEL must be a positive number" in out.stderr and out.stdout == ""


def test_affordable_length_reads_papers_and_seconds_from_fairseq_logs(tmp_path):
    """scripts/affordable_length.py's rate: papers (mean batch x updates of each log line) over the
    lines' own training seconds, leaving the warm-up out; bad arguments are one-line messages."""
    import sys

    sys.path.insert(0, str(REPO / "scripts"))
    import affordable_length

    log = ["2026-11-23 15:47:20 | INFO | train_inner | epoch 001:     10 / 1250 loss=10.4, nll_loss=9.6, ppl=817.61, "
           "wps=545.7, ups=0.09, wpb=5926.8, bsz=16, num_updates=10, lr=0.0001, gnorm=2.0, clip=100, train_wall=108, wall=109",
           "| INFO | train | epoch 001 | loss 8.296 | bsz 16 | num_updates 15 | train_wall 1",  # a summary: ignored
           "| INFO | train_inner | epoch 001:     20 / 1250 loss=9.8, bsz=2.5, num_updates=20, lr=0.0002, train_wall=50, wall=225",
           # as fairseq-train --log-file writes it: no prefix
           "epoch 001:     30 / 1250 loss=9.8, bsz=3.5, num_updates=30, lr=0.0002, gnorm=1.2, train_wall=70, wall=300"]
    from fairseq_plugins.evaluation.study import papers_and_seconds

    assert papers_and_seconds(log) == (160 + 25 + 35, 108 + 50 + 70)
    assert papers_and_seconds(log, skip=10) == (60, 120)
    # a log written by fairseq without fixes.py repeats epoch k's lines k times: repeats count nothing
    assert papers_and_seconds([log[0], log[2], log[2], log[3], log[3], log[3]]) == (160 + 25 + 35, 108 + 50 + 70)
    # a GPU's lines: train_wall in whole seconds (0 or 1 for ten updates), so the seconds come from ups
    gpu = ["epoch 003:    200 / 900 loss=0.48, wps=17198.7, ups=17.39, wpb=989.2, bsz=5.4, num_updates=2000, train_wall=1, wall=135",
           "epoch 003:    210 / 900 loss=0.48, wps=17198.7, ups=20, wpb=989.2, bsz=5, num_updates=2010, train_wall=0, wall=136"]
    papers, seconds = papers_and_seconds(gpu)
    assert papers == 5.4 * 2000 + 5 * 10 and seconds == pytest.approx(2000 / 17.39 + 10 / 20)
    assert affordable_length.rate_of(log, 10, "x") == 0.5
    with pytest.raises(SystemExit, match="no fairseq train_inner lines"):
        affordable_length.rate_of(log[:2], 10, "x")

    script = [sys.executable, "scripts/affordable_length.py"]
    no_data = subprocess.run(script + ["--data-bin", str(tmp_path), "--arch", "transformer_small", "--lengths", "2048",
                                       "--reference-log", str(tmp_path / "x.log")], capture_output=True, text=True, cwd=REPO)
    assert no_data.returncode == 2 and "no dict.source.txt" in no_data.stderr
    (tmp_path / "dict.source.txt").write_text("a 1\n")
    for lengths, expected in (("2048,x", "comma-separated integers"), ("0", "at least one positive length")):
        bad = subprocess.run(script + ["--data-bin", str(tmp_path), "--arch", "a", "--lengths", lengths,
                                       "--reference-log", "x.log"], capture_output=True, text=True, cwd=REPO)
        assert bad.returncode == 2 and expected in bad.stderr and "Traceback" not in bad.stderr
    missing = subprocess.run(script + ["--data-bin", str(tmp_path), "--arch", "a", "--lengths", "2048",
                                       "--reference-log", str(tmp_path / "none.log")], capture_output=True, text=True, cwd=REPO)
    assert missing.returncode == 2 and "none.log: no such file" in missing.stderr


def test_extractive_papers_driver_tunes_k_apart_from_the_papers_it_scores(tmp_path):
    """scripts/papers_extractive.sh: data from the papers bundle, the papers_extractive recipe from
    its encoder, k chosen on valid papers 500-599, then papers 0-499 beside lead-15 and lead-30."""
    out = subprocess.run(["bash", "scripts/papers_extractive.sh", "--dry-run"], capture_output=True, text=True,
                         cwd=REPO, env={"PATH": "/usr/bin:/bin"}, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "prepare_extractive.py" in lines[0] and "--bundle app/model_papers" in lines[0]
    assert "--max-source-pieces 8192 --oracle-sentences 0" in lines[0]
    assert "train.sh papers_extractive data-bin/sumpubmed_ext runs/papers_extractive" in lines[1]
    assert "--pretrained-encoder app/model_papers/checkpoint.pt" in lines[1]
    assert "evaluate.py tune" in lines[2] and "--grid lead_k=10,12,14,16,18,20 --start 500 --limit 100" in lines[2]
    generate = [line for line in lines if "evaluate.py generate" in line]
    assert [line.split("--system ")[1].split()[0] for line in generate] == [
        "runs/papers_extractive/checkpoint_last.pt", "lead15", "lead30"]
    assert all("--limit 500 " in line and "--start" not in line for line in generate)
    assert sum("evaluate.py compare" in line for line in lines) == 2
    # without the data, a one-line error before anything runs
    missing = subprocess.run(["bash", "scripts/papers_extractive.sh"], capture_output=True, text=True, cwd=REPO,
                             env={"PATH": "/usr/bin:/bin", "DATA": str(tmp_path)}, timeout=60)
    assert missing.returncode == 2 and "train.jsonl.gz not found" in missing.stderr and missing.stdout == ""


# --- scripts/extractive_study.sh: the same study for choosing sentences ------------------------------

GPU_FLAGS = "--save-interval-updates 500 --validate-interval-updates 100 "  # a checkpoint (curve point) every 500
NO_SENTENCE_LAYERS = "--sentence-layers 0 --max-update 400 "  # the same updates, not hours, a row
EXTRACTIVE_ROWS = {"fastformer_8192": ("extractive_fastformer_conv_small", 8192, ""),
                   "conv_only_8192": ("extractive_conv_only_small", 8192, ""),
                   "gated_8192": ("extractive_fastformer_conv_small", 8192, "--encoder-attention-placement gated_parallel "),
                   "top1_8192": ("extractive_fastformer_conv_small", 8192, "--encoder-attention-layers 1 "),
                   "pooling_8192": ("extractive_fastformer_conv_small", 8192, "--fastformer-pooling-init-std 1 "),
                   "transformer_conv": ("extractive_transformer_conv_small", 2560, ""),
                   "local_8192": ("extractive_local_transformer_small", 8192, ""),
                   "conv_only_2h": ("extractive_conv_only_small", 8192, ""),
                   "fastformer_2h": ("extractive_fastformer_conv_small", 8192, ""),
                   "conv_fastsent_8192": ("extractive_conv_only_small", 8192, "--sentence-self-attention fastformer "),
                   "conv_only_gpu": ("extractive_conv_only_small", 8192, GPU_FLAGS),
                   "fastformer_gpu": ("extractive_fastformer_conv_small", 8192, GPU_FLAGS),
                   "conv_only_gpu20k": ("extractive_conv_only_small", 8192, GPU_FLAGS),
                   "fastformer_gpu20k": ("extractive_fastformer_conv_small", 8192, GPU_FLAGS),
                   "conv_only_nosent": ("extractive_conv_only_small", 8192, NO_SENTENCE_LAYERS),
                   "fastformer_nosent": ("extractive_fastformer_conv_small", 8192, NO_SENTENCE_LAYERS),
                   "conv_only_nosent_1h": ("extractive_conv_only_small", 8192, "--sentence-layers 0 "),
                   "fastformer_nosent_1h": ("extractive_fastformer_conv_small", 8192, "--sentence-layers 0 "),
                   "conv_only_nosent_2h": ("extractive_conv_only_small", 8192, "--sentence-layers 0 "),
                   "fastformer_nosent_2h": ("extractive_fastformer_conv_small", 8192, "--sentence-layers 0 ")}
# the rows that go on from another row's run (their own: the same encoder, data and seed) to equal hours
CONTINUED = {"conv_only_nosent_1h": "conv_only_nosent", "fastformer_nosent_1h": "fastformer_nosent",
             "conv_only_nosent_2h": "conv_only_nosent_1h", "fastformer_nosent_2h": "fastformer_nosent_1h"}
# the budget question's rows train for 2 hours of a core or 0.15 / 0.12 hours of a GPU, the others for HOURS (1)
ROW_HOURS = {"conv_only_2h": 2, "fastformer_2h": 2, "conv_only_gpu": 0.15, "fastformer_gpu": 0.15,
             "conv_only_gpu20k": 0.12, "fastformer_gpu20k": 0.12, "conv_only_nosent": 2, "fastformer_nosent": 2,
             "conv_only_nosent_2h": 2, "fastformer_nosent_2h": 2}


def _data_bin(row):
    """The *_gpu20k rows read every training paper, prepared apart; the others the first 5,000."""
    return "data-bin/sumpubmed_ext20k" if row.endswith("_gpu20k") else "data-bin/sumpubmed_ext"


def _extractive_study(*args, **env):
    return subprocess.run(["bash", "scripts/extractive_study.sh", *args], capture_output=True, text=True,
                          cwd=REPO, env={"PATH": _two_core_path(), **env}, timeout=60)


def test_extractive_study_rows_are_encoders_from_scratch_at_equal_words():
    out = _extractive_study("--dry-run", CORES="1")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    train = [line for line in lines if "scripts/train.sh" in line]
    evaluate = [line for line in lines if "scripts/evaluate.py" in line and "checkpoint_last.pt" in line]
    baselines = [line for line in lines if "scripts/evaluate.py" in line and "checkpoint_last.pt" not in line]
    assert len(train) == len(evaluate) == len(EXTRACTIVE_ROWS)
    for line, (row, (arch, pieces, flags)) in zip(train, EXTRACTIVE_ROWS.items()):
        assert line.startswith("taskset -c 1 env OMP_NUM_THREADS=1 ")  # CORES=1: every row on core 1
        assert f"train.sh papers_extractive {_data_bin(row)} runs/extractive_study/{row} --arch {arch} {flags}" in line
        assert f"--max-source-positions {pieces + 1} --stop-time-hours {ROW_HOURS.get(row, 1)} " in line
        assert f" env DEVICE={'gpu' if '_gpu' in row else 'cpu'} bash scripts/train.sh " in line
        assert "--pretrained-encoder" not in line  # from scratch: no row starts from another's weights
    # a continued row copies its run's checkpoints and log into its own directory, then resumes there
    copies = [line for line in lines if line.startswith("cp -p ")]
    assert len(copies) == len(CONTINUED)
    for line, (row, source) in zip(copies, CONTINUED.items()):
        assert f"runs/extractive_study/{source}/checkpoint_last.pt runs/extractive_study/{source}/train.log " in line
        assert line.endswith(f" runs/extractive_study/{row}/")
        assert lines.index(line) < next(i for i, t in enumerate(lines) if f"runs/extractive_study/{row} --arch" in t)
    for line, (row, (_, pieces, _)) in zip(evaluate, EXTRACTIVE_ROWS.items()):
        # the model's own ranking (preset papers: no centrality or position fused in) at 200 words
        assert f"--system runs/extractive_study/{row}/checkpoint_last.pt --data-bin {_data_bin(row)} " in line
        assert f"--preset papers --words 200 --limit 500 --max-source-pieces {pieces} " in line
    assert [line.split("--system ")[1].split()[0] for line in baselines] == ["lead", "lexrank", "oracle"]
    # Lead and LexRank at the rows' 200 words; the oracle at its own length (the harness gives it no words)
    assert all("--preset papers --words 200 --limit 500 " in line for line in baselines[:2])
    assert "--preset papers --limit 500 " in baselines[2] and "--words" not in baselines[2]
    table = [line for line in lines if "scripts/budget_table.py" in line]
    assert len(table) == 8 and "--against docs/extractive_study/fastformer_8192.json" in table[0]
    assert "conv_fastsent_8192.json" in table[0]  # a one-core row
    assert "_gpu" not in table[0]  # the one-core rows' table; the GPU rows have their own
    # the budget question: the 2-hour rows against each other, the GPU rows against each other
    assert "conv_only_2h.json --against docs/extractive_study/fastformer_2h.json" in table[1]
    assert "conv_only_gpu.json --against docs/extractive_study/fastformer_gpu.json" in table[2]
    assert "conv_only_gpu20k.json --against docs/extractive_study/fastformer_gpu20k.json" in table[3]
    curves = [line for line in lines if "scripts/training_curve.py" in line]
    assert "_gpu" not in curves[0] and curves[1].endswith("--out docs/img/extractive_study_gpu_curve.png")
    assert curves[2].endswith("--out docs/img/extractive_study_gpu20k_curve.png")
    assert "conv_only_nosent.json --against docs/extractive_study/fastformer_nosent.json" in table[4]
    assert curves[3].endswith("--out docs/img/extractive_study_nosent_curve.png")
    # ... and the same two trained on to one core-hour each
    assert "conv_only_nosent_1h.json --against docs/extractive_study/fastformer_nosent_1h.json" in table[5]
    assert curves[4].endswith("--out docs/img/extractive_study_nosent_1h_curve.png")
    assert "conv_only_nosent_2h.json --against docs/extractive_study/fastformer_nosent_2h.json" in table[6]
    assert len(curves) == 6 and curves[5].endswith("--out docs/img/extractive_study_nosent_2h_curve.png")
    # the additive attention over sentence vectors against the softmax one, both over the convolution alone
    assert table[7].endswith("conv_fastsent_8192.json --against docs/extractive_study/conv_only_8192.json "
                             "--paired rouge1,rouge2,rougeLsum")
    # each prepared data set once, the 20,000 papers' without a limit
    prepare = [line for line in lines if "scripts/prepare_extractive.py" in line]
    assert len(prepare) == 2 and "--name sumpubmed_ext " in prepare[0] and "--limit 5000 " in prepare[0]
    assert "--name sumpubmed_ext20k " in prepare[1] and "--limit" not in prepare[1]


def test_extractive_study_bad_settings_are_usage_errors():
    out = _extractive_study("--dry-run", ROWS="conv_only_8192 nope")
    assert out.returncode == 2 and "unknown row nope" in out.stderr and out.stdout == ""
    out = _extractive_study("--dry-run", CORES="0 99")
    assert out.returncode == 2 and "CORES: no core '99'" in out.stderr and out.stdout == ""

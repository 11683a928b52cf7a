"""scripts/papers_study.sh (issue 16's equal-CPU-budget study): the rows it trains and evaluates,
all with the same recipe and decoding, and a clear error for a row it does not know."""
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _dry_run(env_rows=None):
    env = {"PATH": "/usr/bin:/bin"}
    if env_rows:
        env["ROWS"] = env_rows
    return subprocess.run(["bash", "scripts/papers_study.sh", "--dry-run"], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=60)


def test_every_row_same_recipe_own_encoder_and_length():
    out = _dry_run()
    assert out.returncode == 0, out.stderr
    train = [line for line in out.stdout.splitlines() if "scripts/train.sh" in line]
    evaluate = [line for line in out.stdout.splitlines() if "scripts/evaluate.py" in line]
    expected = {"fastformer_8192": ("fastformer_conv_small", 8192), "fastformer_1024": ("fastformer_conv_small", 1024),
                "transformer_long": ("transformer_small", 2048), "transformer_conv": ("transformer_conv_small", 2048),
                "conv_only_8192": ("conv_only_small", 8192), "local_8192": ("local_transformer_small", 8192)}
    assert len(train) == len(evaluate) == len(expected)
    for line, (row, (arch, pieces)) in zip(train, expected.items()):
        assert f"train.sh papers_cpu data-bin/sumpubmed runs/papers_study/{row} " in line
        assert f"--arch {arch} --max-source-positions {pieces + 1} --stop-time-hours 1" in line
    for line, (row, (_, pieces)) in zip(evaluate, expected.items()):
        assert f"runs/papers_study/{row}/checkpoint_last.pt" in line and "--preset papers --limit 500" in line
        assert f"--max-source-pieces {pieces} " in line


def test_unknown_row_is_a_usage_error():
    out = _dry_run("fastformer_8192 nope")
    assert out.returncode == 2 and "unknown row nope" in out.stderr and out.stdout == ""

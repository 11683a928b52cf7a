"""Section 4b: end-to-end fairseq-generate throughput on long inputs.

1. A synthetic corpus of random words from an 8,000-word dictionary (the project's default
   vocabulary size): a small training split (only to make checkpoints), and one test split per
   source length (400, 2,048, 4,096 tokens) with 60-token targets.
2. fairseq-preprocess with that dictionary (joined), fairseq-train --max-update 1 for each
   architecture (fastformer_small, transformer_small: same size, 3 + 3 layers, d 256): random
   weights are all a timing needs.
3. fairseq-generate (through generate_runner.py, which times the batches, the encoder and the
   trigram blocking) with beam 4, --no-repeat-ngram-size 3 and --min-len = --max-len-b = 60 so
   that every hypothesis of both models has the same length.
Throughput = articles / generation time (fairseq's own gen_timer span: SequenceGenerator.generate),
over the batches after the first (a warm-up) when there are several.
"""
import itertools
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from .common import REPO, tail

ARCHS = ["fastformer_small", "transformer_small"]


def write_corpus(raw: Path, cfg: dict) -> dict:
    rng = random.Random(1)
    vocab = cfg["vocab"]
    words = [f"w{i}" for i in range(vocab)]
    raw.mkdir(parents=True, exist_ok=True)
    (raw / "dict.txt").write_text("".join(f"{w} {vocab - i}\n" for i, w in enumerate(words)))

    def split(name: str, pairs: int, src_len: int, tgt_len: int) -> None:
        with open(raw / f"{name}.src", "w") as s, open(raw / f"{name}.tgt", "w") as t:
            for _ in range(pairs):
                s.write(" ".join(rng.choice(words) for _ in range(src_len)) + "\n")
                t.write(" ".join(rng.choice(words) for _ in range(tgt_len)) + "\n")

    split("train", 32, 64, 16)
    split("valid", 4, 64, 16)
    tests = {}
    for i, length in enumerate(cfg["gen_lengths"]):
        name = f"test{length}"
        articles = cfg["gen_batch_size"][length] * cfg["gen_batches"]
        split(name, articles, length - 1, cfg["gen_len"])  # + </s> = length tokens
        tests[length] = {"subset": "test" if i == 0 else f"test{i}", "prefix": name, "articles": articles}
    return tests


def run(cmd, log_path: Path, env: dict, timeout: float) -> subprocess.CompletedProcess:
    full_env = dict(os.environ)
    full_env.update(env)
    with open(log_path, "w") as log:
        return subprocess.run(cmd, cwd=REPO, env=full_env, stdout=log, stderr=subprocess.STDOUT, timeout=timeout)


def generate_section(cfg: dict, work: Path, env: dict, log) -> dict:
    work.mkdir(parents=True, exist_ok=True)
    raw, bin_dir = work / "raw", work / "bin"
    tests = write_corpus(raw, cfg)
    longest = max(cfg["gen_lengths"])
    positions = ["--max-source-positions", str(longest + 8), "--max-target-positions", "1024"]
    py = sys.executable
    section = {
        "vocab": cfg["vocab"],
        "beam": cfg["beam"],
        "hypothesis_length": cfg["gen_len"],
        "archs": ARCHS,
        "points": [],
    }
    t0 = time.perf_counter()
    prep = run(
        [py, "-m", "fairseq_cli.preprocess", "--source-lang", "src", "--target-lang", "tgt",
         "--trainpref", str(raw / "train"), "--validpref", str(raw / "valid"),
         "--testpref", ",".join(str(raw / tests[n]["prefix"]) for n in cfg["gen_lengths"]),
         "--srcdict", str(raw / "dict.txt"), "--joined-dictionary", "--destdir", str(bin_dir), "--workers", "1"],
        work / "preprocess.log", env, timeout=600,
    )
    if prep.returncode:
        section["error"] = "fairseq-preprocess failed: " + tail((work / "preprocess.log").read_text())
        log(f"[generate] {section['error']}")
        return section
    checkpoints = {}
    for arch in ARCHS:
        save = work / f"checkpoints-{arch}"
        train = run(
            [py, "-m", "fairseq_cli.train", str(bin_dir), "--user-dir", "fairseq_plugins", "--task", "translation",
             "--source-lang", "src", "--target-lang", "tgt", "--arch", arch, *positions,
             "--optimizer", "adam", "--lr", "1e-4", "--criterion", "cross_entropy", "--max-tokens", "4096",
             "--max-update", "1", "--save-dir", str(save), "--no-epoch-checkpoints", "--disable-validation",
             "--cpu", "--num-workers", "0", "--seed", "1", "--log-format", "simple"],
            work / f"train-{arch}.log", env, timeout=900,
        )
        ckpt = save / "checkpoint_last.pt"
        if train.returncode or not ckpt.exists():
            section.setdefault("errors", []).append(f"fairseq-train {arch}: " + tail((work / f"train-{arch}.log").read_text()))
            continue
        checkpoints[arch] = ckpt
    section["setup_s"] = round(time.perf_counter() - t0, 1)
    for length, arch in itertools.product(cfg["gen_lengths"], ARCHS):
        test = tests[length]
        point = {"model": arch, "length": length, "articles": test["articles"], "batch_size": cfg["gen_batch_size"][length]}
        tag = f"{arch}-{length}"
        label = f"{arch} N={length}"
        if arch not in checkpoints:
            point.update(status="error", reason="no checkpoint")
            section["points"].append(point)
            continue
        result_path = work / f"gen-{tag}.json"
        result_path.unlink(missing_ok=True)
        cmd = [py, str(Path(__file__).with_name("generate_runner.py")), str(result_path), "--",
               str(bin_dir), "--user-dir", "fairseq_plugins", "--path", str(checkpoints[arch]), "--task", "translation",
               "--source-lang", "src", "--target-lang", "tgt", "--gen-subset", test["subset"],
               "--batch-size", str(cfg["gen_batch_size"][length]), "--required-batch-size-multiple", "1",
               "--beam", str(cfg["beam"]), "--no-repeat-ngram-size", "3",
               "--min-len", str(cfg["gen_len"]), "--max-len-a", "0", "--max-len-b", str(cfg["gen_len"]),
               *positions, "--cpu", "--num-workers", "0", "--quiet"]
        started = time.perf_counter()
        try:
            proc = run(cmd, work / f"gen-{tag}.log", env, timeout=cfg["gen_time_limit_s"])
            failed = proc.returncode != 0 or not result_path.exists()
        except subprocess.TimeoutExpired:
            point.update(status="out of time", reason=f"fairseq-generate still running after {cfg['gen_time_limit_s']} s")
            section["points"].append(point)
            log(f"[generate] {label}: {point['reason']}")
            continue
        point["wall_s"] = round(time.perf_counter() - started, 1)
        if failed:
            point.update(status="error", reason=tail((work / f"gen-{tag}.log").read_text()))
            section["points"].append(point)
            log(f"[generate] {label}: error {point['reason']}")
            continue
        rec = json.loads(result_path.read_text())
        batches = rec["batches"]
        timed = batches[1:] if len(batches) > 1 else batches  # the first batch warms up
        seconds = sum(b["seconds"] for b in timed)
        total = sum(b["seconds"] for b in batches)
        lengths = rec["hypothesis_lengths"]
        point.update(
            status="ok",
            articles_per_s=sum(b["sentences"] for b in timed) / seconds,
            timed_articles=sum(b["sentences"] for b in timed),
            generation_s=total,
            trigram_share=sum(b["ngram_s"] for b in batches) / total,
            encoder_share=sum(b["encoder_s"] for b in batches) / total,
            ngram_calls=sum(b["ngram_calls"] for b in batches),
            hypothesis_length_min=min(lengths),
            hypothesis_length_max=max(lengths),
            batches=batches,
        )
        section["points"].append(point)
        log(f"[generate] {label}: {point['articles_per_s']:.3f} articles/s, trigram blocking "
            f"{point['trigram_share']:.1%}, encoder {point['encoder_share']:.0%}, hypotheses {min(lengths)}-{max(lengths)} tokens")
    return section

"""Training through scripts/train.sh: recipes, the launcher's commands, two CPU processes with
fairseq's distributed data parallel (gloo), resuming after SIGKILL, and corrupt checkpoints.

Everything runs on a tiny corpus binarized in a temporary directory with a tiny model
(fastformer_small with d 32, one layer each side)."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "scripts"
sys.path.insert(0, str(SCRIPTS))
import recipes  # noqa: E402
import train as launcher  # noqa: E402
from make_toy_corpus import write_toy_corpus  # noqa: E402

TINY_MODEL = [
    "--arch", "fastformer_small",
    "--encoder-embed-dim", "32", "--decoder-embed-dim", "32",
    "--encoder-ffn-embed-dim", "64", "--decoder-ffn-embed-dim", "64",
    "--encoder-layers", "1", "--decoder-layers", "1",
    "--encoder-attention-heads", "2", "--decoder-attention-heads", "2",
]


def build_tiny_data_bin(root: Path, n_train: int = 64, n_valid: int = 8, vocab: int = 300) -> Path:
    """A toy corpus prepared the way training data is (normalize_text, target_text with <n>,
    a sentencepiece model whose ids equal the fairseq dictionary's, fairseq-preprocess with a
    joined dictionary).  Returns root/bin (with spm.model); the JSON Lines are in root/corpus."""
    from fairseq import options
    from fairseq_cli import preprocess

    from fairseq_plugins import text

    corpus = root / "corpus"
    write_toy_corpus(corpus, n_train=n_train, n_valid=n_valid, seed=3)
    raw = root / "raw"
    raw.mkdir(parents=True, exist_ok=True)
    sources, targets = {}, {}
    for split in ("train", "valid"):
        rows = [json.loads(line) for line in (corpus / f"{split}.jsonl").read_text().splitlines()]
        sources[split] = [text.normalize_text(r["article"]) for r in rows]
        targets[split] = [text.target_text(r["summary"].split("\n")) for r in rows]
    (raw / "spm_train.txt").write_text("\n".join(sources["train"] + targets["train"]) + "\n")
    model = text.train_sentencepiece(str(raw / "spm_train.txt"), str(raw / "spm"), vocab_size=vocab)
    sp = text.load_sentencepiece(model)
    for split in ("train", "valid"):
        for side, lines in (("source", sources[split]), ("target", targets[split])):
            (raw / f"{split}.{side}").write_text("\n".join(text.encode_pieces(sp, l) for l in lines) + "\n")
    with open(raw / "dict.txt", "w") as f:
        for i in range(4, sp.get_piece_size()):  # ids 0-3 are fairseq's specials
            f.write(f"{sp.id_to_piece(i)} 1\n")
    out = root / "bin"
    args = options.get_preprocessing_parser().parse_args([
        "--source-lang", "source", "--target-lang", "target", "--trainpref", str(raw / "train"),
        "--validpref", str(raw / "valid"), "--destdir", str(out), "--srcdict", str(raw / "dict.txt"),
        "--joined-dictionary", "--workers", "1"])
    try:
        preprocess.main(args)
    finally:
        for handler in list(preprocess.logger.handlers):  # main() adds a file handler per call
            preprocess.logger.removeHandler(handler)
            handler.close()
    shutil.copy(model, out / "spm.model")
    (out / "prepare.json").write_text(json.dumps({"max_source_pieces": 400, "max_target_pieces": 100}))
    return out


@pytest.fixture(scope="module")
def data_bin(tmp_path_factory):
    return build_tiny_data_bin(tmp_path_factory.mktemp("tiny"))


# --- recipes and the launcher's commands (no training) ---------------------------------------


def test_every_recipe_parses_with_fairseq_and_names_a_registered_arch():
    import fairseq_plugins  # noqa: F401  (registers the architectures)
    from fairseq import options
    from fairseq.models import ARCH_MODEL_REGISTRY

    expected = {"fastformer_cnndm_paper", "fastformer_pubmed_paper", "cpu_budget"} | {
        f"cs224n_{v}" for v in ("transformer", "lightconv", "local", "shifted_local", "input_conv", "memory_compressed")}
    assert expected <= set(recipes.RECIPES)
    from fairseq_plugins.models.extractive import ExtractiveSummarizer

    extractive = set()
    for name, recipe in recipes.RECIPES.items():
        assert recipe.arch in ARCH_MODEL_REGISTRY, f"{name}: --arch {recipe.arch} is not registered"
        parser = options.get_training_parser()
        args = options.parse_args_and_arch(
            parser, ["data-bin/x", "--user-dir", str(REPO / "fairseq_plugins"), "--cpu"] + recipes.recipe_args(recipe))
        # an extractive model scores sentences: binary cross-entropy, smoothed the same way
        scores_sentences = issubclass(ARCH_MODEL_REGISTRY[recipe.arch], ExtractiveSummarizer)
        extractive |= {name} if scores_sentences else set()
        criterion = "sentence_extraction" if scores_sentences else "label_smoothed_cross_entropy"
        assert args.criterion == criterion, f"{name}: --criterion {args.criterion}"
        assert args.label_smoothing == 0.1
        assert args.optimizer == "adam" and args.lr_scheduler == "inverse_sqrt"
        assert args.truncate_source and args.max_source_positions == recipe.max_source_pieces + 1
        assert args.clip_norm > 0 and args.dropout == recipe.dropout
        assert args.best_checkpoint_metric == "loss"
    assert {"extractive", "papers_extractive"} <= extractive


def test_paper_and_cs224n_settings():
    cnn, pubmed = recipes.RECIPES["fastformer_cnndm_paper"], recipes.RECIPES["fastformer_pubmed_paper"]
    assert (cnn.lr, cnn.batch_size, cnn.dropout, cnn.max_source_pieces) == (1e-4, 32, 0.2, 2048)
    assert (pubmed.lr, pubmed.batch_size, pubmed.dropout, pubmed.max_source_pieces) == (1e-4, 32, 0.2, 4096)
    assert cnn.stop == ("--max-epoch", "12") and pubmed.stop == ("--max-epoch", "15")
    for variant in ("transformer", "lightconv", "local", "shifted_local", "input_conv", "memory_compressed"):
        r = recipes.RECIPES[f"cs224n_{variant}"]
        args = recipes.recipe_args(r)
        assert args[args.index("--adam-betas") + 1] == "(0.9, 0.98)"
        assert args[args.index("--warmup-updates") + 1] == "4000"
        assert (r.dropout, r.weight_decay, r.batch_size, r.max_source_pieces) == (0.1, 1e-4, 16, 400)
        assert args[args.index("--max-update") + 1] == "300000"


def dry_run(args, **env):
    full_env = {k: v for k, v in os.environ.items() if k not in ("DEVICE", "NPROC", "NNODES", "NODE_RANK", "MASTER_ADDR")}
    full_env.update(env)
    return subprocess.run([str(SCRIPTS / "train.sh"), "--dry-run"] + args, env=full_env,
                          capture_output=True, text=True, timeout=60)


def test_launcher_commands():
    cpu = dry_run(["cs224n_local", "data-bin/cnndm", "ck"], DEVICE="cpu", NPROC="2")
    assert cpu.returncode == 0, cpu.stderr
    cmd = cpu.stdout.strip().splitlines()[-1]
    assert "-m torch.distributed.run --nproc_per_node 2 --standalone" in cmd
    assert "--distributed-backend gloo" in cmd and "--ddp-backend legacy_ddp" in cmd and "--cpu" in cmd
    assert "--batch-size 8 " in cmd  # 16 articles per update over 2 processes

    gpu = dry_run(["cs224n_local", "data-bin/cnndm", "ck", "--update-freq", "2"], DEVICE="gpu", NPROC="4")
    cmd = gpu.stdout.strip().splitlines()[-1]
    assert "--nproc_per_node 4" in cmd and "--distributed-backend nccl" in cmd and "--cpu" not in cmd
    assert "--batch-size 2 " in cmd  # 16 / (4 processes x update-freq 2)

    one = dry_run(["fastformer_cnndm_paper", "d", "s", "--max-update", "7"], DEVICE="gpu", NPROC="1")
    cmd = one.stdout.strip().splitlines()[-1]
    assert "-m fairseq_cli.train" in cmd and "torch.distributed.run" not in cmd
    assert "--distributed-world-size 1" in cmd and cmd.endswith("--max-update 7")

    nodes = dry_run(["cs224n_transformer", "d", "s"], DEVICE="gpu", NPROC="2", NNODES="2", NODE_RANK="1",
                    MASTER_ADDR="10.1.2.3")
    cmd = nodes.stdout.strip().splitlines()[-1]
    assert "--nnodes 2 --node_rank 1 --master_addr 10.1.2.3 --master_port 29500" in cmd
    assert "--batch-size 4 " in cmd  # 16 over 4 processes in all


@pytest.mark.parametrize("args,env,message", [
    (["nope", "d", "s"], {}, "unknown recipe 'nope'"),
    (["cs224n_local", "d", "s"], {"NPROC": "3"}, "does not divide among 3 process(es)"),
    (["cs224n_local", "d", "s"], {"DEVICE": "tpu"}, "DEVICE must be cpu or gpu"),
    (["cs224n_local", "d", "s"], {"NNODES": "2"}, "needs MASTER_ADDR"),
    (["cs224n_local"], {}, "RECIPE, DATA_BIN and SAVE_DIR are required"),
])
def test_launcher_usage_errors(args, env, message):
    result = dry_run(args, **env)
    assert result.returncode == 2
    assert message in result.stderr


# --- two processes against one ---------------------------------------------------------------

# Runs the launcher's command with a hook that saves, on every rank, the final parameters and the
# loss of every update (full precision, as fairseq aggregates it over the processes).
WRAPPER = r'''
import os, sys, torch
sys.path.insert(0, {scripts!r})
import fairseq.trainer as T
holder = {{"losses": []}}
orig_init, orig_step = T.Trainer.__init__, T.Trainer.train_step
def init(self, *a, **k):
    orig_init(self, *a, **k); holder["trainer"] = self
def step(self, *a, **k):
    out = orig_step(self, *a, **k)
    if out is not None:
        holder["losses"].append(float(out["loss"]) / float(out["sample_size"]))
    return out
T.Trainer.__init__, T.Trainer.train_step = init, step
if sys.argv[1] == "--worker":
    import train
    train.main(sys.argv[1:])
else:
    from fairseq_cli import train as fairseq_train
    sys.argv = ["fairseq-train"] + sys.argv[1:]
    fairseq_train.cli_main()
model = holder["trainer"].get_model()
torch.save({{"params": {{k: v.detach().clone() for k, v in model.state_dict().items()}},
            "losses": holder["losses"]}},
           os.path.join(os.environ["PARAMS_OUT"], "rank%s.pt" % os.environ.get("RANK", "0")))
'''


def run_with_hook(tmp: Path, data_bin: Path, nproc: int, extra):
    out = tmp / f"nproc{nproc}"
    out.mkdir()
    wrapper = tmp / "hooked_train.py"
    wrapper.write_text(WRAPPER.format(scripts=str(SCRIPTS)))
    cmd, settings = launcher.build_command("cs224n_transformer", str(data_bin), str(out / "ck"), extra,
                                           env={"DEVICE": "cpu", "NPROC": str(nproc)})
    if nproc > 1:
        entry = cmd.index(str(SCRIPTS / "train.py"))
        cmd = cmd[:entry] + [str(wrapper)] + cmd[entry + 1:]
    else:
        assert cmd[1:3] == ["-m", "fairseq_cli.train"]
        cmd = [cmd[0], str(wrapper)] + cmd[3:]
    result = subprocess.run(cmd, env=dict(os.environ, PARAMS_OUT=str(out)), capture_output=True, text=True,
                            timeout=300, cwd=str(tmp))
    log = result.stdout + result.stderr
    assert result.returncode == 0, log[-4000:]
    return out, log


def logged_losses(log: str):
    """The per-update losses fairseq logs (--log-format json --log-interval 1)."""
    return [json.loads(m)["loss"] for m in re.findall(r"train_inner\W[^{\n]*(\{.*\})", log)]


def test_two_cpu_processes_equal_one_process_with_the_same_effective_batch(tmp_path, data_bin):
    import torch

    common = TINY_MODEL + ["--dropout", "0", "--lr", "1e-3", "--warmup-updates", "2", "--max-update", "6",
                           "--log-interval", "1", "--log-format", "json", "--no-save", "--disable-validation"]
    # recipe batch 16 articles per update: 2 processes x 8, or 1 process x 8 x update-freq 2
    two, log2 = run_with_hook(tmp_path, data_bin, 2, common)
    one, log1 = run_with_hook(tmp_path, data_bin, 1, common + ["--update-freq", "2"])
    assert "training on 2 devices" in log2 and "training on 1 devices" in log1
    assert "'batch_size': 8," in log2 and "'batch_size': 8," in log1

    rank0, rank1 = torch.load(two / "rank0.pt"), torch.load(two / "rank1.pt")
    single = torch.load(one / "rank0.pt")
    assert len(rank0["losses"]) == len(single["losses"]) == 6
    # both ranks end with the same parameters ...
    assert rank0["params"].keys() == rank1["params"].keys() == single["params"].keys()
    for name, value in rank0["params"].items():
        assert torch.equal(value, rank1["params"][name]), f"ranks differ in {name}"
    # ... equal to one process's, and the training loss of every update matches
    for name, value in rank0["params"].items():
        # A softmax attention's key bias adds the same number to every score of a query, so its
        # true gradient is zero and what it gets is float rounding noise, which Adam scales up
        # to steps of up to lr: it may differ by more than rounding (seen: 5e-6 after 6 updates).
        atol = 1e-4 if name.endswith("k_proj.bias") and "cross_attention" in name else 1e-6
        torch.testing.assert_close(value, single["params"][name], rtol=1e-5, atol=atol, msg=name)
    assert rank0["losses"] == pytest.approx(single["losses"], rel=1e-6)
    assert rank0["losses"] == rank1["losses"]
    assert logged_losses(log2) and logged_losses(log2) == logged_losses(log1)
    assert abs(rank0["losses"][-1] - rank0["losses"][0]) > 0, "the parameters moved"
    changed = [n for n, v in rank0["params"].items() if not torch.equal(v, single["params"][n])]
    print(f"{len(changed)} of {len(rank0['params'])} tensors differ in the last bits between 1 and 2 processes")


# --- resume after SIGKILL, corrupt checkpoints -----------------------------------------------

RESUME_ARGS = TINY_MODEL + ["--batch-size", "4", "--max-update", "60", "--save-interval-updates", "5",
                            "--disable-validation", "--log-interval", "5", "--warmup-updates", "5"]


def train_cmd(data_bin: Path, save_dir: Path, extra=()):
    return [str(SCRIPTS / "train.sh"), "cpu_budget", str(data_bin), str(save_dir)] + RESUME_ARGS + list(extra)


def processes_mentioning(needle: str):
    """Ids of this machine's processes whose command line contains needle (a unique tmp path)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if needle in cmdline:
                found.append(int(entry.name))
    return found


def checkpoint_updates(path: Path) -> int:
    from fairseq_plugins.fixes import load_checkpoint

    return load_checkpoint(str(path))["optimizer_history"][-1]["num_updates"]


@pytest.fixture(scope="module")
def killed_and_resumed(tmp_path_factory, data_bin):
    work = tmp_path_factory.mktemp("resume")
    save_dir = work / "ck"
    # two processes: the SIGKILL hits the torchrun agent, whose workers must die with it
    env = {k: v for k, v in os.environ.items() if k not in ("DEVICE", "NNODES")}
    env["NPROC"] = "2"
    first_log = work / "first.log"
    with open(first_log, "w") as log:
        proc = subprocess.Popen(train_cmd(data_bin, save_dir), stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.time() + 240
    try:
        while "Saved checkpoint" not in first_log.read_text():  # logged after checkpoint_last.pt is written
            assert proc.poll() is None, "training ended before its first checkpoint:\n" + first_log.read_text()[-3000:]
            assert time.time() < deadline, "no checkpoint within 240 s"
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)  # train.sh and train.py exec: this pid is torchrun's agent
    finally:
        proc.kill() if proc.poll() is None else None
        proc.wait()
    deadline = time.time() + 30
    while processes_mentioning(str(save_dir)) and time.time() < deadline:
        time.sleep(0.2)
    orphans = processes_mentioning(str(save_dir))
    for pid in orphans:  # (clean up before failing)
        os.kill(pid, signal.SIGKILL)
    assert not orphans, "workers outlived the killed torchrun agent"
    killed_at = checkpoint_updates(save_dir / "checkpoint_last.pt")
    second = subprocess.run(train_cmd(data_bin, save_dir), capture_output=True, text=True, timeout=300, env=env)
    return dict(save_dir=save_dir, first=first_log.read_text(), returncode=proc.returncode,
                killed_at=killed_at, second=second)


def test_sigkilled_run_resumes_from_its_last_checkpoint(killed_and_resumed):
    r = killed_and_resumed
    assert r["returncode"] == -signal.SIGKILL
    assert "done training" not in r["first"]
    assert 5 <= r["killed_at"] < 60
    second = r["second"]
    log = second.stdout + second.stderr
    assert second.returncode == 0, log[-4000:]
    last = r["save_dir"] / "checkpoint_last.pt"
    assert "training on 2 devices" in log
    assert f"resuming from {last} ({r['killed_at']} updates done)" in log
    assert re.search(rf"Loaded checkpoint {re.escape(str(last))} \(epoch \d+ @ {r['killed_at']} updates\)", log), log[-3000:]
    assert "num_updates: 60 >= max_update: 60" in log
    assert checkpoint_updates(last) == 60
    # the printed command is the one that ran
    assert "-m torch.distributed.run --nproc_per_node 2" in second.stdout


def test_a_finished_run_returns_at_once(killed_and_resumed, data_bin):
    """Running a finished command again trains nothing: fairseq tests its limits only after a step,
    so without the launcher's check it would train one more update and rewrite the checkpoint."""
    from fairseq_plugins.fixes import load_checkpoint

    last = killed_and_resumed["save_dir"] / "checkpoint_last.pt"
    before = last.read_bytes()
    again = subprocess.run(train_cmd(data_bin, last.parent), capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr[-3000:]
    assert f"train.py: {last}: 60 updates done, --max-update 60: nothing left to train" in again.stderr
    assert again.stdout == "" and last.read_bytes() == before  # fairseq never started
    # the same for a time budget the checkpoint has used up (the last --stop-time-hours wins)
    hours = load_checkpoint(str(last))["extra_state"]["previous_training_time"] / 3600
    spent = subprocess.run(train_cmd(data_bin, last.parent, ["--max-update", "1000", "--stop-time-hours", f"{hours / 2:.6f}"]),
                           capture_output=True, text=True, timeout=120)
    assert spent.returncode == 0 and f"{hours:.2f} h of training done, --stop-time-hours" in spent.stderr
    assert last.read_bytes() == before


def test_spent_budget_reads_the_last_limits_of_the_command():
    state = {"optimizer_history": [{"num_updates": 455}], "extra_state": {"previous_training_time": 3600.5}}
    assert launcher.spent_budget(state, ["--stop-time-hours", "1"]) == "1.00 h of training done, --stop-time-hours 1"
    assert launcher.spent_budget(state, ["--max-update", "455"]) == "455 updates done, --max-update 455"
    assert launcher.spent_budget(state, ["--stop-time-hours", "1", "--stop-time-hours", "2"]) is None  # the last wins
    assert launcher.spent_budget(state, ["--max-update", "456", "--stop-time-hours", "0"]) is None  # 0: no limit
    assert launcher.spent_budget(state, ["--max-update", "x"]) is None  # malformed: fairseq's parser says so
    assert launcher.spent_budget({}, ["--max-update", "1", "--stop-time-hours", "1"]) is None  # a fresh start


def test_corrupt_checkpoint_stops_with_a_clear_message(tmp_path, data_bin, killed_and_resumed):
    good = killed_and_resumed["save_dir"] / "checkpoint_last.pt"
    # a checkpoint cut off in the middle, as a kill during a copy leaves it
    save_dir = tmp_path / "ck"
    save_dir.mkdir()
    data = good.read_bytes()
    (save_dir / "checkpoint_last.pt").write_bytes(data[: len(data) // 2])
    shutil.copy(good, save_dir / "checkpoint_1_5.pt")
    result = subprocess.run(train_cmd(data_bin, save_dir), capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert "cannot resume" in result.stderr and "not a readable fairseq checkpoint" in result.stderr
    assert f"--restore-file {save_dir / 'checkpoint_1_5.pt'}" in result.stderr  # points at the intact one
    assert "Traceback" not in result.stderr

    garbage = tmp_path / "garbage.pt"
    garbage.write_bytes(b"this is not a checkpoint")
    result = subprocess.run(train_cmd(data_bin, tmp_path / "other", ["--restore-file", str(garbage)]),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert f"{garbage}: not a readable fairseq checkpoint" in result.stderr
    assert "Traceback" not in result.stderr

    missing = subprocess.run(train_cmd(data_bin, tmp_path / "other", ["--restore-file", str(tmp_path / "nope.pt")]),
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "no such checkpoint" in missing.stderr

    # evaluate.py refuses it the same way
    out = subprocess.run([sys.executable, str(SCRIPTS / "evaluate.py"), "generate", "--system", str(garbage),
                          "--data-bin", str(data_bin), "--data", str(data_bin.parent / "corpus" / "valid.jsonl"),
                          "--preset", "cnndm", "--out", str(tmp_path / "eval")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert f"{garbage}: not a readable fairseq checkpoint" in out.stderr and "Traceback" not in out.stderr

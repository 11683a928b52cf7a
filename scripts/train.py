#!/usr/bin/env python3
"""Train a named recipe (scripts/recipes.py) with fairseq, on CPU or GPU, in one or several
processes, on one or several machines.

    DEVICE=cpu|gpu NPROC=N scripts/train.sh RECIPE DATA_BIN SAVE_DIR [extra fairseq-train args]
    scripts/train.sh --dry-run RECIPE DATA_BIN SAVE_DIR ...    # print the command, run nothing
    scripts/train.sh --list                                    # the recipes

Environment (defaults in brackets):
    DEVICE [cpu]       cpu: --cpu, gloo, fairseq's legacy_ddp; gpu: CUDA, nccl, pytorch_ddp
    NPROC [1]          processes on this machine (GPUs: one per GPU)
    NNODES [1]         machines; on each: NODE_RANK [0], MASTER_ADDR, MASTER_PORT [29500]
    PYTHON [this interpreter]

NPROC x NNODES > 1 starts ``python -m torch.distributed.run`` (torchrun) with this script as the
worker, which hands each process its rank and calls fairseq's own trainer
(``fairseq_cli.train``): gradients are averaged by fairseq's data-parallel wrapper.  The recipe's
batch is the *effective* batch (articles per update), so each process gets batch / (NPROC x
NNODES x update-freq) articles and the optimisation is the same for any NPROC.

Extra arguments go to fairseq-train after the recipe's and win over them (e.g. ``--max-update
2000``, ``--arch transformer_small``, ``--encoder-embed-dim 128``).  Re-running the same command
resumes from SAVE_DIR/checkpoint_last.pt (fairseq's default); before starting, that file (or the
one given with --restore-file) is read once, so a corrupt checkpoint stops the run with a clear
message instead of an unpickling traceback, and a run that has already reached its --max-update or
--stop-time-hours returns at once (exit 0) instead of training one more update: fairseq checks its
limits only after a step.  The exact command is printed before it runs.

Exit status 2 for a usage error (unknown recipe, missing data, corrupt checkpoint, a batch that
does not divide among the processes).
"""
import json
import os
import shlex
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

SCRIPTS = Path(__file__).resolve().parent
ROOT = SCRIPTS.parent
USER_DIR = ROOT / "fairseq_plugins"
if str(SCRIPTS) not in sys.path:
    sys.path.insert(0, str(SCRIPTS))

from recipes import RECIPES, get_recipe, recipe_args  # noqa: E402

USAGE = "usage: DEVICE=cpu|gpu NPROC=N scripts/train.sh [--dry-run] RECIPE DATA_BIN SAVE_DIR [fairseq-train args...]"


class LaunchError(Exception):
    """A usage error: the message is printed as is, exit status 2."""


class BudgetSpent(Exception):
    """The checkpoint to resume from has reached the run's limits: nothing to train, exit status 0."""


def spent_budget(state: dict, cmd: Sequence[str]) -> Optional[str]:
    """Why a run of ``cmd`` resuming from the checkpoint ``state`` has nothing left to train, or
    None. fairseq tests --max-update and --stop-time-hours only after a training step, so without
    this every re-run of a finished command would train one more update and rewrite its
    checkpoints (a study row's budget would grow each time its driver resumes)."""
    updates = (state.get("optimizer_history") or [{}])[-1].get("num_updates") or 0
    seconds = (state.get("extra_state") or {}).get("previous_training_time") or 0.0
    max_update, hours = _number(flag_value(cmd, "--max-update"), int), _number(flag_value(cmd, "--stop-time-hours"), float)
    if max_update and 0 < max_update <= updates:
        return f"{updates} updates done, --max-update {max_update}"
    if hours and 0 < hours <= seconds / 3600:
        return f"{seconds / 3600:.2f} h of training done, --stop-time-hours {hours:g}"
    return None


def _number(value: Optional[str], kind):
    """A flag's value as ``kind``, None if absent or malformed (fairseq's parser reports those)."""
    try:
        return kind(value)
    except (TypeError, ValueError):
        return None


def flag_value(args: Sequence[str], *names: str) -> Optional[str]:
    """The value of the last occurrence of any of the flags (``--f v`` or ``--f=v``) in args."""
    value = None
    for i, arg in enumerate(args):
        for name in names:
            if arg == name and i + 1 < len(args):
                value = args[i + 1]
            elif arg.startswith(name + "="):
                value = arg[len(name) + 1:]
    return value


def _int_env(env: Dict[str, str], name: str, default: int, minimum: int = 1) -> int:
    raw = env.get(name, "").strip() or str(default)
    try:
        value = int(raw)
    except ValueError:
        raise LaunchError(f"{name} must be an integer, got {raw!r}") from None
    if value < minimum:
        raise LaunchError(f"{name} must be >= {minimum}, got {value}")
    return value


def launch_settings(env: Optional[Dict[str, str]] = None) -> dict:
    """DEVICE, NPROC, NNODES, NODE_RANK, MASTER_ADDR, MASTER_PORT from the environment."""
    env = dict(os.environ if env is None else env)
    device = env.get("DEVICE", "cpu").strip().lower() or "cpu"
    if device == "cuda":
        device = "gpu"
    if device not in ("cpu", "gpu"):
        raise LaunchError(f"DEVICE must be cpu or gpu, got {env.get('DEVICE')!r}")
    nproc = _int_env(env, "NPROC", 1)
    nnodes = _int_env(env, "NNODES", 1)
    node_rank = _int_env(env, "NODE_RANK", 0, minimum=0)
    if node_rank >= nnodes:
        raise LaunchError(f"NODE_RANK ({node_rank}) must be smaller than NNODES ({nnodes})")
    master_addr = env.get("MASTER_ADDR", "").strip() or None
    if nnodes > 1 and not master_addr:
        raise LaunchError("NNODES > 1 needs MASTER_ADDR (the address of the machine with NODE_RANK=0)")
    master_port = _int_env(env, "MASTER_PORT", 29500)
    return dict(device=device, nproc=nproc, nnodes=nnodes, node_rank=node_rank,
                master_addr=master_addr, master_port=master_port,
                python=env.get("PYTHON") or sys.executable)


def per_process_batch(batch: Optional[int], world_size: int, update_freq: int, recipe_name: str) -> Optional[int]:
    if batch is None:
        return None
    share = world_size * update_freq
    if batch % share:
        raise LaunchError(
            f"recipe {recipe_name} has {batch} articles per update, which does not divide among "
            f"{world_size} process(es) x update-freq {update_freq}; choose NPROC (x NNODES) and "
            f"--update-freq whose product divides {batch}, or give --batch-size yourself"
        )
    return batch // share


def build_command(recipe_name: str, data_bin: str, save_dir: str, extra: Sequence[str] = (),
                  env: Optional[Dict[str, str]] = None) -> Tuple[List[str], dict]:
    """The command that trains ``recipe_name`` (argv list) and the launch settings used."""
    try:
        recipe = get_recipe(recipe_name)
    except KeyError as err:
        raise LaunchError(err.args[0]) from None
    settings = launch_settings(env)
    world_size = settings["nproc"] * settings["nnodes"]
    extra = list(extra)
    update_freq_raw = flag_value(extra, "--update-freq") or "1"
    try:
        update_freq = int(update_freq_raw)  # fairseq accepts a list per epoch; we need one number
    except ValueError:
        raise LaunchError(f"--update-freq must be one integer here, got {update_freq_raw!r}") from None
    user_batch = flag_value(extra, "--batch-size", "--max-sentences")
    if user_batch is None:
        batch = per_process_batch(recipe.batch_size, world_size, update_freq, recipe.name)
        fairseq_args = recipe_args(recipe, per_process_batch=batch)
    else:
        fairseq_args = _drop_flag(recipe_args(recipe), "--batch-size")
    settings.update(world_size=world_size, update_freq=update_freq)

    device_args: List[str] = []
    if settings["device"] == "cpu":
        device_args += ["--cpu", "--num-workers", "0"]
        backend = "gloo"
    else:
        backend = "nccl"
    if world_size > 1:
        device_args += ["--distributed-backend", backend]
        # On CPU, fairseq's own gradient all-reduce (legacy_ddp): its pytorch_ddp wrapper passes
        # device_ids=[device_id], which torch's DistributedDataParallel rejects for CPU modules.
        device_args += ["--ddp-backend", "legacy_ddp" if settings["device"] == "cpu" else "pytorch_ddp"]
    else:
        # fairseq otherwise spreads a single run over every visible GPU
        device_args += ["--distributed-world-size", "1"]

    train_args = ([str(data_bin), "--user-dir", str(USER_DIR), "--save-dir", str(save_dir)]
                  + fairseq_args + device_args + extra)
    python = settings["python"]
    if world_size == 1:
        cmd = [python, "-m", "fairseq_cli.train"] + train_args
    else:
        cmd = [python, "-m", "torch.distributed.run", "--nproc_per_node", str(settings["nproc"])]
        if settings["nnodes"] == 1:
            cmd += ["--standalone"]
        else:
            cmd += ["--nnodes", str(settings["nnodes"]), "--node_rank", str(settings["node_rank"]),
                    "--master_addr", settings["master_addr"], "--master_port", str(settings["master_port"])]
        cmd += [str(Path(__file__).resolve()), "--worker"] + train_args
    return cmd, settings


def _drop_flag(args: List[str], name: str) -> List[str]:
    out, skip = [], False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg == name:
            skip = True
            continue
        out.append(arg)
    return out


def restore_path(save_dir: str, extra: Sequence[str]) -> Tuple[Path, bool]:
    """The checkpoint fairseq will resume from, and whether it was named explicitly."""
    restore = flag_value(extra, "--restore-file")
    if restore is None or restore == "checkpoint_last.pt":
        return Path(save_dir) / "checkpoint_last.pt", False
    return Path(restore), True


def check_before_start(recipe_name: str, data_bin: str, save_dir: str, extra: Sequence[str],
                       cmd: Sequence[str] = ()) -> List[str]:
    """Checks that need the files: data present, restore checkpoint readable and, for the training
    command ``cmd``, not finished already (BudgetSpent).  Returns warnings."""
    warnings = []
    first = Path(str(data_bin).split(":")[0])
    if not first.is_dir():
        raise LaunchError(f"{first}: no such data directory (make one with scripts/prepare_data.py)")
    missing = [n for n in ("dict.source.txt", "dict.target.txt") if not (first / n).exists()]
    if missing:
        raise LaunchError(f"{first}: not a binarized data directory (no {', '.join(missing)}; "
                          "make one with scripts/prepare_data.py)")
    recipe = get_recipe(recipe_name)
    settings_file = first / "prepare.json"
    if settings_file.exists():
        try:
            prepared = json.loads(settings_file.read_text()).get("max_source_pieces")
        except (ValueError, AttributeError):
            prepared = None
        wanted = flag_value(extra, "--max-source-positions")
        wanted = int(wanted) - 1 if wanted and wanted.isdigit() else recipe.max_source_pieces
        if isinstance(prepared, int) and prepared < wanted:
            warnings.append(
                f"warning: {first} was prepared with sources cut at {prepared} pieces, but recipe "
                f"{recipe.name} reads up to {wanted}: the model sees at most {prepared} (prepare "
                f"the data with {' '.join(recipe.prepare_args())} for the recipe's setting)")
    path, explicit = restore_path(save_dir, extra)
    reset = any(a.startswith("--reset-") for a in extra)
    if explicit and not path.exists():
        raise LaunchError(f"--restore-file {path}: no such checkpoint (fairseq would silently start from scratch)")
    if path.exists():
        sys.path.insert(0, str(ROOT))
        from fairseq_plugins.fixes import load_checkpoint  # imports fairseq: only when needed

        try:
            state = load_checkpoint(str(path))
        except ValueError as err:
            hint = ""
            if not explicit:
                others = sorted((p for p in Path(save_dir).glob("checkpoint*.pt") if p != path),
                                key=lambda p: p.stat().st_mtime, reverse=True)
                hint = (" A run killed while fairseq copied its checkpoint can leave such a file; "
                        "delete it to start afresh")
                if others:
                    hint += f", or resume from another one with --restore-file {others[0]}"
                hint += "."
            raise LaunchError(f"cannot resume: {err}.{hint}") from None
        updates = state.get("optimizer_history", [{}])[-1].get("num_updates")
        if not reset:
            finished = spent_budget(state, cmd)
            if finished:
                raise BudgetSpent(f"{path}: {finished}: nothing left to train")
            warnings.append(f"resuming from {path} ({updates} updates done)")
    return warnings


def _die_with_parent(parent: int) -> None:
    """Linux: have the kernel SIGKILL this worker when the torchrun agent that started it dies.
    The agent starts each worker in a process group of its own (setsid), so without this a SIGKILL
    of the agent (or of the launching shell's process group) leaves the workers training, and a
    restarted run would train next to them in the same save directory."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0 and os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)  # the agent died before prctl took effect
    except (OSError, AttributeError):
        pass


def worker_main(args: List[str]) -> int:
    """One process started by torch.distributed.run: hand fairseq its rank, then train."""
    _die_with_parent(os.getppid())
    env = os.environ
    missing = [k for k in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT") if k not in env]
    if missing:
        print(f"train.py --worker runs under torch.distributed.run (missing {', '.join(missing)})", file=sys.stderr)
        return 2
    device_id = "0" if "--cpu" in args else env["LOCAL_RANK"]
    args = list(args) + [
        "--distributed-init-method", "env://",
        "--distributed-world-size", env["WORLD_SIZE"],
        "--distributed-rank", env["RANK"],
        "--distributed-no-spawn",
        "--device-id", device_id,
    ]
    from fairseq_cli import train as fairseq_train

    sys.argv = ["fairseq-train"] + args
    fairseq_train.cli_main()
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--worker"]:
        return worker_main(argv[1:])
    dry_run = os.environ.get("DRY_RUN", "") not in ("", "0")
    if "--dry-run" in argv:
        dry_run = True
        argv = [a for a in argv if a != "--dry-run"]
    if argv[:1] in (["-h"], ["--help"]) or not argv:
        print(__doc__)
        return 0 if argv else 2
    if argv[:1] == ["--list"]:
        for name, recipe in RECIPES.items():
            print(f"{name:<26} {recipe.description}")
        return 0
    if len(argv) < 3 or any(a.startswith("-") for a in argv[:3]):
        print(f"{USAGE}\ntrain.py: error: RECIPE, DATA_BIN and SAVE_DIR are required", file=sys.stderr)
        return 2
    recipe_name, data_bin, save_dir, extra = argv[0], argv[1], argv[2], argv[3:]
    try:
        cmd, settings = build_command(recipe_name, data_bin, save_dir, extra)
        if not dry_run:
            for line in check_before_start(recipe_name, data_bin, save_dir, extra, cmd):
                print(f"train.py: {line}", file=sys.stderr)
    except LaunchError as err:
        print(f"train.py: error: {err}", file=sys.stderr)
        return 2
    except BudgetSpent as done:
        print(f"train.py: {done}", file=sys.stderr)
        return 0
    print(f"train.py: recipe {recipe_name}, {settings['device']}, {settings['world_size']} process(es)"
          + (f" on {settings['nnodes']} machines" if settings["nnodes"] > 1 else ""), file=sys.stderr)
    print(shlex.join(cmd), flush=True)
    if dry_run:
        return 0
    sys.stderr.flush()
    # exec: the training process keeps this process id, so signals (and SIGKILL) reach it directly
    os.execv(cmd[0], cmd)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())

"""The fairseq defects fixed in fairseq_plugins/fixes.py: each test shows the defect without the fix
(or would fail without it) and the behaviour with it.

The CLI tests run fairseq-train / fairseq-generate with a minimal --user-dir built in a tmp dir
that imports only fixes.py and scoring/rouge.py (symlinked), so they do not depend on our models.
"""
import contextlib
import json
import logging
import math
import os
import pickle
import random
import re
import subprocess
import sys
import time
import types
from argparse import Namespace
from pathlib import Path

import pytest
import torch

from fairseq_plugins import fixes

from fairseq import checkpoint_utils  # noqa: E402  (fairseq_plugins imported it already)
from fairseq.data import Dictionary  # noqa: E402
from fairseq.models import (  # noqa: E402
    FairseqDecoder,
    FairseqEncoder,
    FairseqEncoderDecoderModel,
)
from fairseq.ngram_repeat_block import NGramRepeatBlock  # noqa: E402
from fairseq.sequence_generator import SequenceGenerator  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
PLUGIN = REPO / "fairseq_plugins"
BIN = Path(sys.executable).parent


def run(cmd, cwd, timeout=180, env=None):
    return subprocess.run(
        [str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=timeout,
        env=env if env is not None else dict(os.environ),
    )


def cli(name):
    """A fairseq console script of this venv (or the module behind it)."""
    script = BIN / f"fairseq-{name}"
    return [script] if script.exists() else [sys.executable, "-m", f"fairseq_cli.{name}"]


# --- 1a. logging ------------------------------------------------------------------------------

ROOT_STATE = """
import json, logging, sys
root = logging.getLogger()
before = (root.level, [type(h).__name__ for h in root.handlers])
{import_line}
after = (root.level, [type(h).__name__ for h in root.handlers])
logging.getLogger("some.library").debug("DEBUG-LINE-FROM-A-LIBRARY")
print(json.dumps({{"before": before, "after": after}}))
"""


def root_state_after(import_line):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = run([sys.executable, "-c", ROOT_STATE.format(import_line=import_line)], REPO, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1]), proc.stderr


def test_plain_fairseq_import_configures_root_logger():
    """The defect: `import fairseq` adds a root handler and turns the root level to DEBUG."""
    state, stderr = root_state_after("import fairseq")
    assert state["before"] == [logging.WARNING, []]
    assert state["after"][1], "fairseq no longer adds a root handler: the guard may be obsolete"
    assert state["after"][0] == logging.DEBUG
    assert "DEBUG-LINE-FROM-A-LIBRARY" in stderr


def test_plugin_import_leaves_root_logger_alone():
    state, stderr = root_state_after("import fairseq_plugins")
    assert state["after"] == state["before"] == [logging.WARNING, []]
    assert "DEBUG-LINE-FROM-A-LIBRARY" not in stderr
    assert "INFO" not in stderr  # fairseq's import-time info messages ("tensorboardX") included


@contextlib.contextmanager
def bare_root_logger():
    """The root logger as an unconfigured program has it.  (A context manager inside the test,
    not a fixture: pytest installs its capture handlers on the root logger around the call.)"""
    root = logging.getLogger()
    saved = root.level, list(root.handlers)
    for handler in saved[1]:
        root.removeHandler(handler)
    root.setLevel(logging.WARNING)
    try:
        yield root
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in saved[1]:
            root.addHandler(handler)
        root.setLevel(saved[0])


def test_preserve_root_logging_unconfigured():
    with bare_root_logger() as root:
        with fixes.preserve_root_logging():
            logging.basicConfig(level=logging.DEBUG)
            root.setLevel(logging.DEBUG)
            root.addHandler(logging.StreamHandler())
        assert root.level == logging.WARNING
        assert root.handlers == []


def test_preserve_root_logging_configured():
    with bare_root_logger() as root:
        mine = logging.StreamHandler()
        root.addHandler(mine)
        root.setLevel(logging.INFO)
        with fixes.preserve_root_logging():
            logging.basicConfig(level=logging.DEBUG, force=True)  # even force=True is undone
        assert root.level == logging.INFO
        assert root.handlers == [mine]


# --- 1b. checkpoints --------------------------------------------------------------------------

MIN_USER_DIR_INIT = '''"""fixes + scoring only (test copy of fairseq_plugins without the models)."""
from . import fixes
fixes.apply()
from .scoring import rouge  # noqa: F401
'''


def make_user_dir(root: Path) -> Path:
    pkg = root / "fsp_fixes_under_test"
    (pkg / "scoring").mkdir(parents=True)
    (pkg / "__init__.py").write_text(MIN_USER_DIR_INIT)
    (pkg / "fixes.py").symlink_to(PLUGIN / "fixes.py")
    (pkg / "scoring" / "__init__.py").write_text("")
    (pkg / "scoring" / "rouge.py").symlink_to(PLUGIN / "scoring" / "rouge.py")
    return pkg


def make_data(root: Path):
    rng = random.Random(0)
    words = [f"w{i}" for i in range(30)]
    for split, n in (("train", 40), ("valid", 8), ("test", 8)):
        src, tgt = [], []
        for _ in range(n):
            sent = [rng.choice(words) for _ in range(rng.randint(5, 15))]
            src.append(" ".join(sent))
            tgt.append(" ".join(sent[:4]))
        (root / f"{split}.src").write_text("\n".join(src) + "\n")
        (root / f"{split}.tgt").write_text("\n".join(tgt) + "\n")


TRAIN_ARGS = [
    "--arch", "transformer", "--encoder-layers", "1", "--decoder-layers", "1",
    "--encoder-embed-dim", "16", "--decoder-embed-dim", "16",
    "--encoder-ffn-embed-dim", "32", "--decoder-ffn-embed-dim", "32",
    "--encoder-attention-heads", "2", "--decoder-attention-heads", "2",
    "--optimizer", "adam", "--lr", "1e-3", "--lr-scheduler", "inverse_sqrt",
    "--warmup-updates", "10", "--criterion", "label_smoothed_cross_entropy",
    "--label-smoothing", "0.1", "--max-tokens", "200", "--cpu", "--num-workers", "0",
    "--no-progress-bar", "--log-format", "simple", "--seed", "1",
]


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """A fairseq-train checkpoint (2 updates, plugin loaded) and everything around it."""
    root = tmp_path_factory.mktemp("ckpt")
    make_data(root)
    user_dir = make_user_dir(root)
    proc = run(cli("preprocess") + [
        "--source-lang", "src", "--target-lang", "tgt", "--trainpref", "train",
        "--validpref", "valid", "--testpref", "test", "--destdir", "bin",
        "--joined-dictionary", "--workers", "1",
    ], root)
    assert proc.returncode == 0, proc.stderr[-3000:]
    proc = run(cli("train") + ["bin", *TRAIN_ARGS, "--max-update", "2", "--save-dir", "ck",
                               "--user-dir", user_dir], root)
    assert proc.returncode == 0, proc.stderr[-3000:]
    ckpt = root / "ck" / "checkpoint_last.pt"
    assert ckpt.exists()
    return types.SimpleNamespace(root=root, user_dir=user_dir, ckpt=ckpt)


@contextlib.contextmanager
def no_safe_globals():
    """torch's weights_only unpickler as it is before fixes.apply() (nothing allow-listed)."""
    saved = torch.serialization.get_safe_globals()
    torch.serialization.clear_safe_globals()
    try:
        yield
    finally:
        torch.serialization.clear_safe_globals()
        torch.serialization.add_safe_globals(saved)


def test_checkpoint_needs_exactly_the_allow_list(trained):
    """What torch's safe unpickler does not allow by itself is exactly CHECKPOINT_SAFE_GLOBALS."""
    with no_safe_globals():
        unsafe = torch.serialization.get_unsafe_globals_in_checkpoint(str(trained.ckpt))
    allowed = {f"{cls.__module__}.{cls.__qualname__}" for cls in fixes.CHECKPOINT_SAFE_GLOBALS}
    assert set(unsafe) == allowed
    assert torch.serialization.get_unsafe_globals_in_checkpoint(str(trained.ckpt)) == []


def test_checkpoint_fails_without_allow_list(trained):
    with no_safe_globals(), pytest.raises(pickle.UnpicklingError, match="argparse.Namespace"):
        checkpoint_utils.load_checkpoint_to_cpu(str(trained.ckpt))


def test_checkpoint_loads_in_python(trained):
    state = checkpoint_utils.load_checkpoint_to_cpu(str(trained.ckpt))
    assert state["optimizer_history"][-1]["num_updates"] == 2
    assert isinstance(state["cfg"]["model"], Namespace)
    state = fixes.load_checkpoint(trained.ckpt)
    assert "encoder.embed_tokens.weight" in state["model"]


def test_apply_is_idempotent():
    before = list(torch.serialization.get_safe_globals())
    fixes.apply()
    fixes.apply()
    assert list(torch.serialization.get_safe_globals()) == before
    assert NGramRepeatBlock._no_repeat_ngram is fixes.no_repeat_ngram
    from fairseq.distributed import utils as dist_utils

    assert dist_utils.distributed_main is fixes.distributed_main_that_destroys_its_group
    assert dist_utils.distributed_main.__wrapped__ is fixes.ORIGINAL_DISTRIBUTED_MAIN


def test_restore_file_continues_training(trained):
    proc = run(cli("train") + ["bin", *TRAIN_ARGS, "--max-update", "3", "--save-dir", "ck_resumed",
                               "--restore-file", trained.ckpt, "--user-dir", trained.user_dir],
               trained.root)
    assert proc.returncode == 0, proc.stderr[-3000:]
    log = proc.stdout + proc.stderr  # fairseq CLIs log to stdout
    assert re.search(r"Loaded checkpoint \S+checkpoint_last\.pt \(epoch 1 @ 2 updates\)", log), log
    state = fixes.load_checkpoint(trained.root / "ck_resumed" / "checkpoint_last.pt")
    assert state["optimizer_history"][-1]["num_updates"] == 3


def generate(trained, with_plugin):
    extra = ["--user-dir", trained.user_dir, "--scoring", "rouge"] if with_plugin else []
    return run(cli("generate") + [
        "bin", "--path", trained.ckpt, "--gen-subset", "test", "--beam", "2",
        "--max-len-b", "8", "--batch-size", "8", "--cpu", "--no-repeat-ngram-size", "3", *extra,
    ], trained.root)


def test_generate_loads_checkpoint(trained):
    proc = generate(trained, with_plugin=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert len(re.findall(r"^H-\d+\t", proc.stdout, re.M)) == 8
    assert re.search(r"Generate test with beam=2: ROUGE-1 \d+\.\d\d \| ROUGE-2 \d+\.\d\d \| "
                     r"ROUGE-L \d+\.\d\d \| ROUGE-Lsum \d+\.\d\d \(n=8\)", proc.stdout)


def test_generate_without_plugin_cannot_load_checkpoint(trained):
    proc = generate(trained, with_plugin=False)
    assert proc.returncode != 0
    log = proc.stdout + proc.stderr
    assert "Unsupported global" in log and "argparse.Namespace" in log, log[-3000:]


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty", "not_fairseq", "foreign"])
def test_unreadable_checkpoint_raises_value_error(trained, tmp_path, damage):
    path = tmp_path / f"{damage}.pt"
    data = trained.ckpt.read_bytes()
    if damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "garbage":
        path.write_bytes(b"definitely not a checkpoint\n" * 10)
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "not_fairseq":
        torch.save({"weights": torch.zeros(2)}, path)
    else:  # a pickled global outside the allow-list
        torch.save({"model": {}, "obj": types.SimpleNamespace(a=1)}, path)
    with pytest.raises(ValueError) as info:
        fixes.load_checkpoint(path)
    message = str(info.value)
    assert message.startswith(f"{path}: not a readable fairseq checkpoint (")
    assert "\n" not in message and len(message) < 400
    if damage == "foreign":
        assert "types.SimpleNamespace" in message


def test_missing_checkpoint_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        fixes.load_checkpoint(tmp_path / "nope.pt")


# --- 1c. n-gram blocking ----------------------------------------------------------------------


def reference_block(tokens, lprobs, n, step):
    """Brute force, the CUDA kernel's semantics: ban the token that would complete an n-gram
    already in tokens[h, :step+1]."""
    out = lprobs.clone()
    rows = tokens.tolist()
    for h, row in enumerate(rows):
        current = row[step + 2 - n: step + 1]
        for i in range(step + 2 - n):
            if row[i: i + n - 1] == current:
                out[h, row[i + n - 1]] = -math.inf
    return out


def random_buffer(gen, bbsz, max_len, step, low, high, pad=1, bos=2, garbage_tail=False):
    tokens = torch.full((bbsz, max_len + 2), pad, dtype=torch.long)
    tokens[:, 0] = bos
    tokens[:, 1: step + 1] = torch.randint(low, high, (bbsz, step), generator=gen)
    if garbage_tail:  # positions after step must be ignored whatever they hold
        tokens[:, step + 1:] = torch.randint(low, high, (bbsz, max_len + 1 - step), generator=gen)
    return tokens


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_vectorized_blocking_matches_reference(n):
    gen = torch.Generator().manual_seed(n)
    block = NGramRepeatBlock(n, use_extension=False)
    assert not block.use_extension
    checked_bans = 0
    for step in range(0, 25):
        for garbage_tail in (False, True):
            bsz, beam = 2, 3
            tokens = random_buffer(gen, bsz * beam, 30, step, 4, 8, garbage_tail=garbage_tail)
            lprobs = torch.randn(bsz * beam, 10, generator=gen)
            expected = reference_block(tokens, lprobs, n, step)
            got = block(tokens, lprobs.clone(), bsz, beam, step)
            assert torch.equal(got, expected), (n, step, garbage_tail)
            checked_bans += int(torch.isinf(expected).sum())
    assert checked_bans > 10  # the random buffers do exercise banning


def test_original_blocking_disagrees_with_reference():
    """The defect: the unfixed fallback compares with the padded end of the buffer."""
    gen = torch.Generator().manual_seed(0)
    block = NGramRepeatBlock(3, use_extension=False)
    step = 20
    tokens = random_buffer(gen, 8, 30, step, 4, 7)
    lprobs = torch.randn(8, 10, generator=gen)
    expected = reference_block(tokens, lprobs, 3, step)
    assert torch.isinf(expected).any()
    unfixed = fixes.ORIGINAL_NO_REPEAT_NGRAM(block, tokens, lprobs.clone(), 2, 4, step)
    assert not torch.isinf(unfixed).any()  # bans nothing at all
    assert torch.equal(fixes.no_repeat_ngram(block, tokens, lprobs.clone(), 2, 4, step), expected)


def test_patched_blocking_is_scriptable():
    block = NGramRepeatBlock(3, use_extension=False)
    scripted = torch.jit.script(block)
    gen = torch.Generator().manual_seed(1)
    tokens = random_buffer(gen, 4, 20, 15, 4, 7)
    lprobs = torch.randn(4, 10, generator=gen)
    assert torch.equal(scripted(tokens, lprobs.clone(), 1, 4, 15),
                       reference_block(tokens, lprobs, 3, 15))


class _Encoder(FairseqEncoder):
    def forward(self, src_tokens, src_lengths=None, **kwargs):
        return {"encoder_out": [src_tokens.new_zeros(src_tokens.size(0), 1).float()]}

    def reorder_encoder_out(self, encoder_out, new_order):
        return {"encoder_out": [encoder_out["encoder_out"][0].index_select(0, new_order)]}


class _CycleDecoder(FairseqDecoder):
    """Strongly prefers first + (prev - first + 1) mod period after each token, so greedy output
    is a b c a b c ...: repeated trigrams everywhere unless they are blocked."""

    def __init__(self, dictionary, first, period=3):
        super().__init__(dictionary)
        self.first, self.period = first, period

    def forward(self, prev_output_tokens, encoder_out=None, **kwargs):
        bsz, length = prev_output_tokens.shape
        following = self.first + (prev_output_tokens - self.first + 1).remainder(self.period)
        following = torch.where(prev_output_tokens < self.first,
                                torch.full_like(following, self.first), following)
        logits = torch.zeros(bsz, length, len(self.dictionary))
        logits.scatter_(2, following.unsqueeze(-1), 6.0)
        logits[:, :, self.dictionary.eos()] = -4.0
        return logits, {"attn": None}


def _generate_with_cycle_model(blocker_method=None):
    dictionary = Dictionary()
    for i in range(12):
        dictionary.add_symbol(f"t{i}")
    first = dictionary.index("t0")
    model = FairseqEncoderDecoderModel(_Encoder(dictionary), _CycleDecoder(dictionary, first))
    model.eval()
    generator = SequenceGenerator([model], dictionary, beam_size=4, max_len_a=0, max_len_b=24,
                                  no_repeat_ngram_size=3)
    blocker = generator.repeat_ngram_blocker
    assert not blocker.use_extension  # CPU: the Python fallback is what runs
    if blocker_method is not None:
        blocker._no_repeat_ngram = types.MethodType(blocker_method, blocker)
    src = torch.tensor([[first + 5, first + 6, dictionary.eos()]] * 2)
    sample = {"net_input": {"src_tokens": src, "src_lengths": torch.tensor([3, 3])}}
    with torch.no_grad():
        hypos = generator.generate([model], sample)
    return [h["tokens"].tolist() for sent in hypos for h in sent], dictionary.eos()


def repeated_trigrams(tokens):
    trigrams = [tuple(tokens[i: i + 3]) for i in range(len(tokens) - 2)]
    return len(trigrams) - len(set(trigrams))


def test_sequence_generator_blocks_repeated_trigrams():
    hypotheses, eos = _generate_with_cycle_model()
    assert len(hypotheses) == 8
    for tokens in hypotheses:
        words = [t for t in tokens if t != eos]
        assert len(words) >= 10  # generation did run long enough to repeat
        assert repeated_trigrams(words) == 0, words


def test_sequence_generator_unfixed_blocking_repeats_trigrams():
    """The same decoding with fairseq's own fallback: trigrams repeat (so the test above can fail)."""
    hypotheses, eos = _generate_with_cycle_model(fixes.ORIGINAL_NO_REPEAT_NGRAM)
    assert all(repeated_trigrams([t for t in tokens if t != eos]) > 0 for tokens in hypotheses)


def test_blocking_speed(capsys):
    """Not asserted: prints patched vs original time for bsz*beam=64, step=100, vocab 32k."""
    gen = torch.Generator().manual_seed(0)
    block = NGramRepeatBlock(3, use_extension=False)
    tokens = random_buffer(gen, 64, 200, 100, 4, 300)
    lprobs = torch.randn(64, 32000, generator=gen)
    timings = {}
    for name, method in (("patched", fixes.no_repeat_ngram),
                         ("original", fixes.ORIGINAL_NO_REPEAT_NGRAM)):
        method(block, tokens, lprobs.clone(), 16, 4, 100)  # warm up
        start = time.perf_counter()
        for _ in range(20):
            method(block, tokens, lprobs, 16, 4, 100)
        timings[name] = (time.perf_counter() - start) / 20 * 1e3
    with capsys.disabled():
        print(f"\n[ngram blocking, 64 hyps, step 100] patched {timings['patched']:.3f} ms, "
              f"original {timings['original']:.3f} ms per call")


def test_checkpoint_copies_are_atomic(tmp_path, monkeypatch):
    """A run killed while fairseq copies checkpoint_N.pt to checkpoint_last.pt must leave the old
    checkpoint_last.pt whole (fairseq's plain copy leaves a truncated file)."""
    import shutil

    from fairseq import checkpoint_utils
    from fairseq.file_io import PathManager

    src, dst = tmp_path / "checkpoint_1_500.pt", tmp_path / "checkpoint_last.pt"
    src.write_bytes(b"new" * 1000)
    real_copyfile = shutil.copyfile

    def killed_halfway(a, b, *args, **kwargs):
        with open(b, "wb") as f:
            f.write(open(a, "rb").read()[:100])
        raise KeyboardInterrupt  # stands for SIGKILL in the middle of the copy

    monkeypatch.setattr(shutil, "copyfile", killed_halfway)
    for manager, survives in ((PathManager, False), (checkpoint_utils.PathManager, True)):
        dst.write_bytes(b"old checkpoint")
        with pytest.raises(KeyboardInterrupt):
            manager.copy(str(src), str(dst), overwrite=True)
        assert (dst.read_bytes() == b"old checkpoint") is survives
    monkeypatch.setattr(shutil, "copyfile", real_copyfile)
    assert checkpoint_utils.PathManager.copy(str(src), str(dst), overwrite=True)
    assert dst.read_bytes() == src.read_bytes() and not (tmp_path / "checkpoint_last.pt.tmp").exists()


# --- 6. one log-file handler ------------------------------------------------------------------


def validation_lines_in_log_file(trained, name, with_plugin):
    """fairseq-train for 3 epochs with --log-file: the log file's validation lines."""
    log_file = trained.root / f"{name}.log"
    extra = ["--user-dir", trained.user_dir] if with_plugin else []
    proc = run(cli("train") + ["bin", *TRAIN_ARGS, "--max-epoch", "3", "--no-save", "--save-dir", f"ck_{name}",
                               "--log-file", log_file, *extra], trained.root)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [line for line in log_file.read_text().splitlines() if "valid on 'valid' subset" in line]


def test_log_file_gets_each_line_once(trained):
    lines = validation_lines_in_log_file(trained, "one_handler", with_plugin=True)
    assert [re.search(r"epoch (\d+)", line).group(1) for line in lines] == ["001", "002", "003"], lines


def test_log_file_repeats_lines_without_fix(trained):
    """The defect: fairseq adds a file handler every epoch, so epoch k's lines are written k times."""
    lines = validation_lines_in_log_file(trained, "handler_per_epoch", with_plugin=False)
    assert [re.search(r"epoch (\d+)", line).group(1) for line in lines] == ["001", "002", "002", "003", "003", "003"]


def test_progress_bar_wrapper_keeps_positional_log_file(tmp_path):
    """fairseq's own signature still works (log_file as the 4th positional argument), and a second
    bar for the same file adds no second handler."""
    from fairseq.logging import progress_bar

    logger = progress_bar.logger
    before = list(logger.handlers)
    try:
        for epoch in (1, 2):
            progress_bar.progress_bar(iter([]), "simple", 1, str(tmp_path / "x.log"), epoch)
        added = [h for h in logger.handlers if h not in before]
        assert len(added) == 1 and added[0].baseFilename == str(tmp_path / "x.log")
    finally:
        for handler in logger.handlers[len(before):]:
            logger.removeHandler(handler)
            handler.close()


# --- gradient clipping of a --cpu run on a machine with CUDA -----------------------------------


def parameters_with_gradients(seed: int = 0):
    """Two layers' parameters after one backward pass: CPU gradients with a norm well above 0.1."""
    torch.manual_seed(seed)
    model = torch.nn.Sequential(torch.nn.Linear(6, 5), torch.nn.Tanh(), torch.nn.Linear(5, 3))
    model(torch.randn(7, 6)).pow(2).sum().backward()
    return list(model.parameters())


def show_cuda(monkeypatch):
    """What fairseq sees on a machine with a GPU, on any machine: CUDA available, device 0 current."""
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "current_device", lambda: 0)


def test_clipping_cpu_gradients_fails_without_fix_where_cuda_is_available(monkeypatch):
    """The defect: fairseq sums the norms on torch.cuda.current_device() whatever device the
    gradients are on (without a GPU here, moving them there fails; with one, multiplying the CPU
    gradients by the clip coefficient on the GPU does)."""
    params = parameters_with_gradients()
    show_cuda(monkeypatch)
    with pytest.raises((RuntimeError, AssertionError)):
        fixes.ORIGINAL_CLIP_GRAD_NORM(params, 0.1)


@pytest.mark.parametrize("max_norm", [0.1, 1e6, 0.0])
def test_clipping_cpu_gradients_where_cuda_is_available_matches_torch(monkeypatch, max_norm):
    """Through fairseq.utils, as the optimizers call it: the norm and the clipped gradients are
    torch.nn.utils.clip_grad_norm_'s (max_norm 0: the norm only, nothing scaled)."""
    import fairseq.utils

    params, reference = parameters_with_gradients(), parameters_with_gradients()
    before = [p.grad.clone() for p in params]
    expected = torch.nn.utils.clip_grad_norm_(reference, max_norm if max_norm > 0 else float("inf"))
    show_cuda(monkeypatch)
    norm = fairseq.utils.clip_grad_norm_(params, max_norm)
    assert norm.device.type == "cpu" and torch.allclose(norm, expected)
    assert float(norm) > 0.1  # the first case does clip
    for p, r, b in zip(params, reference, before):
        assert torch.allclose(p.grad, r.grad if max_norm > 0 else b)
    assert max_norm != 0.1 or not torch.allclose(params[0].grad, before[0])


# --- 8. a distributed run destroys its process group -------------------------------------------

PROCESS_GROUP_AFTER_CALL_MAIN = """
import json, socket, sys
import torch
import fairseq_plugins  # noqa: F401  (applies the fixes)
from fairseq import options
from fairseq.dataclass.utils import convert_namespace_to_omegaconf
from fairseq.distributed import utils as dist_utils
from fairseq_plugins import fixes

variant, group_before = sys.argv[1], sys.argv[2] == "group-before"
if variant == "fairseq":
    dist_utils.distributed_main = fixes.ORIGINAL_DISTRIBUTED_MAIN
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
init = f"tcp://127.0.0.1:{port}"
args = options.parse_args_and_arch(options.get_training_parser(), [
    "unused-data", "--arch", "transformer", "--cpu", "--distributed-backend", "gloo",
    "--distributed-init-method", init, "--distributed-world-size", "1", "--distributed-rank", "0",
    "--distributed-no-spawn", "--device-id", "0"])
if group_before:
    torch.distributed.init_process_group("gloo", init_method=init, world_size=1, rank=0)
during = []
dist_utils.call_main(convert_namespace_to_omegaconf(args),
                     lambda cfg: during.append(torch.distributed.get_world_size()))
print(json.dumps({"during": during, "after": torch.distributed.is_initialized()}))
"""


def process_group_after_call_main(variant, group_before="no-group-before"):
    """(what the training function saw, whether a process group is left) for call_main in a fresh
    process: world size 1 on gloo, the way scripts/train.py's workers start fairseq."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = run([sys.executable, "-c", PROCESS_GROUP_AFTER_CALL_MAIN, variant, group_before], REPO, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    state = json.loads(proc.stdout.strip().splitlines()[-1])
    return state["during"], state["after"]


def test_distributed_main_leaves_its_process_group_without_fix():
    assert process_group_after_call_main("fairseq") == ([1], True)


def test_distributed_main_destroys_its_process_group():
    assert process_group_after_call_main("fixed") == ([1], False)


def test_distributed_main_leaves_a_group_it_did_not_make():
    assert process_group_after_call_main("fixed", "group-before") == ([1], True)

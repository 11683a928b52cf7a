"""Fixes for defects of fairseq (0.12.3, upstream main) that this project runs into, each fixed at
its own depth.  Importing this module imports fairseq (with the logging guard below); ``apply()``
installs the other fixes and is idempotent.  tests/test_fixes.py has a test per defect that fails
without the fix.

1. Logging.  ``import fairseq`` imports every model and task module, and two of them call
   ``logging.basicConfig`` at import time (models/wav2vec/wav2vec2_classification.py with
   ``level=DEBUG``, tasks/text_to_speech.py with ``level=INFO``).  Whichever runs first adds a
   stderr handler to the root logger, and the root level can end up at DEBUG, so every library's
   debug output is printed.  The fairseq CLIs configure logging before they import fairseq (so
   ``basicConfig`` is a no-op there) and are unaffected; our own entry points are not.  The fix is
   ``preserve_root_logging()``: while fairseq is imported, the root logger gets a temporary
   handler (the one ``logging`` itself would use, ``logging.lastResort``: WARNING and up to stderr),
   which makes every ``basicConfig`` call a no-op; afterwards the root logger's level and handlers
   are put back exactly as they were.  ``import_fairseq()`` is the guarded import; this module runs
   it on import, so ``import fairseq_plugins`` (which imports this module first) is enough.
   (rouge-score has the same habit: absl's ``logging.info`` calls ``basicConfig()`` when the root
   has no handler; scoring/rouge.py builds its scorer under the same guard.)

2. Checkpoints with torch >= 2.6.  ``torch.load`` defaults to ``weights_only=True``, and
   ``checkpoint_utils.load_checkpoint_to_cpu`` calls it without ``weights_only``, so fairseq cannot
   read the checkpoints it writes (``fairseq-train --restore-file``, ``fairseq-generate``,
   ``load_model_ensemble``...): "Unsupported global: GLOBAL argparse.Namespace".  We keep the safe
   loader and allow-list exactly the classes fairseq checkpoints hold, ``CHECKPOINT_SAFE_GLOBALS``.
   The set was found empirically: checkpoints written by ``fairseq-train`` (translation with the
   legacy ``transformer`` arch under adam/inverse_sqrt, adam/polynomial_decay with clip-norm and
   update-freq, nag/reduce_lr_on_plateau, adafactor/cosine, sgd/fixed with
   --keep-best-checkpoints and a maximised best metric, adam/tri_stage, --store-ema, mid-epoch
   --save-interval-updates checkpoints, several epochs; and language_modeling with the dataclass
   ``transformer_lm`` arch) were inspected with ``torch.serialization.
   get_unsafe_globals_in_checkpoint`` and with pickletools.  Every pickle references only
   ``collections.OrderedDict``, ``torch._utils._rebuild_tensor_v2``, ``torch.FloatStorage`` (all
   allowed by torch already) and ``argparse.Namespace`` -- the ``cfg.model`` of an arch
   registered the legacy (argparse) way.  Meters are saved as plain state dicts (class names as
   strings, values as tensors / Python numbers), so no meter or numpy class is needed.
   ``load_checkpoint(path)`` wraps ``load_checkpoint_to_cpu`` and turns an unreadable
   (truncated, corrupt, not-a-checkpoint) file into ``ValueError("<path>: not a readable fairseq
   checkpoint (<reason>)")``.

3. ``--no-repeat-ngram-size`` on CPU.  ``NGramRepeatBlock`` (fairseq/ngram_repeat_block.py) uses
   a CUDA extension when it is built and CUDA is available, otherwise ``_no_repeat_ngram``, which
   compares earlier n-grams with ``cpu_tokens[hyp][-(n-1):]``: the *end of the whole token
   buffer* (bsz*beam x max_len+2, still padding at that point), not the last n-1 tokens generated
   so far (positions step+2-n .. step).  So on CPU it bans nothing and trigram blocking silently
   does not happen.  We replace ``NGramRepeatBlock._no_repeat_ngram`` on the class with a
   vectorised version with the CUDA kernel's semantics: for every hypothesis, every earlier n-gram
   of ``tokens[:, :step+1]`` whose first n-1 tokens equal the last n-1 tokens bans its last token.
   The CUDA path is untouched.  The original method stays available as
   ``ORIGINAL_NO_REPEAT_NGRAM`` (tests use it to show the defect).

4. Resuming a distributed run under torch >= 2.6.  On resume, rank 0 reads the checkpoint (with
   the safe loader above) and ``distributed.utils._broadcast_object_slow`` sends the state to the
   other ranks as ``torch.save`` bytes, which they read back with ``torch.load`` -- now
   weights-only, so the ``omegaconf.DictConfig`` in the state is refused and every rank but 0
   crashes.  The receiving side is replaced by the same code with ``weights_only=False`` for
   these in-job bytes only (they come from rank 0 of the same job, from a checkpoint that has
   already passed the safe loader); file loads keep the allow-list.  tests/test_distributed.py's
   resume test (two processes, SIGKILL, restart) fails without it.

5. Checkpoint copies.  ``checkpoint_utils.save_checkpoint`` writes the first checkpoint file
   atomically (temporary file, rename) but makes ``checkpoint_last.pt`` / ``checkpoint_best.pt``
   with a plain copy; a run killed during the copy leaves a truncated ``checkpoint_last.pt`` and
   cannot resume.  ``checkpoint_utils`` gets ``AtomicCopyPathManager``, whose local ``copy`` writes
   a temporary file and renames it over the target.

6. ``--log-file`` lines written once per epoch.  ``logging.progress_bar.progress_bar`` adds a new
   ``logging.FileHandler`` for ``log_file`` to its module's logger on every call, and
   ``fairseq-train`` calls it once an epoch: in epoch k every training and validation line is
   written k times to the log file (and k file handles stay open).  Readers of the log then count
   one update's seconds k times (fairseq_plugins.evaluation.study).  ``progress_bar`` is wrapped so
   that a log file gets its handler once; everything else about the call is fairseq's.

7. Gradient clipping of a ``--cpu`` run on a machine with CUDA.  ``utils.clip_grad_norm_`` sums
   the gradients' norms on ``torch.cuda.current_device()`` whenever CUDA is available, wherever
   the gradients are; with ``--clip-norm`` the clip coefficient then lands on the GPU and
   ``torch._foreach_mul_`` of the CPU gradients by it fails at the first update ("scalar tensor is
   expected to be on cpu but is on cuda:0").  ``clip_grad_norm_`` (installed in ``fairseq.utils``,
   which the optimizers call it through) computes the norm on the gradients' own device when none
   of them is on CUDA, and hands every other case to fairseq's unchanged
   (``ORIGINAL_CLIP_GRAD_NORM``).

8. A distributed run's exit.  ``distributed.utils.distributed_main`` initialises the process group,
   trains, waits at a barrier and returns without ``torch.distributed.destroy_process_group()``.
   Under gloo (the CPU backend) the group's C++ threads are then torn down while the interpreter
   shuts down, and now and then a rank aborts there ("terminate called without an active
   exception", SIGABRT) after training has finished: the launcher reports the run as failed.
   ``distributed_main`` is wrapped so that the group it made is destroyed when it returns or
   raises; ``call_main`` finds the wrapper by its module-level name.
"""
import argparse
import contextlib
import functools
import importlib
import inspect
import io
import logging
import math
import os
import re
import shutil

__all__ = [
    "apply",
    "import_fairseq",
    "preserve_root_logging",
    "load_checkpoint",
    "CHECKPOINT_SAFE_GLOBALS",
    "ORIGINAL_CLIP_GRAD_NORM",
    "ORIGINAL_DISTRIBUTED_MAIN",
    "ORIGINAL_NO_REPEAT_NGRAM",
    "ORIGINAL_PROGRESS_BAR",
    "clip_grad_norm_",
    "no_repeat_ngram",
]


# --- 1. logging ------------------------------------------------------------------------------


@contextlib.contextmanager
def preserve_root_logging():
    """Run the body with ``logging.basicConfig`` neutralised; restore the root logger's level and
    handlers afterwards, exactly as they were."""
    root = logging.getLogger()
    saved_level = root.level
    saved_handlers = list(root.handlers)
    placeholder = None
    if not saved_handlers:
        # basicConfig() does nothing when the root logger has a handler.  The placeholder is the
        # handler logging falls back on anyway when there is none, so output does not change.
        placeholder = logging.lastResort or logging.NullHandler()
        root.addHandler(placeholder)
    try:
        yield
    finally:
        root.setLevel(saved_level)
        for handler in list(root.handlers):
            if handler not in saved_handlers:
                root.removeHandler(handler)
        for handler in saved_handlers:
            if handler not in root.handlers:
                root.addHandler(handler)


def import_fairseq():
    """``import fairseq`` without letting it reconfigure logging; returns the module."""
    with preserve_root_logging():
        return importlib.import_module("fairseq")


import_fairseq()

import torch  # noqa: E402
from fairseq import checkpoint_utils  # noqa: E402
from fairseq import utils as fairseq_utils  # noqa: E402
from fairseq.distributed import utils as dist_utils  # noqa: E402
from fairseq.file_io import PathManager  # noqa: E402
from fairseq.logging import progress_bar as progress_bar_module  # noqa: E402
from fairseq.ngram_repeat_block import NGramRepeatBlock  # noqa: E402


# --- 2. checkpoints --------------------------------------------------------------------------

# Every global in a fairseq checkpoint that torch's weights_only unpickler does not already allow.
CHECKPOINT_SAFE_GLOBALS = (argparse.Namespace,)


def _allow_checkpoint_globals():
    allowed = set(torch.serialization.get_safe_globals())
    missing = [cls for cls in CHECKPOINT_SAFE_GLOBALS if cls not in allowed]
    if missing:
        torch.serialization.add_safe_globals(missing)


def load_checkpoint(path, arg_overrides=None):
    """``checkpoint_utils.load_checkpoint_to_cpu(path)``, but a file that is not a readable fairseq
    checkpoint raises ``ValueError("<path>: not a readable fairseq checkpoint (<reason>)")``.
    A missing file still raises FileNotFoundError."""
    path = os.fspath(path)
    if not os.path.exists(path):
        raise FileNotFoundError(f"{path}: no such checkpoint file")
    try:
        state = checkpoint_utils.load_checkpoint_to_cpu(path, arg_overrides)
    except Exception as err:
        # torch.load: RuntimeError for a damaged zip archive, EOFError / UnpicklingError for a
        # truncated or foreign file, UnpicklingError for a global outside the allow-list;
        # _upgrade_state_dict: KeyError & co for a torch file that is not a fairseq checkpoint.
        what = "cannot unpickle it" if _raised_in_torch_load(err) else "unexpected contents"
        raise ValueError(
            f"{path}: not a readable fairseq checkpoint ({what}: {_describe(err)})"
        ) from err
    if not isinstance(state, dict) or "model" not in state:
        raise ValueError(f"{path}: not a readable fairseq checkpoint (no model state in it)")
    return state


def _raised_in_torch_load(err):
    tb = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_globals.get("__name__") == "torch.serialization":
            return True
        tb = tb.tb_next
    return False


def _describe(err):
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(err))  # torch puts ANSI bold in its messages
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    # torch's weights_only error starts with generic advice; the line that names the problem is
    # "WeightsUnpickler error: Unsupported global: GLOBAL module.Class ..."
    named = [line for line in lines if "WeightsUnpickler error" in line]
    detail = (named or lines or [""])[0].split(". Please use")[0]
    if len(detail) > 200:
        detail = detail[:200] + "..."
    return f"{type(err).__name__}: {detail}" if detail else type(err).__name__


# --- 3. n-gram blocking ----------------------------------------------------------------------


def _no_repeat_ngram(self, tokens, lprobs, bsz: int, beam_size: int, step: int):
    """Replacement for ``NGramRepeatBlock._no_repeat_ngram``: set ``lprobs[h, t] = -inf`` for
    every token t that would complete, in hypothesis h, an n-gram already in
    ``tokens[h, :step+1]``.  Vectorised over hypotheses and n-grams; in place, returns lprobs."""
    n = self.no_repeat_ngram_size
    num_ngrams = step + 2 - n  # n-grams wholly inside tokens[:, :step+1]
    if num_ngrams <= 0:
        return lprobs
    generated = tokens[:, : step + 1]
    ngrams = generated.unfold(1, n, 1)  # (bsz*beam, num_ngrams, n)
    current = generated[:, num_ngrams:].unsqueeze(1)  # last n-1 tokens: (bsz*beam, 1, n-1)
    matches = (ngrams[:, :, : n - 1] == current).all(dim=2)  # (bsz*beam, num_ngrams)
    found = matches.nonzero()  # (number of matches, 2): hypothesis, n-gram start
    hyp, start = found[:, 0], found[:, 1]
    banned = ngrams[hyp, start, n - 1]
    lprobs.index_put_(
        (hyp, banned), torch.tensor(-math.inf, dtype=lprobs.dtype, device=lprobs.device)
    )
    return lprobs


# (the function keeps the name of the method it replaces: TorchScript compiles it under that name)
no_repeat_ngram = _no_repeat_ngram

_current = NGramRepeatBlock.__dict__["_no_repeat_ngram"]
# (if this module is reloaded after apply(), the class already holds a patched function)
ORIGINAL_NO_REPEAT_NGRAM = getattr(_current, "_fairseq_original", _current)
no_repeat_ngram._fairseq_original = ORIGINAL_NO_REPEAT_NGRAM
del _current


# --- 4. resuming a distributed run ------------------------------------------------------------


def _allow_resumed_state_broadcast() -> None:
    """Let a distributed run resume under torch >= 2.6.

    On resume, fairseq's ``Trainer.load_checkpoint`` reads the checkpoint on rank 0 only and
    sends the state to the other ranks with ``distributed.utils.broadcast_object``, whose
    ``_broadcast_object_slow`` serializes the non-tensor part with ``torch.save`` and reads it
    back with ``torch.load``.  That load now defaults to ``weights_only=True`` and refuses the
    ``omegaconf.DictConfig`` in the state ("Unsupported global: GLOBAL
    omegaconf.dictconfig.DictConfig"), so every rank but 0 crashes and the run cannot resume.
    The bytes are not a file: rank 0 of this job produced them from a checkpoint it had already
    read with the safe loader (fairseq_plugins.fixes).  The receiving side is the same as
    fairseq's, with ``weights_only=False``; the sending side is fairseq's own."""
    if getattr(dist_utils._broadcast_object_slow, "_fairseq_original", None) is not None:
        return  # already installed
    original = dist_utils._broadcast_object_slow

    def _broadcast_object_slow(obj, src_rank, group, dist_device):
        if dist_utils.get_rank(group) == src_rank:
            return original(obj, src_rank, group, dist_device)
        length = torch.LongTensor([0]).to(dist_device)
        dist_utils.broadcast(length, src=src_rank, group=group)
        buffer = torch.ByteTensor(int(length.item())).to(dist_device)
        dist_utils.broadcast(buffer, src=src_rank, group=group)
        return torch.load(io.BytesIO(buffer.cpu().numpy()), map_location="cpu", weights_only=False)

    _broadcast_object_slow._fairseq_original = original
    dist_utils._broadcast_object_slow = _broadcast_object_slow


class AtomicCopyPathManager(PathManager):
    """fairseq's PathManager, except that ``copy`` to a local path is atomic.

    ``checkpoint_utils.save_checkpoint`` writes ``checkpoint_1_500.pt`` atomically (temporary file,
    then rename) but makes ``checkpoint_last.pt`` and ``checkpoint_best.pt`` with a plain
    ``PathManager.copy``: a run killed during that copy (a machine shut down, an out-of-memory kill,
    SIGKILL) leaves a truncated ``checkpoint_last.pt``, and the same command can no longer resume.
    Copying to a temporary file next to the target and renaming it over the target keeps the old
    file until the new one is complete. Remote (``scheme://``) targets keep fairseq's copy."""

    @staticmethod
    def copy(src_path: str, dst_path: str, overwrite: bool = False) -> bool:
        if "://" in str(dst_path):
            return PathManager.copy(src_path, dst_path, overwrite)
        if os.path.exists(dst_path) and not overwrite:
            return False
        tmp = f"{dst_path}.tmp"
        shutil.copyfile(src_path, tmp)
        os.replace(tmp, dst_path)
        return True


def _atomic_checkpoint_copies() -> None:
    checkpoint_utils.PathManager = AtomicCopyPathManager


# --- 6. one log-file handler -------------------------------------------------------------------

# (if this module is reloaded after apply(), the module already holds the wrapper)
ORIGINAL_PROGRESS_BAR = getattr(progress_bar_module.progress_bar, "__wrapped__", progress_bar_module.progress_bar)
_PROGRESS_BAR_PARAMETERS = inspect.signature(ORIGINAL_PROGRESS_BAR)


@functools.wraps(ORIGINAL_PROGRESS_BAR)
def progress_bar_with_one_log_handler(*args, **kwargs):
    """fairseq's ``progress_bar``, with ``log_file``'s handler added to its logger only when that
    logger has none for the same file yet (fairseq adds one every call, i.e. every epoch)."""
    call = _PROGRESS_BAR_PARAMETERS.bind(*args, **kwargs)
    log_file = call.arguments.get("log_file")
    if log_file is not None:
        logger = progress_bar_module.logger
        path = os.path.abspath(log_file)  # what FileHandler keeps as baseFilename
        if not any(isinstance(h, logging.FileHandler) and h.baseFilename == path for h in logger.handlers):
            logger.addHandler(logging.FileHandler(filename=log_file))
        call.arguments["log_file"] = None
    return ORIGINAL_PROGRESS_BAR(*call.args, **call.kwargs)


def _one_log_file_handler() -> None:
    progress_bar_module.progress_bar = progress_bar_with_one_log_handler


# --- 7. gradient clipping where the gradients are ----------------------------------------------

# (if this module is reloaded after apply(), fairseq.utils already holds the replacement)
ORIGINAL_CLIP_GRAD_NORM = getattr(fairseq_utils.clip_grad_norm_, "original", fairseq_utils.clip_grad_norm_)


@torch.no_grad()
def clip_grad_norm_(params, max_norm, aggregate_norm_fn=None) -> torch.Tensor:
    """fairseq's ``clip_grad_norm_`` (the norm of the gradients of the parameters without an
    ``expert`` mark, every gradient scaled by min(1, max_norm / (norm + 1e-6)) when max_norm > 0),
    with the norm computed on the gradients' device when none of them is on CUDA."""
    params = [params] if isinstance(params, torch.Tensor) else list(params)
    with_grad = [p for p in params if p is not None and getattr(p, "grad", None) is not None]
    if not torch.cuda.is_available() or not with_grad or any(p.grad.is_cuda for p in with_grad):
        return ORIGINAL_CLIP_GRAD_NORM(params, max_norm, aggregate_norm_fn)
    grads = [p.grad.detach() for p in with_grad]
    counted = [g for p, g in zip(with_grad, grads) if not hasattr(p, "expert")]
    if not counted:
        return ORIGINAL_CLIP_GRAD_NORM(params, max_norm, aggregate_norm_fn)  # no gradient counts: fairseq's 0
    total_norm = torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(g, dtype=torch.float32)
                                                       for g in counted]))
    if aggregate_norm_fn is not None:
        total_norm = aggregate_norm_fn(total_norm)
    if max_norm > 0:
        clip_coef = (float(max_norm) / (total_norm + 1e-6)).clamp_(max=1)
        torch._foreach_mul_(grads, clip_coef)
    return total_norm


clip_grad_norm_.original = ORIGINAL_CLIP_GRAD_NORM


def _clip_where_the_gradients_are() -> None:
    fairseq_utils.clip_grad_norm_ = clip_grad_norm_


# --- 8. a distributed run destroys its process group ------------------------------------------

# (if this module is reloaded after apply(), the module already holds the wrapper)
ORIGINAL_DISTRIBUTED_MAIN = getattr(dist_utils.distributed_main, "__wrapped__", dist_utils.distributed_main)


@functools.wraps(ORIGINAL_DISTRIBUTED_MAIN)
def distributed_main_that_destroys_its_group(*args, **kwargs):
    """fairseq's ``distributed_main``, then ``destroy_process_group()`` for the group it made (a
    group that was there before the call is left to its owner)."""
    made_here = not torch.distributed.is_initialized()
    try:
        return ORIGINAL_DISTRIBUTED_MAIN(*args, **kwargs)
    finally:
        if made_here and torch.distributed.is_initialized():
            torch.distributed.destroy_process_group()


def _destroy_the_process_group_on_exit() -> None:
    dist_utils.distributed_main = distributed_main_that_destroys_its_group


def apply():
    """Install the fixes (idempotent)."""
    _allow_checkpoint_globals()
    _allow_resumed_state_broadcast()
    _atomic_checkpoint_copies()
    _one_log_file_handler()
    _clip_where_the_gradients_are()
    _destroy_the_process_group_on_exit()
    if NGramRepeatBlock.__dict__["_no_repeat_ngram"] is not no_repeat_ngram:
        NGramRepeatBlock._no_repeat_ngram = no_repeat_ngram

#!/usr/bin/env bash
# Train a named recipe (scripts/recipes.py) with fairseq; see scripts/train.py for everything.
#
#   DEVICE=cpu|gpu NPROC=N scripts/train.sh RECIPE DATA_BIN SAVE_DIR [extra fairseq-train args]
#   scripts/train.sh --dry-run RECIPE DATA_BIN SAVE_DIR     # print the command only
#   scripts/train.sh --list                                 # the recipes
#
# DEVICE [cpu] picks --cpu + gloo or CUDA + nccl; NPROC [1] the processes on this machine
# (NPROC > 1: torchrun + fairseq's distributed data parallel); NNODES, NODE_RANK, MASTER_ADDR,
# MASTER_PORT for several machines.  Re-running the same command resumes from
# SAVE_DIR/checkpoint_last.pt.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="${PYTHON:-$ROOT/.venv/bin/python}"
[ -x "$PY" ] || PY="$(command -v python3)"
exec "$PY" "$ROOT/scripts/train.py" "$@"

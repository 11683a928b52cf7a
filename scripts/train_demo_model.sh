#!/usr/bin/env bash
# Re-create the demo's default model: a Fastformer-encoder summarizer (with a local convolution
# before each additive attention) and a copy mechanism, trained on CPU from CNN/DailyMail within a
# wall-clock budget, exported to app/model/.
#
#   scripts/train_demo_model.sh                 # DATA=../shared/data/cnndm, HOURS=2
#   HOURS=3 scripts/train_demo_model.sh         # a longer budget (resumes a finished 2-hour run)
#
# Resumable: training stops after HOURS of *cumulative* training time (fairseq's
# --stop-time-hours counts across restarts), so run it in the background and, if it is stopped
# (a logout, a reboot, a kill), run the same command again: it continues from checkpoints/$NAME/checkpoint_last.pt.
# Settings (environment): DATA, NAME [cpu_budget_conv], HOURS [2], LR [1e-3], WARMUP [800],
#   MAX_TOKENS [6000], VOCAB [8000], MAX_SOURCE [400], MAX_TARGET [100], AVERAGE [3],
#   SAVE_EVERY [500], LOG_INTERVAL [25], KEEP [-1: all, about 84 MB each], PREPARE_ONLY [0; 1: prepare the data and stop],
#   OUT [app/model], MODEL_ARGS [see below], WORK [the repository: data-bin/, checkpoints/, runs/ go under it],
#   SPM_MODEL [none: train one; a bundle's spm.model encodes the data with that bundle's vocabulary,
#   so that a run is compared with the bundle on identical pieces; with the bundle's dict.source.txt
#   beside it, data that gives another dictionary is refused].
# A run that has reached HOURS and been exported is not touched again (fairseq would train one more
# update past the budget on every re-run); delete runs/$NAME/finished to train it again.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"
DATA="${DATA:-$ROOT/../shared/data/cnndm}"
NAME="${NAME:-cpu_budget_conv}"  # checkpoints/cpu_budget holds the earlier plain-Fastformer 3-hour run
DATA_NAME="${DATA_NAME:-cnndm}"
HOURS="${HOURS:-2}"
LR="${LR:-1e-3}"
WARMUP="${WARMUP:-800}"
MAX_TOKENS="${MAX_TOKENS:-6000}"
VOCAB="${VOCAB:-8000}"
MAX_SOURCE="${MAX_SOURCE:-400}"
MAX_TARGET="${MAX_TARGET:-100}"
AVERAGE="${AVERAGE:-3}"
SAVE_EVERY="${SAVE_EVERY:-500}"  # updates between checkpoints (each also runs a short validation)
LOG_INTERVAL="${LOG_INTERVAL:-25}"  # updates between fairseq's progress lines
KEEP="${KEEP:--1}"  # interval checkpoints kept, -1 all (scripts/training_curve.py reads them; the last AVERAGE are averaged for the export)
OUT="${OUT:-$ROOT/app/model}"
# Fastformer encoder (3 layers sharing one attention module, each preceded by a kernel-7 depthwise
# convolution: additive attention alone gives a position no view of its neighbours), softmax
# decoder self-attention, pointer-generator copying from the last cross-attention; the CS224N
# "small" size otherwise. bf16 autocast makes a training step about 1.5x faster on a CPU
# with AVX512-BF16 (the 2-core AMD EPYC it was measured on), so the same budget sees about 1.5x
# more articles; see docs/cpu_budget.md.
MODEL_ARGS="${MODEL_ARGS:---arch fastformer_conv_small --decoder-self-attention softmax --copy-attention --dropout 0.1 --autocast-bf16}"
WORK="${WORK:-$ROOT}"
SPM_MODEL="${SPM_MODEL:-}"
DATA_BIN="$WORK/data-bin/$DATA_NAME"
SAVE_DIR="$WORK/checkpoints/$NAME"
RUN_DIR="$WORK/runs/$NAME"
FINISHED="$RUN_DIR/finished"  # written after the export: "hours=H out=DIR"

[ -f "$DATA/train.jsonl.gz" ] || { echo "train_demo_model.sh: $DATA/train.jsonl.gz not found (set DATA)" >&2; exit 2; }
if [ ! -f "$DATA_BIN/dict.source.txt" ]; then
  echo "==> preparing $DATA -> $DATA_BIN"
  "$PY" scripts/prepare_data.py --name "$DATA_NAME" --out-dir "$WORK/data-bin" --train "$DATA/train.jsonl.gz" --valid "$DATA/valid.jsonl.gz" \
    --vocab-size "$VOCAB" --max-source-pieces "$MAX_SOURCE" --max-target-pieces "$MAX_TARGET" \
    ${SPM_MODEL:+--spm-model "$SPM_MODEL"}
fi
# a bundle's vocabulary: data prepared earlier under this name must be that bundle's pieces too
BUNDLE_DICT="${SPM_MODEL:+$(dirname "$SPM_MODEL")/dict.source.txt}"
if [ -n "$BUNDLE_DICT" ] && [ -f "$BUNDLE_DICT" ] && ! cmp -s "$DATA_BIN/dict.source.txt" "$BUNDLE_DICT"; then
  echo "train_demo_model.sh: $DATA_BIN/dict.source.txt is not the dictionary beside $SPM_MODEL: that data was prepared with another vocabulary (set DATA_NAME to prepare it anew)" >&2
  exit 2
fi
[ "${PREPARE_ONLY:-0}" = 1 ] && exit 0  # the data only (scripts/cpu_budget_levers.sh, before parallel runs)
mkdir -p "$SAVE_DIR" "$RUN_DIR"

if [ -f "$FINISHED" ] && [ "$(cat "$FINISHED")" = "hours=$HOURS out=$OUT" ] && [ -f "$OUT/checkpoint.pt" ]; then
  echo "==> $NAME already trained for $HOURS h and exported to $OUT (delete $FINISHED to train again)"
  exit 0
fi

echo "==> training for $HOURS h of cumulative training time (log: $RUN_DIR/train.log)"
# shellcheck disable=SC2086
"$VENV/bin/fairseq-train" "$DATA_BIN" --user-dir fairseq_plugins $MODEL_ARGS \
  --task translation --source-lang source --target-lang target \
  --max-source-positions $((MAX_SOURCE + 1)) --max-target-positions $((MAX_TARGET + 1)) --truncate-source \
  --criterion label_smoothed_cross_entropy --label-smoothing 0.1 \
  --optimizer adam --adam-betas '(0.9, 0.98)' --clip-norm 1.0 \
  --lr "$LR" --lr-scheduler inverse_sqrt --warmup-updates "$WARMUP" --warmup-init-lr 1e-7 \
  --max-tokens "$MAX_TOKENS" --required-batch-size-multiple 1 --stop-time-hours "$HOURS" --max-epoch 50 \
  --save-dir "$SAVE_DIR" --no-epoch-checkpoints --save-interval-updates "$SAVE_EVERY" --keep-interval-updates "$KEEP" \
  --max-valid-steps 20 --skip-invalid-size-inputs-valid-test \
  --log-format simple --log-interval "$LOG_INTERVAL" --cpu --num-workers 0 --seed 1 2>&1 | tee -a "$RUN_DIR/train.log"

echo "==> exporting the average of the last $AVERAGE checkpoints to $OUT"
mapfile -t LAST < <(ls -t "$SAVE_DIR"/checkpoint_*_*.pt | head -n "$AVERAGE")
[ "${#LAST[@]}" -gt 0 ] || LAST=("$SAVE_DIR/checkpoint_last.pt")
"$PY" scripts/export_model.py --data-bin "$DATA_BIN" --out "$OUT" "${LAST[@]}"
echo "hours=$HOURS out=$OUT" > "$FINISHED"

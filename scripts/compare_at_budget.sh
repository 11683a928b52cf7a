#!/usr/bin/env bash
# Fastformer against the transformer baseline of the same size (CS224N "small": 3 + 3 layers,
# d 256, FFN 1024, 4 heads, the same softmax decoder and copy head), each trained for the same
# wall-clock time with the same recipe (scripts/train_demo_model.sh), then both evaluated on the
# same validation articles with the same decoding, and compared with a paired bootstrap test.
#
#   HOURS=1 scripts/compare_at_budget.sh            # 1 h each, then evaluate the first 2,000 of valid
#   HOURS=3 LIMIT=4368 scripts/compare_at_budget.sh
#   FASTFORMER_BUNDLE=app/model FASTFORMER_NAME=shipped_news TRANSFORMER_ARCH=transformer_conv_small \
#     TRANSFORMER_NAME=budget_2h_transformer_conv HOURS=2 scripts/compare_at_budget.sh
#       # the shipped news model against the transformer with the same local convolution, trained
#       # with the shipped recipe on the shipped vocabulary
#
# Resumable like the recipe (fairseq's --stop-time-hours counts training time across restarts):
# run it again after an interruption; finished trainings and evaluations are not repeated. A run already trained elsewhere can be reused by pointing
# FASTFORMER_NAME / TRANSFORMER_NAME at its checkpoints/NAME directory.
# Settings (environment): DATA [../shared/data/cnndm], HOURS [1], LIMIT [2000], PRESET [cnndm],
#   FASTFORMER_NAME [budget_<HOURS>h_fastformer], TRANSFORMER_NAME [budget_<HOURS>h_transformer],
#   FASTFORMER_ARCH [fastformer_small], TRANSFORMER_ARCH [transformer_small],
#   FASTFORMER_BUNDLE [none; an exported bundle such as app/model stands for the Fastformer side,
#   not trained again: runs/FASTFORMER_NAME/model links to it, and the transformer's data is encoded
#   with the bundle's spm.model and checked to give the bundle's dictionary],
#   and everything scripts/train_demo_model.sh reads (LR, WARMUP, MAX_TOKENS, ...).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${VENV:-$ROOT/.venv}/bin/python"
DATA="${DATA:-$ROOT/../shared/data/cnndm}"
HOURS="${HOURS:-1}"
LIMIT="${LIMIT:-2000}"
PRESET="${PRESET:-cnndm}"
FASTFORMER_NAME="${FASTFORMER_NAME:-budget_${HOURS}h_fastformer}"
TRANSFORMER_NAME="${TRANSFORMER_NAME:-budget_${HOURS}h_transformer}"
COMMON="--decoder-self-attention softmax --copy-attention --dropout 0.1 --autocast-bf16"
FASTFORMER_ARCH="${FASTFORMER_ARCH:-fastformer_small}"  # or fastformer_conv_small (local convolution)
TRANSFORMER_ARCH="${TRANSFORMER_ARCH:-transformer_small}"  # or transformer_conv_small (the same convolution)
FASTFORMER_BUNDLE="${FASTFORMER_BUNDLE:-}"
declare -A ARCH=([fastformer]="$FASTFORMER_ARCH" [transformer]="$TRANSFORMER_ARCH")
declare -A NAME=([fastformer]="$FASTFORMER_NAME" [transformer]="$TRANSFORMER_NAME")

# True when RUN/valid/scores.json was written for RUN/model/checkpoint.pt (not older than it), with
# this preset, data file and article range: a re-run after an interruption skips that evaluation.
evaluated() {
  [ -f "$1/valid/scores.json" ] && [ "$1/valid/scores.json" -nt "$1/model/checkpoint.pt" ] &&
    "$PY" - "$1" "$PRESET" "$LIMIT" "$DATA/valid.jsonl.gz" <<'PYTHON'
import json, os, sys
run, preset, limit, data = sys.argv[1:]
scores = json.load(open(os.path.join(run, "valid", "scores.json")))
same = (os.path.realpath(scores.get("system", "")) == os.path.realpath(os.path.join(run, "model", "checkpoint.pt"))
        and scores.get("preset") == preset and scores.get("start") == 0 and scores.get("limit") == int(limit)
        and os.path.realpath(scores.get("data", "")) == os.path.realpath(data))
sys.exit(0 if same else 1)
PYTHON
}

[ -f "$DATA/valid.jsonl.gz" ] || { echo "compare_at_budget.sh: $DATA/valid.jsonl.gz not found (set DATA)" >&2; exit 2; }
if [ -n "$FASTFORMER_BUNDLE" ]; then
  for file in checkpoint.pt spm.model dict.source.txt; do
    [ -f "$FASTFORMER_BUNDLE/$file" ] ||
      { echo "compare_at_budget.sh: FASTFORMER_BUNDLE=$FASTFORMER_BUNDLE is not an exported bundle (no $file)" >&2; exit 2; }
  done
  # the transformer must read exactly the pieces the bundle was trained on: the recipe prepares the
  # data with the bundle's spm.model and refuses (exit 2) data whose dictionary is not the bundle's
  export SPM_MODEL="$FASTFORMER_BUNDLE/spm.model"
  NAME="$TRANSFORMER_NAME" PREPARE_ONLY=1 bash scripts/train_demo_model.sh
  mkdir -p "runs/$FASTFORMER_NAME" && ln -sfn "$(realpath "$FASTFORMER_BUNDLE")" "runs/$FASTFORMER_NAME/model"
fi
for system in transformer fastformer; do  # with FASTFORMER_BUNDLE the training starts at once, the bundle's evaluation after it
  name="${NAME[$system]}"
  if [ "$system" = fastformer ] && [ -n "$FASTFORMER_BUNDLE" ]; then
    echo "==> fastformer: the bundle $FASTFORMER_BUNDLE (runs/$name/model), not trained again"
  else
    echo "==> $system (${ARCH[$system]}): ${HOURS} h of training as checkpoints/$name"
    NAME="$name" HOURS="$HOURS" OUT="$ROOT/runs/$name/model" MODEL_ARGS="--arch ${ARCH[$system]} $COMMON" \
      bash scripts/train_demo_model.sh
  fi
  if evaluated "runs/$name"; then
    echo "==> $system: runs/$name/valid already holds this model's scores on the first $LIMIT articles ($PRESET)"
    continue
  fi
  echo "==> $system: evaluating the first $LIMIT validation articles"
  "$PY" scripts/evaluate.py generate --system "runs/$name/model/checkpoint.pt" --data-bin "runs/$name/model" \
    --data "$DATA/valid.jsonl.gz" --preset "$PRESET" --limit "$LIMIT" --out "runs/$name/valid"
done
"$PY" scripts/evaluate.py compare "runs/$FASTFORMER_NAME/valid" "runs/$TRANSFORMER_NAME/valid" \
  --out "runs/compare_${HOURS}h.json"
"$PY" scripts/budget_table.py "runs/$FASTFORMER_NAME" "runs/$TRANSFORMER_NAME" --comparison "runs/compare_${HOURS}h.json"

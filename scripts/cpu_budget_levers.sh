#!/usr/bin/env bash
# The CPU-budget levers, one at a time: short runs of the demo recipe (scripts/train_demo_model.sh)
# that differ from the baseline in one setting each, every run given the same training time,
# then each evaluated on the same slice of valid (articles START .. START+LIMIT-1, apart from the
# articles decoding is tuned on and from the final measurement's) and tabulated.
#
#   scripts/cpu_budget_levers.sh                       # the default levers, 0.45 h each, two at a time
#   LEVERS="baseline no_copy" scripts/cpu_budget_levers.sh
#
# Two runs share the machine at a time, one torch thread each (PARALLEL, THREADS): on 2 cores
# that finishes the set in half the wall-clock time, and every run sees the same conditions, so
# the comparison stays fair (the absolute speed is lower than the final model's, which trains
# alone on both cores). Resumable: run it again and finished runs are skipped.
# Each run is exported from its state at the end of its budget (checkpoint_last.pt, with the
# validation loss fairseq computes when the clock stops): interval checkpoints would compare the
# levers at the last multiple of SAVE_EVERY updates, which differs between levers (a bigger batch
# makes fewer updates), so the runs save none.
# Settings (environment): DATA, HOURS [0.45], START [2000], LIMIT [300], PARALLEL [2], THREADS [1],
#   LEVERS [all of the table below], PRESET [cnndm].
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${VENV:-$ROOT/.venv}/bin/python"
DATA="${DATA:-$ROOT/../shared/data/cnndm}"
HOURS="${HOURS:-0.45}"
START="${START:-2000}"
LIMIT="${LIMIT:-300}"
PARALLEL="${PARALLEL:-2}"
THREADS="${THREADS:-1}"
PRESET="${PRESET:-cnndm}"
ARCH="--arch fastformer_conv_small"  # the demo recipe's encoder: Fastformer with a local convolution
DECODER="--decoder-self-attention softmax --copy-attention"
BASE="$ARCH $DECODER"

# lever -> "ENV=VALUE ... | model arguments": the baseline is the demo recipe itself.
declare -A LEVER=(
  [baseline]="| $BASE --dropout 0.1 --autocast-bf16"
  [no_copy]="| $ARCH --decoder-self-attention softmax --dropout 0.1 --autocast-bf16"
  [fp32]="| $BASE --dropout 0.1"
  [no_dropout]="| $BASE --dropout 0.0 --autocast-bf16"
  [lr_2e-3]="LR=2e-3 | $BASE --dropout 0.1 --autocast-bf16"
  [small_decoder]="| $BASE --dropout 0.1 --autocast-bf16 --decoder-layers 2 --encoder-ffn-embed-dim 512 --decoder-ffn-embed-dim 512"
  [big_batch]="MAX_TOKENS=12000 | $BASE --dropout 0.1 --autocast-bf16"
  [vocab_4k]="VOCAB=4000 DATA_NAME=cnndm_vocab4k | $BASE --dropout 0.1 --autocast-bf16"
  [no_layer_sharing]="| $BASE --dropout 0.1 --autocast-bf16 --no-fastformer-layer-sharing"
  [no_local_conv]="| --arch fastformer_small $DECODER --dropout 0.1 --autocast-bf16"
  [transformer_encoder]="| --arch transformer_small $DECODER --dropout 0.1 --autocast-bf16"
)
# The default set, run in pairs in this order (eight runs: four pairs on two cores). fp32,
# no_local_conv and transformer_encoder are there to be asked for (LEVERS=...): bf16's gain is its
# measured speed (docs/cpu_budget.md), and the encoders have their own full comparison at equal
# budget (scripts/compare_at_budget.sh).
ORDER=(baseline no_dropout lr_2e-3 small_decoder big_batch vocab_4k no_layer_sharing no_copy)
read -r -a CHOSEN <<< "${LEVERS:-${ORDER[*]}}"
for lever in "${CHOSEN[@]}"; do
  [ -n "${LEVER[$lever]+x}" ] || { echo "cpu_budget_levers.sh: unknown lever $lever (known: ${!LEVER[*]})" >&2; exit 2; }
done
[ -f "$DATA/valid.jsonl.gz" ] || { echo "cpu_budget_levers.sh: $DATA/valid.jsonl.gz not found (set DATA)" >&2; exit 2; }

run_lever() {
  local lever="$1" name="lever_$1" spec="${LEVER[$1]}"
  local env_part="${spec%%|*}" model_args="${spec#*|}"
  mkdir -p "runs/$name"
  if [ ! -f "runs/$name/valid/scores.json" ]; then
    # shellcheck disable=SC2086
    env $env_part DATA="$DATA" NAME="$name" HOURS="$HOURS" OUT="$ROOT/runs/$name/model" MODEL_ARGS="$model_args" \
      OMP_NUM_THREADS="$THREADS" SAVE_EVERY=1000000 AVERAGE=1 bash scripts/train_demo_model.sh > "runs/$name/driver.log" 2>&1
    OMP_NUM_THREADS="$THREADS" "$PY" scripts/evaluate.py generate --system "runs/$name/model/checkpoint.pt" \
      --data-bin "runs/$name/model" --data "$DATA/valid.jsonl.gz" --preset "$PRESET" \
      --start "$START" --limit "$LIMIT" --workers 1 --out "runs/$name/valid" >> "runs/$name/driver.log" 2>&1
  fi
  echo "==> $lever done ($(tail -n 5 "runs/$name/driver.log" | grep -m1 'ROUGE-1' || echo 'see runs/'"$name"'/driver.log'))"
}

# The data, once per data set the chosen levers use (one lever prepares its own vocabulary), before
# the runs start in parallel, so that no run's clock shares the machine with data preparation.
for lever in "${CHOSEN[@]}"; do
  spec="${LEVER[$lever]}"
  # shellcheck disable=SC2086
  env ${spec%%|*} PREPARE_ONLY=1 DATA="$DATA" bash scripts/train_demo_model.sh
done
echo "==> levers: ${CHOSEN[*]} ($HOURS h each, $PARALLEL at a time, $THREADS thread(s) each; logs in runs/lever_*/driver.log)"
running=0
for lever in "${CHOSEN[@]}"; do
  run_lever "$lever" &
  running=$((running + 1))
  if [ "$running" -ge "$PARALLEL" ]; then
    wait -n || true  # a failed run shows in the table as missing; the others go on
    running=$((running - 1))
  fi
done
wait || true
# With the baseline among the runs, each lever's ROUGE-1 is also compared with it, paired by article.
AGAINST=()
[ -f runs/lever_baseline/valid/scores.json ] && AGAINST=(--against runs/lever_baseline)
"$PY" scripts/budget_table.py $(printf 'runs/lever_%s ' "${CHOSEN[@]}") "${AGAINST[@]}"

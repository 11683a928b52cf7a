#!/usr/bin/env bash
# The equal-CPU-budget study of encoders for choosing a paper's sentences (docs/extractive_study/):
# where a global view of a 6,000-word paper should pay, each encoder is trained from scratch for the
# same CPU time with the same recipe (papers_extractive: 2 sentence layers, the oracle's labels, data,
# seed), then every row chooses 200 words of the same valid SumPubMed papers by its own ranking alone
# (no centrality or position fused in), beside Lead and LexRank at the same words and the oracle at its own length.
#
#   scripts/extractive_study.sh                 # the rows without a record, then the table; run it again to go on
#   ROWS="fastformer_8192 conv_only_8192" CORES=1 scripts/extractive_study.sh   # these rows, on core 1 only
#   scripts/extractive_study.sh --dry-run       # print the commands only
#
# Rows (name -> architecture, source pieces read, encoder flags):
#   fastformer_8192   extractive_fastformer_conv_small    8192  convolution, then Fastformer (the shipped encoder)
#   conv_only_8192    extractive_conv_only_small          8192  the convolution alone
#   gated_8192        extractive_fastformer_conv_small    8192  Fastformer beside the convolution, gate closed at first
#   top1_8192         extractive_fastformer_conv_small    8192  Fastformer in the top layer only
#   pooling_8192      extractive_fastformer_conv_small    8192  Fastformer whose pooling starts selective (w_q, w_k at std 1)
#   transformer_conv  extractive_transformer_conv_small   2560  softmax attention at the longest input it affords
#   local_8192        extractive_local_transformer_small  8192  CS224N's local attention (blocks of 50)
#   conv_only_2h      extractive_conv_only_small          8192  the budget question: conv_only_8192 for 2 hours
#   fastformer_2h     extractive_fastformer_conv_small    8192  ... and fastformer_8192 for 2 hours
#   conv_only_gpu     extractive_conv_only_small          8192  the budget question on a GPU: 9 minutes of one GPU,
#   fastformer_gpu    extractive_fastformer_conv_small    8192  ... both beside each other on the same GPU
#   conv_only_gpu20k  extractive_conv_only_small          8192  the GPU rows again on all 20,000 training papers
#   fastformer_gpu20k extractive_fastformer_conv_small    8192  (DATA_BIN_ALL), 0.12 hours of one GPU each
#   conv_only_nosent  extractive_conv_only_small          8192  without the 2 sentence layers (softmax over the
#   fastformer_nosent extractive_fastformer_conv_small    8192  sentences), 400 updates each: does the additive
#                                                               attention carry the global view the sentence layers give?
#   conv_only_nosent_1h   the two rows above trained on to one core-hour each (equal hours, not updates):
#   fastformer_nosent_1h  each resumes its own 400-update run (an inverse-square-root schedule, so the
#                         same as one uninterrupted hour), its checkpoints and log copied first
#   conv_only_nosent_2h   ... and on to two core-hours each, resuming the one-hour rows the same way
#   fastformer_nosent_2h
#   conv_fastsent_8192 extractive_conv_only_small         8192  the convolution alone over the pieces, Fastformer's
#                                                               additive attention over the sentence vectors (in the
#                                                               2 sentence layers, in place of softmax)
# (2,560: papers_study.sh's measured longest affordable transformer input at Fastformer's papers a second.)
#
# Budget, pinning and resuming as in scripts/papers_study.sh (scripts/study_lib.sh): HOURS of training
# wall time on one core a row (the *_2h rows: 2 hours, whatever HOURS says; a stopped row resumes from its
# last checkpoint with the hours it has left when the script runs again), validation (25 batches every 100 updates, the recipe's) included and the
# same for every row. A row with a record (RECORDS/ROW.json: card, curve of the validation loss, per-paper
# scores, no text of the data set) is done; later runs on any machine skip it. Then Lead, LexRank and the
# oracle (its own length) get records, and RECORDS/table.md compares every row with fastformer_8192
# (paired bootstrap on R-1, R-2, R-Lsum); the curves go to docs/img/extractive_study_curve.png.
# Settings (environment): DATA [../shared/data/sumpubmed], DATA_BIN [data-bin/sumpubmed_ext: prepared
#   here if missing, as scripts/papers_extractive.sh does, from the first TRAIN_PAPERS (5000)], DATA_BIN_ALL
#   [data-bin/sumpubmed_ext20k: the same from every training paper, for the *_gpu20k rows], HOURS [1],
#   WORDS [200], LIMIT [500], CORES [every core], PARALLEL [as many as CORES], EVALUATE [1],
#   RECORDS [docs/extractive_study]. The 2-hour rows get their own table, RECORDS/table_2h.md, and so do
#   the GPU rows, RECORDS/table_gpu.md and table_gpu20k.md (DEVICE=gpu for them: CUDA, one process a row; validation every
#   100 updates as on a CPU, checkpoints every 500). A row whose training ran to its budget leaves
#   RUN/trained and is not trained again (its evaluation can then run on another machine).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${VENV:-$ROOT/.venv}/bin/python"
[ -x "$PY" ] || PY="$(command -v python3)"  # a machine without the venv (a GPU machine's own torch)
DATA="${DATA:-$ROOT/../shared/data/sumpubmed}"
DATA_BIN="${DATA_BIN:-data-bin/sumpubmed_ext}"
TRAIN_PAPERS="${TRAIN_PAPERS:-5000}"
DATA_BIN_ALL="${DATA_BIN_ALL:-data-bin/sumpubmed_ext20k}"
HOURS="${HOURS:-1}"
WORDS="${WORDS:-200}"
LIMIT="${LIMIT:-500}"
RECORDS="${RECORDS:-docs/extractive_study}"
EVALUATE="${EVALUATE:-1}"
TABLE_ROWS="fastformer_8192 conv_only_8192 gated_8192 top1_8192 pooling_8192 transformer_conv local_8192
            conv_only_2h fastformer_2h conv_fastsent_8192"  # one core each: table.md and its curves
ALL_ROWS="$TABLE_ROWS conv_only_gpu fastformer_gpu conv_only_gpu20k fastformer_gpu20k conv_only_nosent fastformer_nosent
          conv_only_nosent_1h fastformer_nosent_1h conv_only_nosent_2h fastformer_nosent_2h"
ROWS="${ROWS:-$ALL_ROWS}"
OUT=runs/extractive_study
DRY=""
[ "${1:-}" = "--dry-run" ] && DRY=echo
declare -A ARCH=([fastformer_8192]=extractive_fastformer_conv_small [conv_only_8192]=extractive_conv_only_small
                 [gated_8192]=extractive_fastformer_conv_small [top1_8192]=extractive_fastformer_conv_small
                 [pooling_8192]=extractive_fastformer_conv_small
                 [transformer_conv]=extractive_transformer_conv_small [local_8192]=extractive_local_transformer_small
                 [conv_only_2h]=extractive_conv_only_small [fastformer_2h]=extractive_fastformer_conv_small
                 [conv_only_gpu]=extractive_conv_only_small [fastformer_gpu]=extractive_fastformer_conv_small
                 [conv_only_gpu20k]=extractive_conv_only_small [fastformer_gpu20k]=extractive_fastformer_conv_small
                 [conv_only_nosent]=extractive_conv_only_small [fastformer_nosent]=extractive_fastformer_conv_small
                 [conv_fastsent_8192]=extractive_conv_only_small
                 [conv_only_nosent_1h]=extractive_conv_only_small [fastformer_nosent_1h]=extractive_fastformer_conv_small
                 [conv_only_nosent_2h]=extractive_conv_only_small [fastformer_nosent_2h]=extractive_fastformer_conv_small)
declare -A PIECES=([fastformer_8192]=8192 [conv_only_8192]=8192 [gated_8192]=8192 [top1_8192]=8192 [pooling_8192]=8192
                   [transformer_conv]=2560 [local_8192]=8192 [conv_only_2h]=8192 [fastformer_2h]=8192
                   [conv_only_gpu]=8192 [fastformer_gpu]=8192 [conv_only_gpu20k]=8192 [fastformer_gpu20k]=8192
                   [conv_only_nosent]=8192 [fastformer_nosent]=8192 [conv_fastsent_8192]=8192
                   [conv_only_nosent_1h]=8192 [fastformer_nosent_1h]=8192 [conv_only_nosent_2h]=8192 [fastformer_nosent_2h]=8192)
declare -A ROW_HOURS=([conv_only_2h]=2 [fastformer_2h]=2 [conv_only_gpu]=0.15 [fastformer_gpu]=0.15
                     [conv_only_gpu20k]=0.12 [fastformer_gpu20k]=0.12 [conv_only_nosent]=2 [fastformer_nosent]=2
                     [conv_only_nosent_2h]=2 [fastformer_nosent_2h]=2)
declare -A ROW_DEVICE=([conv_only_gpu]=gpu [fastformer_gpu]=gpu [conv_only_gpu20k]=gpu [fastformer_gpu20k]=gpu)
# the rows that train on every training paper; the others on the first TRAIN_PAPERS
declare -A ROW_DATA_BIN=([conv_only_gpu20k]="$DATA_BIN_ALL" [fastformer_gpu20k]="$DATA_BIN_ALL")
declare -A PAPERS_OF=(["$DATA_BIN"]="$TRAIN_PAPERS" ["$DATA_BIN_ALL"]=all)
# a GPU row makes many times a core's updates: a checkpoint (a point of the curve) every 500, validation every 100
GPU_FLAGS="--save-interval-updates 500 --validate-interval-updates 100"
declare -A FLAGS=([gated_8192]="--encoder-attention-placement gated_parallel" [top1_8192]="--encoder-attention-layers 1"
                  [pooling_8192]="--fastformer-pooling-init-std 1" [conv_fastsent_8192]="--sentence-self-attention fastformer"
                  # equal updates, not hours: a question of what the attention learns per update
                  [conv_only_nosent]="--sentence-layers 0 --max-update 400" [fastformer_nosent]="--sentence-layers 0 --max-update 400"
                  [conv_only_nosent_1h]="--sentence-layers 0" [fastformer_nosent_1h]="--sentence-layers 0"
                  [conv_only_nosent_2h]="--sentence-layers 0" [fastformer_nosent_2h]="--sentence-layers 0")
# rows that go on from another row's run rather than from scratch: its checkpoints and log are copied
# into the row's directory once, and training resumes from them up to the row's own budget
declare -A ROW_FROM=([conv_only_nosent_1h]=conv_only_nosent [fastformer_nosent_1h]=fastformer_nosent
                     [conv_only_nosent_2h]=conv_only_nosent_1h [fastformer_nosent_2h]=fastformer_nosent_1h)
for row in $ROWS; do
  [ -n "${ARCH[$row]:-}" ] || { echo "extractive_study.sh: unknown row $row (rows: $ALL_ROWS)" >&2; exit 2; }
done
source "$ROOT/scripts/study_lib.sh"  # launch, in_parallel; CORES, PARALLEL
data_bins=()  # the prepared data the chosen rows read
for row in $ROWS; do
  bin=${ROW_DATA_BIN[$row]:-$DATA_BIN}
  [[ " ${data_bins[*]} " == *" $bin "* ]] || data_bins+=("$bin")
done
if [ -z "$DRY" ]; then
  needed=()
  for bin in "${data_bins[@]}"; do [ -f "$bin/prepare.json" ] || needed+=(train valid); done
  [ "$EVALUATE" = 0 ] || needed+=(valid)
  for split in "${needed[@]}"; do
    [ -f "$DATA/$split.jsonl.gz" ] || { echo "extractive_study.sh: $DATA/$split.jsonl.gz not found (set DATA)" >&2; exit 2; }
  done
fi

train_row() {
  local row=$1 core=$2
  local hours=${ROW_HOURS[$row]:-$HOURS} device=${ROW_DEVICE[$row]:-cpu} flags=${FLAGS[$row]:-}
  if [ "$device" = gpu ]; then flags="$flags $GPU_FLAGS"; fi
  if [ -z "$DRY" ] && [ -f "$OUT/$row/trained" ]; then echo "==> $row: trained ($OUT/$row/trained)"; return 0; fi
  echo "==> $row: ${ARCH[$row]} $flags reading ${PIECES[$row]} pieces, ${hours} h of training ($device, core $core)"
  local from=${ROW_FROM[$row]:-}
  if [ -n "$from" ] && { [ -n "$DRY" ] || [ ! -f "$OUT/$row/checkpoint_last.pt" ]; }; then
    [ -n "$DRY" ] || [ -f "$OUT/$from/checkpoint_last.pt" ] \
      || { echo "extractive_study.sh: $row goes on from $from, which has no $OUT/$from/checkpoint_last.pt" >&2; return 2; }
    $DRY mkdir -p "$OUT/$row"
    $DRY cp -p "$OUT/$from"/checkpoint_*_*.pt "$OUT/$from/checkpoint_last.pt" "$OUT/$from/train.log" "$OUT/$row/"
  fi
  # shellcheck disable=SC2086  # flags holds separate words
  launch "$OUT/$row/stdout.log" "$core" env DEVICE="$device" bash scripts/train.sh papers_extractive "${ROW_DATA_BIN[$row]:-$DATA_BIN}" "$OUT/$row" \
    --arch "${ARCH[$row]}" $flags --max-source-positions "$((PIECES[$row] + 1))" --stop-time-hours "$hours" \
    --log-file "$OUT/$row/train.log"
  $DRY touch "$OUT/$row/trained"
}

evaluate_row() {
  local row=$1 core=$2
  echo "==> $row: $WORDS words of valid papers 0-$((LIMIT - 1)), then its record"
  if [ -n "$DRY" ] || [ ! -f "$OUT/$row/valid/scores.json" ]; then
    launch "$OUT/$row/evaluate.log" "$core" "$PY" scripts/evaluate.py generate --system "$OUT/$row/checkpoint_last.pt" \
      --data-bin "${ROW_DATA_BIN[$row]:-$DATA_BIN}" --data "$DATA/valid.jsonl.gz" --preset papers --words "$WORDS" --limit "$LIMIT" \
      --max-source-pieces "${PIECES[$row]}" --workers 1 --out "$OUT/$row/valid"
  fi
  launch "$OUT/$row/record.log" "$core" "$PY" scripts/study_record.py "$row" "$OUT/$row/valid" --run "$OUT/$row" \
    --threads 1 --out "$RECORDS/$row.json"
}

evaluate_baseline() {
  local system=$1 core=$2
  echo "==> $system at $WORDS words of valid papers 0-$((LIMIT - 1)), then its record"
  local length=(--words "$WORDS")
  [ "$system" = oracle ] && length=()  # the oracle's length is its own: as many sentences as raise ROUGE
  launch "$OUT/$system/evaluate.log" "$core" "$PY" scripts/evaluate.py generate --system "$system" \
    --data "$DATA/valid.jsonl.gz" --preset papers "${length[@]}" --limit "$LIMIT" --workers 1 --out "$OUT/$system/valid"
  launch "$OUT/$system/record.log" "$core" "$PY" scripts/study_record.py "$system" "$OUT/$system/valid" \
    --out "$RECORDS/$system.json"
}

# 0. the data, once a machine (the same as scripts/papers_extractive.sh's)
for bin in "${data_bins[@]}"; do
  if [ -n "$DRY" ] || [ ! -f "$bin/prepare.json" ]; then
    papers=${PAPERS_OF[$bin]}
    echo "==> preparing $bin ($papers training papers)"
    limit=(--limit "$papers")
    [ "$papers" = all ] && limit=()
    launch "$OUT/prepare.log" "${CORE_LIST[0]}" "$PY" scripts/prepare_extractive.py --name "$(basename "$bin")" \
      --out-dir "$(dirname "$bin")" --bundle app/model_papers --train "$DATA/train.jsonl.gz" --valid "$DATA/valid.jsonl.gz" \
      --max-source-pieces 8192 --oracle-sentences 0 "${limit[@]}" --workers 1
  fi
done

# 1-3. the rows, the baselines, the curves and the table (scripts/study_lib.sh)
run_study docs/img/extractive_study_curve.png lead lexrank oracle

# 4. the pairs with a table of their own, once both have records: the budget question (the two 2-hour
# rows, each pair of GPU rows), the rows without sentence layers, and the additive attention over
# sentence vectors against the softmax one (both over the convolution alone); the first of a pair is
# the one the second is compared with
declare -A PAIRS=([2h]="fastformer_2h conv_only_2h" [gpu]="fastformer_gpu conv_only_gpu"
                  [gpu20k]="fastformer_gpu20k conv_only_gpu20k" [nosent]="fastformer_nosent conv_only_nosent"
                  [sentence]="conv_only_8192 conv_fastsent_8192" [nosent_1h]="fastformer_nosent_1h conv_only_nosent_1h"
                  [nosent_2h]="fastformer_nosent_2h conv_only_nosent_2h")
for pair in 2h gpu gpu20k nosent nosent_1h nosent_2h sentence; do
  read -r -a pair_rows <<<"${PAIRS[$pair]}"
  records=("$RECORDS/${pair_rows[0]}.json" "$RECORDS/${pair_rows[1]}.json")
  if [ -n "$DRY" ] || { [ -f "${records[0]}" ] && [ -f "${records[1]}" ]; }; then
    write_table "$RECORDS/table_$pair.md" "${records[@]}" --against "${records[0]}"
    case $pair in  # the one-core 1- and 2-hour rows' curves are in table.md's figure
      2h | sentence) ;;
      *) $DRY "$PY" scripts/training_curve.py --records "${records[@]}" --out "docs/img/extractive_study_${pair}_curve.png" ;;
    esac
  fi
done

#!/usr/bin/env bash
# The equal-CPU-budget study of encoders on SumPubMed: each encoder trained for the same CPU time with the
# same recipe (papers_cpu: decoder, copy head, data, seed), then all scored on the same valid papers
# with the same decoding, beside lead-k and the oracle (docs/papers.md).
#
#   scripts/papers_study.sh                   # the rows without a record, then the table; run it again to go on
#   ROWS="fastformer_8192 transformer_long" scripts/papers_study.sh   # these rows only
#   scripts/papers_study.sh --dry-run         # print the commands only
#
# Rows (name -> architecture, source pieces read):
#   fastformer_8192    fastformer_conv_small   8192  the whole paper (the shipped papers model's encoder)
#   fastformer_1024    fastformer_conv_small   1024  the same model cut at 1,024 pieces
#   transformer_long   transformer_small       TRANSFORMER_PIECES, the longest it affords (below)
#   transformer_conv   transformer_conv_small  TRANSFORMER_PIECES (+ the same convolution)
#   conv_only_8192     conv_only_small         8192  the convolution alone, no attention
#   local_8192         local_transformer_small 8192  CS224N's local attention (blocks of 50)
# The transformer's longest affordable input: the longest length at which it trains on as many
# papers a second as Fastformer reading whole papers, so that both see the same papers in the budget
# and differ only in how much of each they read. Measured (scripts/affordable_length.py, quiet
# machine, 2 threads): Fastformer at 8,192 trained on 0.477 papers/s; the transformer on 0.656 at
# 2,048, 0.588 at 2,560, 0.436 at 3,072 and 0.341 at 4,096 pieces: 2,560. Each record keeps the
# papers a row actually saw, so the table shows whether that held.
#
# Budget: HOURS of training on one core. Every row trains with one thread pinned to a core of its
# own (taskset, scripts/study_lib.sh), PARALLEL rows at a time (default: one per core of CORES), so
# a row's budget is the same CPU time whether it trains alone or beside another. fairseq's
# --stop-time-hours counts cumulative training wall time across restarts, and the recipe validates
# nothing inside it. scripts/train.sh resumes from runs/papers_study/ROW/checkpoint_last.pt.
#
# What outlives the machine: once a row is trained, it summarizes valid papers 0-(LIMIT-1) (papers
# preset at beam BEAM: greedy by default, the same decoding for every row; the rows are ranked, not
# shipped), and its record is written to RECORDS/ROW.json (fairseq_plugins/evaluation/study.py: card, curve of
# bits per summary token on the first DOCUMENTS valid papers for every kept checkpoint, per-document
# scores; no text of the data set). A row with a record is done: later runs, on any machine, skip it.
# Lead-k (LEAD_KS) and the greedy oracle get records too. Then, from every record there is:
#   RECORDS/table.md  every row against fastformer_8192, paired bootstrap on R-1, R-2 and R-Lsum;
#   docs/img/papers_study_curve.png  the curves against training time.
# EVALUATE=0 stops after training.
# Settings (environment): DATA [../shared/data/sumpubmed], DATA_BIN [data-bin/sumpubmed_study:
#   prepared here if missing, from the first TRAIN_PAPERS (8000) training papers and every valid one,
#   with the shipped papers model's vocabulary, the same bytes on every machine], HOURS [1],
#   LIMIT [500], TRANSFORMER_PIECES [2560], BEAM [1], LEAD_KS ["15 30"], DOCUMENTS [100],
#   CORES [every core: the cores the rows are pinned to], PARALLEL [as many as CORES],
#   RECORDS [docs/papers_study].
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${VENV:-$ROOT/.venv}/bin/python"
DATA="${DATA:-$ROOT/../shared/data/sumpubmed}"
DATA_BIN="${DATA_BIN:-data-bin/sumpubmed_study}"
TRAIN_PAPERS="${TRAIN_PAPERS:-8000}"
HOURS="${HOURS:-1}"
LIMIT="${LIMIT:-500}"
TRANSFORMER_PIECES="${TRANSFORMER_PIECES:-2560}"
BEAM="${BEAM:-1}"
LEAD_KS="${LEAD_KS:-15 30}"
DOCUMENTS="${DOCUMENTS:-100}"
RECORDS="${RECORDS:-docs/papers_study}"
ALL_ROWS="fastformer_8192 fastformer_1024 transformer_long transformer_conv conv_only_8192 local_8192"
ROWS="${ROWS:-$ALL_ROWS}"
EVALUATE="${EVALUATE:-1}"
OUT=runs/papers_study
DRY=""
[ "${1:-}" = "--dry-run" ] && DRY=echo
declare -A ARCH=([fastformer_8192]=fastformer_conv_small [fastformer_1024]=fastformer_conv_small
                 [transformer_long]=transformer_small [transformer_conv]=transformer_conv_small
                 [conv_only_8192]=conv_only_small [local_8192]=local_transformer_small)
declare -A PIECES=([fastformer_8192]=8192 [fastformer_1024]=1024 [transformer_long]="$TRANSFORMER_PIECES"
                   [transformer_conv]="$TRANSFORMER_PIECES" [conv_only_8192]=8192 [local_8192]=8192)

for row in $ROWS; do
  [ -n "${ARCH[$row]:-}" ] || { echo "papers_study.sh: unknown row $row (rows: ${!ARCH[*]})" >&2; exit 2; }
done
if [ -z "$DRY" ]; then
  needed=()
  [ -f "$DATA_BIN/dict.source.txt" ] || needed+=(train valid)  # to prepare the data
  [ "$EVALUATE" = 0 ] || needed+=(valid)                        # to summarize valid papers
  for split in "${needed[@]}"; do
    [ -f "$DATA/$split.jsonl.gz" ] || { echo "papers_study.sh: $DATA/$split.jsonl.gz not found (set DATA)" >&2; exit 2; }
  done
fi

source "$ROOT/scripts/study_lib.sh"  # launch, in_parallel; CORES, PARALLEL

train_row() {
  local row=$1 core=$2
  echo "==> $row: ${ARCH[$row]} reading ${PIECES[$row]} pieces, ${HOURS} h of training on core $core"
  launch "$OUT/$row/stdout.log" "$core" env DEVICE=cpu bash scripts/train.sh papers_cpu "$DATA_BIN" "$OUT/$row" \
    --arch "${ARCH[$row]}" --max-source-positions "$((PIECES[$row] + 1))" --stop-time-hours "$HOURS" \
    --log-file "$OUT/$row/train.log"  # its own log, appended to on resume (papers seen, rates)
}

evaluate_row() {
  local row=$1 core=$2
  echo "==> $row: summarizing valid papers 0-$((LIMIT - 1)), then its record"
  if [ -n "$DRY" ] || [ ! -f "$OUT/$row/valid/scores.json" ]; then  # decoded already: only the record is left
    launch "$OUT/$row/evaluate.log" "$core" "$PY" scripts/evaluate.py generate --system "$OUT/$row/checkpoint_last.pt" \
      --data-bin "$DATA_BIN" --data "$DATA/valid.jsonl.gz" --preset papers --limit "$LIMIT" --beam "$BEAM" \
      --max-source-pieces "${PIECES[$row]}" --workers 1 --out "$OUT/$row/valid"
  fi
  launch "$OUT/$row/record.log" "$core" "$PY" scripts/study_record.py "$row" "$OUT/$row/valid" --run "$OUT/$row" \
    --data-bin "$DATA_BIN" --documents "$DOCUMENTS" --threads 1 --out "$RECORDS/$row.json"
}

evaluate_baseline() {
  local system=$1 core=$2
  echo "==> $system on valid papers 0-$((LIMIT - 1)), then its record"
  launch "$OUT/$system/evaluate.log" "$core" "$PY" scripts/evaluate.py generate --system "$system" \
    --data "$DATA/valid.jsonl.gz" --preset papers --limit "$LIMIT" --workers 1 --out "$OUT/$system/valid"
  launch "$OUT/$system/record.log" "$core" "$PY" scripts/study_record.py "$system" "$OUT/$system/valid" \
    --out "$RECORDS/$system.json"
}

# 0. the data, once a machine
if [ -n "$DRY" ] || [ ! -f "$DATA_BIN/dict.source.txt" ]; then
  echo "==> preparing $DATA_BIN"
  $DRY "$PY" scripts/prepare_data.py --name "$(basename "$DATA_BIN")" --out-dir "$(dirname "$DATA_BIN")" \
    --train "$DATA/train.jsonl.gz" --valid "$DATA/valid.jsonl.gz" --limit "$TRAIN_PAPERS" \
    --max-source-pieces 8192 --max-target-pieces 512 --mask-numbers --spm-model app/model_papers/spm.model --quiet
fi

# 1-3. the rows, the baselines, the curves and the table (scripts/study_lib.sh)
run_study docs/img/papers_study_curve.png $(printf 'lead%s ' $LEAD_KS) oracle

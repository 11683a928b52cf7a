#!/usr/bin/env bash
# Issue 16's equal-CPU-budget study on SumPubMed: each encoder trained for the same training time
# with the same recipe (papers_cpu: decoder, copy head, data, seed), then all scored on the same
# valid papers with the same decoding, beside lead-k and the oracle (docs/papers.md).
#
#   scripts/papers_study.sh                 # every row, in order; run it again to resume
#   ROWS="fastformer_8192 fastformer_1024" EVALUATE=0 scripts/papers_study.sh   # train these only
#   scripts/papers_study.sh --dry-run       # print the commands only
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
# machine): Fastformer at 8,192 trained on 0.477 papers/s over its hour; the transformer on 0.656 at
# 2,048, 0.588 at 2,560, 0.436 at 3,072 and 0.341 at 4,096 pieces: 2,560.
#
# Budget: fairseq's --stop-time-hours, cumulative training wall time across restarts; no validation
# inside it (recipe papers_cpu), so nothing but training is counted. scripts/train.sh resumes from
# runs/papers_study/ROW/checkpoint_last.pt, so a finished row returns at once and the next starts.
# When every row is trained (EVALUATE=0: stop there):
#   1. each row's last checkpoint summarizes valid papers 0-(LIMIT-1) with the papers preset at
#      beam BEAM (greedy by default: one decoding for every row, a quarter of beam 4's CPU time;
#      the rows are ranked, not shipped), skipped for a row already evaluated;
#   2. lead-k (LEAD_KS: the best k for R-1 and for R-2 on these papers) and the greedy oracle;
#   3. the curves: bits per summary token on the first DOCUMENTS valid papers for every interval
#      checkpoint (scripts/training_curve.py), plotted to runs/papers_study/curve.png;
#   4. the table (scripts/budget_table.py), every row against fastformer_8192, paired bootstrap on
#      R-1, R-2 and R-Lsum, written to runs/papers_study/table.md.
# Settings (environment): DATA_BIN [data-bin/sumpubmed, from prepare_data.py --mask-numbers
#   --max-source-pieces 8192], DATA [../shared/data/sumpubmed], HOURS [1], LIMIT [500],
#   TRANSFORMER_PIECES [2560], BEAM [1], LEAD_KS ["15 30"], DOCUMENTS [100].
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${VENV:-$ROOT/.venv}/bin/python"
DATA_BIN="${DATA_BIN:-data-bin/sumpubmed}"
DATA="${DATA:-$ROOT/../shared/data/sumpubmed}"
HOURS="${HOURS:-1}"
LIMIT="${LIMIT:-500}"
TRANSFORMER_PIECES="${TRANSFORMER_PIECES:-2560}"
BEAM="${BEAM:-1}"
LEAD_KS="${LEAD_KS:-15 30}"
DOCUMENTS="${DOCUMENTS:-100}"
ROWS="${ROWS:-fastformer_8192 fastformer_1024 transformer_long transformer_conv conv_only_8192 local_8192}"
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
  [ -f "$DATA_BIN/dict.source.txt" ] || { echo "papers_study.sh: $DATA_BIN has no prepared data (set DATA_BIN)" >&2; exit 2; }
  [ "$EVALUATE" = 0 ] || [ -f "$DATA/valid.jsonl.gz" ] || { echo "papers_study.sh: $DATA/valid.jsonl.gz not found (set DATA)" >&2; exit 2; }
fi
for row in $ROWS; do
  echo "==> $row: ${ARCH[$row]} reading ${PIECES[$row]} pieces, ${HOURS} h of training time"
  [ -n "$DRY" ] || mkdir -p "$OUT/$row"
  $DRY env DEVICE=cpu bash scripts/train.sh papers_cpu "$DATA_BIN" "$OUT/$row" \
    --arch "${ARCH[$row]}" --max-source-positions "$((PIECES[$row] + 1))" --stop-time-hours "$HOURS" \
    --log-file "$OUT/$row/train.log"  # its own log, appended to on resume (papers seen, rates)
done
[ "$EVALUATE" = 0 ] && exit 0
for row in $ROWS; do
  if [ -z "$DRY" ] && [ -f "$OUT/$row/valid/scores.json" ]; then echo "==> $row: evaluated already"; continue; fi
  echo "==> $row: summarizing valid papers 0-$((LIMIT - 1))"
  $DRY "$PY" scripts/evaluate.py generate --system "$OUT/$row/checkpoint_last.pt" --data-bin "$DATA_BIN" \
    --data "$DATA/valid.jsonl.gz" --preset papers --limit "$LIMIT" --beam "$BEAM" \
    --max-source-pieces "${PIECES[$row]}" --out "$OUT/$row/valid"
done
BASELINES=()
for system in $(printf 'lead%s ' $LEAD_KS) oracle; do
  BASELINES+=("$OUT/$system")
  if [ -z "$DRY" ] && [ -f "$OUT/$system/scores.json" ]; then continue; fi
  $DRY "$PY" scripts/evaluate.py generate --system "$system" --data "$DATA/valid.jsonl.gz" --preset papers \
    --limit "$LIMIT" --out "$OUT/$system"
done
CURVES=()
for row in $ROWS; do CURVES+=(--run "$row" "$OUT/$row"); done
$DRY "$PY" scripts/training_curve.py --data-bin "$DATA_BIN" --documents "$DOCUMENTS" "${CURVES[@]}" \
  --out "$OUT/curve.png" --json "$OUT/curve.json"
TABLE=("$PY" scripts/budget_table.py $(printf "$OUT/%s " $ROWS) "${BASELINES[@]}" --against "$OUT/fastformer_8192"
       --paired rouge1,rouge2,rougeLsum --bits-on "$DATA_BIN" --documents "$DOCUMENTS")
if [ -n "$DRY" ]; then echo "${TABLE[@]}"; else "${TABLE[@]}" | tee "$OUT/table.md"; fi

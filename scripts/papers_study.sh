#!/usr/bin/env bash
# Issue 16's equal-CPU-budget study on SumPubMed: each encoder trained for the same training time
# with the same recipe (papers_cpu: decoder, copy head, data, seed), then all evaluated on the same
# valid papers with the same decoding, beside lead-k and the oracle (docs/papers.md).
#
#   scripts/papers_study.sh                 # every row, in order; run it again to resume
#   ROWS="fastformer_8192 fastformer_1024" scripts/papers_study.sh
#   scripts/papers_study.sh --dry-run       # print the commands only
#
# Rows (name -> architecture, source pieces read):
#   fastformer_8192    fastformer_conv_small   8192  the whole paper (the shipped papers model's encoder)
#   fastformer_1024    fastformer_conv_small   1024  the same model cut at 1,024 pieces
#   transformer_long   transformer_small       TRANSFORMER_PIECES (the longest it affords: 2048)
#   transformer_conv   transformer_conv_small  TRANSFORMER_PIECES (+ the same convolution)
#   conv_only_8192     conv_only_small         8192  the convolution alone, no attention
#   local_8192         local_transformer_small 8192  CS224N's local attention (blocks of 50)
# Resumable: scripts/train.sh resumes from runs/papers_study/ROW/checkpoint_last.pt, and
# fairseq's --stop-time-hours counts training time across restarts, so a finished row returns at
# once and the next one starts. Evaluation runs when every row is trained (EVALUATE=0: skip it).
# Settings (environment): DATA_BIN [data-bin/sumpubmed, from prepare_data.py --mask-numbers
#   --max-source-pieces 8192], DATA [../shared/data/sumpubmed], HOURS [1], LIMIT [500],
#   TRANSFORMER_PIECES [2048], BEAM [the papers preset's 4].
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${VENV:-$ROOT/.venv}/bin/python"
DATA_BIN="${DATA_BIN:-data-bin/sumpubmed}"
DATA="${DATA:-$ROOT/../shared/data/sumpubmed}"
HOURS="${HOURS:-1}"
LIMIT="${LIMIT:-500}"
TRANSFORMER_PIECES="${TRANSFORMER_PIECES:-2048}"
ROWS="${ROWS:-fastformer_8192 fastformer_1024 transformer_long transformer_conv conv_only_8192 local_8192}"
EVALUATE="${EVALUATE:-1}"
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
  $DRY env DEVICE=cpu bash scripts/train.sh papers_cpu "$DATA_BIN" "runs/papers_study/$row" \
    --arch "${ARCH[$row]}" --max-source-positions "$((PIECES[$row] + 1))" --stop-time-hours "$HOURS"
done
[ "$EVALUATE" = 0 ] && exit 0
for row in $ROWS; do
  echo "==> $row: evaluating valid papers 0-$((LIMIT - 1))"
  $DRY "$PY" scripts/evaluate.py generate --system "runs/papers_study/$row/checkpoint_last.pt" --data-bin "$DATA_BIN" \
    --data "$DATA/valid.jsonl.gz" --preset papers --limit "$LIMIT" ${BEAM:+--beam "$BEAM"} \
    --max-source-pieces "${PIECES[$row]}" --out "runs/papers_study/$row/valid"
done

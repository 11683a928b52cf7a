#!/usr/bin/env bash
# The extractive papers model (docs/papers.md, "The extractive papers model"): the shipped papers
# model's encoder (app/model_papers) fine-tuned to score a paper's sentences against the greedy
# oracle, as the extractive news model was (docs/extractive.md). Each step is skipped when its
# output exists, so running it again resumes.
#
#   scripts/papers_extractive.sh              # prepare, train, choose k, evaluate, compare
#   scripts/papers_extractive.sh --dry-run    # print the commands only
#
#   1. scripts/prepare_extractive.py on the first TRAIN_PAPERS training papers (and all of valid):
#      sentences of the masked paper that fit whole in 8,192 pieces, labels from the greedy oracle
#      with no cap on sentences (--oracle-sentences 0, about 13 a paper);
#   2. recipe papers_extractive for HOURS of training time (resumable; checkpoints every 100 updates);
#   3. k, the sentences a summary takes, chosen on valid papers 500-599 among KS (evaluate.py tune);
#   4. valid papers 0-499 with the chosen k, beside lead-15 and lead-30 (paired bootstrap), the
#      same papers and references as the abstractive model's results.
# Settings (environment): DATA [../shared/data/sumpubmed], BUNDLE [app/model_papers],
#   TRAIN_PAPERS [5000], HOURS [1], KS ["10 12 14 16 18 20"], OUT [runs/papers_extractive],
#   DATA_BIN [data-bin/sumpubmed_ext].
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${VENV:-$ROOT/.venv}/bin/python"
DATA="${DATA:-$ROOT/../shared/data/sumpubmed}"
BUNDLE="${BUNDLE:-app/model_papers}"
TRAIN_PAPERS="${TRAIN_PAPERS:-5000}"
HOURS="${HOURS:-1}"
KS="${KS:-10 12 14 16 18 20}"
OUT="${OUT:-runs/papers_extractive}"
DATA_BIN="${DATA_BIN:-data-bin/sumpubmed_ext}"
DRY=""
[ "${1:-}" = "--dry-run" ] && DRY=echo
if [ -z "$DRY" ]; then
  [ -f "$DATA/train.jsonl.gz" ] || { echo "papers_extractive.sh: $DATA/train.jsonl.gz not found (set DATA)" >&2; exit 2; }
  [ -f "$BUNDLE/checkpoint.pt" ] || { echo "papers_extractive.sh: $BUNDLE/checkpoint.pt not found (set BUNDLE)" >&2; exit 2; }
  mkdir -p "$OUT"
fi

if [ -n "$DRY" ] || [ ! -f "$DATA_BIN/prepare.json" ]; then
  $DRY "$PY" scripts/prepare_extractive.py --name "$(basename "$DATA_BIN")" --out-dir "$(dirname "$DATA_BIN")" \
    --bundle "$BUNDLE" --train "$DATA/train.jsonl.gz" --valid "$DATA/valid.jsonl.gz" \
    --max-source-pieces 8192 --oracle-sentences 0 --limit "$TRAIN_PAPERS"
fi
$DRY env DEVICE=cpu bash scripts/train.sh papers_extractive "$DATA_BIN" "$OUT" \
  --pretrained-encoder "$BUNDLE/checkpoint.pt" --stop-time-hours "$HOURS" --log-file "$OUT/train.log"

CHECKPOINT="$OUT/checkpoint_last.pt"
if [ -n "$DRY" ] || [ ! -f "$OUT/tune_k.json" ]; then
  $DRY "$PY" scripts/evaluate.py tune --system "$CHECKPOINT" --data-bin "$DATA_BIN" --data "$DATA/valid.jsonl.gz" \
    --preset papers --grid "lead_k=${KS// /,}" --start 500 --limit 100 --out "$OUT/tune_k.json"
fi
if [ -n "$DRY" ]; then
  BEST_K=K
else  # the first row: the best mean of R-1, R-2 and R-Lsum on the tuning papers
  BEST_K=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["rows"][0]["settings"]["lead_k"])' "$OUT/tune_k.json")
  echo "==> k = $BEST_K sentences (best mean ROUGE on valid papers 500-599)"
fi
for system in "$CHECKPOINT" lead15 lead30; do
  name=$(basename "$system" .pt)
  [ -z "$DRY" ] && [ -f "$OUT/valid_$name/scores.json" ] && continue
  $DRY "$PY" scripts/evaluate.py generate --system "$system" --data-bin "$DATA_BIN" --data "$DATA/valid.jsonl.gz" \
    --preset papers --sentences "$BEST_K" --limit 500 --out "$OUT/valid_$name"
done
for lead in lead15 lead30; do
  $DRY "$PY" scripts/evaluate.py compare "$OUT/valid_checkpoint_last" "$OUT/valid_$lead"
done

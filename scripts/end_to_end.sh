#!/usr/bin/env bash
# prepare -> train (Fastformer) -> fairseq-generate (beam 4, trigram blocking, ROUGE) -> summarize
#
#   scripts/end_to_end.sh                         # real CNN/DM if ../shared/data/cnndm exists, else a toy corpus
#   DATA=path/to/dir scripts/end_to_end.sh        # a directory with train.jsonl[.gz] and valid.jsonl[.gz]
#
# Settings (environment variables, defaults in brackets):
#   DATA [../shared/data/cnndm or a generated toy corpus]   NAME [quickstart]   ARCH [fastformer_small]
#   TRAIN_LIMIT [5000 pairs, 0 = all]   MAX_UPDATE [300]   MAX_TOKENS [6000]   LR [1e-3]   WARMUP [100]
#   VOCAB [8000]   MAX_SOURCE [400 pieces]   MAX_TARGET [100 pieces]   GEN_SHARDS [64: generate 1/64 of valid]
#   MODEL_ARGS [extra fairseq-train model flags, e.g. "--encoder-embed-dim 128 --decoder-embed-dim 128"]
# Outputs (under WORK [the repository]): data-bin/$NAME, checkpoints/$NAME,
#   runs/$NAME/{train.log,generate.txt,rouge.txt}.
# Re-running resumes training from checkpoints/$NAME/checkpoint_last.pt (fairseq's default).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"
NAME="${NAME:-quickstart}"
ARCH="${ARCH:-fastformer_small}"
TRAIN_LIMIT="${TRAIN_LIMIT:-5000}"
MAX_UPDATE="${MAX_UPDATE:-300}"
MAX_TOKENS="${MAX_TOKENS:-6000}"
LR="${LR:-1e-3}"
WARMUP="${WARMUP:-100}"
VOCAB="${VOCAB:-8000}"
MAX_SOURCE="${MAX_SOURCE:-400}"
MAX_TARGET="${MAX_TARGET:-100}"
GEN_SHARDS="${GEN_SHARDS:-64}"
MODEL_ARGS="${MODEL_ARGS:-}"
WORK="${WORK:-$ROOT}"
DATA_BIN="$WORK/data-bin/$NAME"
SAVE_DIR="$WORK/checkpoints/$NAME"
RUN_DIR="$WORK/runs/$NAME"
mkdir -p "$RUN_DIR"

if [ -z "${DATA:-}" ]; then
  if [ -d "$ROOT/../shared/data/cnndm" ]; then
    DATA="$ROOT/../shared/data/cnndm"
  else
    DATA="$RUN_DIR/toy-corpus"
    echo "==> no DATA given and no ../shared/data/cnndm: generating a toy corpus in $DATA"
    "$PY" scripts/make_toy_corpus.py "$DATA"
  fi
fi
find_split() {
  local candidate
  for candidate in "$DATA/$1.jsonl.gz" "$DATA/$1.jsonl"; do
    [ -f "$candidate" ] && { echo "$candidate"; return 0; }
  done
  return 0
}
TRAIN_FILE="$(find_split train)"; VALID_FILE="$(find_split valid)"
[ -n "$TRAIN_FILE" ] && [ -n "$VALID_FILE" ] || { echo "end_to_end.sh: $DATA needs train.jsonl[.gz] and valid.jsonl[.gz]" >&2; exit 2; }

echo "==> [1/4] preparing $DATA -> $DATA_BIN"
LIMIT_ARGS=(); [ "$TRAIN_LIMIT" != 0 ] && LIMIT_ARGS=(--limit "$TRAIN_LIMIT")
"$PY" scripts/prepare_data.py --name "$NAME" --out-dir "$WORK/data-bin" --train "$TRAIN_FILE" --valid "$VALID_FILE" \
  --vocab-size "$VOCAB" --max-source-pieces "$MAX_SOURCE" --max-target-pieces "$MAX_TARGET" "${LIMIT_ARGS[@]}"

echo "==> [2/4] training $ARCH for $MAX_UPDATE updates (log: $RUN_DIR/train.log)"
# shellcheck disable=SC2086
"$VENV/bin/fairseq-train" "$DATA_BIN" --user-dir fairseq_plugins --arch "$ARCH" $MODEL_ARGS \
  --task translation --source-lang source --target-lang target \
  --max-source-positions $((MAX_SOURCE + 1)) --max-target-positions $((MAX_TARGET + 1)) --truncate-source \
  --criterion label_smoothed_cross_entropy --label-smoothing 0.1 \
  --optimizer adam --adam-betas '(0.9, 0.98)' --weight-decay 0.0001 --clip-norm 1.0 \
  --lr "$LR" --lr-scheduler inverse_sqrt --warmup-updates "$WARMUP" --warmup-init-lr 1e-7 \
  --max-tokens "$MAX_TOKENS" --required-batch-size-multiple 1 --max-update "$MAX_UPDATE" --validate-interval-updates "$MAX_UPDATE" \
  --save-dir "$SAVE_DIR" --no-epoch-checkpoints --save-interval-updates "$MAX_UPDATE" --keep-interval-updates 1 \
  --max-valid-steps 20 --skip-invalid-size-inputs-valid-test \
  --log-format simple --log-interval 20 --cpu --num-workers 0 --seed 1 2>&1 | tee "$RUN_DIR/train.log"

echo "==> [3/4] generating 1/$GEN_SHARDS of valid with beam 4 and trigram blocking"
# (fairseq-generate shards its batches by --distributed-world-size/--distributed-rank; it
# ignores --num-shards/--shard-id)
"$VENV/bin/fairseq-generate" "$DATA_BIN" --user-dir fairseq_plugins --path "$SAVE_DIR/checkpoint_best.pt" \
  --task translation --source-lang source --target-lang target --gen-subset valid \
  --distributed-world-size "$GEN_SHARDS" --distributed-rank 0 --batch-size 16 --beam 4 --no-repeat-ngram-size 3 \
  --min-len 10 --max-len-a 0 --max-len-b "$MAX_TARGET" --lenpen 1.0 \
  --bpe sentencepiece --sentencepiece-model "$DATA_BIN/spm.model" \
  --scoring rouge --cpu --num-workers 0 > "$RUN_DIR/generate.txt"
"$PY" scripts/check_repeats.py "$RUN_DIR/generate.txt" --ngram 3
tail -n 1 "$RUN_DIR/generate.txt" | tee "$RUN_DIR/rouge.txt"

echo "==> [4/4] summarizing app/examples/harbour_tunnel.txt with the trained model"
"$PY" -m app.summarize app/examples/harbour_tunnel.txt --checkpoint "$SAVE_DIR/checkpoint_best.pt" \
  --data-dir "$DATA_BIN" --stats

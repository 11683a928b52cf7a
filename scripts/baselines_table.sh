#!/usr/bin/env bash
# An extractive model beside the field's baselines at equal length, with paired bootstrap intervals.
#
#   scripts/baselines_table.sh DATA.jsonl[.gz] OUT_DIR [--bundle DIR] [--preset NAME] [--limit N] [--start N] [--words N]
#
# Writes OUT_DIR/<system>/ (evaluate.py generate's output directories) and OUT_DIR/table.txt:
# the model (its preset's k sentences, or --words N), then Lead, LexRank, TextRank, LSA and SumBasic
# each given as many words per document as the model's summary of it (--words-like), and the
# greedy oracle at its own length; each compared with the model (evaluate.py compare).
# Defaults: the shipped extractive papers model and its preset.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="${PYTHON:-$ROOT/.venv/bin/python}"
[ $# -ge 2 ] || { sed -n '2,10p' "$0"; exit 2; }
DATA="$1"; OUT="$2"; shift 2
BUNDLE="$ROOT/app/model_papers_extractive"; PRESET=papers_extractive; SLICE=(); WORDS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) BUNDLE="$2"; shift 2 ;;
    --preset) PRESET="$2"; shift 2 ;;
    --limit|--start) SLICE+=("$1" "$2"); shift 2 ;;
    --words) WORDS=(--words "$2"); shift 2 ;;
    *) echo "baselines_table.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
generate() { "$PY" "$ROOT/scripts/evaluate.py" generate --data "$DATA" --preset "$PRESET" "${SLICE[@]}" "$@" >/dev/null; }
mkdir -p "$OUT"
generate --system "$BUNDLE/checkpoint.pt" --data-bin "$BUNDLE" "${WORDS[@]}" --out "$OUT/model"
for system in lead lexrank textrank lsa sumbasic; do
  generate --system "$system" --words-like "$OUT/model" --out "$OUT/$system"
done
generate --system oracle --out "$OUT/oracle"
{
  for system in lead lexrank textrank lsa sumbasic oracle; do
    "$PY" "$ROOT/scripts/evaluate.py" compare "$OUT/model" "$OUT/$system"
    echo
  done
} | tee "$OUT/table.txt"

# Shared by the equal-CPU-budget study drivers (scripts/papers_study.sh, scripts/extractive_study.sh):
# source it after setting DRY ("" or echo), OUT (the runs directory) and CORES (the cores rows may use,
# e.g. "0 1"; default every core). Every row trains and evaluates with one thread pinned to a core of
# its own, so a row's budget is the same CPU time whether it runs alone or beside another row, and
# work kept off those cores (CORES="1", your own commands under taskset -c 0) does not take from it.
CORES="${CORES:-$(seq -s ' ' 0 $(($(nproc) - 1)))}"
read -r -a CORE_LIST <<<"$CORES"
[ "${#CORE_LIST[@]}" -gt 0 ] || { echo "study: CORES names no core" >&2; exit 2; }
for core in "${CORE_LIST[@]}"; do
  [[ "$core" =~ ^[0-9]+$ ]] && [ "$core" -lt "$(nproc)" ] || { echo "study: CORES: no core '$core' on this machine (0-$(($(nproc) - 1)))" >&2; exit 2; }
done
PARALLEL="${PARALLEL:-${#CORE_LIST[@]}}"
[[ "$PARALLEL" =~ ^[1-9][0-9]*$ ]] || { echo "study: PARALLEL must be a positive number, got '$PARALLEL'" >&2; exit 2; }

# launch LOG CORE COMMAND...: COMMAND with one thread on core CORE, its output to LOG (the dry run prints it)
launch() {
  local log=$1 core=$2; shift 2
  local pinned=(taskset -c "$core" env OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 "$@")
  if [ -n "$DRY" ]; then echo "${pinned[*]}"; else mkdir -p "$(dirname "$log")"; "${pinned[@]}" >>"$log" 2>&1; fi
}

# in_parallel STEP ROW...: STEP ROW CORE for every row at once, the j-th on the j-th core of CORES
# (modulo; at most PARALLEL rows are given); fails when any of them fails
in_parallel() {
  local step=$1; shift
  local rows=("$@") j core pids=() failed=0
  for ((j = 0; j < ${#rows[@]}; j++)); do
    core=${CORE_LIST[$((j % ${#CORE_LIST[@]}))]}
    if [ -n "$DRY" ]; then "$step" "${rows[j]}" "$core"; else "$step" "${rows[j]}" "$core" & pids+=($!); fi
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  [ "$failed" = 0 ] || { echo "study: $step failed for a row of: ${rows[*]} (see $OUT/ROW/*.log)" >&2; exit 1; }
}

# run_study CURVE BASELINE...: the caller's train_row, evaluate_row and evaluate_baseline over
#   1. the rows of ROWS without a record in RECORDS, PARALLEL at a time: each group trained, then
#      evaluated and recorded (unless EVALUATE=0) before the next starts, so a stop loses at most
#      the group in hand;
#   2. the BASELINEs without a record;
#   3. the curves (to CURVE) and RECORDS/table.md, every row against fastformer_8192 (paired
#      bootstrap on R-1, R-2, R-Lsum), from every record there is, in the order of TABLE_ROWS
#      (default ALL_ROWS; rows on other hardware keep a table of their own).
run_study() {
  local curve=$1; shift
  local todo=() baselines=() recorded=() row system i
  for row in $ROWS; do
    if [ -z "$DRY" ] && [ -f "$RECORDS/$row.json" ]; then echo "==> $row: done ($RECORDS/$row.json)"; else todo+=("$row"); fi
  done
  for ((i = 0; i < ${#todo[@]}; i += PARALLEL)); do
    in_parallel train_row "${todo[@]:i:PARALLEL}"
    [ "$EVALUATE" = 0 ] || in_parallel evaluate_row "${todo[@]:i:PARALLEL}"
  done
  [ "$EVALUATE" = 0 ] && return 0
  for system in "$@"; do
    if [ -n "$DRY" ] || [ ! -f "$RECORDS/$system.json" ]; then baselines+=("$system"); fi
  done
  for ((i = 0; i < ${#baselines[@]}; i += PARALLEL)); do in_parallel evaluate_baseline "${baselines[@]:i:PARALLEL}"; done
  for row in ${TABLE_ROWS:-$ALL_ROWS}; do
    if [ -n "$DRY" ] || [ -f "$RECORDS/$row.json" ]; then recorded+=("$RECORDS/$row.json"); fi
  done
  [ -n "$DRY" ] || [ -f "$RECORDS/fastformer_8192.json" ] || { echo "study: no fastformer_8192 record yet: no table" >&2; return 0; }
  $DRY "$PY" scripts/training_curve.py --records "${recorded[@]}" --out "$curve"
  write_table "$RECORDS/table.md" "${recorded[@]}" $(printf "$RECORDS/%s.json " "$@") --against "$RECORDS/fastformer_8192.json"
}

# write_table OUT RECORD... --against RECORD: scripts/budget_table.py over the records (paired bootstrap on
# R-1, R-2, R-Lsum) into OUT, whole or not at all, and shown (the dry run prints the command)
write_table() {
  local out=$1; shift
  local table=("$PY" scripts/budget_table.py "$@" --paired rouge1,rouge2,rougeLsum)
  if [ -n "$DRY" ]; then echo "${table[@]}"; else "${table[@]}" >"$out.partial" && mv "$out.partial" "$out"; cat "$out"; fi
}

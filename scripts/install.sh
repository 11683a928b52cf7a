#!/usr/bin/env bash
# Create (or bring up to date) the project's virtual environment.
#
#   scripts/install.sh            # Python stack into $VENV (default .venv)
#   scripts/install.sh --browser  # also Debian's chromium, for the browser tests
#
# Why a script and not `pip install -r requirements.txt`: fairseq 0.12.2 does not build on
# Python 3.11, so we build `fairseq-fixed` (upstream main) with --no-deps --no-build-isolation
# against the torch/numpy/cython already in the venv (requirements-build.txt), and only then add
# fairseq's real runtime dependencies (requirements.txt).  Letting pip resolve torch itself would
# pull a multi-GB CUDA build; every file here pins the local CPU build, torch==2.13.0.
#
# Idempotent: a stamp file records a hash of the inputs; when it matches, the script only checks
# that the stack imports and exits within a second or two.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VENV:-$ROOT/.venv}"
PYTHON="${PYTHON:-python3}"
FAIRSEQ_SPEC="fairseq-fixed==0.12.3.1"
WANT_BROWSER=0
for arg in "$@"; do
  case "$arg" in
    --browser) WANT_BROWSER=1 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\ninstall.sh: FAILED: %s\n' "$*" >&2; exit 1; }

install_browser() {
  # Debian's chromium drives the browser tests through Python playwright (never
  # `playwright install`, which downloads its own build and fails offline).
  if [ -x /usr/bin/chromium ]; then return 0; fi
  step "installing Debian's chromium (browser tests)"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  command -v apt-get >/dev/null || fail "apt-get not found: install chromium by hand (/usr/bin/chromium)"
  $sudo apt-get update -qq >/dev/null || fail "apt-get update"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null \
    || fail "apt-get install chromium"
}

stamp_inputs() {
  cat "$ROOT/requirements-build.txt" "$ROOT/requirements.txt" "$0"
  echo "$FAIRSEQ_SPEC"
  "$PYTHON" --version 2>&1
}

stamp_file="$VENV/.install-stamp"
want_stamp="$(stamp_inputs | sha256sum | cut -d' ' -f1)"
smoke_test='import torch, fairseq, sentencepiece, rouge_score, gradio; assert torch.__version__.startswith("2.13.0"), torch.__version__'

if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$want_stamp" ] \
   && "$VENV/bin/python" -c "$smoke_test" >/dev/null 2>&1; then
  echo "install.sh: $VENV is up to date"
  [ "$WANT_BROWSER" = 1 ] && install_browser
  exit 0
fi

"$PYTHON" -c 'import sys; assert sys.version_info[:2] >= (3, 10), sys.version' 2>/dev/null \
  || fail "$PYTHON must be Python >= 3.10"

if [ ! -x "$VENV/bin/python" ]; then
  step "creating virtual environment $VENV"
  "$PYTHON" -m venv "$VENV" || fail "python -m venv $VENV"
fi
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check)

step "build stage: torch (CPU), numpy, cython, setuptools, wheel"
"${PIP[@]}" install -q -r "$ROOT/requirements-build.txt" || fail "pip install -r requirements-build.txt"

if ! "$VENV/bin/python" -c 'import fairseq' >/dev/null 2>&1; then
  step "building $FAIRSEQ_SPEC (a few minutes: compiles C++/Cython extensions)"
  # -O0 roughly halves the compile time; the extensions are not on any hot path we use.
  CFLAGS="${CFLAGS:--O0 -g0}" "${PIP[@]}" install -q --no-deps --no-build-isolation "$FAIRSEQ_SPEC" \
    || fail "building $FAIRSEQ_SPEC (needs gcc and the Python headers)"
fi

step "runtime dependencies (requirements.txt)"
"${PIP[@]}" install -q -r "$ROOT/requirements.txt" || fail "pip install -r requirements.txt"

step "checking the stack imports"
"$VENV/bin/python" -c "$smoke_test" || fail "the installed stack does not import"

echo "$want_stamp" > "$stamp_file"
[ "$WANT_BROWSER" = 1 ] && install_browser
echo "install.sh: done ($VENV)"

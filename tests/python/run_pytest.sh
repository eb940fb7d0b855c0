#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python module's pytest suite (tests/python/), in the venv under the build folder that
# scripts/setup makes (pytest, NumPy, matplotlib and tqdm from PyPI; made here where it is
# missing). Skipped (status 77), saying why, where PyPI cannot be reached.
# Usage: run_pytest.sh BUILD_DIR GALAXY_EXE [pytest arguments]
set -euo pipefail
build=$(cd "$1" && pwd) exe=$(realpath "$2")
shift 2
here=$(cd "$(dirname "$0")" && pwd)
venv=$build/pyvenv
skip() { echo "SKIP: $*"; exit 77; }
if [ ! -f "$build/python/galaxy/__init__.py" ]; then
  skip "the Python module was not built (GALAXY_PYTHON off: python3-dev or nanobind missing)"
fi
if ! "$venv/bin/python" -c "import pytest, numpy, matplotlib, tqdm" 2>/dev/null; then
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  python3 -m venv "$venv" >"$log" 2>&1 || skip "python3 -m venv failed: $(tail -1 "$log")"
  echo "installing pytest, numpy, matplotlib and tqdm from PyPI into $venv (once)"
  if ! timeout 600 "$venv/bin/pip" install --quiet --disable-pip-version-check --timeout 20 \
      --retries 1 pytest numpy matplotlib tqdm >"$log" 2>&1; then
    skip "PyPI not reachable, so the Python module's tests cannot run: $(grep -m1 -i error "$log" || tail -1 "$log")"
  fi
fi
export PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}" GALAXY_EXE="$exe" MPLBACKEND=Agg
cd "$here"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@" .

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# HDF5 snapshots against h5py, swiftsimio and pynbody (tests/hdf5_tools.py says what is checked).
# The tools are installed from PyPI into a venv in the build folder, once (later runs reuse it);
# where PyPI cannot be reached (an offline CI) the test is skipped, saying so (status 77).
# Usage: test_hdf5_tools.sh BUILD_DIR GALAXY_EXE
set -euo pipefail
build=$1 exe=$2
here=$(cd "$(dirname "$0")" && pwd)
venv=$build/hdf5-tools-venv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
skip() { echo "SKIP: $*"; exit 77; }

if ! "$venv/bin/python" -c "import h5py, pynbody, swiftsimio" 2>/dev/null; then
  python3 -m venv "$venv" >"$tmp/venv.log" 2>&1 ||
    skip "python3 -m venv failed (Debian's python3-venv missing?): $(tail -1 "$tmp/venv.log")"
  echo "installing h5py, swiftsimio and pynbody from PyPI into $venv (once)"
  if ! timeout 900 "$venv/bin/pip" install --quiet --disable-pip-version-check --timeout 20 \
      --retries 1 h5py swiftsimio pynbody >"$tmp/pip.log" 2>&1; then
    skip "PyPI not reachable or the tools did not install, so the HDF5 tools test cannot run: $(grep -m1 -i 'error' "$tmp/pip.log" || tail -1 "$tmp/pip.log")"
  fi
fi
"$venv/bin/python" "$here/hdf5_tools.py" "$exe" "$tmp"

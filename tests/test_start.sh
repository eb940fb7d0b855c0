#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts/start without a display (issue 22): what the user gives wins (--frames N records N
# frames, --record DIR records into DIR), what they leave out is the short default clip (90
# frames into out/frames), and a second start records beside an earlier clip, never into it.
# The real script runs in a copy of its tree, with scripts/setup stubbed (the build is done) and
# the built program as build/app/galaxy.
# Usage: test_start.sh SOURCE_DIR GALAXY_EXE
set -euo pipefail
src=$1 exe=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tree/scripts" "$tmp/tree/build/app"
cp "$src/scripts/start" "$tmp/tree/scripts/start"
printf '#!/bin/sh\nexit 0\n' >"$tmp/tree/scripts/setup"
chmod +x "$tmp/tree/scripts/setup"
ln -s "$(realpath "$exe")" "$tmp/tree/build/app/galaxy"

# A small quick run, as a user without a display would start it.
start() {
  env -u DISPLAY -u WAYLAND_DISPLAY "$tmp/tree/scripts/start" --backend cpu --bodies 200 \
    --steps 0 --no-ui --width 64 --height 48 "$@" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log" >&2; fail "scripts/start $* failed"; }
}
frames() { find "$1" -maxdepth 1 -name 'frame_*.png' | wc -l; }

start --frames 3
[ "$(frames "$tmp/tree/out/frames")" -eq 3 ] || fail "--frames 3 did not record 3 frames into out/frames"
start --record "$tmp/mine" --frames 2
[ "$(frames "$tmp/mine")" -eq 2 ] || fail "--record DIR --frames 2 did not record 2 frames into DIR"
start
clip=$(find "$tmp/tree/out" -maxdepth 1 -name 'frames_*' -type d)
[ -n "$clip" ] || fail "a second start did not record beside the first clip: $(cat "$tmp/log")"
[ "$(frames "$clip")" -eq 90 ] || fail "the default clip is not 90 frames: $(frames "$clip")"
[ "$(frames "$tmp/tree/out/frames")" -eq 3 ] || fail "the first clip was touched"
echo "scripts/start checks passed"

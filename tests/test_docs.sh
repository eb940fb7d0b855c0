#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every option that `galaxy --help` and `galaxy bench --help` list is in README.md, and every
# option of `galaxy --help` is in the man page the build made (help2man, cmake/packaging.cmake):
# an option added to the program and not to its documents fails here.
# Usage: test_docs.sh GALAXY_EXE README.md MAN_PAGE(.gz)
set -euo pipefail
exe=$1 readme=$2 man=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
options() { "$exe" "$@" --help | grep -oE '^ +(-[a-z],)?--[a-z0-9-]+' | sed -E 's/^ +(-[a-z],)?//' | sort -u; }
run_options=$(options)
bench_options=$(options bench)
[ "$(wc -l <<<"$run_options")" -gt 30 ] || fail "galaxy --help lists too few options: $run_options"
# An option as a word of its own: --steps is not found inside --steps-per-frame.
has() { grep -qE -- "(^|[^a-z0-9-])$1([^a-z0-9-]|$)" <<<"$2"; }

missing=()
text=$(cat "$readme")
for o in $run_options $bench_options; do has "$o" "$text" || missing+=("$o"); done
[ ${#missing[@]} -eq 0 ] || fail "README.md does not mention ${missing[*]}"

[ -f "$man" ] || fail "no man page at $man (help2man makes it at build time; scripts/setup installs it)"
page=$(zcat -f "$man" | sed 's/\\-/-/g; s/\\f[BIRP]//g')  # roff: \- is a hyphen, \fB bold
for o in $run_options; do has "$o" "$page" || missing+=("$o"); done
[ ${#missing[@]} -eq 0 ] || fail "the man page does not mention ${missing[*]}"
grep -q '^\.TH GALAXY "1"' <(zcat -f "$man") || fail "the man page has no .TH GALAXY 1 header"
echo "every option is in README.md and the man page"

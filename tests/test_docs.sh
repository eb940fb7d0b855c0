#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every option that `galaxy --help` and `galaxy bench --help` list is on the manual's
# command-line page (docs/command-line.md) and in the man page the build made (help2man, with that
# page included: cmake/packaging.cmake): an option added to the program and not to its documents
# fails here.
# Usage: test_docs.sh GALAXY_EXE COMMAND_LINE_PAGE MAN_PAGE(.gz)
set -euo pipefail
exe=$1 page_file=$2 man=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
options() { "$exe" "$@" --help | grep -oE '^ +(-[a-z],)?--[a-z0-9-]+' | sed -E 's/^ +(-[a-z],)?//' | sort -u; }
run_options=$(options)
bench_options=$(options bench)
[ "$(wc -l <<<"$run_options")" -gt 30 ] || fail "galaxy --help lists too few options: $run_options"
[ "$(wc -l <<<"$bench_options")" -gt 10 ] || fail "galaxy bench --help lists too few options: $bench_options"
# An option as a word of its own: --steps is not found inside --steps-per-frame.
has() { grep -qE -- "(^|[^a-z0-9-])$1([^a-z0-9-]|$)" <<<"$2"; }

[ -f "$page_file" ] || fail "no command-line page at $page_file"
missing=()
text=$(cat "$page_file")
for o in $run_options $bench_options; do has "$o" "$text" || missing+=("$o"); done
[ ${#missing[@]} -eq 0 ] || fail "$(basename "$page_file") does not mention ${missing[*]}"
# Each of bench's own options (those a run does not take) in the page's galaxy bench section.
bench_section=$(sed -n '/^## galaxy bench/,/^## /p' "$page_file")
for o in $(comm -13 <(echo "$run_options") <(echo "$bench_options")); do
  has "$o" "$bench_section" || missing+=("$o")
done
[ ${#missing[@]} -eq 0 ] || fail "the galaxy bench section does not mention ${missing[*]}"

[ -f "$man" ] || fail "no man page at $man (help2man makes it at build time; scripts/setup installs it)"
page=$(zcat -f "$man" | sed 's/\\-/-/g; s/\\f[BIRP]//g')  # roff: \- is a hyphen, \fB bold
for o in $run_options $bench_options; do has "$o" "$page" || missing+=("$o"); done
[ ${#missing[@]} -eq 0 ] || fail "the man page does not mention ${missing[*]}"
grep -q '^\.TH GALAXY "1"' <(zcat -f "$man") || fail "the man page has no .TH GALAXY 1 header"
# The man page carries the command-line page: each of its sections is a section there.
while read -r heading; do
  grep -qiF ".SH \"${heading^^}\"" <(zcat -f "$man") || grep -qixF ".SH ${heading^^}" <(zcat -f "$man") ||
    fail "the man page has no section '$heading' of $(basename "$page_file") (packaging/man_from_markdown.awk)"
done < <(sed -n 's/^## //p' "$page_file")
echo "every option is in $(basename "$page_file") and the man page, and the man page has its sections"

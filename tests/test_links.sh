#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every link of README.md and of the manual (docs/, the lessons included) resolves: a relative
# link names a file or folder that exists (from the page's own folder), and a #anchor names a
# heading of the page it points into, as GitHub makes anchors of headings (lower case, marks
# other than - and _ dropped, spaces to -, a repeated heading's anchor numbered -1, -2, ...).
# Links inside code (`...`, fenced blocks) are text, not links (a heading's `code` is part of its
# anchor, as on GitHub); http(s) and mailto links are not fetched.
# Usage: test_links.sh SOURCE_DIR (the checkout: README.md and docs/ in it)
set -euo pipefail
export LC_ALL=C.UTF-8  # [:alnum:] takes θ and the other letters GitHub keeps
root=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -f "$root/README.md" ] && [ -d "$root/docs" ] || fail "no README.md and docs/ in $root"

# The page without its code: fenced blocks and `code spans` taken out.
prose() { awk '/^ *```/ { fence = !fence; next } !fence' "$1" | sed -E 's/`[^`]*`//g'; }
# The anchors of a page's headings, one a line.
anchors() {
  awk '/^ *```/ { fence = !fence; next } !fence' "$1" | sed -nE 's/^#{1,6} +(.*[^ #])[ #]*$/\1/p' |
    sed -E 's/\[([^]]*)\]\([^)]*\)/\1/g' | tr '[:upper:]' '[:lower:]' |
    sed -E 's/[^[:alnum:] _-]//g; s/ /-/g' |
    awk '{ n = seen[$0]++; print (n ? $0 "-" n : $0) }'
}

pages=("$root/README.md")
while IFS= read -r -d '' f; do pages+=("$f"); done < <(find "$root/docs" -name '*.md' -print0 | sort -z)
checked=0 broken=()
for page in "${pages[@]}"; do
  dir=$(dirname "$page")
  while IFS= read -r link; do
    [ -n "$link" ] || continue
    link=${link%% \"*}  # a title after the target: (file.png "title")
    case $link in http://* | https://* | mailto:*) continue ;; esac
    checked=$((checked + 1))
    file=${link%%#*} anchor=
    [[ $link == *#* ]] && anchor=${link#*#}
    target=$page
    if [ -n "$file" ]; then
      target=$dir/$file
      if [ ! -e "$target" ]; then broken+=("${page#"$root"/}: $link (no such file)"); continue; fi
    fi
    if [ -n "$anchor" ]; then
      if [ -d "$target" ]; then target=$target/README.md; fi
      case $target in *.md) ;; *) broken+=("${page#"$root"/}: $link (an anchor into a file that is not a page)"); continue ;; esac
      grep -qxF -- "$anchor" <(anchors "$target") ||
        broken+=("${page#"$root"/}: $link (no heading '#$anchor' in ${target#"$root"/})")
    fi
  done < <(prose "$page" | grep -oE '\]\([^)]*\)' | sed -E 's/^\]\((.*)\)$/\1/')
done
[ ${#broken[@]} -eq 0 ] || fail "$(printf '%s\n' "${#broken[@]} broken links:" "${broken[@]}")"
[ "$checked" -gt 100 ] || fail "only $checked links found in ${#pages[@]} pages: is the manual there?"
echo "all $checked links of ${#pages[@]} pages resolve"

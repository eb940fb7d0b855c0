# SPDX-License-Identifier: MIT
# The manual's command-line page (docs/command-line.md) as a help2man include file, so that the
# man page carries it (cmake/packaging.cmake): its first paragraph goes to DESCRIPTION, each "## "
# heading becomes a section, each table row a tagged paragraph (.TP), a fenced block stays as it is
# (.nf), and the rest is text with the Markdown marks taken out (`code` in bold, links as their
# text). The contents list is left out: a man page has none. POSIX awk (Debian's mawk):
# no gawk extensions.
# Usage: awk -f man_from_markdown.awk [-v out=command-line.h2m] docs/command-line.md
function unlink(s,    out, m) {         # [text](target) -> text
  out = ""
  while (match(s, /\[[^]]*\]\([^)]*\)/)) {
    m = substr(s, RSTART, RLENGTH)
    sub(/\]\(.*$/, "", m)
    out = out substr(s, 1, RSTART - 1) substr(m, 2)
    s = substr(s, RSTART + RLENGTH)
  }
  return out s
}
function roff(s,    out, parts, n, i) {
  gsub(/\\\|/, "|", s)                     # a table cell's escaped bar
  gsub(/\\/, "\\e", s)                     # a backslash, before any escape is written
  s = unlink(s)
  gsub(/-/, "\\-", s)                      # minus signs, as help2man writes them
  gsub(/\*\*/, "", s)                      # bold marks
  n = split(s, parts, "`")                 # `code` in bold
  out = parts[1]
  for (i = 2; i <= n; i++) out = out ((i % 2) ? "\\fR" : "\\fB") parts[i]
  if (n % 2 == 0) out = out "\\fR"
  if (out ~ /^[.']/) out = "\\&" out       # a line may not start a request
  return out
}
function cells(line, c,    n, i) {
  sub(/^\| */, "", line); sub(/ *\| *$/, "", line)
  gsub(/\\\|/, "\001", line)                # escaped bars are not separators
  n = split(line, c, / *\| */)
  for (i = 1; i <= n; i++) gsub(/\001/, "\\|", c[i])
  return n
}
function emit(s) { if (out != "") print s > out; else print s }
BEGIN { emit("[DESCRIPTION]") }
/^```/ { if (fence) { emit(".fi"); fence = 0 } else { emit(".PP"); emit(".nf"); fence = 1 }; next }
fence { emit(roff($0)); next }
/^# / { next }
/^- \[.*\]\(#.*\)$/ { next }              # the contents list
/^## / { title = toupper(substr($0, 4)); emit(""); emit("[" title "]"); para = 0; next }
/^\|[-| :]+\|$/ { next }                  # a table's rule
/^\| *(option|status|input) *\|/ { next } # a table's header
/^\|/ {
  n = cells($0, c)
  emit(".TP")
  emit(roff(c[1]))
  for (k = 2; k <= n; k++) emit(roff(c[k]))
  para = 0; next
}
/^$/ { para = 0; next }
{
  if (!para) { emit(".PP"); para = 1 }
  line = $0
  if (sub(/^- /, "", line)) emit(".IP \\(bu 2")
  emit(roff(line))
}

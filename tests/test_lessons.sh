#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Each lesson runs as written: every `galaxy ...` line of the ```sh blocks of docs/lessons/*.md (the
# lessons' README.md too) is run, in the page's order, from a folder where docs/ is the checkout's
# (so that the pages' paths and the files one command saves for the next resolve), headless on
# the CPU at 2,000 bodies:
#   - its run (the encounter, scenario or snapshot, --dt, --steps, --save) as the energy table:
#     status 0, and its last row is step K at K dt model time units in Myr (the lesson's moment);
#   - a --kiosk line as 60 recorded frames of its list (each file of the list read at the start);
#   - a line with --camera-path as the recorded fly-through, which ends on the path's last key:
#     as many frames as the path has seconds at 30 a second, plus one;
#   - any other line but a --headless one as 30 recorded frames.
# Each picture at 160x90, with at most 200 trails (llvmpipe).
# Usage: test_lessons.sh GALAXY_EXE SOURCE_DIR
set -euo pipefail
exe=$1 src=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
pages=("$src"/docs/lessons/*.md)
[ ${#pages[@]} -ge 6 ] || fail "fewer than five lesson pages (and their README.md) in $src/docs/lessons"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
small=(--headless --backend cpu --width 160 --height 90)

# The commands of a page's ```sh blocks that start with galaxy, one a line.
commands() { awk '/^```sh/ { sh = 1; next } /^```/ { sh = 0 } sh && /^galaxy /' "$1"; }
# The value after option $1 in the words that follow.
value() { local o=$1; shift; while [ $# -gt 0 ]; do [ "$1" = "$o" ] && { echo "$2"; return; }; shift; done; }
has() { local o=$1 x; shift; for x in "$@"; do [ "$x" = "$o" ] && return 0; done; return 1; }

runs=0 clips=0
for page in "${pages[@]}"; do
  name=$(basename "$page" .md)
  work=$tmp/$name
  mkdir -p "$work" && ln -s "$(cd "$src" && pwd)/docs" "$work/docs"
  n=0 seen=""
  while read -r line; do
    n=$((n + 1))
    read -ra w <<<"${line#galaxy }"
    where="$name.md, command $n"
    bodies=(--bodies 2000)
    has --load "${w[@]}" && bodies=()  # a snapshot sets N
    # 1. The run itself, in the energy table.
    run=()
    for o in --encounter --scenario --load --dt --steps --save; do
      v=$(value "$o" "${w[@]}")
      [ -n "$v" ] && run+=("$o" "$v")
    done
    if ! has --kiosk "${w[@]}" && [[ " $seen " != *" ${run[*]} "* ]]; then
      seen+=" ${run[*]} "
      steps=$(value --steps "${w[@]}")
      [ -n "$steps" ] || fail "$where runs without --steps: it would not end"
      out=$(cd "$work" && "$exe" --headless --backend cpu "${bodies[@]}" "${run[@]}" 2>&1) ||
        fail "$where: '$line' exited with status $? at 2,000 bodies:"$'\n'"$(tail -5 <<<"$out")"
      dt=$(value --dt "${w[@]}"); dt=${dt:-0.0125}
      myr=$(sed -nE 's/.*units: .*time ([0-9.]+) Myr.*/\1/p' <<<"$out")
      rows=$(grep -E '^ +[0-9]+ +[0-9.]+ ' <<<"$out") || fail "$where: no energy table:"$'\n'"$out"
      read -r first _ <<<"$(head -1 <<<"$rows")"  # a snapshot's run goes on from its step
      last=$(tail -1 <<<"$rows")
      read -r step time _ <<<"$last"
      [ "$step" = "$((first + steps))" ] ||
        fail "$where: the run ended at step ${step:-none}, not $first + $steps: $last"
      if [ -n "$myr" ] && [ "$first" = 0 ] && [ "$steps" -gt 0 ]; then
        awk -v s="$steps" -v dt="$dt" -v u="$myr" -v t="$time" \
          'BEGIN { want = s * dt * u; exit !(t > 0.999 * want && t < 1.001 * want) }' ||
          fail "$where: the last row's time is $time Myr, not $steps x $dt x $myr"
      fi
      runs=$((runs + 1))
    fi
    # 2. The picture: the kiosk, the fly-through, or a short clip (not of a --headless line: the
    # energy table above is how it runs, and its --save is what the next line reads).
    has --headless "${w[@]}" && continue
    rec=$work/rec_$n
    if has --kiosk "${w[@]}"; then
      for item in $(value --kiosk-list "${w[@]}" | tr , ' '); do
        case $item in *.toml) [ -f "$work/$item" ] || fail "$where: the kiosk's $item is not there" ;; esac
      done
      frames=60 more=(--frames 60)
    elif path=$(value --camera-path "${w[@]}") && [ -n "$path" ]; then
      [ -f "$work/$path" ] || fail "$where: no camera path $path"
      end=$(sed -nE 's/^time *= *([0-9.]+).*/\1/p' "$work/$path" | tail -1)
      frames=$(awk -v t="$end" 'BEGIN { print int(t * 30 + 1e-9) + 1 }') more=()
    else
      frames=30 more=(--frames 30)
    fi
    # Trails as written, but 200 of them: software OpenGL draws 4,000 at 30 ms a frame.
    for i in "${!w[@]}"; do [ "${w[$i]}" = --trails ] && w[i + 1]=200; done
    out=$(cd "$work" && "$exe" "${w[@]}" "${small[@]}" "${bodies[@]}" "${more[@]}" --record "$rec" 2>&1) ||
      fail "$where: '$line' recorded exited with status $?:"$'\n'"$(tail -5 <<<"$out")"
    grep -q "wrote $frames frames to" <<<"$out" ||
      fail "$where: '$line' did not record its $frames frames:"$'\n'"$(tail -3 <<<"$out")"
    rm -rf "$rec"
    clips=$((clips + 1))
  done < <(commands "$page")
  [ "$n" -ge 2 ] || fail "$name.md gives fewer than two galaxy commands"
  echo "$name: $n commands run as written ($SECONDS s)"
done
echo "every lesson runs as written: $runs runs to their last step, $clips pictures recorded"

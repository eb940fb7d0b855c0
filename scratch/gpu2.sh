#!/usr/bin/env bash
set -uo pipefail
export OUT
log=$OUT/log2.txt
g() { .gpu/run galaxy "$@"; }
{
echo "== tests"; .gpu/run galaxy_tests --gtest_filter='Gpu*:Drop*:ThreeView*:Follow*' 2>&1 | grep -E "^\[  (PASSED|FAILED|SKIPPED) |tests ran|Failure|worst" | head -40
echo "== build times"
for s in disk antennae mice m51 cartwheel milky-way-andromeda prograde retrograde bar-unstable bar-stable stream collision plummer; do
  g bench --backend cuda --solver bh --bodies 1000000,10000000 --scenario $s --steps 1 --warmup 0 --samples 100 --no-direct-kernels 2>&1 | grep -i "built" | sed "s/^/$s: /"
done
echo "== 10M frames: single view, three views, follow galaxy"
for extra in "" "--three-view" "--follow galaxy"; do
  echo "-- $extra"; g --backend cuda --scenario collision --bodies 10000000 --frames 300 --headless --no-ui --width 1920 --height 1080 $extra 2>&1 | tail -1
done
} > $log 2>&1
BODIES=100000 scripts/disk_heating > /dev/null 2>&1; cat $OUT/disk_heating.txt >> $log

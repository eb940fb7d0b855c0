#!/usr/bin/env bash
# GPU call 1: GPU tests, drop frame times, disk heating, disk variants, MW-M31 scan, cartwheel.
set -uo pipefail
export OUT
log=$OUT/log.txt
g() { .gpu/run galaxy "$@"; }
w=/tmp/x; mkdir -p $w
{
echo "== tests"; .gpu/run galaxy_tests --gtest_filter='Gpu*:Drop*:ViewFit*:Timeline*' 2>&1 | grep -E "^\[  (PASSED|FAILED|SKIPPED) |tests ran|Failure" | head -40
echo "== drop baseline"; g --backend cuda --scenario disk --bodies 1000000 --frames 600 --headless --no-ui --width 1280 --height 720 2>&1 | tail -2
echo "== drop 200k at frame 120"; g --backend cuda --scenario disk --bodies 1000000 --frames 600 --drop 120:200k --headless --no-ui --width 1280 --height 720 2>&1 | tail -4
echo "== drop 200k at frame 120, panel shown"; g --backend cuda --scenario disk --bodies 1000000 --frames 600 --drop 120:200k --headless --width 1280 --height 720 2>&1 | tail -3
} > $log 2>&1
for v in a b c; do
  case $v in a) q=1.2; d=0.35; b=0.08; h=0.57;; b) q=1.0; d=0.35; b=0.08; h=0.57;; c) q=1.0; d=0.45; b=0.06; h=0.49;; esac
  printf 'name = "disk %s"\n[[galaxy]]\n[galaxy.disk]\ntoomre_q = %s\ndisk_mass = %s\nbulge_mass = %s\nhalo_mass = %s\n' $v $q $d $b $h > $w/d$v.toml
  g --headless --backend cuda --encounter $w/d$v.toml --bodies 1000000 --steps 2000 --save $w/d$v.gxy > /dev/null 2>&1
  g --load $w/d$v.gxy --frames 1 --steps 0 --no-ui --width 1280 --height 720 --view face-on --record $w/r$v --record-replace > /dev/null 2>&1
  cp $w/r$v/frame_00000.png $OUT/disk_$v.png
done
echo "== cartwheel" >> $log
g --headless --backend cuda --scenario cartwheel --bodies 1000000 --dt 0.0125 --steps 2560 --save $w/cw.gxy > /dev/null 2>&1
g --load $w/cw.gxy --frames 1 --steps 0 --no-ui --width 1280 --height 720 --view face-on --fit-galaxy 0 --record $w/rcw --record-replace >> $log 2>&1
cp $w/rcw/frame_00000.png $OUT/cartwheel.png

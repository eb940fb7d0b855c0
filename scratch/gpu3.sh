#!/usr/bin/env bash
set -uo pipefail
export OUT
log=$OUT/log3.txt
g() { .gpu/run galaxy "$@"; }
w=/tmp/y; mkdir -p $w
{
echo "== tests: in a call of their own"
which ffmpeg || echo "no ffmpeg"
echo "== 10M frames 1920x1080, panel, 60 Hz: before trails (vertices in tree order), after, after with 10k trails"
ten="--headless --backend cuda --width 1920 --height 1080 --scenario collision --bodies 10M --frames 720 --display-hz 60"
for prog in galaxy_pretrails galaxy; do
  echo "-- $prog"; .gpu/run $prog $ten 2>&1 | grep -E "frame time|median per frame"
done
echo "-- galaxy --trails 10000"; g $ten --trails 10000 2>&1 | grep -E "frame time|median per frame"
echo "-- galaxy --trails 10000 --three-view"; g $ten --trails 10000 --three-view 2>&1 | grep -E "frame time"
} > $log 2>&1
g --headless --backend cuda --scenario antennae --bodies 1000000 --dt 0.025 --steps 2080 --save $w/a52.gxy > /dev/null 2>&1
g --load $w/a52.gxy --frames 320 --no-ui --width 1280 --height 720 --trails 20000 --record $w/tr --record-replace >> $log 2>&1
cp $w/tr/frame_00319.png $OUT/trails.png
g --load $w/a52.gxy --frames 320 --no-ui --width 1280 --height 720 --follow galaxy --fit-galaxy 1 --view face-on --record $w/fo --record-replace >> $log 2>&1
cp $w/fo/frame_00319.png $OUT/follow.png
g --load $w/a52.gxy --frames 1 --steps 0 --no-ui --width 1920 --height 640 --three-view --record $w/tv --record-replace >> $log 2>&1
cp $w/tv/frame_00000.png $OUT/three_view.png

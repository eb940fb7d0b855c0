#!/usr/bin/env bash
set -uo pipefail
export OUT
log=$OUT/log4.txt
g() { .gpu/run galaxy "$@"; }
{
echo "== tests"; GALAXY_EXE=".gpu/run galaxy" timeout 330 .gpu/run galaxy_tests --gtest_filter='Gpu*:Trails*:AppTrails*:TrailsCli*:AppGl.Cuda*:*ColourMaps*:Drop*:Follow*:ThreeView*:RecordButton*:Reference*:Cuda*' 2>&1 | grep -E "^\[  (PASSED|FAILED|SKIPPED) |tests ran|Failure|worst" | head -40
ten="--headless --backend cuda --width 1920 --height 1080 --scenario collision --bodies 10M --frames 720 --display-hz 60"
for extra in "" "--trails 10000" "" "--trails 10000" "--three-view" "--three-view --trails 10000"; do
  echo "-- galaxy $extra"; g $ten $extra 2>&1 | grep -E "frame time|median per frame"
done
} > $log 2>&1

#!/usr/bin/env bash
# GPU call 1: GPU tests, drop frame times, disk heating, disk variants, MW-M31 scan, cartwheel.
set -uo pipefail
export OUT
log=$OUT/log_b.txt
g() { .gpu/run galaxy "$@"; }
w=/tmp/x; mkdir -p $w
echo "== mw-m31 scan" >> $log
start=$(date +%s)
g --headless --backend cuda --scenario milky-way-andromeda --bodies 1000000 --dt 0.05 --steps 9600 --save $w/mw_480.gxy > /dev/null 2>&1
prev=480
for t in 560 640 720 800; do
  g --headless --backend cuda --load $w/mw_$prev.gxy --steps 1600 --save $w/mw_$t.gxy > /dev/null 2>&1; prev=$t
done
echo "mw run $(( $(date +%s) - start )) s" >> $log
python3 - >> $log <<'PY'
import sys, numpy as np
sys.path.insert(0, "scripts"); import gxy_read
for t in (480, 560, 640, 720, 800):
    s = gxy_read.read(f"/tmp/x/mw_{t}.gxy")
    vis = s["population"] != 3
    c = [np.median(np.stack([s[k][vis & (s["galaxy"] == g)] for k in "xyz"], 1), 0) for g in (0, 1)]
    print(t, "time", s["time"], "separation", np.linalg.norm(c[0] - c[1]), "kpc", 3.5 * np.linalg.norm(c[0] - c[1]))
PY
for t in 640 720 800; do
  g --load $w/mw_$t.gxy --frames 1 --steps 0 --no-ui --width 1280 --height 720 --record $w/rmw$t --record-replace > /dev/null 2>&1
  cp $w/rmw$t/frame_00000.png $OUT/mw_$t.png
done
echo "== heating" >> $log
scripts/disk_heating >> $log 2>&1

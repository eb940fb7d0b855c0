# SPDX-License-Identifier: MIT
# The three examples run (small body counts, few frames) and write what they say.
import csv
import os
import runpy
import sys

import numpy as np
import pytest

from conftest import ROOT


def run_example(name, args):
    path = os.path.join(ROOT, "examples", name)
    old = sys.argv
    sys.argv = [path] + args
    try:
        module = runpy.run_path(path, run_name="example")
        return module["main"](args)
    finally:
        sys.argv = old


def test_pericentre_scan(tmp_path):
    rows = run_example("pericentre_scan.py", ["--bodies", "1500", "--pericentre", "1.0",
                                              "--time-to-pericentre", "1.5", "--until", "3.0",
                                              "--out", str(tmp_path)])
    assert [r[0] for r in rows] == [0.1, 0.25, 0.5, 0.75, 1.0]
    for q, d, t in rows:
        assert 0.2 < d < 2.0 and 0.5 < t < 3.0, (q, d, t)
    assert os.path.getsize(tmp_path / "pericentre.png") > 1000
    with open(tmp_path / "pericentre.csv") as f:
        assert len(list(csv.reader(f))) == 6


def test_energy_drift(tmp_path):
    rows = run_example("energy_drift.py", ["--bodies", "1000", "--until", "1.0", "--dts",
                                           "0.1", "0.025", "--out", str(tmp_path)])
    assert rows[1][1] < rows[0][1]  # a smaller step drifts less
    assert os.path.getsize(tmp_path / "drift.png") > 1000


def test_antennae_movie(tmp_path):
    paths = run_example("antennae_movie.py", ["--bodies", "4000", "--frames", "3",
                                              "--steps-per-frame", "4", "--width", "160",
                                              "--height", "96", "--backend", "cpu",
                                              "--out", str(tmp_path)])
    assert [os.path.basename(p) for p in paths] == ["frame_00000.png", "frame_00001.png",
                                                    "frame_00002.png"]
    import matplotlib.pyplot as plt
    frames = [plt.imread(p) for p in paths]
    assert frames[0].shape[:2] == (96, 160)
    assert not np.array_equal(frames[0], frames[2])  # the galaxies moved

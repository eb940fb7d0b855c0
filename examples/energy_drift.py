#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Energy drift against the time step.

A Plummer sphere run to the same time with time steps halved in turn: the leapfrog's relative
energy error falls as dt² until the Barnes-Hut force error's floor. Writes the table (CSV) and
a log-log plot (matplotlib, Agg).

    python examples/energy_drift.py --bodies 4000 --out drift
"""
import argparse
import csv
import os

import numpy as np

import galaxy


def drift(dt, bodies, until):
    sim = galaxy.Simulation(scenario="plummer", bodies=bodies, backend="cpu", seed=1, dt=dt)
    e0 = sim.energy().total
    sim.run(until=until, progress=False)
    return abs(sim.energy().total - e0) / abs(e0)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bodies", type=int, default=4000)
    ap.add_argument("--until", type=float, default=4.0)
    ap.add_argument("--dts", type=float, nargs="+", default=[0.08, 0.04, 0.02, 0.01])
    ap.add_argument("--out", default="energy_drift")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    rows = [(dt, drift(dt, args.bodies, args.until)) for dt in args.dts]
    for dt, d in rows:
        print(f"dt = {dt:.4f}: |dE/E0| = {d:.3e}")
    if len(rows) > 1:
        slope = np.polyfit(np.log([r[0] for r in rows]), np.log([r[1] for r in rows]), 1)[0]
        print(f"slope of log |dE/E0| against log dt: {slope:.2f}")
    with open(os.path.join(args.out, "drift.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["dt", "relative_energy_drift"])
        w.writerows(rows)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.loglog([r[0] for r in rows], [r[1] for r in rows], "o-")
    ax.set_xlabel("dt")
    ax.set_ylabel("|E - E0| / |E0|")
    fig.tight_layout()
    fig.savefig(os.path.join(args.out, "drift.png"), dpi=100)
    return rows


if __name__ == "__main__":
    main()

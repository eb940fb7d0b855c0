#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Draws `galaxy bench --csv` rows as time per step against N on log-log axes, one line per
backend and solver (and per direct kernel), like seed 002's figure.

    scripts/plot_bench.py bench.csv bench.png

Needs matplotlib (Debian: python3-matplotlib)."""
import csv
import sys
from collections import defaultdict


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_bench: matplotlib is not installed (apt-get install python3-matplotlib)", file=sys.stderr)
        return 1
    series = defaultdict(list)
    with open(argv[1], newline="") as f:
        for row in csv.DictReader(f):
            ms = float(row["step_ms"] or 0) or float(row["wall_ms"] or 0)
            if ms > 0:
                series[f"{row['backend']}/{row['solver']}"].append((int(row["n"]), ms))
    if not series:
        print(f"plot_bench: {argv[1]} has no timed rows", file=sys.stderr)
        return 1
    fig, ax = plt.subplots(figsize=(7, 5), dpi=120)
    for name, pts in sorted(series.items()):
        pts.sort()
        ax.loglog([n for n, _ in pts], [ms for _, ms in pts], marker="o", label=name)
    ax.set_xlabel("bodies N")
    ax.set_ylabel("ms per step (force evaluation for direct kernels)")
    ax.set_title("galaxy bench: time per step against N")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(argv[2])
    print(f"plot_bench: wrote {argv[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Draws `galaxy bench --csv` rows in two panels side by side:

  left:  ms per step against N (log-log), one line per configuration, like seed 002's figure;
  right: p99 relative force error against ms per step (log-log) for the Barnes-Hut rows of the
         two largest N, one line per scenario, N and opening test (a sweep of --theta or
         --alpha), each point labelled with its theta or alpha: the accuracy a millisecond buys.

    scripts/plot_bench.py bench.csv [more.csv ...] bench.png

Rows whose `note` column is not empty are drawn as their own series, named by the note (for
example rows of an earlier version pasted into the CSV). Needs matplotlib (Debian:
python3-matplotlib)."""
import csv
import sys
from collections import defaultdict


def criterion(row):
    """The opening test of a Barnes-Hut row, as a series name and the value that varies."""
    mp = "quadrupole" if row.get("multipole", "0") == "2" else "monopole"
    alpha = float(row.get("alpha") or 0)
    if alpha > 0:
        return f"{mp}, relative (theta {float(row['theta']):g})", f"a={alpha:g}"
    return f"{mp}, geometric", f"t={float(row['theta']):g}"


def read_rows(paths):
    rows = []
    for path in paths:
        with open(path, newline="") as f:
            rows.extend(csv.DictReader(f))
    return rows


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_bench: matplotlib is not installed (apt-get install python3-matplotlib)", file=sys.stderr)
        return 1
    rows = read_rows(argv[1:-1])
    by_n = defaultdict(list)  # (config) -> [(n, ms)]
    front = defaultdict(list)  # (scenario, n, criterion) -> [(ms, p99, label)]
    for row in rows:
        ms = float(row["step_ms"] or 0) or float(row["wall_ms"] or 0)
        if ms <= 0:
            continue
        scenario = row.get("scenario", "")
        config = f"{scenario} {row['backend']}/{row['solver']}"
        note = row.get("note", "").strip()
        if row["solver"] == "bh":
            name, value = criterion(row)
            config += f" {value}"
            p99 = float(row["err_p99"] or 0)
            if p99 > 0:
                series = f"{row['backend']} {note or name}"
                front[(scenario, int(row["n"]), series)].append((ms, p99, value))
        by_n[f"{scenario} {note} {config.split(' ', 2)[-1]}" if note else config].append((int(row["n"]), ms))
    if not by_n:
        print(f"plot_bench: {', '.join(argv[1:-1])} has no timed rows", file=sys.stderr)
        return 1
    fig, (left, right) = plt.subplots(1, 2, figsize=(16, 5.5), dpi=100)
    for name, pts in sorted(by_n.items()):
        pts = sorted(set(pts))
        if len({n for n, _ in pts}) < 2:
            continue  # one size: no line to draw here (the right panel has it)
        left.loglog([n for n, _ in pts], [ms for _, ms in pts], marker="o", label=name)
    left.set_xlabel("bodies N")
    left.set_ylabel("ms per step (force evaluation for direct kernels)")
    left.set_title("time per step against N")
    left.grid(True, which="both", alpha=0.3)
    if left.get_legend_handles_labels()[0]:
        left.legend(fontsize=7, loc="upper left")
    largest = sorted({n for (_, n, _) in front}, reverse=True)[:2]  # the two largest N, to stay legible
    for (scenario, n, series), pts in sorted(front.items()):
        if len(pts) < 2 or n not in largest:
            continue  # a sweep draws a line; a single row has its place in the left panel
        pts.sort()
        line, = right.loglog([p[0] for p in pts], [p[1] for p in pts], marker="o",
                             label=f"{scenario} N={n:,}: {series}")
        for ms, p99, label in pts:
            right.annotate(label, (ms, p99), textcoords="offset points", xytext=(4, 3), fontsize=7,
                           color=line.get_color())
    right.set_xlabel("ms per step")
    right.set_ylabel("p99 relative force error (float64 direct sum)")
    right.set_title("accuracy against time (Barnes-Hut)")
    right.grid(True, which="both", alpha=0.3)
    if right.get_legend_handles_labels()[0]:
        right.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    fig.savefig(argv[-1])
    print(f"plot_bench: wrote {argv[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

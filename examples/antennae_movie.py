#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A movie of the Antennae, rendered frame by frame.

Steps the antennae preset and draws each frame headless (Simulation.render), written as
numbered PNGs (frame_00000.png ...); `ffmpeg -i DIR/frame_%05d.png movie.mp4` joins them.

    python examples/antennae_movie.py --bodies 200000 --frames 300 --out antennae
"""
import argparse
import os

import galaxy


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bodies", type=int, default=200_000)
    ap.add_argument("--frames", type=int, default=120)
    ap.add_argument("--steps-per-frame", type=int, default=8)
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=720)
    ap.add_argument("--backend", default=None, help="cpu or cuda (default: cuda where present)")
    ap.add_argument("--out", default="antennae_frames")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    sim = galaxy.Simulation(scenario="antennae", bodies=args.bodies, backend=args.backend, seed=1)
    paths = []
    for k in range(args.frames):
        if k:
            sim.step(args.steps_per_frame)
        picture = sim.render(args.width, args.height, view="face-on")
        paths.append(os.path.join(args.out, f"frame_{k:05d}.png"))
        plt.imsave(paths[-1], picture)
    print(f"wrote {len(paths)} frames to {args.out}/ (t = {sim.time:.3f})")
    return paths


if __name__ == "__main__":
    main()

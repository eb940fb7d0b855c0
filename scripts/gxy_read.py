# SPDX-License-Identifier: MIT
"""Reads galaxy's .gxy snapshots with numpy (docs/snapshots.md): for scripts that measure runs
(scripts/disk_heating) on the GPU machine. read(path) -> dict of arrays and the header's time."""
import struct
import zlib

import numpy as np

FLOATS = ("x", "y", "z", "vx", "vy", "vz", "m", "ax", "ay", "az", "pot")


def read(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89GXY\r\n\x1a\n":
        raise ValueError(f"{path}: not a .gxy file")
    version, header = struct.unpack_from("<II", data, 8)
    n, time, steps = struct.unpack_from("<QdQ", data, 16)
    if zlib.crc32(data[:-4]) != struct.unpack_from("<I", data, len(data) - 4)[0]:
        raise ValueError(f"{path}: checksum mismatch")
    out = {"version": version, "n": n, "time": time, "steps": steps}
    at = header
    for name in FLOATS:
        out[name] = np.frombuffer(data, "<f4", n, at).astype(np.float64)
        at += 4 * n
    for name in ("population", "galaxy"):
        out[name] = np.frombuffer(data, "u1", n, at)
        at += n
    return out

# SPDX-License-Identifier: MIT
"""HDF5 snapshots against the field's own tools (run by test_hdf5_tools.sh in its venv).

Files written by other programs load in galaxy with the right counts, masses, populations and
units: SWIFT initial conditions from swiftsimio's writer, a GADGET-4-layout pair of files from
h5py, and a disk galaxy in GADGET layout (sampled with numpy: agama does not install from PyPI,
its setup downloads its source from elsewhere). galaxy's own HDF5 output read by pynbody and by
swiftsimio gives the positions, velocities and masses of galaxy's .gxy of the same state, and its
units. Usage: hdf5_tools.py GALAXY_EXE WORK_DIR"""
import os
import struct
import subprocess
import sys
import warnings

import h5py
import numpy as np
import pynbody
import swiftsimio
import unyt as u
from swiftsimio import Writer, cosmo_array
from swiftsimio.metadata.writer.unit_systems import cosmo_units

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts"))
import gxy_read  # noqa: E402

EXE, WORK = sys.argv[1], sys.argv[2]
KPC_CM, MSUN_G = 3.0856775814913673e21, 1.98840987e33
HALO, DISK, BULGE, STAR = 3, 1, 2, 0
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def galaxy(*args):
    r = subprocess.run([EXE, "--backend", "cpu", "--headless", "--steps", "0", *args],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"galaxy {' '.join(args)} failed:\n{r.stderr}")
    return r.stderr


def load_as_gxy(src, *args):
    out = os.path.join(WORK, os.path.basename(src) + ".gxy")
    galaxy("--load", src, "--save", out, *args)
    g = gxy_read.read(out)
    data = open(out, "rb").read()
    g["units"] = struct.unpack_from("<dd", data, 64)  # version 2: length in kpc, mass in Msun
    return g


def close(a, b, rel=1e-6):
    return np.allclose(a, b, rtol=rel, atol=0)


def swift_ics():
    n_dm, n_bh = 300, 5
    a = dict(comoving=True, scale_factor=1.0)
    box = cosmo_array([1, 1, 1], u.Mpc, scale_exponent=1, **a)
    w = Writer(unit_system=cosmo_units, boxsize=box)
    rng = np.random.default_rng(1)
    for part, n, m in ((w.dark_matter, n_dm, 2e8), (w.black_holes, n_bh, 1e9)):
        part.coordinates = cosmo_array(rng.random((n, 3)), u.Mpc, scale_exponent=1, **a)
        part.velocities = cosmo_array(rng.normal(size=(n, 3)) * 50, u.km / u.s, scale_exponent=0,
                                      **a)
        part.masses = cosmo_array(np.full(n, m), u.Msun, scale_exponent=0, **a)
    f = os.path.join(WORK, "swift_ics.hdf5")
    w.write(f)
    g = load_as_gxy(f)
    check(g["n"] == n_dm + n_bh, f"swiftsimio ICs: {g['n']} bodies, {n_dm + n_bh} written")
    # unyt's solar mass is 3e-6 above the IAU nominal one galaxy uses
    check(close(g["units"], (1e3, 1e10), 1e-5), f"swiftsimio ICs: units {g['units']} (Mpc, 1e10 Msun)")
    check(close(np.sort(g["m"]), np.sort([0.02] * n_dm + [0.1] * n_bh)),
          "swiftsimio ICs: masses in 1e10 Msun")
    check(list(np.bincount(g["population"], minlength=4)) == [n_bh, 0, 0, n_dm],
          "swiftsimio ICs: dark matter as halo, black holes as stars")
    with h5py.File(f) as h:
        vx = h["PartType1/Velocities"][:, 0]
        units = h["Units"].attrs
        v_unit_kms = units["Unit length in cgs (U_L)"][0] / units["Unit time in cgs (U_t)"][0] / 1e5
    speed_kms = np.sqrt(4.30091727e-6 * g["units"][1] / g["units"][0])
    check(close(np.sort(g["vx"][g["population"] == HALO]), np.sort(vx * v_unit_kms / speed_kms), 1e-5),
          "swiftsimio ICs: velocities converted to G = 1 units")


def gadget4_pair():
    counts = [(40, 30), (25, 20)]  # (dark matter, stars) in files 0 and 1
    total = np.array([0, 65, 0, 0, 50, 0], dtype=np.uint64)
    for i, (nd, ns) in enumerate(counts):
        with h5py.File(os.path.join(WORK, f"g4_snap_000.{i}.hdf5"), "w") as f:
            h = f.create_group("Header")
            h.attrs["NumPart_ThisFile"] = np.array([0, nd, 0, 0, ns, 0], dtype=np.uint64)
            h.attrs["NumPart_Total"] = total
            h.attrs["MassTable"] = np.array([0, 0.01, 0, 0, 0, 0])  # dark matter: MassTable only
            h.attrs["NumFilesPerSnapshot"] = 2
            h.attrs["Time"], h.attrs["Redshift"], h.attrs["BoxSize"] = 0.5, 0.0, 0.0
            p = f.create_group("Parameters")
            p.attrs["UnitLength_in_cm"] = KPC_CM
            p.attrs["UnitMass_in_g"] = 1e10 * MSUN_G
            p.attrs["UnitVelocity_in_cm_per_s"] = 1e5
            p.attrs["ComovingIntegrationOn"] = 0
            for t, n in ((1, nd), (4, ns)):
                g = f.create_group(f"PartType{t}")
                g["Coordinates"] = np.full((n, 3), t + i, dtype=np.float64)
                g["Velocities"] = np.full((n, 3), 207.4, dtype=np.float32)
                g["ParticleIDs"] = np.arange(n, dtype=np.uint64)
                if t == 4:
                    g["Masses"] = np.full(n, 0.002 * (i + 1))
    g = load_as_gxy(os.path.join(WORK, "g4_snap_000.0.hdf5"))
    check(g["n"] == 115, f"GADGET-4 pair: {g['n']} bodies of 115 in two files")
    check(close(g["units"], (1.0, 1e10)), "GADGET-4 pair: units kpc, 1e10 Msun")
    check(close(g["m"].sum(), 65 * 0.01 + 30 * 0.002 + 20 * 0.004), "GADGET-4 pair: MassTable and Masses")
    check(list(np.bincount(g["population"], minlength=4)) == [50, 0, 0, 65], "GADGET-4 pair: populations")
    check(close(g["vx"], 207.4 / 207.3943, 1e-4), "GADGET-4 pair: km/s to G = 1 units")
    stars = load_as_gxy(os.path.join(WORK, "g4_snap_000.1.hdf5"), "--particle-types", "stars")
    check(stars["n"] == 50, "GADGET-4 pair: --particle-types stars loads the 50 stars")


def numpy_disk():
    """An exponential disk, a Hernquist bulge and halo in GADGET layout (types 1, 2, 3)."""
    rng = np.random.default_rng(3)
    parts = {1: (2000, 0.05), 2: (1000, 0.005), 3: (300, 0.005)}  # type: (n, mass in 1e10 Msun)
    with h5py.File(os.path.join(WORK, "disk.hdf5"), "w") as f:
        h = f.create_group("Header")
        h.attrs["NumPart_ThisFile"] = h.attrs["NumPart_Total"] = np.array(
            [0] + [parts[t][0] for t in (1, 2, 3)] + [0, 0], dtype=np.uint32)
        h.attrs["NumPart_Total_HighWord"] = np.zeros(6, dtype=np.uint32)
        h.attrs["MassTable"] = np.array([0, 0, 0, 0, 0, 0.0])
        h.attrs["Time"], h.attrs["NumFilesPerSnapshot"] = 0.0, 1
        h.attrs["UnitLength_in_cm"], h.attrs["UnitMass_in_g"] = KPC_CM, 1e10 * MSUN_G
        h.attrs["UnitVelocity_in_cm_per_s"] = 1e5  # AREPO's place: the Header
        for t, (n, m) in parts.items():
            if t == 2:
                r = rng.gamma(2.0, 3.0, n)
                phi = rng.random(n) * 2 * np.pi
                pos = np.c_[r * np.cos(phi), r * np.sin(phi), rng.normal(0, 0.3, n)]
                vel = np.c_[-200 * np.sin(phi), 200 * np.cos(phi), np.zeros(n)]
            else:
                a = 30.0 if t == 1 else 0.7
                s = rng.random(n)
                r = a * np.sqrt(s) / (1 - np.sqrt(s))
                d = rng.normal(size=(n, 3))
                pos = d / np.linalg.norm(d, axis=1)[:, None] * r[:, None]
                vel = rng.normal(0, 100, (n, 3))
            g = f.create_group(f"PartType{t}")
            g["Coordinates"], g["Velocities"] = pos, vel
            g["Masses"] = np.full(n, m)
    g = load_as_gxy(os.path.join(WORK, "disk.hdf5"))
    check(g["n"] == 3300, f"numpy disk: {g['n']} bodies of 3300")
    check(list(np.bincount(g["population"], minlength=4)) == [0, 1000, 300, 2000],
          "numpy disk: halo, disk and bulge populations")
    check(close(g["m"].sum(), 2000 * 0.05 + 1300 * 0.005), "numpy disk: total mass")
    check(close(g["units"], (1.0, 1e10)), "numpy disk: units from the Header")


def galaxy_output():
    state = os.path.join(WORK, "state.gxy")
    galaxy("--scenario", "collision", "--bodies", "4000", "--save", state)
    out = os.path.join(WORK, "state.hdf5")
    galaxy("--load", state, "--save", out)
    g = gxy_read.read(state)
    length_kpc, mass_msun = struct.unpack_from("<dd", open(state, "rb").read(), 64)
    speed_kms = np.sqrt(4.30091727e-6 * mass_msun / length_kpc)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        s = pynbody.load(out)
        ids = np.asarray(s["iord"])
        pos = np.asarray(s["pos"].in_units("kpc")) / length_kpc
        vel = np.asarray(s["vel"].in_units("km s**-1")) / speed_kms
        mass = np.asarray(s["mass"].in_units("Msol")) / mass_msun
    want_pos = np.c_[g["x"], g["y"], g["z"]][ids]
    want_vel = np.c_[g["vx"], g["vy"], g["vz"]][ids]
    check(len(s) == g["n"], f"pynbody: {len(s)} bodies of {g['n']}")
    check(close(pos, want_pos, 1e-5), "pynbody: positions (in kpc) as galaxy's")
    check(close(vel, want_vel, 1e-5), "pynbody: velocities (in km/s) as galaxy's")
    check(close(mass, g["m"][ids], 1e-5), "pynbody: masses (in Msun) as galaxy's")
    # swiftsimio rounds the file's units to 5 significant figures (find_nearest_base_unit)
    d = swiftsimio.load(out)
    groups = [getattr(d, name) for name in d.metadata.present_group_names]
    ids = np.concatenate([np.asarray(p.particle_ids) for p in groups])
    pos = np.concatenate([p.coordinates.to("kpc").value for p in groups]) / length_kpc
    vel = np.concatenate([p.velocities.to("km/s").value for p in groups]) / speed_kms
    mass = np.concatenate([p.masses.to("Msun").value for p in groups]) / mass_msun
    check(len(ids) == g["n"], f"swiftsimio: {len(ids)} bodies of {g['n']}")
    check(close(pos, np.c_[g["x"], g["y"], g["z"]][ids], 2e-5), "swiftsimio: positions as galaxy's")
    check(close(vel, np.c_[g["vx"], g["vy"], g["vz"]][ids], 2e-5), "swiftsimio: velocities as galaxy's")
    check(close(mass, g["m"][ids], 2e-5), "swiftsimio: masses as galaxy's")


swift_ics()
gadget4_pair()
numpy_disk()
galaxy_output()
print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)

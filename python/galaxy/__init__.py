# SPDX-License-Identifier: MIT
"""galaxy: the Barnes-Hut galaxy simulator, driven from Python.

The same C++ and CUDA code as the ``galaxy`` program, stepped in lockstep on the caller's
thread: a :class:`Simulation` is one run, made from a scenario, an encounter or a snapshot,
with every parameter of the program's table as an attribute, its bodies as NumPy arrays and
its pictures drawn headless.

Which arrays are copies: on the CPU backend ``x``, ``y``, ``z``, ``vx`` ... ``az``, ``masses``,
``population`` and ``galaxy`` are views of the simulation's own arrays (no copy; read-only, or
writable through ``view(name, writable=True)`` followed by ``touch()``); ``positions``,
``velocities`` and ``accelerations`` are one (N, 3) copy each (the simulation keeps x, y and z
apart). On the CUDA backend every host array is one copy, and ``positions_device`` shares the
device's own memory through DLPack (no copy).
"""
import math
import os
import tempfile
from collections import namedtuple

from . import _galaxy

__all__ = ["Simulation", "Energy", "PARAMETERS", "encounter_toml"]

#: The parameter table (sim/params.cpp), one dict a parameter: name, option, help, integer,
#: low, high, low_open, default, choices.
PARAMETERS = _galaxy.param_table()

Energy = namedtuple("Energy", "kinetic potential total virial")
Energy.__doc__ = "The energy of a state (model units): kinetic, potential, total and virial ratio."

_VIEWS = ("x", "y", "z", "vx", "vy", "vz", "ax", "ay", "az", "m", "pot")


def _attribute(name):
    """The Python attribute of a parameter's table name ("leaf size" -> "leaf_size")."""
    return name.replace(" ", "_")


_BY_ATTRIBUTE = {_attribute(p["name"]): p for p in PARAMETERS}


def _table_name(key):
    """The table's name of a parameter given by attribute, name or option; ValueError if none."""
    if key in _BY_ATTRIBUTE:
        return _BY_ATTRIBUTE[key]["name"]
    for p in PARAMETERS:
        if key in (p["name"], p["option"]):
            return p["name"]
    raise ValueError(f"no parameter named '{key}' (the parameters: {', '.join(_BY_ATTRIBUTE)})")


def _existing(path, what):
    """`path` as a string, or FileNotFoundError naming it where there is no such file."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"{what} {path}: no such file")
    return path


def _toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, (int, float)):
        return repr(float(v)) if isinstance(v, float) else str(v)
    raise ValueError(f"encounter: a value of type {type(v).__name__} has no TOML form: {v!r}")


def _toml_table(d, prefix, lines):
    """Lines of the TOML table `d` at `prefix` (its keys, then its tables and arrays of them)."""
    for k, v in d.items():
        if not isinstance(v, dict) and not (isinstance(v, (list, tuple)) and v and isinstance(v[0], dict)):
            lines.append(f"{k} = {_toml_value(v)}")
    for k, v in d.items():
        name = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            lines.append(f"[{name}]")
            _toml_table(v, name, lines)
        elif isinstance(v, (list, tuple)) and v and isinstance(v[0], dict):
            for item in v:
                lines.append(f"[[{name}]]")
                _toml_table(item, name, lines)


def encounter_toml(encounter):
    """The TOML text of an encounter given as a dict with an encounter file's keys."""
    lines = []
    _toml_table(encounter, "", lines)
    return "\n".join(lines) + "\n"


class Simulation:
    """One run of the galaxy simulator.

    ``Simulation(scenario="antennae", bodies=1_000_000, backend="cuda", seed=1)`` makes the
    scenario's bodies (a name of ``galaxy --scenario``: plummer, disk, collision, antennae ...);
    ``encounter=`` runs an encounter file (a path to a .toml, or a dict with its keys) instead.
    ``backend`` is "cpu" or "cuda" (default: cuda where a device is present), ``solver`` "bh" or
    "direct", ``threads`` the CPU backend's threads; ``keyframes=False`` keeps none (no undo
    or going back; each step then costs what ``galaxy bench``'s does). Any parameter of the
    table may be given as a keyword (``theta=0.8, dt=0.01``). Bad values raise ValueError with
    the command line's message; a missing file raises FileNotFoundError naming it.
    """

    def __init__(self, scenario=None, bodies=None, backend=None, seed=None, encounter=None,
                 solver="bh", threads=None, keyframes=True, _snapshot="", _units=None,
                 **params):
        encounter_path = ""
        with tempfile.TemporaryDirectory(prefix="galaxy-encounter-") as tmp:
            if isinstance(encounter, dict):
                encounter_path = os.path.join(tmp, "encounter.toml")
                with open(encounter_path, "w") as f:
                    f.write(encounter_toml(encounter))
            elif encounter is not None:
                encounter_path = _existing(encounter, "encounter")
            given = [(_table_name(k), float(v)) for k, v in params.items()]
            self._run = _galaxy.Run(
                scenario=scenario or _galaxy.default_scenario, bodies=bodies, backend=backend,
                solver=solver, seed=_galaxy.default_seed if seed is None else seed,
                encounter=encounter_path, snapshot=_snapshot, units=_units, params=given,
                threads=threads, keyframes=bool(keyframes))

    @classmethod
    def load(cls, path, units=None, backend=None, **params):
        """A run that starts from the snapshot at `path`, in any format galaxy reads (.gxy,
        Tipsy, CSV, HDF5: by extension). `units` gives the units of a file that states none, as
        ``galaxy --units`` takes them (e.g. "kpc,1e10 Msun,km/s"); parameters given as keywords
        override the file's."""
        return cls(backend=backend, _snapshot=_existing(path, "snapshot"), _units=units, **params)

    # -- parameters -------------------------------------------------------------------------

    @property
    def params(self):
        """Every parameter of the table as a dict, by attribute name."""
        return {a: getattr(self, a) for a in _BY_ATTRIBUTE}

    def set(self, **params):
        """Sets parameters by name (``sim.set(theta=0.8, dt=0.01)``), each checked as the
        command line checks it; the first refused raises ValueError and leaves it unset."""
        for k, v in params.items():
            self._run.set_param(_table_name(k), float(v))
        return self

    # -- stepping ---------------------------------------------------------------------------

    def step(self, n=1):
        """Takes `n` steps. Ctrl+C stops at the next step with the state whole and raises
        KeyboardInterrupt; a step that runs away raises RuntimeError and keeps the last good
        state. Returns the simulation."""
        if int(n) != n or n < 0:
            raise ValueError(f"steps must be a whole number >= 0, got {n}")
        self._run.step(int(n))
        return self

    def run(self, until, progress=True):
        """Steps until the simulated time reaches `until` (model units), with a progress bar
        (tqdm, where installed and `progress` is true). Ctrl+C stops at the next step with the
        state whole (KeyboardInterrupt). Returns the simulation."""
        steps = max(0, math.ceil((until - self.time) / self.dt - 1e-9))
        bar = None
        if progress and steps > 1:
            try:
                from tqdm.auto import tqdm
                bar = tqdm(total=steps, unit="step", desc="galaxy")
            except ImportError:
                bar = None
        try:
            for _ in range(steps):
                self._run.step(1)
                if bar is not None:
                    bar.update(1)
        finally:
            if bar is not None:
                bar.close()
        return self

    @property
    def time(self):
        """The simulated time, in model units (``units["time_myr"]`` Myr each where the run has
        physical units)."""
        return self._run.time

    @property
    def step_count(self):
        """The steps taken since the run's start (a snapshot's count goes on)."""
        return self._run.steps

    @property
    def units(self):
        """What a model unit is: a dict of length_kpc, mass_msun, speed_kms, time_myr, or None
        for a run in G = 1 units without a physical scale."""
        return self._run.units

    @property
    def backend(self):
        """"cpu" or "cuda"."""
        return self._run.backend

    @property
    def bodies(self):
        """The number of bodies."""
        return self._run.size

    def __len__(self):
        return self._run.size

    def __repr__(self):
        return (f"<galaxy.Simulation {self._run.name}, {self._run.size} bodies, "
                f"step {self.step_count}, t = {self.time:.4g}>")

    # -- bodies -----------------------------------------------------------------------------

    def view(self, name, writable=False):
        """The CPU backend's own array `name` (x, y, z, vx, vy, vz, ax, ay, az, m, pot,
        population, galaxy) as an (N,) NumPy view, no copy. It follows the run: a step changes
        its values in place; an edit, undo or load may move the arrays (take a new view). With
        `writable`, write into it and then call touch()."""
        if name in ("population", "galaxy"):
            return self._run.view_u8(name, writable)
        return self._run.view_float(name, writable)

    def touch(self):
        """After writing into a writable view: the accelerations of the new positions are
        computed, so the next step starts from them (the keyframes start over)."""
        self._run.touch()
        return self

    def _host(self, name, copy_name):
        if self.backend == "cpu":
            return self.view(name)
        return self._run.copies(copy_name)

    @property
    def positions(self):
        """(N, 3) float32 positions: one copy (either backend)."""
        return self._run.copies("positions")

    @property
    def velocities(self):
        """(N, 3) float32 velocities: one copy (either backend)."""
        return self._run.copies("velocities")

    @property
    def accelerations(self):
        """(N, 3) float32 accelerations at the current positions: one copy (either backend)."""
        return self._run.copies("accelerations")

    @property
    def masses(self):
        """(N,) float32 masses: a view on the CPU backend, a copy on CUDA."""
        return self._host("m", "masses")

    @property
    def population(self):
        """(N,) uint8 population tags (0 star, 1 disk, 2 bulge, 3 halo): a view on the CPU
        backend, a copy on CUDA."""
        return self._host("population", "population")

    @property
    def galaxy(self):
        """(N,) uint8 galaxy tags (which galaxy of an encounter, 0-63): a view on the CPU
        backend, a copy on CUDA."""
        return self._host("galaxy", "galaxy")

    @property
    def positions_device(self):
        """CUDA backend: the device's own positions as an (N, 3) float32 DLPack array (no copy;
        ``torch.from_dlpack`` or ``cupy.from_dlpack``), in the backend's tree order: row k is
        body ``ids_device[k]`` of ``positions``. Valid until the next step or edit."""
        return self._run.positions_device()

    @property
    def ids_device(self):
        """CUDA backend: (N,) int32 DLPack array, the index in ``positions`` of each row of
        ``positions_device``."""
        return self._run.ids_device()

    def energy(self):
        """The Energy (kinetic, potential, total, virial ratio) of the current state, from the
        last force pass's potentials."""
        e = self._run.energy()
        return Energy(e["kinetic"], e["potential"], e["total"], e["virial"])

    # -- edits and files ----------------------------------------------------------------------

    def add_galaxy(self, model="disk", bodies=20000, mass=1.0, scale=1.0, position=(0, 0, 0),
                   velocity=(0, 0, 0), spin=(0, 0, 1), seed=1):
        """Drops a galaxy into the run at the current step: `model` disk, plummer or hernquist,
        of `bodies` bodies, total `mass` and length `scale`, at `position` with `velocity`,
        spinning about `spin`. undo() takes it back. Returns the simulation."""
        self._run.add_galaxy(model, int(bodies), float(mass), float(scale), tuple(position),
                             tuple(velocity), tuple(spin), int(seed))
        return self

    def undo(self):
        """Takes the newest edit back (the run goes to the moment before it); ValueError where
        there is none."""
        self._run.undo()
        return self

    def save(self, path):
        """Writes a snapshot, format by extension (.gxy keeps the run exactly, .hdf5, .tipsy,
        .csv), atomically."""
        self._run.save(os.fspath(path))
        return self

    # -- pictures -----------------------------------------------------------------------------

    def render(self, width=1280, height=720, view="face-on", colour="speed"):
        """The current state drawn headless (EGL), as ``galaxy --headless --record`` draws it:
        an (H, W, 3) uint8 NumPy array. `view` is kept, face-on, edge-on, x, y or z; `colour`
        speed, error or cost (a body field)."""
        return self._run.render(int(width), int(height), view, colour)

    def show(self, width=1280, height=720):
        """The interactive window on this run; returns when it is closed, and the run goes on
        from where the window left it."""
        self._run.show(int(width), int(height))
        return self


def _parameter_property(p):
    name = p["name"]
    kind = "integer" if p["integer"] else "float"
    rng = (f"one of {', '.join(map(str, p['choices']))}" if p["choices"] else
           f"{'>' if p['low_open'] else '>='} {p['low']:g}, at most {p['high']:g}")
    doc = f"{p['help']} ({kind}, {rng}; default {p['default']:g}; ``galaxy {p['option']}``)"

    def getter(self):
        value = self._run.param(name)
        return int(value) if p["integer"] else value

    def setter(self, value):
        self._run.set_param(name, float(value))

    return property(getter, setter, doc=doc)


for _a, _p in _BY_ATTRIBUTE.items():
    setattr(Simulation, _a, _parameter_property(_p))

# SPDX-License-Identifier: MIT
# Stepping, the clock, energy, edits and undo, run(until) and Ctrl+C.
import os
import signal
import threading

import numpy as np
import pytest

import galaxy


def test_steps_advance_the_clock_by_dt(small):
    small.dt = 0.01
    small.step(10)
    assert small.step_count == 10
    assert small.time == pytest.approx(0.1, rel=1e-5)


def test_run_until_reaches_the_time(small):
    small.run(until=0.25, progress=False)
    assert small.time >= 0.25 - 1e-6
    assert small.time - small.dt < 0.25


def test_energy_is_bound_and_nearly_virial(small):
    e = small.energy()
    assert e.kinetic > 0 > e.potential
    assert e.total == pytest.approx(e.kinetic + e.potential)
    assert 0.7 < e.virial < 1.3  # a Plummer sphere starts in equilibrium
    small.step(20)
    assert abs(small.energy().total - e.total) < 1e-2 * abs(e.total)


def test_units_are_those_of_a_scenario_that_has_them(small):
    assert small.units is None
    disk = galaxy.Simulation(scenario="disk", bodies=2000, backend="cpu")
    assert disk.units["length_kpc"] == pytest.approx(3.5)
    assert disk.units["speed_kms"] == pytest.approx(440, rel=1e-3)


def test_a_galaxy_added_and_undone(small):
    small.step(2)
    before = small.positions
    small.add_galaxy(model="plummer", bodies=500, mass=0.2, position=(3, 0, 0),
                     velocity=(0, 0.3, 0))
    assert len(small) == 1500
    assert set(np.unique(small.galaxy)) == {0, 1}
    assert small.positions[1000:, 0].mean() == pytest.approx(3, abs=0.2)
    small.step(2)
    small.undo()
    assert len(small) == 1000
    assert np.array_equal(small.positions, before)
    with pytest.raises(ValueError):
        small.add_galaxy(model="spiral")


def test_ctrl_c_stops_at_the_next_step_with_the_state_whole(small):
    def interrupt():
        while small.step_count < 3:
            pass
        os.kill(os.getpid(), signal.SIGINT)

    t = threading.Thread(target=interrupt)
    t.start()
    with pytest.raises(KeyboardInterrupt):
        small.step(100000)
    t.join()
    n = small.step_count
    assert 3 <= n < 100000
    assert small.time == pytest.approx(n * small.dt, rel=1e-4)
    assert np.isfinite(small.positions).all()
    small.step(1)
    assert small.step_count == n + 1


def test_bad_arguments_raise_value_errors():
    with pytest.raises(ValueError, match="backend must be cpu or cuda"):
        galaxy.Simulation(scenario="plummer", bodies=100, backend="gpu")
    with pytest.raises(Exception, match="nonsense"):
        galaxy.Simulation(scenario="nonsense", bodies=100, backend="cpu")
    sim = galaxy.Simulation(scenario="plummer", bodies=100, backend="cpu")
    with pytest.raises(ValueError, match="whole number"):
        sim.step(-1)

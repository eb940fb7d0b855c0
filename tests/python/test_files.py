# SPDX-License-Identifier: MIT
# Load and save of each format galaxy reads, and what a missing or bad file raises.
import numpy as np
import pytest

import galaxy

# The formats' extensions (sim/io/formats.cpp) and whether the file keeps velocities exactly.
FORMATS = [".gxy", ".hdf5", ".tipsy", ".tipsy-le", ".csv"]


@pytest.mark.parametrize("ext", FORMATS)
def test_each_format_saves_and_loads_the_bodies(small, tmp_path, ext):
    small.step(2)
    path = tmp_path / f"run{ext}"
    small.save(path)
    units = None if ext in (".gxy", ".hdf5") else "kpc,1e10 Msun,km/s"
    back = galaxy.Simulation.load(path, units=units, backend="cpu")
    assert len(back) == len(small)
    order = np.lexsort(small.positions.T), np.lexsort(back.positions.T)
    np.testing.assert_allclose(back.positions[order[1]], small.positions[order[0]],
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(back.masses.sum(), small.masses.sum(), rtol=1e-5)


def test_a_gxy_keeps_the_run_exactly(small, tmp_path):
    small.theta = 0.6
    small.step(5).save(tmp_path / "a.gxy")
    back = galaxy.Simulation.load(tmp_path / "a.gxy", backend="cpu")
    assert back.step_count == 5 and back.time == pytest.approx(small.time)
    assert back.theta == pytest.approx(0.6)
    assert np.array_equal(back.positions, small.positions)
    back.step(3), small.step(3)
    assert np.array_equal(back.positions, small.positions)


def test_a_missing_file_raises_file_not_found_naming_it(tmp_path):
    missing = tmp_path / "nowhere.gxy"
    with pytest.raises(FileNotFoundError, match="nowhere.gxy"):
        galaxy.Simulation.load(missing)
    with pytest.raises(FileNotFoundError, match="pair.toml"):
        galaxy.Simulation(encounter=tmp_path / "pair.toml", backend="cpu")


def test_a_bad_file_raises_naming_it_and_bad_units_say_why(tmp_path):
    bad = tmp_path / "bad.gxy"
    bad.write_bytes(b"not a snapshot")
    with pytest.raises(Exception, match="bad.gxy"):
        galaxy.Simulation.load(bad, backend="cpu")
    with pytest.raises(ValueError, match="units 'furlongs'"):
        galaxy.Simulation.load(bad, units="furlongs", backend="cpu")


def test_an_encounter_from_a_dict_is_the_file_with_its_keys(tmp_path):
    enc = {"orbit": {"pericentre": 1.5, "eccentricity": 1.0, "time_to_pericentre": 3.0},
           "galaxy": [{"model": "plummer", "mass": 1.0, "scale": 0.2},
                      {"model": "plummer", "mass": 0.5, "scale": 0.2, "share": 0.5}]}
    (tmp_path / "pair.toml").write_text(galaxy.encounter_toml(enc))
    a = galaxy.Simulation(encounter=enc, bodies=900, backend="cpu", seed=4)
    b = galaxy.Simulation(encounter=tmp_path / "pair.toml", bodies=900, backend="cpu", seed=4)
    assert np.array_equal(a.positions, b.positions)
    assert set(np.unique(a.galaxy)) == {0, 1}
    with pytest.raises(Exception, match="pericentre"):
        galaxy.Simulation(encounter={"orbit": {"pericentre": -1.0}, "galaxy": enc["galaxy"]},
                          bodies=900, backend="cpu")

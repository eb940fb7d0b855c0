# SPDX-License-Identifier: MIT
# The bodies as NumPy arrays: views of the CPU backend's own arrays (a pointer check), copies in
# the (N, 3) layout, their shapes and dtypes.
import numpy as np
import pytest


def data_pointer(a):
    return a.__array_interface__["data"][0]


@pytest.mark.parametrize("name", ["x", "y", "z", "vx", "vy", "vz", "ax", "ay", "az", "m", "pot",
                                  "population", "galaxy"])
def test_a_view_is_the_simulations_own_array(small, name):
    v = small.view(name)
    assert data_pointer(v) == small._run.host_pointer(name)
    assert v.shape == (1000,)
    assert v.dtype == (np.uint8 if name in ("population", "galaxy") else np.float32)
    assert not v.flags.writeable


def test_masses_and_tags_are_views_too(small):
    assert data_pointer(small.masses) == small._run.host_pointer("m")
    assert data_pointer(small.population) == small._run.host_pointer("population")
    assert data_pointer(small.galaxy) == small._run.host_pointer("galaxy")


def test_a_view_follows_the_steps_in_place(small):
    x = small.view("x")
    before = x.copy()
    small.step(3)
    assert data_pointer(x) == small._run.host_pointer("x")
    assert not np.array_equal(x, before)
    assert np.array_equal(x, small.positions[:, 0])


def test_the_copies_have_the_documented_shapes_and_agree_with_the_views(small):
    small.step(1)
    for name, cols in (("positions", ("x", "y", "z")), ("velocities", ("vx", "vy", "vz")),
                       ("accelerations", ("ax", "ay", "az"))):
        a = getattr(small, name)
        assert a.shape == (1000, 3) and a.dtype == np.float32 and a.flags.c_contiguous
        for j, c in enumerate(cols):
            assert np.array_equal(a[:, j], small.view(c))
    assert small.masses.shape == (1000,) and small.masses.dtype == np.float32
    assert small.masses.sum() == pytest.approx(1.0, rel=1e-4)


def test_a_written_view_with_touch_moves_the_body_and_its_forces(small):
    x = small.view("x", writable=True)
    a0 = small.accelerations.copy()
    x[0] += 0.5
    small.touch()
    assert small.positions[0, 0] == x[0]
    assert not np.array_equal(small.accelerations[0], a0[0])
    small.step(1)
    assert np.isfinite(small.positions).all()


def test_the_device_arrays_say_they_are_the_cuda_backends(small):
    with pytest.raises(RuntimeError, match="positions_device is the CUDA backend's"):
        small.positions_device

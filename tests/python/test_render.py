# SPDX-License-Identifier: MIT
# Pictures drawn headless: a lit (H, W, 3) uint8 picture of the run as it is.
import numpy as np
import pytest

import galaxy


def test_render_returns_a_lit_picture_of_the_size_asked(small):
    img = small.render(320, 200, view="face-on", colour="speed")
    assert img.shape == (200, 320, 3) and img.dtype == np.uint8
    lit = (img.max(axis=2) > 40).mean()
    assert 0.002 < lit < 0.9, f"lit fraction {lit}"
    assert small.step_count == 0  # drawing takes no step


def test_render_draws_the_state_and_keeps_it(small):
    before = small.positions
    a = small.render(160, 120, view="x")
    assert np.array_equal(small.positions, before)
    small.add_galaxy(model="plummer", bodies=2000, mass=1.0, position=(2, 0, 0))
    b = small.render(160, 120, view="x")
    assert not np.array_equal(a, b)


def test_bad_views_and_colours_raise(small):
    with pytest.raises(ValueError, match="view must be"):
        small.render(100, 100, view="top")
    with pytest.raises(ValueError, match="colour must be"):
        small.render(100, 100, colour="rainbow")
    with pytest.raises(ValueError, match="width and height"):
        small.render(0, 100)

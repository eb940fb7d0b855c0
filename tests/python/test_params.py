# SPDX-License-Identifier: MIT
# Every parameter of the table as an attribute, set and checked as the command line checks it.
import re

import pytest

import galaxy


def attribute(p):
    return p["name"].replace(" ", "_")


def accepted(p):
    """A value the table accepts, other than the default."""
    if p["choices"]:
        return [c for c in p["choices"] if c != p["default"]][0]
    if p["integer"]:
        return p["low"] + 1 if p["low"] + 1 != p["default"] else p["low"]
    return p["default"] * 1.5 if p["default"] * 1.5 <= p["high"] else p["default"] / 2


def refused(p):
    """A value the table refuses (below its range, or between its choices)."""
    if p["choices"]:
        return max(p["choices"]) + 1
    return p["low"] if p["low_open"] else p["low"] - 1


@pytest.mark.parametrize("p", galaxy.PARAMETERS, ids=lambda p: p["name"])
def test_every_parameter_is_set_and_read_back(small, p):
    value = accepted(p)
    setattr(small, attribute(p), value)
    assert getattr(small, attribute(p)) == pytest.approx(value, rel=1e-6)
    assert small.params[attribute(p)] == pytest.approx(value, rel=1e-6)
    small.step(1)  # the run takes it


@pytest.mark.parametrize("p", galaxy.PARAMETERS, ids=lambda p: p["name"])
def test_a_refused_value_raises_the_checks_message_and_keeps_the_state(small, p):
    before = small.params
    with pytest.raises(ValueError, match=rf"^{re.escape(p['name'])} must be .*, got "):
        setattr(small, attribute(p), refused(p))
    assert small.params == before


def test_the_message_is_the_checks(small):
    with pytest.raises(ValueError) as e:
        small.theta = -1
    assert str(e.value) == "theta must be > 0, got -1"
    with pytest.raises(ValueError, match="^leaf size must be 1 to 64, got "):
        small.leaf_size = 2.5


def test_a_keyword_parameter_is_checked_at_the_start():
    with pytest.raises(ValueError, match="^dt must be > 0, got 0$"):
        galaxy.Simulation(scenario="plummer", bodies=100, backend="cpu", dt=0)
    with pytest.raises(ValueError, match="no parameter named 'tehta'"):
        galaxy.Simulation(scenario="plummer", bodies=100, backend="cpu", tehta=1)


def test_params_is_every_parameter_by_name(small):
    assert set(small.params) == {attribute(p) for p in galaxy.PARAMETERS}
    assert small.params["theta"] == pytest.approx(small.theta)

# SPDX-License-Identifier: MIT
# The Python module's tests (issue 47). run_pytest.sh runs them in the venv under build/ with
# PYTHONPATH at the built package and GALAXY_EXE at the program, for the comparisons with it.
import os
import shutil

import pytest

import galaxy  # noqa: F401  (a failed import fails every test, saying why)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


@pytest.fixture(scope="session")
def galaxy_exe():
    exe = os.environ.get("GALAXY_EXE") or shutil.which("galaxy")
    if not exe or not os.path.exists(exe):
        pytest.fail("GALAXY_EXE names no galaxy program (run_pytest.sh sets it)")
    return exe


@pytest.fixture
def small():
    """A Plummer sphere of 1,000 bodies on the CPU."""
    return galaxy.Simulation(scenario="plummer", bodies=1000, backend="cpu", seed=3, threads=2)

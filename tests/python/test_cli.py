# SPDX-License-Identifier: MIT
# Steps from Python are the command line's: the same .gxy bytes after 50 steps on the CPU.
import subprocess

import galaxy


def test_fifty_steps_save_the_same_bytes_as_the_command_line(tmp_path, galaxy_exe):
    cli, py = tmp_path / "cli.gxy", tmp_path / "py.gxy"
    subprocess.run([galaxy_exe, "--headless", "--backend", "cpu", "--scenario", "collision",
                    "--bodies", "3000", "--seed", "7", "--theta", "0.7", "--steps", "50",
                    "--save", str(cli)], check=True, capture_output=True)
    sim = galaxy.Simulation(scenario="collision", bodies=3000, backend="cpu", seed=7, theta=0.7)
    sim.step(50)
    sim.save(py)
    assert sim.step_count == 50
    assert py.read_bytes() == cli.read_bytes()


def test_a_loaded_run_goes_on_as_the_command_line_does(tmp_path, galaxy_exe):
    start, cli, py = tmp_path / "start.gxy", tmp_path / "cli.gxy", tmp_path / "py.gxy"
    galaxy.Simulation(scenario="plummer", bodies=2000, backend="cpu", seed=2).step(10).save(start)
    subprocess.run([galaxy_exe, "--headless", "--backend", "cpu", "--load", str(start),
                    "--steps", "20", "--save", str(cli)], check=True, capture_output=True)
    sim = galaxy.Simulation.load(start, backend="cpu")
    assert sim.step_count == 10
    sim.step(20).save(py)
    assert py.read_bytes() == cli.read_bytes()

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes docs/python.md, the Python module's API page, from its docstrings (and the parameter
table's rows). `--stdout` prints it instead (tests/python/test_docs.py checks it is current).
Run with the built package importable (PYTHONPATH=build/python)."""
import inspect
import os
import re
import sys

import galaxy

HEADER = """# The Python module `galaxy`

<!-- Made by scripts/python_docs.py from the docstrings; do not edit by hand. -->

Install it with `pip install .` from the checkout, or build it with the project
(`scripts/setup`: `GALAXY_PYTHON` is on where python3-dev and nanobind are found) and put
`build/python` on `PYTHONPATH`.

```python
import galaxy
sim = galaxy.Simulation(scenario="antennae", bodies=200_000, seed=1)
sim.theta = 0.8
sim.run(until=10.0)
img = sim.render(1280, 720, view="face-on")
```
"""


def text(obj):
    return inspect.cleandoc(obj.__doc__ or "")


def members(cls):
    params = {p["name"].replace(" ", "_") for p in galaxy.PARAMETERS}
    out = []
    for name, obj in vars(cls).items():
        if name.startswith("_") or name in params:
            continue
        if isinstance(obj, property):
            out.append((f"`sim.{name}`", text(obj)))
        elif isinstance(obj, classmethod):
            sig = inspect.signature(obj.__func__)
            args = str(sig).replace("(cls, ", "(").replace("(cls)", "()")
            out.append((f"`Simulation.{name}{args}`", text(obj.__func__)))
        elif callable(obj):
            sig = str(inspect.signature(obj)).replace("(self, ", "(").replace("(self)", "()")
            out.append((f"`sim.{name}{sig}`", text(obj)))
    return out


def page():
    sig = inspect.signature(galaxy.Simulation.__init__)
    public = [p for n, p in sig.parameters.items() if n != "self" and not n.startswith("_")]
    args = str(sig.replace(parameters=public))
    lines = [HEADER, text(galaxy), "", f"## `galaxy.Simulation{args}`", "",
             text(galaxy.Simulation), ""]
    for title, doc in members(galaxy.Simulation):
        lines += [f"### {title}", "", doc, ""]
    lines += ["## Parameters", "",
              "Each parameter of the program's table (sim/params.cpp) is an attribute, checked "
              "as the command line checks it (a refused value raises ValueError and changes "
              "nothing):", "", "| attribute | option | what |", "|---|---|---|"]
    for p in galaxy.PARAMETERS:
        attr = p["name"].replace(" ", "_")
        doc = getattr(galaxy.Simulation, attr).__doc__
        lines.append(f"| `sim.{attr}` | `{p['option']}` | {doc} |")
    lines += ["", "## `galaxy.Energy`", "", text(galaxy.Energy), ""]
    sig = inspect.signature(galaxy.encounter_toml)
    lines += [f"## `galaxy.encounter_toml{sig}`", "", text(galaxy.encounter_toml), ""]
    return "\n".join(contents(lines) + lines[1:])


def anchor(heading):
    """GitHub's anchor of a heading: lower case, marks other than - and _ dropped, spaces to -."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def contents(lines):
    """The header, then a list of the page's sections (each name without its signature)."""
    items = []
    for line in "\n".join(lines).split("\n"):
        if line.startswith("## "):
            title = line[3:]
            name = title.strip("`").split("(")[0]
            items.append(f"- [{name}](#{anchor(title)})")
    return [HEADER, "\n".join(items), ""]


def main():
    made = page()
    if "--stdout" in sys.argv:
        sys.stdout.write(made)
        return
    path = os.path.join(os.path.dirname(__file__), "..", "docs", "python.md")
    with open(path, "w") as f:
        f.write(made)
    print(f"wrote {os.path.normpath(path)}")


if __name__ == "__main__":
    main()

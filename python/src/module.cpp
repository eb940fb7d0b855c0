// SPDX-License-Identifier: MIT
// The extension module _galaxy: PyRun and the parameter table, for the pure-Python package
// galaxy (python/galaxy/__init__.py), which holds the public API and its docstrings.
#include <nanobind/nanobind.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "arrays.hpp"
#include "picture.hpp"
#include "py_run.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace galaxy::python {

namespace {

// The parameter table (sim/params.cpp), one dict a row, for the properties Python makes of it.
nb::list param_table() {
  nb::list rows;
  for (const ParamInfo& p : sim_params()) {
    nb::dict row;
    row["name"] = std::string(p.name);
    row["option"] = std::string(p.option);
    row["help"] = std::string(p.help);
    row["integer"] = is_integer(p);
    row["low"] = p.low;
    row["high"] = p.high;
    row["low_open"] = p.low_open;
    row["default"] = get(SimParams{}, p);
    nb::list choices;
    for (int c : p.choices) choices.append(c);
    row["choices"] = choices;
    rows.append(row);
  }
  return rows;
}

// `n` steps, the interpreter's lock released during each; Ctrl+C (a pending signal) stops at
// the next step with the state whole and raises KeyboardInterrupt.
void step(PyRun& r, std::uint64_t n) {
  for (std::uint64_t k = 0; k < n; ++k) {
    {
      nb::gil_scoped_release release;
      r.step_once();
    }
    if (PyErr_CheckSignals() != 0) throw nb::python_error();
  }
}

nb::dict energy(PyRun& r) {
  const Diagnostics d = r.diagnostics();
  nb::dict e;
  e["kinetic"] = d.kinetic, e["potential"] = d.potential, e["total"] = d.total();
  e["virial"] = d.virial_ratio();
  return e;
}

nb::object units(const PyRun& r) {
  const Units u = r.units();
  if (!u.physical()) return nb::none();
  nb::dict d;
  d["length_kpc"] = u.length_kpc, d["mass_msun"] = u.mass_msun;
  d["speed_kms"] = u.speed_kms(), d["time_myr"] = u.time_myr();
  return d;
}

}  // namespace

}  // namespace galaxy::python

NB_MODULE(_galaxy, m) {
  using namespace galaxy::python;
  m.def("param_table", &param_table);
  m.attr("default_scenario") = std::string(galaxy::app::kDefaultScenario);
  m.attr("default_seed") = galaxy::app::kDefaultSeed;
  auto cls = nb::class_<PyRun>(m, "Run");
  cls.def(
      "__init__",
      [](PyRun* self, const std::string& scenario, std::optional<std::size_t> bodies,
         std::optional<std::string> backend, const std::string& solver, std::uint64_t seed,
         const std::string& encounter, const std::string& snapshot,
         std::optional<std::string> units,
         std::vector<std::pair<std::string, double>> params, std::optional<int> threads,
         bool keyframes) {
        RunArgs a{scenario, bodies, backend, solver, seed, encounter, snapshot, units, params,
                  threads, keyframes};
        nb::gil_scoped_release release;
        new (self) PyRun(a);
      },
      "scenario"_a, "bodies"_a.none(), "backend"_a.none(), "solver"_a, "seed"_a, "encounter"_a,
      "snapshot"_a, "units"_a.none(), "params"_a, "threads"_a.none(), "keyframes"_a);
  cls.def("param", &PyRun::param)
      .def("set_param", &PyRun::set_param)
      .def("step", &step)
      .def_prop_ro("steps", &PyRun::steps)
      .def_prop_ro("time", &PyRun::time)
      .def_prop_ro("size", &PyRun::size)
      .def_prop_ro("backend", &PyRun::backend)
      .def_prop_ro("name", &PyRun::name)
      .def_prop_ro("units", &units)
      .def("energy", &energy)
      .def("touch", &PyRun::touch)
      .def("add_galaxy",
           [](PyRun& r, const std::string& model, std::size_t bodies, double mass, double scale,
              std::array<double, 3> position, std::array<double, 3> velocity,
              std::array<double, 3> spin, std::uint64_t seed) {
             GalaxyArgs g{model, bodies, mass, scale, position, velocity, spin, seed};
             nb::gil_scoped_release release;
             r.add_galaxy(g);
           })
      .def("undo", [](PyRun& r) { nb::gil_scoped_release release; r.undo(); })
      .def("save", [](PyRun& r, const std::string& p) { nb::gil_scoped_release release; r.save(p); })
      .def("load", [](PyRun& r, const std::string& p) { nb::gil_scoped_release release; r.load(p); });
  bind_arrays(cls);
  bind_picture(cls);
}

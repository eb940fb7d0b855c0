// SPDX-License-Identifier: MIT
#include "py_run.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "io/file_units.hpp"
#include "scenarios/drop.hpp"

namespace galaxy::python {

namespace {

const ParamInfo& param_info(const std::string& name) {
  const ParamInfo* info = find_param(name);
  if (!info) throw std::invalid_argument(fmt::format("no parameter named '{}'", name));
  return *info;
}

Backend backend_of(const std::string& name) {
  if (name == "cpu") return Backend::Cpu;
  if (name == "cuda") return Backend::Cuda;
  throw std::invalid_argument(fmt::format("backend must be cpu or cuda, got '{}'", name));
}

Solver solver_of(const std::string& name) {
  if (name == "bh" || name == "barnes-hut") return Solver::BarnesHut;
  if (name == "direct") return Solver::Direct;
  throw std::invalid_argument(fmt::format("solver must be bh or direct, got '{}'", name));
}

std::optional<io::FileUnits> units_of(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  std::string why;
  auto units = io::parse_file_units(*text, &why);
  if (!units) throw std::invalid_argument(fmt::format("units '{}': {}", *text, why));
  return units;
}

// The RunSpec the command line would build from the same settings (cli/run_spec_options.cpp):
// lockstep, drawing nothing, keyframes kept (where asked) so that undo goes back over an edit.
app::RunSpec spec_of(const RunArgs& a) {
  app::RunSpec spec;
  spec.bodies.scenario = a.scenario;
  spec.bodies.count = a.bodies;
  spec.bodies.encounter = a.encounter;
  spec.bodies.snapshot = a.snapshot;
  spec.bodies.units = units_of(a.units);
  for (const auto& [name, value] : a.params) {
    const ParamInfo& info = param_info(name);
    if (std::string why = check_value(info, value); !why.empty()) {
      throw std::invalid_argument(fmt::format("{} {}", info.name, why));
    }
    spec.set_param(name, value);
  }
  if (a.backend) spec.backend = backend_of(*a.backend);
  spec.solver = solver_of(a.solver);
  spec.threads = a.threads;
  spec.seed = a.seed;
  spec.rendering = false;
  spec.threaded = false;
  spec.keyframes = a.keyframes;
  return spec;
}

}  // namespace

PyRun::PyRun(const RunArgs& args) : args_(args) {
  run_ = std::make_unique<app::Run>(spec_of(args));
  run_->start();
  refresh_params();
}

void PyRun::refresh_params() { params_ = run_->status().running.params; }

Simulation& PyRun::simulation() {
  return run_->runner().exclusive([](app::Session& s) -> Simulation& { return s.simulation(); });
}

// As the messages write it (a float parameter's shortest decimal: 0.004, not 0.00400000019).
double PyRun::param(const std::string& name) const {
  const ParamInfo& info = param_info(name);
  return std::stod(format_value(info, get(params_, info)));
}

void PyRun::set_param(const std::string& name, double value) {
  const ParamInfo& info = param_info(name);
  SimParams p = params_;
  set(p, info, value);
  // The value as given, not as stored (an int parameter given 2.5 is refused, not rounded).
  if (std::string why = check_value(info, value); !why.empty()) {
    throw std::invalid_argument(fmt::format("{} {}", info.name, why));
  }
  run_->set_params(p);
  params_ = p;
}

void PyRun::step_once() {
  run_->step(1);
  if (const auto& runaway = run_->status().runaway) throw std::runtime_error(runaway->message());
}

std::uint64_t PyRun::steps() const { return run_->status().steps; }
double PyRun::time() const { return run_->status().step.time; }

void PyRun::touch() {
  run_->runner().exclusive([this](app::Session& s) {
    s.simulation().compute_forces();
    run_->runner().republish(s, true);
  });
}

void PyRun::wait_edit(std::future<std::optional<std::string>> f) {
  if (std::optional<std::string> why = f.get()) throw std::invalid_argument(*why);
}

void PyRun::add_galaxy(const GalaxyArgs& g) {
  DropSpec d;
  const auto model = parse_galaxy_model(g.model);
  if (!model) {
    throw std::invalid_argument(
        fmt::format("model must be disk, plummer or hernquist, got '{}'", g.model));
  }
  d.galaxy.model = *model;
  d.galaxy.mass = g.mass;
  d.galaxy.scale = g.scale;
  d.bodies = g.bodies;
  d.position = {g.position[0], g.position[1], g.position[2]};
  d.velocity = {g.velocity[0], g.velocity[1], g.velocity[2]};
  d.spin = {g.spin[0], g.spin[1], g.spin[2]};
  wait_edit(run_->add_galaxy(make_drop(d, g.seed)));
}

void PyRun::undo() { wait_edit(run_->undo()); }

void PyRun::save(const std::string& path) { run_->save(path); }

void PyRun::load(const std::string& path) {
  run_->load(path);
  refresh_params();
}

}  // namespace galaxy::python

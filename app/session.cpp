// SPDX-License-Identifier: MIT
#include "session.hpp"

#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "io/snapshot.hpp"
#include "memory.hpp"
#include "scenarios/scenarios.hpp"

namespace galaxy::app {

Backend choose_backend(const Options& o) {
  if (o.backend) return *o.backend;
  return cuda_available() ? Backend::Cuda : Backend::Cpu;
}

std::size_t default_body_count(Backend b) { return b == Backend::Cuda ? 1u << 20 : 20000; }

Session::Session(const Options& o) : options_(o) {
  const Backend backend = choose_backend(o);
  options_.backend = backend;
  sim_ = make_simulation(backend, o.solver, o.params);
  if (o.load.empty()) {
    const std::size_t n = o.bodies.value_or(default_body_count(backend));
    require_memory(backend, n, rendering());  // before anything of that size is allocated
    sim_->reset(make_bodies(n));
  } else {
    load_snapshot(o.load, true);
    for (const std::string& note : load_notes_) std::fprintf(stderr, "galaxy: %s\n", note.c_str());
  }
}

HostBodies Session::make_bodies(std::size_t n) const {
  return make_scenario(options_.scenario, n, options_.seed);
}

void Session::set_body_count(std::size_t n) {
  if (n == 0) throw std::invalid_argument("the body count must be positive");
  require_memory(sim_->backend(), n, rendering());
  sim_->reset(make_bodies(n));
  options_.bodies = n;
}

void Session::set_scenario(const std::string& name) {
  const HostBodies b = make_scenario(name, sim_->size() ? sim_->size() : 1, options_.seed);
  sim_->reset(b);
  options_.scenario = name;
}

void Session::set_backend(Backend backend) {
  require_memory(backend, sim_->size(), rendering());
  auto next = make_simulation(backend, sim_->solver(), sim_->params());
  next->reset(sim_->download());
  sim_ = std::move(next);
  options_.backend = backend;
}

void Session::save(const std::string& path) const {
  io::save_snapshot(path,
                    {sim_->download(), sim_->time(), sim_->steps_taken(), sim_->params(), {}});
}

void Session::load(const std::string& path) {
  load_snapshot(path, false);
}

void Session::load_snapshot(const std::string& path, bool overrides) {
  io::Snapshot s = io::load_snapshot(path);  // throws before touching the run
  require_memory(sim_->backend(), s.bodies.size(), rendering());
  std::vector<std::string> notes = s.warnings;
  // A .gxy file carries the run's parameters; they are set before reset() so that the
  // accelerations it computes use the saved softening, and put back if reset() fails. On the
  // command line, --theta, --alpha, --dt and --softening override them, and say so.
  bool overridden = false;  // then the saved accelerations belong to other parameters
  if (s.params && overrides) {
    const GivenParams& g = options_.given;
    auto note = [&](const char* name, float& file_value, float cli_value) {
      if (file_value == cli_value) return;
      std::ostringstream m;
      m << "--" << name << " " << cli_value << " overrides the snapshot's " << name << " = "
        << file_value;
      notes.push_back(m.str());
      file_value = cli_value;
      overridden = true;
    };
    if (g.theta) note("theta", s.params->theta, options_.params.theta);
    if (g.alpha) note("alpha", s.params->alpha, options_.params.alpha);
    if (g.dt) note("dt", s.params->dt, options_.params.dt);
    if (g.softening) note("softening", s.params->softening, options_.params.softening);
  }
  const SimParams old = sim_->params();
  if (s.params) sim_->set_params(*s.params);
  try {
    sim_->reset(s.bodies);
    // .gxy with its own parameters: the run continues bit for bit.
    if (s.params && !overridden) sim_->restore_forces(s.bodies);
  } catch (...) {
    sim_->set_params(old);
    throw;
  }
  sim_->set_clock(s.time, s.steps);
  options_.params = sim_->params();
  options_.bodies = s.bodies.size();
  load_notes_ = std::move(notes);
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "session.hpp"

#include <stdexcept>

#include "io/snapshot.hpp"
#include "scenarios.hpp"

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
    sim_->reset(make_bodies(o.bodies.value_or(default_body_count(backend))));
  } else {
    load(o.load);
  }
}

HostBodies Session::make_bodies(std::size_t n) const {
  return make_scenario(options_.scenario, n, options_.seed);
}

void Session::set_body_count(std::size_t n) {
  if (n == 0) throw std::invalid_argument("the body count must be positive");
  sim_->reset(make_bodies(n));
  options_.bodies = n;
}

void Session::set_scenario(const std::string& name) {
  const HostBodies b = make_scenario(name, sim_->size() ? sim_->size() : 1, options_.seed);
  sim_->reset(b);
  options_.scenario = name;
}

void Session::set_backend(Backend backend) {
  auto next = make_simulation(backend, sim_->solver(), sim_->params());
  next->reset(sim_->download());
  sim_ = std::move(next);
  options_.backend = backend;
}

void Session::save(const std::string& path) const {
  io::save_snapshot(path, {sim_->download(), sim_->time(), sim_->steps_taken(), sim_->params()});
}

void Session::load(const std::string& path) {
  const io::Snapshot s = io::load_snapshot(path);  // throws before touching the run
  // A .gxy file carries the run's parameters; they are set before reset() so that the
  // accelerations it computes use the saved softening, and put back if reset() fails.
  const SimParams old = sim_->params();
  if (s.params) sim_->set_params(*s.params);
  try {
    sim_->reset(s.bodies);
    if (s.params) sim_->restore_forces(s.bodies);  // .gxy: the run continues bit for bit
  } catch (...) {
    sim_->set_params(old);
    throw;
  }
  sim_->set_clock(s.time, s.steps);
  options_.params = sim_->params();
  options_.bodies = s.bodies.size();
}

}  // namespace galaxy::app

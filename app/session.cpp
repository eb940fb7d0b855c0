// SPDX-License-Identifier: MIT
#include "session.hpp"

#include <stdexcept>

#include "plummer.hpp"

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
  sim_->reset(make_bodies(o.bodies.value_or(default_body_count(backend))));
}

HostBodies Session::make_bodies(std::size_t n) const {
  if (options_.scenario == "plummer") return make_plummer(n, options_.seed);
  throw std::invalid_argument("unknown scenario '" + options_.scenario + "'");
}

void Session::set_body_count(std::size_t n) {
  if (n == 0) throw std::invalid_argument("the body count must be positive");
  sim_->reset(make_bodies(n));
  options_.bodies = n;
}

}  // namespace galaxy::app

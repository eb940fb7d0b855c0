// SPDX-License-Identifier: MIT
#include "run/run.hpp"

#include <memory>
#include <stdexcept>

namespace galaxy::app {

Run::Run(const RunSpec& spec, const ReadProgress& loading) : runner_(spec, loading) {
  start_notes_ = runner_.exclusive([](Session& s) { return s.start_notes(); });
}

void Run::start() {
  runner_.exclusive([&](Session& s) { runner_.republish(s, true); });
  runner_.start();
}

void Run::set_params(const SimParams& p) {
  check_params(p);
  runner_.set_params(p);
}

std::future<std::optional<std::string>> Run::add_galaxy(HostBodies g) {
  // Shared: std::function copies what it holds, and the bodies are many.
  auto bodies = std::make_shared<HostBodies>(std::move(g));
  return runner_.edit([bodies](Session& s) { s.add_galaxy(std::move(*bodies)); });
}

std::future<std::optional<std::string>> Run::remove_galaxy_of(std::size_t index) {
  return runner_.edit([index](Session& s) { s.remove_galaxy_of(index); });
}

std::future<std::optional<std::string>> Run::undo() { return runner_.undo(); }

void Run::step(std::uint64_t n) {
  if (n == 0) return;
  if (runner_.threaded()) {
    runner_.grant(double(n), std::nullopt);
    return;
  }
  runner_.grant(double(n), runner_.steps() + n);
  // A failed step halts the runner; the caller of a lockstep run hears it here.
  if (std::string error = runner_.error(); !error.empty()) {
    throw std::runtime_error(error);
  }
}

void Run::pause() { runner_.hold(); }

bool Run::seek(std::uint64_t step) { return runner_.seek(step); }

void Run::save(const std::string& path, const io::Progress& progress) {
  runner_.exclusive([&](Session& s) { s.save(path, progress); });
}

Loaded Run::load(const std::string& path, const io::Progress& progress) {
  return runner_.exclusive([&](Session& s) {
    Loaded loaded = s.load(path, progress);
    runner_.republish(s, true);
    return loaded;
  });
}

Diagnostics Run::diagnostics() {
  return runner_.ask([](Session& s) { return s.simulation().diagnostics(); }).get();
}

ErrorStats Run::accuracy(std::size_t samples, std::uint64_t seed) {
  return runner_
      .ask([samples, seed](Session& s) {
        const Simulation& sim = s.simulation();
        return offered(sim.meters(), sim, Face::Meters, "the accuracy meter")
            .measure_accuracy(samples, seed);
      })
      .get();
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "picture/colour_maps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "median.hpp"

namespace galaxy::app {

namespace {
bool is_map(render::ColorMode m) {
  return m == render::ColorMode::ErrorMap || m == render::ColorMode::CostMap;
}
constexpr std::uint64_t kErrorMapSeed = 1;  // the same bodies every time at a given N
}  // namespace

std::size_t error_map_bodies(Backend backend, std::size_t n) {
  if (n == 0) return 0;
  const double pairs = backend == Backend::Cuda ? kErrorMapPairsCuda : kErrorMapPairsCpu;
  return std::max<std::size_t>(1, static_cast<std::size_t>(pairs / static_cast<double>(n)));
}

std::vector<float> drawable(std::vector<float> v) {
  for (float& x : v) {
    if (!std::isfinite(x)) x = -1.0f;
  }
  return v;
}

bool ColourMaps::due(Simulation& sim, render::ColorMode mode, Clock::time_point now) {
  const SimParams& p = sim.params();
  const Key key{p.theta, p.alpha, p.multipole, sim.solver(), &sim};
  // θ, α and the multipole order reach the forces at the next step after the change; a solver
  // change at once.
  if (key == key_) {
    change_step_.reset();
  } else if (!change_step_) {
    change_step_ = sim.steps_taken();
  }
  const bool stale = change_step_ && (sim.steps_taken() != *change_step_ ||
                                      key.solver != key_.solver || key.sim != key_.sim);
  const bool fresh = mode != shown_ || !sim.has_vertex_values() || stale;
  if (mode == render::ColorMode::ErrorMap) return fresh || error_requested_;
  if (fresh) cost_refresh_.invalidate();
  return cost_refresh_.due(sim.steps_taken(), true, now);
}

void ColourMaps::update(Simulation& sim, const Settings& s, PanelStats& stats,
                        Clock::time_point now) {
  const render::ColorMode mode = s.render.color;
  if (!is_map(mode)) {
    if (sim.has_vertex_values()) sim.clear_vertex_values();
    shown_ = mode;
    stats.colour_map_info.clear();
    stats.colour_map_error.clear();
    return;
  }
  if (!due(sim, mode, now)) return;
  compute(sim, mode, stats);
}

void ColourMaps::compute(Simulation& sim, render::ColorMode mode, PanelStats& stats) {
  const SimParams& p = sim.params();
  // Remembered whatever happens, so that a failure is reported once, not at every frame.
  shown_ = mode;
  error_requested_ = false;
  key_ = {p.theta, p.alpha, p.multipole, sim.solver(), &sim};
  step_ = sim.steps_taken();
  change_step_.reset();
  try {
    const auto t0 = Clock::now();
    std::vector<float> v;
    if (mode == render::ColorMode::ErrorMap) {
      v = sim.body_errors(error_map_bodies(sim.backend(), sim.size()), kErrorMapSeed);
      const double s = std::chrono::duration<double>(Clock::now() - t0).count();
      stats.colour_map_info = error_map_info(v, step_, p.theta, p.alpha, s);
    } else {
      v = sim.body_costs();
      stats.colour_map_info = cost_map_info(v, step_);
    }
    sim.set_vertex_values(drawable(std::move(v)));
    stats.colour_map_error.clear();
    ++computed_;
  } catch (const std::exception& e) {
    sim.set_vertex_values(std::vector<float>(sim.size(), -1.0f));  // grey, not speeds as values
    stats.colour_map_error = fmt::format("{} map: {}", mode == render::ColorMode::ErrorMap ? "error" : "cost", e.what());
    stats.colour_map_info.clear();
  }
}

namespace {
// The finite values, sorted.
std::vector<float> finite_sorted(const std::vector<float>& v) {
  std::vector<float> f;
  f.reserve(v.size());
  for (float x : v) {
    if (std::isfinite(x)) f.push_back(x);
  }
  std::sort(f.begin(), f.end());
  return f;
}
}  // namespace

std::string error_map_info(const std::vector<float>& errors, std::uint64_t step, float theta,
                           float alpha, double seconds) {
  const std::vector<float> f = finite_sorted(errors);
  if (f.empty()) return fmt::format("error map at step {}: no body", step);
  const std::string which = f.size() == errors.size()
                                ? fmt::format("all {} bodies", f.size())
                                : fmt::format("{} of {} bodies (grey: not computed)", f.size(),
                                              errors.size());
  return fmt::format("error map at step {} (theta {:.2f}, alpha {:g}), {}: median {:.1e}, p99 "
                     "{:.1e}, max {:.1e}; {:.2f} s",
                     step, theta, alpha, which, quantile_sorted(f, 0.5), quantile_sorted(f, 0.99), f.back(),
                     seconds);
}

std::string cost_map_info(const std::vector<float>& costs, std::uint64_t step) {
  const std::vector<float> f = finite_sorted(costs);
  if (f.empty()) return fmt::format("cost map at step {}: no body", step);
  double sum = 0;
  for (float x : f) sum += x;
  return fmt::format("cost map at step {}: interactions a body: mean {:.0f}, median {:.0f}, max "
                     "{:.0f}",
                     step, sum / static_cast<double>(f.size()), quantile_sorted(f, 0.5), f.back());
}

}  // namespace galaxy::app

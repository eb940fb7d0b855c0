// SPDX-License-Identifier: MIT
#include "run/measurements.hpp"

#include <fmt/format.h>

#include <cmath>

namespace galaxy::app {

void Measurements::run_changed(std::uint64_t generation) {
  generation_ = generation;
  energy0_.reset();
  overlay_refresh_.invalidate();
  last_diagnostics_ = Clock::time_point{};  // measure the new run's energy at once
}

void Measurements::measure_accuracy() {
  if (accuracy_.pending()) return;
  const std::uint64_t seed = accuracy_seed_++;
  // The parameters measured with: the chart pairs them with the error.
  accuracy_.set(runner_.ask([seed](Session& s) {
                  return Measured{s.simulation().measure_accuracy(1000, seed),
                                  s.simulation().params()};
                }),
                generation_);
}

void Measurements::request_error_map() {
  runner_.post([this](Session&) { colour_maps_.request_error_map(); });
}

void Measurements::pick(const glm::mat4& vp, glm::vec2 window, glm::vec2 cursor) {
  pick_.set(runner_.ask([=](Session& s) {
              return pick_body(s.simulation().download(), vp, window.x, window.y, cursor, 12.0f);
            }),
            generation_);
}

void Measurements::first_colour_map(Simulation& sim, const Settings& s, PanelStats& stats) {
  colour_maps_.update(sim, s, stats, Clock::now());
}

void Measurements::refresh(const Settings& s, bool shown, std::uint64_t sim_steps) {
  const auto now = Clock::now();
  if (shown && !diagnostics_.pending() && now - last_diagnostics_ > std::chrono::seconds(1)) {
    last_diagnostics_ = now;
    diagnostics_.set(runner_.ask([](Session& ses) { return ses.simulation().diagnostics(); }),
                     generation_);
  }
  if (s.accuracy_auto && now - last_accuracy_ > std::chrono::seconds(3)) {
    last_accuracy_ = now;
    measure_accuracy();
  }
  ask_overlays(s, sim_steps);
  ask_colour_map(s);
}

// The overlays are asked of the thread (the CUDA backend replays the walk on the device) at most
// five times a second and drawn when they arrive.
void Measurements::ask_overlays(const Settings& s, std::uint64_t sim_steps) {
  const bool shown = s.octree_overlay || s.picked_body >= 0;
  if (overlay_.pending() || !overlay_refresh_.due(sim_steps, shown, Clock::now())) return;
  const int depth = s.octree_overlay ? s.octree_depth : -1;
  const int picked = s.picked_body;
  overlay_.set(runner_.ask([depth, picked](Session& ses) {
                 return overlay_geometry(ses.simulation(), depth, picked);
               }),
               generation_);
}

// The colour maps' values are computed on the thread (the error map is a direct sum: about a
// second at 1M bodies on an H100) and handed to the simulation's vertex writers there; asked
// again once the last answer is in, while a map is shown or was shown (to clear it).
void Measurements::ask_colour_map(const Settings& s) {
  const bool map = shown_field(s.render) != nullptr;
  if (colour_map_.pending() || (!map && !map_shown_)) return;
  map_shown_ = map;
  colour_map_.set(runner_.ask([this, s](Session& session) {
                    PanelStats out;
                    Simulation& sim = session.simulation();
                    const int before = colour_maps_.computed();
                    const BodyField had = sim.shown_field();
                    colour_maps_.update(sim, s, out, Clock::now());
                    // New values (or speeds again) show at once, also while paused. What the
                    // panel says changes only where a map was made or cleared.
                    if (colour_maps_.computed() == before && had == sim.shown_field() &&
                        out.colour_map_error.empty()) {
                      return MapInfo{};
                    }
                    runner_.publish_now();
                    return MapInfo{std::pair{out.colour_map_info, out.colour_map_error}};
                  }),
                  generation_);
}

Measurements::Arrived Measurements::collect(Settings& s, PanelStats& stats) {
  Arrived out;
  collect_overlays(out, stats);
  collect_colour_map(stats);
  collect_diagnostics(out, stats);
  collect_accuracy(out, stats);
  try {
    if (const auto p = pick_.take(generation_); p && *p != s.picked_body) {
      s.picked_body = *p;
      overlay_refresh_.invalidate();
    }
  } catch (const std::exception& e) {
    out.reports.push_back(Report::error(fmt::format("pick: {}", e.what())));
  }
  return out;
}

void Measurements::collect_overlays(Arrived& out, PanelStats& stats) {
  try {
    out.overlay = overlay_.take(generation_);
    if (out.overlay) overlay_error_.clear();
  } catch (const std::exception& e) {
    const std::string what = fmt::format("overlay: {}", e.what());
    if (overlay_error_ != what) out.reports.push_back(Report::error(what));
    overlay_error_ = what;
    out.overlay = OverlayGeometry{};
  }
  if (out.overlay) stats.picked_info = out.overlay->info;
}

void Measurements::collect_colour_map(PanelStats& stats) {
  if (!colour_map_.ready()) return;
  try {
    if (const auto info = colour_map_.take(generation_); info && *info) {
      stats.colour_map_info = (*info)->first;
      stats.colour_map_error = (*info)->second;
    }
  } catch (const std::exception& e) {
    stats.colour_map_error = e.what();
  }
}

void Measurements::collect_diagnostics(Arrived& out, PanelStats& stats) {
  try {
    if (const auto d = diagnostics_.take(generation_)) {
      if (!energy0_) energy0_ = d->total();
      stats.energy_drift = *energy0_ != 0 ? (d->total() - *energy0_) / std::abs(*energy0_) : 0.0;
      stats.have_energy = true;
      out.com = glm::vec3(d->com[0], d->com[1], d->com[2]);
    }
  } catch (const std::exception& e) {
    out.reports.push_back(Report::error(fmt::format("diagnostics: {}", e.what())));
  }
}

void Measurements::collect_accuracy(Arrived& out, PanelStats& stats) {
  try {
    if (const auto a = accuracy_.take(generation_)) {
      stats.accuracy = a->errors;
      stats.have_accuracy = true;
      stats.accuracy_chart.add(
          {stats.bodies, stats.source, stats.backend_name},
          {a->params.theta, a->params.alpha, stats.timings.total_ms, stats.accuracy.p99});
      // A measurement that failed before is over; another action's error is not this one's.
      if (stats.error_place == Place::Accuracy) {
        out.reports.push_back(Report::done(Place::Accuracy));
      }
    }
  } catch (const std::exception& e) {
    out.reports.push_back(
        Report::error(fmt::format("accuracy: {}", e.what()), Place::Accuracy));
  }
}

}  // namespace galaxy::app

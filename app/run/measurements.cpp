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
                  const Simulation& sim = s.simulation();
                  const Meters& m = offered(sim.meters(), sim, Face::Meters, "the accuracy meter");
                  return Measured{m.measure_accuracy(1000, seed), sim.params()};
                }),
                generation_);
}

void Measurements::request_error_map() {
  runner_.post([this](Session&) { shown_field_.request_error_map(); });
}

// Where the window draws a subset (over MPI ranks, every k-th body), the click picks among the
// bodies drawn and the ranks sum its exact force: nothing else is gathered (24 GB at 400M).
void Measurements::pick(const glm::mat4& vp, glm::vec2 window, glm::vec2 cursor,
                        bool skip_halo) {
  pick_.set(runner_.ask([=](Session& s) {
    const Simulation& sim = s.simulation();
    PickFound p;
    const VertexWriter* v = sim.vertices();
    if (const std::size_t k = v ? v->vertex_stride() : 1; k > 1) {
      std::vector<float> xyzs(4 * sim.vertex_count());
      std::vector<std::uint8_t> tags(sim.vertex_count());
      v->write_vertices_host(xyzs.data(), tags.data());
      const int j = pick_vertex(xyzs.data(), tags.data(), tags.size(), vp, window.x, window.y,
                                cursor, 12.0f, skip_halo);
      if (j < 0) return p;
      p.index = static_cast<int>(static_cast<std::size_t>(j) * k);
      const std::uint64_t index = static_cast<std::uint64_t>(p.index);
      const Meters& m = offered(sim.meters(), sim, Face::Meters, "inspecting a body");
      p.inspected = inspect_body(m.exact_sample({index}), 0, s.units());
      return p;
    }
    const HostBodies b = sim.download();
    p.index = pick_body(b, vp, window.x, window.y, cursor, 12.0f, skip_halo);
    if (p.index >= 0) {
      p.inspected = inspect_body(b, p.index, sim.params().softening, s.units());
    }
    return p;
  }),
            generation_);
}

// The follow camera's centres from the vertices (17 bytes a body, not the whole state): ten
// times a second, but never more than 5% of the simulation's thread (a 10M run's copy of its
// vertices takes a good part of 100 ms), and in lockstep (a recording) every frame, which shows
// its own steps.
void Measurements::ask_centres(FollowMode follow, bool separation) {
  const auto now = Clock::now();
  const bool due = !runner_.threaded() || now - last_centres_ >= centres_interval_;
  if ((follow == FollowMode::Off && !separation) || centres_.pending() || !due) return;
  last_centres_ = now;
  // The separation needs every galaxy's centre; with another followed centre, everything's.
  FollowMode mode = follow;
  if (separation) {
    mode = follow == FollowMode::Off || follow == FollowMode::Galaxy ? FollowMode::Galaxy
                                                                      : FollowMode::Off;
  }
  centres_.set(runner_.ask([mode](Session& ses) {
                 const auto t0 = Clock::now();
                 const Simulation& sim = ses.simulation();
                 const VertexWriter& v =
                     offered(sim.vertices(), sim, Face::Vertices, "following the galaxies");
                 std::vector<float> xyzs(4 * sim.vertex_count());
                 std::vector<std::uint8_t> tags(sim.vertex_count());
                 v.write_vertices_host(xyzs.data(), tags.data());
                 Centres c = find_centres(xyzs.data(), tags.data(), tags.size(), mode);
                 c.time = sim.time();
                 c.cost_s = std::chrono::duration<double>(Clock::now() - t0).count();
                 return c;
               }),
               generation_);
}

FieldReport Measurements::first_colour_map(Simulation& sim, const render::RenderParams& look) {
  FieldReport said;
  shown_field_.update(sim, look, said, Clock::now());
  return said;
}

void Measurements::refresh(const render::RenderParams& look, const OverlayAsk& overlays, FollowMode follow,
                           bool separation, bool accuracy_auto, bool shown,
                           std::uint64_t sim_steps) {
  const auto now = Clock::now();
  if (shown && !diagnostics_.pending() && now - last_diagnostics_ > std::chrono::seconds(1)) {
    last_diagnostics_ = now;
    diagnostics_.set(runner_.ask([](Session& ses) { return ses.simulation().diagnostics(); }),
                     generation_);
  }
  if (accuracy_auto && now - last_accuracy_ > std::chrono::seconds(3)) {
    last_accuracy_ = now;
    measure_accuracy();
  }
  ask_overlays(overlays, sim_steps);
  ask_colour_map(look);
  ask_centres(follow, separation);
}

// The overlays are asked of the thread (the CUDA backend replays the walk on the device) at most
// five times a second and drawn when they arrive.
void Measurements::ask_overlays(const OverlayAsk& o, std::uint64_t sim_steps) {
  if (overlay_.pending() || !overlay_refresh_.due(sim_steps, o.shown(), Clock::now())) return;
  const int depth = o.octree_depth, picked = o.picked;
  overlay_.set(runner_.ask([depth, picked](Session& ses) {
                 return overlay_geometry(ses.simulation(), depth, picked);
               }),
               generation_);
}

// The colour maps' values are computed on the thread (the error map is a direct sum: about a
// second at 1M bodies on an H100) and handed to the simulation's vertex writers there; asked
// again once the last answer is in, while a map is shown or was shown (to clear it).
void Measurements::ask_colour_map(const render::RenderParams& shown) {
  const bool map = shown_field(shown) != nullptr;
  const render::RenderParams look = shown;
  if (colour_map_.pending() || (!map && !map_shown_)) return;
  map_shown_ = map;
  colour_map_.set(runner_.ask([this, look](Session& session) {
                    FieldReport out;
                    Simulation& sim = session.simulation();
                    const int before = shown_field_.computed();
                    const auto now_shown = [&sim] {
                      return sim.fields() ? sim.fields()->shown_field() : BodyField::Speed;
                    };
                    const BodyField had = now_shown();
                    shown_field_.update(sim, look, out, Clock::now());
                    // New values (or speeds again) show at once, also while paused. What the
                    // panel says changes only where a map was made or cleared.
                    if (shown_field_.computed() == before && had == now_shown() &&
                        out.error.empty()) {
                      return MapInfo{};
                    }
                    runner_.publish_now();
                    return MapInfo{out};
                  }),
                  generation_);
}

Measurements::Arrived Measurements::collect(Place error_place) {
  Arrived out;
  collect_overlays(out);
  collect_colour_map(out);
  collect_diagnostics(out);
  collect_accuracy(out, error_place);
  collect_pick(out);
  try {
    if (const auto c = centres_.take(generation_)) {
      out.centres = *c;
      centres_interval_ = std::max<Clock::duration>(
          std::chrono::milliseconds(100),
          std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(20 * c->cost_s)));
    }
  } catch (const std::exception& e) {
    out.reports.push_back(Report::error(fmt::format("follow: {}", e.what())));
  }
  return out;
}

// A picked body: its galaxy is the follow camera's to follow (WindowRun), its walk and what
// inspect says of it the inspect feature's (Inspect::found).
void Measurements::collect_pick(Arrived& out) {
  try {
    out.pick = pick_.take(generation_);
  } catch (const std::exception& e) {
    out.reports.push_back(Report::error(fmt::format("pick: {}", e.what())));
  }
}

void Measurements::collect_overlays(Arrived& out) {
  try {
    out.overlay = overlay_.take(generation_);
    if (out.overlay) overlay_error_.clear();
  } catch (const std::exception& e) {
    const std::string what = fmt::format("overlay: {}", e.what());
    if (overlay_error_ != what) out.reports.push_back(Report::error(what));
    overlay_error_ = what;
    out.overlay = OverlayGeometry{};
  }
}

void Measurements::collect_colour_map(Arrived& out) {
  if (!colour_map_.ready()) return;
  try {
    if (const auto info = colour_map_.take(generation_); info && *info) out.colour_map = **info;
  } catch (const std::exception& e) {
    out.colour_map = FieldReport{{}, e.what()};  // the legend shows the error over the info
  }
}

void Measurements::collect_diagnostics(Arrived& out) {
  try {
    if (const auto d = diagnostics_.take(generation_)) {
      if (!energy0_) energy0_ = d->total();
      const double drift = *energy0_ != 0 ? (d->total() - *energy0_) / std::abs(*energy0_) : 0.0;
      out.energy = Arrived::Energy{drift, d->mass};
    }
  } catch (const std::exception& e) {
    out.reports.push_back(Report::error(fmt::format("diagnostics: {}", e.what())));
  }
}

void Measurements::collect_accuracy(Arrived& out, Place error_place) {
  try {
    if (const auto a = accuracy_.take(generation_)) {
      out.accuracy = AccuracyFound{a->errors, a->params.theta, a->params.alpha};
      // A measurement that failed before is over; another action's error is not this one's.
      if (error_place == Place::Accuracy) {
        out.reports.push_back(Report::done(Place::Accuracy));
      }
    }
  } catch (const std::exception& e) {
    out.reports.push_back(
        Report::error(fmt::format("accuracy: {}", e.what()), Place::Accuracy));
  }
}

}  // namespace galaxy::app

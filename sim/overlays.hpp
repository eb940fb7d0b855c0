// SPDX-License-Identifier: MIT
// A face of a Simulation (simulation.hpp): the teaching overlays' tree walk and cells, read from
// the backend's own tree. Simulation::overlays() is null where the backend has no tree to show
// (a run over several MPI ranks), and Simulation::why_not(Face::Overlays) says why.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace galaxy {

// One body's tree walk as the running solver makes it, for the teaching overlay. Boxes are the
// boxes around each cell's bodies (what the opening test measures).
struct TraceBox {
  std::array<float, 3> lo{}, hi{};
  int level = 0;  // depth below the root
};
struct WalkTrace {
  std::array<float, 3> body{};     // the traced body's position
  std::vector<TraceBox> accepted;  // cells taken whole (their multipoles): body-cell interactions
  std::vector<TraceBox> opened;    // cells and leaves the walk descended into
  std::vector<std::array<float, 3>> direct;  // bodies summed one by one: body-body interactions
  // Both backends decide once for a group of neighbouring bodies (cuda/force.cu, cpu/force.cpp):
  // the group's box and size.
  TraceBox group;
  std::size_t group_bodies = 1;
  bool truncated = false;  // the lists were capped (kMaxTraceEntries each)
  float theta = 0, alpha = 0;  // the opening test's parameters in that pass
};
inline constexpr std::size_t kMaxTraceEntries = 1u << 16;

class Overlays {
 public:
  virtual ~Overlays() = default;
  // The walk that body `index` (reset()'s order) made in the last force pass, on the backend's own
  // tree and with its own opening decisions (the CUDA backend replays its group's walk on the
  // device, hence not const); the cells of that tree down to `max_depth`. Small results: nothing
  // else is downloaded. They throw std::out_of_range for a bad index and std::logic_error for the
  // direct solver (no tree), and after Simulation::restore() until the next force pass.
  virtual WalkTrace trace_walk(std::size_t index) = 0;
  virtual std::vector<TraceBox> tree_cells(int max_depth) const = 0;
  // Whether the tree is of the bodies as they are: false after Simulation::restore() until the
  // next force pass (Simulation::compute_forces() makes one without moving anything).
  virtual bool tree_current() const = 0;
};

}  // namespace galaxy

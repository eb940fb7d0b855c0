// SPDX-License-Identifier: MIT
// Finished steps passed from the thread that steps the simulation to the frame loop: two slots
// of vertices (4 floats and a tag byte a body), one the newest published step, the other being
// written. The frame loop copies the newest into the GL buffers and never sees a half-written
// step: a slot is published whole, after the device (or the host) finished writing it, and it is
// not written again until the frame loop's copy from it has finished.
//
// A slot lives in device memory where the simulation runs in CUDA and the GL buffers are
// registered with CUDA (the copy stays on the device), else on the host.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "device_vertices.hpp"
#include "interop_buffer.hpp"
#include "simulation.hpp"

namespace galaxy::app {

// What the frame loop knows of a finished step.
struct StepReport {
  std::uint64_t sequence = 0;  // publications so far (a new one: new vertices)
  std::uint64_t steps = 0;
  double time = 0;
  std::size_t bodies = 0;
  std::size_t vertices = 0;  // in the slot (publish sets it): one a body, or every k-th
  StageTimings timings;
  InteractionCounts interactions;
  RankReport ranks;   // over several MPI ranks: each rank's bodies and step time
  float wall_ms = 0;  // the step on its thread, from launch to finished
  std::string name;   // the simulation's, "cuda/barnes-hut"
};

class FrameHandoff {
 public:
  // The stepping thread: writes `sim`'s current vertices into the slot not shown and publishes it
  // with `r` (its sequence is set here). `device`: write on the device (CUDA with interop).
  // `vertex_of`: with where each body's vertex is (render::VertexBuffers::vertex_of; the trails'),
  // on the host by writing the vertices in the bodies' own order. Throws what the simulation or
  // an allocation throws; the published step stays.
  void publish(Simulation& sim, StepReport r, bool device, bool vertex_of = false);

  struct Taken {
    bool fresh = false;        // vertices of a newer step were copied into the buffers
    bool interop = false;      // device to device
    std::uint64_t bytes = 0;   // host to GL bytes
    std::optional<StepReport> report;  // the step the buffers now hold (none before the first)
  };
  // The frame loop: copies the newest published step into `buffers` when it is newer than the
  // last taken. The buffers must have its vertex count (`newest_vertices()`); a mismatch copies
  // nothing, as does a mismatch of has_vertex_of() (newest_has_vertex_of()). Throws what CUDA
  // throws (the mapping).
  Taken take(render::VertexBuffers& buffers);
  // The vertex count of the newest published step (0 before the first).
  std::size_t newest_vertices() const;
  bool newest_has_vertex_of() const;
  // Drops the slots (their memory) and what they held: after the run or the backend changed.
  void clear();

 private:
  struct Slot {
    render::DeviceVertices device;
    std::vector<float> xyzs;
    std::vector<std::uint8_t> tags;
    bool on_device = false;
    bool vertex_of = false;
    StepReport report;
  };
  std::array<Slot, 2> slots_;
  mutable std::mutex mutex_;
  int front_ = -1;  // the newest published slot
  std::uint64_t sequence_ = 0, taken_ = 0;
};

}  // namespace galaxy::app

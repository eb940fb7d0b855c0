// SPDX-License-Identifier: MIT
// What the panel shows of the picture side: the drawn step and the frame's costs. The screen
// (picture/screen.hpp) is their one writer; the panel and the summary read them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace galaxy::app {

// The step the picture shows (the published frame's): drawn steps may lag the simulation's.
struct DrawnStep {
  std::size_t bodies = 0;
  std::uint64_t steps = 0;
  double time = 0;
  std::string backend;  // backend and solver, as Simulation::name says them
};

struct FrameStats {
  DrawnStep drawn;
  std::string gl_description;
  float fps = 0, frame_ms = 0, render_ms = -1, vertex_ms = 0;
  int draw_stride = 1;               // > 1: every k-th body is drawn (a subset of a huge N)
  int sent_stride = 1;               // > 1: rank 0 is sent every k-th body of a run over MPI ranks
  std::uint64_t scenes_reused = 0;   // frames that copied the last picture (SceneCache)
  std::uint64_t transfer_bytes = 0;  // host<->device vertex bytes in the last frame
  bool interop = false;              // vertices written by CUDA into GL buffers
  std::string interop_warning;       // why the interop path is not used, when it should be
  bool splat_compute = false;
};

}  // namespace galaxy::app

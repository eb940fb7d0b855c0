// SPDX-License-Identifier: MIT
// The frame-time summary a headless run (or a run with --frames) prints at the end: the median
// of each frame's simulation step, vertex update and render time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace galaxy::app {

// Per-frame numbers kept for the summary.
struct FrameSample {
  float sim_ms = 0, stage_ms = 0, vertex_ms = 0, render_ms = 0;
  std::uint64_t bytes = 0;
};

// What the summary says about the run besides the samples.
struct SummaryHeader {
  int frames = 0, width = 0, height = 0;
  std::string backend_name, gl_description;
  std::size_t bodies = 0;
  bool compute_splat = false;
  bool headless = false;  // render times between two glFinish calls, else GPU timer queries
  bool interop = false;   // vertices written by CUDA-GL interop, else through the host
};

// Two lines on stdout: the run, then the medians (the first frame left out when there are more:
// it pays for shader compilation and first-touch allocation).
void print_summary(const std::vector<FrameSample>& samples, const SummaryHeader& h);

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// The frame-time summary a headless run (or a run with --frames) prints at the end: the median
// of each frame's simulation step, vertex update and render time; the median and 99th
// percentile of the frame time; and the step rate, which differs from the frame rate now that
// the simulation steps on its own thread.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace galaxy::app {

// Per-frame numbers kept for the summary.
struct FrameSample {
  float sim_ms = 0, stage_ms = 0, vertex_ms = 0, render_ms = 0;
  std::uint64_t bytes = 0;
  float frame_ms = 0;     // the frame's start to its picture finished (headless: glFinish)
  float interval_ms = 0;  // since the previous frame's start (pacing included)
  std::uint64_t steps = 0;  // the simulation's step count at the frame's end
  bool new_step = false;    // the frame drew a step newer than the previous frame's
  bool scene_reused = false;  // nothing new to draw: the last picture was copied (SceneCache)
};

// What the summary says about the run besides the samples.
struct SummaryHeader {
  int frames = 0, width = 0, height = 0;
  std::string backend_name, gl_description;
  std::size_t bodies = 0;
  bool compute_splat = false;
  bool headless = false;  // render times between two glFinish calls, else GPU timer queries
  bool interop = false;   // vertices written by CUDA-GL interop, else through the host
  bool threaded = false;  // the simulation stepped on its own thread, else in lockstep
  double display_hz = 0;  // headless frame pacing (0: none)
};


// Three lines on stdout: the run, the medians, then frame times and rates (the first frame left out when there are more:
// it pays for shader compilation and first-touch allocation).
void print_summary(const std::vector<FrameSample>& samples, const SummaryHeader& h);

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "picture/frame_summary.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "median.hpp"

namespace galaxy::app {

namespace {
double p99(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return quantile_sorted(v, 0.99);
}

// Frame times, the pacing, and the steps made per second of the frames summed (the first frame
// left out, as above).
void print_rates(const std::vector<FrameSample>& samples, const SummaryHeader& h) {
  if (samples.size() < 3) return;
  std::vector<float> frame, interval;
  double wall_ms = 0;
  int fresh = 0, drawn = 0;
  for (std::size_t k = 1; k < samples.size(); ++k) {
    frame.push_back(samples[k].frame_ms);
    interval.push_back(samples[k].interval_ms);
    wall_ms += samples[k].interval_ms;
    fresh += samples[k].new_step ? 1 : 0;
    drawn += samples[k].scene_reused ? 0 : 1;
  }
  const double steps = double(samples.back().steps - samples.front().steps);
  fmt::print(
      "galaxy: frame time median {:.2f} ms, p99 {:.2f} ms, longest {:.2f} ms (frame start to "
      "picture finished); "
      "interval median {:.2f} ms, p99 {:.2f} ms ({}); {} steps in {:.2f} s: {:.2f} steps/s; "
      "{} of {} frames drew a new step, {} drew the bodies ({})\n",
      median(frame), p99(frame), *std::max_element(frame.begin(), frame.end()), median(interval),
      p99(interval),
      h.display_hz > 0 ? fmt::format("paced at {:g} Hz", h.display_hz) : "unpaced",
      static_cast<unsigned long long>(steps), wall_ms * 1e-3,
      wall_ms > 0 ? steps / (wall_ms * 1e-3) : 0.0, fresh, frame.size(), drawn,
      h.threaded ? "the simulation on its own thread" : "lockstep");
}
}  // namespace

void print_summary(const std::vector<FrameSample>& samples, const SummaryHeader& h) {
  std::vector<float> sim, stage, vertex, render;
  std::vector<std::uint64_t> bytes;
  for (std::size_t k = samples.size() > 1 ? 1 : 0; k < samples.size(); ++k) {
    // The step's numbers from the frames that drew a new one (with the simulation on its own
    // thread most frames at 10M have none).
    if (!samples[k].scene_reused) render.push_back(samples[k].render_ms);
    if (h.threaded && !samples[k].new_step) continue;
    sim.push_back(samples[k].sim_ms);
    stage.push_back(samples[k].stage_ms);
    vertex.push_back(samples[k].vertex_ms);
    bytes.push_back(samples[k].bytes);
  }
  fmt::print("galaxy: {} frames at {}x{}, {}, N = {}, {}, {}{}\n", h.frames, h.width, h.height,
             h.backend_name, h.bodies, h.compute_splat ? "compute splat" : "GL points",
             h.gl_description,
             h.frames > static_cast<int>(samples.size())
                 ? fmt::format(" (timings of the last {} frames)", samples.size())
                 : "");
  fmt::print(
      "galaxy: median per frame: render {:.3f} ms ({}, frames that drew the bodies), sim step {:.3f} ms (wall) / {:.3f} ms "
      "(stage timers), vertex update {:.3f} ms ({}), host<->device vertex bytes {}\n",
      median(render), h.headless ? "glFinish to glFinish" : "GPU timer query", median(sim),
      median(stage), median(vertex), h.interop ? "CUDA-GL interop" : "host copy",
      static_cast<unsigned long long>(median(bytes)));
  print_rates(samples, h);
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "frame_summary.hpp"

#include <fmt/format.h>

#include "median.hpp"

namespace galaxy::app {

void print_summary(const std::vector<FrameSample>& samples, const SummaryHeader& h) {
  std::vector<float> sim, stage, vertex, render;
  std::vector<std::uint64_t> bytes;
  for (std::size_t k = samples.size() > 1 ? 1 : 0; k < samples.size(); ++k) {
    sim.push_back(samples[k].sim_ms);
    stage.push_back(samples[k].stage_ms);
    vertex.push_back(samples[k].vertex_ms);
    render.push_back(samples[k].render_ms);
    bytes.push_back(samples[k].bytes);
  }
  fmt::print("galaxy: {} frames at {}x{}, {}, N = {}, {}, {}\n", h.frames, h.width, h.height,
             h.backend_name, h.bodies, h.compute_splat ? "compute splat" : "GL points",
             h.gl_description);
  fmt::print(
      "galaxy: median per frame: render {:.3f} ms ({}), sim step {:.3f} ms (wall) / {:.3f} ms "
      "(stage timers), vertex update {:.3f} ms ({}), host<->device vertex bytes {}\n",
      median(render), h.headless ? "glFinish to glFinish" : "GPU timer query", median(sim),
      median(stage), median(vertex), h.interop ? "CUDA-GL interop" : "host copy",
      static_cast<unsigned long long>(median(bytes)));
}

}  // namespace galaxy::app

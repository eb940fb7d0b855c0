// SPDX-License-Identifier: MIT
// When the trails sample and when they start over (render/trails.hpp holds them on the GPU):
// a sample every TrailParams::every steps of the drawn step, taken from the vertex buffers after
// the frame copied a new step in; a fresh start when the trails' settings or the body count
// change, when the run changes (reset(): a vertex index then names another body) and when the
// drawn step goes back in time. The one owner of the trails.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "interop_buffer.hpp"
#include "render_params.hpp"
#include "run/report.hpp"
#include "trails.hpp"

namespace galaxy::app {

class TrailPath {
 public:
  // After the vertex path: `bodies` hold the drawn step; `fresh_step` is its step number where
  // the frame copied a new step in. A failure (a shader, memory for the ring) turns the trails
  // off until their settings change, and is returned once (error() keeps saying it).
  std::optional<Report> update(const render::VertexBuffers& bodies, const render::TrailParams& p,
                               std::optional<std::uint64_t> fresh_step);
  // The run changed wholesale: the next update starts over.
  void reset() { stale_ = true; }

  // The trails to draw over the bodies; null while they are off.
  const render::Trails* trails() const;
  const std::string& error() const { return error_; }

 private:
  bool start_over(const render::VertexBuffers& bodies, const render::TrailParams& p,
                  std::optional<std::uint64_t> fresh_step) const;
  void sample(const render::VertexBuffers& bodies, std::uint64_t step);

  std::optional<render::Trails> trails_;  // made when first turned on (GL programs)
  render::TrailParams params_;            // what trails_ was reset with
  std::size_t bodies_ = 0;                // the body count it was reset for
  std::optional<std::uint64_t> sampled_;  // the step of the newest sample
  bool stale_ = true;
  std::string error_;
  render::TrailParams failed_;  // the settings that failed: tried again once they change
};

}  // namespace galaxy::app

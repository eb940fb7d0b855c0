// SPDX-License-Identifier: MIT
// How the bodies reach the GL vertex buffers each frame: on the CUDA backend the simulation
// writes the mapped buffers itself (CUDA-GL interop); otherwise, or where interop fails, the
// vertices are copied through the host. Owns the buffers and the host copy.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interop_buffer.hpp"
#include "simulation.hpp"

namespace galaxy::app {

class VertexPath {
 public:
  struct Written {
    bool ok = false;          // false: the buffers do not match the body count (nothing written)
    bool interop = false;     // written by CUDA into the GL buffers
    std::uint64_t bytes = 0;  // host<->device vertex bytes moved
  };

  // Buffers for the simulation's bodies (registered with CUDA on its backend). `warning` gets
  // why interop is unavailable where it should be, or is cleared. Throws when GL cannot allocate.
  void resize(const Simulation& sim, std::string& warning);
  // Writes the current bodies into the buffers; `warning` says why the host path is used where
  // interop should have been (printed once).
  Written update(Simulation& sim, std::string& warning);
  // The current vertices on the host (4 floats a body), written from the simulation when stale
  // (and when the buffers match its body count).
  const std::vector<float>& host_xyzs(const Simulation& sim);
  // The host copy when it holds the current vertices (the host path wrote it), else null.
  const std::vector<float>* current_host_xyzs() const {
    return host_current_ ? &host_xyzs_ : nullptr;
  }

  const render::VertexBuffers& buffers() const { return buffers_; }

 private:
  render::VertexBuffers buffers_;
  std::vector<float> host_xyzs_;
  std::vector<std::uint8_t> host_tags_;
  bool host_current_ = false;
  bool fallback_warned_ = false;
};

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// How finished steps reach the GL vertex buffers: the newest step the simulation's thread
// published (FrameHandoff) is copied in, device to device where the simulation runs in CUDA and
// the buffers are registered with CUDA (CUDA-GL interop), else uploaded from the host. Owns the
// buffers.
#pragma once

#include <cstdint>
#include <string>

#include "run/frame_handoff.hpp"
#include "interop_buffer.hpp"

namespace galaxy::app {

class VertexPath {
 public:
  // Buffers for `count` bodies, registered with CUDA when `cuda`, with vertex_of when asked.
  // `warning` gets why interop is unavailable where it should be, or is cleared. Throws when GL
  // cannot allocate.
  void resize(std::size_t count, bool cuda, bool vertex_of, std::string& warning);
  // Whether the thread may write device slots (the buffers are registered with CUDA).
  bool interop_ready() const { return buffers_.cuda_registered(); }

  // Copies the newest published step when it is newer than the one drawn. A publication of
  // another body count (a body-count change), or with or without vertex_of where the buffers
  // differ, resizes the buffers first. A failed interop copy
  // turns interop off (`warning` says why; interop_ready() is then false) and copies nothing.
  FrameHandoff::Taken update(FrameHandoff& handoff, bool cuda, std::string& warning);

  const render::VertexBuffers& buffers() const { return buffers_; }

 private:
  render::VertexBuffers buffers_;
  bool cuda_ = false;
};

}  // namespace galaxy::app

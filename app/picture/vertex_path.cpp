// SPDX-License-Identifier: MIT
#include "picture/vertex_path.hpp"

#include <cstdio>
#include <exception>

namespace galaxy::app {

void VertexPath::resize(std::size_t count, bool cuda, bool vertex_of, std::string& warning) {
  buffers_.resize(count, cuda, vertex_of);
  cuda_ = cuda;
  warning.clear();
  if (cuda && !buffers_.cuda_registered()) {
    warning = "CUDA-GL interop unavailable (" + buffers_.registration_error() +
              "): copying vertices through the host";
    std::fprintf(stderr, "galaxy: warning: %s\n", warning.c_str());
  }
}

FrameHandoff::Taken VertexPath::update(FrameHandoff& handoff, bool cuda, std::string& warning) {
  const std::size_t n = handoff.newest_vertices();
  const bool vertex_of = handoff.newest_has_vertex_of();
  if (n != buffers_.count() || cuda != cuda_ || vertex_of != buffers_.has_vertex_of()) {
    resize(n, cuda, vertex_of, warning);
  }
  try {
    FrameHandoff::Taken t = handoff.take(buffers_);
    if (t.fresh && t.report->vertices > 0) {
      buffers_.set_stands_for(static_cast<float>(double(t.report->bodies) / t.report->vertices));
    }
    return t;
  } catch (const std::exception& e) {
    // Interop failed while mapping: the buffers go back to plain GL buffers and the thread
    // publishes through the host from now on.
    warning = std::string("CUDA-GL interop failed (") + e.what() +
              "): copying vertices through the host";
    std::fprintf(stderr, "galaxy: warning: %s\n", warning.c_str());
    buffers_.resize(buffers_.count(), false, buffers_.has_vertex_of());
    return {};
  }
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "vertex_path.hpp"

#include <cstdio>
#include <exception>

#include "renderer.hpp"

namespace galaxy::app {

void VertexPath::resize(const Simulation& sim, std::string& warning) {
  const bool cuda = sim.backend() == Backend::Cuda;
  buffers_.resize(sim.size(), cuda);
  host_xyzs_.assign(4 * sim.size(), 0.0f);
  host_tags_.assign(render::tag_buffer_bytes(sim.size()), 0);
  host_current_ = false;
  warning.clear();
  if (cuda && !buffers_.cuda_registered()) {
    warning = "CUDA-GL interop unavailable (" + buffers_.registration_error() +
              "): copying vertices through the host";
    std::fprintf(stderr, "galaxy: warning: %s\n", warning.c_str());
  }
}

VertexPath::Written VertexPath::update(Simulation& sim, std::string& warning) {
  const std::size_t n = sim.size();
  Written w;
  if (buffers_.count() != n || host_xyzs_.size() != 4 * n) {
    return w;  // the buffers could not follow a body-count change; the panel shows why
  }
  w.ok = true;
  if (sim.backend() == Backend::Cuda && buffers_.cuda_registered()) {
    // The interop path: CUDA writes the GL buffers while they are mapped; the mapping unmaps
    // when it goes out of scope, before GL draws from them.
    try {
      auto mapping = buffers_.map();
      w.interop = sim.write_vertices_device(mapping.xyzs(), mapping.tags(), mapping.stream());
    } catch (const std::exception& e) {
      warning = std::string("CUDA-GL interop failed (") + e.what() +
                "): copying vertices through the host";
    }
    if (!w.interop && !fallback_warned_) {
      if (warning.empty())
        warning = "the backend cannot write GL buffers: copying through the host";
      std::fprintf(stderr, "galaxy: warning: %s\n", warning.c_str());
      fallback_warned_ = true;
    }
    host_current_ = false;
  }
  if (!w.interop) {
    sim.write_vertices_host(host_xyzs_.data(), host_tags_.data());
    buffers_.upload(host_xyzs_.data(), host_tags_.data());
    host_current_ = true;
    // Host to GL, and for CUDA first device to host.
    w.bytes = n * (4 * sizeof(float) + 1) * (sim.backend() == Backend::Cuda ? 2 : 1);
  }
  return w;
}

const std::vector<float>& VertexPath::host_xyzs(const Simulation& sim) {
  if (!host_current_ && host_xyzs_.size() == 4 * sim.size()) {
    sim.write_vertices_host(host_xyzs_.data(), host_tags_.data());
    host_current_ = true;
  }
  return host_xyzs_;
}

}  // namespace galaxy::app

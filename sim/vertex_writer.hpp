// SPDX-License-Identifier: MIT
// A face of a Simulation (simulation.hpp): the render vertices the window draws, written from the
// backend's own memory. Every backend offers it; the window asks Simulation::vertices().
#pragma once

#include <cstddef>
#include <cstdint>

#include "bodies.hpp"

namespace galaxy {

class VertexWriter {
 public:
  virtual ~VertexWriter() = default;

  // Render vertices. `xyzs` gets 4 floats per body (x, y, z, speed) and `tags`, when not null, one
  // byte per body (population | galaxy << 2), in the same order. The host form works for every
  // backend. The device form writes device pointers (the interop path: a mapped GL buffer) on
  // `stream` (a cudaStream_t; nullptr for the default stream); only a backend with the bodies on
  // a device supports it, and the others return false.
  virtual void write_vertices_host(float* xyzs, std::uint8_t* tags) const = 0;
  // The device form writes in the backend's order (the CUDA backend's tree order keeps
  // neighbours together, which the splat draws faster: 7.0 against 9.5 ms for 10M bodies at
  // 1920x1080 on an H100) and, where `vertex_of` is not null, one uint32 a body in reset()'s
  // order: the index of its vertex (how the trails find a body from step to step).
  virtual bool write_vertices_device(float* /*xyzs*/, std::uint8_t* /*tags*/,
                                     std::uint32_t* /*vertex_of*/, void* /*stream*/) {
    return false;
  }
  // The host form's order: the bodies' own (reset()'s: a vertex stays one body from step to step,
  // as trails need) with `by_body`, else the backend's choice (the CUDA backend's tree order).
  // The CPU backend's are always in the bodies' own order.
  virtual void set_vertex_order(bool /*by_body*/) {}
  // Bodies a vertex stands for: 1, except in a run over several MPI ranks of more bodies than its
  // vertex budget (Settings::max_drawn), whose ranks send rank 0 every k-th body of reset()'s
  // order (vertex j is body j k, in both forms and orders). The write forms then write
  // Simulation::vertex_count() vertices, and a drawn vertex carries the light of k bodies.
  virtual std::size_t vertex_stride() const { return 1; }
  virtual void set_vertex_budget(std::size_t /*most*/) {}
};

// The host form from bodies at hand (their own order), with the live speed in w.
void write_vertices_of(const HostBodies& b, float* xyzs, std::uint8_t* tags);

}  // namespace galaxy

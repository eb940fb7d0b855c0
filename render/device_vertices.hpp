// SPDX-License-Identifier: MIT
// One finished step's vertices parked in device memory (4 floats and a tag byte a body, and where
// asked the vertex index of each body: VertexBuffers' vertex_of), between
// the thread that steps the simulation, which writes them, and the frame loop, which copies them
// into the mapped GL buffers (VertexBuffers::Mapping). The copy is device to device: at 10M
// bodies 170 MB, about a tenth of a millisecond on an H100.
//
// This header has no CUDA include: the CUDA calls live in device_vertices.cpp behind
// GALAXY_HAVE_CUDA; without CUDA, resize() throws.
#pragma once

#include <cstddef>
#include <cstdint>

#include "interop_buffer.hpp"

namespace galaxy::render {

class DeviceVertices {
 public:
  DeviceVertices() = default;
  ~DeviceVertices();
  DeviceVertices(const DeviceVertices&) = delete;
  DeviceVertices& operator=(const DeviceVertices&) = delete;

  // Room for `count` bodies, with vertex_of where asked (the contents are lost). Throws
  // std::runtime_error when CUDA cannot allocate, keeping the old room.
  void resize(std::size_t count, bool with_vertex_of = false);
  std::size_t count() const { return count_; }
  float* xyzs() const { return xyzs_; }
  std::uint8_t* tags() const { return tags_; }
  std::uint32_t* vertex_of() const { return vertex_of_; }  // null unless asked for

  // Copies count() vertices (and vertex_of, where both have it) into the mapped buffers on the
  // mapping's stream and marks the copy.
  void copy_to(const VertexBuffers::Mapping& m);
  // Waits until the last copy_to() has finished reading: before the slot is written again.
  void wait_copied() const;

 private:
  void release() noexcept;
  std::size_t count_ = 0;
  float* xyzs_ = nullptr;
  std::uint8_t* tags_ = nullptr;
  std::uint32_t* vertex_of_ = nullptr;
  void* copied_ = nullptr;  // cudaEvent_t recorded after the last copy
};

}  // namespace galaxy::render

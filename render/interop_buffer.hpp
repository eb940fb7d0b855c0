// SPDX-License-Identifier: MIT
// The vertex buffers the renderer draws: 4 floats per body (x, y, z, speed) and one tag byte per
// body, in an order the simulation chooses (the CUDA backend's is its tree order, which the splat
// draws fastest). Where something must find a body by its own index (the trails), a third buffer,
// vertex_of, says where each body's vertex is. Where the simulation runs in CUDA they are registered with CUDA (write-discard) and the
// simulation writes them through a scoped mapping, so vertices never cross to the host. Where
// registration fails (a GL context on another GPU, a remote desktop, a build without CUDA) the
// buffers stay plain GL buffers and the caller uploads host copies.
//
// This header has no CUDA include: the registration lives in interop_buffer.cpp behind
// GALAXY_HAVE_CUDA.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "gl_object.hpp"

namespace galaxy::render {

class VertexBuffers {
 public:
  VertexBuffers() = default;
  ~VertexBuffers();
  VertexBuffers(const VertexBuffers&) = delete;
  VertexBuffers& operator=(const VertexBuffers&) = delete;
  VertexBuffers(VertexBuffers&& o) noexcept;
  VertexBuffers& operator=(VertexBuffers&& o) noexcept;

  // Reallocates for `count` bodies: unregisters from CUDA, reallocates the GL buffers, and
  // registers them again when `register_with_cuda`. A failed registration is not an error: the
  // buffers work for uploads and registration_error() says why CUDA cannot write them. Throws
  // only when GL cannot allocate. With `with_vertex_of`, the vertex_of buffer is made too, holding
  // the identity (vertices in the bodies' own order, as uploads have them) until CUDA writes it.
  void resize(std::size_t count, bool register_with_cuda, bool with_vertex_of = false);

  std::size_t count() const { return count_; }
  // Bodies each vertex stands for: 1, or k where the simulation sent every k-th body (a run over
  // several MPI ranks: Simulation::vertex_stride); a drawn vertex carries their light.
  float stands_for() const { return stands_for_; }
  void set_stands_for(float k) { stands_for_ = k; }
  GLuint xyzs() const { return xyzs_.id(); }
  GLuint tags() const { return tags_.id(); }
  // One uint a body: the index of its vertex (0 while there is no such buffer).
  GLuint vertex_of() const { return vertex_of_.id(); }
  bool has_vertex_of() const { return vertex_of_.id() != 0; }
  bool cuda_registered() const { return resources_[0] != nullptr; }
  const std::string& registration_error() const { return registration_error_; }

  // Host-copy path: uploads `count()` vertices and tags through the GL API.
  void upload(const float* xyzs, const std::uint8_t* tags);

  // The device pointers of the buffers while CUDA has them mapped. Unmaps on destruction; GL
  // must not touch the buffers while a Mapping lives.
  class Mapping {
   public:
    ~Mapping();
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    Mapping(Mapping&& o) noexcept;
    Mapping& operator=(Mapping&&) = delete;
    float* xyzs() const { return xyzs_; }
    std::uint8_t* tags() const { return tags_; }
    std::uint32_t* vertex_of() const { return vertex_of_; }  // null where there is no such buffer
    // The stream the buffers are mapped on (a cudaStream_t): write them on it, or make it wait
    // for the stream that writes them, so that the unmap follows the writes.
    void* stream() const { return stream_; }

   private:
    friend class VertexBuffers;
    Mapping(void** resources, int count, void* stream);
    void** resources_ = nullptr;
    int count_ = 0;
    void* stream_ = nullptr;
    float* xyzs_ = nullptr;
    std::uint8_t* tags_ = nullptr;
    std::uint32_t* vertex_of_ = nullptr;
  };
  // Maps the buffers on the buffers' own CUDA stream. Throws std::runtime_error when not
  // registered or when mapping fails.
  Mapping map();

 private:
  void unregister() noexcept;

  std::size_t count_ = 0;
  float stands_for_ = 1;
  GlBuffer xyzs_, tags_, vertex_of_;
  void* resources_[3] = {nullptr, nullptr, nullptr};  // cudaGraphicsResource_t, vertex_of's last
  void* stream_ = nullptr;  // cudaStream_t, non-blocking: the simulation's streams do not sync
                            // with the legacy default stream, so map and unmap need a real one
  std::string registration_error_;
};

// Bytes of the tag buffer for `count` bodies: padded to whole 32-bit words so that shaders can
// read it as a uint array.
inline std::size_t tag_buffer_bytes(std::size_t count) {
  return (count + 3) / 4 * 4;
}

}  // namespace galaxy::render

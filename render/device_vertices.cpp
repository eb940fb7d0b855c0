// SPDX-License-Identifier: MIT
#include "device_vertices.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#if GALAXY_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "cuda_error.hpp"
#endif

namespace galaxy::render {

#if GALAXY_HAVE_CUDA
namespace {
void check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  cudaGetLastError();  // not sticky: later calls are not blamed
  throw std::runtime_error(cuda_error_message(what, e));
}
}  // namespace
#endif

DeviceVertices::~DeviceVertices() {
  release();
#if GALAXY_HAVE_CUDA
  if (copied_) cudaEventDestroy(static_cast<cudaEvent_t>(copied_));
#endif
}

void DeviceVertices::release() noexcept {
#if GALAXY_HAVE_CUDA
  wait_copied();
  if (xyzs_) cudaFree(xyzs_);
  if (tags_) cudaFree(tags_);
  if (vertex_of_) cudaFree(vertex_of_);
#endif
  xyzs_ = nullptr;
  tags_ = nullptr;
  vertex_of_ = nullptr;
  count_ = 0;
}

void DeviceVertices::resize(std::size_t count, bool with_vertex_of) {
  if (count == count_ && with_vertex_of == (vertex_of_ != nullptr)) return;
#if GALAXY_HAVE_CUDA
  if (!copied_) {
    cudaEvent_t e = nullptr;
    check(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "cudaEventCreate");
    copied_ = e;
  }
  void *x = nullptr, *t = nullptr, *v = nullptr;
  if (count > 0) {
    auto free_all = [&] {
      for (void* p : {x, t, v}) {
        if (p) cudaFree(p);
      }
    };
    const std::pair<void**, std::size_t> want[] = {
        {&x, count * 4 * sizeof(float)},
        {&t, tag_buffer_bytes(count)},
        {&v, with_vertex_of ? count * sizeof(std::uint32_t) : 0}};
    for (const auto& [p, bytes] : want) {
      if (bytes == 0) continue;
      if (const cudaError_t e = cudaMalloc(p, bytes); e != cudaSuccess) {
        free_all();
        check(e, "cudaMalloc (vertices)");
      }
    }
  }
  release();
  xyzs_ = static_cast<float*>(x);
  tags_ = static_cast<std::uint8_t*>(t);
  vertex_of_ = static_cast<std::uint32_t*>(v);
  count_ = count;
#else
  if (count > 0) throw std::runtime_error("device vertices: built without CUDA");
#endif
}

void DeviceVertices::copy_to(const VertexBuffers::Mapping& m) {
  if (count_ == 0) return;
#if GALAXY_HAVE_CUDA
  const auto s = static_cast<cudaStream_t>(m.stream());
  check(cudaMemcpyAsync(m.xyzs(), xyzs_, count_ * 4 * sizeof(float), cudaMemcpyDeviceToDevice, s),
        "cudaMemcpyAsync (vertices)");
  check(cudaMemcpyAsync(m.tags(), tags_, count_, cudaMemcpyDeviceToDevice, s),
        "cudaMemcpyAsync (tags)");
  if (m.vertex_of() && vertex_of_) {
    check(cudaMemcpyAsync(m.vertex_of(), vertex_of_, count_ * sizeof(std::uint32_t),
                          cudaMemcpyDeviceToDevice, s),
          "cudaMemcpyAsync (vertex_of)");
  }
  check(cudaEventRecord(static_cast<cudaEvent_t>(copied_), s), "cudaEventRecord");
#else
  (void)m;
#endif
}

void DeviceVertices::wait_copied() const {
#if GALAXY_HAVE_CUDA
  if (copied_) cudaEventSynchronize(static_cast<cudaEvent_t>(copied_));
#endif
}

}  // namespace galaxy::render

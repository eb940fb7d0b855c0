// SPDX-License-Identifier: MIT
#include "device_vertices.hpp"

#include <stdexcept>
#include <string>

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
#endif
  xyzs_ = nullptr;
  tags_ = nullptr;
  count_ = 0;
}

void DeviceVertices::resize(std::size_t count) {
  if (count == count_) return;
#if GALAXY_HAVE_CUDA
  if (!copied_) {
    cudaEvent_t e = nullptr;
    check(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "cudaEventCreate");
    copied_ = e;
  }
  void *x = nullptr, *t = nullptr;
  if (count > 0) {
    check(cudaMalloc(&x, count * 4 * sizeof(float)), "cudaMalloc (vertices)");
    if (const cudaError_t e = cudaMalloc(&t, tag_buffer_bytes(count)); e != cudaSuccess) {
      cudaFree(x);
      check(e, "cudaMalloc (tags)");
    }
  }
  release();
  xyzs_ = static_cast<float*>(x);
  tags_ = static_cast<std::uint8_t*>(t);
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

// SPDX-License-Identifier: MIT
// Error checks and owning types for device memory, streams and events. Included by sim/ .cu files
// only; nothing outside sim/ sees a CUDA header.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "cuda_error.hpp"

namespace galaxy::cuda {

[[noreturn]] inline void throw_cuda(cudaError_t e, const char* expr, const char* file, int line) {
  throw std::runtime_error(
      cuda_error_message(std::string(file) + ":" + std::to_string(line) + ": " + expr, e));
}

}  // namespace galaxy::cuda

// Throws with file, line, the expression and the CUDA error name.
#define CUDA_CHECK(expr)                                                            \
  do {                                                                              \
    const cudaError_t galaxy_err_ = (expr);                                         \
    if (galaxy_err_ != cudaSuccess) ::galaxy::cuda::throw_cuda(galaxy_err_, #expr, __FILE__, __LINE__); \
  } while (0)

// After every launch: the launch error at once; with GALAXY_SYNC_CHECKS, also the kernel's own
// error, pinned to it by a synchronisation.
#if GALAXY_SYNC_CHECKS
#define CUDA_LAUNCH_CHECK()                  \
  do {                                       \
    CUDA_CHECK(cudaGetLastError());          \
    CUDA_CHECK(cudaDeviceSynchronize());     \
  } while (0)
#else
#define CUDA_LAUNCH_CHECK() CUDA_CHECK(cudaGetLastError())
#endif

namespace galaxy::cuda {

// Move-only owner of a device array.
template <typename T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t n) { resize(n); }
  ~DeviceBuffer() { release(); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      release();
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }
  // Discards the contents. On failure throws and keeps the old allocation.
  void resize(std::size_t n) {
    if (n == n_) return;
    T* p = nullptr;
    if (n > 0) CUDA_CHECK(cudaMalloc(&p, n * sizeof(T)));
    release();
    p_ = p;
    n_ = n;
  }
  void swap(DeviceBuffer& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
  }
  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }
  // Copies in stream order, the stream last as in CUB's APIs: an upload is ordered before the
  // kernels that `stream` runs next (a blocking cudaMemcpy on the legacy stream is not, for a
  // non-blocking stream), and `src` may be reused once it returns (pageable memory is staged).
  // A download waits for the stream, so `dst` holds the data when it returns.
  void upload(const T* src, std::size_t n, cudaStream_t stream) {
    if (n > n_) throw std::length_error("DeviceBuffer::upload: more elements than the buffer holds");
    CUDA_CHECK(cudaMemcpyAsync(p_, src, n * sizeof(T), cudaMemcpyHostToDevice, stream));
  }
  void download(T* dst, std::size_t n, cudaStream_t stream) const {
    if (n > n_) throw std::length_error("DeviceBuffer::download: more elements than the buffer holds");
    CUDA_CHECK(cudaMemcpyAsync(dst, p_, n * sizeof(T), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
  }

 private:
  void release() noexcept {
    if (p_) cudaFree(p_);
    p_ = nullptr;
    n_ = 0;
  }
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

class Stream {
 public:
  Stream() { CUDA_CHECK(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
  ~Stream() {
    if (s_) cudaStreamDestroy(s_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return s_; }

 private:
  cudaStream_t s_ = nullptr;
};

// Pinned host memory for `count` objects of T, zeroed: what the device writes read-backs into.
template <typename T>
class PinnedArray {
 public:
  explicit PinnedArray(std::size_t count) {
    CUDA_CHECK(cudaMallocHost(&p_, count * sizeof(T)));
    std::memset(static_cast<void*>(p_), 0, count * sizeof(T));
  }
  ~PinnedArray() {
    if (p_) cudaFreeHost(p_);
  }
  PinnedArray(const PinnedArray&) = delete;
  PinnedArray& operator=(const PinnedArray&) = delete;
  T& operator[](std::size_t k) { return p_[k]; }
  const T& operator[](std::size_t k) const { return p_[k]; }

 private:
  T* p_ = nullptr;
};

class Event {
 public:
  Event() { CUDA_CHECK(cudaEventCreate(&e_)); }
  ~Event() {
    if (e_) cudaEventDestroy(e_);
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  Event(Event&& o) noexcept : e_(std::exchange(o.e_, nullptr)) {}
  Event& operator=(Event&&) = delete;
  cudaEvent_t get() const { return e_; }

 private:
  cudaEvent_t e_ = nullptr;
};

}  // namespace galaxy::cuda

// SPDX-License-Identifier: MIT
#include "interop_buffer.hpp"

#include <stdexcept>
#include <utility>

#if GALAXY_HAVE_CUDA
#include <cuda_gl_interop.h>
#include <cuda_runtime_api.h>

#include "cuda_error.hpp"
#endif

namespace galaxy::render {


VertexBuffers::~VertexBuffers() {
  unregister();
}

VertexBuffers::VertexBuffers(VertexBuffers&& o) noexcept
    : count_(std::exchange(o.count_, 0)),
      xyzs_(std::move(o.xyzs_)),
      tags_(std::move(o.tags_)),
      registration_error_(std::move(o.registration_error_)) {
  resources_[0] = std::exchange(o.resources_[0], nullptr);
  resources_[1] = std::exchange(o.resources_[1], nullptr);
  stream_ = std::exchange(o.stream_, nullptr);
}

VertexBuffers& VertexBuffers::operator=(VertexBuffers&& o) noexcept {
  if (this != &o) {
    unregister();
    count_ = std::exchange(o.count_, 0);
    xyzs_ = std::move(o.xyzs_);
    tags_ = std::move(o.tags_);
    registration_error_ = std::move(o.registration_error_);
    resources_[0] = std::exchange(o.resources_[0], nullptr);
    resources_[1] = std::exchange(o.resources_[1], nullptr);
    stream_ = std::exchange(o.stream_, nullptr);
  }
  return *this;
}

void VertexBuffers::unregister() noexcept {
#if GALAXY_HAVE_CUDA
  for (void*& r : resources_) {
    if (r) cudaGraphicsUnregisterResource(static_cast<cudaGraphicsResource_t>(r));
    r = nullptr;
  }
  if (stream_) cudaStreamDestroy(static_cast<cudaStream_t>(stream_));
#endif
  stream_ = nullptr;
}

void VertexBuffers::resize(std::size_t count, bool register_with_cuda) {
  unregister();
  // New buffers rather than re-specified storage: immutable storage cannot be resized.
  GlBuffer xyzs = make_buffer(), tags = make_buffer();
  while (glGetError() != GL_NO_ERROR) {
  }
  const std::size_t n = count > 0 ? count : 1;
  glNamedBufferStorage(xyzs.id(), static_cast<GLsizeiptr>(n * 4 * sizeof(float)), nullptr,
                       GL_DYNAMIC_STORAGE_BIT);
  glNamedBufferStorage(tags.id(), static_cast<GLsizeiptr>(tag_buffer_bytes(n)), nullptr,
                       GL_DYNAMIC_STORAGE_BIT);
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
    throw std::runtime_error("cannot allocate GL vertex buffers for " + std::to_string(count) +
                             " bodies (GL error " + std::to_string(e) + ")");
  }
  xyzs_ = std::move(xyzs);
  tags_ = std::move(tags);
  count_ = count;
  registration_error_.clear();
  if (!register_with_cuda) return;
#if GALAXY_HAVE_CUDA
  cudaGraphicsResource_t r[2] = {nullptr, nullptr};
  const GLuint ids[2] = {xyzs_.id(), tags_.id()};
  for (int k = 0; k < 2; ++k) {
    const cudaError_t e =
        cudaGraphicsGLRegisterBuffer(&r[k], ids[k], cudaGraphicsRegisterFlagsWriteDiscard);
    if (e != cudaSuccess) {
      cudaGetLastError();  // clear the (non-sticky) error so later CUDA calls are not blamed
      if (k == 1) cudaGraphicsUnregisterResource(r[0]);
      registration_error_ = cuda_error_message("cudaGraphicsGLRegisterBuffer", e);
      return;
    }
  }
  cudaStream_t stream = nullptr;
  if (const cudaError_t e = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
      e != cudaSuccess) {
    cudaGraphicsUnregisterResource(r[0]);
    cudaGraphicsUnregisterResource(r[1]);
    registration_error_ = cuda_error_message("cudaStreamCreateWithFlags", e);
    return;
  }
  resources_[0] = r[0];
  resources_[1] = r[1];
  stream_ = stream;
#else
  registration_error_ = "built without CUDA";
#endif
}

void VertexBuffers::upload(const float* xyzs, const std::uint8_t* tags) {
  if (count_ == 0) return;
  glNamedBufferSubData(xyzs_.id(), 0, static_cast<GLsizeiptr>(count_ * 4 * sizeof(float)), xyzs);
  if (tags) glNamedBufferSubData(tags_.id(), 0, static_cast<GLsizeiptr>(count_), tags);
}

VertexBuffers::Mapping VertexBuffers::map() {
  if (!cuda_registered()) {
    throw std::runtime_error("the vertex buffers are not registered with CUDA");
  }
  return Mapping(resources_, stream_);
}

VertexBuffers::Mapping::Mapping(void** resources, void* stream)
    : resources_(resources), stream_(stream) {
#if GALAXY_HAVE_CUDA
  auto* r = reinterpret_cast<cudaGraphicsResource_t*>(resources);
  const auto s = static_cast<cudaStream_t>(stream);
  if (const cudaError_t e = cudaGraphicsMapResources(2, r, s); e != cudaSuccess) {
    resources_ = nullptr;
    throw std::runtime_error(cuda_error_message("cudaGraphicsMapResources", e));
  }
  void* p[2] = {nullptr, nullptr};
  std::size_t bytes = 0;
  for (int k = 0; k < 2; ++k) {
    if (const cudaError_t e = cudaGraphicsResourceGetMappedPointer(&p[k], &bytes, r[k]);
        e != cudaSuccess) {
      cudaGraphicsUnmapResources(2, r, s);
      resources_ = nullptr;
      throw std::runtime_error(cuda_error_message("cudaGraphicsResourceGetMappedPointer", e));
    }
  }
  xyzs_ = static_cast<float*>(p[0]);
  tags_ = static_cast<std::uint8_t*>(p[1]);
#else
  resources_ = nullptr;
  throw std::runtime_error("built without CUDA");
#endif
}

VertexBuffers::Mapping::Mapping(Mapping&& o) noexcept
    : resources_(std::exchange(o.resources_, nullptr)),
      stream_(o.stream_),
      xyzs_(std::exchange(o.xyzs_, nullptr)),
      tags_(std::exchange(o.tags_, nullptr)) {}

VertexBuffers::Mapping::~Mapping() {
#if GALAXY_HAVE_CUDA
  if (resources_) {
    cudaGraphicsUnmapResources(2, reinterpret_cast<cudaGraphicsResource_t*>(resources_),
                               static_cast<cudaStream_t>(stream_));
  }
#endif
}

}  // namespace galaxy::render

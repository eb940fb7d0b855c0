// SPDX-License-Identifier: MIT
#include "interop_buffer.hpp"

#include <numeric>
#include <stdexcept>
#include <utility>
#include <vector>

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
      stands_for_(std::exchange(o.stands_for_, 1.0f)),
      xyzs_(std::move(o.xyzs_)),
      tags_(std::move(o.tags_)),
      vertex_of_(std::move(o.vertex_of_)),
      registration_error_(std::move(o.registration_error_)) {
  for (int k = 0; k < 3; ++k) resources_[k] = std::exchange(o.resources_[k], nullptr);
  stream_ = std::exchange(o.stream_, nullptr);
}

VertexBuffers& VertexBuffers::operator=(VertexBuffers&& o) noexcept {
  if (this != &o) {
    unregister();
    count_ = std::exchange(o.count_, 0);
    stands_for_ = std::exchange(o.stands_for_, 1.0f);
    xyzs_ = std::move(o.xyzs_);
    tags_ = std::move(o.tags_);
    vertex_of_ = std::move(o.vertex_of_);
    registration_error_ = std::move(o.registration_error_);
    for (int k = 0; k < 3; ++k) resources_[k] = std::exchange(o.resources_[k], nullptr);
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

namespace {
// Immutable storage of `bytes` (at least 4) filled from `data` where not null.
GlBuffer storage(std::size_t bytes, const void* data) {
  GlBuffer b = make_buffer();
  glNamedBufferStorage(b.id(), static_cast<GLsizeiptr>(bytes > 4 ? bytes : 4), data,
                       GL_DYNAMIC_STORAGE_BIT);
  return b;
}
}  // namespace

void VertexBuffers::resize(std::size_t count, bool register_with_cuda, bool with_vertex_of) {
  unregister();
  // New buffers rather than re-specified storage: immutable storage cannot be resized.
  while (glGetError() != GL_NO_ERROR) {
  }
  const std::size_t n = count > 0 ? count : 1;
  GlBuffer xyzs = storage(n * 4 * sizeof(float), nullptr);
  GlBuffer tags = storage(tag_buffer_bytes(n), nullptr);
  GlBuffer vertex_of;
  if (with_vertex_of) {
    std::vector<std::uint32_t> identity(n);
    std::iota(identity.begin(), identity.end(), 0u);
    vertex_of = storage(n * sizeof(std::uint32_t), identity.data());
  }
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
    throw std::runtime_error("cannot allocate GL vertex buffers for " + std::to_string(count) +
                             " bodies (GL error " + std::to_string(e) + ")");
  }
  xyzs_ = std::move(xyzs);
  tags_ = std::move(tags);
  vertex_of_ = std::move(vertex_of);
  count_ = count;
  registration_error_.clear();
  if (!register_with_cuda) return;
#if GALAXY_HAVE_CUDA
  cudaGraphicsResource_t r[3] = {nullptr, nullptr, nullptr};
  const GLuint ids[3] = {xyzs_.id(), tags_.id(), vertex_of_.id()};
  const int buffers = with_vertex_of ? 3 : 2;
  auto undo = [&](int made) {
    for (int k = 0; k < made; ++k) cudaGraphicsUnregisterResource(r[k]);
  };
  for (int k = 0; k < buffers; ++k) {
    const cudaError_t e =
        cudaGraphicsGLRegisterBuffer(&r[k], ids[k], cudaGraphicsRegisterFlagsWriteDiscard);
    if (e != cudaSuccess) {
      cudaGetLastError();  // clear the (non-sticky) error so later CUDA calls are not blamed
      undo(k);
      registration_error_ = cuda_error_message("cudaGraphicsGLRegisterBuffer", e);
      return;
    }
  }
  cudaStream_t stream = nullptr;
  if (const cudaError_t e = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
      e != cudaSuccess) {
    undo(buffers);
    registration_error_ = cuda_error_message("cudaStreamCreateWithFlags", e);
    return;
  }
  for (int k = 0; k < 3; ++k) resources_[k] = r[k];
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
  return Mapping(resources_, resources_[2] ? 3 : 2, stream_);
}

VertexBuffers::Mapping::Mapping(void** resources, int count, void* stream)
    : resources_(resources), count_(count), stream_(stream) {
#if GALAXY_HAVE_CUDA
  auto* r = reinterpret_cast<cudaGraphicsResource_t*>(resources);
  const auto s = static_cast<cudaStream_t>(stream);
  if (const cudaError_t e = cudaGraphicsMapResources(count, r, s); e != cudaSuccess) {
    resources_ = nullptr;
    throw std::runtime_error(cuda_error_message("cudaGraphicsMapResources", e));
  }
  void* p[3] = {nullptr, nullptr, nullptr};
  std::size_t bytes = 0;
  for (int k = 0; k < count; ++k) {
    if (const cudaError_t e = cudaGraphicsResourceGetMappedPointer(&p[k], &bytes, r[k]);
        e != cudaSuccess) {
      cudaGraphicsUnmapResources(count, r, s);
      resources_ = nullptr;
      throw std::runtime_error(cuda_error_message("cudaGraphicsResourceGetMappedPointer", e));
    }
  }
  xyzs_ = static_cast<float*>(p[0]);
  tags_ = static_cast<std::uint8_t*>(p[1]);
  vertex_of_ = static_cast<std::uint32_t*>(p[2]);
#else
  resources_ = nullptr;
  throw std::runtime_error("built without CUDA");
#endif
}

VertexBuffers::Mapping::Mapping(Mapping&& o) noexcept
    : resources_(std::exchange(o.resources_, nullptr)),
      count_(o.count_),
      stream_(o.stream_),
      xyzs_(std::exchange(o.xyzs_, nullptr)),
      tags_(std::exchange(o.tags_, nullptr)),
      vertex_of_(std::exchange(o.vertex_of_, nullptr)) {}

VertexBuffers::Mapping::~Mapping() {
#if GALAXY_HAVE_CUDA
  if (resources_) {
    cudaGraphicsUnmapResources(count_, reinterpret_cast<cudaGraphicsResource_t*>(resources_),
                               static_cast<cudaStream_t>(stream_));
  }
#endif
}

}  // namespace galaxy::render

// SPDX-License-Identifier: MIT
// Move-only owners of OpenGL objects (as in Magnum): one name each, deleted by the destructor,
// never copied by accident. They need a current context to be created and destroyed.
#pragma once

#include <glad/gl.h>

#include <utility>

namespace galaxy::render {

template <typename Deleter>
class GlObject {
 public:
  GlObject() = default;
  explicit GlObject(GLuint id) : id_(id) {}
  ~GlObject() { reset(); }
  GlObject(const GlObject&) = delete;
  GlObject& operator=(const GlObject&) = delete;
  GlObject(GlObject&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
  GlObject& operator=(GlObject&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, 0);
    }
    return *this;
  }
  GLuint id() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() noexcept {
    if (id_) Deleter{}(id_);
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

struct BufferDeleter {
  void operator()(GLuint id) const { glDeleteBuffers(1, &id); }
};
struct TextureDeleter {
  void operator()(GLuint id) const { glDeleteTextures(1, &id); }
};
struct FramebufferDeleter {
  void operator()(GLuint id) const { glDeleteFramebuffers(1, &id); }
};
struct VertexArrayDeleter {
  void operator()(GLuint id) const { glDeleteVertexArrays(1, &id); }
};
struct ProgramDeleter {
  void operator()(GLuint id) const { glDeleteProgram(id); }
};
struct QueryDeleter {
  void operator()(GLuint id) const { glDeleteQueries(1, &id); }
};

using GlBuffer = GlObject<BufferDeleter>;
using GlTexture = GlObject<TextureDeleter>;
using GlFramebuffer = GlObject<FramebufferDeleter>;
using GlVertexArray = GlObject<VertexArrayDeleter>;
using GlProgram = GlObject<ProgramDeleter>;
using GlQuery = GlObject<QueryDeleter>;

inline GlBuffer make_buffer() {
  GLuint id = 0;
  glCreateBuffers(1, &id);
  return GlBuffer(id);
}
inline GlTexture make_texture(GLenum target) {
  GLuint id = 0;
  glCreateTextures(target, 1, &id);
  return GlTexture(id);
}
inline GlFramebuffer make_framebuffer() {
  GLuint id = 0;
  glCreateFramebuffers(1, &id);
  return GlFramebuffer(id);
}
inline GlVertexArray make_vertex_array() {
  GLuint id = 0;
  glCreateVertexArrays(1, &id);
  return GlVertexArray(id);
}
inline GlQuery make_query(GLenum target) {
  GLuint id = 0;
  glCreateQueries(target, 1, &id);
  return GlQuery(id);
}

}  // namespace galaxy::render

// SPDX-License-Identifier: MIT
// Move-only owners of OpenGL objects (as in Magnum): one name each, deleted by the destructor,
// never copied by accident. They need a current context to be created and destroyed.
#pragma once

#include <glad/gl.h>

#include <cstring>
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

// Creates one object with a glCreate* function (DSA: the object exists at once, unbound).
template <typename Object, typename Create>
Object create_object(Create create) {
  GLuint id = 0;
  create(1, &id);
  return Object(id);
}
inline GlBuffer make_buffer() {
  return create_object<GlBuffer>(glCreateBuffers);
}
inline GlFramebuffer make_framebuffer() {
  return create_object<GlFramebuffer>(glCreateFramebuffers);
}
inline GlVertexArray make_vertex_array() {
  return create_object<GlVertexArray>(glCreateVertexArrays);
}
inline GlTexture make_texture(GLenum target) {
  return create_object<GlTexture>(
      [target](GLsizei n, GLuint* id) { glCreateTextures(target, n, id); });
}
inline GlQuery make_query(GLenum target) {
  return create_object<GlQuery>(
      [target](GLsizei n, GLuint* id) { glCreateQueries(target, n, id); });
}

// Whether the current context draws in software (Mesa's llvmpipe), where some passes are
// cheaper done another way than on a GPU (Renderer's shared splat sums, SceneCache's copy).
inline bool software_gl() {
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return name != nullptr && std::strstr(name, "llvmpipe") != nullptr;
}

}  // namespace galaxy::render

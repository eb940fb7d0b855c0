// SPDX-License-Identifier: MIT
#include "trails.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "shader_sources.hpp"

namespace galaxy::render {

namespace {
constexpr GLuint kGroup = 256;  // the compute passes' workgroup size
// Buffer bindings (shaders/trail.glsl): vertices 0, tags 1, vertex_of 2, the choice's scratch 4.
constexpr GLuint kXyzs = 0, kTags = 1, kVertexOf = 2, kScratch = 4, kFollowed = 5, kChoice = 6,
                 kRing = 7;
constexpr GLsizeiptr kScratchHeader = 4 * sizeof(GLuint);

GLuint groups(std::size_t n) {
  return static_cast<GLuint>((n + kGroup - 1) / kGroup);
}

// A buffer of `bytes` (at least 4); throws when GL cannot allocate it.
GlBuffer storage(std::size_t bytes, const void* data, const char* what) {
  GlBuffer b = make_buffer();
  while (glGetError() != GL_NO_ERROR) {
  }
  glNamedBufferStorage(b.id(), static_cast<GLsizeiptr>(std::max<std::size_t>(bytes, 4)), data,
                       GL_DYNAMIC_STORAGE_BIT);
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
    throw std::runtime_error(std::string("cannot allocate the trails' ") + what + " (" +
                             std::to_string(bytes) + " bytes, GL error " + std::to_string(e) + ")");
  }
  return b;
}

}  // namespace

void Trails::bind(const VertexBuffers& bodies) const {
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kXyzs, bodies.xyzs());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTags, bodies.tags());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kVertexOf, bodies.vertex_of());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kFollowed, followed_.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kChoice, choice_.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kRing, ring_.id());
}

Trails::Trails()
    : select_(build_program({{GL_COMPUTE_SHADER, {"trail.glsl", "trail_select.comp"}}})),
      gather_(build_program({{GL_COMPUTE_SHADER, {"trail.glsl", "trail_gather.comp"}}})) {}

void Trails::reset(const TrailParams& p) {
  params_ = p;
  samples_ = 0;
  newest_ = -1;
  chosen_ = false;
  chosen_from_ = 0;
  capacity_ = static_cast<std::size_t>(std::clamp(p.bodies, 0, kMaxTrailBodies));
  const auto length =
      static_cast<std::size_t>(std::clamp(p.length, kMinTrailLength, kMaxTrailLength));
  params_.length = static_cast<int>(length);
  params_.every = std::max(p.every, 1);
  ring_.reset();  // the old ring goes before the new one is allocated: it may be large
  if (capacity_ == 0) {
    followed_.reset();
    choice_.reset();
    return;
  }
  const GLuint none = 0;
  choice_ = storage(sizeof(none), &none, "followed count");
  followed_ = storage(capacity_ * sizeof(GLuint), nullptr, "body list");
  ring_ = storage(capacity_ * length * 3 * sizeof(float), nullptr, "ring of positions");
}

int Trails::oldest_row() const {
  if (samples_ == 0) return 0;
  return (newest_ - samples_ + 1 + params_.length) % params_.length;
}

bool Trails::drawable(const VertexBuffers& bodies) const {
  return chosen_ && samples_ > 0 && capacity_ > 0 && bodies.count() == chosen_from_ &&
         bodies.has_vertex_of();
}

void Trails::sample(const VertexBuffers& bodies) {
  if (capacity_ == 0 || bodies.count() == 0 || !bodies.has_vertex_of()) return;
  if (!chosen_) choose(bodies);
  if (bodies.count() != chosen_from_) return;
  newest_ = (newest_ + 1) % params_.length;
  samples_ = std::min(samples_ + 1, params_.length);
  const GLuint prog = gather_.id();
  glProgramUniform1ui(prog, glGetUniformLocation(prog, "u_row"), static_cast<GLuint>(newest_));
  glProgramUniform1ui(prog, glGetUniformLocation(prog, "u_capacity"),
                      static_cast<GLuint>(capacity_));
  bind(bodies);
  glUseProgram(prog);
  glDispatchCompute(groups(capacity_), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

// The three passes of trail_select.comp over the tag buffer. The workgroup count of a pass is one
// per 256 bodies, as the splat's (GL guarantees 65535 a dimension; desktop drivers far more).
void Trails::choose(const VertexBuffers& bodies) {
  const std::size_t n = bodies.count();
  // Freed at the end: GL keeps it until the passes have run.
  const GlBuffer scratch =
      storage(kScratchHeader + groups(n) * sizeof(GLuint), nullptr, "choice's scratch");
  const GLuint prog = select_.id();
  glProgramUniform1ui(prog, glGetUniformLocation(prog, "u_count"), static_cast<GLuint>(n));
  glProgramUniform1ui(prog, glGetUniformLocation(prog, "u_capacity"),
                      static_cast<GLuint>(capacity_));
  glProgramUniform1i(prog, glGetUniformLocation(prog, "u_galaxy"), params_.galaxy);
  bind(bodies);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kScratch, scratch.id());
  glUseProgram(prog);
  const GLint pass = glGetUniformLocation(prog, "u_pass");
  for (int p = 0; p < 3; ++p) {
    glProgramUniform1i(prog, pass, p);
    glDispatchCompute(p == 1 ? 1 : groups(n), 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  }
  chosen_ = true;
  chosen_from_ = n;
}

std::uint32_t Trails::followed_count() const {
  if (!choice_) return 0;
  GLuint count = 0;
  glGetNamedBufferSubData(choice_.id(), 0, sizeof(count), &count);
  return count;
}

std::vector<std::uint32_t> Trails::followed_indices() const {
  std::vector<std::uint32_t> v(chosen_ ? followed_count() : 0);
  if (!v.empty()) {
    glGetNamedBufferSubData(followed_.id(), 0, static_cast<GLsizeiptr>(v.size() * sizeof(GLuint)),
                            v.data());
  }
  return v;
}

std::vector<glm::vec3> Trails::positions(int age) const {
  if (age < 0 || age >= samples_) return {};
  const std::size_t row =
      static_cast<std::size_t>((newest_ - age + params_.length) % params_.length);
  std::vector<glm::vec3> v(followed_count());
  if (!v.empty()) {
    glGetNamedBufferSubData(ring_.id(), static_cast<GLintptr>(row * capacity_ * sizeof(glm::vec3)),
                            static_cast<GLsizeiptr>(v.size() * sizeof(glm::vec3)), v.data());
  }
  return v;
}

}  // namespace galaxy::render

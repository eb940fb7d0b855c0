// SPDX-License-Identifier: MIT
#include "reference_image.hpp"

#include <fcntl.h>
#include <stb_image.h>  // declarations only: the code is Debian's libstb
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>

#include "shader_sources.hpp"

namespace galaxy::render {

namespace {

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

std::runtime_error refused(const std::string& path, const std::string& problem) {
  return std::runtime_error("reference image " + path + ": " + problem);
}

std::string size_text(int width, int height) {
  return std::to_string(width) + " x " + std::to_string(height) + " pixels";
}

// Opens `path` for stb_image, saying why not in the words of the system (a missing file, no
// permission) rather than stb_image's "can't fopen". Opened without blocking and checked from
// the open file itself: a FIFO, a device or a socket would otherwise block the read for good (a
// FIFO's open waits for a writer, and a thread blocked there does not hear SIGTERM).
File open_image_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw refused(path, std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const bool folder = S_ISDIR(st.st_mode);
    ::close(fd);
    throw refused(path, folder ? "a folder, not an image"
                               : "not a regular file (a FIFO, socket or device); galaxy reads "
                                 "images from regular files only");
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  File f(::fdopen(fd, "rb"), &std::fclose);
  if (!f) {
    const int e = errno;
    ::close(fd);
    throw refused(path, std::strerror(e));
  }
  return f;
}

// stb_image's reason for the last failure in words: it gives none for a PNG cut off after its
// pixel data (before IEND), and a terse code for one cut inside it.
std::string decode_reason() {
  const char* r = stbi_failure_reason();
  const std::string why = r ? r : "";
  if (why.empty()) return "the file is cut short or damaged (the decoder gives no reason)";
  if (why == "outofdata") return "the file ends inside its image data (cut short)";
  return why;
}

int max_texture_side() {
  GLint most = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &most);
  return most;
}

GLint loc(GLuint program, const char* name) {
  return glGetUniformLocation(program, name);
}

}  // namespace

Image read_image(const std::string& path) {
  const File f = open_image_file(path);
  int width = 0, height = 0, channels = 0;
  // The header alone first: a huge image is refused before a byte of it is decoded.
  if (!stbi_info_from_file(f.get(), &width, &height, &channels)) {
    throw refused(
        path, std::string("not an image galaxy can read (PNG or JPEG): ") + stbi_failure_reason());
  }
  if (width > kMaxImageSide || height > kMaxImageSide) {
    throw refused(path, size_text(width, height) + ", larger than " +
                            std::to_string(kMaxImageSide) + " a side");
  }
  stbi_uc* pixels = stbi_load_from_file(f.get(), &width, &height, &channels, 4);
  if (!pixels) throw refused(path, "cannot decode it: " + decode_reason());
  Image image{width, height, {}};
  image.rgba.assign(pixels, pixels + std::size_t{4} * width * height);
  stbi_image_free(pixels);
  return image;
}

glm::vec2 view_centre(const glm::mat4& view_proj) {
  // A perspective's clip w is the depth along the line of sight, so the w row of view_proj is
  // that direction in world space (glm is column-major: m[column][row]). Projected as a point at
  // infinity it lands where the line of sight meets the screen, with whatever shift the
  // projection carries. An orthographic or identity matrix has no such row: w = 0.
  const glm::vec3 axis(view_proj[0][3], view_proj[1][3], view_proj[2][3]);
  const glm::vec4 c = view_proj * glm::vec4(axis, 0.0f);
  if (!(c.w > 0.0f)) return glm::vec2(0.0f);
  return glm::vec2(c) / c.w;
}

ReferenceImagePass::ReferenceImagePass()
    : program_(build_program(
          {{GL_VERTEX_SHADER, {"reference.vert"}}, {GL_FRAGMENT_SHADER, {"reference.frag"}}})),
      empty_vao_(make_vertex_array()) {}

std::optional<ReadReport> ReferenceImagePass::draw(const ReferenceImage& look,
                                                   const glm::mat4& view_proj, GLuint framebuffer,
                                                   int width, int height) {
  std::optional<ReadReport> report = update(look);
  if (look.shown) draw_image(look, view_centre(view_proj), framebuffer, width, height);
  return report;
}

// A hidden image is not read; a new path (or a new read of the same one) replaces the image,
// and one that fails leaves none: the picture never shows a photo the settings do not name.
std::optional<ReadReport> ReferenceImagePass::update(const ReferenceImage& look) {
  if (!look.shown) return std::nullopt;
  if (read_path_ == look.path && read_count_ == look.reads) return std::nullopt;
  read_path_ = look.path;
  read_count_ = look.reads;
  texture_.reset();
  if (look.path.empty()) return std::nullopt;
  try {
    const Image image = read_image(look.path);
    const int most = max_texture_side();
    if (image.width > most || image.height > most) {
      throw refused(look.path, size_text(image.width, image.height) +
                                   ", larger than this GPU's textures (" + std::to_string(most) +
                                   " a side)");
    }
    upload(image);
  } catch (const std::bad_alloc&) {  // a large photo's pixels (up to 1 GiB) did not fit
    return ReadReport{true, refused(look.path, "not enough memory to hold it").what()};
  } catch (const std::exception& e) {
    return ReadReport{true, e.what()};
  }
  return ReadReport{false,
                    "reference image " + look.path + ": " + size_text(image_width_, image_height_)};
}

void ReferenceImagePass::upload(const Image& image) {
  // Mipmapped: a photograph is often drawn much smaller than it is, and without the smaller
  // levels it would shimmer.
  int levels = 1;
  while ((std::max(image.width, image.height) >> levels) > 0) ++levels;
  GlTexture t = make_texture(GL_TEXTURE_2D);
  glTextureStorage2D(t.id(), levels, GL_RGBA8, image.width, image.height);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // RGBA rows are whole words
  glTextureSubImage2D(t.id(), 0, 0, 0, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE,
                      image.rgba.data());
  glGenerateTextureMipmap(t.id());
  glTextureParameteri(t.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTextureParameteri(t.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTextureParameteri(t.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTextureParameteri(t.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  texture_ = std::move(t);
  image_width_ = image.width;
  image_height_ = image.height;
}

void ReferenceImagePass::draw_image(const ReferenceImage& look, glm::vec2 centre_ndc,
                                    GLuint framebuffer, int width, int height) {
  if (!texture_ || look.opacity <= 0.0f || look.scale <= 0.0f) return;
  const glm::vec2 viewport(width, height);
  const glm::vec2 centre = (centre_ndc * 0.5f + 0.5f) * viewport + look.offset;
  const float half_height = 0.5f * look.scale * float(height);
  const glm::vec2 half(half_height * float(image_width_) / float(image_height_), half_height);
  const GLuint prog = program_.id();
  glProgramUniform2f(prog, loc(prog, "u_centre"), centre.x, centre.y);
  glProgramUniform2f(prog, loc(prog, "u_half_size"), half.x, half.y);
  glProgramUniform1f(prog, loc(prog, "u_angle"), glm::radians(look.rotation_deg));
  glProgramUniform2f(prog, loc(prog, "u_viewport"), viewport.x, viewport.y);
  glProgramUniform1f(prog, loc(prog, "u_opacity"), std::min(look.opacity, 1.0f));
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glViewport(0, 0, width, height);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_CULL_FACE);
  // Screen: out = src + dst (1 - src); the framebuffer's alpha stays as it is.
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_ONE, GL_ONE_MINUS_SRC_COLOR, GL_ZERO, GL_ONE);
  glBindTextureUnit(0, texture_.id());
  glUseProgram(prog);
  glBindVertexArray(empty_vao_.id());
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_BLEND);
}

}  // namespace galaxy::render

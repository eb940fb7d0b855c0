// SPDX-License-Identifier: MIT
// A reference image behind the bodies: a photograph of an interacting system to match a
// simulation to, as Identikit matches encounter models to observed galaxies. Read with
// stb_image (Debian's libstb: PNG, JPEG and the other formats it knows) and drawn in screen
// space, so it stays put while the camera turns: centred where the camera looks, with an
// opacity, a scale (of the view's height), a rotation and an offset in pixels.
//
// Compositing: the pass runs after the post-process, over the tone-mapped bodies, with the
// "screen" blend, out = photo + bodies - photo * bodies (per channel, 0..1). Screen is
// commutative, so this is the bodies' light laid over the photograph: where no body shines the
// photo shows at its opacity (its colour times the opacity, as alpha over the black sky), a
// white body stays white, and nothing is darkened. A plain sum would clip the photo's bright
// parts to white under faint light; drawing the photo first and letting the tone map add its
// result would need the post-process to blend, and the scene cache to keep the photo.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <optional>
#include <string>
#include <vector>

#include "gl_object.hpp"

namespace galaxy::render {

// What the panel and the command line set (app/features/reference_photo.hpp); the pass reads it each
// frame, as the renderer reads RenderParams.
struct ReferenceImage {
  std::string path;           // PNG or JPEG; empty for none
  float opacity = 0.5f;       // 0..1: where no body shines, the photo's colour times this
  float scale = 1.0f;         // the photo's height over the view's height
  float rotation_deg = 0.0f;  // counter-clockwise on the screen
  glm::vec2 offset{0.0f};     // pixels from the view's centre, x to the right, y up
  bool shown = true;
  unsigned reads = 0;  // bumped (the panel's Enter) to read the same path again
};

// Larger images are refused before they are decoded: 16384² RGBA is already 1 GiB.
inline constexpr int kMaxImageSide = 16384;

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // top row first
};

// Reads `path` as 8-bit RGBA. Throws std::runtime_error "reference image PATH: PROBLEM" for a
// file that cannot be opened, is not an image stb_image reads, is larger than kMaxImageSide a
// side, or does not decode.
Image read_image(const std::string& path);

// Where the camera's line of sight meets the screen, in normalized device coordinates: (0, 0)
// unless the projection is shifted (the app centres the picture beside the panel). (0, 0) for
// a projection that is not a perspective.
glm::vec2 view_centre(const glm::mat4& view_proj);

// What reading a new path said, for the status line.
struct ReadReport {
  bool failed = false;
  std::string text;  // "reference image PATH: 1200 x 800 pixels", or the error
};

class ReferenceImagePass {
 public:
  ReferenceImagePass();  // needs a current GL 4.5 context; throws when a shader does not build

  // Reads look.path when it or look.reads changed since the last read (a failed read keeps no
  // image and is not tried again every frame), then draws the image over what `framebuffer`
  // holds with the screen blend. Returns the read's outcome on a frame that read.
  std::optional<ReadReport> draw(const ReferenceImage& look, const glm::mat4& view_proj,
                                 GLuint framebuffer, int width, int height);
  bool has_image() const { return static_cast<bool>(texture_); }

 private:
  std::optional<ReadReport> update(const ReferenceImage& look);
  void upload(const Image& image);
  void draw_image(const ReferenceImage& look, glm::vec2 centre_ndc, GLuint framebuffer, int width,
                  int height);

  GlProgram program_;
  GlVertexArray empty_vao_;
  GlTexture texture_;
  int image_width_ = 0, image_height_ = 0;
  // The path and read count of the last read, whether it succeeded or not.
  std::optional<std::string> read_path_;
  unsigned read_count_ = 0;
};

}  // namespace galaxy::render

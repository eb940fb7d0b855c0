// SPDX-License-Identifier: MIT
// Where the frames go: a GLFW window with an OpenGL 4.5 core context, or a headless EGL context
// (the EGL device platform, falling back to Mesa's surfaceless platform) that renders into an
// offscreen framebuffer. Both load GL through glad.
#pragma once

#include <memory>
#include <string>

struct GLFWwindow;

namespace galaxy::app {

class GlContext {
 public:
  virtual ~GlContext() = default;
  GlContext() = default;
  GlContext(const GlContext&) = delete;
  GlContext& operator=(const GlContext&) = delete;

  virtual GLFWwindow* window() const { return nullptr; }  // null when headless
  virtual void framebuffer_size(int& width, int& height) const = 0;
  virtual void swap() {}
  virtual void poll_events() {}
  virtual bool close_requested() const { return false; }
  // A window fills the primary monitor, or goes back to where and how large it was; headless
  // contexts have nothing to fill and stay as they are.
  virtual void set_fullscreen(bool /*on*/) {}
  virtual bool fullscreen() const { return false; }
  virtual void keep_open() {}  // the close button's request answered "stay"
  // "GL 4.5 (Core Profile) Mesa 22.3.6, llvmpipe ... via EGL device (software)" and the like.
  const std::string& description() const { return description_; }

 protected:
  std::string description_;
};

// True when a display server is named in the environment (DISPLAY or WAYLAND_DISPLAY).
bool display_available();

// A window of width x height; nullptr with the reason in *why when GLFW cannot open one.
std::unique_ptr<GlContext> make_window_context(int width, int height, const std::string& title,
                                               std::string* why);
// A context with no window or X server, rendering into framebuffers the caller creates. Throws
// std::runtime_error naming each platform it tried when none gives a GL 4.5 core context.
std::unique_ptr<GlContext> make_headless_context(int width, int height);

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "picture/gl_context.hpp"

#include <glad/egl.h>
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace galaxy::app {

namespace {

std::string gl_description(const std::string& via) {
  auto str = [](GLenum e) {
    const auto* s = reinterpret_cast<const char*>(glGetString(e));
    return std::string(s ? s : "?");
  };
  return "OpenGL " + str(GL_VERSION) + ", " + str(GL_RENDERER) + " via " + via;
}

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t len = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += len) {
    if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0')) return true;
  }
  return false;
}

// ---- GLFW window ----------------------------------------------------------------------------

class GlfwContext final : public GlContext {
 public:
  GlfwContext(GLFWwindow* w) : window_(w) { description_ = gl_description("GLFW window"); }
  ~GlfwContext() override {
    glfwDestroyWindow(window_);
    glfwTerminate();
  }
  GLFWwindow* window() const override { return window_; }
  void framebuffer_size(int& w, int& h) const override { glfwGetFramebufferSize(window_, &w, &h); }
  void swap() override { glfwSwapBuffers(window_); }
  void poll_events() override { glfwPollEvents(); }
  bool close_requested() const override { return glfwWindowShouldClose(window_); }
  bool fullscreen() const override { return glfwGetWindowMonitor(window_) != nullptr; }
  void set_fullscreen(bool on) override {
    if (on == fullscreen()) return;
    if (!on) {
      glfwSetWindowMonitor(window_, nullptr, windowed_[0], windowed_[1], windowed_[2],
                           windowed_[3], 0);
      return;
    }
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
    if (!mode) return;  // no monitor to fill (some virtual displays)
    glfwGetWindowPos(window_, &windowed_[0], &windowed_[1]);
    glfwGetWindowSize(window_, &windowed_[2], &windowed_[3]);
    glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  }
  void keep_open() override { glfwSetWindowShouldClose(window_, GLFW_FALSE); }

 private:
  GLFWwindow* window_;
  int windowed_[4] = {0, 0, 1280, 720};  // x, y, width, height before going full screen
};

// ---- EGL, no window -------------------------------------------------------------------------

class EglContext final : public GlContext {
 public:
  EglContext(EGLDisplay d, EGLContext c, int w, int h, const std::string& via)
      : display_(d), context_(c), width_(w), height_(h) {
    description_ = gl_description(via);
  }
  ~EglContext() override {
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display_, context_);
    eglTerminate(display_);
  }
  void framebuffer_size(int& w, int& h) const override {
    w = width_;
    h = height_;
  }

 private:
  EGLDisplay display_;
  EGLContext context_;
  int width_, height_;
};

GLADapiproc egl_proc(const char* name) {
  return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name));
}

// Initialises `d` and makes a surfaceless GL 4.5 core context current on it; null context and a
// reason on failure (the display is then terminated).
EGLContext try_display(EGLDisplay d, std::string& why) {
  if (d == EGL_NO_DISPLAY) {
    why = "no display";
    return EGL_NO_CONTEXT;
  }
  EGLint major = 0, minor = 0;
  if (!eglInitialize(d, &major, &minor)) {
    why = "eglInitialize failed";
    return EGL_NO_CONTEXT;
  }
  auto fail = [&](const char* reason) {
    why = reason;
    eglTerminate(d);
    return EGL_NO_CONTEXT;
  };
  gladLoaderLoadEGL(d);  // the display's extensions
  if (!has_extension(eglQueryString(d, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context")) {
    return fail("no EGL_KHR_surfaceless_context");
  }
  if (!eglBindAPI(EGL_OPENGL_API)) return fail("no desktop OpenGL API");
  // A config is only needed to create the context (rendering goes to FBOs). EGL_SURFACE_TYPE
  // defaults to EGL_WINDOW_BIT, which device displays lack: ask for pbuffer configs, then any,
  // then none at all (EGL_KHR_no_config_context).
  EGLConfig config = nullptr;
  for (const EGLint surface : {EGL_PBUFFER_BIT, EGL_DONT_CARE}) {
    const EGLint attribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, surface,
                              EGL_NONE};
    EGLint configs = 0;
    if (eglChooseConfig(d, attribs, &config, 1, &configs) && configs > 0) break;
    config = nullptr;
  }
  const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                4,
                                EGL_CONTEXT_MINOR_VERSION,
                                5,
                                EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                EGL_NONE};
  EGLContext c = eglCreateContext(d, config, EGL_NO_CONTEXT, ctx_attribs);
  if (c == EGL_NO_CONTEXT) return fail("no OpenGL 4.5 core context");
  if (!eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
    eglDestroyContext(d, c);
    return fail("eglMakeCurrent without a surface failed");
  }
  if (!gladLoadGL(egl_proc)) {
    eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(d, c);
    return fail("glad cannot load OpenGL");
  }
  return c;
}

}  // namespace

bool display_available() {
  const char* x = std::getenv("DISPLAY");
  const char* w = std::getenv("WAYLAND_DISPLAY");
  return (x && *x) || (w && *w);
}

std::unique_ptr<GlContext> make_window_context(int width, int height, const std::string& title,
                                               std::string* why) {
  if (!glfwInit()) {
    if (why) *why = "glfwInit failed";
    return nullptr;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* w = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!w) {
    const char* desc = nullptr;
    glfwGetError(&desc);
    if (why) *why = std::string("no OpenGL 4.5 core window: ") + (desc ? desc : "unknown");
    glfwTerminate();
    return nullptr;
  }
  glfwMakeContextCurrent(w);
  glfwSwapInterval(1);
  if (!gladLoadGL(glfwGetProcAddress)) {
    if (why) *why = "glad cannot load OpenGL";
    glfwDestroyWindow(w);
    glfwTerminate();
    return nullptr;
  }
  return std::make_unique<GlfwContext>(w);
}

std::unique_ptr<GlContext> make_headless_context(int width, int height) {
  if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) throw std::runtime_error("cannot load libEGL");
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  std::string tried;
  // GALAXY_EGL_PLATFORM=surfaceless skips the device platform: for machines where a device
  // misbehaves, and for testing the fallback.
  const char* forced = std::getenv("GALAXY_EGL_PLATFORM");
  const bool skip_devices = forced && std::string(forced) == "surfaceless";
  if (skip_devices) {
    tried += "device platform skipped (GALAXY_EGL_PLATFORM); ";
  } else if (has_extension(client, "EGL_EXT_platform_device") && eglQueryDevicesEXT) {
    EGLint n = 0;
    eglQueryDevicesEXT(0, nullptr, &n);
    std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(n));
    if (n > 0) eglQueryDevicesEXT(n, devices.data(), &n);
    // The GPU that CUDA uses by default (device 0) first, so that interop registration finds
    // the GL buffers on its own device; then other hardware devices; Mesa's software one last.
    struct Candidate {
      EGLDeviceEXT device;
      bool software;
      int rank;
    };
    std::vector<Candidate> order;
    for (EGLDeviceEXT dev : devices) {
      const char* ext =
          eglQueryDeviceStringEXT ? eglQueryDeviceStringEXT(dev, EGL_EXTENSIONS) : nullptr;
      const bool software = has_extension(ext, "EGL_MESA_device_software");
      EGLAttrib cuda_device = -1;
      if (has_extension(ext, "EGL_NV_device_cuda") && eglQueryDeviceAttribEXT) {
        eglQueryDeviceAttribEXT(dev, EGL_CUDA_DEVICE_NV, &cuda_device);
      }
      order.push_back({dev, software, software ? 2 : (cuda_device == 0 ? 0 : 1)});
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const Candidate& a, const Candidate& b) { return a.rank < b.rank; });
    for (std::size_t k = 0; k < order.size(); ++k) {
      const EGLDeviceEXT dev = order[k].device;
      const bool software = order[k].software;
      EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, dev, nullptr);
      std::string why;
      if (EGLContext c = try_display(d, why); c != EGL_NO_CONTEXT) {
        const std::string via =
            std::string("EGL device ") + std::to_string(k) + (software ? " (software)" : "");
        return std::make_unique<EglContext>(d, c, width, height, via);
      }
      tried += "EGL device " + std::to_string(k) + ": " + why + "; ";
    }
    if (order.empty()) tried += "EGL device platform: no devices; ";
  } else {
    tried += "no EGL_EXT_platform_device; ";
  }
  if (has_extension(client, "EGL_MESA_platform_surfaceless")) {
    EGLDisplay d =
        eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    std::string why;
    if (EGLContext c = try_display(d, why); c != EGL_NO_CONTEXT) {
      return std::make_unique<EglContext>(d, c, width, height, "EGL surfaceless platform");
    }
    tried += "EGL surfaceless platform: " + why + "; ";
  } else {
    tried += "no EGL_MESA_platform_surfaceless; ";
  }
  throw std::runtime_error("no headless OpenGL 4.5 core context (" + tried +
                           "install libegl1-mesa-dev and libgl1-mesa-dri for Mesa's llvmpipe)");
}

}  // namespace galaxy::app

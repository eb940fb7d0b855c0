// SPDX-License-Identifier: MIT
// An App in the test's own process, rendering headless: the panel's and the window's paths
// without a window.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "app.hpp"
#include "headless_gl.hpp"

namespace galaxy::test_support {

// Options of a small, quick app: `bodies` bodies drawn into 96x64 pixels.
inline app::Options small_options(std::size_t bodies) {
  app::Options o;
  o.bodies = bodies;
  o.width = 96;
  o.height = 64;
  return o;
}

// Headless, without the panel, on the CPU backend unless `o` names one; null, with the reason in
// `why`, when no headless GL context can be made. In lockstep (each frame() runs its steps before
// it returns) unless `threaded`: the simulation then steps on its own thread, unpaced.
inline std::unique_ptr<app::App> make_app(app::Options o, std::string& why, bool threaded = false) {
  if (!o.backend) o.backend = Backend::Cpu;
  o.headless = true;
  o.no_ui = true;
  o.lockstep = !threaded;
  if (threaded && !o.display_hz) o.display_hz = 0.0;
  if (kUnderAddressSanitizer) {
    why = kNoGlUnderAsan;
    return nullptr;
  }
  try {
    return std::make_unique<app::App>(o);
  } catch (const std::runtime_error& e) {
    why = e.what();
    if (why.find("no headless OpenGL") != std::string::npos) return nullptr;
    throw;
  }
}

}  // namespace galaxy::test_support

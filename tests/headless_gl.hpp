// SPDX-License-Identifier: MIT
// The fixture of the tests that drive the picture's passes directly, without an App: a headless
// OpenGL context of the given size, made before each test (which is skipped, saying why, where
// none can be made) and released after the fixture's own GL objects, which live in the derived
// class and so go first.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>

#include "picture/gl_context.hpp"
#include "sanitizer.hpp"

namespace galaxy::test_support {

class HeadlessGl : public ::testing::Test {
 protected:
  HeadlessGl(int width, int height) : width_(width), height_(height) {}
  // A derived SetUp calls this first and makes its GL objects unless IsSkipped().
  void SetUp() override {
    if (kUnderAddressSanitizer) GTEST_SKIP() << kNoGlUnderAsan;
    try {
      context_ = app::make_headless_context(width_, height_);
    } catch (const std::runtime_error& e) {
      GTEST_SKIP() << e.what();
    }
  }

 private:
  int width_, height_;
  std::unique_ptr<app::GlContext> context_;
};

}  // namespace galaxy::test_support

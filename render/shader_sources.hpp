// SPDX-License-Identifier: MIT
// Shaders are embedded at build time (render/embed_shaders.cmake), so the program and the tests
// never look for files at run time. A stage is compiled from "#version 450 core", then the named
// files in order (e.g. common.glsl before the stage's own file, as GLSL has no #include).
#pragma once

#include <glad/gl.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "gl_object.hpp"

namespace galaxy::render {

struct ShaderSource {
  const char* name;
  const char* text;
};
const std::vector<ShaderSource>& embedded_shaders();

// Text of the embedded shader file `name`; throws std::runtime_error when there is none.
std::string_view shader_text(std::string_view name);

struct ShaderStage {
  GLenum type;
  std::initializer_list<const char*> files;
};

// Compiles and links; throws std::runtime_error with the file names and the GL info log.
GlProgram build_program(std::initializer_list<ShaderStage> stages);

}  // namespace galaxy::render

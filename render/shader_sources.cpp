// SPDX-License-Identifier: MIT
#include "shader_sources.hpp"

#include <stdexcept>

namespace galaxy::render {

std::string_view shader_text(std::string_view name) {
  for (const ShaderSource& s : embedded_shaders()) {
    if (name == s.name) return s.text;
  }
  throw std::runtime_error("no embedded shader named " + std::string(name));
}

namespace {

std::string files_label(const ShaderStage& s) {
  std::string label;
  for (const char* f : s.files) label += (label.empty() ? "" : " + ") + std::string(f);
  return label;
}

GLuint compile(const ShaderStage& s) {
  std::string text = "#version 450 core\n";
  for (const char* f : s.files) {
    text += "#line 1\n";
    text += shader_text(f);
    text += "\n";
  }
  const GLuint id = glCreateShader(s.type);
  const char* src = text.c_str();
  glShaderSource(id, 1, &src, nullptr);
  glCompileShader(id);
  GLint ok = GL_FALSE;
  glGetShaderiv(id, GL_COMPILE_STATUS, &ok);
  if (ok) return id;
  GLint len = 0;
  glGetShaderiv(id, GL_INFO_LOG_LENGTH, &len);
  std::string log(static_cast<std::size_t>(len > 0 ? len : 1), '\0');
  glGetShaderInfoLog(id, len, nullptr, log.data());
  glDeleteShader(id);
  throw std::runtime_error("shader " + files_label(s) + " does not compile:\n" + log);
}

}  // namespace

GlProgram build_program(std::initializer_list<ShaderStage> stages) {
  GlProgram program(glCreateProgram());
  std::vector<GLuint> shaders;
  try {
    for (const ShaderStage& s : stages) shaders.push_back(compile(s));
  } catch (...) {
    for (GLuint id : shaders) glDeleteShader(id);
    throw;
  }
  for (GLuint id : shaders) glAttachShader(program.id(), id);
  glLinkProgram(program.id());
  for (GLuint id : shaders) glDeleteShader(id);
  GLint ok = GL_FALSE;
  glGetProgramiv(program.id(), GL_LINK_STATUS, &ok);
  if (!ok) {
    GLint len = 0;
    glGetProgramiv(program.id(), GL_INFO_LOG_LENGTH, &len);
    std::string log(static_cast<std::size_t>(len > 0 ? len : 1), '\0');
    glGetProgramInfoLog(program.id(), len, nullptr, log.data());
    std::string label;
    for (const ShaderStage& s : stages) label += (label.empty() ? "" : ", ") + files_label(s);
    throw std::runtime_error("program " + label + " does not link:\n" + log);
  }
  return program;
}

}  // namespace galaxy::render

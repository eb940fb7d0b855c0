# SPDX-License-Identifier: MIT
# Build-time step (cmake -P): writes OUTPUT, a C++ file holding every shader of SOURCES as a raw
# string, so the executable carries its shaders and finds them wherever it is installed or run.
set(_body "")
foreach(_file IN LISTS SOURCES)
  get_filename_component(_name ${_file} NAME)
  file(READ ${_file} _text)
  string(APPEND _body "    {\"${_name}\", R\"glsl(${_text})glsl\"},\n")
endforeach()
file(WRITE ${OUTPUT}.tmp
  "// Generated from shaders/ by render/embed_shaders.cmake; do not edit.\n"
  "#include \"shader_sources.hpp\"\n\n"
  "namespace galaxy::render {\n\n"
  "const std::vector<ShaderSource>& embedded_shaders() {\n"
  "  static const std::vector<ShaderSource> all = {\n${_body}  };\n"
  "  return all;\n}\n\n}  // namespace galaxy::render\n")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)

# SPDX-License-Identifier: MIT
# Imported targets for the system packages galaxy uses (Debian 12), and the rule that generates
# the glad OpenGL 4.5 core + EGL 1.5 loader at configure time. No third-party source is copied
# here and nothing is downloaded: glad --reproducible uses the Khronos files its package ships.

find_package(OpenMP REQUIRED COMPONENTS CXX)
find_package(CLI11 CONFIG REQUIRED)
find_package(ZLIB REQUIRED)  # crc32 for the .gxy checksum
find_package(PNG REQUIRED)
find_package(glfw3 3.3 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
# libstb-dev: stb_image reads the reference image (render/reference_image.cpp).
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)
find_package(OpenGL REQUIRED COMPONENTS EGL)
find_package(glm CONFIG REQUIRED)
# Highway (libhwy-dev): the CPU backend's SIMD kernels, with runtime dispatch (sim/cpu/kernels.cpp).
find_package(hwy CONFIG REQUIRED)

find_program(GALAXY_GLAD glad REQUIRED)
set(_glad_dir ${CMAKE_BINARY_DIR}/third_party/glad)
set(_glad_sources ${_glad_dir}/src/gl.c ${_glad_dir}/src/egl.c)
add_custom_command(
  OUTPUT ${_glad_sources} ${_glad_dir}/include/glad/gl.h ${_glad_dir}/include/glad/egl.h
  COMMAND ${GALAXY_GLAD} --reproducible --quiet --api gl:core=4.5,egl=1.5 --out-path ${_glad_dir} c --loader
  COMMENT "Generating the glad OpenGL 4.5 core / EGL 1.5 loader"
  VERBATIM)
add_library(galaxy_glad STATIC ${_glad_sources})
target_include_directories(galaxy_glad SYSTEM PUBLIC ${_glad_dir}/include)
target_link_libraries(galaxy_glad PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(galaxy_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)

# Debian's libimgui.a already contains the GLFW and OpenGL3 backends.
add_library(galaxy_imgui INTERFACE)
target_link_libraries(galaxy_imgui INTERFACE PkgConfig::IMGUI glfw)
# IMGUI_INCLUDE_DIRS is a list (imgui and stb): the backends folder hangs off IMGUI_INCLUDEDIR.
target_include_directories(galaxy_imgui SYSTEM INTERFACE ${IMGUI_INCLUDE_DIRS} ${IMGUI_INCLUDEDIR}/backends)

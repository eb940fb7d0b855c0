// SPDX-License-Identifier: MIT
#include "png_read.hpp"

#include <png.h>

#include <cstdio>
#include <stdexcept>

namespace galaxy::test_support {

namespace {
struct PngRead {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~PngRead() { png_destroy_read_struct(&png, &info, nullptr); }
};
struct File {
  FILE* f;
  ~File() {
    if (f) std::fclose(f);
  }
};
}  // namespace

std::vector<std::uint8_t> read_png(const std::filesystem::path& path, int& width, int& height) {
  File file{std::fopen(path.c_str(), "rb")};
  if (!file.f) throw std::runtime_error("cannot read " + path.string());
  PngRead r;
  r.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (r.png) r.info = png_create_info_struct(r.png);
  if (!r.png || !r.info) throw std::runtime_error("libpng cannot start for " + path.string());
  if (setjmp(png_jmpbuf(r.png))) throw std::runtime_error("not a PNG: " + path.string());
  png_init_io(r.png, file.f);
  png_read_info(r.png, r.info);
  width = static_cast<int>(png_get_image_width(r.png, r.info));
  height = static_cast<int>(png_get_image_height(r.png, r.info));
  png_set_expand(r.png);
  png_set_strip_16(r.png);
  png_set_gray_to_rgb(r.png);
  png_set_filler(r.png, 0xff, PNG_FILLER_AFTER);
  png_read_update_info(r.png, r.info);
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 4);
  for (int y = 0; y < height; ++y) {
    png_read_row(r.png, pixels.data() + static_cast<std::size_t>(y) * width * 4, nullptr);
  }
  return pixels;
}

}  // namespace galaxy::test_support

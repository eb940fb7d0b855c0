// SPDX-License-Identifier: MIT
#include "picture/recorder.hpp"

#include <fmt/format.h>
#include <png.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>

namespace galaxy::app {

namespace {

struct PngWrite {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~PngWrite() { png_destroy_write_struct(&png, &info); }
};
struct File {
  FILE* f;
  ~File() {
    if (f) std::fclose(f);
  }
};

// Case-insensitive: out.MP4 is a video too.
bool ends_with(const std::string& s, const std::string& suffix) {
  if (s.size() < suffix.size()) return false;
  for (std::size_t k = 0; k < suffix.size(); ++k) {
    const char c = s[s.size() - suffix.size() + k];
    if (std::tolower(static_cast<unsigned char>(c)) != suffix[k]) return false;
  }
  return true;
}

// True for a target that names a video (.mp4, .mkv, .webm in any case), which ffmpeg encodes.
bool record_is_video(const std::string& target) {
  return ends_with(target, ".mp4") || ends_with(target, ".mkv") || ends_with(target, ".webm");
}

}  // namespace

void check_record_target(const std::string& target) {
  namespace fs = std::filesystem;
  if (target.empty()) throw std::runtime_error("--record needs a folder or a FILE.mp4");
  for (const char* ext :
       {".avi", ".mov", ".gif", ".mpg", ".mpeg", ".m4v", ".wmv", ".png", ".jpg"}) {
    if (ends_with(target, ext)) {
      throw std::runtime_error("--record " + target +
                               ": unknown video format; use FILE.mp4, .mkv or .webm (ffmpeg), or "
                               "a folder for PNG frames");
    }
  }
  std::error_code ec;
  if (record_is_video(target)) {
    const fs::path p(target);
    const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec)) {
      throw std::runtime_error("--record " + target + ": folder " + dir.string() +
                               " does not exist");
    }
    if (::access(dir.c_str(), W_OK | X_OK) != 0) {
      throw std::runtime_error("--record " + target + ": folder " + dir.string() +
                               " is not writable");
    }
    if (!ffmpeg_available()) {
      throw std::runtime_error("--record " + target +
                               " needs ffmpeg, which is not installed (apt-get install ffmpeg); "
                               "--record DIR writes PNG frames without it");
    }
    return;
  }
  if (fs::exists(target, ec) && !fs::is_directory(target, ec)) {
    throw std::runtime_error("--record " + target + ": is a file, not a folder");
  }
  fs::create_directories(target, ec);
  if (ec) {
    throw std::runtime_error("--record " + target + ": cannot create the folder: " + ec.message());
  }
  if (::access(target.c_str(), W_OK | X_OK) != 0) {
    throw std::runtime_error("--record " + target + ": the folder is not writable");
  }
}

void write_png(const std::filesystem::path& path, const std::uint8_t* rgba, int width, int height) {
  File file{std::fopen(path.c_str(), "wb")};
  if (!file.f) throw std::runtime_error("cannot write " + path.string());
  PngWrite w;
  w.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (w.png) w.info = png_create_info_struct(w.png);
  if (!w.png || !w.info) throw std::runtime_error("libpng cannot start for " + path.string());
  if (setjmp(png_jmpbuf(w.png))) throw std::runtime_error("libpng failed writing " + path.string());
  png_init_io(w.png, file.f);
  // RGB out: the images are opaque, so the filler (alpha) byte of each input pixel is dropped.
  png_set_IHDR(w.png, w.info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(w.png, 3);  // fast: recording should not be bound by zlib
  png_write_info(w.png, w.info);
  png_set_filler(w.png, 0, PNG_FILLER_AFTER);
  for (int y = 0; y < height; ++y) {
    png_write_row(w.png, const_cast<png_bytep>(rgba + static_cast<std::size_t>(y) * width * 4));
  }
  png_write_end(w.png, nullptr);
}

bool ffmpeg_available() {
  return std::system("command -v ffmpeg >/dev/null 2>&1") == 0;
}

Recorder::Recorder(const std::string& target, int width, int height)
    : target_(target), width_(width), height_(height) {
  if (record_is_video(target)) {
    if (!ffmpeg_available()) {
      throw std::runtime_error("recording " + target +
                               " needs ffmpeg, which is not installed (apt-get install ffmpeg); "
                               "--record DIR writes PNG frames without it");
    }
    const std::string cmd = "ffmpeg -loglevel error -y -f rawvideo -pix_fmt rgba -s " +
                            std::to_string(width) + "x" + std::to_string(height) +
                            " -r 30 -i - -vf vflip -c:v libx264 -pix_fmt yuv420p -crf 18 '" +
                            target + "'";
    pipe_ = popen(cmd.c_str(), "w");
    if (!pipe_) throw std::runtime_error("cannot start ffmpeg for " + target);
  } else {
    std::filesystem::create_directories(target);
  }
}

Recorder::~Recorder() {
  if (pipe_) pclose(pipe_);
}

void Recorder::add(const std::vector<std::uint8_t>& bottom_up) {
  if (pipe_) {
    if (std::fwrite(bottom_up.data(), 1, bottom_up.size(), pipe_) != bottom_up.size()) {
      throw std::runtime_error("ffmpeg stopped taking frames for " + target_);
    }
  } else {
    std::vector<std::uint8_t> top_down(bottom_up.size());
    const std::size_t row = static_cast<std::size_t>(width_) * 4;
    for (int y = 0; y < height_; ++y) {
      std::copy_n(bottom_up.data() + row * (height_ - 1 - y), row, top_down.data() + row * y);
    }
    write_png(std::filesystem::path(target_) / fmt::format("frame_{:05d}.png", frames_),
              top_down.data(), width_, height_);
  }
  ++frames_;
}

}  // namespace galaxy::app

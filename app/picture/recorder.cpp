// SPDX-License-Identifier: MIT
#include "picture/recorder.hpp"

#include <fmt/format.h>
#include <png.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cerrno>
#include <cstring>
#include <ostream>
#include <stdexcept>

#include "io/atomic_file.hpp"

namespace galaxy::app {

namespace {

struct PngWrite {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~PngWrite() { png_destroy_write_struct(&png, &info); }
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

// libpng writes through this into the atomic file's stream; a failed write (a full disk, a file
// too large) ends the encoding with the system's reason.
struct PngSink {
  std::ostream* out;
  int error = 0;
};

void png_write_to(png_structp png, png_bytep data, png_size_t n) {
  auto* sink = static_cast<PngSink*>(png_get_io_ptr(png));
  sink->out->write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(n));
  if (!*sink->out) {
    sink->error = errno != 0 ? errno : EIO;
    png_error(png, "write failed");
  }
}

void png_flush_to(png_structp png) {
  auto* sink = static_cast<PngSink*>(png_get_io_ptr(png));
  sink->out->flush();
}

// libpng's errors become the exception encode_png throws (with the system's reason), not a line
// on stderr.
[[noreturn]] void png_quiet_error(png_structp png, png_const_charp) { png_longjmp(png, 1); }

void encode_png(std::ostream& out, const std::filesystem::path& path, const std::uint8_t* rgba,
                int width, int height) {
  PngWrite w;
  PngSink sink{&out};
  w.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, png_quiet_error, nullptr);
  if (w.png) w.info = png_create_info_struct(w.png);
  if (!w.png || !w.info) throw std::runtime_error("libpng cannot start for " + path.string());
  if (setjmp(png_jmpbuf(w.png))) {
    throw std::runtime_error("cannot write " + path.string() + ": " +
                             (sink.error ? std::strerror(sink.error) : "libpng failed"));
  }
  png_set_write_fn(w.png, &sink, png_write_to, png_flush_to);
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

// Frames of an earlier recording in `dir`.
std::vector<std::filesystem::path> old_frames(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> found;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("frame_", 0) == 0 && ends_with(name, ".png")) found.push_back(e.path());
  }
  return found;
}

}  // namespace

bool record_is_video(const std::string& target) {
  return ends_with(target, ".mp4") || ends_with(target, ".mkv") || ends_with(target, ".webm");
}

void check_record_target(const std::string& target, bool replace) {
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
  const auto old = old_frames(target);
  if (old.empty()) return;
  if (!replace) {
    throw std::runtime_error(fmt::format(
        "--record {}: the folder holds {} frame{} of an earlier recording (frame_*.png); name "
        "another folder, or add --record-replace to remove them first",
        target, old.size(), old.size() == 1 ? "" : "s"));
  }
  for (const auto& f : old) {
    std::filesystem::remove(f, ec);
    if (ec) throw std::runtime_error("--record " + target + ": cannot remove " + f.string());
  }
}

void write_png(const std::filesystem::path& path, const std::uint8_t* rgba, int width, int height) {
  io::atomic_write(path, [&](std::ostream& out) { encode_png(out, path, rgba, width, height); });
}

bool ffmpeg_available() { return !find_program("ffmpeg").empty(); }

Recorder::Recorder(const std::string& target, int width, int height, int fps)
    : target_(target), width_(width), height_(height), fps_(fps), video_(record_is_video(target)) {
  if (!video_) {
    std::filesystem::create_directories(target);
    return;
  }
  // Beside the target, with its extension (ffmpeg picks the container by it); "file:" makes
  // ffmpeg read any name as a file name (one that starts with '-' or holds ':').
  const std::filesystem::path t(target);
  partial_ = t.parent_path() / fmt::format(".{}.partial{}", t.stem().string(), t.extension().string());
  encoder_ = std::make_unique<ChildProcess>(std::vector<std::string>{
      "ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s",
      std::to_string(width) + "x" + std::to_string(height), "-r", std::to_string(fps), "-i", "pipe:0", "-vf",
      "vflip", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
      "file:" + partial_.string()});
}

Recorder::~Recorder() {
  if (!encoder_) return;
  encoder_.reset();  // ends ffmpeg
  std::error_code ignored;
  std::filesystem::remove(partial_, ignored);
}

void Recorder::add(const std::vector<std::uint8_t>& bottom_up) {
  if (video_) {
    if (!encoder_) throw std::runtime_error("the recording of " + target_ + " has ended");
    encoder_->write(bottom_up.data(), bottom_up.size());
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

void Recorder::finish() {
  if (!encoder_) return;
  std::unique_ptr<ChildProcess> encoder = std::move(encoder_);
  std::error_code ec;
  try {
    encoder->finish();
  } catch (...) {
    std::filesystem::remove(partial_, ec);
    throw;
  }
  std::filesystem::rename(partial_, target_, ec);
  if (ec) {
    std::filesystem::remove(partial_, ec);
    throw std::runtime_error("cannot put the video in place as " + target_ + ": " + ec.message());
  }
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// Frames to files: PNGs through libpng (screenshots, numbered frames) and an ffmpeg pipe for
// FILE.mp4.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace galaxy::app {

// Writes top-down RGBA rows as an 8-bit RGB PNG. Throws std::runtime_error naming the file.
void write_png(const std::filesystem::path& path, const std::uint8_t* rgba, int width, int height);

// Records every frame it is given: into DIR/frame_00000.png ... or, for a target ending in .mp4,
// into ffmpeg's standard input. Construction throws when the folder cannot be made or ffmpeg is
// not installed.
class Recorder {
 public:
  Recorder(const std::string& target, int width, int height);
  ~Recorder();
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // `rgba` is bottom-up (as glReadPixels returns it); ffmpeg flips it, PNGs are flipped here.
  void add(const std::vector<std::uint8_t>& bottom_up_rgba);
  int frames() const { return frames_; }
  int width() const { return width_; }
  int height() const { return height_; }
  const std::string& target() const { return target_; }
  bool video() const { return pipe_ != nullptr; }

 private:
  std::string target_;
  int width_, height_;
  int frames_ = 0;
  FILE* pipe_ = nullptr;
};

bool ffmpeg_available();

// Throws std::runtime_error when frames could not be written to `target`: an unknown video
// extension, a missing or read-only folder, ffmpeg missing for a video. Creates a frame folder.
void check_record_target(const std::string& target);

}  // namespace galaxy::app

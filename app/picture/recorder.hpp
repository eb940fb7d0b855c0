// SPDX-License-Identifier: MIT
// Frames to files: PNGs through libpng (screenshots, numbered frames) and an ffmpeg pipe for
// FILE.mp4.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "picture/child_process.hpp"

namespace galaxy::app {

// Writes top-down RGBA rows as an 8-bit RGB PNG, whole or not at all: into a temporary file in
// the same folder, checked to the last byte and renamed (sim/io/atomic_file). Throws
// std::runtime_error naming the file and the reason (a full disk, a file too large).
void write_png(const std::filesystem::path& path, const std::uint8_t* rgba, int width, int height);

// Records every frame it is given: into DIR/frame_00000.png ... or, for a target ending in .mp4,
// .mkv or .webm, into ffmpeg's standard input (started from an argument vector, no shell). A
// video is encoded into a temporary file beside the target and renamed over it by finish(), so a
// failed recording never replaces an older one. Construction throws when the folder cannot be
// made or ffmpeg cannot be started.
class Recorder {
 public:
  // A video plays at `fps` frames a second (a folder of PNGs has no rate of its own: `fps` is
  // what a camera path moves on by, 1/fps seconds a frame).
  Recorder(const std::string& target, int width, int height, int fps = 30);
  ~Recorder();  // an unfinished video's temporary file is removed
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // `rgba` is bottom-up (as glReadPixels returns it); ffmpeg flips it, PNGs are flipped here.
  // Throws std::runtime_error naming the file or what ffmpeg said.
  void add(const std::vector<std::uint8_t>& bottom_up_rgba);
  // Ends the recording: waits for ffmpeg and puts the video in place. Throws when ffmpeg failed
  // (its exit status and last lines) or the video cannot be put in place.
  void finish();
  int frames() const { return frames_; }
  int width() const { return width_; }
  int height() const { return height_; }
  int fps() const { return fps_; }
  const std::string& target() const { return target_; }
  bool video() const { return video_; }

 private:
  std::string target_;
  std::filesystem::path partial_;  // the video being encoded
  int width_, height_, fps_;
  int frames_ = 0;
  bool video_ = false;
  std::unique_ptr<ChildProcess> encoder_;
};

bool ffmpeg_available();
bool record_is_video(const std::string& target);

// Throws std::runtime_error when frames could not be written to `target`: an unknown video
// extension, a missing or read-only folder, ffmpeg missing for a video, a folder holding frames
// of an earlier recording (unless `replace`: they are removed). Creates a frame folder.
void check_record_target(const std::string& target, bool replace = false);

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// Recordings that lose nothing (issue 27): ffmpeg started from an argument vector (no shell), its
// failures at the start and at the end reported with the --save still written, frames written
// whole or reported (a file-size limit stands in for a full disk), and no two runs mixed in one
// folder. A fake ffmpeg on PATH plays the encoder, so these run without ffmpeg installed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "run_command.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using test_support::CommandResult;
using test_support::run_command;

bool no_gl(const CommandResult& r) {
  return r.output.find("no headless OpenGL 4.5 core context") != std::string::npos;
}

// A fresh folder holding a fake `ffmpeg`: it writes its arguments one a line to ./args, then by
// $FAKE_MODE fails before reading a frame (start), reads every frame (counting their bytes into
// ./bytes) and fails (end), or reads them and writes its last argument's file (file:NAME) as a
// video would be.
fs::path fake_ffmpeg_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / name;
  fs::remove_all(dir);
  fs::create_directories(dir / "bin");
  std::ofstream f(dir / "bin" / "ffmpeg");
  f << "#!/bin/sh\n"
       "for a in \"$@\"; do printf '%s\\n' \"$a\"; done > args\n"
       "[ \"$FAKE_MODE\" = start ] && { echo 'fake: cannot open the encoder' >&2; exit 1; }\n"
       "wc -c > bytes\n"
       "[ \"$FAKE_MODE\" = end ] && { echo 'fake: muxing failed at the end' >&2; exit 3; }\n"
       "last=''; for a in \"$@\"; do last=\"$a\"; done\n"
       "printf video > \"${last#file:}\"\n";
  f.close();
  fs::permissions(dir / "bin" / "ffmpeg", fs::perms::owner_all);
  return dir;
}

// galaxy run in `dir` with the fake ffmpeg first on PATH.
CommandResult run_in(const fs::path& dir, const std::string& env, const std::string& args) {
  return run_command("cd '" + dir.string() + "' && PATH='" + (dir / "bin").string() +
                     "':\"$PATH\" " + env + " " + test_support::galaxy_command() +
                     " --headless --backend cpu --bodies 300 --frames 3 --no-ui --width 64 "
                     "--height 48 " + args);
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool has_hidden_files(const fs::path& dir) {
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.path().filename().string().rfind('.', 0) == 0) return true;
  }
  return false;
}

TEST(Recording, AFileNameWithQuotesAndShellCharactersIsOneArgument) {
  const fs::path dir = fake_ffmpeg_dir("galaxy_rec_name");
  const std::string name = "it's \"$(touch PWNED)\" & `touch PWNED2`; x.mp4";
  // The shell of this test passes the name in single quotes, its own ' written as '\''.
  const CommandResult r =
      run_in(dir, "", "--record 'it'\\''s \"$(touch PWNED)\" & `touch PWNED2`; x.mp4'");
  if (no_gl(r)) GTEST_SKIP() << r.output;
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(fs::exists(dir / "PWNED")) << "the name ran a command";
  EXPECT_FALSE(fs::exists(dir / "PWNED2")) << "the name ran a command";
  EXPECT_EQ(slurp(dir / name), "video") << "the video is in place under its exact name";
  const std::string args = slurp(dir / "args");
  EXPECT_NE(args.find("\nfile:." + name.substr(0, name.size() - 4) + ".partial.mp4\n"),
            std::string::npos)
      << "ffmpeg got the name as one argument: " << args;
  EXPECT_FALSE(has_hidden_files(dir)) << "no temporary file left";
  fs::remove_all(dir);
}

// --record-fps sets the rate the video plays at: ffmpeg is told it, and gets one raw frame a
// frame drawn (three 64x48 RGBA frames).
TEST(Recording, RecordFpsIsTheVideosRateAndEveryFrameReachesTheEncoder) {
  const fs::path dir = fake_ffmpeg_dir("galaxy_rec_fps");
  const CommandResult r = run_in(dir, "", "--record v.mp4 --record-fps 60");
  if (no_gl(r)) GTEST_SKIP() << r.output;
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string args = slurp(dir / "args");
  EXPECT_NE(args.find("\n-r\n60\n"), std::string::npos) << args;
  EXPECT_EQ(std::stol(slurp(dir / "bytes")), 3L * 64 * 48 * 4);
  const CommandResult bad = run_in(dir, "", "--record v.mp4 --record-fps 0");
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("--record-fps"), std::string::npos) << bad.output;
  fs::remove_all(dir);
}

TEST(Recording, FfmpegFailingAtTheStartStopsTheRecordingAndTheSaveIsStillWritten) {
  const fs::path dir = fake_ffmpeg_dir("galaxy_rec_start");
  const CommandResult r = run_in(dir, "FAKE_MODE=start", "--record v.mp4 --save s.gxy");
  if (no_gl(r)) GTEST_SKIP() << r.output;
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("ffmpeg stopped taking input (exit status 1): fake: cannot open the "
                          "encoder"),
            std::string::npos)
      << r.output;
  EXPECT_TRUE(fs::exists(dir / "s.gxy")) << r.output;
  EXPECT_FALSE(fs::exists(dir / "v.mp4"));
  EXPECT_EQ(r.output.find("wrote 3 frames"), std::string::npos) << r.output;
  EXPECT_FALSE(has_hidden_files(dir));
  fs::remove_all(dir);
}

TEST(Recording, FfmpegFailingAtTheEndIsReportedAndKeepsAnOlderVideo) {
  const fs::path dir = fake_ffmpeg_dir("galaxy_rec_end");
  std::ofstream(dir / "v.mp4") << "older";
  const CommandResult r = run_in(dir, "FAKE_MODE=end", "--record v.mp4 --save s.gxy");
  if (no_gl(r)) GTEST_SKIP() << r.output;
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("recording v.mp4 failed: ffmpeg failed (exit status 3): fake: muxing "
                          "failed at the end"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("wrote 3 frames"), std::string::npos) << "not reported as written";
  EXPECT_EQ(slurp(dir / "v.mp4"), "older") << "a failed recording never replaces an older one";
  EXPECT_TRUE(fs::exists(dir / "s.gxy")) << r.output;
  EXPECT_FALSE(has_hidden_files(dir));
  fs::remove_all(dir);
}

// A file-size limit (RLIMIT_FSIZE, set by util-linux's prlimit in bytes) makes every write past
// 4 KiB fail as a full disk would.
TEST(Recording, FramesThatCannotBeWrittenStopTheRecordingAndLeaveNoPartialFrame) {
  const fs::path dir = fake_ffmpeg_dir("galaxy_rec_full");
  const CommandResult r = run_command(
      "cd '" + dir.string() + "' && prlimit --fsize=4096:4096 " + test_support::galaxy_command() +
      " --headless --backend cpu --bodies 50 --frames 3 --no-ui --width 640 --height 480 "
      "--record fr --save s.gxy");
  if (no_gl(r)) GTEST_SKIP() << r.output;
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("recording stopped: cannot write fr/frame_00000.png: File too large"),
            std::string::npos)
      << r.output;
  EXPECT_TRUE(fs::is_empty(dir / "fr")) << "no frame, whole or partial, and no temporary";
  EXPECT_TRUE(fs::exists(dir / "s.gxy")) << "the save (2.4 KB) is still written: " << r.output;
  fs::remove_all(dir);
}

TEST(Recording, AFolderWithAnEarlierRecordingIsRefusedUnlessReplaced) {
  const fs::path dir = fake_ffmpeg_dir("galaxy_rec_mix");
  fs::create_directories(dir / "fr");
  for (int k = 0; k < 5; ++k) std::ofstream(dir / "fr" / ("frame_0000" + std::to_string(k) + ".png"));
  CommandResult r = run_in(dir, "", "--record fr");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--record fr: the folder holds 5 frames of an earlier recording"),
            std::string::npos)
      << r.output;
  r = run_in(dir, "", "--record fr --record-replace");
  if (no_gl(r)) GTEST_SKIP() << r.output;
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fs::exists(dir / "fr" / "frame_00002.png"));
  EXPECT_FALSE(fs::exists(dir / "fr" / "frame_00003.png")) << "the earlier run's frames went";
  fs::remove_all(dir);
}

// Without a display the default run records a short clip: a second run never overwrites the
// first, and says where it wrote.
TEST(Recording, TheDefaultHeadlessClipNeverOverwritesAnEarlierOne) {
  const fs::path dir = fake_ffmpeg_dir("galaxy_rec_default");
  const std::string cmd = "cd '" + dir.string() + "' && env -u DISPLAY -u WAYLAND_DISPLAY " +
                          test_support::galaxy_command() +
                          " --backend cpu --bodies 300 --no-ui --width 48 --height 32";
  const CommandResult first = run_command(cmd);
  if (no_gl(first)) GTEST_SKIP() << first.output;
  ASSERT_EQ(first.status, 0) << first.output;
  EXPECT_NE(first.output.find("rendering 90 frames headless into out/frames/"), std::string::npos)
      << first.output;
  const CommandResult second = run_command(cmd);
  ASSERT_EQ(second.status, 0) << second.output;
  EXPECT_NE(second.output.find("into out/frames_"), std::string::npos) << second.output;
  int folders = 0;
  for (const auto& e : fs::directory_iterator(dir / "out")) {
    ++folders;
    EXPECT_TRUE(fs::exists(e.path() / "frame_00089.png")) << e.path();
  }
  EXPECT_EQ(folders, 2);
  fs::remove_all(dir);
}

// The bench's CSV is whole or reported: a write that fails leaves no file and exit status 1.
TEST(Recording, ABenchCsvThatCannotBeWrittenIsReportedAndLeavesNoFile) {
  const fs::path dir = fake_ffmpeg_dir("galaxy_rec_csv");
  const CommandResult r = run_command(
      "cd '" + dir.string() + "' && prlimit --fsize=200:200 " + test_support::galaxy_command() +
      " bench --backend cpu --solver bh --bodies 1000 --steps 1 --warmup 0 --samples 100 "
      "--no-direct-kernels --csv rows.csv");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("rows.csv: write failed"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("wrote rows.csv"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "rows.csv"));
  EXPECT_FALSE(has_hidden_files(dir));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace galaxy

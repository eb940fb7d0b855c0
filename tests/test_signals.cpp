// SPDX-License-Identifier: MIT
// Signals end a run gracefully (issue 27): SIGINT, SIGTERM and SIGHUP stop a headless recording,
// the energy table and a video at the next frame or step, with the --save written, the frames
// whole, no temporaries left and exit status 128 + the signal. The program is started directly
// (posix_spawn), signalled once what it writes shows it is under way, and waited for.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "io/snapshot.hpp"
#include "png_read.hpp"
#include "run_command.hpp"

extern char** environ;

namespace galaxy {
namespace {

namespace fs = std::filesystem;

fs::path fresh(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// galaxy started in `dir` with `args`, its standard output and error into dir/out.txt.
struct Child {
  pid_t pid = -1;
  Child(const fs::path& dir, std::vector<std::string> args, const std::string& path_prefix = {}) {
    const std::string exe = test_support::galaxy_command();
    args.insert(args.begin(), exe);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> env_store;
    for (char** e = environ; *e; ++e) {
      std::string v = *e;
      if (!path_prefix.empty() && v.rfind("PATH=", 0) == 0) v = "PATH=" + path_prefix + ":" + v.substr(5);
      env_store.push_back(v);
    }
    std::vector<char*> env;
    for (std::string& v : env_store) env.push_back(v.data());
    env.push_back(nullptr);
    const std::string out = (dir / "out.txt").string();
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addchdir_np(&fa, dir.c_str());
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO);
    if (posix_spawn(&pid, exe.c_str(), &fa, nullptr, argv.data(), env.data()) != 0) pid = -1;
    posix_spawn_file_actions_destroy(&fa);
  }
  // The exit status once it ended, or -1 when it did not end by itself within `limit`: ten
  // minutes, only there so that a hang ends (a save of 230 MB on a loaded machine takes minutes).
  int wait(std::chrono::seconds limit = std::chrono::seconds(600)) {
    const auto end = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > end) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        return -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
};

// Polls until `ready` holds (what the program wrote shows it is under way). What is waited on is
// the event; the ten minutes only end a hang. A minute was sized for an idle machine: on a loaded
// one (load average 5 on 2 cores) making 5M bodies before their save took longer (issue 45).
template <class Ready>
bool until(Ready ready) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(600);
  while (!ready()) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool gl_missing(const fs::path& dir) {
  return slurp(dir / "out.txt").find("no headless OpenGL 4.5 core context") != std::string::npos;
}

std::vector<fs::path> hidden_files(const fs::path& dir) {
  std::vector<fs::path> found;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.path().filename().string().rfind('.', 0) == 0) found.push_back(e.path());
  }
  return found;
}

TEST(Signals, SigintStopsAHeadlessRecordingWithWholeFramesAndTheSave) {
  const fs::path dir = fresh("galaxy_sig_int");
  Child c(dir, {"--headless", "--backend", "cpu", "--bodies", "2000", "--frames", "100000",
                "--no-ui", "--width", "64", "--height", "48", "--record", "fr", "--save", "s.gxy"});
  ASSERT_GT(c.pid, 0);
  const bool started = until([&] { return fs::exists(dir / "fr" / "frame_00002.png") || gl_missing(dir); });
  if (gl_missing(dir)) {
    c.wait();
    GTEST_SKIP() << slurp(dir / "out.txt");
  }
  ASSERT_TRUE(started) << slurp(dir / "out.txt");
  ::kill(c.pid, SIGINT);
  EXPECT_EQ(c.wait(), 130) << slurp(dir / "out.txt");
  EXPECT_EQ(io::load_snapshot(dir / "s.gxy").bodies.size(), 2000u) << "the --save is written";
  int frames = 0;
  for (const auto& e : fs::directory_iterator(dir / "fr")) {
    int w = 0, h = 0;
    EXPECT_NO_THROW(test_support::read_png(e.path(), w, h)) << e.path() << " is whole";
    ++frames;
  }
  EXPECT_GE(frames, 3);
  EXPECT_LT(frames, 100000) << "it stopped";
  EXPECT_TRUE(hidden_files(dir).empty()) << "no temporaries";
  fs::remove_all(dir);
}

TEST(Signals, SigtermStopsTheEnergyTableWithItsLastRowAndTheSave) {
  const fs::path dir = fresh("galaxy_sig_term");
  Child c(dir, {"--headless", "--backend", "cpu", "--bodies", "3000", "--steps", "100000000",
                "--save", "s.gxy"});
  ASSERT_GT(c.pid, 0);
  // The header and the row of step 0 are on the (redirected) standard output: it runs.
  ASSERT_TRUE(until([&] { return slurp(dir / "out.txt").find("ms/step\n") != std::string::npos; }));
  ::kill(c.pid, SIGTERM);
  EXPECT_EQ(c.wait(), 143) << slurp(dir / "out.txt");
  const std::string out = slurp(dir / "out.txt");
  EXPECT_NE(out.find("stopped by signal 15 after step"), std::string::npos) << out;
  EXPECT_NE(out.find("wrote s.gxy"), std::string::npos) << out;
  EXPECT_EQ(io::load_snapshot(dir / "s.gxy").bodies.size(), 3000u);
  EXPECT_TRUE(hidden_files(dir).empty());
  fs::remove_all(dir);
}

// A signal while the save is being written: the save finishes whole under its name (the
// temporary renamed), nothing else is left, and the status says the run was stopped. 5M bodies
// make a 230 MB .gxy, written for long enough to be signalled while its temporary exists.
TEST(Signals, SigtermDuringASaveLeavesTheWholeSaveAndNoTemporary) {
  const fs::path dir = fresh("galaxy_sig_save");
  Child c(dir, {"--headless", "--backend", "cpu", "--scenario", "plummer", "--bodies", "5M",
                "--steps", "0", "--save", "s.gxy"});
  ASSERT_GT(c.pid, 0);
  bool saw_temporary = false;
  const bool ended_or_saving = until([&] {
    saw_temporary = !hidden_files(dir).empty();
    return saw_temporary || fs::exists(dir / "s.gxy") || ::waitpid(c.pid, nullptr, WNOHANG) != 0;
  });
  ASSERT_TRUE(ended_or_saving);
  ASSERT_TRUE(saw_temporary) << "the save was not seen under way: " << slurp(dir / "out.txt");
  ::kill(c.pid, SIGTERM);
  EXPECT_EQ(c.wait(), 143) << slurp(dir / "out.txt");
  EXPECT_EQ(io::load_snapshot(dir / "s.gxy").bodies.size(), 5000000u) << "whole";
  EXPECT_TRUE(hidden_files(dir).empty()) << "no temporary left";
  fs::remove_all(dir);
}

// The video's encoder runs in a process group of its own: a stop closes its input and it puts
// the video in place.
TEST(Signals, SighupClosesAVideoRecordingAndPutsItInPlace) {
  const fs::path dir = fresh("galaxy_sig_hup");
  fs::create_directories(dir / "bin");
  {
    std::ofstream f(dir / "bin" / "ffmpeg");
    f << "#!/bin/sh\ncat > /dev/null\nlast=''; for a in \"$@\"; do last=\"$a\"; done\n"
         "printf video > \"${last#file:}\"\n";
  }
  fs::permissions(dir / "bin" / "ffmpeg", fs::perms::owner_all);
  Child c(dir, {"--headless", "--backend", "cpu", "--bodies", "2000", "--frames", "100000",
                "--no-ui", "--width", "64", "--height", "48", "--record", "v.mp4"},
          (dir / "bin").string());
  ASSERT_GT(c.pid, 0);
  const bool started = until([&] {
    return slurp(dir / "out.txt").find("via EGL") != std::string::npos || gl_missing(dir);
  });
  if (gl_missing(dir)) {
    c.wait();
    GTEST_SKIP() << slurp(dir / "out.txt");
  }
  ASSERT_TRUE(started) << slurp(dir / "out.txt");
  ::kill(c.pid, SIGHUP);
  EXPECT_EQ(c.wait(), 129) << slurp(dir / "out.txt");
  EXPECT_EQ(slurp(dir / "v.mp4"), "video") << slurp(dir / "out.txt");
  EXPECT_TRUE(hidden_files(dir).empty());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace galaxy

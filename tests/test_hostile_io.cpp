// SPDX-License-Identifier: MIT
// Issue 45, hostile files (sim/io's part): a named pipe wherever a path is read, and an image
// decoder's failure passed on in words. Each is refused naming the file, with exit status 1,
// before a step is taken. The loads run the program as a user would (hostile_support.hpp), so
// that a hang is a timeout and a crash a status.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <string>
#include <vector>

#include "hostile_support.hpp"
#include "picture/recorder.hpp"
#include "reference_image.hpp"
#include "snapshot_files.hpp"  // read_bytes, write_bytes

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using namespace hostile;
using test_support::Bytes;

// A headless load of `file`, one step; killed (status -1 or 137) if it hangs.
CommandResult load_cli(const fs::path& file) {
  return test_support::run_command("timeout -s KILL 120 " + test_support::galaxy_command() +
                                   " --headless --backend cpu --steps 1 --threads 1 --load '" +
                                   file.string() + "'");
}

// Expects the load of `file` refused with status 1 and a message naming it and `problem`.
void expect_refused(const fs::path& file, const std::string& problem) {
  const CommandResult r = load_cli(file);
  EXPECT_EQ(r.status, 1) << "137 or -1 would be a hang or a crash: " << r.output;
  EXPECT_NE(r.output.find(file.string()), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(problem), std::string::npos) << r.output;
}

fs::path fifo(const std::string& name) {
  const fs::path f = temp("galaxy_hio_" + name);
  fs::remove(f);
  EXPECT_EQ(mkfifo(f.c_str(), 0600), 0) << f;
  return f;
}

// A name no format claims is read as Tipsy, after its content is looked at for the HDF5
// signature: that look opened the pipe and waited for a writer for good (a92d789), as did the
// reference image's read, which is checked here in the process (a writer unblocks it if it
// waits, so that the test fails rather than hangs).
TEST(HostileIo, APipeOfAnyNameIsRefusedBeforeItIsOpened) {
  for (const char* name : {"pipe.dat", "pipe", "pipe.h5", "pipe.csv"}) {
    const fs::path f = fifo(name);
    expect_refused(f, "not a regular file");
    fs::remove(f);
  }
}

TEST(HostileIo, APipeAsTheReferenceImageIsRefusedNotWaitedOn) {
  const fs::path f = fifo("photo.png");
  auto read = std::async(std::launch::async, [&] {
    try {
      render::read_image(f.string());
      return std::string("read");
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
  });
  // Generous: the refusal comes before any read; only a blocked open takes this long.
  if (read.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
    ADD_FAILURE() << "the read of a pipe blocked";
    const int w = ::open(f.c_str(), O_WRONLY | O_NONBLOCK);
    if (w >= 0) ::close(w);
  }
  const std::string why = read.get();
  EXPECT_NE(why.find(f.string()), std::string::npos) << why;
  EXPECT_NE(why.find("not a regular file"), std::string::npos) << why;
  fs::remove(f);
}

// Cut after its pixel data: no IEND chunk: stb_image fails without a reason, and the
// message ended in "cannot decode it: " (a92d789).
TEST(HostileIo, AReferenceImageCutShortSaysWhy) {
  const fs::path whole = temp("galaxy_hio_whole.png"), cut = temp("galaxy_hio_cut.png");
  const std::vector<std::uint8_t> grey(64 * 64 * 4, 90);
  app::write_png(whole, grey.data(), 64, 64);
  Bytes b = test_support::read_bytes(whole);
  ASSERT_GT(b.size(), 12u);
  b.resize(b.size() - 12);  // the IEND chunk gone
  test_support::write_bytes(cut, b);
  std::string why;
  try {
    render::read_image(cut.string());
  } catch (const std::exception& e) {
    why = e.what();
  }
  EXPECT_NE(why.find(cut.string()), std::string::npos) << why;
  const std::string lead = "cannot decode it: ";
  const std::size_t at = why.find(lead);
  ASSERT_NE(at, std::string::npos) << why;
  EXPECT_GT(why.size(), at + lead.size()) << "a reason after the colon: " << why;
  fs::remove(whole);
  fs::remove(cut);
}

}  // namespace
}  // namespace galaxy

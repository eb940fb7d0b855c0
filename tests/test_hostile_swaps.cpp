// SPDX-License-Identifier: MIT
// Issue 45, a file swapped under its name: a reader that checks a name (stat) and then opens it
// reads whatever the name holds at the open, and a FIFO put there in between blocks the open for
// good. The readers check the file they opened (io/regular_file.hpp), so a swap gives a load of
// the file or the refusal of the pipe, never a wait.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <future>
#include <stdexcept>
#include <string>
#include <thread>

#include "hostile_support.hpp"
#include "io/csv.hpp"
#include "io/toml_reader.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using namespace hostile;

// Opens `pipe` for writing and closes it at once where a reader waits on it: a reader blocked
// in its open wakes and reads the end of the file (no reader: ENXIO, nothing happens).
void release_readers(const fs::path& pipe) {
  const int w = ::open(pipe.c_str(), O_WRONLY | O_NONBLOCK);
  if (w >= 0) ::close(w);
}

// Puts `from` under `name` atomically, by a hard link renamed over it.
void put(const fs::path& from, const fs::path& name) {
  const fs::path tmp = name.string() + ".tmp";
  fs::remove(tmp);
  ASSERT_EQ(::link(from.c_str(), tmp.c_str()), 0) << tmp;
  ASSERT_EQ(std::rename(tmp.c_str(), name.c_str()), 0) << name;
}

// While one thread swaps a CSV and a FIFO under one name, loads of that name either load the
// CSV or refuse the pipe. A load that opened the pipe after a check by name waits there until
// the swapping thread releases it and then reads an empty file: a third outcome, caught here.
// The loop runs until it has seen both outcomes many times (or gives up after many loads): with
// the check by name it read the pipe after about 10,000 loads (621 loaded, 9,582 refused).
TEST(HostileSwaps, AFifoSwappedInAfterTheCheckIsRefusedNotOpened) {
  const fs::path csv = temp("galaxy_swap_body.csv"), pipe = temp("galaxy_swap_pipe"),
                 name = temp("galaxy_swap.csv");
  write_file(csv, "x,y,z,vx,vy,vz,m\n1,2,3,0,0,0,1\n-1,0,0,0,0.5,0,2\n");
  fs::remove(pipe);
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  put(csv, name);
  std::atomic<bool> stop{false};
  std::thread swapper([&] {
    while (!stop) {
      put(pipe, name);
      put(csv, name);
      release_readers(pipe);
    }
  });
  int loaded = 0, refused = 0;
  std::string other;
  for (int i = 0; i < 200000 && other.empty() && (loaded < 3000 || refused < 3000); ++i) {
    try {
      EXPECT_EQ(io::load_csv(name).bodies.size(), 2u);
      ++loaded;
    } catch (const std::runtime_error& e) {
      const std::string why = e.what();
      if (why.find("not a regular file") != std::string::npos) ++refused;
      else other = why;
    }
  }
  stop = true;
  swapper.join();
  EXPECT_EQ(other, "") << "a load read the pipe (after " << loaded << " loads and " << refused
                       << " refusals)";
  EXPECT_GT(loaded, 0);
  EXPECT_GT(refused, 0);
  for (const fs::path& p : {csv, pipe, name}) fs::remove(p);
}

// The TOML parse checked nothing itself (its callers looked at the name first): given a pipe it
// waited for a writer for good. A writer releases it here if it waits, so the test fails rather
// than hangs.
TEST(HostileSwaps, TheTomlParseRefusesAPipeItself) {
  const fs::path pipe = temp("galaxy_swap_pipe.toml");
  fs::remove(pipe);
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  auto parse = std::async(std::launch::async, [&] {
    try {
      io::parse_toml(pipe.string());
      return std::string("parsed");
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
  });
  // Generous: the refusal comes before any read; only a blocked open takes this long.
  if (parse.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
    ADD_FAILURE() << "the parse of a pipe blocked";
    release_readers(pipe);
  }
  const std::string why = parse.get();
  EXPECT_NE(why.find(pipe.string()), std::string::npos) << why;
  EXPECT_NE(why.find("not a regular file"), std::string::npos) << why;
  fs::remove(pipe);
}

}  // namespace
}  // namespace galaxy

// SPDX-License-Identifier: MIT
// A snapshot read or written on a worker thread while the window keeps drawing the run: how far
// it is (the bytes io::Progress reports), and its outcome, collected once by the frame loop. A
// load can be cancelled (the program quits); a save always finishes, it is the user's file.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <string>

#include "io/snapshot.hpp"

namespace galaxy::app {

class FileJob {
 public:
  enum class Kind { Load, Save };
  // What runs on the worker: a load returns the snapshot read, a save an empty one.
  using Work = std::function<io::Snapshot(const io::Progress&)>;
  FileJob(Kind kind, std::string path, Work work);
  // Waits for the worker: a load is cancelled first (its progress callback throws).
  ~FileJob();
  FileJob(const FileJob&) = delete;
  FileJob& operator=(const FileJob&) = delete;

  Kind kind() const { return kind_; }
  const std::string& path() const { return path_; }
  bool finished() const;
  // The outcome, once finished(): the snapshot, or the work's exception rethrown.
  io::Snapshot take();
  // The bytes done and in all as last reported, and the time since the start.
  std::uint64_t done_bytes() const { return done_.load(std::memory_order_relaxed); }
  std::uint64_t total_bytes() const { return total_.load(std::memory_order_relaxed); }
  std::chrono::steady_clock::duration elapsed() const {
    return std::chrono::steady_clock::now() - start_;
  }
  // "loading PATH: 45% of 1.2 GiB" once it has run for io::kProgressShowAfter, else empty.
  std::string shown() const;
  float fraction() const;

 private:
  Kind kind_;
  std::string path_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::atomic<std::uint64_t> done_{0}, total_{0};
  std::atomic<bool> cancel_{false};
  std::future<io::Snapshot> result_;  // last: the worker starts after everything it uses
};

}  // namespace galaxy::app

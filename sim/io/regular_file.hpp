// SPDX-License-Identifier: MIT
// A file opened for reading that is known, from the open file itself, to be a regular file: what
// every reader of a path given by the user (snapshots, TOML files) opens. A check by name
// before the open (stat) leaves a gap: a FIFO put in the file's place between the check and the
// open would block the open for good. Here the open cannot block (O_NONBLOCK) and the check is
// fstat of the descriptor opened, so what is read is what was checked.
#pragma once

#include <ext/stdio_filebuf.h>  // libstdc++'s stream buffer over a descriptor
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <istream>
#include <string>

namespace galaxy::io {

// Opens `path` read-only without blocking, with the close-on-exec flag, and checks the
// descriptor. Returns it, blocking again; the caller closes it. Throws std::runtime_error
// "PATH: no such file", "PATH: is a folder, not a file", "PATH: not a regular file (a FIFO,
// socket or device); galaxy reads `what` from regular files only" or "PATH: cannot open the file
// (REASON)". A name that is plainly not a regular file (by stat) is refused without an open, so
// that a device is not opened at all unless it is swapped in after that first look.
int open_regular_fd(const std::filesystem::path& path, const char* what = "snapshots");

// open_regular_fd's checks alone, for an early refusal before a format is chosen; the reader
// that then opens the file checks again on its own descriptor.
void require_regular_file(const std::filesystem::path& path, const char* what = "snapshots");

// A regular file open for reading (binary), as a std::istream, with its size from the open file.
class RegularFile : public std::istream {
 public:
  explicit RegularFile(const std::filesystem::path& path, const char* what = "snapshots");
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;

  std::uintmax_t size() const { return size_; }
  dev_t device() const { return device_; }
  ino_t inode() const { return inode_; }
  int fd() const { return fd_; }  // open while the stream is

 private:
  explicit RegularFile(int fd);
  __gnu_cxx::stdio_filebuf<char> buf_;  // owns the descriptor: closes it when it goes
  int fd_ = -1;
  std::uintmax_t size_ = 0;
  dev_t device_ = 0;
  ino_t inode_ = 0;
};

}  // namespace galaxy::io

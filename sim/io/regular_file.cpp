// SPDX-License-Identifier: MIT
#include "io/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace galaxy::io {

namespace {

// Throws the refusal for a file of mode `mode` that is not a regular file (nothing otherwise).
void refuse_unless_regular(const std::filesystem::path& path, mode_t mode, const char* what) {
  if (S_ISREG(mode)) return;
  if (S_ISDIR(mode)) throw std::runtime_error(path.string() + ": is a folder, not a file");
  throw std::runtime_error(path.string() +
                           ": not a regular file (a FIFO, socket or device); galaxy reads " +
                           what + " from regular files only");
}

[[noreturn]] void refuse_open(const std::filesystem::path& path, int error) {
  if (error == ENOENT || error == ENOTDIR) throw std::runtime_error(path.string() + ": no such file");
  throw std::runtime_error(path.string() + ": cannot open the file (" + std::strerror(error) + ")");
}

struct stat checked_stat(int fd, const std::filesystem::path& path, const char* what) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int e = errno;
    ::close(fd);
    refuse_open(path, e);
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    refuse_unless_regular(path, st.st_mode, what);
  }
  return st;
}

}  // namespace

int open_regular_fd(const std::filesystem::path& path, const char* what) {
  struct stat named {};
  if (::stat(path.c_str(), &named) != 0) refuse_open(path, errno);
  refuse_unless_regular(path, named.st_mode, what);  // the early look: no device is opened
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) refuse_open(path, errno);
  checked_stat(fd, path, what);  // the check that counts: the file opened, whatever the name is now
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    const int e = errno;
    ::close(fd);
    refuse_open(path, e);
  }
  return fd;
}

void require_regular_file(const std::filesystem::path& path, const char* what) {
  ::close(open_regular_fd(path, what));
}

RegularFile::RegularFile(const std::filesystem::path& path, const char* what)
    : RegularFile(open_regular_fd(path, what)) {}

RegularFile::RegularFile(int fd)
    : std::istream(nullptr), buf_(fd, std::ios::in | std::ios::binary), fd_(fd) {
  rdbuf(&buf_);
  struct stat st {};
  ::fstat(fd, &st);  // open_regular_fd's own fstat succeeded on this descriptor
  size_ = static_cast<std::uintmax_t>(st.st_size);
  device_ = st.st_dev;
  inode_ = st.st_ino;
}

}  // namespace galaxy::io

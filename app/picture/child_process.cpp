// SPDX-License-Identifier: MIT
#include "picture/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace galaxy::app {

namespace {

// A closed pipe is an error galaxy reports, never a signal that ends it. Set once, for the whole
// process; children get the default back (posix_spawnattr_setsigdefault).
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

// The last `lines` non-empty lines of the file `fd` (from its last 4 KiB), joined by " / ".
std::string tail(int fd, std::size_t lines) {
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0 || st.st_size == 0) return {};
  const off_t from = std::max<off_t>(0, st.st_size - 4096);
  std::string text(static_cast<std::size_t>(st.st_size - from), '\0');
  const ssize_t got = ::pread(fd, text.data(), text.size(), from);
  text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  std::vector<std::string> kept;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) kept.push_back(std::move(line));
    at = end + 1;
  }
  std::string out;
  for (std::size_t k = kept.size() > lines ? kept.size() - lines : 0; k < kept.size(); ++k) {
    out += (out.empty() ? "" : " / ") + kept[k];
  }
  return out;
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return std::string("killed by ") + ::strsignal(WTERMSIG(status));
  return "ended";
}

}  // namespace

std::string find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  std::string dirs = path && *path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t at = 0;
  while (at <= dirs.size()) {
    const std::size_t end = std::min(dirs.find(':', at), dirs.size());
    const std::string dir = end > at ? dirs.substr(at, end - at) : ".";
    const std::string candidate = dir + "/" + name;
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        ::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
    at = end + 1;
  }
  return {};
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv) : name_(argv.at(0)) {
  ignore_sigpipe();
  const std::string exe = find_program(name_);
  if (exe.empty()) throw std::runtime_error(name_ + " is not installed (not found on PATH)");
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) {
    throw std::runtime_error("cannot make a pipe for " + name_ + ": " + std::strerror(errno));
  }
  char err_template[] = "/tmp/galaxy_child_XXXXXX";
  err_ = ::mkostemp(err_template, O_CLOEXEC);
  if (err_ >= 0) ::unlink(err_template);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[0], STDIN_FILENO);
  if (err_ >= 0) posix_spawn_file_actions_adddup2(&actions, err_, STDERR_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGXFSZ);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  // A process group of its own: a terminal's Ctrl+C reaches galaxy, which stops gracefully and
  // closes the child's input, instead of killing the child mid-file.
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int rc = ::posix_spawn(&pid_, exe.c_str(), &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(pipe_fds[0]);
  in_ = pipe_fds[1];
  if (rc != 0) {
    ::close(in_);
    if (err_ >= 0) ::close(err_);
    throw std::runtime_error("cannot start " + exe + ": " + std::strerror(rc));
  }
}

ChildProcess::~ChildProcess() {
  if (in_ >= 0) ::close(in_);
  if (pid_ > 0 && !waited_) {
    // Give it a moment to finish with what it was given, then stop it.
    for (int k = 0; k < 50 && !waited_; ++k) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) waited_ = true;
      if (!waited_) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (!waited_) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
    }
  }
  if (err_ >= 0) ::close(err_);
}

int ChildProcess::wait() {
  if (!waited_) {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    status_ = status;
    waited_ = true;
  }
  return status_;
}

std::string ChildProcess::failure(const std::string& what) {
  if (in_ >= 0) {
    ::close(in_);
    in_ = -1;
  }
  const int status = wait();
  std::string msg = name_ + " " + what + " (" + describe_status(status) + ")";
  if (const std::string t = tail(err_, 3); !t.empty()) msg += ": " + t;
  return msg;
}

void ChildProcess::write(const void* data, std::size_t bytes) {
  if (in_ < 0) throw std::runtime_error(name_ + " has no input open");
  const auto* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::write(in_, p, bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error(failure("stopped taking input"));
    p += n;
    bytes -= static_cast<std::size_t>(n);
  }
}

void ChildProcess::finish() {
  if (in_ >= 0) {
    ::close(in_);
    in_ = -1;
  }
  const int status = wait();
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
  throw std::runtime_error(failure("failed"));
}

}  // namespace galaxy::app

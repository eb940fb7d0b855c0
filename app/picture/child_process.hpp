// SPDX-License-Identifier: MIT
// A program galaxy starts (ffmpeg for videos): from an argument vector, never through a shell, so
// no file name is ever read as a command. Its standard input is a pipe galaxy writes; its
// standard error goes to an unlinked temporary file whose last lines name what went wrong.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <vector>

namespace galaxy::app {

// The executable `name` as PATH finds it (a name with a '/' is taken as it is); empty if none.
std::string find_program(const std::string& name);

class ChildProcess {
 public:
  // Starts argv[0] (found on PATH). Throws std::runtime_error when it cannot be started.
  explicit ChildProcess(const std::vector<std::string>& argv);
  // Closes the pipe and waits for the child (killing it if it has not ended after a while);
  // never throws. Call finish() to learn how it ended.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes every byte to its standard input. Throws std::runtime_error, with its exit status and
  // the last lines it wrote to standard error, when it stopped reading.
  void write(const void* data, std::size_t bytes);
  // Closes its standard input and waits for it to end; throws std::runtime_error unless it exited
  // with status 0.
  void finish();

 private:
  std::string failure(const std::string& what);  // waits, then the message with status and tail
  int wait();                                     // the wait status (once)

  std::string name_;
  pid_t pid_ = -1;
  int in_ = -1;   // our end of its standard input
  int err_ = -1;  // its standard error, an unlinked temporary file
  bool waited_ = false;
  int status_ = 0;
};

}  // namespace galaxy::app

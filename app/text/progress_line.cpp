// SPDX-License-Identifier: MIT
#include "text/progress_line.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>

namespace galaxy::app {

std::string byte_size(std::uint64_t bytes) {
  const double mib = double(bytes) / (1024.0 * 1024.0);
  if (mib < 1024) return fmt::format("{:.0f} MiB", mib);
  return fmt::format("{:.1f} GiB", mib / 1024.0);
}

std::string progress_text(const std::string& verb, const std::string& path, std::uint64_t done,
                          std::uint64_t total) {
  const int percent = total ? int(100.0 * double(done) / double(total)) : 100;
  return fmt::format("{} {}: {}% of {}", verb, path, percent, byte_size(total));
}

io::Progress terminal_progress(const std::string& verb, const std::string& path) {
  struct State {
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    bool tty = ::isatty(STDERR_FILENO) == 1;
    bool shown = false;
    int tenth = -1;  // the last tenth printed to a file or pipe
  };
  auto st = std::make_shared<State>();
  return [st, verb, path](std::uint64_t done, std::uint64_t total) {
    const bool end = done >= total;
    if (!st->shown && std::chrono::steady_clock::now() - st->start < io::kProgressShowAfter) {
      return;  // a short operation shows nothing
    }
    st->shown = true;
    const std::string text = progress_text(verb, path, done, total);
    if (st->tty) {
      std::fprintf(stderr, "\rgalaxy: %s\033[K%s", text.c_str(), end ? "\n" : "");
    } else {
      const int tenth = total ? int(10 * done / total) : 10;
      if (tenth == st->tenth) return;
      st->tenth = tenth;
      std::fprintf(stderr, "galaxy: %s\n", text.c_str());
    }
    std::fflush(stderr);
  };
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "cli/soak.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>

#include "app.hpp"
#include "memory.hpp"

namespace galaxy::app {

std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages_total = 0, pages_resident = 0;
  if (!(statm >> pages_total >> pages_resident)) return 0;
  return pages_resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

int run_soak(const Options& options) {
  Options o = options;
  o.headless = true;
  o.frames.reset();
  if (!o.display_hz) o.display_hz = 0.0;  // unpaced: as many frames as it manages
  App app(o);
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const double seconds = *o.soak_seconds;
  const double settle = std::min(60.0, seconds / 6.0);  // warm-up before growth is counted
  double next_report = 0;
  std::size_t settled = 0, peak = 0;
  long frames = 0;
  // The device memory taken since the start too, where a GPU runs (cudaMemGetInfo; 0 without).
  const std::uint64_t device_free0 = device_free_bytes();
  std::printf("%10s %10s %14s %18s\n", "seconds", "frames", "resident MiB", "device +MiB");
  for (;;) {
    const double t = std::chrono::duration<double>(Clock::now() - start).count();
    const std::size_t rss = resident_bytes();
    if (t >= settle && settled == 0) settled = rss;
    if (settled) peak = std::max(peak, rss);
    if (t >= next_report || t >= seconds) {
      const double device = device_free0 > 0
                                ? (double(device_free0) - double(device_free_bytes())) / (1 << 20)
                                : 0.0;
      std::printf("%10.1f %10ld %14.2f %18.1f\n", t, frames, double(rss) / (1 << 20), device);
      std::fflush(stdout);
      next_report += 10.0;
    }
    // Time's up: quit as a key would, so the next frame ends the run properly (the --save, the
    // summary); a stop signal the frame sees itself.
    if (t >= seconds) app.request_quit();
    if (!app.frame()) break;
    ++frames;
  }
  std::printf("galaxy soak: %ld frames in %.0f s; resident memory after the first %.0f s: %.2f MiB, "
              "at most %.2f MiB (growth %.2f MiB)\n",
              frames, seconds, settle, double(settled) / (1 << 20), double(peak) / (1 << 20),
              (double(peak) - double(settled)) / (1 << 20));
  return app.exit_status();
}

}  // namespace galaxy::app

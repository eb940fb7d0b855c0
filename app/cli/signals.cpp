// SPDX-License-Identifier: MIT
#include "cli/signals.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>

namespace galaxy::app {

namespace {

std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "set from a signal handler");

void on_stop(int sig) {
  int none = 0;
  // The first signal asks; a second one ends the process now (async-signal-safe _exit).
  if (!g_signal.compare_exchange_strong(none, sig)) ::_exit(128 + sig);
}

}  // namespace

void install_stop_signals() {
  struct sigaction sa {};
  sa.sa_handler = on_stop;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // reads and writes in progress go on; the run checks between steps
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

int stop_signal() { return g_signal.load(std::memory_order_relaxed); }

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include <cstdio>
#include <exception>

#include "app.hpp"
#include "bench.hpp"
#include "headless_run.hpp"
#include "options.hpp"

int main(int argc, char** argv) {
  const auto parsed = galaxy::app::parse_options(argc, argv);
  if (parsed.exit_code) return *parsed.exit_code;
  try {
    if (parsed.options.bench) return galaxy::app::run_bench(parsed.options);
    if (galaxy::app::wants_energy_table(parsed.options)) {
      return galaxy::app::run_headless(parsed.options);
    }
    galaxy::app::App app(parsed.options);
    while (app.frame()) {
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "galaxy: %s\n", e.what());
    return 1;
  }
}

// SPDX-License-Identifier: MIT
// What a headless run over several MPI ranks prints at its end (RankReport): where each rank's
// last step, and its slowest, went; and the last steps in a table of each part's largest time
// over the ranks, so that a slow step is seen with the part and the rank that made it slow.
#pragma once

#include <deque>

#include "simulation.hpp"

namespace galaxy::app {

class RankTable {
 public:
  static constexpr std::size_t kSteps = 20;  // steps kept for the table (memory stays flat)
  // After each step: its report (empty for one process).
  void add(const RankReport& now, unsigned long long step);
  // At the run's end (nothing for one process).
  void print(const RankReport& last) const;

 private:
  struct Row {
    unsigned long long step = 0;
    float ms = 0;
    float part[6] = {};  // RankReport::Pass's times, each the largest over the ranks
    int rank[6] = {};    // and whose
  };
  RankReport slowest_;
  std::deque<Row> rows_;
};

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "cli/rank_table.hpp"

#include <cstdio>

namespace galaxy::app {

namespace {

constexpr int kParts = 6;
const char* const kPartNames[kParts] = {"decompose",  "tree", "LET build",
                                        "local walk", "wait", "remote walk"};

float part_of(const RankReport::Pass& p, int k) {
  const float v[kParts] = {p.decompose, p.tree, p.let_build, p.local_walk, p.wait, p.remote_walk};
  return v[k];
}

// Where each rank's step went, its parts adding up to the step (the rest: waiting for the others).
void print_ranks(const RankReport& r, const char* which) {
  std::printf(
      "galaxy: the ranks' %s step, ms: step = decompose + tree + LET build + local walk + "
      "wait + remote walk + the rest\n",
      which);
  for (std::size_t k = 0; k < r.pass.size(); ++k) {
    float sum = 0;
    std::printf("  rank %zu: %llu bodies, step %.1f =", k,
                static_cast<unsigned long long>(r.bodies[k]), r.step_ms[k]);
    for (int q = 0; q < kParts; ++q) {
      std::printf(" %.1f +", part_of(r.pass[k], q));
      sum += part_of(r.pass[k], q);
    }
    std::printf(" %.1f\n", r.step_ms[k] - sum);
  }
  std::printf("galaxy: interactions a body, own tree + received trees:");
  for (std::size_t k = 0; k < r.pass.size(); ++k) {
    std::printf("%s rank %zu %.0f + %.0f", k ? "," : "", k, r.pass[k].own_interactions,
                r.pass[k].received_interactions);
  }
  std::printf("\ngalaxy: local essential trees sent %.3g bytes (all bodies to all ranks: %.3g)\n",
              r.let_bytes, r.all_bodies_bytes);
}

}  // namespace

void RankTable::add(const RankReport& now, unsigned long long step) {
  if (now.pass.size() < 2) return;
  if (slowest_.step_ms.empty() || now.step_ms[0] > slowest_.step_ms[0]) slowest_ = now;
  Row row;
  row.step = step;
  row.ms = now.step_ms[0];
  for (std::size_t r = 0; r < now.pass.size(); ++r) {
    for (int k = 0; k < kParts; ++k) {
      if (r == 0 || part_of(now.pass[r], k) > row.part[k]) {
        row.part[k] = part_of(now.pass[r], k);
        row.rank[k] = static_cast<int>(r);
      }
    }
  }
  rows_.push_back(row);
  if (rows_.size() > kSteps) rows_.pop_front();
}

void RankTable::print(const RankReport& last) const {
  if (last.pass.size() < 2) return;
  print_ranks(last, "last");
  if (rows_.size() > 1) print_ranks(slowest_, "slowest");
  std::printf(
      "galaxy: the ranks' last %zu steps, ms (rank 0's), and each part's largest over the "
      "ranks (whose)\n",
      rows_.size());
  for (const Row& row : rows_) {
    std::printf("  step %llu: %.1f ms;", row.step, row.ms);
    for (int k = 0; k < kParts; ++k) {
      std::printf("%s %s %.1f (%d)", k ? "," : "", kPartNames[k], row.part[k], row.rank[k]);
    }
    std::printf("\n");
  }
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// The cut keys of the device ranks' decomposition (rank_decompose.cu): every rank sends the
// Morton keys of kCutSamples of its bodies, spread evenly over them, each with the interactions a
// body of its walk group had in the last pass (the walks' own counts, its own tree's and the
// received trees'), and its body count; every rank merges the same samples into the same K - 1
// cuts, where the running count of interactions crosses r / K of the total (within about a
// kCutSamples-th of a rank's). As the CPU ranks weigh their bodies (mpi/decompose.cpp). Host
// code, no CUDA: the tests check it on the CPU.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace galaxy {

inline constexpr int kCutSamples = 2048;

// One rank's samples on the wire.
struct CutSamples {
  std::uint64_t keys[kCutSamples];  // in any order
  // The interactions a body of each sample's group had; 0 where not known (before a first pass,
  // after a way back): then every rank's bodies weigh the same.
  float cost[kCutSamples];
  double bodies;  // 0 for a rank without bodies (its keys are not read)
};

// Whether every rank with bodies sent its samples' costs.
inline bool costs_known(const std::vector<CutSamples>& all) {
  for (const CutSamples& s : all) {
    if (s.bodies > 0 && std::all_of(s.cost, s.cost + kCutSamples, [](float c) { return c <= 0; }))
      return false;
  }
  return true;
}

// Cut r (r < ranks - 1) is the smallest sample key with the weight of the samples below it at
// least (r + 1) / ranks of the total; a body of key k goes to the number of cuts at or below k.
// A sample weighs its share of its rank's bodies times its cost (1 where costs are not known).
// Weighed by time instead (a rank's walk time a body, the same for all its bodies), one rank's
// slow remote walk (4 H200s, 100M bodies each: 514 ms against 60) moved the cuts for the next
// ten steps: another rank then walked 40% more bodies than the rest (275 ms against 190).
inline std::vector<std::uint64_t> cuts_from(const std::vector<CutSamples>& all, int ranks) {
  std::vector<std::pair<std::uint64_t, double>> merged;
  const bool known = costs_known(all);
  double total = 0;
  for (const CutSamples& s : all) {
    if (s.bodies <= 0) continue;
    const double share = s.bodies / kCutSamples;
    for (int i = 0; i < kCutSamples; ++i) {
      const double w = share * (known ? std::max(0.0f, s.cost[i]) : 1.0f);
      merged.emplace_back(s.keys[i], w);
      total += w;
    }
  }
  std::sort(merged.begin(), merged.end());
  std::vector<std::uint64_t> cuts(static_cast<std::size_t>(std::max(ranks - 1, 0)),
                                  std::numeric_limits<std::uint64_t>::max());
  double below = 0;
  std::size_t r = 0;
  for (const auto& [key, weight] : merged) {
    while (r < cuts.size() && below >= total * static_cast<double>(r + 1) / ranks) cuts[r++] = key;
    below += weight;
  }
  return cuts;
}

// The cuts a pass uses: halfway from the last pass's to the new ones. When a rank's bodies all
// weighed its walk time a body (before the samples' costs), the bodies that cost most (near its
// boundary, in the core) moved to a rank that weighed them lightly, and the new cuts overshot:
// taken in full, they swung back and forth from step to step (4 H200s, 25M bodies each: steps of
// 86 and 108-148 ms in turn). Halfway, the swing shrinks each step; a cut is a point on the
// curve, so any key between two cuts is one. None before a first pass.
inline std::vector<std::uint64_t> relaxed(const std::vector<std::uint64_t>& last,
                                          std::vector<std::uint64_t> cuts) {
  if (last.size() != cuts.size()) return cuts;
  for (std::size_t r = 0; r < cuts.size(); ++r) {
    cuts[r] = last[r] / 2 + cuts[r] / 2 + (last[r] & cuts[r] & 1u);
  }
  return cuts;
}

}  // namespace galaxy

// SPDX-License-Identifier: MIT
// The cut keys of the device ranks' decomposition (rank_decompose.cu): every rank sends the
// Morton keys of kCutSamples of its bodies, spread evenly over them, with its body count and its
// walks' time a body; every rank merges the same samples into the same K - 1 cuts, where the
// running cost crosses r / K of the total (within about a kCutSamples-th of a rank's cost). Host
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
  std::uint64_t keys[kCutSamples];
  double bodies;    // 0 for a rank without bodies (its keys are not read)
  double per_body;  // ms of its walks a body in the last pass
};

// Cut r (r < ranks - 1) is the smallest sample key with the cost of the samples below it at least
// (r + 1) / ranks of the total; a body of key k goes to the number of cuts at or below k.
inline std::vector<std::uint64_t> cuts_from(const std::vector<CutSamples>& all, int ranks) {
  std::vector<std::pair<std::uint64_t, double>> merged;
  double total = 0;
  for (const CutSamples& s : all) {
    if (s.bodies <= 0) continue;
    const double weight = s.per_body * s.bodies / kCutSamples;
    for (std::uint64_t k : s.keys) merged.emplace_back(k, weight);
    total += weight * kCutSamples;
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

// The cuts a pass uses: halfway from the last pass's to the new ones. A rank's time a body is the
// same for all its bodies, so the bodies that cost most (near its boundary, in the core) move to
// a rank that weighed them lightly, and the new cuts overshoot: taken in full, they swung back and
// forth from step to step (4 H200s, 25M bodies each: steps of 86 and 108-148 ms in turn).
// Halfway, the swing shrinks each step; a cut is a point on the curve, so any key between two
// cuts is one. None before a first pass.
inline std::vector<std::uint64_t> relaxed(const std::vector<std::uint64_t>& last,
                                          std::vector<std::uint64_t> cuts) {
  if (last.size() != cuts.size()) return cuts;
  for (std::size_t r = 0; r < cuts.size(); ++r) {
    cuts[r] = last[r] / 2 + cuts[r] / 2 + (last[r] & cuts[r] & 1u);
  }
  return cuts;
}

}  // namespace galaxy

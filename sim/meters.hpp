// SPDX-License-Identifier: MIT
// A face of a Simulation (simulation.hpp): the panel's meters. The accuracy meter and a click's
// exact sums, the stage timings, the interaction counts and, over several MPI ranks, the ranks'
// report. Every backend offers it.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "accuracy.hpp"
#include "bodies.hpp"
#include "reference.hpp"

namespace galaxy {

// The six pipeline stages of Burtscher & Pingali, in the order a step runs them here (the sort
// comes before the build, sort.cu says why; integrate's opening kick-drift runs first and its
// closing kick last, and its time is their sum). Both backends time all six.
enum class Stage : int { BoundingBox = 0, Sort, TreeBuild, Summarize, Force, Integrate, Count };
inline constexpr int kStageCount = static_cast<int>(Stage::Count);
std::string_view stage_name(Stage s);

struct StageTimings {
  std::array<float, kStageCount> ms{};  // milliseconds of the last completed step, per stage
  float total_ms = 0.0f;
  bool valid = false;  // false until a step has been timed
  float& operator[](Stage s) { return ms[static_cast<int>(s)]; }
  float operator[](Stage s) const { return ms[static_cast<int>(s)]; }
};

struct InteractionCounts {
  std::uint64_t body_body = 0;  // pair interactions with single bodies in the last force pass
  std::uint64_t body_cell = 0;  // interactions with accepted cells
  std::uint64_t groups = 0;     // bodies that walked the tree together (0: each on its own)
};

// A run over several MPI ranks (sim/mpi/), as of its last step: each rank's bodies and step
// time, and what the last force pass sent between them. Empty (no ranks) for one process.
struct RankReport {
  std::vector<std::uint64_t> bodies;
  std::vector<float> step_ms;
  // Where a rank's last force pass went, in ms of wall clock: the decomposition (keys, cuts,
  // migration), its tree, the local essential trees it built for the others, the walk of its own
  // tree (on its GPU with --backend cuda), the wait for the others' trees after that walk, and the
  // walks of the received trees; then the interactions a body of those two walks.
  struct Pass {
    float decompose = 0, tree = 0, let_build = 0, local_walk = 0, wait = 0, remote_walk = 0;
    float own_interactions = 0, received_interactions = 0;
  };
  std::vector<Pass> pass;
  // The last force pass's local essential trees, bytes summed over all ranks, and what sending
  // every rank all the others' bodies (x, y, z, m) would have cost instead.
  double let_bytes = 0, all_bodies_bytes = 0;
};

class Meters {
 public:
  virtual ~Meters() = default;

  // The accuracy meter: exact accelerations (double-precision direct sum against all N) for
  // `samples` random bodies, compared with those the current solver computed at the current
  // positions. Every backend samples the same bodies (by their index in reset()'s order) for the
  // same seed (sampled_accuracy below, through exact_sample, unless the backend sums them itself).
  virtual ErrorStats measure_accuracy(std::size_t samples, std::uint64_t seed) const = 0;
  // The bodies `indices` (reset()'s order) as they are now, in that order, with their exact
  // accelerations and potentials (float64 direct sums over all bodies); std::out_of_range for an
  // index past the run. One process sums them over its whole run (exact_sample_of); over MPI
  // ranks every rank sums its own bodies' pull and only the sampled bodies are gathered.
  virtual ExactSample exact_sample(const std::vector<std::uint64_t>& indices) const = 0;
  // The same bodies alone (no sums): what the view's fit reads of a run over ranks.
  virtual HostBodies bodies_at(const std::vector<std::uint64_t>& indices) const = 0;

  virtual StageTimings timings() const { return {}; }
  virtual InteractionCounts interactions() const { return {}; }
  virtual RankReport ranks() const { return {}; }
};

// The meters of a run held whole in one place: the accuracy meter over `m`'s exact_sample of
// `count` bodies' random sample, and the exact sums and bodies taken from all the run's bodies `b`.
ErrorStats sampled_accuracy(const Meters& m, std::size_t count, std::size_t samples,
                            std::uint64_t seed);
ExactSample exact_sample_of(const HostBodies& b, const std::vector<std::uint64_t>& indices,
                            float softening);
HostBodies bodies_of(const HostBodies& b, const std::vector<std::uint64_t>& indices);

}  // namespace galaxy

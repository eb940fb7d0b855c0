// SPDX-License-Identifier: MIT
// Runaway detection: a step that leaves a non-finite or absurdly large position, velocity or
// acceleration is a failed step. Both backends check every step (the CPU while it integrates, the
// GPU in the kick kernels) and go back to the state before it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "host_device.hpp"

namespace galaxy {

// Beyond these a value is "absurd": positions past 1e15 (no scenario or sane file comes near;
// squared separations overflow float near 1e19) and accelerations past 1e30.
inline constexpr float kRunawayPosition = 1e15f;
inline constexpr float kRunawayAcceleration = 1e30f;

// What a runaway step left behind, as the backends report it.
enum RunawayKind : unsigned {
  kRunawayNonFinitePosition = 1u,
  kRunawayHugePosition = 2u,
  kRunawayNonFiniteVelocity = 4u,
  kRunawayNonFiniteAcceleration = 8u,
  kRunawayHugeAcceleration = 16u,
};

// The RunawayKind bits of one body's position, velocity and acceleration; each vector is either
// non-finite or, failing that, absurd. The CPU backend's step and the GPU's kick kernels call
// these.
GALAXY_HD unsigned position_kinds(float x, float y, float z) {
  if (!finite3(x, y, z)) return kRunawayNonFinitePosition;
  const bool huge =
      fabsf(x) > kRunawayPosition || fabsf(y) > kRunawayPosition || fabsf(z) > kRunawayPosition;
  return huge ? kRunawayHugePosition : 0u;
}
GALAXY_HD unsigned velocity_kinds(float x, float y, float z) {
  return finite3(x, y, z) ? 0u : kRunawayNonFiniteVelocity;
}
GALAXY_HD unsigned acceleration_kinds(float x, float y, float z) {
  if (!finite3(x, y, z)) return kRunawayNonFiniteAcceleration;
  const bool huge = fabsf(x) > kRunawayAcceleration || fabsf(y) > kRunawayAcceleration ||
                    fabsf(z) > kRunawayAcceleration;
  return huge ? kRunawayHugeAcceleration : 0u;
}

// How many body indices a report names (the count says how many there were in all, at least).
inline constexpr int kRunawayNamed = 8;

struct Runaway {
  std::uint64_t step = 0;       // the step that ran away (steps_taken() would have become this)
  std::uint64_t good_step = 0;  // the state kept: after this many steps
  double good_time = 0;
  std::size_t count = 0;            // bodies with bad values (a lower bound on the GPU)
  std::vector<std::size_t> bodies;  // the first few, by index in reset()'s order
  unsigned kinds = 0;               // RunawayKind bits

  // "step 12 ran away: bodies 3, 7 (2 in all) got a non-finite position; kept the state of
  // step 11 (t = 0.1375)".
  std::string message() const;
};

}  // namespace galaxy

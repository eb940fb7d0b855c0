// SPDX-License-Identifier: MIT
// A face of a Simulation (simulation.hpp): body fields (body_field_table.hpp), per-body quantities
// drawn in place of the speed. Every backend offers it (a run over several MPI ranks only the
// speed, and says so when asked for another).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "body_field_table.hpp"

namespace galaxy {

class BodyFields {
 public:
  virtual ~BodyFields() = default;

  // show_field computes field f for every body, or for a sampled field (the force error) a random
  // sample within the backend's own pair budget and at most max_bodies (the accuracy meter's
  // sample for the same seed and count: Meters::measure_accuracy(count, seed) meters the same
  // bodies), and draws it in place of the speed (the vertices' w; not-computed bodies grey) until
  // another field is shown or reset(); showing BodyField::Speed goes back to the live speed. It
  // returns statistics over the computed bodies. The values stay in the backend's memory (the
  // CUDA backend computes them, and their statistics, on the device) and follow the bodies
  // through the backend's re-sorting. On failure it throws and draws the field's bodies grey.
  //   speed: |v|.
  //   force error: |a - a_exact| / |a_exact| of the accelerations the solver left, against a direct
  //     sum at the current positions: the meter's number (relative_error in accuracy.hpp). The CPU
  //     backend sums in double; the CUDA one sums float pair terms into double (field_buffers.cu).
  //   walk cost: the interactions (body-body plus body-cell) each body's walk evaluated in the
  //     last force pass, as Meters::interactions() counts them (their sum is its total): on the
  //     CPU the accepted cells and directly summed bodies of trace_walk(i); on CUDA its group's
  //     lists, which count the group's own bodies and the self pair; N - 1 for the direct solver.
  static constexpr std::size_t kAllBodies = static_cast<std::size_t>(-1);
  virtual FieldStats show_field(BodyField f, std::uint64_t seed = 1,
                                std::size_t max_bodies = kAllBodies) = 0;
  virtual BodyField shown_field() const = 0;
  // The shown field's values by reset index, NaN where not computed (the live speeds when no
  // other field is shown): for the tests and for inspecting a body.
  virtual std::vector<float> field_values() const = 0;
};

}  // namespace galaxy

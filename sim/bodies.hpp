// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace galaxy {

// Population tag carried by every body: which component of which galaxy it belongs to. Used for
// colouring, for hiding the halo in the renderer and for mapping to Tipsy record types. Gas
// bodies (sph/) carry the gas arrays' state; the snapshot formats and the renderer's tag byte
// know the first four.
enum class Population : std::uint8_t { Star = 0, Disk = 1, Bulge = 2, Halo = 3, Gas = 4 };

// Galaxies a run can tell apart: the tag byte's six galaxy bits.
inline constexpr int kMaxGalaxies = 64;

// The renderer's one-byte tag of a body: population | galaxy << 2.
inline std::uint8_t body_tag(std::uint8_t population, std::uint8_t galaxy) {
  return static_cast<std::uint8_t>(population | (galaxy << 2));
}

// Bodies on the host in structure-of-arrays form, G = 1 N-body units. Accelerations and
// potentials are those last computed by a solver at the current positions (zero until then).
struct HostBodies {
  std::vector<float> x, y, z;
  std::vector<float> vx, vy, vz;
  std::vector<float> m;
  std::vector<float> ax, ay, az, pot;
  std::vector<std::uint8_t> population;  // Population value
  std::vector<std::uint8_t> galaxy;      // which galaxy (0-63) of a multi-galaxy scenario
  // The gas's state (sph/), empty in a run without gas and sized like x in one with gas (0 for a
  // body that is not gas): specific internal energy u, the kernel's support radius h (the
  // smoothing length: the kernel reaches zero there), density rho and du/dt, the last three
  // those of the last force pass.
  std::vector<float> u, h, rho, dudt;

  std::size_t size() const { return x.size(); }
  bool empty() const { return x.empty(); }
  bool has_gas() const { return !u.empty(); }
  bool is_gas(std::size_t i) const {
    return population[i] == static_cast<std::uint8_t>(Population::Gas);
  }
  // Resizes every array (the gas arrays too where the bodies have them).
  void resize(std::size_t n);
  // Gives the bodies the gas arrays (zeros), where they have none.
  void add_gas_arrays();
};

// The gas arrays, once (what for_each_member leaves: it lists the arrays every body has).
template <typename F>
void for_each_gas_member(F&& f) {
  for (auto m : {&HostBodies::u, &HostBodies::h, &HostBodies::rho, &HostBodies::dudt}) f(m);
}

// Every array of a HostBodies, once: what code that moves whole bodies (the MPI ranks' migration,
// scatters and gathers in sim/mpi/) goes through instead of naming the arrays again.
// for_each_member calls f with each array's member pointer (the float arrays x ... pot, then the
// tag bytes), for_each_array with each array of `b`.
template <typename F>
void for_each_member(F&& f) {
  for (auto m : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx, &HostBodies::vy,
                 &HostBodies::vz, &HostBodies::m, &HostBodies::ax, &HostBodies::ay, &HostBodies::az,
                 &HostBodies::pot}) {
    f(m);
  }
  f(&HostBodies::population);
  f(&HostBodies::galaxy);
}
template <typename Bodies, typename F>
void for_each_array(Bodies& b, F&& f) {
  for_each_member([&](auto member) { f(b.*member); });
}

// Rotates the positions and velocities of bodies [begin, end) by `angle` about the unit axis
// `axis` (Rodrigues), then shifts them by `dx` and `dv`: how scenarios tilt and place galaxies.
void rotate_and_shift(HostBodies& b, std::size_t begin, std::size_t end,
                      const std::array<double, 3>& axis, double angle,
                      const std::array<double, 3>& dx, const std::array<double, 3>& dv);

// Appends `from`'s bodies after `to`'s.
void append(HostBodies& to, const HostBodies& from);

// The bodies `indices` of `b`, in that order (with their gas arrays where `b` has them).
template <typename Index>
HostBodies subset(const HostBodies& b, const std::vector<Index>& indices) {
  HostBodies out;
  auto take = [&](auto member) {
    (out.*member).reserve(indices.size());
    for (Index i : indices) (out.*member).push_back((b.*member)[static_cast<std::size_t>(i)]);
  };
  for_each_member(take);
  if (b.has_gas()) for_each_gas_member(take);
  return out;
}

// Moves the centre of mass and the mean (mass-weighted) velocity to the origin, summing in
// double; generators call it so that a scenario does not drift off screen. The second form
// centres bodies [begin, end) alone (one galaxy of several). The sums are added in fixed blocks,
// so the result does not depend on the thread count.
void centre_at_rest(HostBodies& b);
void centre_at_rest(HostBodies& b, std::size_t begin, std::size_t end);

// Throws std::invalid_argument naming the first body whose position, velocity or mass is NaN or
// infinite, or whose mass is negative, a gas body whose internal energy is negative, NaN or
// infinite, or whose arrays disagree in length (`first`: the index of b's first body in a larger
// set, for the message).
void validate(const HostBodies& b, std::uint64_t first = 0);

}  // namespace galaxy

// SPDX-License-Identifier: MIT
// A galaxy dropped into a running run (the window's mouse gesture, app/run/body_edits.hpp), and
// one taken out: made from the same models as the encounters (make_galaxy), placed at a point
// with a velocity and a spin axis, and tagged with a galaxy number the run does not use yet.
#pragma once

#include <cstdint>
#include <optional>

#include "bodies.hpp"
#include "scenarios/encounter.hpp"

namespace galaxy {

struct DropSpec {
  GalaxySpec galaxy;  // model, mass, scale (share, angles and position unused)
  std::size_t bodies = 20000;
  Vec3d position{}, velocity{};
  Vec3d spin{0.0, 0.0, 1.0};  // the disk's rotation axis (need not be a unit vector; not zero)
};

// The galaxy of `d`: made centred and at rest spinning about +z, turned so that it spins about
// d.spin, then moved to d.position with d.velocity. Galaxy tag 0 (add_galaxy retags it).
// Throws std::invalid_argument for what make_galaxy refuses, no bodies, or a zero spin.
HostBodies make_drop(const DropSpec& d, std::uint64_t seed);

// The lowest galaxy tag no body of `b` has, or nothing when all kMaxGalaxies are taken.
std::optional<int> free_galaxy_tag(const HostBodies& b);

// `b` without the bodies of galaxy `tag` (in their order).
HostBodies without_galaxy(const HostBodies& b, int tag);

// How many bodies of `b` belong to galaxy `tag`.
std::size_t galaxy_size(const HostBodies& b, int tag);

}  // namespace galaxy

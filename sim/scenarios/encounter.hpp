// SPDX-License-Identifier: MIT
// Encounters of galaxies: any number of galaxies, each a model (the disk galaxy of
// disk_galaxy.hpp, or a Plummer or Hernquist spheroid) scaled to its mass and size, with its
// share of the bodies and its spin set by Toomre & Toomre's angles; a pair placed on a Kepler
// orbit (orbit.hpp) from pericentre, eccentricity and time to pericentre, more galaxies at given
// positions and velocities. What `--encounter FILE`, the presets and the panel build runs from.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bodies.hpp"
#include "scenarios/disk_galaxy.hpp"
#include "scenarios/orbit.hpp"
#include "units.hpp"

namespace galaxy {

enum class GalaxyModel : std::uint8_t { Disk, Plummer, Hernquist };

// "disk", "plummer", "hernquist"; parse_galaxy_model returns nothing for another name.
const char* galaxy_model_name(GalaxyModel m);
std::optional<GalaxyModel> parse_galaxy_model(const std::string& name);

struct GalaxySpec {
  std::string name;                        // shown in the panel; may be empty
  GalaxyModel model = GalaxyModel::Disk;
  double mass = 1.0;   // total mass (> 0): the disk model's components keep their proportions
  double scale = 1.0;  // length scale (> 0): the disk scale length, or the spheroid's a
  double share = 1.0;  // share of the bodies (> 0), against the other galaxies' shares
  // The spin (the disk's rotation axis) against the orbit: inclination i from the orbital
  // angular momentum (0 prograde in the orbit plane, 180 retrograde) about the line of nodes,
  // which lies at argument ω before pericentre in the orbit plane (Toomre & Toomre 1972).
  double inclination_deg = 0.0, argument_deg = 0.0;
  // Where the galaxy starts: used where the encounter has no pair orbit.
  Vec3d position{}, velocity{};
  DiskGalaxyParams disk{};  // the disk model's structure in its own units (mass and scale 1)
  friend bool operator==(const GalaxySpec&, const GalaxySpec&) = default;
};

struct Encounter {
  std::string name, description;
  std::vector<GalaxySpec> galaxies;
  // With exactly two galaxies: their orbit (the first at the focus side, centre of mass at rest
  // at the origin). Without, the galaxies' positions and velocities.
  std::optional<OrbitParams> orbit;
  Units units{};           // what a unit length and mass are (0: none given)
  double show_time = 0.0;  // when the encounter's feature shows (docs/presets/), time units
  friend bool operator==(const Encounter&, const Encounter&) = default;
};

// Throws std::invalid_argument naming the galaxy and the value for what cannot be built:
// no galaxies, masses, scales or shares ≤ 0 or not finite, pericentre ≤ 0, eccentricity < 0, a
// negative time to pericentre, an orbit without exactly two galaxies, more galaxies than `n`
// bodies (n > 0), more than 64 galaxies (the body tag's galaxy field), physical units ≤ 0.
void check_encounter(const Encounter& e, std::size_t n = 0);

// The bodies of `e` with `n` bodies in all, shared as the galaxies' shares say (each galaxy at
// least one body), reproducible from `seed`; galaxy tags 0, 1, ... in order. Centre of mass at
// rest at the origin.
HostBodies make_encounter(const Encounter& e, std::size_t n, std::uint64_t seed);

// One galaxy of `spec` with `n` bodies, centred at rest, spinning about +z, tagged `tag`.
HostBodies make_galaxy(const GalaxySpec& spec, std::size_t n, std::uint64_t seed,
                       std::uint8_t tag);
// The same bodies written into b[begin, begin + n) of bodies already sized: how make_encounter
// builds its galaxies in place, without a copy.
void fill_galaxy(HostBodies& b, std::size_t begin, const GalaxySpec& spec, std::size_t n,
                 std::uint64_t seed, std::uint8_t tag);

// The predicted paths of a pair's two centres as point masses on its orbit (the panel draws them
// before a start): `points` positions each from the start to time `until`, in the frame
// make_encounter places them in. Empty without an orbit.
std::array<std::vector<Vec3d>, 2> orbit_paths(const Encounter& e, double until, int points);

// The spin axis Toomre & Toomre's angles give: (-sin i sin ω, -sin i cos ω, cos i).
Vec3d spin_axis(double inclination_deg, double argument_deg);

}  // namespace galaxy

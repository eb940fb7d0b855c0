// SPDX-License-Identifier: MIT
// Disk galaxies in equilibrium (exponential disk, Hernquist bulge, live Hernquist halo) and the
// collision of two of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "bodies.hpp"
#include "units.hpp"

namespace galaxy {

// One galaxy in G = 1 units. Masses are those of the realised (truncated) components. The
// defaults give total mass 1, a circular velocity of 0.50-0.52 from R = 1 to 3 (0.42 at R = 5)
// and a rotation period of 12.5 time units (1000 steps of dt = 0.0125) at R = R_d.
struct DiskGalaxyParams {
  double disk_mass = 0.25;
  double disk_scale_length = 1.0;  // R_d of Σ(R) ∝ exp(-R/R_d)
  double disk_scale_height = 0.1;  // z0 of ρ(z) ∝ sech²(z/z0)
  double disk_cut = 6.0;           // disk radii beyond disk_cut R_d are redrawn
  double toomre_q = 1.3;           // Toomre Q at R = 2.5 R_d (the minimum of Q lies near there)
  double bulge_mass = 0.05;
  double bulge_scale = 0.2;  // Hernquist a
  double bulge_cut = 2.0;    // truncation radius
  double halo_mass = 0.70;
  double halo_scale = 1.5;
  double halo_cut = 12.0;
  // How many star (disk and bulge) bodies' mass a halo body has. Heavier halo bodies leave
  // more of the bodies to the stars one sees: at 7 (the default) the halo has a quarter of the
  // bodies, at 1 (equal masses) 70% of them. They also heat the disk more (docs/scenarios.md).
  double halo_body_weight = 7.0;
  // The gas disk (sph.hpp's gas): this fraction of disk_mass (the stars keep the rest), an
  // exponential disk of its own scale length and a thinner sech² layer, isothermal at
  // gas_temperature_k, rotating at the circular velocity less its pressure support. 0: no gas.
  // Its bodies have the star bodies' mass and come after the halo's.
  double gas_fraction = 0.0;
  double gas_scale_length = 1.0;
  double gas_scale_height = 0.05;
  double gas_temperature_k = 1e4;
  friend bool operator==(const DiskGalaxyParams&, const DiskGalaxyParams&) = default;
};

// The disk model's fields by their keys in an encounter file's [galaxy.disk] table, once: what
// the file reader and the encounter's messages go through.
struct DiskKey {
  const char* key;
  double DiskGalaxyParams::*field;
};
std::span<const DiskKey> disk_galaxy_keys();

// The specific internal energy of gas at `temperature_k` in the speed unit of `units` (physical):
// (3/2) k T / (mu m_H) with mu = 1.22, neutral hydrogen and helium: warm atomic gas, whose sound
// speed at 10^4 K, 10.6 km/s, is the measured velocity dispersion of the Milky Way's HI.
double gas_u_of_temperature(double temperature_k, const Units& units);

// A Hernquist sphere of mass 1 and scale a = 1, cut at 20 a, as the bulge of a galaxy without
// disk or halo: what make_galaxy() builds a Hernquist spheroid from.
DiskGalaxyParams hernquist_sphere();

// A galaxy of `n` bodies centred on the origin at rest, rotating counter-clockwise about +z.
// Populations Disk, Bulge and Halo, galaxy tag `galaxy_tag`. Disk and bulge bodies have equal
// masses, halo bodies `halo_body_weight` times theirs.
//
// Gas bodies (population Gas, with the gas arrays) where p.gas_fraction > 0, at the temperature
// p.gas_temperature_k in the model's units (kDiskGalaxyUnits).
//
// Positions: exponential disk with a sech² vertical profile; Hernquist (1990) bulge and halo cut
// at their truncation radii. Velocities as in Hernquist (1993): the bulge and the halo are
// isotropic Gaussians with the dispersion of the spherical Jeans equation in the total
// (spherically averaged) mass, capped below 0.95 of the escape speed; the disk has σ_R² ∝ Σ
// normalised to `toomre_q`, σ_φ from the epicyclic ratio κ²/4Ω², σ_z² = π G Σ z0 and a mean
// rotation of the circular velocity (from the analytic potentials) less the asymmetric drift.
HostBodies make_disk_galaxy(std::size_t n, std::uint64_t seed, const DiskGalaxyParams& p = {},
                            std::uint8_t galaxy_tag = 0);

// make_disk_galaxy's bodies written into b[begin, begin + n) of bodies already sized, centred at
// rest: how the collision and the encounters build their galaxies in place, without a copy.
void fill_disk_galaxy(HostBodies& b, std::size_t begin, std::size_t n, std::uint64_t seed,
                      const DiskGalaxyParams& p, std::uint8_t galaxy_tag);

// The circular velocity in the disk plane of the model's analytic potential at radius R
// (monopole of bulge and halo, thin exponential disk), ignoring softening.
double disk_galaxy_circular_velocity(const DiskGalaxyParams& p, double R);

// The orbit of two galaxies: a parabola for point masses of the galaxies' masses.
struct CollisionParams {
  double pericentre = 1.0;                     // distance at pericentre
  double time_to_pericentre = 20.0;            // from the start, for point masses
  double tilt0_deg = 30.0, tilt1_deg = 120.0;  // disk inclinations against the orbital plane
};

// Two galaxies of make_disk_galaxy() (n/2 bodies each; galaxy tags 0 and 1) on a parabolic
// orbit in the x-y plane. The first disk is tilted about the x axis, the second about an axis
// 60° from it, as the Milky Way and Andromeda are tilted against their orbit. Centre of mass at
// rest at the origin.
HostBodies make_galaxy_collision(std::size_t n, std::uint64_t seed, const CollisionParams& c = {});

}  // namespace galaxy

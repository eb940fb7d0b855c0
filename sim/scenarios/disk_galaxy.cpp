// SPDX-License-Identifier: MIT
#include "scenarios/disk_galaxy.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "scenarios/disk_model.hpp"
#include "units.hpp"
#include "scenarios/orbit.hpp"
#include "scenarios/streams.hpp"

namespace galaxy {

namespace {

using namespace disk_model;

struct Vec3 {
  double x, y, z;
};

Vec3 isotropic(Rng& rng, std::uniform_real_distribution<double>& u, double length) {
  const double cz = 2.0 * u(rng) - 1.0, phi = 2.0 * kPi * u(rng), sz = std::sqrt(1.0 - cz * cz);
  return {length * sz * std::cos(phi), length * sz * std::sin(phi), length * cz};
}

void put(HostBodies& b, std::size_t i, Vec3 x, Vec3 v, double m, Population pop,
         std::uint8_t galaxy) {
  b.x[i] = static_cast<float>(x.x);
  b.y[i] = static_cast<float>(x.y);
  b.z[i] = static_cast<float>(x.z);
  b.vx[i] = static_cast<float>(v.x);
  b.vy[i] = static_cast<float>(v.y);
  b.vz[i] = static_cast<float>(v.z);
  b.m[i] = static_cast<float>(m);
  b.population[i] = static_cast<std::uint8_t>(pop);
  b.galaxy[i] = galaxy;
}

// Bodies a component: star and gas bodies of one mass, halo bodies `halo_body_weight` times
// heavier. The gas's bodies are taken out of the disk's.
struct Counts {
  std::size_t disk, bulge, halo, gas = 0;
};

Counts counts_of(std::size_t n, const DiskGalaxyParams& p) {
  const double weights = p.disk_mass + p.bulge_mass + p.halo_mass / p.halo_body_weight;
  const std::size_t disk = p.bulge_mass > 0 || p.halo_mass > 0
                               ? static_cast<std::size_t>(std::floor(n * p.disk_mass / weights))
                               : n;  // a disk alone: every body
  const std::size_t bulge = static_cast<std::size_t>(std::floor(n * p.bulge_mass / weights));
  const std::size_t gas = static_cast<std::size_t>(std::floor(double(disk) * p.gas_fraction));
  return {disk - gas, bulge, n - std::min(n, disk + bulge), gas};
}

double model_gas_u(double temperature_k) {
  return gas_u_of_temperature(temperature_k, kDiskGalaxyUnits);
}

// Draws the bodies of one galaxy, chunk by chunk, from tables made once (DiskTables).
class Sampler {
 public:
  Sampler(const DiskGalaxyParams& p, HostBodies& b, std::uint8_t tag)
      : p_(p), model_(p), tables_(tabulate(model_, p)), b_(b), tag_(tag) {}

  // The three components' draws for bodies from `begin` on: disk, bulge, halo in that order.
  std::vector<Draw> draws(std::size_t begin, Counts c) const;

 private:
  // Disk bodies [begin, end) of mass m each.
  void disk(std::size_t begin, std::size_t end, Rng& rng, double m) const;
  // Gas bodies [begin, end) of mass m each: cold rotation less the pressure's support.
  void gas(std::size_t begin, std::size_t end, Rng& rng, double m) const;
  // Bulge or halo bodies [begin, end) of mass m each, of `h` and its Jeans integral.
  void spheroid(std::size_t begin, std::size_t end, Rng& rng, double m, const Hernquist& h,
                const std::vector<double>& rho_s2, Population pop) const;

  const DiskGalaxyParams& p_;
  const Model model_;
  const DiskTables tables_;
  HostBodies& b_;
  const std::uint8_t tag_;
};

void Sampler::disk(std::size_t begin, std::size_t end, Rng& rng, double m) const {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::normal_distribution<double> gauss(0.0, 1.0);
  const double rd = p_.disk_scale_length, z0 = p_.disk_scale_height;
  const double r_ref = tables_.r_ref, s_ref2 = tables_.sigma_r_ref * tables_.sigma_r_ref;
  for (std::size_t i = begin; i < end; ++i) {
    const double R = model_.disk.radius(u(rng));
    double z;
    do {
      z = z0 * std::atanh(2.0 * u(rng) - 1.0);
    } while (!(std::fabs(z) < 6.0 * z0));
    const double ph = 2.0 * kPi * u(rng);
    const GridPoint at = tables_.grid.locate(R);
    const double v2 = Profile::at(tables_.vc2, at), k2 = Profile::at(tables_.kappa2, at);
    const double om2 = v2 / (R * R);
    // σ_R² ∝ Σ; σ_φ from the epicyclic ratio; σ_z² = π G Σ z0.
    const double s_r2 = s_ref2 * std::exp(-(R - r_ref) / rd);
    const double s_phi2 = s_r2 * std::min(k2 / (4.0 * om2), 1.0);
    const double s_z2 = kPi * model_.disks_surface_density(R) * z0;
    // Asymmetric drift from the Jeans equation for Σσ_R² ∝ exp(-2R/R_d).
    const double vphi_mean = std::sqrt(std::max(0.0, v2 + s_r2 - s_phi2 - s_r2 * 2.0 * R / rd));
    const double v_r = std::sqrt(s_r2) * gauss(rng);
    const double v_phi = vphi_mean + std::sqrt(s_phi2) * gauss(rng);
    const double v_z = std::sqrt(s_z2) * gauss(rng);
    const double c = std::cos(ph), s = std::sin(ph);
    put(b_, i, {R * c, R * s, z}, {v_r * c - v_phi * s, v_r * s + v_phi * c, v_z}, m,
        Population::Disk, tag_);
  }
}

// Isothermal gas: P = rho c^2 with c^2 = (gamma - 1) u, so an exponential disk's pressure
// gradient takes c^2 R / R_g of the circular velocity's square (the vertical one is left out: a
// thin layer's part of it is smaller by its aspect).
void Sampler::gas(std::size_t begin, std::size_t end, Rng& rng, double m) const {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double z0 = p_.gas_scale_height, u_gas = model_gas_u(p_.gas_temperature_k);
  const double c2 = (5.0 / 3.0 - 1.0) * u_gas;
  for (std::size_t i = begin; i < end; ++i) {
    const double R = model_.gas.radius(u(rng));
    double z;
    do {
      z = z0 * std::atanh(2.0 * u(rng) - 1.0);
    } while (!(std::fabs(z) < 6.0 * z0));
    const double ph = 2.0 * kPi * u(rng);
    const double v2 = Profile::at(tables_.vc2, tables_.grid.locate(R));
    const double v_phi = std::sqrt(std::max(0.0, v2 - c2 * R / p_.gas_scale_length));
    const double c = std::cos(ph), s = std::sin(ph);
    put(b_, i, {R * c, R * s, z}, {-v_phi * s, v_phi * c, 0.0}, m, Population::Gas, tag_);
    b_.u[i] = static_cast<float>(u_gas);
  }
}

// Isotropic Gaussian velocities of the Jeans dispersion, redrawn above 0.95 of the escape speed
// so that no body starts unbound.
void Sampler::spheroid(std::size_t begin, std::size_t end, Rng& rng, double m, const Hernquist& h,
                       const std::vector<double>& rho_s2, Population pop) const {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::normal_distribution<double> gauss(0.0, 1.0);
  for (std::size_t i = begin; i < end; ++i) {
    const double r = h.radius(u(rng));
    const double rho = h.density(r);
    const GridPoint at = tables_.grid.locate(r);
    const double sigma = rho > 0 ? std::sqrt(std::max(0.0, Profile::at(rho_s2, at) / rho)) : 0.0;
    const double v_esc2 = -2.0 * Profile::at(tables_.phi, at);
    Vec3 v;
    do {
      v = {sigma * gauss(rng), sigma * gauss(rng), sigma * gauss(rng)};
    } while (v.x * v.x + v.y * v.y + v.z * v.z > 0.95 * 0.95 * v_esc2);
    put(b_, i, isotropic(rng, u, r), v, m, pop, tag_);
  }
}

std::vector<Draw> Sampler::draws(std::size_t begin, Counts c) const {
  const std::size_t bulge0 = begin + c.disk, halo0 = bulge0 + c.bulge, gas0 = halo0 + c.halo;
  // Stars and gas share the disk's mass by their counts: one body mass.
  const double m_disk = c.disk ? p_.disk_mass / double(c.disk + c.gas) : 0.0;
  const double m_bulge = c.bulge ? p_.bulge_mass / c.bulge : 0.0;
  const double m_halo = c.halo ? p_.halo_mass / c.halo : 0.0;
  return {
      {c.disk, Stream::Disk,
       [=, this](std::size_t lo, std::size_t hi, Rng& rng) {
         disk(begin + lo, begin + hi, rng, m_disk);
       }},
      {c.bulge, Stream::Bulge,
       [=, this](std::size_t lo, std::size_t hi, Rng& rng) {
         spheroid(bulge0 + lo, bulge0 + hi, rng, m_bulge, model_.bulge, tables_.bulge_rho_s2,
                  Population::Bulge);
       }},
      {c.halo, Stream::Halo,
       [=, this](std::size_t lo, std::size_t hi, Rng& rng) {
         spheroid(halo0 + lo, halo0 + hi, rng, m_halo, model_.halo, tables_.halo_rho_s2,
                  Population::Halo);
       }},
      {c.gas, Stream::Gas,
       [=, this](std::size_t lo, std::size_t hi, Rng& rng) {
         gas(gas0 + lo, gas0 + hi, rng, m_disk);
       }},
  };
}

}  // namespace

double gas_u_of_temperature(double temperature_k, const Units& units) {
  constexpr double kBoltzmann = 1.380649e-23, kHydrogen = 1.6735575e-27, kMu = 1.22;
  const double u_si = 1.5 * kBoltzmann * temperature_k / (kMu * kHydrogen);  // (m/s)^2
  const double v = units.speed_kms() * 1e3;
  return u_si / (v * v);
}

std::span<const DiskKey> disk_galaxy_keys() {
  using P = DiskGalaxyParams;
  static constexpr DiskKey kKeys[] = {
      {"disk_mass", &P::disk_mass},           {"disk_scale_length", &P::disk_scale_length},
      {"disk_scale_height", &P::disk_scale_height}, {"disk_cut", &P::disk_cut},
      {"toomre_q", &P::toomre_q},             {"bulge_mass", &P::bulge_mass},
      {"bulge_scale", &P::bulge_scale},       {"bulge_cut", &P::bulge_cut},
      {"halo_mass", &P::halo_mass},           {"halo_scale", &P::halo_scale},
      {"halo_cut", &P::halo_cut},             {"halo_body_weight", &P::halo_body_weight},
      {"gas_fraction", &P::gas_fraction},     {"gas_scale_length", &P::gas_scale_length},
      {"gas_scale_height", &P::gas_scale_height}, {"gas_temperature_k", &P::gas_temperature_k}};
  return kKeys;
}

DiskGalaxyParams hernquist_sphere() {
  DiskGalaxyParams p;
  p.disk_mass = 0.0;
  p.bulge_mass = 1.0, p.bulge_scale = 1.0, p.bulge_cut = 20.0;
  p.halo_mass = 0.0;
  return p;
}

double disk_galaxy_circular_velocity(const DiskGalaxyParams& p, double R) {
  return std::sqrt(Model(p).vc2(R));
}

void fill_disk_galaxy(HostBodies& b, std::size_t begin, std::size_t n, std::uint64_t seed,
                      const DiskGalaxyParams& p, std::uint8_t galaxy_tag) {
  if (n == 0) return;
  const Counts c = counts_of(n, p);
  if (c.gas > 0) b.add_gas_arrays();
  const Sampler s(p, b, galaxy_tag);
  draw_in_chunks(seed, s.draws(begin, c));
  centre_at_rest(b, begin, begin + n);
}

HostBodies make_disk_galaxy(std::size_t n, std::uint64_t seed, const DiskGalaxyParams& p,
                            std::uint8_t galaxy_tag) {
  HostBodies b;
  b.resize(n);
  fill_disk_galaxy(b, 0, n, seed, p, galaxy_tag);
  return b;
}

HostBodies make_galaxy_collision(std::size_t n, std::uint64_t seed, const CollisionParams& c) {
  const std::size_t n0 = n / 2;
  HostBodies b;
  b.resize(n);
  // Both built in place: no copy of the second galaxy's bodies.
  fill_disk_galaxy(b, 0, n0, seed, {}, 0);
  fill_disk_galaxy(b, n0, n - n0, seed ^ 0x9e3779b97f4a7c15ull, {}, 1);

  double m0 = 0, m1 = 0;
  for (std::size_t i = 0; i < n; ++i) (i < n0 ? m0 : m1) += b.m[i];
  const double mt = m0 + m1;
  // Parabolic relative orbit, pericentre on +x (scenarios/orbit.hpp), the requested time before it.
  const RelativeState s =
      kepler_state({c.pericentre, 1.0, c.time_to_pericentre}, mt, -c.time_to_pericentre);
  const double f0 = mt > 0 ? -m1 / mt : 0.0, f1 = mt > 0 ? m0 / mt : 0.0;
  const double deg = kPi / 180.0;
  rotate_and_shift(b, 0, n0, {1, 0, 0}, c.tilt0_deg * deg, {f0 * s.r[0], f0 * s.r[1], 0},
                   {f0 * s.v[0], f0 * s.v[1], 0});
  rotate_and_shift(b, n0, n, {std::cos(60 * deg), std::sin(60 * deg), 0}, c.tilt1_deg * deg,
                   {f1 * s.r[0], f1 * s.r[1], 0}, {f1 * s.v[0], f1 * s.v[1], 0});
  return b;
}

}  // namespace galaxy

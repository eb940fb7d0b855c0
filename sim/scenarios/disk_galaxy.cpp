// SPDX-License-Identifier: MIT
#include "scenarios/disk_galaxy.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "scenarios/orbit.hpp"

namespace galaxy {

namespace {

constexpr double kPi = std::numbers::pi;

// A Hernquist sphere cut at `cut`, scaled so that the mass inside the cut is `mass`.
struct Hernquist {
  double mass, a, cut;
  double total() const { return mass * (cut + a) * (cut + a) / (cut * cut); }  // untruncated
  double enclosed(double r) const {
    const double s = std::min(r, cut);
    return total() * s * s / ((s + a) * (s + a));
  }
  double density(double r) const {
    return r < cut ? total() * a / (2.0 * kPi * r * std::pow(r + a, 3)) : 0.0;
  }
  // Inverse of the cumulative mass for u in [0, 1).
  double radius(double u) const {
    const double umax = cut * cut / ((cut + a) * (cut + a));
    const double s = std::sqrt(u * umax);
    return a * s / (1.0 - s);
  }
};

// The exponential disk: Σ(R) = Σ0 exp(-R/R_d), cut at `cut` R_d with `mass` inside the cut.
struct ExpDisk {
  double mass, rd, cut;
  double norm() const { return 1.0 - (1.0 + cut) * std::exp(-cut); }  // fraction inside the cut
  double sigma0() const { return mass / norm() / (2.0 * kPi * rd * rd); }
  double surface_density(double R) const { return sigma0() * std::exp(-R / rd); }
  // Mass inside a cylinder of radius r: the spherical average the Jeans equation uses.
  double enclosed(double r) const {
    const double x = std::min(r / rd, cut);
    return mass / norm() * (1.0 - (1.0 + x) * std::exp(-x));
  }
  // Squared circular velocity of a razor-thin exponential disk (Freeman 1970).
  double vc2(double R) const {
    const double y = std::max(R, 1e-6) / (2.0 * rd);
    return 4.0 * kPi * sigma0() * rd * y * y *
           (std::cyl_bessel_i(0.0, y) * std::cyl_bessel_k(0.0, y) -
            std::cyl_bessel_i(1.0, y) * std::cyl_bessel_k(1.0, y));
  }
  // Inverse of the cumulative mass for u in [0, 1), by bisection (the cumulative is monotonic).
  double radius(double u) const {
    const double target = u * norm();
    double lo = 0.0, hi = cut;
    for (int k = 0; k < 60; ++k) {
      const double mid = 0.5 * (lo + hi);
      (1.0 - (1.0 + mid) * std::exp(-mid) < target ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi) * rd;
  }
};

struct Model {
  ExpDisk disk;
  Hernquist bulge, halo;
  explicit Model(const DiskGalaxyParams& p)
      : disk{p.disk_mass, p.disk_scale_length, p.disk_cut},
        bulge{p.bulge_mass, p.bulge_scale, p.bulge_cut},
        halo{p.halo_mass, p.halo_scale, p.halo_cut} {}
  double spherical_enclosed(double r) const { return bulge.enclosed(r) + halo.enclosed(r); }
  double vc2(double R) const { return spherical_enclosed(R) / R + disk.vc2(R); }
};

// Radial profiles tabulated on a logarithmic grid and interpolated linearly in log r: the
// Jeans integrals and the potential need cumulative integrals, which a grid gives in one pass.
class Profile {
 public:
  static constexpr int kPoints = 4096;
  Profile(double rmin, double rmax)
      : lmin_(std::log(rmin)), dl_((std::log(rmax) - std::log(rmin)) / (kPoints - 1)), r_(kPoints) {
    for (int i = 0; i < kPoints; ++i) r_[i] = std::exp(lmin_ + i * dl_);
  }
  double r(int i) const { return r_[i]; }
  double dl() const { return dl_; }
  double at(const std::vector<double>& f, double r) const {
    const double t = std::clamp((std::log(r) - lmin_) / dl_, 0.0, kPoints - 1.000001);
    const int i = static_cast<int>(t);
    return f[i] + (t - i) * (f[i + 1] - f[i]);
  }
  // ∫_r^{r_max} f(r') dr' at every grid point (trapezoid in log r).
  std::vector<double> integral_outwards(const std::vector<double>& f) const {
    std::vector<double> out(kPoints, 0.0);
    for (int i = kPoints - 2; i >= 0; --i) {
      out[i] = out[i + 1] + 0.5 * dl_ * (f[i] * r_[i] + f[i + 1] * r_[i + 1]);
    }
    return out;
  }

 private:
  double lmin_, dl_;
  std::vector<double> r_;
};

struct Vec3 {
  double x, y, z;
};

Vec3 isotropic(std::mt19937_64& rng, double length) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
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

}  // namespace

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

HostBodies make_disk_galaxy(std::size_t n, std::uint64_t seed, const DiskGalaxyParams& p,
                            std::uint8_t galaxy_tag) {
  const Model model(p);
  // Bodies by mass: star bodies of one mass, halo bodies `halo_body_weight` times heavier.
  const double weights = p.disk_mass + p.bulge_mass + p.halo_mass / p.halo_body_weight;
  const std::size_t n_disk =
      p.bulge_mass > 0 || p.halo_mass > 0
          ? static_cast<std::size_t>(std::floor(n * p.disk_mass / weights))
          : n;  // a disk alone: every body
  const std::size_t n_bulge = static_cast<std::size_t>(std::floor(n * p.bulge_mass / weights));
  const std::size_t n_halo = n - std::min(n, n_disk + n_bulge);
  HostBodies b;
  b.resize(n);
  if (n == 0) return b;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::normal_distribution<double> gauss(0.0, 1.0);

  const double rmax = 4.0 * std::max({p.halo_cut, p.bulge_cut, p.disk_cut * p.disk_scale_length});
  const Profile grid(1e-4, rmax);
  constexpr int kN = Profile::kPoints;
  // Total mass inside r (the disk spherically averaged), the potential (zero at infinity) and the
  // Jeans integrals ρσ² = ∫_r^∞ ρ M/r'² dr' of bulge and halo.
  std::vector<double> accel(kN), phi(kN), bulge_rho_s2(kN), halo_rho_s2(kN);
  std::vector<double> bulge_f(kN), halo_f(kN), vc2(kN), kappa2(kN);
  for (int i = 0; i < kN; ++i) {
    const double r = grid.r(i);
    const double m = model.spherical_enclosed(r) + model.disk.enclosed(r);
    accel[i] = m / (r * r);
    bulge_f[i] = model.bulge.density(r) * accel[i];
    halo_f[i] = model.halo.density(r) * accel[i];
    vc2[i] = model.vc2(r);
  }
  const double m_total = model.spherical_enclosed(rmax) + model.disk.enclosed(rmax);
  phi = grid.integral_outwards(accel);
  for (double& f : phi) f = -f - m_total / rmax;
  bulge_rho_s2 = grid.integral_outwards(bulge_f);
  halo_rho_s2 = grid.integral_outwards(halo_f);
  // κ² = R dΩ²/dR + 4Ω², by centred differences in log R.
  for (int i = 0; i < kN; ++i) {
    const int lo = std::max(i - 1, 0), hi = std::min(i + 1, kN - 1);
    const double om2_lo = vc2[lo] / (grid.r(lo) * grid.r(lo));
    const double om2_hi = vc2[hi] / (grid.r(hi) * grid.r(hi));
    const double om2 = vc2[i] / (grid.r(i) * grid.r(i));
    kappa2[i] = (om2_hi - om2_lo) / ((hi - lo) * grid.dl()) + 4.0 * om2;
  }

  // Disk dispersions: σ_R² ∝ Σ (so that σ_R/σ_z is constant, as for an isothermal sheet),
  // normalised to Toomre's Q = σ_R κ / (3.36 G Σ) at R_ref = 2.5 R_d.
  const double rd = p.disk_scale_length;
  const double r_ref = 2.5 * rd;
  const double sigma_r_ref =
      p.toomre_q * 3.36 * model.disk.surface_density(r_ref) / std::sqrt(grid.at(kappa2, r_ref));

  std::size_t i = 0;
  const double m_disk = n_disk ? p.disk_mass / n_disk : 0.0;
  for (; i < n_disk; ++i) {
    const double R = model.disk.radius(u(rng));
    double z;
    do {
      z = p.disk_scale_height * std::atanh(2.0 * u(rng) - 1.0);
    } while (!(std::fabs(z) < 6.0 * p.disk_scale_height));
    const double ph = 2.0 * kPi * u(rng);
    const double v2 = grid.at(vc2, R), om2 = v2 / (R * R), k2 = grid.at(kappa2, R);
    const double s_r2 = sigma_r_ref * sigma_r_ref * std::exp(-(R - r_ref) / rd);
    const double s_phi2 = s_r2 * std::min(k2 / (4.0 * om2), 1.0);
    const double s_z2 = kPi * model.disk.surface_density(R) * p.disk_scale_height;
    // Asymmetric drift from the Jeans equation for Σσ_R² ∝ exp(-2R/R_d).
    const double vphi_mean = std::sqrt(std::max(0.0, v2 + s_r2 - s_phi2 - s_r2 * 2.0 * R / rd));
    const double v_r = std::sqrt(s_r2) * gauss(rng);
    const double v_phi = vphi_mean + std::sqrt(s_phi2) * gauss(rng);
    const double v_z = std::sqrt(s_z2) * gauss(rng);
    const double c = std::cos(ph), s = std::sin(ph);
    put(b, i, {R * c, R * s, z}, {v_r * c - v_phi * s, v_r * s + v_phi * c, v_z}, m_disk,
        Population::Disk, galaxy_tag);
  }
  // Spherical components: isotropic Gaussian velocities of the Jeans dispersion, redrawn above
  // 0.95 of the escape speed so that no body starts unbound.
  auto spherical = [&](const Hernquist& h, const std::vector<double>& rho_s2, std::size_t count,
                       Population pop) {
    const double m = count ? h.mass / count : 0.0;
    for (std::size_t k = 0; k < count; ++k, ++i) {
      const double r = h.radius(u(rng));
      const double rho = h.density(r);
      const double sigma = rho > 0 ? std::sqrt(std::max(0.0, grid.at(rho_s2, r) / rho)) : 0.0;
      const double v_esc = std::sqrt(-2.0 * grid.at(phi, r));
      Vec3 v;
      do {
        v = {sigma * gauss(rng), sigma * gauss(rng), sigma * gauss(rng)};
      } while (v.x * v.x + v.y * v.y + v.z * v.z > 0.95 * 0.95 * v_esc * v_esc);
      put(b, i, isotropic(rng, r), v, m, pop, galaxy_tag);
    }
  };
  spherical(model.bulge, bulge_rho_s2, n_bulge, Population::Bulge);
  spherical(model.halo, halo_rho_s2, n_halo, Population::Halo);
  centre_at_rest(b);
  return b;
}

HostBodies make_galaxy_collision(std::size_t n, std::uint64_t seed, const CollisionParams& c) {
  const std::size_t n0 = n / 2;
  HostBodies b = make_disk_galaxy(n0, seed, {}, 0);
  const HostBodies second = make_disk_galaxy(n - n0, seed ^ 0x9e3779b97f4a7c15ull, {}, 1);
  b.resize(n);
  auto copy = [&](auto member) {
    std::copy((second.*member).begin(), (second.*member).end(), (b.*member).begin() + n0);
  };
  for (auto member : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx,
                      &HostBodies::vy, &HostBodies::vz, &HostBodies::m}) {
    copy(member);
  }
  copy(&HostBodies::population);
  copy(&HostBodies::galaxy);

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

// SPDX-License-Identifier: MIT
// The analytic model behind disk_galaxy.hpp (exponential disk, truncated Hernquist bulge and
// halo) and the radial tables its bodies are drawn from. Everything here is computed once per
// galaxy (DiskTables), so that drawing a body costs a few table look-ups, not an integration.
#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "scenarios/disk_galaxy.hpp"

namespace galaxy::disk_model {

inline constexpr double kPi = std::numbers::pi;

// A Hernquist sphere cut at `cut`, scaled so that the mass inside the cut is `mass`.
struct Hernquist {
  double mass, a, cut;
  double total() const { return mass * (cut + a) * (cut + a) / (cut * cut); }  // untruncated
  double enclosed(double r) const {
    const double s = std::min(r, cut);
    return total() * s * s / ((s + a) * (s + a));
  }
  double density(double r) const {
    const double ra = r + a;
    return r < cut ? total() * a / (2.0 * kPi * r * ra * ra * ra) : 0.0;
  }
  // Inverse of the cumulative mass for u in [0, 1).
  double radius(double u) const {
    const double umax = cut * cut / ((cut + a) * (cut + a));
    const double s = std::sqrt(u * umax);
    return a * s / (1.0 - s);
  }
};

// The exponential disk: Σ(R) = Σ0 exp(-R/R_d), cut at `cut` R_d with `mass` inside the cut.
class ExpDisk {
 public:
  ExpDisk(double mass, double rd, double cut);
  double mass() const { return mass_; }
  double sigma0() const { return mass_ / norm_ / (2.0 * kPi * rd_ * rd_); }
  double surface_density(double R) const { return sigma0() * std::exp(-R / rd_); }
  // Mass inside a cylinder of radius r: the spherical average the Jeans equation uses.
  double enclosed(double r) const;
  // Squared circular velocity of a razor-thin exponential disk (Freeman 1970).
  double vc2(double R) const;
  // Inverse of the cumulative mass for u in [0, 1): a table lookup brackets the root and Newton
  // steps polish it to double precision, a few exp() where bisection took sixty.
  double radius(double u) const;

 private:
  static constexpr int kInverse = 1024;
  double mass_, rd_, cut_;
  double norm_;              // fraction of the untruncated mass inside the cut
  std::vector<double> x_;    // x_[j]: the cumulative (in units of R_d) reaches j / (kInverse - 1)
};

// The stellar disk (disk_mass less the gas), the gas disk, the bulge and the halo.
struct Model {
  ExpDisk disk, gas;
  Hernquist bulge, halo;
  explicit Model(const DiskGalaxyParams& p)
      : disk((1.0 - p.gas_fraction) * p.disk_mass, p.disk_scale_length, p.disk_cut),
        gas(p.gas_fraction * p.disk_mass, p.gas_scale_length,
            p.disk_cut * p.disk_scale_length / p.gas_scale_length),
        bulge{p.bulge_mass, p.bulge_scale, p.bulge_cut},
        halo{p.halo_mass, p.halo_scale, p.halo_cut} {}
  double spherical_enclosed(double r) const { return bulge.enclosed(r) + halo.enclosed(r); }
  double disks_enclosed(double r) const { return disk.enclosed(r) + gas.enclosed(r); }
  double disks_surface_density(double R) const {
    return disk.surface_density(R) + gas.surface_density(R);
  }
  double vc2(double R) const { return spherical_enclosed(R) / R + disk.vc2(R) + gas.vc2(R); }
};

// A point of a Profile: the grid cell and the fraction of the way across it. Found once per
// body (one log) and used for every profile it looks up.
struct GridPoint {
  int i;
  double t;
};

// Radial profiles tabulated on a logarithmic grid and interpolated linearly in log r: the
// Jeans integrals and the potential need cumulative integrals, which a grid gives in one pass.
class Profile {
 public:
  static constexpr int kPoints = 4096;
  Profile(double rmin, double rmax);
  double r(int i) const { return r_[i]; }
  double dl() const { return dl_; }
  GridPoint locate(double r) const {
    const double t = std::clamp((std::log(r) - lmin_) / dl_, 0.0, kPoints - 1.000001);
    const int i = static_cast<int>(t);
    return {i, t - i};
  }
  static double at(const std::vector<double>& f, GridPoint p) {
    return f[p.i] + p.t * (f[p.i + 1] - f[p.i]);
  }
  double at(const std::vector<double>& f, double r) const { return at(f, locate(r)); }
  // ∫_r^{r_max} f(r') dr' at every grid point (trapezoid in log r).
  std::vector<double> integral_outwards(const std::vector<double>& f) const;

 private:
  double lmin_, dl_;
  std::vector<double> r_;
};

// What the bodies of one galaxy are drawn from: the potential (zero at infinity), the Jeans
// integrals ρσ² = ∫_r^∞ ρ M/r'² dr' of bulge and halo, and the disk's rotation curve and
// epicyclic frequency; the disk's σ_R at R_ref normalised to Toomre's Q there.
struct DiskTables {
  Profile grid;
  std::vector<double> phi, bulge_rho_s2, halo_rho_s2, vc2, kappa2;
  double r_ref, sigma_r_ref;
};

DiskTables tabulate(const Model& model, const DiskGalaxyParams& p);

}  // namespace galaxy::disk_model

// SPDX-License-Identifier: MIT
#include "scenarios/disk_model.hpp"

namespace galaxy::disk_model {

namespace {

// The exponential disk's cumulative mass fraction (untruncated) inside x = R / R_d.
double cumulative(double x) { return 1.0 - (1.0 + x) * std::exp(-x); }

}  // namespace

ExpDisk::ExpDisk(double mass, double rd, double cut)
    : mass_(mass), rd_(rd), cut_(cut), norm_(cumulative(cut)), x_(kInverse) {
  // Bisection for every entry: kInverse × 60 exp(), once a galaxy.
  for (int j = 0; j < kInverse; ++j) {
    const double target = norm_ * j / (kInverse - 1);
    double lo = 0.0, hi = cut_;
    for (int k = 0; k < 60; ++k) {
      const double mid = 0.5 * (lo + hi);
      (cumulative(mid) < target ? lo : hi) = mid;
    }
    x_[j] = 0.5 * (lo + hi);
  }
  x_.front() = 0.0, x_.back() = cut_;
}

double ExpDisk::enclosed(double r) const {
  const double x = std::min(r / rd_, cut_);
  return mass_ / norm_ * cumulative(x);
}

double ExpDisk::vc2(double R) const {
  const double y = std::max(R, 1e-6) / (2.0 * rd_);
  return 4.0 * kPi * sigma0() * rd_ * y * y *
         (std::cyl_bessel_i(0.0, y) * std::cyl_bessel_k(0.0, y) -
          std::cyl_bessel_i(1.0, y) * std::cyl_bessel_k(1.0, y));
}

double ExpDisk::radius(double u) const {
  const double target = u * norm_;
  const double s = std::clamp(u, 0.0, 1.0) * (kInverse - 1);
  const int j = std::min(static_cast<int>(s), kInverse - 2);
  double lo = x_[j], hi = x_[j + 1];
  double x = lo + (s - j) * (hi - lo);  // off by about 1e-5 of x: two Newton steps reach 1e-16
  for (int k = 0; k < 16; ++k) {
    const double e = std::exp(-x);
    const double f = 1.0 - (1.0 + x) * e - target;  // the cumulative is increasing, its slope x e^-x
    const double step = f / (x * e);
    // Converged (f = 0 included): a step this small leaves an error of its square.
    if (std::fabs(step) <= 1e-12 * x) return (x - step) * rd_;
    (f < 0 ? lo : hi) = x;
    x -= step;
    if (!(x > lo && x < hi)) x = 0.5 * (lo + hi);  // left the bracket (or x = 0): bisect
  }
  return x * rd_;
}

Profile::Profile(double rmin, double rmax)
    : lmin_(std::log(rmin)), dl_((std::log(rmax) - std::log(rmin)) / (kPoints - 1)), r_(kPoints) {
  for (int i = 0; i < kPoints; ++i) r_[i] = std::exp(lmin_ + i * dl_);
}

std::vector<double> Profile::integral_outwards(const std::vector<double>& f) const {
  std::vector<double> out(kPoints, 0.0);
  for (int i = kPoints - 2; i >= 0; --i) {
    out[i] = out[i + 1] + 0.5 * dl_ * (f[i] * r_[i] + f[i + 1] * r_[i + 1]);
  }
  return out;
}

DiskTables tabulate(const Model& model, const DiskGalaxyParams& p) {
  const double rmax = 4.0 * std::max({p.halo_cut, p.bulge_cut, p.disk_cut * p.disk_scale_length});
  // (the gas disk is cut at the stars' radius: ExpDisk of Model)
  DiskTables t{Profile(1e-4, rmax), {}, {}, {}, {}, {}, 0.0, 0.0};
  constexpr int kN = Profile::kPoints;
  // Total mass inside r (the disk spherically averaged): its acceleration gives the potential and,
  // weighted by each density, the Jeans integrands.
  std::vector<double> accel(kN), bulge_f(kN), halo_f(kN);
  t.vc2.resize(kN), t.kappa2.resize(kN);
  for (int i = 0; i < kN; ++i) {
    const double r = t.grid.r(i);
    const double m = model.spherical_enclosed(r) + model.disks_enclosed(r);
    accel[i] = m / (r * r);
    bulge_f[i] = model.bulge.density(r) * accel[i];
    halo_f[i] = model.halo.density(r) * accel[i];
    t.vc2[i] = model.vc2(r);
  }
  const double m_total = model.spherical_enclosed(rmax) + model.disks_enclosed(rmax);
  t.phi = t.grid.integral_outwards(accel);
  for (double& f : t.phi) f = -f - m_total / rmax;
  t.bulge_rho_s2 = t.grid.integral_outwards(bulge_f);
  t.halo_rho_s2 = t.grid.integral_outwards(halo_f);
  // κ² = R dΩ²/dR + 4Ω², by centred differences in log R.
  for (int i = 0; i < kN; ++i) {
    const int lo = std::max(i - 1, 0), hi = std::min(i + 1, kN - 1);
    const double om2_lo = t.vc2[lo] / (t.grid.r(lo) * t.grid.r(lo));
    const double om2_hi = t.vc2[hi] / (t.grid.r(hi) * t.grid.r(hi));
    const double om2 = t.vc2[i] / (t.grid.r(i) * t.grid.r(i));
    t.kappa2[i] = (om2_hi - om2_lo) / ((hi - lo) * t.grid.dl()) + 4.0 * om2;
  }
  // Disk dispersions: σ_R² ∝ Σ (so that σ_R/σ_z is constant, as for an isothermal sheet),
  // normalised to Toomre's Q = σ_R κ / (3.36 G Σ) at R_ref = 2.5 R_d.
  t.r_ref = 2.5 * p.disk_scale_length;
  t.sigma_r_ref = p.toomre_q * 3.36 * model.disk.surface_density(t.r_ref) /
                  std::sqrt(t.grid.at(t.kappa2, t.r_ref));
  return t;
}

}  // namespace galaxy::disk_model

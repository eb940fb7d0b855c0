// SPDX-License-Identifier: MIT
#include "cpu/cpu_simulation.hpp"

#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>

#include "diagnostics.hpp"
#include "cpu/direct.hpp"

namespace galaxy {

namespace {
using Clock = std::chrono::steady_clock;
float ms_since(Clock::time_point t0) {
  return std::chrono::duration<float, std::milli>(Clock::now() - t0).count();
}

}  // namespace

std::string CpuSimulation::name() const {
  return std::string("cpu/") + std::string(to_string(solver_));
}

void CpuSimulation::reset(const HostBodies& bodies) {
  validate(bodies);
  HostBodies copy = bodies;
  copy.resize(bodies.size());  // make sure the optional arrays have the right length
  bodies_ = std::move(copy);
  time_ = 0;
  steps_ = 0;
  timings_ = {};
  have_accel_ = false;
  runaway_.reset();
  compute_forces();
  if (params_.alpha > 0 && solver_ == Solver::BarnesHut)
    compute_forces();  // the relative criterion needs accelerations
}

void CpuSimulation::restore_forces(const HostBodies& b) {
  if (b.size() != bodies_.size()) throw std::invalid_argument("restore_forces: body count differs");
  bodies_.ax = b.ax, bodies_.ay = b.ay, bodies_.az = b.az, bodies_.pot = b.pot;
}

void CpuSimulation::set_params(const SimParams& p) {
  check_params(p);
  params_ = p;
}

void CpuSimulation::set_solver(Solver s) {
  solver_ = s;
  if (!bodies_.empty()) compute_forces();
}

void CpuSimulation::compute_forces() {
  const int n = static_cast<int>(bodies_.size());
  if (solver_ == Solver::Direct) {
    const auto t0 = Clock::now();
    direct_forces_cpu(bodies_, params_.softening);
    timings_.ms = {};  // no tree stages run for a direct sum
    timings_.ms[static_cast<int>(Stage::Force)] = ms_since(t0);
    counts_ = {static_cast<std::uint64_t>(n) * (n > 0 ? n - 1 : 0), 0};
    return;
  }
  const CpuOctree::BuildTimes bt = tree_.build(bodies_, params_.leaf_size);
  timings_.ms[static_cast<int>(Stage::BoundingBox)] = bt.bounding_box;
  timings_.ms[static_cast<int>(Stage::Sort)] = bt.sort;
  timings_.ms[static_cast<int>(Stage::TreeBuild)] = bt.tree_build;
  timings_.ms[static_cast<int>(Stage::Summarize)] = bt.summarize;
  const auto t0 = Clock::now();
  const float eps2 = params_.softening * params_.softening;
  std::uint64_t bb = 0, bc = 0;
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : bb, bc)
  for (int i = 0; i < n; ++i) {
    WalkCounts c;
    const float alpha_accel = have_accel_
                                  ? params_.alpha * std::sqrt(bodies_.ax[i] * bodies_.ax[i] +
                                                              bodies_.ay[i] * bodies_.ay[i] +
                                                              bodies_.az[i] * bodies_.az[i])
                                  : 0.0f;
    const auto a = tree_.walk(bodies_, bodies_.x[i], bodies_.y[i], bodies_.z[i], i, params_.theta,
                              eps2, params_.multipole, alpha_accel, c);
    bodies_.ax[i] = a.ax;
    bodies_.ay[i] = a.ay;
    bodies_.az[i] = a.az;
    bodies_.pot[i] = a.pot;
    bb += c.body_body;
    bc += c.body_cell;
  }
  counts_ = {bb, bc};
  have_accel_ = true;
  timings_.ms[static_cast<int>(Stage::Force)] = ms_since(t0);
}

void CpuSimulation::kick(float half_dt) {
  const int n = static_cast<int>(bodies_.size());
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    bodies_.vx[i] += bodies_.ax[i] * half_dt;
    bodies_.vy[i] += bodies_.ay[i] * half_dt;
    bodies_.vz[i] += bodies_.az[i] * half_dt;
  }
}

void CpuSimulation::drift(float dt) {
  const int n = static_cast<int>(bodies_.size());
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    bodies_.x[i] += bodies_.vx[i] * dt;
    bodies_.y[i] += bodies_.vy[i] * dt;
    bodies_.z[i] += bodies_.vz[i] * dt;
  }
}

void CpuSimulation::scan(Runaway& r) const {
  const int n = static_cast<int>(bodies_.size());
  const HostBodies& b = bodies_;
  auto kinds_of = [&](int i) {
    unsigned k = 0;
    const float p[3] = {b.x[i], b.y[i], b.z[i]}, v[3] = {b.vx[i], b.vy[i], b.vz[i]},
                a[3] = {b.ax[i], b.ay[i], b.az[i]};
    for (int d = 0; d < 3; ++d) {
      if (!std::isfinite(p[d]))
        k |= kRunawayNonFinitePosition;
      else if (std::fabs(p[d]) > kRunawayPosition)
        k |= kRunawayHugePosition;
      if (!std::isfinite(v[d])) k |= kRunawayNonFiniteVelocity;
      if (!std::isfinite(a[d]))
        k |= kRunawayNonFiniteAcceleration;
      else if (std::fabs(a[d]) > kRunawayAcceleration)
        k |= kRunawayHugeAcceleration;
    }
    return k;
  };
  std::size_t count = 0;
  unsigned kinds = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) reduction(| : kinds)
  for (int i = 0; i < n; ++i) {
    const unsigned k = kinds_of(i);
    count += k != 0;
    kinds |= k;
  }
  r.count = count;
  r.kinds = kinds;
  r.bodies.clear();
  for (int i = 0; i < n && count > 0 && r.bodies.size() < std::size_t(kRunawayNamed); ++i) {
    if (kinds_of(i)) r.bodies.push_back(static_cast<std::size_t>(i));
  }
}

void CpuSimulation::step() {
  if (runaway_) return;  // stopped: the state is the last good one until clear_runaway()
  const auto t_step = Clock::now();
  const float dt = params_.dt;
  good_ = bodies_;  // a copy per step: cheap next to the force pass
  auto t0 = Clock::now();
  kick(0.5f * dt);
  drift(dt);
  float integrate_ms = ms_since(t0);
  compute_forces();
  t0 = Clock::now();
  kick(0.5f * dt);
  integrate_ms += ms_since(t0);
  Runaway r;
  scan(r);
  if (r.count > 0) {
    r.step = steps_ + 1;
    r.good_step = steps_;
    r.good_time = time_;
    bodies_ = std::move(good_);
    good_ = HostBodies{};
    runaway_ = std::move(r);
    return;
  }
  timings_.ms[static_cast<int>(Stage::Integrate)] = integrate_ms;
  timings_.total_ms = ms_since(t_step);
  timings_.valid = true;
  time_ += dt;
  ++steps_;
}

Diagnostics CpuSimulation::diagnostics() const { return compute_diagnostics(bodies_); }

}  // namespace galaxy

// SPDX-License-Identifier: MIT
#include "bodies.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

// The CPU pool (it needs nothing of the CPU backend but threads.hpp): scenarios place and centre
// millions of bodies with these, once each at the start of a run.
#include "cpu/parallel.hpp"

namespace galaxy {

void HostBodies::resize(std::size_t n) {
  std::vector<float>* floats[] = {&x, &y, &z, &vx, &vy, &vz, &m, &ax, &ay, &az, &pot};
  constexpr int kArrays = 13;  // the floats, population and galaxy
  auto resize_array = [&](int k) {
    if (k < 11) floats[k]->resize(n, 0.0f);
    if (k == 11) population.resize(n, static_cast<std::uint8_t>(Population::Star));
    if (k == 12) galaxy.resize(n, 0);
  };
  // Growing by millions of bodies (a scenario being built), the arrays' page faults and zeroing
  // run on the CPU pool's threads, an array each: a quarter of a second per 10M bodies on one.
  // Small steps (a CSV file read body by body) stay on the calling thread.
  if (n > size() + (std::size_t(1) << 20)) {
    cpu::parallel_tasks(kArrays, [&](int k, int) { resize_array(k); });
  } else {
    for (int k = 0; k < kArrays; ++k) resize_array(k);
  }
  if (has_gas()) for_each_gas_member([&](auto member) { (this->*member).resize(n, 0.0f); });
}

void HostBodies::add_gas_arrays() {
  if (has_gas() && u.size() == size()) return;
  const std::size_t n = size();
  for_each_gas_member([&](auto member) { (this->*member).resize(n, 0.0f); });
}

void rotate_and_shift(HostBodies& b, std::size_t begin, std::size_t end,
                      const std::array<double, 3>& k, double angle,
                      const std::array<double, 3>& dx, const std::array<double, 3>& dv) {
  const double c = std::cos(angle), s = std::sin(angle);
  auto rotate = [&](float& x, float& y, float& z) {
    const double px = x, py = y, pz = z;
    const double kdotp = k[0] * px + k[1] * py + k[2] * pz;
    const double kxp[3] = {k[1] * pz - k[2] * py, k[2] * px - k[0] * pz, k[0] * py - k[1] * px};
    x = static_cast<float>(px * c + kxp[0] * s + k[0] * kdotp * (1 - c));
    y = static_cast<float>(py * c + kxp[1] * s + k[1] * kdotp * (1 - c));
    z = static_cast<float>(pz * c + kxp[2] * s + k[2] * kdotp * (1 - c));
  };
  auto place = [&](std::size_t i) {
    rotate(b.x[i], b.y[i], b.z[i]);
    rotate(b.vx[i], b.vy[i], b.vz[i]);
    b.x[i] += static_cast<float>(dx[0]);
    b.y[i] += static_cast<float>(dx[1]);
    b.z[i] += static_cast<float>(dx[2]);
    b.vx[i] += static_cast<float>(dv[0]);
    b.vy[i] += static_cast<float>(dv[1]);
    b.vz[i] += static_cast<float>(dv[2]);
  };
  // Each body on its own: any split over the threads gives the same bodies.
  cpu::parallel_for(end - begin, 16384, [&](std::size_t lo, std::size_t hi, int) {
    for (std::size_t i = begin + lo; i < begin + hi; ++i) place(i);
  });
}

void append(HostBodies& to, const HostBodies& from) {
  for (auto member : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx,
                      &HostBodies::vy, &HostBodies::vz, &HostBodies::m, &HostBodies::ax,
                      &HostBodies::ay, &HostBodies::az, &HostBodies::pot}) {
    (to.*member).insert((to.*member).end(), (from.*member).begin(), (from.*member).end());
  }
  for (auto member : {&HostBodies::population, &HostBodies::galaxy}) {
    (to.*member).insert((to.*member).end(), (from.*member).begin(), (from.*member).end());
  }
  if (!to.has_gas() && !from.has_gas()) return;
  // Either has gas: both parts get the arrays (zeros for the part without).
  const std::size_t n_from = from.size(), n_to = to.size() - n_from;
  for_each_gas_member([&](auto member) {
    auto& v = to.*member;
    v.resize(n_to, 0.0f);
    const auto& w = from.*member;
    if (w.empty()) {
      v.resize(n_to + n_from, 0.0f);
    } else {
      v.insert(v.end(), w.begin(), w.end());
    }
  });
}

void centre_at_rest(HostBodies& b) { centre_at_rest(b, 0, b.size()); }

void centre_at_rest(HostBodies& b, std::size_t begin, std::size_t end) {
  // Sums of m x, m y, m z, m vx, m vy, m vz and m, over blocks of a fixed size added in block
  // order: the same totals, to the last bit, on any number of threads.
  constexpr std::size_t kBlock = 16384;
  std::vector<float>* arrays[6] = {&b.x, &b.y, &b.z, &b.vx, &b.vy, &b.vz};
  const std::size_t blocks = (end - begin + kBlock - 1) / kBlock;
  std::vector<std::array<double, 7>> partial(blocks);
  cpu::parallel_tasks(static_cast<int>(blocks), [&](int k, int) {
    const std::size_t lo = begin + std::size_t(k) * kBlock, hi = std::min(end, lo + kBlock);
    std::array<double, 7> s{};
    for (int a = 0; a < 6; ++a) {
      const float* v = arrays[a]->data();
      for (std::size_t i = lo; i < hi; ++i) s[a] += static_cast<double>(b.m[i]) * v[i];
    }
    for (std::size_t i = lo; i < hi; ++i) s[6] += b.m[i];
    partial[k] = s;
  });
  std::array<double, 7> c{};
  for (const auto& s : partial) {
    for (int a = 0; a < 7; ++a) c[a] += s[a];
  }
  if (!(c[6] > 0)) return;
  float shift[6];
  for (int a = 0; a < 6; ++a) shift[a] = static_cast<float>(c[a] / c[6]);
  cpu::parallel_for(end - begin, kBlock, [&](std::size_t lo, std::size_t hi, int) {
    for (int a = 0; a < 6; ++a) {
      float* v = arrays[a]->data();
      for (std::size_t i = begin + lo; i < begin + hi; ++i) v[i] -= shift[a];
    }
  });
}

namespace {

// The gas arrays: none, or one value a body; a gas body's internal energy finite and >= 0 (the
// pressure and the sound speed are taken of it).
void validate_gas(const HostBodies& b, std::uint64_t first) {
  const std::size_t n = b.size();
  // (a population array may still be short here: CpuSimulation::reset sizes it after)
  const auto gas = [&](std::size_t i) { return i < b.population.size() && b.is_gas(i); };
  bool any_gas = false;
  for (std::size_t i = 0; i < n && !any_gas; ++i) any_gas = gas(i);
  if (!b.has_gas()) {
    if (any_gas) throw std::invalid_argument("bodies: gas bodies without their gas arrays");
    return;
  }
  for (const auto* v : {&b.u, &b.h, &b.rho, &b.dudt}) {
    if (v->size() != n) throw std::invalid_argument("bodies: gas array lengths disagree");
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!gas(i)) continue;
    const float u = b.u[i];
    if (!std::isfinite(u) || u < 0.0f) {
      throw std::invalid_argument("gas body " + std::to_string(first + i) +
                                  ": internal energy u is " +
                                  (std::isnan(u) ? std::string("NaN")
                                   : std::isinf(u) ? std::string("infinite")
                                                   : "negative (" + std::to_string(u) + ")"));
    }
  }
}

}  // namespace

void validate(const HostBodies& b, std::uint64_t first) {
  const std::size_t n = b.size();
  for (const auto* v : {&b.y, &b.z, &b.vx, &b.vy, &b.vz, &b.m}) {
    if (v->size() != n) throw std::invalid_argument("bodies: array lengths disagree");
  }
  struct Field {
    const char* name;
    const std::vector<float>* v;
  };
  const Field fields[] = {{"x", &b.x},   {"y", &b.y},   {"z", &b.z}, {"vx", &b.vx},
                          {"vy", &b.vy}, {"vz", &b.vz}, {"m", &b.m}};
  for (std::size_t i = 0; i < n; ++i) {
    for (const auto& f : fields) {
      const float value = (*f.v)[i];
      if (!std::isfinite(value)) {
        throw std::invalid_argument("body " + std::to_string(first + i) + ": " + f.name + " is " +
                                    (std::isnan(value) ? "NaN" : "infinite"));
      }
    }
    if (b.m[i] < 0.0f) {
      throw std::invalid_argument("body " + std::to_string(first + i) + ": negative mass " +
                                  std::to_string(b.m[i]));
    }
  }
  validate_gas(b, first);
}

}  // namespace galaxy

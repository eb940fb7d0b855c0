// SPDX-License-Identifier: MIT
#include "simulation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>
#include <unordered_set>

#include "reference.hpp"

namespace galaxy {

std::string_view stage_name(Stage s) {
  switch (s) {
    case Stage::BoundingBox: return "bounding box";
    case Stage::Sort:
      return "sort";
    case Stage::TreeBuild: return "tree build";
    case Stage::Summarize:
      return "summarize";
    case Stage::Force: return "force";
    case Stage::Integrate: return "integrate";
    case Stage::Count: break;
  }
  return "?";
}

void write_vertices_of(const HostBodies& b, float* xyzs, std::uint8_t* tags) {
  for (std::size_t i = 0; i < b.size(); ++i) {
    xyzs[4 * i + 0] = b.x[i];
    xyzs[4 * i + 1] = b.y[i];
    xyzs[4 * i + 2] = b.z[i];
    xyzs[4 * i + 3] = std::sqrt(b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i] + b.vz[i] * b.vz[i]);
    if (tags) tags[i] = body_tag(b.population[i], b.galaxy[i]);
  }
}

ErrorStats sampled_accuracy(const Meters& m, std::size_t count, std::size_t samples,
                            std::uint64_t seed) {
  const std::vector<int> drawn = random_sample(count, samples, seed);
  const ExactSample e = m.exact_sample(std::vector<std::uint64_t>(drawn.begin(), drawn.end()));
  std::vector<int> all(drawn.size());
  std::iota(all.begin(), all.end(), 0);
  return relative_errors(e.bodies, all, e.exact);
}

namespace {
std::vector<int> checked(const std::vector<std::uint64_t>& indices, std::size_t n) {
  std::vector<int> out;
  for (std::uint64_t i : indices) {
    if (i >= n) throw std::out_of_range("no body " + std::to_string(i) + " in the run");
    out.push_back(static_cast<int>(i));
  }
  return out;
}
}  // namespace

ExactSample exact_sample_of(const HostBodies& b, const std::vector<std::uint64_t>& indices,
                            float softening) {
  const std::vector<int> targets = checked(indices, b.size());
  return {subset(b, targets), direct_forces_cpu_sample(b, targets, softening)};
}

HostBodies bodies_of(const HostBodies& b, const std::vector<std::uint64_t>& indices) {
  return subset(b, checked(indices, b.size()));
}

std::vector<int> random_sample(std::size_t n, std::size_t count, std::uint64_t seed) {
  std::vector<int> all;
  if (count >= n) {
    all.resize(n);
    std::iota(all.begin(), all.end(), 0);
    return all;
  }
  // Floyd's algorithm: count distinct draws without materialising [0, n).
  std::mt19937_64 rng(seed);
  std::unordered_set<int> chosen;
  for (std::size_t j = n - count; j < n; ++j) {
    const auto t = static_cast<int>(std::uniform_int_distribution<std::size_t>(0, j)(rng));
    if (!chosen.insert(t).second) chosen.insert(static_cast<int>(j));
  }
  all.assign(chosen.begin(), chosen.end());
  std::sort(all.begin(), all.end());
  return all;
}

std::string_view to_string(Backend b) { return b == Backend::Cpu ? "cpu" : "cuda"; }
std::string_view to_string(Solver s) { return s == Solver::BarnesHut ? "bh" : "direct"; }

}  // namespace galaxy

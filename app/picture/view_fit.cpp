// SPDX-License-Identifier: MIT
#include "picture/view_fit.hpp"

#include <array>
#include <vector>

#include "picture/overlay.hpp"

namespace galaxy::app {

namespace {

constexpr std::array<const char*, 6> kNames = {"kept", "face-on", "edge-on", "x", "y", "z"};

// Indices of the selection's drawn bodies (not halo), or of all of its bodies where none is.
std::vector<std::size_t> selection(const HostBodies& b, int galaxy) {
  std::vector<std::size_t> all, drawn;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (galaxy >= 0 && b.galaxy[i] != galaxy) continue;
    all.push_back(i);
    if (b.population[i] != std::uint8_t(Population::Halo)) drawn.push_back(i);
  }
  return drawn.empty() ? all : drawn;
}

// The selection's angular momentum about its centre of mass, summed in double.
glm::dvec3 spin_of(const HostBodies& b, const std::vector<std::size_t>& at) {
  glm::dvec3 c(0.0), v(0.0), l(0.0);
  double m = 0;
  for (std::size_t i : at) {
    m += b.m[i];
    c += double(b.m[i]) * glm::dvec3(b.x[i], b.y[i], b.z[i]);
    v += double(b.m[i]) * glm::dvec3(b.vx[i], b.vy[i], b.vz[i]);
  }
  if (m <= 0) return l;
  c /= m, v /= m;
  for (std::size_t i : at) {
    const glm::dvec3 r = glm::dvec3(b.x[i], b.y[i], b.z[i]) - c;
    l += double(b.m[i]) * glm::cross(r, glm::dvec3(b.vx[i], b.vy[i], b.vz[i]) - v);
  }
  return l;
}

std::optional<glm::vec3> direction(const HostBodies& b, const std::vector<std::size_t>& at,
                                   ViewDirection v) {
  switch (v) {
    case ViewDirection::X: return glm::vec3(1, 0, 0);
    case ViewDirection::Y: return glm::vec3(0, 1, 0);
    case ViewDirection::Z: return glm::vec3(0, 0, 1);
    case ViewDirection::Kept: return std::nullopt;
    default: break;
  }
  const glm::dvec3 l = spin_of(b, at);
  if (glm::length(l) == 0) return std::nullopt;  // no spin to face
  const glm::dvec3 face = glm::normalize(l);
  if (v == ViewDirection::FaceOn) return glm::vec3(face);
  // Edge-on: across the spin, as level as it can be (the camera's up is +y).
  glm::dvec3 side = glm::cross(face, glm::dvec3(0, 1, 0));
  if (glm::length(side) < 1e-6) side = glm::cross(face, glm::dvec3(1, 0, 0));
  return glm::vec3(glm::normalize(side));
}

}  // namespace

const char* view_name(ViewDirection v) { return kNames[static_cast<int>(v)]; }

std::optional<ViewDirection> parse_view(const std::string& name) {
  for (std::size_t k = 0; k < kNames.size(); ++k) {
    if (name == kNames[k]) return static_cast<ViewDirection>(k);
  }
  return std::nullopt;
}

ViewFit fit_view(const HostBodies& b, int galaxy, ViewDirection v) {
  const std::vector<std::size_t> at = selection(b, galaxy);
  std::vector<float> xyzs;
  xyzs.reserve(4 * at.size());
  for (std::size_t i : at) xyzs.insert(xyzs.end(), {b.x[i], b.y[i], b.z[i], 0.0f});
  ViewFit f;
  bounding_sphere(xyzs.data(), at.size(), 0.95f, f.center, f.radius);
  f.from = direction(b, at, v);
  return f;
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "picture/follow.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace galaxy::app {

namespace {

constexpr std::array<const char*, 4> kNames = {"off", "everything", "galaxy", "densest"};
constexpr std::uint8_t kHalo = static_cast<std::uint8_t>(Population::Halo);

// Shrinking spheres: from the points' median, the mean of those within r, r shrinking by `factor`
// each round, until fewer than `keep` of them (a fraction) or 1,000 points are inside.
glm::vec3 shrinking_centre(const std::vector<glm::vec3>& p, float factor, float keep) {
  glm::vec3 c;
  for (int k = 0; k < 3; ++k) {
    std::vector<float> v(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) v[i] = p[i][k];
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    c[k] = v[v.size() / 2];
  }
  std::vector<float> r2(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) r2[i] = glm::dot(p[i] - c, p[i] - c);
  std::nth_element(r2.begin(), r2.begin() + r2.size() * 9 / 10, r2.end());
  float r = std::sqrt(r2[r2.size() * 9 / 10]);
  const std::size_t floor = std::max<std::size_t>(std::size_t(keep * float(p.size())), 1000);
  for (int round = 0; round < 40; ++round) {
    glm::dvec3 sum(0.0);
    std::size_t inside = 0;
    for (const glm::vec3& q : p) {
      if (glm::dot(q - c, q - c) <= r * r) sum += glm::dvec3(q), ++inside;
    }
    if (inside == 0) break;
    c = glm::vec3(sum / double(inside));
    if (inside < floor) break;
    r *= factor;
  }
  return c;
}

// The distance from `c` within which half of `p` lie.
float half_radius(const std::vector<glm::vec3>& p, glm::vec3 c) {
  std::vector<float> r2(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) r2[i] = glm::dot(p[i] - c, p[i] - c);
  std::nth_element(r2.begin(), r2.begin() + r2.size() / 2, r2.end());
  return std::sqrt(r2[r2.size() / 2]);
}

}  // namespace

const char* follow_name(FollowMode m) { return kNames[static_cast<int>(m)]; }

std::optional<FollowMode> parse_follow(const std::string& name) {
  for (std::size_t k = 0; k < kNames.size(); ++k) {
    if (name == kNames[k]) return static_cast<FollowMode>(k);
  }
  return std::nullopt;
}

std::optional<glm::vec3> Centres::of(FollowMode m, int g) const {
  switch (m) {
    case FollowMode::Everything: return everything;
    case FollowMode::Densest: return densest;
    case FollowMode::Galaxy: return g >= 0 && g < kMaxGalaxies ? galaxy[g] : std::nullopt;
    default: return std::nullopt;
  }
}

float Centres::radius(FollowMode m, int g) const {
  if (m == FollowMode::Everything) return everything ? everything_radius : 0.0f;
  if (m == FollowMode::Galaxy && g >= 0 && g < kMaxGalaxies && galaxy[g]) return galaxy_radius[g];
  return 0.0f;
}

Centres find_centres(const float* xyzs, const std::uint8_t* tags, std::size_t n, FollowMode mode,
                     std::size_t most) {
  Centres c;
  const std::size_t stride = std::max<std::size_t>(1, n / std::max<std::size_t>(most, 1));
  std::vector<glm::vec3> all;
  std::array<std::vector<glm::vec3>, kMaxGalaxies> by_galaxy;
  for (std::size_t i = 0; i < n; i += stride) {
    if ((tags[i] & 3) == kHalo) continue;
    const glm::vec3 p(xyzs[4 * i], xyzs[4 * i + 1], xyzs[4 * i + 2]);
    all.push_back(p);
    by_galaxy[tags[i] >> 2].push_back(p);
  }
  if (all.empty()) return c;
  const bool every = mode == FollowMode::Off;
  // Everything's centre: the sphere stops at 90% of the bodies (all but the escapers); a
  // galaxy's at half of its bodies (its bulk, not its tails); the densest region's goes on down
  // to 2%.
  if (every || mode == FollowMode::Everything) {
    c.everything = shrinking_centre(all, 0.8f, 0.9f);
    c.everything_radius = half_radius(all, *c.everything);
  }
  if (every || mode == FollowMode::Densest) c.densest = shrinking_centre(all, 0.8f, 0.02f);
  if (!every && mode != FollowMode::Galaxy) return c;
  for (int g = 0; g < kMaxGalaxies; ++g) {
    if (by_galaxy[g].empty()) continue;
    c.galaxy[g] = shrinking_centre(by_galaxy[g], 0.8f, 0.5f);
    c.galaxy_radius[g] = half_radius(by_galaxy[g], *c.galaxy[g]);
  }
  return c;
}

void Follow::measured(glm::vec3 centre, double time, float radius) {
  if (!last_ || time > last_->time) before_ = last_;
  last_ = Sample{centre, time, radius};
}

glm::vec3 Follow::velocity() const {
  if (!before_ || last_->time <= before_->time) return glm::vec3(0.0f);
  return (last_->centre - before_->centre) / float(last_->time - before_->time);
}

std::optional<glm::vec3> Follow::advance(glm::vec3 target, float dt, double drawn_time) {
  if (!last_) return std::nullopt;
  const glm::vec3 v = velocity();
  const glm::vec3 goal = last_->centre + v * float(drawn_time - last_->time);
  const glm::vec3 carried = target + (drawn_ ? v * float(drawn_time - *drawn_) : glm::vec3(0.0f));
  drawn_ = drawn_time;
  const float close = 1.0f - std::exp(-std::max(dt, 0.0f) / 0.2f);
  return carried + (goal - carried) * close;
}

std::optional<float> Follow::distance(float now, float dt) {
  if (!last_ || !(last_->radius > 0.0f) || !(now > 0.0f)) return std::nullopt;
  // Not the distance set last frame: the wheel, a fit or a glide chose it; its proportion holds.
  if (!ratio_ || !set_ || std::abs(now - *set_) > 1e-4f * now) ratio_ = now / last_->radius;
  const float goal = *ratio_ * last_->radius;
  const float close = 1.0f - std::exp(-std::max(dt, 0.0f) / 0.5f);
  set_ = now + (goal - now) * close;
  return set_;
}

}  // namespace galaxy::app

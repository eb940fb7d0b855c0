// SPDX-License-Identifier: MIT
// The camera that follows: the centre of everything drawn, of one galaxy, or of the densest
// region, found on the simulation's thread from the bodies' vertices (find_centres) a few times a
// second, and eased towards each frame (Follow), predicted along its motion between two
// measurements, so that the view glides and never jumps when bodies escape: each centre is a
// shrinking sphere's (Power et al. 2003), which escapers and tidal tails do not pull.
#pragma once

#include <glm/glm.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "bodies.hpp"

namespace galaxy::app {

enum class FollowMode { Off, Everything, Galaxy, Densest };
const char* follow_name(FollowMode m);  // "off", "everything", "galaxy", "densest"
std::optional<FollowMode> parse_follow(const std::string& name);

// Centres of the drawn bodies (not the dark halo), from vertices: 4 floats a body (x, y, z,
// speed) and the tag byte (population | galaxy << 2).
struct Centres {
  std::optional<glm::vec3> everything, densest;
  std::array<std::optional<glm::vec3>, kMaxGalaxies> galaxy;  // where the galaxy has bodies
  // Their half-count radii: within this distance of its centre lie half of everything's or of
  // a galaxy's bodies (0 where it has none). A merger's shrinks; the follow camera keeps its
  // distance in proportion. The densest region has none: it is a point to look at.
  float everything_radius = 0;
  std::array<float, kMaxGalaxies> galaxy_radius{};
  double time = 0;    // the simulated time they belong to
  double cost_s = 0;  // what finding them took on the simulation's thread
  std::optional<glm::vec3> of(FollowMode m, int galaxy) const;
  float radius(FollowMode m, int galaxy) const;  // 0: none
};

// At most `most` bodies are looked at (every k-th): the centres of a 10M run cost what 250k do.
// Only what `mode` needs is found (every galaxy's for FollowMode::Galaxy); FollowMode::Off finds
// them all.
Centres find_centres(const float* xyzs, const std::uint8_t* tags, std::size_t n,
                     FollowMode mode = FollowMode::Off, std::size_t most = 1u << 18);

// Eases the camera's target towards the followed centre, on simulated time: a measurement
// gives the centre at the time of its step, and each frame the centre is predicted at the time of
// the step drawn (linearly from the last two measurements), the target carried along that motion
// and then closing 1 - exp(-dt / 0.2 s) of the remaining gap in the frame's wall-clock dt. So a
// steady motion leaves no lag whatever the frame rate or the steps a frame, and a jump (a new
// galaxy chosen) glides over in about half a second.
// Where the centre has a radius (Centres::radius), the camera's distance keeps its proportion to
// it, eased over about half a second: a merger's remnant shrinking is followed in, tails flung
// out do not pull the view back. The proportion is the one the view had when following began,
// taken again whenever something else set the distance (the wheel, a fit, a glide).
class Follow {
 public:
  void measured(glm::vec3 centre, double time, float radius = 0.0f);
  std::optional<glm::vec3> advance(glm::vec3 target, float dt, double drawn_time);
  // The camera's distance this frame, from `now` (its distance as it is); none without a radius.
  std::optional<float> distance(float now, float dt);
  void reset() { last_.reset(), before_.reset(), drawn_.reset(), ratio_.reset(), set_.reset(); }

 private:
  struct Sample {
    glm::vec3 centre;
    double time;
    float radius;
  };
  glm::vec3 velocity() const;  // per time unit, from the last two measurements
  std::optional<Sample> last_, before_;
  std::optional<double> drawn_;  // the simulated time of the last frame's step
  std::optional<float> ratio_;   // the camera's distance over the radius
  std::optional<float> set_;     // the distance set last frame
};

}  // namespace galaxy::app

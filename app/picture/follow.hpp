// SPDX-License-Identifier: MIT
// The camera that follows: the centre of everything drawn, of one galaxy, or of the densest
// region, found on the simulation's thread from the bodies' vertices (find_centres) a few times a
// second, and eased towards each frame (Follow), predicted along its motion between two
// measurements, so that the view glides and never jumps when bodies escape: each centre is a
// shrinking sphere's (Power et al. 2003), which escapers and tidal tails do not pull.
#pragma once

#include <glm/glm.hpp>

#include <array>
#include <chrono>
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
  std::optional<glm::vec3> of(FollowMode m, int galaxy) const;
};

// At most `most` bodies are looked at (every k-th): the centres of a 10M run cost what 250k do.
Centres find_centres(const float* xyzs, const std::uint8_t* tags, std::size_t n,
                     std::size_t most = 1u << 18);

// Eases the camera's target towards the followed centre. `measured` gives a new centre (and its
// wall-clock time); `advance` moves the target for a frame of `dt` seconds: towards the centre
// predicted from the last two measurements, carried along their motion and closing
// 1 - exp(-dt / 0.2 s) of the remaining gap.
class Follow {
 public:
  using Clock = std::chrono::steady_clock;
  void measured(glm::vec3 centre, Clock::time_point at);
  std::optional<glm::vec3> advance(glm::vec3 target, float dt, Clock::time_point now) const;
  void reset() { last_.reset(), before_.reset(); }

 private:
  struct Sample {
    glm::vec3 centre;
    Clock::time_point at;
  };
  std::optional<Sample> last_, before_;
};

}  // namespace galaxy::app

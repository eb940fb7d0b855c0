// SPDX-License-Identifier: MIT
// Framing the bodies (the fit key, --view, --fit-galaxy): the sphere around most of the bodies
// that are drawn (the dark halo is not), of one galaxy where one is chosen, and the direction to
// look from: as it was, face-on or edge-on to the bodies' own spin, or along an axis.
#pragma once

#include <cstddef>
#include <glm/glm.hpp>
#include <optional>
#include <string>

#include "bodies.hpp"

namespace galaxy::app {

enum class ViewDirection { Kept, FaceOn, EdgeOn, X, Y, Z };

// "kept", "face-on", "edge-on", "x", "y", "z"; parse_view returns nothing for another name.
const char* view_name(ViewDirection v);
std::optional<ViewDirection> parse_view(const std::string& name);

// What a fit frames: one galaxy (negative: all) from a direction (features/view_framing.hpp).
struct FitAim {
  int galaxy = -1;
  ViewDirection direction = ViewDirection::Kept;
};

struct ViewFit {
  glm::vec3 center{0.0f};
  float radius = 1.0f;
  std::optional<glm::vec3> from;  // unit vector from the centre towards the eye; none: kept
};

// Bodies a fit reads at most: of a larger run every k-th (k = ceil(N / kMostFitted)), the same
// bodies on one process and over MPI ranks, where no more than these (244 MB) reach rank 0.
inline constexpr std::size_t kMostFitted = std::size_t(1) << 22;

// The sphere around 95% of the drawn bodies of `galaxy` (all galaxies when negative; all bodies
// where none is drawn), and where to look from for `v`: face-on is along the selection's angular
// momentum about its centre of mass, edge-on at right angles to it (as level as it can be).
ViewFit fit_view(const HostBodies& b, int galaxy, ViewDirection v);

}  // namespace galaxy::app

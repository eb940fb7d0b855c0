// SPDX-License-Identifier: MIT
// The three-view layout (v, the panel's "three views"): the camera's target and distance seen
// along z (the x-y plane), y (x-z) and x (y-z), each a third of the width, as encounters are
// matched to observed systems. Whether it shows is the look's (picture/look.hpp; the presenter reads it).
#pragma once

#include <glm/glm.hpp>

#include <vector>

#include "camera.hpp"

namespace galaxy::app {

// The three panes' projections for a `width` x `height` framebuffer; with `labels` each pane is
// named at its top left (ImGui's background draw list: the panel's frame).
std::vector<glm::mat4> three_view_panes(const render::OrbitCamera& camera, int width, int height,
                                        bool labels);

}  // namespace galaxy::app

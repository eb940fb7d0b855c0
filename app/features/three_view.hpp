// SPDX-License-Identifier: MIT
// The three-view layout (v, the panel's "three views"): the camera's target and distance seen
// along z (the x-y plane), y (x-z) and x (y-z), each a third of the width, as encounters are
// matched to observed systems. Whether it shows is the look's (picture/look.hpp; the presenter reads it).
#pragma once

#include <glm/glm.hpp>

#include <vector>

#include "camera.hpp"

namespace galaxy::app {

// The three panes' projections for a `width` x `height` framebuffer, right of the `left` pixels
// that the panel's strip takes, each as far back as its width needs to hold what the camera's
// height holds; with `labels` each pane is named at its top left (ImGui's background draw list:
// the panel's frame).
// How far back each pane stands, as a multiple of the camera's distance: 1, or the pane's height
// over its width where it is narrower than tall (the scale bar reads it too).
float three_view_stand_back(int width, int height, int left = 0);
std::vector<glm::mat4> three_view_panes(const render::OrbitCamera& camera, int width, int height,
                                        bool labels, int left = 0);

}  // namespace galaxy::app

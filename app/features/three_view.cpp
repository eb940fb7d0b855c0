// SPDX-License-Identifier: MIT
#include "features/three_view.hpp"

#include <imgui.h>

#include <algorithm>

namespace galaxy::app {

float three_view_stand_back(int width, int height, int left) {
  const float aspect = float(std::max((width - left) / 3, 1)) / float(std::max(height, 1));
  return aspect < 1.0f ? 1.0f / aspect : 1.0f;
}

std::vector<glm::mat4> three_view_panes(const render::OrbitCamera& camera, int width, int height,
                                        bool labels, int left) {
  const glm::vec3 along[3] = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
  const char* names[3] = {"x-y (from +z)", "x-z (from +y)", "y-z (from +x)"};
  std::vector<glm::mat4> panes;
  const int pane_width = std::max((width - left) / 3, 1);
  const float aspect = float(pane_width) / float(std::max(height, 1));
  for (int k = 0; k < 3; ++k) {
    render::OrbitCamera pane = camera;
    pane.look_from(along[k]);
    // A pane narrower than tall sees less across than the single view does up and down: it
    // stands back by as much, so what the view frames fits its width too (a pair side by side
    // was cut at the panes' edges).
    pane.set_distance(camera.distance() * three_view_stand_back(width, height, left));
    panes.push_back(pane.view_proj(aspect));
    if (!labels) continue;
    const float x = float(left) + (ImGui::GetIO().DisplaySize.x - float(left)) * (k / 3.0f);
    ImGui::GetBackgroundDrawList()->AddText(ImVec2(x + 8.0f, 8.0f),
                                            IM_COL32(200, 200, 200, 200), names[k]);
  }
  return panes;
}

}  // namespace galaxy::app

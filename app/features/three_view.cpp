// SPDX-License-Identifier: MIT
#include "features/three_view.hpp"

#include <imgui.h>

#include <algorithm>

namespace galaxy::app {

std::vector<glm::mat4> three_view_panes(const render::OrbitCamera& camera, int width, int height,
                                        bool labels) {
  const glm::vec3 along[3] = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
  const char* names[3] = {"x-y (from +z)", "x-z (from +y)", "y-z (from +x)"};
  std::vector<glm::mat4> panes;
  const float aspect = float(width / 3) / float(std::max(height, 1));
  for (int k = 0; k < 3; ++k) {
    render::OrbitCamera pane = camera;
    pane.look_from(along[k]);
    panes.push_back(pane.view_proj(aspect));
    if (!labels) continue;
    const ImVec2 window = ImGui::GetIO().DisplaySize;
    ImGui::GetBackgroundDrawList()->AddText(ImVec2(window.x * (k / 3.0f) + 8.0f, 8.0f),
                                            IM_COL32(200, 200, 200, 200), names[k]);
  }
  return panes;
}

}  // namespace galaxy::app

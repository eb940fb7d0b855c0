// SPDX-License-Identifier: MIT
#include "panel/view_marks.hpp"

#include <imgui.h>

#include <cmath>
#include <optional>

#include "camera.hpp"

namespace galaxy::app {

namespace {

const ImU32 kArrow = IM_COL32(255, 220, 120, 230);
const ImU32 kPath[2] = {IM_COL32(120, 190, 255, 220), IM_COL32(255, 150, 110, 220)};

std::optional<ImVec2> window_point(const glm::mat4& vp, glm::vec2 window, glm::vec3 p) {
  glm::vec2 out;
  if (!render::project_to_window(vp, p, window.x, window.y, out)) return std::nullopt;
  return ImVec2(out.x, out.y);
}

}  // namespace

void draw_drop_arrow(const glm::mat4& vp, glm::vec2 window, glm::vec3 from, glm::vec3 to,
                     float radius, glm::vec3 right, const std::string& label) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const auto a = window_point(vp, window, from), b = window_point(vp, window, to);
  const auto edge = window_point(vp, window, from + radius * glm::normalize(right));
  if (!a || !b) return;
  if (edge) {
    const float r = std::hypot(edge->x - a->x, edge->y - a->y);
    draw->AddCircle(*a, r, kArrow, 48, 1.5f);
  }
  draw->AddLine(*a, *b, kArrow, 2.0f);
  const float dx = b->x - a->x, dy = b->y - a->y, len = std::hypot(dx, dy);
  if (len > 4.0f) {  // the head: two strokes 10 pixels long at 25 degrees off the shaft
    const float ux = dx / len, uy = dy / len, c = 0.906f, s = 0.423f;
    draw->AddLine(*b, ImVec2(b->x - 10 * (c * ux - s * uy), b->y - 10 * (s * ux + c * uy)), kArrow, 2.0f);
    draw->AddLine(*b, ImVec2(b->x - 10 * (c * ux + s * uy), b->y - 10 * (-s * ux + c * uy)), kArrow, 2.0f);
  }
  draw->AddText(ImVec2(b->x + 8, b->y + 4), kArrow, label.c_str());
}

void draw_ruler(const glm::mat4& vp, glm::vec2 window, glm::vec3 a, std::optional<glm::vec3> b,
                const std::string& label) {
  const ImU32 colour = IM_COL32(140, 255, 160, 230);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const auto pa = window_point(vp, window, a);
  if (!pa) return;
  draw->AddCircleFilled(*pa, 3.5f, colour);
  const auto pb = b ? window_point(vp, window, *b) : std::nullopt;
  if (!pb) return;
  draw->AddCircleFilled(*pb, 3.5f, colour);
  draw->AddLine(*pa, *pb, colour, 1.5f);
  draw->AddText(ImVec2(0.5f * (pa->x + pb->x) + 6.0f, 0.5f * (pa->y + pb->y) + 4.0f), colour,
                label.c_str());
}

void draw_orbit_paths(const glm::mat4& vp, glm::vec2 window, const Encounter& e, double until) {
  const auto paths = orbit_paths(e, until, 200);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  for (int g = 0; g < 2; ++g) {
    ImVector<ImVec2> points;
    for (const Vec3d& p : paths[g]) {
      if (const auto w = window_point(vp, window, glm::vec3(p[0], p[1], p[2]))) points.push_back(*w);
    }
    if (points.Size < 2) continue;
    draw->AddPolyline(points.Data, points.Size, kPath[g], 0, 1.5f);
    draw->AddCircleFilled(points[0], 4.0f, kPath[g]);
  }
}

}  // namespace galaxy::app

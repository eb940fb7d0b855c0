// SPDX-License-Identifier: MIT
#include "features/inspect.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // TempInputIsActive: is the slider's ctrl+click text field open

#include <string>

#include "panel/panel_parts.hpp"
#include "panel/units_text.hpp"

namespace galaxy::app {

Inspect::Inspect(std::optional<int> octree_depth) {
  if (!octree_depth) return;
  octree_ = true;
  depth_ = *octree_depth;
}

// The slider's value counts once the edit is done: while dragging at once, typed into its
// ctrl+click field only as the edit ends (ImGui reports a half-typed field as a change each
// frame, as panel/param_controls.cpp says).
void Inspect::depth_row(Action& a) const {
  int depth = a.octree_depth.value_or(depth_);
  if (ImGui::SliderInt("octree depth", &depth, 1, 10) &&
      !ImGui::TempInputIsActive(ImGui::GetItemID())) {
    a.octree_depth = depth;
  }
  tip("the octree overlay's deepest level");
  if (depth == kDefaultDepth) return;
  ImGui::SameLine();
  ImGui::PushID("octree depth");
  if (ImGui::SmallButton("default")) a.octree_depth = kDefaultDepth;
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("octree depth back to its default, %d", kDefaultDepth);
  }
  ImGui::PopID();
}

void Inspect::pick_rows(Action& a, const Units& units) const {
  if (picked_ < 0) {
    ImGui::TextDisabled("click a body to see its tree walk");
    return;
  }
  if (where_ && where_->body == picked_) {
    ImGui::TextWrapped("body %d %s", picked_, picked_text(*where_, units).c_str());
  }
  ImGui::TextWrapped("%s", walk_.c_str());
  if (!inspected_.empty()) ImGui::TextWrapped("%s", inspected_.c_str());
  if (ImGui::Button("Clear pick")) a.select = -1;
  tip("stop showing the picked body's tree walk");
}

void Inspect::section(Action& a, const Units& units) const {
  bool on = octree_ != a.toggle_octree;  // the key's toggle of this frame shows at once
  if (ImGui::Checkbox("octree overlay (b)", &on)) a.toggle_octree = !a.toggle_octree;
  tip("draw the running backend's octree cells down to the depth below");
  depth_row(a);
  pick_rows(a, units);
}

void Inspect::apply(const Action& a, InspectTarget& t, bool skip_halo) {
  bool changed = a.refresh;
  if (a.toggle_octree) {
    octree_ = !octree_;
    changed = true;
  }
  if (a.octree_depth && *a.octree_depth != depth_) {
    depth_ = *a.octree_depth;
    changed = true;
  }
  if (a.select) {
    picked_ = *a.select;
    if (picked_ < 0) inspected_.clear();  // cleared: what its click found goes with it
    changed = true;
  }
  if (a.pick) t.pick(a.pick->view_proj, a.pick->window, a.pick->cursor, skip_halo);
  if (changed) t.invalidate_overlays();
}

void Inspect::found(const std::optional<OverlayGeometry>& overlay,
                    const std::optional<PickFound>& pick, InspectTarget& t) {
  if (overlay) {
    walk_ = overlay->info;
    where_ = overlay->picked;
  }
  if (!pick) return;
  inspected_ = pick->inspected.text;
  if (pick->index == picked_) return;
  picked_ = pick->index;
  t.invalidate_overlays();
}

void Inspect::run_changed() {
  picked_ = -1;
  inspected_.clear();
}

}  // namespace galaxy::app

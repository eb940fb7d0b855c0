// SPDX-License-Identifier: MIT
#include "features/reference_photo.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

namespace {

const render::ReferenceImage kDefaults{};  // the one copy of the defaults: the struct's own

void tooltip(const char* help) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help);
}

// On the line of the widget just drawn, while `value` is off `fallback`: a button that puts it
// back, as the run's and the look's sliders have.
template <class T>
void default_button(const char* id, T& value, const T& fallback) {
  if (value == fallback) return;
  ImGui::SameLine();
  ImGui::PushID(id);
  if (ImGui::SmallButton("default")) value = fallback;
  ImGui::PopID();
}

// The file is read on Enter, not at each key typed (a half-typed name is no file); Enter on the
// same name reads it again (the file changed, or it failed before).
void path_field(render::ReferenceImage& r) {
  std::string text = r.path;
  if (ImGui::InputText("file##reference", &text, ImGuiInputTextFlags_EnterReturnsTrue)) {
    r.path = text;
    ++r.reads;
  }
  tooltip("a PNG or JPEG file, read on Enter; empty for none");
}

void placement(render::ReferenceImage& r) {
  ImGui::SliderFloat("opacity##reference", &r.opacity, 0.0f, 1.0f, "%.2f");
  tooltip(
      "where no body shines the photo shows at this fraction of its colour; the bodies'\n"
      "light is laid over it (a screen blend), so bright bodies stay on top");
  default_button("opacity", r.opacity, kDefaults.opacity);
  ImGui::SliderFloat("scale##reference", &r.scale, 0.05f, 20.0f, "%.3g",
                     ImGuiSliderFlags_Logarithmic);
  tooltip("the photo's height over the view's height");
  default_button("scale", r.scale, kDefaults.scale);
  ImGui::SliderFloat("rotation##reference", &r.rotation_deg, -180.0f, 180.0f, "%.1f deg");
  tooltip("counter-clockwise on the screen");
  default_button("rotation", r.rotation_deg, kDefaults.rotation_deg);
  ImGui::DragFloat2("offset##reference", &r.offset.x, 1.0f, -16384.0f, 16384.0f, "%.0f px");
  tooltip("pixels from the view's centre, x to the right, y up; drag or double-click to type");
  default_button("offset", r.offset, kDefaults.offset);
}

// Whether the rows changed anything (the struct is render/'s and has no comparison).
bool same(const render::ReferenceImage& a, const render::ReferenceImage& b) {
  return a.path == b.path && a.opacity == b.opacity && a.scale == b.scale &&
         a.rotation_deg == b.rotation_deg && a.offset == b.offset && a.shown == b.shown &&
         a.reads == b.reads;
}

}  // namespace

ReferencePhoto::ReferencePhoto(const std::string& path, std::optional<float> opacity) {
  image_.path = path;
  if (opacity) image_.opacity = *opacity;
}

void ReferencePhoto::section(Action& a, const StatusText& st) const {
  const bool open = ImGui::TreeNode("reference image");
  tip("a photograph behind the bodies, to match the run to an observed system");
  if (!open) return;
  render::ReferenceImage r = a.set ? *a.set : image_;
  path_field(r);
  ImGui::Checkbox("show##reference", &r.shown);
  tooltip("the photo stays put on the screen while the camera turns, to match the run to it");
  placement(r);
  if (!same(r, image_)) a.set = r;
  error_here(st, Place::Reference);
  ImGui::TreePop();
}

}  // namespace galaxy::app

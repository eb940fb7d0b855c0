// SPDX-License-Identifier: MIT
#include "panel/camera_path_section.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

namespace {

// A row a key: its number, its time (typed, applied on Enter: App::apply refuses a time that is
// not between its neighbours'), go there, take it out.
void key_rows(const CameraPath& p, Changes& c) {
  for (int k = 0; k < int(p.keys.size()); ++k) {
    ImGui::PushID(k);
    ImGui::AlignTextToFramePadding();
    ImGui::Text("%2d", k + 1);
    ImGui::SameLine();
    double t = p.keys[k].time;
    ImGui::SetNextItemWidth(90.0f);
    if (ImGui::InputDouble("s##time", &t, 0.0, 0.0, "%.2f", ImGuiInputTextFlags_EnterReturnsTrue)) {
      c.camera_key_time = std::pair(k, t);
    }
    tip("seconds from the path's start (video seconds in a recording), applied on Enter;\n"
        "each key's time must be after the one before");
    ImGui::SameLine();
    if (ImGui::SmallButton("go to")) c.goto_camera_key = k;
    tip("move the camera to this key's view (stops a playing path)");
    ImGui::SameLine();
    if (ImGui::SmallButton("delete")) c.delete_camera_key = k;
    tip("take this key out of the path");
    ImGui::PopID();
  }
}

void file_row(Settings& s, Changes& c) {
  ImGui::InputText("file##campath", &s.camera_path_file);
  tip("the camera path's file (.toml: README, Camera paths); --camera-path FILE plays one");
  c.save_camera_path |= ImGui::Button("Save path");
  tip("write the keys and the loop flag to the file (an older file is replaced only once the\n"
      "new one is whole)");
  ImGui::SameLine();
  c.load_camera_path |= ImGui::Button("Load path");
  tip("read the file in place of the keys; a file with an error is refused, naming its line,\n"
      "and the keys stay");
}

}  // namespace

void camera_path_section(Settings& s, Changes& c, const PanelStats& st) {
  const bool open = ImGui::TreeNode("camera path");
  tip("a fly-through: views of the camera as keys at seconds, played back smoothly over the\n"
      "view (and into a recording)");
  if (!open) return;
  CameraPath& p = s.camera_path;
  c.add_camera_key |= ImGui::Button("Add key (i)");
  tip("the camera's view as a key, 3 s after the last");
  ImGui::SameLine();
  c.toggle_camera_path |= ImGui::Button(st.camera_path_time ? "Stop (l)" : "Play (l)");
  tip("play the path from its start, or stop it; moving the view by hand stops it too");
  ImGui::SameLine();
  ImGui::Checkbox("loop##campath", &p.loop);
  tip("start again after the last key (a last key that is the first view again goes round\n"
      "without a stop)");
  if (st.camera_path_time) {
    ImGui::TextDisabled("playing: %.1f of %.1f s", *st.camera_path_time, p.duration());
  } else if (p.keys.empty()) {
    ImGui::TextDisabled("no keys: Add key takes the view");
  }
  key_rows(p, c);
  file_row(s, c);
  error_here(st, Place::CameraPath);
  ImGui::TreePop();
}

}  // namespace galaxy::app

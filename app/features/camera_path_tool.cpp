// SPDX-License-Identifier: MIT
#include "features/camera_path_tool.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "panel/panel_parts.hpp"
#include "picture/camera_path_file.hpp"

namespace galaxy::app {

namespace {

// Seconds between two keys added one after another (the panel retimes them).
constexpr double kKeyGap = 3.0;

void set_view(render::OrbitCamera& c, const CameraView& v) {
  c.set_target(v.target);
  c.set_distance(v.distance);
  c.yaw = v.yaw;
  c.pitch = std::clamp(v.pitch, -1.55f, 1.55f);  // as orbiting keeps it (render/camera.cpp)
  c.fov_y = v.fov_y;
}

std::string summary(const CameraPath& p) {
  return fmt::format("{} key{}, {:.3g} s{}", p.keys.size(), p.keys.size() == 1 ? "" : "s",
                     p.duration(), p.loop ? ", looping" : "");
}

Report error(const std::string& what) {
  return Report::error("camera path: " + what, Place::CameraPath);
}

// A row a key: its number, its time (typed, applied on Enter: apply refuses a time that is not
// between its neighbours'), go there, take it out.
void key_rows(const CameraPath& p, CameraPathTool::Action& a) {
  for (int k = 0; k < int(p.keys.size()); ++k) {
    ImGui::PushID(k);
    ImGui::AlignTextToFramePadding();
    ImGui::Text("%2d", k + 1);
    ImGui::SameLine();
    double t = p.keys[k].time;
    ImGui::SetNextItemWidth(90.0f);
    if (ImGui::InputDouble("s##time", &t, 0.0, 0.0, "%.2f", ImGuiInputTextFlags_EnterReturnsTrue)) {
      a.retime = std::pair(k, t);
    }
    tip("seconds from the path's start (video seconds in a recording), applied on Enter;\n"
        "each key's time must be after the one before");
    ImGui::SameLine();
    if (ImGui::SmallButton("go to")) a.go_to = k;
    tip("move the camera to this key's view (stops a playing path)");
    ImGui::SameLine();
    if (ImGui::SmallButton("delete")) a.erase = k;
    tip("take this key out of the path");
    ImGui::PopID();
  }
}

void file_row(const std::string& file, CameraPathTool::Action& a) {
  std::string edited = a.file.value_or(file);
  if (ImGui::InputText("file##campath", &edited)) a.file = edited;
  tip("the camera path's file (.toml: docs/presenting.md, camera paths); --camera-path FILE plays "
      "one");
  a.save |= ImGui::Button("Save path");
  tip("write the keys and the loop flag to the file (an older file is replaced only once the\n"
      "new one is whole)");
  ImGui::SameLine();
  a.load |= ImGui::Button("Load path");
  tip("read the file in place of the keys; a file with an error is refused, naming its line,\n"
      "and the keys stay");
}

}  // namespace

CameraView view_of(const render::OrbitCamera& c) {
  return {c.target(), c.distance(), c.yaw, c.pitch, c.fov_y};
}

double camera_path_seconds_per_frame(const Recorder* recording, bool headless, double display_hz,
                                     float frame_ms) {
  if (recording) return 1.0 / std::max(recording->fps(), 1);
  if (headless) return 1.0 / (display_hz > 0 ? display_hz : 30.0);
  return frame_ms * 1e-3;
}

CameraPathTool::CameraPathTool(CameraPath path, std::string file)
    : path_(std::move(path)), file_(std::move(file)) {}

void CameraPathTool::section(Action& a, const StatusText& st) const {
  const bool open = ImGui::TreeNode("camera path");
  tip("a fly-through: views of the camera as keys at seconds, played back smoothly over the\n"
      "view (and into a recording)");
  if (!open) return;
  a.add_key |= ImGui::Button("Add key (i)");
  tip("the camera's view as a key, 3 s after the last");
  ImGui::SameLine();
  a.toggle |= ImGui::Button(shown_ ? "Stop (l)" : "Play (l)");
  tip("play the path from its start, or stop it; moving the view by hand stops it too");
  ImGui::SameLine();
  bool loop = a.loop.value_or(path_.loop);
  if (ImGui::Checkbox("loop##campath", &loop)) a.loop = loop;
  tip("start again after the last key (a last key that is the first view again goes round\n"
      "without a stop)");
  if (shown_) {
    ImGui::TextDisabled("playing: %.1f of %.1f s", *shown_, path_.duration());
  } else if (path_.keys.empty()) {
    ImGui::TextDisabled("no keys: Add key takes the view");
  }
  key_rows(path_, a);
  file_row(file_, a);
  error_here(st, Place::CameraPath);
  ImGui::TreePop();
}

std::vector<Report> CameraPathTool::apply(const Action& a, render::OrbitCamera& camera) {
  std::vector<Report> out;
  if (a.loop) path_.loop = *a.loop;
  if (a.file) file_ = *a.file;
  edit_keys(a, camera, out);
  if (a.save) out.push_back(save());
  if (a.load) out.push_back(load());
  if (a.toggle) {
    if (auto r = toggle()) out.push_back(*r);
  }
  return out;
}

void CameraPathTool::edit_keys(const Action& a, render::OrbitCamera& camera,
                               std::vector<Report>& out) {
  CameraPath& p = path_;
  if (a.add_key) {
    const double t = p.keys.empty() ? 0.0 : p.keys.back().time + kKeyGap;
    p.keys.push_back({t, view_of(camera)});
    out.push_back(Report::message(
        fmt::format("camera path: key {} at {:.3g} s ({})", p.keys.size(), t, summary(p))));
  }
  if (a.retime) {
    const auto [k, t] = *a.retime;
    CameraPath retimed = p;
    if (k >= 0 && k < int(p.keys.size())) retimed.keys[k].time = t;
    if (const std::string e = check_path(retimed); !e.empty()) {
      out.push_back(error(e));
    } else {
      p = retimed;
      out.push_back(Report::done(Place::CameraPath));
    }
  }
  if (a.erase && *a.erase >= 0 && *a.erase < int(p.keys.size())) {
    p.keys.erase(p.keys.begin() + *a.erase);
    out.push_back(Report::message("camera path: " + summary(p)));
  }
  if (a.go_to && *a.go_to >= 0 && *a.go_to < int(p.keys.size())) {
    player_.stop();  // a move of the view by hand
    set_view(camera, p.keys[*a.go_to].view);
  }
}

std::optional<Report> CameraPathTool::toggle() {
  if (player_.playing()) {
    player_.stop();
    return Report::message(fmt::format("camera path stopped at {:.3g} s", player_.time()));
  }
  if (path_.keys.empty()) return error("no keys to play: add the view as a key first (i)");
  player_.play();
  return Report::message("playing the camera path (" + summary(path_) + ")");
}

Report CameraPathTool::save() const {
  if (path_.keys.empty()) return error("no keys to save");
  try {
    save_camera_path(file_, path_);
    return Report::message("camera path: wrote " + file_ + " (" + summary(path_) + ")");
  } catch (const std::exception& e) {
    return error(std::string("save: ") + e.what());
  }
}

// Reads the file in place of the path (which is kept where the file cannot be read); playback
// stops.
Report CameraPathTool::load() {
  try {
    path_ = load_camera_path(file_);
  } catch (const std::exception& e) {
    return error(e.what());
  }
  player_.stop();
  return Report::message("camera path: read " + file_ + " (" + summary(path_) + ")");
}

std::optional<Report> CameraPathTool::moved_by_hand(const CameraView& before,
                                                    const CameraView& now) {
  if (!player_.playing() || now == before) return std::nullopt;
  player_.stop();
  return Report::message(
      fmt::format("camera path stopped at {:.3g} s: the view was moved", player_.time()));
}

std::optional<Report> CameraPathTool::advance(render::OrbitCamera& camera, double dt, bool loop) {
  const bool was = player_.playing();
  const double shown = player_.time();
  CameraPath p = path_;
  if (loop) p.loop = true;
  if (const auto v = player_.advance(p, dt)) set_view(camera, *v);
  shown_ = was ? std::optional(std::min(shown, p.duration())) : std::nullopt;
  if (was && !player_.playing()) return Report::message("camera path: done");
  return std::nullopt;
}

}  // namespace galaxy::app

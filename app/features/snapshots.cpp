// SPDX-License-Identifier: MIT
#include "features/snapshots.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include "io/formats.hpp"
#include "io/snapshot.hpp"
#include "panel/panel_parts.hpp"

namespace galaxy::app {

void Snapshots::section(Action& a, const StatusText& st) const {
  const bool open = ImGui::CollapsingHeader("Snapshot");
  tip("save the bodies to a file, or load a run from one");
  if (!open) return;
  std::string path = a.path ? *a.path : path_;
  if (ImGui::InputText("path", &path)) a.path = path;  // imgui_stdlib: any length, no copy
  // The formats' rows (io/formats.hpp) say what each extension is; ImGui does not wrap tooltips.
  static const std::string path_tip =
      io::wrap_lines("the file: " + io::save_formats_help() + "; " + io::default_extension() +
                         " is added where the name has no extension",
                     90);
  tip(path_tip.c_str());
  a.save |= ImGui::Button("Save");
  tip("write the step shown to the path (the format by its extension)");
  ImGui::SameLine();
  a.load |= ImGui::Button("Load");
  static const std::string load_tip =
      io::wrap_lines("start from the snapshot at the path: " + io::load_formats_help() +
                         "; --units and --particle-types apply, and a failed load keeps the run",
                     90);
  tip(load_tip.c_str());
  error_here(st, Place::Save);
  error_here(st, Place::Load);
  if (!st.message.empty() &&
      (st.message.rfind("saved", 0) == 0 || st.message.rfind("loaded", 0) == 0)) {
    ImGui::TextWrapped("%s", st.message.c_str());
  }
}

RunControl::Applied Snapshots::apply(const Action& a, RunControl& run) {
  RunControl::Applied out;
  if (a.path) path_ = *a.path;
  if (a.load) out += run.load(path_);
  if (a.save) {
    // Load finds it; a save refused while another file is under way leaves the path as typed.
    if (!run.file_job()) path_ = io::with_default_format(path_);
    out += run.save(path_);
  }
  return out;
}

Snapshots::Transfer Snapshots::transfer(const FileJob* job) {
  if (!job) return {};
  return {job->shown(), job->fraction()};
}

}  // namespace galaxy::app

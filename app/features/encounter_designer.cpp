// SPDX-License-Identifier: MIT
#include "features/encounter_designer.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "io/encounter_file.hpp"
#include "text/body_count.hpp"
#include "panel/encounter_section.hpp"
#include "panel/panel_parts.hpp"
#include "panel/view_marks.hpp"

namespace galaxy::app {

namespace {

void file_rows(const std::string& now, EncounterDesigner::Action& a) {
  std::string path = a.path ? *a.path : now;
  if (ImGui::InputText("file", &path)) a.path = path;
  tip("the draft's TOML file (docs/scenarios.md, encounter files)");
  a.save |= ImGui::Button("Save draft");
  tip("write the draft to the file");
  ImGui::SameLine();
  a.load |= ImGui::Button("Load draft");
  tip("read the draft from the file (one that cannot be read keeps the draft)");
}

}  // namespace

void EncounterDesigner::section(Action& a, std::size_t bodies, const StatusText& st) const {
  a.from_run |= ImGui::Button("Take the running encounter");
  tip("copy the encounter that runs (a preset or a file) into the draft");
  Encounter e = a.draft ? *a.draft : draft_;
  if (draft_controls(e)) a.draft = e;
  bool show = a.show_orbit.value_or(show_orbit_);
  if (ImGui::Checkbox("draw the predicted orbit", &show)) a.show_orbit = show;
  tip("draw the pair's paths as two point masses would move, to twice the time to pericentre");
  a.preview = true;
  std::string count = a.bodies ? *a.bodies : bodies_ ? body_count_text(bodies_) : "";
  ImGui::SetNextItemWidth(80.0f);
  if (ImGui::InputTextWithHint("##design_bodies", body_count_text(bodies).c_str(), &count)) {
    a.bodies = count;
  }
  tip("the bodies Start runs: 20000, 250k, 1M; empty: the run's count");
  ImGui::SameLine();
  const std::size_t start_with = bodies_ ? bodies_ : bodies;
  if (ImGui::Button(fmt::format("Start with {} bodies", body_count_text(start_with)).c_str())) {
    a.start = true;
  }
  tip("run the draft from its start at that count (a draft that cannot run is refused)");
  file_rows(path_, a);
  error_here(st, Place::Encounter);
}

void EncounterDesigner::run_changed(const std::optional<Encounter>& running) {
  if (!edited_ && running) draft_ = *running;
}

// A count as typed: empty is the run's; one that cannot be read is refused, keeping the old.
bool EncounterDesigner::take_bodies(const std::string& typed, RunControl::Applied& out) {
  if (typed.empty()) {
    bodies_ = 0;
    return true;
  }
  std::string why;
  const auto n = parse_body_count(typed, &why);
  if (!n) {
    out.reports.push_back(Report::error("encounter bodies: " + why, Place::Encounter));
    return false;
  }
  bodies_ = static_cast<std::size_t>(*n);
  return true;
}

RunControl::Applied EncounterDesigner::apply(const Action& a, RunControl& run) {
  RunControl::Applied out;
  if (a.draft) {
    draft_ = *a.draft;
    edited_ = true;
  }
  if (a.path) path_ = *a.path;
  if (a.show_orbit) show_orbit_ = *a.show_orbit;
  const bool counted = !a.bodies || take_bodies(*a.bodies, out);
  if (a.from_run) {
    if (auto e = run.running_encounter()) {
      draft_ = std::move(*e);
      edited_ = false;
    } else {
      out.reports.push_back(Report::error("the run is not an encounter", Place::Encounter));
    }
  }
  if (a.start && counted) {
    const RunControl::Applied started = run.start_encounter(draft_, bodies_);
    if (started.changed) edited_ = false;  // the draft is what runs now
    out += started;
  }
  const auto attempt = [&](auto action, const std::string& said) {
    try {
      action();
      out.reports.push_back(Report::done(Place::Encounter));
      out.reports.push_back(Report::message(said));
    } catch (const std::exception& e) {
      out.reports.push_back(
          Report::error(fmt::format("{}: {}", place_name(Place::Encounter), e.what()),
                        Place::Encounter));
    }
  };
  if (a.save) attempt([&] { io::save_encounter(path_, draft_); }, "saved the draft to " + path_);
  if (a.load) {
    attempt([&] {
              draft_ = io::load_encounter(path_);
              edited_ = true;
            },
            "loaded the draft from " + path_ + "; Start runs it");
  }
  return out;
}

void EncounterDesigner::preview(const glm::mat4& view_proj, glm::vec2 window) const {
  if (!show_orbit_ || !draft_.orbit) return;
  const double until = std::max(2.0 * draft_.orbit->time_to_pericentre, 10.0);
  draw_orbit_paths(view_proj, window, draft_, until);
}

}  // namespace galaxy::app

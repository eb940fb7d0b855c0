// SPDX-License-Identifier: MIT
// The frame, wiring the rooms: the ending's checks, input and the panel, the changes applied to
// the run and to the features, the steps granted to the simulation's thread, the newest finished
// step's vertices, the measurements asked and collected, the picture. Nothing here waits for a
// step.
#include "app.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "panel/input.hpp"
#include "panel/panel.hpp"
#include "panel/panel_place.hpp"
#include "panel/panel_parts.hpp"
#include "panel/quit_dialog.hpp"
#include "panel/scale_bar.hpp"

namespace galaxy::app {

namespace {
using Clock = std::chrono::steady_clock;
}  // namespace

bool App::frame() {
  if (ending_.before_frame(*screen_, *run_)) return false;
  screen_->clock().pace();
  screen_->begin_frame();
  const CameraView before = view_of(screen_->camera());
  FeatureActions act;
  input_and_panel(act);
  apply(act);
  // A drag, the wheel, c, 1-5: a playing camera path stops.
  if (auto r = features_.camera_path.moved_by_hand(before, view_of(screen_->camera()))) {
    status_.report(*r);
  }
  if (features_.kiosk) {
    FeatureActions show;  // its scenario or encounter, reset, running on and fit
    const bool stuck =
        !run_->figures().runaway.empty() || status_.text().error_place == Place::Step;
    features_.kiosk->tick(run_->control().wanted().scenario, stuck, Clock::now(), show);
    apply(show);
  }
  FeatureActions script;  // --drop FRAME:BODIES, on its frame
  script.drop.drop = features_.drop.scripted(screen_->clock().frames(), screen_->camera());
  if (script.drop.drop) apply(script);
  run_->poll_edits();
  screen_->move_camera(features_);
  // Lockstep: this frame shows the steps it grants. On its own thread the next steps start once
  // this frame's picture is finished: a step that fits between two frames (1M bodies at 144 Hz)
  // then runs while no frame draws, and the next frame draws while no step runs (GL and CUDA
  // time-slice the GPU; each slows the other).
  const bool threaded = run_->runner().threaded();
  const RunControl::Grant grant = features_.time.grant(act.time);
  const float frame_ms = screen_->stats().frame_ms;
  if (!threaded) run_->control().advance(grant, frame_ms, ending_.step_limit());
  run_->update_vertices();
  if (run_->update_status()) ending_.ran_away(screen_->headless());
  run_->measure();
  if (screen_->present(features_.framing.take_screenshot(), features_)) {
    ending_.recording_failed();
  }
  if (threaded) run_->control().advance(grant, frame_ms, ending_.step_limit());
  screen_->clock().end(run_->figures().sim_steps);
  return !ending_.end_of_frame(*screen_, *run_);
}

// After the run's changes (the camera path's key takes the view c fitted). The features that
// act on the run first (a reset, a load or save, an encounter started), then the others.
void App::apply(const FeatureActions& a) {
  // First a load or save that finished on its worker since the last call.
  RunControl::Applied done = run_->control().collect();
  ending_.quit_guard().applied(run_->land(done));
  RunControl::Applied run = apply_run_features(features_, a, run_->control());
  const bool new_run = done.changed || run.changed;
  if (RunSettings::edits_the_run(a.run_settings)) ending_.quit_guard().edited();
  if (TimeControls::edits_the_run(a.time)) ending_.quit_guard().edited();  // a reset, before a save
  ending_.quit_guard().applied(run_->land(run));
  // A solver change recomputes the forces (or leaves no tree): the walk shown is stale.
  if (a.run_settings.solver) run_->measurements().invalidate_overlays();
  if (EncounterDesigner::edits_the_run(a.encounter)) ending_.quit_guard().edited();  // after it
  // One fit for the time controls' (a reset, the kiosk's show) and the framing's (c, 1-5), at
  // once; a new run frames itself by a glide unless the hand moved the view just before.
  features_.follow.apply(a.follow);  // what is followed, before a fit frames it
  const Clock::time_point now = Clock::now();
  const bool asked = features_.framing.apply(a.framing, now) || a.time.fit;
  if (a.framing.by_hand) screen_->stop_glide();
  if (asked || (new_run && features_.framing.reframes(now))) {
    screen_->fit_camera(run_->runner(), features_.framing.aim(features_.follow.what()), !asked);
  }
  Measurements& m = run_->measurements();
  render::RenderParams& look = screen_->look().render;
  const FeatureTargets to{screen_->camera(),     screen_->presenter(), screen_->clock().display_hz(),
                          run_->edits(),         features_.inspect.picked(),
                          now,                   m,
                          look.hide_halo,        features_.follow.what().second,
                          look,                  m};
  for (const Report& r : apply_features(features_, a, to)) status_.report(r);
  if (a.accuracy.measure) {
    m.measure_accuracy();
    run_->take_measurements();  // lockstep: already there
  }
  if (DropTool::edits_the_run(a.drop)) ending_.quit_guard().edited();
  run_->poll_edits();  // lockstep: the drop tool's edits are already done
}

// The keys and the mouse (when the panel does not want them), then the panel and the scale bar.
void App::input_and_panel(FeatureActions& act) {
  if (!screen_->imgui()) return;
  int w = 0, h = 0;
  screen_->context().framebuffer_size(w, h);
  screen_->imgui()->new_frame(w, h, screen_->stats().frame_ms * 1e-3f);
  const Units& units = run_->figures().units;
  // Window coordinates, which differ from framebuffer pixels on high-DPI screens.
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  if (features_.kiosk) {  // no input but the exit chord, a caption
    if (features_.kiosk->exit_chord()) ending_.quit();
    features_.kiosk->caption();
    return;
  }
  const InputActions a = handle_input(screen_->camera(), size.y, features_.drop.active());
  const ViewPlane plane = screen_->view_plane({size.x, size.y});
  act.drop.toggle = a.toggle_drop;
  act.drop.remove = a.remove_galaxy;
  act.drop.undo = a.undo;
  features_.drop.gesture(a.drag, plane, screen_->camera(), units, act.drop);
  act.time.toggle_pause = a.toggle_pause;
  Look& look = screen_->look();
  if (a.toggle_panel) look.show_panel = !look.show_panel;
  if (a.toggle_key_sheet) look.show_key_sheet = !look.show_key_sheet;
  if (a.open_designer) {
    look.show_panel = look.open_designer = true;
    look.panel_collapsed = false;
  }
  if (a.toggle_dock) {
    look.show_panel = true;
    toggle_dock(look);
  }
  act.time.speed_change = a.speed_change;
  act.inspect.toggle_octree = a.toggle_octree;
  act.time.step += a.step;
  act.time.back += a.step_back;
  act.framing.fit = a.fit;
  act.framing.by_hand = a.moved_view;
  act.framing.screenshot = a.screenshot;
  // The ruler's key, then a click: in ruler mode the ruler takes it, else it picks a body.
  const auto click = a.pick ? std::optional(a.cursor) : std::nullopt;
  if (!features_.ruler.apply({a.toggle_ruler, click}, plane) && a.pick) {
    act.inspect.pick = Inspect::Click{plane.view_proj, plane.window, a.cursor};
  }
  if (a.toggle_three_view) look.three_view = !look.three_view;
  if (a.toggle_fullscreen) screen_->context().set_fullscreen(!screen_->context().fullscreen());
  act.recording.toggle = a.toggle_recording;
  act.camera_path.add_key = a.add_camera_key;
  act.camera_path.toggle = a.toggle_camera_path;
  act.follow.cycle = a.cycle_follow;
  act.framing.direction = a.view;
  if (look.show_panel) {
    const PanelFigures shown{status_.text(), screen_->stats(), run_->figures(),
                             run_->step_figures()};
    const FeatureView view{shown, run_->control().wanted(), look, features_.inspect.picked()};
    draw_panel(look, shown, [&](PanelSlot at) { feature_rows(features_, at, act, view); });
    // Its checkbox: on or off before its line is drawn (taken: App::apply does not see it).
    features_.ruler.apply(std::exchange(act.ruler, {}), plane);
    if (act.encounter.preview) features_.encounter.preview(plane.view_proj, plane.window);
  } else {
    status_line(status_.text());
  }
  draw_scale_bar(choose_scale_bar(screen_->world_per_pixel({size.x, size.y}), size.x, units),
                 size.x);
  if (look.show_key_sheet) look.show_key_sheet = key_sheet();
  features_.recording.mark(Clock::now());
  features_.ruler.marks(screen_->view_plane({size.x, size.y}), units);
  ending_.answer(quit_dialog(ending_.asking()));  // its answer first, then Esc or q asks
  if (a.quit) ending_.request_quit();
}

}  // namespace galaxy::app

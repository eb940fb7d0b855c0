// SPDX-License-Identifier: MIT
// When the run ends, and its end: the final --save and the frame-time summary.
#include "ending.hpp"

#include <cstdio>
#include <exception>

#include "cli/headless_run.hpp"
#include "cli/signals.hpp"
#include "picture/frame_summary.hpp"
#include "text/progress_line.hpp"

namespace galaxy::app {

bool Ending::before_frame(Screen& screen, WindowRun& run) {
  if (stop_signal()) quit_ = true;  // SIGINT, SIGTERM, SIGHUP: end as a quit does (cli/signals)
  if (!quit_ && screen.context().close_requested()) {
    screen.context().keep_open();  // until the answer
    request_quit();
  }
  if (!quit_) return false;
  finish(screen, run);
  return true;
}

bool Ending::end_of_frame(Screen& screen, WindowRun& run) {
  if (limits_.max_frames && screen.clock().frames() >= *limits_.max_frames) quit_ = true;
  if (quit_after_frames_ > 0 && --quit_after_frames_ == 0) quit_ = true;
  if (!quit_) return false;
  finish(screen, run);
  return true;
}

void Ending::request_quit() {
  if (quit_guard_.should_ask(QuitGuard::Clock::now())) {
    asking_ = true;
  } else {
    quit_ = true;
  }
}

void Ending::answer(QuitAnswer a) {
  if (a == QuitAnswer::None) return;
  asking_ = false;
  if (a == QuitAnswer::Quit) quit_ = true;
}

std::optional<std::uint64_t> Ending::step_limit() const {
  if (!limits_.max_steps) return std::nullopt;
  return static_cast<std::uint64_t>(*limits_.max_steps);
}

void Ending::ran_away(bool headless) {
  if (!headless) return;
  // One more frame, so that a recording ends on the message, then exit status 3.
  exit_status_ = kExitRunaway;
  quit_after_frames_ = 2;
}

void Ending::recording_failed() {
  if (exit_status_ == 0) exit_status_ = 1;
}

int Ending::exit_status() const {
  if (const int sig = stop_signal()) return exit_status_for(sig);
  return exit_status_;
}

void Ending::finish(Screen& screen, WindowRun& run) {
  if (finished_) return;
  finished_ = true;
  Runner& runner = run.runner();
  // The thread stops at the end of its step; a headless run's last step may have run away.
  runner.hold();
  // A drop under way lands first, said and counted as during the frames (a scripted --drop that
  // the simulation's own thread had not reached when --frames ran out was added, but neither
  // said nor in the summary's N).
  const BodyEdits::Outcome landed = run.edits().finish();
  runner.exclusive([](Session&) {});
  run.land_edits(landed);
  if (run.update_status()) ran_away(screen.headless());
  const std::string& final_save = limits_.final_save;
  if (!final_save.empty()) {
    try {
      runner.exclusive(
          [&](Session& s) { s.save(final_save, terminal_progress("saving", final_save)); });
      std::printf("galaxy: wrote %s\n", final_save.c_str());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "galaxy: save: %s\n", e.what());
      if (exit_status_ == 0) exit_status_ = 1;
    }
  }
  if (!screen.headless() && !limits_.max_frames) return;
  int w = 0, h = 0;
  screen.context().framebuffer_size(w, h);
  const FrameClock& clock = screen.clock();
  const FrameStats& shown = screen.stats();
  print_summary(clock.samples(),
                {clock.frames(), w, h, shown.drawn.backend, screen.context().description(),
                 shown.drawn.bodies, shown.splat_compute, screen.headless(), shown.interop,
                 runner.threaded(), clock.display_hz()});
  Presenter& presenter = screen.presenter();
  if (const Recorder* recorder = presenter.recorder()) {
    if (const auto failed = presenter.finish_recording()) {
      std::fprintf(stderr, "galaxy: recording %s failed: %s\n", recorder->target().c_str(),
                   failed->c_str());
      if (exit_status_ == 0) exit_status_ = 1;
    } else {
      std::printf("galaxy: wrote %d frames to %s%s\n", recorder->frames(),
                  recorder->target().c_str(), recorder->video() ? "" : "/ (frame_00000.png ...)");
    }
  }
  std::fflush(stdout);
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// The program's end, one owner: when the window's run ends (a signal, the close button, q, the
// quit guard's question answered, --frames or a camera path's last key reached, a headless
// runaway), the step limit the frames grant up to, and the end itself, once: the final --save,
// the frame-time summary, the recording's last word and the exit status.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "panel/quit_dialog.hpp"
#include "picture/screen.hpp"
#include "run/quit_guard.hpp"
#include "run/window_run.hpp"

namespace galaxy::app {

class Ending {
 public:
  // From the options, read once at start-up: the frame loop's limits and the final save.
  struct Limits {
    std::optional<long> max_steps, max_frames;
    std::string final_save;
  };
  Ending() = default;
  Ending(Limits limits, QuitGuard guard) : limits_(std::move(limits)), quit_guard_(guard) {}

  // Before a frame: a signal ends the run as a quit does, the close button asks as q does. True
  // when the run has ended (finished) and no frame is to run.
  bool before_frame(Screen& screen, WindowRun& run);
  // Counts the frame (--frames, a headless runaway's last frame); true when the run has ended.
  bool end_of_frame(Screen& screen, WindowRun& run);

  void quit() { quit_ = true; }
  void request_quit();  // Esc, q, the close button: quit, or ask first (the quit dialog)
  bool asking() const { return asking_; }  // the quit dialog is open
  void answer(QuitAnswer a);               // the dialog's: quit now, or close it and go on
  QuitGuard& quit_guard() { return quit_guard_; }
  std::optional<std::uint64_t> step_limit() const;  // --steps: the frames grant no more
  const std::optional<long>& max_frames() const { return limits_.max_frames; }
  void limit_frames(long frames) { limits_.max_frames = frames; }
  // A runaway step reported just now: a headless run shows one more frame (a recording ends on
  // the message), then ends with exit status 3.
  void ran_away(bool headless);
  void recording_failed();  // exit status 1, unless an earlier failure set one

  // 0, 1 when the final --save or a headless recording failed, 3 when a headless run stopped on
  // a runaway step, 128 + the signal when a signal stopped it (cli/signals).
  int exit_status() const;

 private:
  void finish(Screen& screen, WindowRun& run);  // once, at the end

  Limits limits_;
  bool quit_ = false, finished_ = false;
  bool asking_ = false;  // the quit question is open, until its answer
  int quit_after_frames_ = 0;  // > 0: quit when it counts down to 0 (a headless runaway)
  int exit_status_ = 0;
  QuitGuard quit_guard_;  // never asks until App's start knows the run is a window's
};

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// SIGINT, SIGTERM and SIGHUP end a run gracefully the first time: the handler only notes the
// signal; the frame loop, the energy table and the bench see it between steps or frames, stop,
// finish what they were writing (saves and frames are atomic, a video is closed), write the
// --save asked for, flush the tables and exit with 128 + the signal's number (130, 143, 129). A
// second signal exits at once.
#pragma once

namespace galaxy::app {

// Installs the handlers (once, in main).
void install_stop_signals();
// The signal that asked the run to stop, or 0.
int stop_signal();
// The exit status for a stop by `signal`: 128 + its number.
inline int exit_status_for(int signal) { return 128 + signal; }

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// The CPU backend's worker threads (sim/cpu/parallel.cpp), backend-neutral so that the app can
// size them without including sim/cpu: `--threads N`, and one core left for the window.
#pragma once

namespace galaxy {

// Threads the CPU backend's stages run on, the calling thread included. 0 (the default) is
// automatic: one a hardware thread (std::thread::hardware_concurrency). A value of 1 runs every
// stage on the calling thread. Takes effect at the next parallel stage; call it between steps,
// from the thread that steps the simulations (not while one is stepping).
void set_cpu_threads(int n);
// The threads the stages run on now (the resolved count: at least 1).
int cpu_threads();

}  // namespace galaxy

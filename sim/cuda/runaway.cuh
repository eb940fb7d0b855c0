// SPDX-License-Identifier: MIT
// Runaway detection on the device: the kick kernels (integrate.cu) check every position,
// velocity and acceleration they write and record bad bodies here; a backup of the state taken
// before each step, only while nothing has run away, is what the host goes back to when it reads
// the record a step later. Declared apart from kernels.cuh so that the stage launchers stay as
// they are.
#pragma once

#include "../runaway.hpp"
#include "kernels.cuh"

namespace galaxy::cuda {

// Zeroed by the host (reset, and after going back); written by the checked kick kernels.
struct RunawayRecord {
  unsigned count;                 // bad values seen (bodies may repeat across kernels)
  unsigned kinds;                 // RunawayKind bits
  unsigned long long first_step;  // the first step that ran away (~0: none)
  int bodies[kRunawayNamed];      // ids (the index in reset()'s order) of the first ones
};

// The clock of the backup: the state after `steps` steps, at `time`.
struct RunawayClock {
  double time;
  unsigned long long steps;
};

// Stage 6 (integrate.cu): the opening kick and drift (v += a dt/2, x += v dt) and the closing kick
// (v += a dt/2), which also check what they write: a non-finite or absurd value (runaway.hpp)
// adds the body's id to *r under `step`.
void launch_kick_drift_checked(const BodiesView& b, float dt, RunawayRecord* r,
                               unsigned long long step, cudaStream_t s);
void launch_kick_checked(const BodiesView& b, float half_dt, RunawayRecord* r,
                         unsigned long long step, cudaStream_t s);

// Copies pos, vel, acc, id and tag of `src` into `dst` (same n) and writes *clock = {time,
// steps}, unless r->count is non-zero: once a step has run away the backup keeps the state before
// it.
void launch_backup_if_good(const BodiesView& src, const BodiesView& dst, const RunawayRecord* r,
                           RunawayClock* clock, double time, unsigned long long steps,
                           cudaStream_t s);

// Sets *r to "nothing recorded" on the stream.
void launch_clear_runaway(RunawayRecord* r, cudaStream_t s);

}  // namespace galaxy::cuda

// SPDX-License-Identifier: MIT
// Runaway detection on the device: the kick kernels (integrate.cu) check every position,
// velocity and acceleration they write and record bad bodies here. Every pass moves the bodies
// from one of DeviceBodies' two sets into the other (the sort's permutation, with the opening
// kick and drift), so the set a pass read is the state before it: once a pass has run away, each
// later pass in flight copies that state back instead of moving on (launch_advance), and the host
// finds it in the other set when it reads the record. No separate backup is kept.
#pragma once

#include "../runaway.hpp"
#include "kernels.cuh"

namespace galaxy::cuda {

// Zeroed by the host (reset, and after going back); written by the checked kick kernels.
struct RunawayRecord {
  unsigned count;                 // bad values seen (bodies may repeat across kernels)
  unsigned kinds;                 // RunawayKind bits
  unsigned long long first_step;  // the first step that ran away (~0: none)
  unsigned long long first_pass;  // the pass (PassSettings::pass) that ran away first (~0: none)
  int bodies[kRunawayNamed];      // ids (the index in reset()'s order) of the first ones
};

// The clock of the state before the newest pass that did not follow a runaway (the state the host
// goes back to): after `steps` steps, at `time`.
struct RunawayClock {
  double time;
  unsigned long long steps;
};

// What a pass is, for the kernels that move the bodies and record runaways.
struct PassClock {
  unsigned long long pass;  // its number
  unsigned long long steps;  // steps before it
  double time;               // the clock before it
};

// Stage 6 (integrate.cu), the start of every pass: `in` moved into `out` in the order `perm`
// (out[i] = in[perm[i]], identity where null), with the opening kick and drift when `integrate`,
// checking the new positions and velocities (a non-finite or absurd value, runaway.hpp, records
// the body's id in *r under step c.steps + 1 and pass c.pass) and writing *clock = {c.time,
// c.steps}. Where *r holds a runaway of an earlier pass, `out` (the state before that pass, or
// its copy) is copied into `in` instead, clock and record untouched: the caller swaps the sets
// either way, so that the good state stays in the set not current.
void launch_advance(const BodiesView& in, const BodiesView& out, const int* perm, bool integrate,
                    float dt, RunawayRecord* r, RunawayClock* clock, const PassClock& c,
                    cudaStream_t s);
// The closing kick (v += a dt/2), checking the accelerations the force pass wrote and the
// velocities; records under step `step` and pass `pass`. Where next.partial is set, it also
// writes the partial boxes (launch_bounding_box's, box_partials of them) of where the next
// pass's opening kick and drift at next.dt will put the bodies, so that pass only combines them.
struct NextBox {
  BodyBounds* partial = nullptr;
  int partials = 0;
  float dt = 0;
};
void launch_kick_checked(const BodiesView& b, float half_dt, RunawayRecord* r,
                         unsigned long long step, unsigned long long pass, const NextBox& next,
                         cudaStream_t s);

// Sets *r to "nothing recorded" on the stream.
void launch_clear_runaway(RunawayRecord* r, cudaStream_t s);

}  // namespace galaxy::cuda

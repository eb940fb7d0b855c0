// SPDX-License-Identifier: MIT
// Runaway detection on the device: the leapfrog's kernels (leapfrog.cuh) check every position,
// velocity and acceleration they write and record bad bodies here. Every pass moves the bodies
// from one of DeviceBodies' two sets into the other (the sort's permutation, with the opening
// kick and drift), so the set a pass read is the state before it: once a pass has run away, each
// later pass in flight copies that state back instead of moving on (launch_advance), and the host
// finds it in the other set when it reads the record. No separate backup is kept.
#pragma once

#include "../runaway.hpp"
#include "kernels.cuh"

namespace galaxy::cuda {

// Zeroed by the host (reset, and after going back); written by the leapfrog's kernels.
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

// Sets *r to "nothing recorded" on the stream.
void launch_clear_runaway(RunawayRecord* r, cudaStream_t s);

}  // namespace galaxy::cuda

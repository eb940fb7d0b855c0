// SPDX-License-Identifier: MIT
// Stage 6 on the CPU: the leapfrog's kicks and drift, and the runaway check of a finished step.
#pragma once

#include "bodies.hpp"
#include "runaway.hpp"

namespace galaxy {

void kick(HostBodies& b, float half_dt);  // v += a half_dt
void drift(HostBodies& b, float dt);      // x += v dt
// Bodies whose position, velocity or acceleration ran away (runaway.hpp's kinds): sets r.count,
// r.kinds and the first few r.bodies; r.count is 0 for a good step.
void find_runaways(const HostBodies& b, Runaway& r);

}  // namespace galaxy

// SPDX-License-Identifier: MIT
// The check of a finished step on the host, whatever integrator made it.
#pragma once

#include "bodies.hpp"
#include "runaway.hpp"

namespace galaxy {

// Bodies whose position, velocity or acceleration ran away (runaway.hpp's kinds): sets r.count,
// r.kinds and the first few r.bodies; r.count is 0 for a good step.
void find_runaways(const HostBodies& b, Runaway& r);

}  // namespace galaxy

// SPDX-License-Identifier: MIT
#include "cli/run_spec_options.hpp"

namespace galaxy::app {

RunSpec run_spec(const Options& o) {
  RunSpec spec;
  spec.bodies.scenario = o.scenario;
  spec.bodies.count = o.bodies;
  spec.bodies.encounter = o.encounter;
  spec.bodies.snapshot = o.load;
  spec.bodies.units = o.units;
  spec.bodies.particle_types = o.particle_types;
  spec.params = o.params;
  spec.given_params = o.given_params;
  spec.backend = o.backend;
  spec.solver = o.solver;
  spec.threads = o.threads;
  spec.seed = o.seed;
  const bool table = wants_energy_table(o);
  spec.rendering = !table;
  // Recordings show each frame's own steps: a clip of K frames is K steps on any machine.
  spec.threaded = !table && !o.lockstep && o.record.empty();
  spec.keyframes = !table;  // the energy table never goes back
  spec.keyframe_mib = o.keyframe_mib;
  return spec;
}

}  // namespace galaxy::app

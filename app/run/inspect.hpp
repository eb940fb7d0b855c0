// SPDX-License-Identifier: MIT
// What a click on a body says about it: its galaxy and component, where it is, how fast it goes
// and how far the solver's force on it is from the exact one (a float64 direct sum over all N for
// this one body, sim/reference.hpp), in the run's physical units where it has them.
#pragma once

#include <glm/glm.hpp>

#include <string>

#include "bodies.hpp"
#include "reference.hpp"
#include "units.hpp"

namespace galaxy::app {

struct Inspected {
  int galaxy = -1;
  double speed = 0, force_error = 0;  // model units; |a - a_exact| / |a_exact|
  std::string text;  // "galaxy 1 (disk), 212 km/s at the click; force error 3.1e-04 ..."
};

// What a click found: the body (-1 none) and what inspect_body says of it.
struct PickFound {
  int index = -1;
  Inspected inspected;
};

// What the inspect feature (features/inspect.hpp) asks of the run: a pick at a click, found on
// the simulation's thread, and the overlays asked again at once because what they show changed.
// The measurements (run/measurements.hpp) are one; a test's fake is another.
class InspectTarget {
 public:
  // The body under `cursor` (window coordinates) of the picture drawn with `view_proj` in a
  // window of `window`'s size; the dark halo's bodies passed over where `skip_halo`.
  virtual void pick(const glm::mat4& view_proj, glm::vec2 window, glm::vec2 cursor,
                    bool skip_halo) = 0;
  virtual void invalidate_overlays() = 0;

 protected:
  ~InspectTarget() = default;
};

// Body `i` of `b`, whose accelerations are the solver's at these positions.
Inspected inspect_body(const HostBodies& b, int i, float softening, const Units& u);
// Body `k` of an exact sample (Simulation::exact_sample: over MPI ranks, summed there).
Inspected inspect_body(const ExactSample& e, std::size_t k, const Units& u);

}  // namespace galaxy::app

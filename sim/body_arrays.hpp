// SPDX-License-Identifier: MIT
// A face of a Simulation (simulation.hpp): where its own body arrays are, for a front end that
// reads them in place instead of downloading a copy (the Python module's NumPy views and DLPack
// arrays, python/). The CPU backend hands out its host arrays; the CUDA backend its device
// positions, in its own order.
#pragma once

#include <cstddef>

#include "bodies.hpp"

namespace galaxy {

// Device rows of float4 (x, y, z, mass), in the backend's own (tree) order: row k is the body
// id[k] of download()'s order. Valid until the next step or edit (the bodies move to the other
// set) and only once the stream is idle (Simulation::synchronize).
struct DevicePositions {
  const float* xyzm = nullptr;
  const int* id = nullptr;
  std::size_t n = 0;
  int device = -1;  // the CUDA device they are on
};

class BodyArrays {
 public:
  virtual ~BodyArrays() = default;
  // The host backend's own bodies, in download()'s order (null on a device backend). A write to
  // them is the caller's: Simulation::compute_forces() makes the accelerations agree again. The
  // arrays keep their storage over steps; a reset, a restore or a body-count change may move it.
  virtual HostBodies* host_bodies() { return nullptr; }
  // The device backend's positions (empty on the host).
  virtual DevicePositions device_positions() const { return {}; }
};

}  // namespace galaxy

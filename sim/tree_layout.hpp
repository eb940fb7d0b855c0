// SPDX-License-Identifier: MIT
// A source tree laid out as the GPU walk reads a tree (cuda/kernels.cuh's TreeView), on the host:
// what a rank hands its CUDA device to walk another rank's local essential tree
// (cpu::tree_layout makes it from a cpu::Let; CudaSimulation::add_remote_forces walks it).
// Backend-neutral: plain arrays, no CUDA types.
#pragma once

#include <cstdint>
#include <vector>

namespace galaxy {

struct TreeLayout {
  // A node each, the root first; the children of a cell are contiguous.
  std::vector<float> com;            // 4: centre of mass and mass
  std::vector<float> quad;           // 8: xx, yy, zz, xy, xz, yz, trace, 0 (physics::Quadrupole)
  std::vector<float> mac;            // 2: squared opening radius (< 0: always accepted), extent
  std::vector<std::int32_t> link;    // 4: first child or body, count, level, leaf
  std::vector<std::int32_t> range;   // 2: the bodies of a leaf; empty otherwise
  std::vector<float> pos;            // 4 a body: x, y, z, m (the leaves' bodies)
  std::int32_t body_offset = 0;      // links and ranges count bodies from here
  std::size_t nodes() const { return com.size() / 4; }
  std::size_t bodies() const { return pos.size() / 4; }
};

}  // namespace galaxy

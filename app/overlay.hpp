// SPDX-License-Identifier: MIT
// The teaching overlays, computed on the host and handed to render/ as plain boxes and markers:
// the octree's cells down to a depth, and one body's Barnes-Hut walk replayed with the same
// opening criterion (physics::open_radius, through CpuOctree::accepts) the solvers use.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "cpu/octree.hpp"
#include "renderer.hpp"
#include "simulation.hpp"

namespace galaxy::app {

// Cells of depth <= max_depth, coloured by depth.
std::vector<render::Box> octree_boxes(const CpuOctree& tree, int max_depth);
// The tree the simulation used: the GPU's own for the CUDA backend, otherwise a CPU octree built
// from `bodies`.
std::vector<render::Box> simulation_tree_boxes(const Simulation& sim, const HostBodies& bodies,
                                               int max_depth);

struct WalkTrace {
  std::vector<int> accepted;  // nodes taken as point masses
  std::vector<int> opened;    // nodes opened (cells descended into, leaves summed body by body)
  std::vector<int> direct;    // bodies summed one by one
};
// Replays CpuOctree::walk for body `self` and records what it did at each node.
WalkTrace trace_walk(const CpuOctree& tree, const HostBodies& b, int self, const SimParams& p);

// Boxes (accepted green, opened red) and markers (the body, its direct partners) for a trace.
void walk_overlay(const CpuOctree& tree, const HostBodies& b, int self, const WalkTrace& t,
                  std::vector<render::Box>& boxes, std::vector<render::Marker>& markers);

// The body whose projection lies nearest to the cursor, within `max_pixels`; -1 for none.
int pick_body(const HostBodies& b, const glm::mat4& view_proj, float width, float height,
              glm::vec2 cursor, float max_pixels);

// The centre and radius of the sphere around the centre of mass that holds `fraction` of the
// bodies (1.0 for all): what "fit" frames, without letting a few escapers shrink the galaxy.
void bounding_sphere(const float* xyzs, std::size_t count, float fraction, glm::vec3& center,
                     float& radius);

}  // namespace galaxy::app

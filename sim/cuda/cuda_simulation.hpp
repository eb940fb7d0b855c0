// SPDX-License-Identifier: MIT
// The CUDA backend, seen from C++: no CUDA header here, so the app, the bench and the tests
// include it freely. The implementation is sim/cuda/cuda_simulation.cu and the stage files beside
// it.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "simulation.hpp"
#include "tree_layout.hpp"

namespace galaxy {

// True when the CUDA runtime finds a device; otherwise false with the reason in *why.
bool cuda_device_available(std::string* why = nullptr);

// The GPU octree of the last force pass, for the tests. Node numbering is
// the GPU's own; compare trees by invariants, not indices.
struct GpuTreeNode {
  float mass = 0, comx = 0, comy = 0, comz = 0;
  float quad[7] = {0, 0, 0, 0, 0, 0, 0};  // xx, yy, zz, xy, xz, yz, trace about the com
  float open_radius = 0;                  // physics::open_radius at the run's theta
  int first = 0, count = 0;  // leaf: bodies [first, first + count) of `order`; cell: children
  int level = 0;
  bool leaf = false;
  int body_begin = 0, body_end = 0;  // bodies of the subtree, in `order`
};
struct GpuTree {
  std::vector<GpuTreeNode> nodes;  // node 0 is the root
  std::vector<int> order;          // tree order -> index of the body in download()
  std::vector<std::pair<int, int>> groups;  // the walk's groups: [begin, end) in tree order
  float lox = 0, loy = 0, loz = 0, size = 0;  // root cube
};

// The CUDA backend: a Simulation that offers every face but the .gxy files (the app saves it
// from download()), and also hands out its whole tree, for the tests (the overlay needs only
// Overlays::trace_walk and tree_cells).
class CudaSimulation : public Simulation,
                       public VertexWriter,
                       public Overlays,
                       public BodyFields,
                       public Meters,
                       public BodyArrays {
 public:
  CudaSimulation() { offer({this, this, this, this, nullptr, this}); }
  // The force error's budget: pair interactions one showing may cost (~1.3e12 pairs/s on an
  // H100: a million bodies in ~0.8 s); above it a sample of kErrorFieldPairs / N bodies.
  static constexpr double kErrorFieldPairs = 1.5e12;
  // The octree of the last force pass; empty for the direct solver.
  virtual GpuTree download_tree() const = 0;
  // A run over MPI ranks: adds the pull of another rank's local essential tree (laid out for the
  // walk by cpu::tree_layout, its bodies numbered from size()) to the last Barnes-Hut pass's
  // accelerations and potentials, walked on the device by that pass's groups with its alpha |a|.
  virtual void add_remote_forces(const TreeLayout& tree) = 0;
};
std::unique_ptr<CudaSimulation> make_cuda_simulation(Solver solver, const SimParams& p);

// Makes device `index` modulo the device count this process's device (the MPI ranks of one
// machine take one GPU each: Ranks calls it with the rank's index on its machine). Returns the
// device chosen, or -1 where there is none (nothing changes).
int use_cuda_device(int index);

// Device memory free now, for the memory preflight (memory.hpp).
std::size_t cuda_device_memory_free();

// Seed 001's three direct-sum kernels, for the benchmark: median milliseconds of `reps` runs of
// one force evaluation over `bodies`.
enum class DirectKernel { Tiled, Naive, Atomic };
float time_direct_kernel(DirectKernel k, const HostBodies& bodies, float softening, int reps);

}  // namespace galaxy

// SPDX-License-Identifier: MIT
// Domain decomposition along the Morton curve (RankState::decompose): the keys of all bodies in
// the global bounding cube (the local boxes' MPI_Allreduce, physics::cube_from_bounds as the tree
// takes its root), cut points that split the global key order into ranges of equal walk cost
// (each body's list entries in the last force pass, or 1 before any), and the bodies' migration
// to the ranks that own their keys (one MPI_Alltoallv a body array).
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>

#include "cpu/octree.hpp"
#include "cpu/parallel.hpp"
#include "mpi/collectives.hpp"
#include "morton.hpp"
#include "mpi/rank_state.hpp"
#include "physics.hpp"

namespace galaxy::mpi {

namespace {

// The root cube of all ranks' bodies, as lox, loy, loz, size.
std::array<float, 4> global_cube(const HostBodies& b) {
  float lo[3], hi[3];
  std::fill(lo, lo + 3, std::numeric_limits<float>::max());
  std::fill(hi, hi + 3, std::numeric_limits<float>::max());  // negated: one MIN reduction
  for (std::size_t i = 0; i < b.size(); ++i) {
    const float p[3] = {b.x[i], b.y[i], b.z[i]};
    for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], p[k]), hi[k] = std::min(hi[k], -p[k]);
  }
  float both[6] = {lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]};
  MPI_Allreduce(MPI_IN_PLACE, both, 6, MPI_FLOAT, MPI_MIN, MPI_COMM_WORLD);
  const float glo[3] = {both[0], both[1], both[2]}, ghi[3] = {-both[3], -both[4], -both[5]};
  std::array<float, 4> cube{};
  physics::cube_from_bounds(glo, ghi, cube[0], cube[1], cube[2], cube[3]);
  return cube;
}

// The K-1 cut keys: cut r is the smallest key c with the cost of all bodies of keys below c at
// least r/K of the total. Each round splits every cut's interval into 256 and learns the costs
// below the boundaries with one MPI_Allreduce: eight rounds cover the 63-bit keys.
std::vector<std::uint64_t> cut_keys(const std::vector<std::uint64_t>& keys,
                                    const std::vector<double>& cost_below) {
  const int k = world_size();
  const auto cuts = static_cast<std::size_t>(k - 1);
  constexpr int kSplit = 256;
  double total = cost_below.back();
  MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  std::vector<std::uint64_t> lo(cuts, 0), hi(cuts, std::uint64_t(1) << 63);
  auto below = [&](std::uint64_t c) {
    return cost_below[static_cast<std::size_t>(std::lower_bound(keys.begin(), keys.end(), c) - keys.begin())];
  };
  std::vector<double> sums(cuts * kSplit);
  while (true) {
    bool open = false;
    for (std::size_t r = 0; r < cuts; ++r) open = open || hi[r] - lo[r] > 1;
    if (!open) break;  // the same on every rank: lo and hi are
    auto boundary = [&](std::size_t r, int j) {
      const std::uint64_t step = (hi[r] - lo[r] + kSplit - 1) / kSplit;
      return std::min(hi[r], lo[r] + step * static_cast<std::uint64_t>(j + 1));
    };
    for (std::size_t r = 0; r < cuts; ++r) {
      for (int j = 0; j < kSplit; ++j) sums[r * kSplit + static_cast<std::size_t>(j)] = below(boundary(r, j));
    }
    MPI_Allreduce(MPI_IN_PLACE, sums.data(), static_cast<int>(sums.size()), MPI_DOUBLE, MPI_SUM,
                  MPI_COMM_WORLD);
    for (std::size_t r = 0; r < cuts; ++r) {
      const double target = total * static_cast<double>(r + 1) / k;
      int j = 0;
      while (j < kSplit - 1 && sums[r * kSplit + static_cast<std::size_t>(j)] < target) ++j;
      const std::uint64_t new_hi = boundary(r, j);
      lo[r] = j == 0 ? lo[r] : boundary(r, j - 1);
      hi[r] = new_hi;
    }
  }
  return hi;
}

}  // namespace

void RankState::decompose() {
  const std::array<float, 4> cube = global_cube(bodies_);
  const float inv = 1.0f / cube[3];
  const std::size_t n = bodies_.size();
  std::vector<std::uint64_t> keys, key_scratch;
  std::vector<std::int32_t> order, order_scratch;
  cpu::morton_keys(bodies_, cube.data(), inv, keys, order);
  // By key on all threads (the tree's radix sort), then equal keys (coincident bodies) by id, so
  // that the order does not depend on where the bodies were before.
  cpu::radix_sort(keys, order, key_scratch, order_scratch);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && keys[j] == keys[i]) ++j;
    if (j - i > 1) {
      std::sort(order.begin() + std::ptrdiff_t(i), order.begin() + std::ptrdiff_t(j),
                [&](std::int32_t a, std::int32_t b) {
                  return ids_[std::size_t(a)] < ids_[std::size_t(b)];
                });
    }
    i = j;
  }
  permute(cost_, order);
  permute(ids_, order);
  for_each_array(bodies_, [&](auto& v) { permute(v, order); });
  std::vector<double> cost_below(n + 1, 0.0);
  for (std::size_t i = 0; i < n; ++i) cost_below[i + 1] = cost_below[i] + cost_[i];
  const std::vector<std::uint64_t> cuts = cut_keys(keys, cost_below);
  // This rank's tree is built in the same cube, its keys between its cuts.
  const auto me = static_cast<std::size_t>(world_rank());
  std::copy(cube.begin(), cube.begin() + 3, domain_.lo);
  domain_.size = cube[3];
  domain_.key_lo = me > 0 ? cuts[me - 1] : 0;
  domain_.key_hi = me < cuts.size() ? cuts[me] : ~std::uint64_t{0};
  // Sorted by key, the bodies of each destination are consecutive.
  std::vector<int> send(static_cast<std::size_t>(world_size()), 0), recv(send.size());
  for (std::uint64_t key : keys) {
    ++send[static_cast<std::size_t>(std::upper_bound(cuts.begin(), cuts.end(), key) - cuts.begin())];
  }
  MPI_Alltoall(send.data(), 1, MPI_INT, recv.data(), 1, MPI_INT, MPI_COMM_WORLD);
  for_each_array(bodies_, [&](auto& v) { alltoallv(v, send, recv); });
  alltoallv(ids_, send, recv);
  alltoallv(cost_, send, recv);
}

}  // namespace galaxy::mpi

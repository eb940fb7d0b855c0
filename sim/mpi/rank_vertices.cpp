// SPDX-License-Identifier: MIT
// What rank 0 draws (rank_state.hpp's write_vertices): every stride-th body of the run, the
// vertices picked on the ranks. Device ranks send theirs device to device (cuda/device_rank.hpp);
// CPU ranks gather theirs to rank 0 with MPI, which places each at its index / stride.
#include <cmath>
#include <stdexcept>
#include <string>

#include "mpi/collectives.hpp"
#include "mpi/rank_state.hpp"

namespace galaxy::mpi {

namespace {

std::vector<RankVertex> pick(const HostBodies& b, const std::vector<std::uint64_t>& ids,
                             std::uint64_t stride) {
  std::vector<RankVertex> out;
  out.reserve(b.size() / stride + 1);
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (ids[i] % stride != 0) continue;
    const float speed = std::sqrt(b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i] + b.vz[i] * b.vz[i]);
    out.push_back({b.x[i], b.y[i], b.z[i], speed, static_cast<std::uint32_t>(ids[i] / stride),
                   body_tag(b.population[i], b.galaxy[i])});
  }
  return out;
}

}  // namespace

void RankState::write_vertices(std::uint64_t stride, float* xyzs, std::uint8_t* tags,
                               std::uint32_t* vertex_of, bool device) {
  const std::size_t count = (total_ + stride - 1) / stride;
  if (device_) {
    device_->write_vertices(stride, xyzs, tags, vertex_of, count, device);
    return;
  }
  if (device) throw std::logic_error("write_vertices: CPU ranks write host memory");
  const std::vector<RankVertex> mine = pick(bodies_, ids_, stride);
  const std::vector<RankVertex> all = gatherv(mine, all_counts(mine.size()));
  if (world_rank() != 0) return;
  if (all.size() != count) {
    throw std::logic_error("the ranks sent " + std::to_string(all.size()) + " vertices of " +
                           std::to_string(count));
  }
  for (const RankVertex& v : all) {
    float* x = xyzs + 4 * static_cast<std::size_t>(v.index);
    x[0] = v.x, x[1] = v.y, x[2] = v.z, x[3] = v.speed;
    if (tags) tags[v.index] = static_cast<std::uint8_t>(v.tag);
    if (vertex_of) vertex_of[v.index] = v.index;
  }
}

}  // namespace galaxy::mpi

// SPDX-License-Identifier: MIT
// An exact sample over the ranks (RankState::exact_sample): the sampled bodies gathered to rank 0
// in the order asked, their places sent to every rank, and each rank's float64 pull there from
// its own bodies added up on rank 0. Nothing but the sample leaves a rank: the accuracy meter and
// a click cost each rank a direct sum over its share, not a gather of the run.
#include <mpi.h>

#include <algorithm>

#include "mpi/collectives.hpp"
#include "mpi/rank_state.hpp"
#include "reference.hpp"

namespace galaxy::mpi {

namespace {

// The bodies of b among `wanted` (sorted) by their ids, and each one's place in `wanted`.
HostBodies find_here(const HostBodies& b, const std::vector<std::uint64_t>& ids,
                     const std::vector<std::uint64_t>& wanted, std::vector<std::uint64_t>& places) {
  std::vector<std::size_t> here;
  places.clear();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const auto it = std::lower_bound(wanted.begin(), wanted.end(), ids[i]);
    if (it != wanted.end() && *it == ids[i]) {
      here.push_back(i);
      places.push_back(static_cast<std::uint64_t>(it - wanted.begin()));
    }
  }
  return subset(b, here);
}

}  // namespace

HostBodies RankState::bodies_at(std::vector<std::uint64_t>& wanted) const {
  broadcast_vector(wanted);
  std::vector<std::uint64_t> places;
  const HostBodies found =
      device_ ? device_->find(wanted, places) : find_here(bodies_, ids_, wanted, places);
  const std::vector<int> counts = all_counts(places.size());
  const std::vector<std::uint64_t> at = gatherv(places, counts);
  HostBodies out;  // rank 0's, in wanted's order
  for_each_member([&](auto member) {
    const auto gathered = gatherv(found.*member, counts);
    (out.*member).resize(gathered.size());
    for (std::size_t i = 0; i < gathered.size(); ++i) (out.*member)[at[i]] = gathered[i];
  });
  return out;
}

ExactSample RankState::exact_sample(std::vector<std::uint64_t> wanted) {
  ExactSample out{bodies_at(wanted), {}};
  std::vector<float> xyz(3 * wanted.size());
  for (std::size_t k = 0; k < out.bodies.size(); ++k) {
    xyz[3 * k] = out.bodies.x[k], xyz[3 * k + 1] = out.bodies.y[k],
            xyz[3 * k + 2] = out.bodies.z[k];
  }
  MPI_Bcast(xyz.data(), static_cast<int>(xyz.size()), MPI_FLOAT, 0, MPI_COMM_WORLD);
  const float eps = params_.softening;
  const std::vector<AccelD> mine =
      device_ ? device_->direct_sums_at(xyz, eps) : direct_sums_at(bodies_, xyz, eps);
  static_assert(sizeof(AccelD) == 4 * sizeof(double));
  out.exact.assign(world_rank() == 0 ? wanted.size() : 0, AccelD{0, 0, 0, 0});
  MPI_Reduce(mine.data(), out.exact.data(), static_cast<int>(4 * wanted.size()), MPI_DOUBLE,
             MPI_SUM, 0, MPI_COMM_WORLD);
  // Each body's own pair, summed on its rank: its softened potential taken back out.
  const double inv_eps = eps > 0 ? 1.0 / double(eps) : 0.0;
  for (std::size_t k = 0; k < out.exact.size(); ++k) out.exact[k].pot += out.bodies.m[k] * inv_eps;
  return out;
}

}  // namespace galaxy::mpi

// SPDX-License-Identifier: MIT
// The force pass over the ranks (RankState::forces): every rank learns every other rank's boxes
// and their smallest alpha |a| (MPI_Allgatherv), builds the local essential tree each of them needs
// (cpu/let.hpp), and sends them all with one MPI_Ialltoallv (after an MPI_Alltoall of the sizes);
// while they travel it walks its own tree (tree_forces), then it walks the trees it received
// (remote_forces). Each body's walk cost is its list entries over all the trees it walked.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <numeric>
#include <vector>

#include "cpu/let.hpp"
#include "cpu/parallel.hpp"
#include "cpu/walk.hpp"
#include "mpi/collectives.hpp"
#include "mpi/rank_state.hpp"
#include "wall_clock.hpp"

namespace galaxy::mpi {

// Boxes a rank describes its bodies by (cpu::rank_boxes): more prune more of the others' trees
// and cost more tests a cell. Measured at 200k bodies (collision, 2 ranks), LET bytes against
// sending all bodies and the slower rank's LET build: 1 box 152%; 16 boxes 84%, 11 ms; 64 boxes
// 72%, 25 ms (the build runs on one thread; the bytes are cheap between ranks of one machine).
constexpr int kBoxesPerRank = 16;

// Every rank's boxes to every rank (MPI_Allgatherv), then the LET each other rank needs, built
// side by side on this rank's threads (each reads the tree only) and packed in rank order; send[r]
// is the bytes for rank r.
std::vector<std::byte> RankState::lets_for_others(const WalkParams& w, std::vector<int>& send) {
  const auto k = static_cast<std::size_t>(world_size());
  const auto me = static_cast<std::size_t>(world_rank());
  // The boxes hold the bodies before this pass (the last accelerations: the relative test).
  const std::vector<cpu::RankBox> mine =
      cpu::rank_boxes(tree_, bodies_, w, kBoxesPerRank, params_.group_size);
  const std::vector<int> box_counts = all_counts(mine.size());
  std::vector<int> box_displs(k, 0);
  std::exclusive_scan(box_counts.begin(), box_counts.end(), box_displs.begin(), 0);
  const Layout l(box_counts, sizeof(cpu::RankBox));
  std::vector<cpu::RankBox> boxes(static_cast<std::size_t>(l.total()) / sizeof(cpu::RankBox));
  MPI_Allgatherv(mine.data(), static_cast<int>(mine.size() * sizeof(cpu::RankBox)), MPI_BYTE,
                 boxes.data(), l.counts.data(), l.displs.data(), MPI_BYTE, MPI_COMM_WORLD);
  std::vector<cpu::Let> lets(k);
  cpu::parallel_tasks(static_cast<int>(k), [&](int task, int) {
    const auto r = static_cast<std::size_t>(task);
    if (r == me || bodies_.empty()) return;
    const auto first = boxes.begin() + box_displs[r];
    lets[r] = cpu::build_let(tree_, bodies_, {first, first + box_counts[r]}, w);
  });
  std::vector<std::byte> out;
  send.assign(k, 0);
  for (std::size_t r = 0; r < k; ++r) {
    if (r == me || bodies_.empty()) continue;
    const std::size_t before = out.size();
    cpu::append_let(lets[r], out);
    send[r] = static_cast<int>(out.size() - before);
  }
  return out;
}

// The received trees' pull added to this rank's bodies (their list entries added to the costs).
void RankState::walk_received(const std::vector<cpu::Let>& lets, const WalkParams& w,
                              InteractionCounts& counts) {
  if (bodies_.empty() || lets.empty()) return;
  std::vector<cpu::SourceTree> sources;
  for (const cpu::Let& let : lets) sources.push_back(let.source());
  const InteractionCounts remote = cpu::remote_forces(tree_, bodies_, w, alpha_accel_, sources, &cost_);
  counts.body_body += remote.body_body;
  counts.body_cell += remote.body_cell;
}

InteractionCounts RankState::forces(const WalkParams& w) {
  const auto k = static_cast<std::size_t>(world_size());
  auto t0 = std::chrono::steady_clock::now();
  std::vector<int> send, recv(k, 0);
  const std::vector<std::byte> out = lets_for_others(w, send);
  pass_.let_build = ms_since(t0);
  MPI_Alltoall(send.data(), 1, MPI_INT, recv.data(), 1, MPI_INT, MPI_COMM_WORLD);
  const Layout s(send, 1), r(recv, 1);
  std::vector<std::byte> in(static_cast<std::size_t>(r.total()));
  MPI_Request request;
  MPI_Ialltoallv(out.data(), s.counts.data(), s.displs.data(), MPI_BYTE, in.data(), r.counts.data(),
                 r.displs.data(), MPI_BYTE, MPI_COMM_WORLD, &request);
  InteractionCounts counts;
  t0 = std::chrono::steady_clock::now();
  if (!bodies_.empty()) {
    counts = tree_forces(tree_, bodies_, w, alpha_accel_, &cost_);
  }
  pass_.local_walk = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  pass_.wait = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  std::vector<cpu::Let> lets;
  for (std::size_t q = 0; q < k; ++q) {
    if (recv[q] == 0) continue;
    lets.push_back(cpu::read_let(in.data() + r.displs[q], static_cast<std::size_t>(recv[q])));
  }
  const std::uint64_t own = counts.body_body + counts.body_cell;
  walk_received(lets, w, counts);
  pass_.remote_walk = ms_since(t0);
  const double n = std::max<double>(1.0, static_cast<double>(bodies_.size()));
  pass_.own_interactions = static_cast<float>(static_cast<double>(own) / n);
  pass_.received_interactions =
      static_cast<float>(static_cast<double>(counts.body_body + counts.body_cell - own) / n);
  double bytes[2] = {static_cast<double>(out.size()),
                     static_cast<double>(bodies_.size()) * static_cast<double>(k - 1) * 4 * sizeof(float)};
  MPI_Allreduce(MPI_IN_PLACE, bytes, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  report_.let_bytes = bytes[0];
  report_.all_bodies_bytes = bytes[1];
  return counts;
}

}  // namespace galaxy::mpi

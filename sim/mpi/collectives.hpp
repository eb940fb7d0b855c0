// SPDX-License-Identifier: MIT
// MPI collectives over std::vector columns, as raw bytes: the body arrays (for_each_array in
// bodies.hpp), the ids and the costs travel with these.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <numeric>
#include <vector>

namespace galaxy::mpi {

inline int world_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}
inline int world_size() {
  int n = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  return n;
}

// Byte counts and their offsets for `counts` elements of `size` bytes.
struct ByteLayout {
  std::vector<int> counts, displs;
  ByteLayout(const std::vector<int>& elements, std::size_t size) : counts(elements.size()), displs(elements.size()) {
    for (std::size_t r = 0; r < elements.size(); ++r) counts[r] = elements[r] * static_cast<int>(size);
    if (!counts.empty()) std::exclusive_scan(counts.begin(), counts.end(), displs.begin(), 0);
  }
  int total() const { return counts.empty() ? 0 : displs.back() + counts.back(); }
};

// Each rank sends send[r] elements of v (in rank order) to rank r; v becomes what it received.
template <typename T>
void alltoallv(std::vector<T>& v, const std::vector<int>& send, const std::vector<int>& recv) {
  const ByteLayout s(send, sizeof(T)), r(recv, sizeof(T));
  std::vector<T> out(static_cast<std::size_t>(r.total()) / sizeof(T));
  MPI_Alltoallv(v.data(), s.counts.data(), s.displs.data(), MPI_BYTE, out.data(), r.counts.data(),
                r.displs.data(), MPI_BYTE, MPI_COMM_WORLD);
  v = std::move(out);
}

// Rank 0 sends counts[r] elements of `all` (in rank order) to rank r, into `mine`.
template <typename T>
void scatterv(const std::vector<T>& all, std::vector<T>& mine, const std::vector<int>& counts) {
  const ByteLayout l(counts, sizeof(T));
  mine.resize(static_cast<std::size_t>(counts[static_cast<std::size_t>(world_rank())]));
  MPI_Scatterv(all.data(), l.counts.data(), l.displs.data(), MPI_BYTE, mine.data(),
               static_cast<int>(mine.size() * sizeof(T)), MPI_BYTE, 0, MPI_COMM_WORLD);
}

// Every rank's `mine` to rank 0, in rank order (counts: every rank's size, known on rank 0).
template <typename T>
std::vector<T> gatherv(const std::vector<T>& mine, const std::vector<int>& counts) {
  const ByteLayout l(counts, sizeof(T));
  std::vector<T> all(world_rank() == 0 ? static_cast<std::size_t>(l.total()) / sizeof(T) : 0);
  MPI_Gatherv(mine.data(), static_cast<int>(mine.size() * sizeof(T)), MPI_BYTE, all.data(),
              l.counts.data(), l.displs.data(), MPI_BYTE, 0, MPI_COMM_WORLD);
  return all;
}

// Every rank's element count.
inline std::vector<int> all_counts(std::size_t mine) {
  std::vector<int> counts(static_cast<std::size_t>(world_size()));
  const int n = static_cast<int>(mine);
  MPI_Allgather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  return counts;
}

}  // namespace galaxy::mpi

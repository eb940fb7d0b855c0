// SPDX-License-Identifier: MIT
// MPI collectives over std::vector columns, each element one MPI type: the body arrays
// (for_each_array in bodies.hpp), the ids, the costs and rank 0's vertices travel with these.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "cpu/parallel.hpp"

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

// Counts of `unit` MPI elements each and their offsets, in ints as MPI takes them; throws
// std::length_error where they reach past 2^31 - 1 (a silent overflow before).
struct Layout {
  std::vector<int> counts, displs;
  Layout(const std::vector<int>& elements, std::size_t unit)
      : counts(elements.size()), displs(elements.size()) {
    std::int64_t at = 0;
    for (std::size_t r = 0; r < elements.size(); ++r) {
      const std::int64_t c = std::int64_t(elements[r]) * std::int64_t(unit);
      if (at + c > std::numeric_limits<int>::max()) {
        throw std::length_error("more than 2^31 - 1 elements in one MPI collective (" +
                                std::to_string(at + c) + ")");
      }
      counts[r] = static_cast<int>(c), displs[r] = static_cast<int>(at);
      at += c;
    }
  }
  int total() const { return counts.empty() ? 0 : displs.back() + counts.back(); }
};

// One T as an MPI type (sizeof(T) bytes): the columns' collectives count elements, not bytes,
// so a column of up to 2^31 - 1 elements travels (bytes in ints overflowed at 2 GiB: the ids of
// 268M bodies).
template <typename T>
MPI_Datatype element_type() {
  static const MPI_Datatype type = [] {
    MPI_Datatype t;
    MPI_Type_contiguous(static_cast<int>(sizeof(T)), MPI_BYTE, &t);
    MPI_Type_commit(&t);
    return t;
  }();
  return type;
}

// Each rank sends send[r] elements of v (in rank order) to rank r; v becomes what it received.
template <typename T>
void alltoallv(std::vector<T>& v, const std::vector<int>& send, const std::vector<int>& recv) {
  const Layout s(send, 1), r(recv, 1);
  std::vector<T> out(static_cast<std::size_t>(r.total()));
  MPI_Alltoallv(v.data(), s.counts.data(), s.displs.data(), element_type<T>(), out.data(),
                r.counts.data(), r.displs.data(), element_type<T>(), MPI_COMM_WORLD);
  v = std::move(out);
}

// Rank 0 sends counts[r] elements of `all` (in rank order) to rank r, into `mine`.
template <typename T>
void scatterv(const std::vector<T>& all, std::vector<T>& mine, const std::vector<int>& counts) {
  const Layout l(counts, 1);
  mine.resize(static_cast<std::size_t>(counts[static_cast<std::size_t>(world_rank())]));
  MPI_Scatterv(all.data(), l.counts.data(), l.displs.data(), element_type<T>(), mine.data(),
               static_cast<int>(mine.size()), element_type<T>(), 0, MPI_COMM_WORLD);
}

// Every rank's `mine` to rank 0, in rank order (counts: every rank's size, known on rank 0).
template <typename T>
std::vector<T> gatherv(const std::vector<T>& mine, const std::vector<int>& counts) {
  const Layout l(counts, 1);
  std::vector<T> all(world_rank() == 0 ? static_cast<std::size_t>(l.total()) : 0);
  MPI_Gatherv(mine.data(), static_cast<int>(mine.size()), element_type<T>(), all.data(),
              l.counts.data(), l.displs.data(), element_type<T>(), 0, MPI_COMM_WORLD);
  return all;
}

// Rank 0's `v` (a std::vector or std::string) to every rank (its count must fit an int).
template <typename C>
void broadcast_vector(C& v) {
  using T = typename C::value_type;
  std::uint64_t n = v.size();
  MPI_Bcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (n > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
    throw std::length_error("broadcast_vector: more than 2^31 - 1 elements");
  }
  v.resize(n);
  if (n > 0) MPI_Bcast(v.data(), static_cast<int>(n), element_type<T>(), 0, MPI_COMM_WORLD);
}

// v[order[i]] at i, on every CPU thread.
template <typename T>
void permute(std::vector<T>& v, const std::vector<std::int32_t>& order) {
  std::vector<T> out(v.size());
  cpu::parallel_for(order.size(), 16384, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) out[i] = v[static_cast<std::size_t>(order[i])];
  });
  v = std::move(out);
}

// The even blocks of n elements over the ranks: rank r holds [block_first(n, r),
// block_first(n, r + 1)) (a new run's scatter, a parallel save's blocks); block_counts: their
// sizes.
inline std::uint64_t block_first(std::uint64_t n, int r) {
  return n * static_cast<std::uint64_t>(r) / static_cast<std::uint64_t>(world_size());
}
inline std::vector<int> block_counts(std::uint64_t n) {
  std::vector<int> counts(static_cast<std::size_t>(world_size()));
  for (int r = 0; r < world_size(); ++r) {
    counts[std::size_t(r)] = static_cast<int>(block_first(n, r + 1) - block_first(n, r));
  }
  return counts;
}

// Every rank's element count.
inline std::vector<int> all_counts(std::size_t mine) {
  std::vector<int> counts(static_cast<std::size_t>(world_size()));
  const int n = static_cast<int>(mine);
  MPI_Allgather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  return counts;
}

// "" where `code` is MPI_SUCCESS, else `path`, what failed and MPI's words for why.
inline std::string mpi_failure(int code, const std::string& path, const char* what) {
  if (code == MPI_SUCCESS) return "";
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(code, text, &len);
  return path + ": " + what + " (" + std::string(text, std::size_t(len)) + ")";
}

// Whether `mine` holds on every rank.
inline bool all_true(bool mine) {
  int v = mine ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return v == 1;
}

// The message of the first rank whose `why` is not empty, on rank 0 ("" where none failed).
inline std::string first_failure(const std::string& why) {
  const int me = world_rank();
  int first = why.empty() ? world_size() : me;
  MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first == world_size() || first == 0) return me == 0 ? why : "";
  if (me == first) {
    MPI_Send(why.data(), static_cast<int>(why.size()), MPI_CHAR, 0, 11, MPI_COMM_WORLD);
    return "";
  }
  if (me != 0) return "";
  MPI_Status st;
  MPI_Probe(first, 11, MPI_COMM_WORLD, &st);
  int len = 0;
  MPI_Get_count(&st, MPI_CHAR, &len);
  std::string theirs(static_cast<std::size_t>(len), ' ');
  MPI_Recv(theirs.data(), len, MPI_CHAR, first, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return "rank " + std::to_string(first) + ": " + theirs;
}

}  // namespace galaxy::mpi

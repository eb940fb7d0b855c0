// SPDX-License-Identifier: MIT
// A .gxy read by every rank at once (RankState::load_gxy), the parallel save's mirror
// (rank_save.cpp): rank 0 reads and checks the header (io::read_gxy_head); every rank reads its
// block of every array (rank r: bodies n r / K .. n (r + 1) / K, the blocks reset() scatters)
// with MPI_File_read_at and the checksum of each piece; rank 0 joins the pieces' checksums in
// file order after the header's and compares them with the file's; every rank checks its
// block's values. Only when every check passed on every rank does any rank take its block: a
// bad file leaves the run as it was. No rank holds more than its block (rank 0 no longer reads
// and scatters the whole file).
#include <mpi.h>

#include <bit>
#include <exception>
#include <string>
#include <type_traits>
#include <vector>

#include "io/binary.hpp"
#include "io/gxy.hpp"
#include "mpi/collectives.hpp"
#include "mpi/gxy_blocks.hpp"
#include "mpi/rank_state.hpp"

namespace galaxy::mpi {

namespace {

// This rank's block [first, first + count) of every array of the file (n bodies, a header of
// header_bytes); the checksum of each piece, in the file's order.
std::vector<std::uint32_t> read_block(MPI_File file, HostBodies& b, std::uint64_t n,
                                      std::uint64_t first, std::size_t header_bytes,
                                      const std::string& path) {
  std::vector<std::uint32_t> crcs;
  const std::size_t count = b.size();
  int array = 0;
  for_each_array(b, [&](auto& v) {
    using T = typename std::decay_t<decltype(v)>::value_type;
    const MPI_Offset at = static_cast<MPI_Offset>(header_bytes + io::gxy_offset(array++, n, first) -
                                                  io::kGxyHeaderBytes);
    MPI_Status st;
    const int code =
        MPI_File_read_at(file, at, v.data(), static_cast<int>(count), element_type<T>(), &st);
    int got = 0;
    MPI_Get_count(&st, element_type<T>(), &got);
    if (code != MPI_SUCCESS || static_cast<std::size_t>(got) != count) {
      throw std::runtime_error(code != MPI_SUCCESS ? mpi_failure(code, path, "read failed")
                                                   : path + ": truncated while reading");
    }
    crcs.push_back(io::gxy_crc(0, v.data(), count * sizeof(T)));
    if constexpr (std::is_same_v<T, float> && std::endian::native != std::endian::little) {
      for (float& f : v) f = io::in_order(f, std::endian::little);
    }
  });
  return crcs;
}

}  // namespace

std::string RankState::load_gxy(const std::string& path, bool file_forces) {
  const int me = world_rank();
  io::GxyHead head;
  std::string why;
  if (me == 0) {
    try {
      head = io::read_gxy_head(path);
    } catch (const std::exception& e) {
      why = e.what();
    }
  }
  std::uint64_t shape[2] = {head.bodies, head.header_bytes};
  MPI_Bcast(shape, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (!all_true(why.empty())) return why;
  std::string name = path;
  broadcast_vector(name);
  const std::uint64_t n = shape[0], first = block_first(n, me);
  MPI_File file;
  why = mpi_failure(
      MPI_File_open(MPI_COMM_WORLD, name.c_str(), MPI_MODE_RDONLY, MPI_INFO_NULL, &file), name,
      "cannot open the file on every rank");
  const bool opened = all_true(why.empty());
  why = first_failure(why);
  if (!opened) return why;
  HostBodies mine;
  std::vector<std::uint32_t> crcs(io::kGxyArrays, 0);
  try {
    mine.resize(block_first(n, me + 1) - first);
    crcs = read_block(file, mine, n, first, shape[1], name);
    io::check_gxy_block(mine, first, name);
  } catch (const std::bad_alloc&) {
    why = name + ": not enough memory for this rank's " + std::to_string(mine.size()) + " bodies";
  } catch (const std::exception& e) {
    why = e.what();
  }
  MPI_File_close(&file);
  std::vector<std::uint32_t> all(me == 0 ? crcs.size() * std::size_t(world_size()) : 0);
  MPI_Gather(crcs.data(), io::kGxyArrays, MPI_UINT32_T, all.data(), io::kGxyArrays, MPI_UINT32_T, 0,
             MPI_COMM_WORLD);
  if (me == 0 && why.empty() && join_blocks(head.header_crc, all, n) != head.file_crc) {
    why = name + ": checksum mismatch: the file is corrupted";
  }
  const bool ok = all_true(why.empty());
  why = first_failure(why);
  if (!ok) return why;
  take_block(std::move(mine), n, file_forces);
  return "";
}

}  // namespace galaxy::mpi

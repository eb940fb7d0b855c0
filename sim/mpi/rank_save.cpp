// SPDX-License-Identifier: MIT
// A .gxy written by all ranks at once (RankState::save_gxy): the bodies move to the ranks by
// blocks of the run's order (collectives.hpp's block_first: those a new run scatters), and each
// rank writes its block of every array at its place in the file through MPI-IO, with the checksum
// of each piece; rank 0 joins those into the file's (zlib's crc32_combine) and writes the header
// and the checksum. The file is byte for byte what one process writes of the same bodies
// (io/gxy.hpp), and is written as a save always is: into a temporary file beside it, renamed over
// it once complete (io::atomic_write_file), so a failure on any rank leaves an older file as it
// was.
#include <mpi.h>

#include <array>
#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/gxy.hpp"
#include "mpi/collectives.hpp"
#include "mpi/gxy_blocks.hpp"
#include "mpi/rank_state.hpp"

namespace galaxy::mpi {

namespace {

// The rank whose block (collectives.hpp's block_first) holds index `id` of n.
int block_of(std::uint64_t id, std::uint64_t n, int k) {
  int r = static_cast<int>(id * static_cast<std::uint64_t>(k) / n);
  while (r + 1 < k && block_first(n, r + 1) <= id) ++r;
  while (r > 0 && block_first(n, r) > id) --r;
  return r;
}

// `b` and `ids` become this rank's block, in the run's order.
void to_blocks(HostBodies& b, std::vector<std::uint64_t>& ids, std::uint64_t n) {
  const int k = world_size();
  std::vector<int> send(static_cast<std::size_t>(k), 0), at(send.size(), 0);
  std::vector<int> dest(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i)
    ++send[std::size_t(dest[i] = block_of(ids[i], n, k))];
  for (std::size_t r = 1; r < send.size(); ++r) at[r] = at[r - 1] + send[r - 1];
  std::vector<std::int32_t> order(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i)
    order[std::size_t(at[std::size_t(dest[i])]++)] = int(i);
  std::vector<int> recv(send.size());
  MPI_Alltoall(send.data(), 1, MPI_INT, recv.data(), 1, MPI_INT, MPI_COMM_WORLD);
  const auto move = [&](auto& v) {
    permute(v, order);
    alltoallv(v, send, recv);
  };
  move(ids);
  for_each_array(b, move);
  // Within the block by index: ids are first .. first + count - 1, each once.
  const std::uint64_t first = block_first(n, world_rank());
  if (ids.size() != block_first(n, world_rank() + 1) - first) {
    throw std::logic_error("a save's block holds " + std::to_string(ids.size()) + " bodies");
  }
  order.assign(ids.size(), 0);
  for (std::size_t i = 0; i < ids.size(); ++i) order[std::size_t(ids[i] - first)] = int(i);
  for_each_array(b, [&](auto& v) { permute(v, order); });
}

// This rank's block of each array into `file` at its place; the checksum of each piece.
// for_each_array goes through the arrays in the file's order, x ... pot, population, galaxy
// (Gxy.BlocksOfEachArrayMakeTheSameFile assembles a file so).
std::vector<std::uint32_t> write_block(MPI_File file, const HostBodies& b, std::uint64_t n,
                                       std::uint64_t first, const std::string& path) {
  std::vector<std::uint32_t> crcs;
  int array = 0;
  const auto put = [&](const auto& v) {
    static_assert(std::endian::native == std::endian::little, ".gxy arrays are little-endian");
    const auto* bytes = reinterpret_cast<const unsigned char*>(v.data());
    const std::size_t size = v.size() * sizeof(v[0]);
    constexpr std::size_t kPiece = std::size_t(1) << 30;  // MPI counts are ints
    for (std::size_t done = 0; done < size; done += kPiece) {
      const auto len = static_cast<int>(std::min(kPiece, size - done));
      const auto offset = static_cast<MPI_Offset>(io::gxy_offset(array, n, first) + done);
      const int code =
          MPI_File_write_at(file, offset, bytes + done, len, MPI_BYTE, MPI_STATUS_IGNORE);
      if (code != MPI_SUCCESS) throw std::runtime_error(mpi_failure(code, path, "write failed"));
    }
    crcs.push_back(io::gxy_crc(0, bytes, size));
    ++array;
  };
  for_each_array(b, put);
  return crcs;
}

using Header = std::array<unsigned char, io::kGxyHeaderBytes>;

// Rank 0: the header, and the checksum of the header and every rank's pieces in file order.
std::string write_ends(MPI_File file, const std::vector<std::uint32_t>& crcs, std::uint64_t n,
                       const Header& header, const std::string& path) {
  const std::uint32_t c = join_blocks(io::gxy_crc(0, header.data(), header.size()), crcs, n);
  unsigned char tail[4] = {static_cast<unsigned char>(c), static_cast<unsigned char>(c >> 8),
                           static_cast<unsigned char>(c >> 16),
                           static_cast<unsigned char>(c >> 24)};
  const auto end = static_cast<MPI_Offset>(io::gxy_offset(io::kGxyArrays, n, 0));
  int code =
      MPI_File_write_at(file, 0, header.data(), int(header.size()), MPI_BYTE, MPI_STATUS_IGNORE);
  if (code == MPI_SUCCESS)
    code = MPI_File_write_at(file, end, tail, 4, MPI_BYTE, MPI_STATUS_IGNORE);
  return mpi_failure(code, path, "write failed");
}

// Every rank writes its block into `tmp` (collective); "" or, on rank 0, what failed and where.
std::string write_parts(const std::string& tmp, const std::string& path, const HostBodies& b,
                        std::uint64_t n, const Units& u, const Header& header) {
  const int k = world_size(), me = world_rank();
  std::string why;
  MPI_File file;
  const int mode = MPI_MODE_CREATE | MPI_MODE_WRONLY;
  // Where a rank could not open it, no rank goes on (closing is collective too: a rank that did
  // open keeps its handle rather than wait for the others in the close).
  why = mpi_failure(MPI_File_open(MPI_COMM_WORLD, tmp.c_str(), mode, MPI_INFO_NULL, &file), path,
                    "cannot create the temporary file over the ranks");
  const bool opened = all_true(why.empty());
  why = first_failure(why);
  if (!opened) return why;
  std::vector<std::uint32_t> crcs(io::kGxyArrays, 0);
  try {
    io::check_gxy_save(b, n, u, path);
    crcs = write_block(file, b, n, block_first(n, me), path);
  } catch (const std::exception& e) {
    why = e.what();
  }
  std::vector<std::uint32_t> all(me == 0 ? crcs.size() * std::size_t(k) : 0);
  MPI_Gather(crcs.data(), io::kGxyArrays, MPI_UINT32_T, all.data(), io::kGxyArrays, MPI_UINT32_T, 0,
             MPI_COMM_WORLD);
  why = first_failure(why);
  if (why.empty() && me == 0) why = write_ends(file, all, n, header, path);
  // Collective, as the close is: on the disk before the rename.
  const std::string synced = mpi_failure(MPI_File_sync(file), path, "write failed");
  const std::string closed = mpi_failure(MPI_File_close(&file), path, "write failed on closing");
  const std::string late = first_failure(!synced.empty() ? synced : closed);  // any rank's
  return !why.empty() ? why : late;
}

}  // namespace

std::string RankState::save_gxy(const std::string& path, const Units& units) {
  std::vector<std::uint64_t> ids = ids_;
  HostBodies b = device_ ? device_->download(ids) : bodies_;
  to_blocks(b, ids, total_);
  std::string tmp, error;
  // Rank 0 tells the others the temporary file's name (empty: the save failed before it); they
  // write there.
  const Header header = io::gxy_header(total_, time_, steps_, params_, units);
  const auto write = [&](const std::string& name) {
    return write_parts(name, path, b, total_, units, header);
  };
  if (world_rank() != 0) {
    broadcast_vector(tmp);
    if (!tmp.empty()) write(tmp);
    return "";
  }
  bool told = false;
  try {
    io::atomic_write_file(path, [&](const std::filesystem::path& t) {
      tmp = t.string();
      broadcast_vector(tmp);
      told = true;
      if (std::string why = write(tmp); !why.empty()) throw std::runtime_error(why);
    });
  } catch (const std::exception& e) {
    error = e.what();
    if (!told) broadcast_vector(tmp = "");
  }
  return error;
}

}  // namespace galaxy::mpi

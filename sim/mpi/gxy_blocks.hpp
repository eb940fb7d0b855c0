// SPDX-License-Identifier: MIT
// A .gxy written and read by all ranks at once (rank_save.cpp, rank_load.cpp): each rank's block
// of every array (bodies block_first(n, r) .. block_first(n, r + 1), collectives.hpp) is one
// piece of the file with its own checksum.
#pragma once

#include <cstdint>
#include <vector>

#include "io/gxy.hpp"
#include "mpi/collectives.hpp"

namespace galaxy::mpi {

// The file's checksum: `c` (the header's) continued by every rank's pieces in file order, array
// by array and rank by rank within each; crcs[r * kGxyArrays + a] is rank r's piece of array a.
inline std::uint32_t join_blocks(std::uint32_t c, const std::vector<std::uint32_t>& crcs,
                                 std::uint64_t n) {
  for (int a = 0; a < io::kGxyArrays; ++a) {
    const std::uint64_t bytes_each = io::gxy_offset(a, n, 1) - io::gxy_offset(a, n, 0);
    for (int r = 0; r < world_size(); ++r) {
      const std::uint64_t count = block_first(n, r + 1) - block_first(n, r);
      c = io::gxy_crc_join(c, crcs[std::size_t(r) * io::kGxyArrays + std::size_t(a)],
                           count * bytes_each);
    }
  }
  return c;
}

}  // namespace galaxy::mpi

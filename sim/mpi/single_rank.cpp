// SPDX-License-Identifier: MIT
// The ranks of a run (ranks.hpp) in a build without MPI: always one. Started by mpirun all the
// same, each process runs the whole simulation on its own; rank 0 says so once.
#include <cstdio>
#include <cstdlib>

#include "ranks.hpp"

namespace galaxy {

Ranks::Ranks(int&, char**&) {
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  const char* rank = std::getenv("OMPI_COMM_WORLD_RANK");
  if (size && std::atoi(size) > 1 && (!rank || std::atoi(rank) == 0)) {
    std::fprintf(stderr, "galaxy: built without MPI (GALAXY_ENABLE_MPI=OFF), each of the %s "
                 "processes mpirun started runs a simulation of its own\n", size);
  }
}
Ranks::~Ranks() = default;
int Ranks::serve() { return 0; }
int rank_count() { return 1; }

}  // namespace galaxy

// SPDX-License-Identifier: MIT
// The ranks of a run (ranks.hpp), built with MPI.
#include "ranks.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdlib>
#include <thread>

#include "mpi/mpi_simulation.hpp"
#include "threads.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy {

namespace {
// Started by mpirun (Open MPI, or a PMI launcher): only then is MPI initialised, so that a plain
// `galaxy` never starts an MPI runtime (a singleton MPI_Init is slow and, as root, refused).
bool launched_by_mpirun() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"}) {
    if (std::getenv(v)) return true;
  }
  return false;
}

// What Open MPI says of the ranks on this machine (OMPI_COMM_WORLD_LOCAL_*), or `otherwise` where
// it says nothing usable (below `least`).
int local_env(const char* name, int least, int otherwise) {
  const char* v = std::getenv(name);
  const int n = v ? std::atoi(v) : otherwise;
  return n >= least ? n : otherwise;
}
int ranks_here(int size) { return local_env("OMPI_COMM_WORLD_LOCAL_SIZE", 1, size); }
// This process's index among the ranks of its machine (0 where the launcher does not say).
int index_here() { return local_env("OMPI_COMM_WORLD_LOCAL_RANK", 0, 0); }

int g_size = 1;
}  // namespace

Ranks::Ranks(int& argc, char**& argv) {
  if (!launched_by_mpirun()) return;
  MPI_Init(&argc, &argv);
  initialised_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  g_size = size_;
  if (size_ > 1) {
    // The ranks on this machine share its cores (rank 0's --threads overrides).
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    set_cpu_threads(std::max(1, cores / ranks_here(size_)));
#if GALAXY_HAVE_CUDA
    use_cuda_device(index_here());  // the ranks of a machine spread over its GPUs, one each
#endif
  }
}

Ranks::~Ranks() {
  if (!initialised_) return;
  if (rank_ == 0 && size_ > 1) mpi::stop_serving();
  MPI_Finalize();
}

int Ranks::serve() { return mpi::serve_commands(); }

int rank_count() { return g_size; }

}  // namespace galaxy

// SPDX-License-Identifier: MIT
// The one file of the interface that knows the backends: the factory, and what the interface asks
// of the CUDA runtime (is a device there, how much of its memory is free). Nothing else in sim/'s
// top level includes a backend header.
#include <stdexcept>

#include "cpu/cpu_simulation.hpp"
#include "memory.hpp"
#include "ranks.hpp"
#include "simulation.hpp"

#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif
#if GALAXY_HAVE_MPI
#include "mpi/mpi_simulation.hpp"
#endif

namespace galaxy {

bool cuda_available(std::string* why) {
#if GALAXY_HAVE_CUDA
  return cuda_device_available(why);
#else
  if (why) *why = "this build of galaxy has no CUDA support (configured with GALAXY_ENABLE_CUDA=OFF)";
  return false;
#endif
}

std::uint64_t device_free_bytes() {
#if GALAXY_HAVE_CUDA
  if (!cuda_available()) return 0;
  return cuda_device_memory_free();
#else
  return 0;
#endif
}

std::unique_ptr<Simulation> make_simulation(Backend backend, Solver solver, const SimParams& p) {
#if GALAXY_HAVE_MPI
  // Started by mpirun with several ranks: Barnes-Hut over all of them, each rank's own walk on
  // the CPU or on its CUDA device (rank_state.hpp).
  if (rank_count() > 1) {
    if (solver != Solver::BarnesHut) {
      throw std::runtime_error("a run over several MPI ranks uses the Barnes-Hut solver (--solver bh)");
    }
    std::string why;
    if (backend == Backend::Cuda && !cuda_available(&why)) {
      throw std::runtime_error("the cuda backend is not available: " + why);
    }
    return std::make_unique<mpi::MpiSimulation>(p, backend);
  }
#endif
  if (backend == Backend::Cuda) {
    std::string why;
    if (!cuda_available(&why)) throw std::runtime_error("the cuda backend is not available: " + why);
#if GALAXY_HAVE_CUDA
    return make_cuda_simulation(solver, p);
#endif
  }
  auto sim = std::make_unique<CpuSimulation>(solver, p);
  sim->set_params(p);
  return sim;
}

}  // namespace galaxy

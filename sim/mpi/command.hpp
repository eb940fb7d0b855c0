// SPDX-License-Identifier: MIT
// What rank 0 tells the other ranks to do: one broadcast Command per collective operation of
// RankState (rank_state.hpp), which rank 0's MpiSimulation and the others' serve() loop then
// both call with the command's arguments.
#pragma once

#include <mpi.h>

#include <cstdint>

#include "params.hpp"
#include "simulation.hpp"

namespace galaxy::mpi {

enum class Op : std::int32_t {
  Configure,  // params, threads, backend: a new run
  Reset,      // bodies scattered from rank 0
  SetParams,
  SetClock,
  RestoreForces,
  ComputeForces,
  Step,
  Gather,
  Vertices,  // stride, device: what rank 0 draws
  SaveGxy,   // every rank writes its share of a .gxy (rank 0 has the path)
  LoadGxy,   // every rank reads its block of a .gxy (rank 0 has the path)
  Capture,   // keyframe: every rank keeps its share under the id
  Restore,   // keyframe: every rank goes back to its share kept under the id
  Diagnostics,
  ExactSample,  // bodies and their float64 direct sums (rank 0 broadcasts which)
  BodiesAt,     // bodies (rank 0 broadcasts which)
  ClearRunaway,
  Quit,
};

struct Command {
  Op op = Op::Quit;
  std::int32_t threads = 0;
  Backend backend = Backend::Cpu;  // of each rank's own walk (rank_state.hpp)
  SimParams params;
  double time = 0;
  std::uint64_t steps = 0;
  std::uint64_t stride = 1;  // Vertices: every stride-th body
  bool device = false;       // Vertices: into rank 0's device memory
  std::uint64_t keyframe = 0;  // Capture, Restore: rank 0's id of the keyframe
  bool file_forces = false;    // LoadGxy: the file's accelerations are taken
};

// Rank 0: sends c to the others. Others: receives the next command.
inline void broadcast(Command& c) {
  MPI_Bcast(&c, sizeof(Command), MPI_BYTE, 0, MPI_COMM_WORLD);
}

}  // namespace galaxy::mpi

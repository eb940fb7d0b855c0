// SPDX-License-Identifier: MIT
// One run over several MPI ranks (sim/mpi/; `mpirun -np K galaxy --headless ...`): which rank
// this process is, and the set-up every rank makes in main(). Backend-neutral, like threads.hpp:
// a build without MPI (GALAXY_ENABLE_MPI=OFF) or a program started without mpirun is one rank.
#pragma once

namespace galaxy {

// Initialises MPI where the program was started by mpirun (and built with MPI), else nothing.
// Rank 0 runs the program; the others serve() it: rank 0's simulation (make_simulation gives an
// MPI one where there are several ranks) sends them each operation. The destructor, on rank 0,
// tells them to stop, and ends MPI.
class Ranks {
 public:
  Ranks(int& argc, char**& argv);
  ~Ranks();
  Ranks(const Ranks&) = delete;
  Ranks& operator=(const Ranks&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  // Ranks other than 0: carries out rank 0's operations until it stops; the exit status. A
  // failure on this rank prints one message and ends every rank (MPI_Abort).
  int serve();

 private:
  int rank_ = 0, size_ = 1;
  bool initialised_ = false;
};

// The ranks of this run (1 without MPI).
int rank_count();

}  // namespace galaxy

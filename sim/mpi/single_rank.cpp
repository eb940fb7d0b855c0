// SPDX-License-Identifier: MIT
// The ranks of a run (ranks.hpp) in a build without MPI: always one.
#include "ranks.hpp"

namespace galaxy {

Ranks::Ranks(int&, char**&) {}
Ranks::~Ranks() = default;
int Ranks::serve() { return 0; }
int rank_count() { return 1; }

}  // namespace galaxy

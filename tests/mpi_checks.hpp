// SPDX-License-Identifier: MIT
// galaxy_mpi_check's modes kept in their own files (mpi_check.cpp runs them).
#pragma once

#include <cstddef>
#include <string>

// Keyframes over the ranks: going back and stepping on repeats the run bit for bit
// (mpi_rewind.cpp); 0 when it does.
int rewind_check(const std::string& scenario, std::size_t n, int steps, bool cuda);

// The exact sample over the ranks against one process's direct sum of the gathered bodies
// (mpi_exact.cpp); 0 when they agree.
int exact_check(const std::string& scenario, std::size_t n, std::size_t samples, bool cuda);

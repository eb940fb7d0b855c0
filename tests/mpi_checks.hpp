// SPDX-License-Identifier: MIT
// galaxy_mpi_check's modes kept in their own files (mpi_check.cpp runs them).
#pragma once

#include <cstddef>
#include <string>

// Keyframes over the ranks: going back and stepping on repeats the run bit for bit
// (mpi_rewind.cpp); 0 when it does.
int rewind_check(const std::string& scenario, std::size_t n, int steps, bool cuda);

// SPDX-License-Identifier: MIT
// The one formatter of CUDA errors, for sim/ (CUDA_CHECK, cuda/cuda_check.cuh), render/ (the
// interop buffer and the device vertices) and the tests: "what: cudaErrorName (description)".
// It includes no CUDA header, so that render/ uses it without knowing the simulation: the error
// type is a template parameter, and cudaGetErrorName / cudaGetErrorString are found by
// argument-dependent lookup where it is instantiated, in a file that includes the CUDA runtime.
#pragma once

#include <string>
#include <string_view>

namespace galaxy {

template <class CudaError>
std::string cuda_error_message(std::string_view what, CudaError e) {
  std::string s(what);
  s += ": ";
  s += cudaGetErrorName(e);
  s += " (";
  s += cudaGetErrorString(e);
  s += ")";
  return s;
}

}  // namespace galaxy

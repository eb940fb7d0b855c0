// SPDX-License-Identifier: MIT
// The bodies as NumPy and DLPack arrays: views of the CPU backend's own host arrays (no copy),
// copies in the (N, 3) layout, and the CUDA backend's device positions shared through DLPack.
#pragma once

#include <nanobind/nanobind.h>

namespace galaxy::python {

class PyRun;

void bind_arrays(nanobind::class_<PyRun>& cls);

}  // namespace galaxy::python

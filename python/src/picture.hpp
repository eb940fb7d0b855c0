// SPDX-License-Identifier: MIT
// The run's pictures: render() draws its current state headless (EGL) and show() opens the
// interactive window on it, each through the program's own App (app/app.hpp) started from a
// snapshot of the run, so the picture is the one `galaxy --headless --record` draws.
#pragma once

#include <nanobind/nanobind.h>

namespace galaxy::python {

class PyRun;

void bind_picture(nanobind::class_<PyRun>& cls);

}  // namespace galaxy::python

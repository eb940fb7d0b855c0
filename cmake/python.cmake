# SPDX-License-Identifier: MIT
# The Python module `galaxy` (python/), built where a Python development package (Debian's
# python3-dev) and nanobind (PyPI; scripts/setup installs it into build/pyvenv) are found: by
# this build (GALAXY_PYTHON, on by default then) or by `pip install .` (pyproject.toml, through
# scikit-build-core). A Python module is a shared object, so every library it links is compiled
# position-independent where it is built.
find_package(Python 3.9 COMPONENTS Interpreter Development.Module QUIET)
set(_galaxy_python_default OFF)
if(Python_FOUND)
  execute_process(COMMAND ${Python_EXECUTABLE} -m nanobind --cmake_dir
                  OUTPUT_VARIABLE _galaxy_nanobind_dir OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE _galaxy_nanobind_rc ERROR_QUIET)
  if(_galaxy_nanobind_rc EQUAL 0 AND EXISTS "${_galaxy_nanobind_dir}")
    set(nanobind_DIR "${_galaxy_nanobind_dir}" CACHE PATH "nanobind's CMake folder")
    set(_galaxy_python_default ON)
  endif()
endif()
option(GALAXY_PYTHON "Build the Python module galaxy (needs python3-dev and nanobind)"
       ${_galaxy_python_default})
if(GALAXY_PYTHON)
  if(NOT Python_FOUND OR NOT nanobind_DIR)
    message(FATAL_ERROR "GALAXY_PYTHON needs a Python development package (python3-dev) and "
                        "nanobind importable by ${Python_EXECUTABLE} (pip install nanobind)")
  endif()
  set(CMAKE_POSITION_INDEPENDENT_CODE ON)
  message(STATUS "galaxy: the Python module, with ${Python_EXECUTABLE} and nanobind in ${nanobind_DIR}")
else()
  message(STATUS "galaxy: no Python module (GALAXY_PYTHON off: python3-dev or nanobind not found)")
endif()

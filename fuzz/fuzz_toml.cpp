// SPDX-License-Identifier: MIT
// libFuzzer target for galaxy's TOML readers: each input is read as an encounter file
// (io/encounter_file.cpp; one that loads is also generated with a few bodies a galaxy) and as a
// camera path (app/picture/camera_path_file.cpp). The input goes into an in-memory file (memfd)
// loaded from its /proc path. A reader may throw std::runtime_error (the file is refused) and the
// generator std::invalid_argument (the encounter cannot be built), but nothing may crash, leak,
// overflow the stack, hit undefined behaviour or hang; what loads must pass the checks every load
// promises (finite bodies with mass).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "fuzz_input.hpp"
#include "io/encounter_file.hpp"
#include "picture/camera_path_file.hpp"

namespace {

void check(const galaxy::HostBodies& b) {
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!std::isfinite(b.x[i]) || !std::isfinite(b.vx[i]) || !(b.m[i] > 0.0f)) std::abort();
  }
}

void try_encounter(const std::string& path) {
  try {
    const galaxy::Encounter e = galaxy::io::load_encounter(path);
    check(galaxy::make_encounter(e, 8 * e.galaxies.size(), 1));
  } catch (const std::runtime_error&) {
  } catch (const std::invalid_argument&) {
  }
}

void try_camera_path(const std::string& path) {
  try {
    const galaxy::app::CameraPath p = galaxy::app::load_camera_path(path);
    if (p.keys.empty()) std::abort();
  } catch (const std::runtime_error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = galaxy::fuzz::input_file(data, size);
  try_encounter(path);
  try_camera_path(path);
  return 0;
}

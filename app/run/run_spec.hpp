// SPDX-License-Identifier: MIT
// A run described as plain data: what its bodies come from, its parameters, where and how it
// steps and what memory it may take. Every front end builds one: the command line from its
// options (cli/run_spec_options.hpp), the panel from its controls, a script from its arguments;
// Session, Runner and Run take it and know no front end.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bodies.hpp"
#include "io/file_units.hpp"
#include "params.hpp"
#include "simulation.hpp"

namespace galaxy::app {

// The defaults every front end starts from (the command line's --scenario and --seed too).
inline constexpr std::string_view kDefaultScenario = "collision";  // two disk galaxies merging
inline constexpr std::uint64_t kDefaultSeed = 20261123;
// Keyframe budgets by default: device memory for the CUDA backend, host memory for the CPU.
inline constexpr std::size_t kKeyframeMibCuda = 4096, kKeyframeMibCpu = 1024;

// What the bodies come from. The run starts from `given` bodies where there are some, else from
// `snapshot` where one is named, else from the encounter file where one is named, else from the
// scenario; body-count changes and resets make the encounter's or the scenario's bodies again
// (after given bodies or a snapshot too).
struct BodySource {
  std::string scenario{kDefaultScenario};  // a name of scenarios/scenarios.hpp or a preset
  std::optional<std::size_t> count;        // unset: a default that suits the backend
  std::string encounter;                   // an encounter file (.toml, io/encounter_file.hpp)
  std::string snapshot;                    // a snapshot file, format by extension
  // How a snapshot reads: the units of a file that states none (HDF5, Tipsy, CSV), and the
  // HDF5 particle types loaded (bit k: PartType k).
  std::optional<io::FileUnits> units;
  std::uint32_t particle_types = 0xff;
  // Bodies made by the caller (the bench's one set for every configuration, a script's arrays),
  // in G = 1 units; shared, so that a copy of the spec copies no bodies.
  std::shared_ptr<const HostBodies> given;
};

struct RunSpec {
  BodySource bodies;
  SimParams params;
  // The parameters asked for explicitly: they override a snapshot's own (with a note), where
  // the others give way to the file's.
  std::vector<const ParamInfo*> given_params;
  std::optional<Backend> backend;  // unset: cuda where a device is present, else cpu
  Solver solver = Solver::BarnesHut;
  std::optional<int> threads;  // the CPU backend's threads (threads.hpp); unset: left as they are
  std::uint64_t seed = kDefaultSeed;  // of the scenario's or encounter's bodies
  // The run draws its bodies: the memory preflight counts the vertex buffers, and each finished
  // step publishes its vertices (FrameHandoff).
  bool rendering = true;
  // The simulation steps on a thread of its own; false: in lockstep, on the caller's thread.
  bool threaded = true;
  // Keyframes are kept for going back in time, within keyframe_mib (unset: kKeyframeMibCuda on
  // the GPU; on the CPU kKeyframeMibCpu or a quarter of the available host memory, the smaller).
  bool keyframes = true;
  std::optional<std::size_t> keyframe_mib;

  // Sets parameter `name` (or its option, "--theta") to `value` and marks it given; throws
  // std::invalid_argument naming an unknown parameter. The value is checked where the run starts.
  void set_param(std::string_view name, double value);
};

// The keyframe budget in bytes of `spec` on `backend` (0 without keyframes).
std::size_t keyframe_budget(const RunSpec& spec, Backend backend);

}  // namespace galaxy::app

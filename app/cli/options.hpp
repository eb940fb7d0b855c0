// SPDX-License-Identifier: MIT
// The command line: one struct of settings, parsed by CLI11.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/file_units.hpp"
#include "simulation.hpp"
#include "run/run_spec.hpp"
#include "run/speed.hpp"

namespace galaxy::app {

// `galaxy bench`: timed steps for each body count, backend and solver.
struct BenchOptions {
  std::vector<std::size_t> bodies{100000, 1000000, 10000000};
  std::vector<Backend> backends;  // empty: every backend this machine has
  std::vector<Solver> solvers{Solver::BarnesHut, Solver::Direct};
  int warmup = 2;               // untimed steps first
  int steps = 10;               // timed steps (fewer when a step is slower than the budget allows)
  double budget_s = 30;         // wall-clock budget of one configuration
  std::size_t samples = 10000;  // bodies of the float64 accuracy check (p99 stable to a few %)
  std::vector<float> thetas{SimParams{}.theta};        // a row for each opening angle
  std::vector<int> multipoles{SimParams{}.multipole};  // and each multipole order (Barnes-Hut)
  std::vector<float> alphas{SimParams{}.alpha};        // and each relative-criterion alpha
  bool direct_kernels = true;   // also time seed 001's three direct kernels (CUDA)
  std::string csv;              // write the rows here as well
};

struct Options {
  std::optional<Backend> backend;  // unset: cuda where a device is present, else cpu
  Solver solver = Solver::BarnesHut;
  std::string scenario{kDefaultScenario};  // the demo: two disk galaxies merging
  std::optional<std::size_t> bodies;  // unset: a default that suits the backend
  std::uint64_t seed = kDefaultSeed;
  // Threads of the CPU backend (sim/threads.hpp); unset: every core, less one for a window.
  std::optional<int> threads;
  SimParams params;
  // The parameters the command line set: they override a snapshot's own.
  std::vector<const ParamInfo*> given_params;
  std::optional<long> steps;  // run this many steps, then exit
  bool headless = false;
  std::string save;  // write the final state here
  bool bench = false;  // `galaxy bench`
  BenchOptions bench_options;

  // The visualizer (a window, or headless rendering with --frames / --record).
  std::optional<long> frames;        // quit after this many frames
  std::optional<double> soak_seconds;  // --soak: unpaced frames this long, resident memory shown
  std::string record;                // DIR: numbered PNG frames; FILE.mp4: piped into ffmpeg
  bool record_replace = false;       // remove an earlier recording's frames from DIR first
  bool record_panel = false;         // recordings show the panel too (by default the picture)
  int record_fps = 30;               // --record FILE.mp4 plays at this rate
  bool no_ui = false;                // render without the panel
  std::optional<int> width, height;  // unset: 1280x720 in a window, 1920x1080 headless
  std::string splat = "auto";        // points, compute, or auto (by body count)
  std::optional<int> octree;         // show the octree overlay down to this depth
  std::optional<int> pick;           // show this body's tree walk
  std::string colour_map;            // a body field's cli_name (body_field_table.hpp): shown first
  std::string reference;  // an image drawn behind the bodies (render/reference_image.hpp)
  std::optional<float> reference_opacity;
  std::string load;  // start from this snapshot instead of the scenario
  std::optional<io::FileUnits> units;  // --units: a loaded file's units where it states none
  std::uint32_t particle_types = 0xff;  // --particle-types: bit k loads HDF5's PartType k
  std::string encounter;  // run this encounter file (.toml) instead of the scenario
  // The frame loop and the simulation's thread.
  Speed speed;
  bool lockstep = false;            // each frame waits for its steps (implied by --record)
  std::optional<double> display_hz;  // headless: pace frames as a display of this rate would
  std::optional<std::size_t> keyframe_mib;  // keyframe memory budget
  std::optional<std::size_t> max_drawn;     // bodies drawn at most while it runs (a subset above)
  float orbit_deg = 0;  // the camera turns this much each frame (measurements, clips)
  // The fit (at the start and on the fit key): from where, and of which galaxy (-1 all).
  std::string view = "kept";
  int fit_galaxy = -1;
  std::string follow = "off";  // what the camera follows (picture/follow.hpp)
  bool three_view = false;     // x-y, x-z and y-z side by side
  bool dock = false;           // the panel starts docked to a strip at the left
  std::string camera_path;     // play this camera path file (picture/camera_path_file.hpp)
  bool fullscreen = false;     // the window fills the primary monitor
  // --kiosk: full screen, no panel, the presets (or kiosk_list) in turn, kiosk_seconds each.
  bool kiosk = false;
  std::vector<std::string> kiosk_list;
  double kiosk_seconds = 60;
  int trails = 0;  // follow this many bodies' trails (render::TrailParams; 0: none)
  // --drop FRAME:BODIES: at that frame the drop tool's galaxy of BODIES bodies drops at the view's
  // centre, at rest (scripted demos; what a drop costs the frames).
  std::optional<long> drop_frame;
  std::size_t drop_bodies = 0;
};

// True when the options ask for the energy table of the terminal run rather than rendering:
// --headless without --frames or --record.
inline bool wants_energy_table(const Options& o) {
  return o.headless && !o.frames && o.record.empty();
}

// Parsed options, or the exit status to return at once (0 after --help, 2 after an error; the
// message has been printed).
struct ParseResult {
  Options options;
  std::optional<int> exit_code;
};

// `footer`: what --help prints after the options (main gives the window's keys).
ParseResult parse_options(int argc, const char* const* argv, const std::string& footer = {});

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "cli/options.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <utility>

#include "render_params.hpp"
#include "cli/validators.hpp"
#include "io/formats.hpp"
#include "io/hdf5.hpp"
#include "picture/camera_path_file.hpp"
#include "io/snapshot.hpp"
#include "scenarios/scenarios.hpp"
#include "text/body_count.hpp"

namespace galaxy::app {

namespace {

// The parameter's option, storing into `p` and checked by its row.
CLI::Option* add_param_option(CLI::App& cli, const ParamInfo& info, SimParams& p) {
  return std::visit(
      [&](auto member) {
        return cli.add_option(std::string(info.option), p.*member, std::string(info.help))
            ->check(param_check(info))
            ->capture_default_str();
      },
      info.field);
}

// How the frame loop and the simulation's thread share the time.
void add_speed_options(CLI::App& cli, Options& o) {
  cli.add_option("--steps-per-frame", o.speed.steps_per_frame,
                 "steps each frame may start (below 1: slow motion)")
      ->check(number(0, false))
      ->check(CLI::Range(double(kMinStepsPerFrame), double(kMaxStepsPerFrame)));
  cli.add_option_function<float>(
         "--sim-rate",
         [&o](float r) {
           o.speed.mode = Speed::Mode::SimRate;
           o.speed.sim_rate = r;
         },
         "run at this many simulated time units per wall-clock second")
      ->check(number(0, false));
  cli.add_flag_callback(
      "--fastest", [&o] { o.speed.mode = Speed::Mode::Fastest; },
      "step as fast as the device goes, whatever the frame rate");
  cli.add_flag("--lockstep", o.lockstep,
               "each frame waits for its steps (as before the simulation had its own thread; "
               "implied by --record)");
  cli.add_option("--display-hz", o.display_hz,
                 "headless: pace frames like a display of this refresh rate (0: as fast as "
                 "they go; default 60 for --frames without --record)")
      ->check(number(0, true, false));
  cli.add_option("--max-drawn", o.max_drawn,
                 "draw at most this many bodies (every k-th, with the light of k) while the "
                 "simulation runs or the view moves; all of them when paused and still "
                 "(default 4M; over MPI ranks the ranks send rank 0 only such a subset)")
      ->transform(kCountText)
      ->check(kCount);
  cli.add_option("--orbit", o.orbit_deg,
                 "turn the camera this many degrees each frame (to measure or record a moving "
                 "view)")
      ->check(number(-90, true))
      ->check(CLI::Range(-90.0, 90.0));
  cli.add_option("--keyframe-memory", o.keyframe_mib,
                 "MiB of keyframes to keep for going back in time (default 4096 on the GPU; on "
                 "the CPU 1024 or a quarter of the available memory, the smaller)")
      ->check(whole(0, 1u << 24));
}

// How snapshots are read: their units and, from HDF5, which particle types.
void add_load_options(CLI::App& cli, Options& o) {
  cli.add_option_function<std::string>(
         "--units", [&o](const std::string& s) { o.units = io::parse_file_units(s); },
         "the units of a loaded file that states none (HDF5, Tipsy, CSV), or over an HDF5 "
         "file's own: LENGTH,MASS,SPEED, e.g. kpc,1e10Msun,km/s (GADGET's usual)")
      ->check(explained(
          [](const std::string& s, std::string* why) { return io::parse_file_units(s, why); },
          "L,M,V"));
  cli.add_option_function<std::string>(
         "--particle-types",
         [&o](const std::string& s) { o.particle_types = *io::parse_particle_types(s); },
         "load only these HDF5 particle types, comma separated: 0-7 or gas, dm, disk, bulge, "
         "stars, bh (default all)")
      ->check(explained(
          [](const std::string& s, std::string* why) { return io::parse_particle_types(s, why); },
          "TYPES"));
}

// The options a run and `galaxy bench` share: the scenario and the parameters that the bench does
// not sweep. Returns the parameters' options, to note which were given.
std::vector<std::pair<const ParamInfo*, CLI::Option*>> add_shared_options(CLI::App& app,
                                                                          Options& o) {
  app.add_option("--scenario", o.scenario, "initial conditions")
      ->check(CLI::IsMember(scenario_names()))
      ->capture_default_str();
  app.add_option("--seed", o.seed, "random seed of the initial conditions")
      ->check(whole(0, ~0ull))
      ->capture_default_str();
  std::vector<std::pair<const ParamInfo*, CLI::Option*>> given;
  for (const ParamInfo& info : sim_params()) {
    if (!info.swept) given.emplace_back(&info, add_param_option(app, info, o.params));
  }
  return given;
}
}  // namespace

ParseResult parse_options(int argc, const char* const* argv, const std::string& footer) {
  ParseResult r;
  Options& o = r.options;
  CLI::App cli{"galaxy: a real-time Barnes-Hut galaxy simulator (CPU reference and CUDA)."};
  if (!footer.empty()) cli.footer(footer);
  cli.set_version_flag("--version", "galaxy 0.1.0");

  std::string backend, solver = "bh";
  cli.add_option("--backend", backend, "cpu or cuda (default: cuda where a device is present)")
      ->check(CLI::IsMember({"cpu", "cuda"}));
  cli.add_option("--solver", solver, "bh (Barnes-Hut) or direct (all pairs)")
      ->check(CLI::IsMember({"bh", "direct"}))
      ->capture_default_str();
  cli.add_option("--threads", o.threads,
                 "threads of the CPU backend (default: every core this process may use, less one "
                 "for the window when one is open)")
      ->check(whole(1, 4096));
  cli.add_option("--bodies", o.bodies, "number of bodies: 20000, 250k, 1M, 1e6")
      ->transform(kCountText)
      ->check(kCount);
  auto given = add_shared_options(cli, o);
  for (const ParamInfo& info : sim_params()) {
    if (info.swept) given.emplace_back(&info, add_param_option(cli, info, o.params));
  }
  cli.add_option("--steps", o.steps, "run this many steps, then exit")->check(whole(0, kMaxLong));
  cli.add_flag("--headless", o.headless, "no window: run in the terminal");
  cli.add_option("--save", o.save,
                 "write the final state to FILE: " + io::save_formats_help() +
                     "; a FILE without an extension gets " + io::default_extension())
      ->check(kPath)
      ->transform([](std::string s) { return io::with_default_format(s); });
  cli.add_option("--load", o.load, "start from the snapshot FILE: " + io::load_formats_help())
      ->check(kPath);
  add_load_options(cli, o);
  cli.add_option("--encounter", o.encounter,
                 "run the encounter FILE (.toml: galaxies, models, orbit, units) instead of the "
                 "scenario")
      ->check(kPath)
      ->excludes("--load")
      ->excludes("--scenario");  // the file says what runs: a scenario beside it would be dropped
  cli.add_option("--frames", o.frames, "render this many frames, then exit")
      ->check(whole(1, kMaxLong));
  cli.add_option("--record", o.record,
                 "write frames: DIR gets frame_00000.png ..., FILE.mp4 is encoded by ffmpeg")
      ->check(kPath);
  cli.add_option("--soak", o.soak_seconds,
                 "run the frame loop headless and unpaced for SECONDS, printing the resident "
                 "memory every 10 s and its growth after the first minute")
      ->check(number(0, false, false));
  cli.add_option("--record-fps", o.record_fps,
                 "the frame rate a --record video plays at (default 30; one frame a frame drawn)")
      ->check(whole(1, 240));
  cli.add_flag("--record-replace", o.record_replace,
               "let --record DIR remove the frames of an earlier recording there first (without "
               "it such a folder is refused, so two runs never mix)");
  cli.add_option("--view", o.view,
                 "look from here when framing the bodies (at the start and on c): kept (the last "
                 "angles), face-on or edge-on to their spin, x, y or z (along that axis)")
      ->check(CLI::IsMember({"kept", "face-on", "edge-on", "x", "y", "z"}))
      ->capture_default_str();
  cli.add_option("--fit-galaxy", o.fit_galaxy,
                 "frame only galaxy G's bodies (its tag: 0 the first of an encounter); the "
                 "galaxy --follow galaxy follows")
      ->check(whole(0, kMaxGalaxies - 1));
  cli.add_option("--follow", o.follow,
                 "the camera follows: off, everything (drawn), galaxy (--fit-galaxy's, else 0) "
                 "or densest (the densest region), gliding")
      ->check(CLI::IsMember({"off", "everything", "galaxy", "densest"}))
      ->capture_default_str();
  cli.add_option("--camera-path", o.camera_path,
                 "play the camera path FILE (.toml: views keyed at seconds, saved from the panel) "
                 "from the start, in the window or a recorded fly-through with --record; a "
                 "headless run without --frames ends with it")
      ->check(kPath)
      ->check(CLI::Validator(
          [](std::string& s) {
            try {
              load_camera_path(s);  // names the file, the line and the key
            } catch (const std::exception& e) {
              return std::string(e.what());
            }
            return std::string();
          },
          ""));  // the help shows TEXT:PATH, as for the other files
  cli.add_flag("--three-view", o.three_view,
               "draw the x-y, x-z and y-z views side by side (v in the window)");
  cli.add_flag("--dock", o.dock,
               "dock the panel to a strip at the left that the view leaves free (d in the "
               "window; drag its edge to resize it)");
  cli.add_flag("--kiosk", o.kiosk,
               "for an unattended screen: full screen, no panel, the presets in turn, each "
               "started again after a runaway; keys do nothing but Ctrl+Shift+Q, which quits");
  cli.add_option("--kiosk-list", o.kiosk_list,
                 "what --kiosk shows, comma separated: scenario or preset names and encounter "
                 "files (.toml); default every preset")
      ->delimiter(',');
  cli.add_option("--kiosk-seconds", o.kiosk_seconds, "how long --kiosk shows each (default 60)")
      ->check(number(1, true));
  cli.add_flag("--fullscreen", o.fullscreen,
               "the window fills the primary monitor (F11 toggles; headless: no effect)");
  cli.add_option("--trails", o.trails,
                 "draw fading trails behind N bodies (every k-th drawn one; 0: none; the panel "
                 "sets their length and galaxy)")
      ->check(whole(0, render::kMaxTrailBodies));
  std::string drop;
  cli.add_option("--drop", drop,
                 "FRAME:BODIES: at frame FRAME drop a disk galaxy of BODIES bodies at the view's "
                 "centre, at rest, as the mouse's drop tool would (60:200k; scripted demos, and "
                 "what a drop costs the frames)")
      ->check(explained(
          [](const std::string& s, std::string* why) {
            return parse_drop(s, nullptr, nullptr, why);
          },
          "FRAME:BODIES"));
  cli.add_flag("--record-panel", o.record_panel,
               "recordings (--record and the record button) show the panel too; by default "
               "they show the picture alone");
  cli.add_flag("--no-ui", o.no_ui, "render without the panel");
  cli.add_option("--width", o.width, "image width in pixels (window 1280, headless 1920)")
      ->check(whole(16, 16384));
  cli.add_option("--height", o.height, "image height in pixels (window 720, headless 1080)")
      ->check(whole(16, 16384));
  cli.add_option("--splat", o.splat, "points (GL sprites), compute (compute-shader splat) or auto")
      ->check(CLI::IsMember({"auto", "points", "compute"}))
      ->capture_default_str();
  cli.add_option("--octree", o.octree, "show the octree overlay down to depth D")
      ->check(whole(0, 21));
  cli.add_option("--pick", o.pick, "show the tree walk of body I (accepted, opened, direct)")
      ->check(whole(0, kMaxInt));
  add_speed_options(cli, o);
  std::vector<std::string> fields;
  for (const BodyFieldInfo& f : body_fields()) fields.emplace_back(f.cli_name);
  cli.add_option("--colour-map", o.colour_map, "colour bodies by a body field: " + field_cli_names())
      ->check(CLI::IsMember(fields));
  cli.add_option("--reference", o.reference,
                 "draw the image FILE (PNG or JPEG) behind the bodies, fixed on the screen, to "
                 "match the run to a photograph (a file that cannot be read is reported)")
      ->check(kPath);
  cli.add_option("--reference-opacity", o.reference_opacity,
                 "the reference image's opacity, 0 to 1 (default 0.5)")
      ->check(number(0, true))
      ->check(CLI::Range(0.0, 1.0));

  // `galaxy bench`: its own --bodies (a list), --backend and --solver lists; the scenario and the
  // physical parameters are shared with the run.
  CLI::App* bench = cli.add_subcommand("bench", "headless benchmark: per-stage times, throughput and accuracy");
  BenchOptions& b = o.bench_options;
  std::vector<std::string> bench_backends, bench_solvers{"bh", "direct"};
  bench->add_option("--bodies", b.bodies, "body counts, comma separated (250k, 1M, 1e6 too)")
      ->delimiter(',')
      ->transform(kCountText)
      ->check(kCount)
      ->capture_default_str();
  bench->add_option("--backend", bench_backends, "backends, comma separated (default: all present)")
      ->delimiter(',')
      ->check(CLI::IsMember({"cpu", "cuda"}));
  bench->add_option("--solver", bench_solvers, "solvers, comma separated")
      ->delimiter(',')
      ->check(CLI::IsMember({"bh", "direct"}))
      ->capture_default_str();
  bench->add_option("--steps", b.steps, "timed steps per configuration")
      ->check(whole(1, kMaxInt))
      ->capture_default_str();
  bench->add_option("--warmup", b.warmup, "untimed steps first")
      ->check(whole(0, kMaxInt))
      ->capture_default_str();
  bench
      ->add_option("--budget", b.budget_s,
                   "seconds one configuration may take; slower ones run fewer steps or are skipped")
      ->check(number(0, false, false))
      ->capture_default_str();
  bench->add_option("--samples", b.samples, "bodies of the float64 accuracy check")
      ->check(kCount)
      ->capture_default_str();
  bench->add_flag("!--no-direct-kernels", b.direct_kernels, "skip seed 001's direct-kernel comparison");
  bench->add_option("--csv", b.csv, "also write the rows to FILE.csv")->check(kPath);
  add_shared_options(*bench, o);
  bench->add_option("--theta", b.thetas, "largest opening angles, comma separated (a row each)")
      ->delimiter(',')
      ->check(param_check(*find_param("--theta")))
      ->capture_default_str();
  bench->add_option("--multipole", b.multipoles, "multipole orders, comma separated: 0, 2, 3")
      ->delimiter(',')
      ->check(param_check(*find_param("--multipole")))
      ->capture_default_str();
  bench
      ->add_option("--alpha", b.alphas,
                   "relative opening test at each alpha, comma separated (0: off)")
      ->delimiter(',')
      ->check(param_check(*find_param("--alpha")))
      ->capture_default_str();

  try {
    cli.parse(argc, argv);
    o.bench = bench->parsed();
    for (const std::string& s : bench_backends) b.backends.push_back(s == "cuda" ? Backend::Cuda : Backend::Cpu);
    b.solvers.clear();
    for (const std::string& s : bench_solvers) b.solvers.push_back(s == "direct" ? Solver::Direct : Solver::BarnesHut);
    if (!backend.empty()) o.backend = backend == "cuda" ? Backend::Cuda : Backend::Cpu;
    o.solver = solver == "direct" ? Solver::Direct : Solver::BarnesHut;
    if (!drop.empty()) {
      long frame = 0;
      parse_drop(drop, &frame, &o.drop_bodies, nullptr);
      o.drop_frame = frame;
    }
    for (const auto& [info, option] : given) {
      if (option->count() > 0) o.given_params.push_back(info);
    }
    // What a load sets, an option cannot: said, not dropped silently (the parameters the file
    // carries are overridden instead, with a note: run/session.cpp).
    for (const char* ignored : {"--scenario", "--seed"}) {
      if (!o.load.empty() && cli.get_option(ignored)->count() > 0) {
        std::cerr << "galaxy: " << ignored << " is ignored with --load: the snapshot sets the "
                  << "bodies\n";
      }
    }
    // The walk is drawn: a run that draws nothing would drop it without a word.
    if (o.pick && wants_energy_table(o)) {
      std::cerr << "galaxy: --pick is ignored: a headless run without --frames or --record draws "
                << "nothing (it prints the energy table)\n";
    }
    if (o.bodies && !o.load.empty()) {
      throw CLI::ValidationError(
          "--bodies", "cannot be combined with --load: the snapshot sets the body count");
    }
  } catch (const CLI::CallForHelp& e) {
    r.exit_code = cli.exit(e);
  } catch (const CLI::CallForVersion& e) {
    r.exit_code = cli.exit(e);
  } catch (const CLI::ArgumentMismatch& e) {
    // An option given twice: galaxy's own line, naming it and its values (CLI11 says "--bodies:
    // At Most 1 required but received 2").
    const std::string repeated = repeated_option(cli, argc, argv);
    std::cerr << "galaxy: " << (repeated.empty() ? e.what() : repeated) << "\n";
    if (repeated.empty()) std::cerr << "Run 'galaxy --help' for the options.\n";
    r.exit_code = 2;
  } catch (const CLI::ParseError& e) {
    std::cerr << "galaxy: " << e.what() << "\nRun 'galaxy --help' for the options.\n";
    r.exit_code = 2;
  } catch (const std::exception& e) {  // a conversion CLI11 did not expect: still a usage error
    std::cerr << "galaxy: " << e.what() << "\nRun 'galaxy --help' for the options.\n";
    r.exit_code = 2;
  }
  return r;
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// The backend-independent simulation interface the app, the bench and the tests drive.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accuracy.hpp"
#include "bodies.hpp"
#include "body_field_table.hpp"
#include "params.hpp"
#include "reference.hpp"
#include "runaway.hpp"
#include "units.hpp"

namespace galaxy {

enum class Backend { Cpu, Cuda };
enum class Solver { BarnesHut, Direct };

// The six pipeline stages of Burtscher & Pingali, in the order a step runs them here (the sort
// comes before the build, sort.cu says why; integrate's opening kick-drift runs first and its
// closing kick last, and its time is their sum). Both backends time all six.
enum class Stage : int { BoundingBox = 0, Sort, TreeBuild, Summarize, Force, Integrate, Count };
inline constexpr int kStageCount = static_cast<int>(Stage::Count);
std::string_view stage_name(Stage s);

struct StageTimings {
  std::array<float, kStageCount> ms{};  // milliseconds of the last completed step, per stage
  float total_ms = 0.0f;
  bool valid = false;  // false until a step has been timed
  float& operator[](Stage s) { return ms[static_cast<int>(s)]; }
  float operator[](Stage s) const { return ms[static_cast<int>(s)]; }
};

struct InteractionCounts {
  std::uint64_t body_body = 0;  // pair interactions with single bodies in the last force pass
  std::uint64_t body_cell = 0;  // interactions with accepted cells
  std::uint64_t groups = 0;     // bodies that walked the tree together (0: each on its own)
};

// A run over several MPI ranks (sim/mpi/), as of its last step: each rank's bodies and step
// time, and what the last force pass sent between them. Empty (no ranks) for one process.
struct RankReport {
  std::vector<std::uint64_t> bodies;
  std::vector<float> step_ms;
  // Where a rank's last force pass went, in ms of wall clock: the decomposition (keys, cuts,
  // migration), its tree, the local essential trees it built for the others, the walk of its own
  // tree (on its GPU with --backend cuda), the wait for the others' trees after that walk, and the
  // walks of the received trees; then the interactions a body of those two walks.
  struct Pass {
    float decompose = 0, tree = 0, let_build = 0, local_walk = 0, wait = 0, remote_walk = 0;
    float own_interactions = 0, received_interactions = 0;
  };
  std::vector<Pass> pass;
  // The last force pass's local essential trees, bytes summed over all ranks, and what sending
  // every rank all the others' bodies (x, y, z, m) would have cost instead.
  double let_bytes = 0, all_bodies_bytes = 0;
};

// One body's tree walk as the running solver makes it, for the teaching overlay. Boxes are the
// boxes around each cell's bodies (what the opening test measures).
struct TraceBox {
  std::array<float, 3> lo{}, hi{};
  int level = 0;  // depth below the root
};
struct WalkTrace {
  std::array<float, 3> body{};     // the traced body's position
  std::vector<TraceBox> accepted;  // cells taken whole (their multipoles): body-cell interactions
  std::vector<TraceBox> opened;    // cells and leaves the walk descended into
  std::vector<std::array<float, 3>> direct;  // bodies summed one by one: body-body interactions
  // Both backends decide once for a group of neighbouring bodies (cuda/force.cu, cpu/force.cpp):
  // the group's box and size.
  TraceBox group;
  std::size_t group_bodies = 1;
  bool truncated = false;  // the lists were capped (kMaxTraceEntries each)
  float theta = 0, alpha = 0;  // the opening test's parameters in that pass
};
inline constexpr std::size_t kMaxTraceEntries = 1u << 16;

// A copy of everything a step reads (bodies in the backend's own order, accelerations, clock),
// kept in the backend's own memory: device memory for the CUDA backend, host memory for the CPU.
// Restoring it makes the following steps repeat the original run's bit for bit. Made by
// Simulation::capture(); only the simulation that made it can restore it.
class Keyframe {
 public:
  virtual ~Keyframe() = default;
  virtual std::size_t bytes() const = 0;
  std::uint64_t steps = 0;  // the step count, and the simulated time, when it was taken
  double time = 0;
  std::size_t body_count = 0;
  const void* owner = nullptr;  // the simulation that made it
};

struct Diagnostics {
  double kinetic = 0, potential = 0;
  double total() const { return kinetic + potential; }
  double virial_ratio() const { return potential != 0 ? 2.0 * kinetic / -potential : 0.0; }
  std::array<double, 3> momentum{}, angular_momentum{}, com{};
  double mass = 0;
};

// A running N-body simulation. Leapfrog kick-drift-kick:
//   v += a dt/2; x += v dt; a = F(x); v += a dt/2
// reset() computes the accelerations at the initial positions, so a step needs only one force
// evaluation.
class Simulation {
 public:
  virtual ~Simulation() = default;
  Simulation() = default;
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  virtual Backend backend() const = 0;
  virtual std::string name() const = 0;

  // Replaces the bodies (the count may change) and computes their accelerations. Validates the
  // input first; on any error throws and leaves the previous state untouched.
  virtual void reset(const HostBodies& bodies) = 0;
  virtual void set_params(const SimParams& p) = 0;
  virtual const SimParams& params() const = 0;
  virtual void set_solver(Solver s) = 0;
  virtual Solver solver() const = 0;

  virtual void step() = 0;
  // Recomputes accelerations and potentials at the current positions without moving anything.
  virtual void compute_forces() = 0;

  // After reset() from a snapshot that kept them (.gxy), takes its accelerations and potentials
  // as those of the current positions instead of the ones reset() computed: the relative opening
  // test reads the last accelerations, so only then does a resumed run repeat the original bit
  // for bit. The bodies must be the ones given to reset(), in the same order.
  virtual void restore_forces(const HostBodies& b) = 0;

  // Continues a resumed run's clock after reset() (which zeroes it).
  virtual void set_clock(double time, std::uint64_t steps) = 0;

  // Keyframes (Keyframe above). capture() throws on out-of-memory (std::bad_alloc on the host,
  // std::runtime_error on the device) and leaves the run as it was; restore() throws
  // std::invalid_argument for a keyframe of another simulation. A keyframe of another body count
  // (taken before bodies were added or taken out, Timeline::edited) brings its count back, and
  // with it drops a shown field; out of memory there throws and keeps the run. After restore()
  // trace_walk() refuses until the next force pass (the tree is from the moment before).
  // `spare`, when given, is a keyframe of this simulation no longer kept: its memory is reused
  // (same body count), so a full timeline takes new keyframes without allocating or freeing.
  virtual std::unique_ptr<Keyframe> capture(std::unique_ptr<Keyframe> spare = nullptr) const = 0;
  virtual void restore(const Keyframe& k) = 0;

  // Runaway detection (runaway.hpp): after a step that left non-finite or absurd values the
  // state is the one before that step, step() does nothing and runaway() says what happened,
  // until clear_runaway() or reset(). The CUDA backend notices a step after it ran (it never
  // waits for the device): synchronize() first to be sure of the newest step.
  virtual std::optional<Runaway> runaway() = 0;
  virtual void clear_runaway() = 0;

  virtual std::size_t size() const = 0;
  virtual double time() const = 0;
  virtual std::uint64_t steps_taken() const = 0;

  // Full state, including accelerations and potentials at the current positions.
  virtual HostBodies download() const = 0;
  // A run that writes its own .gxy (over several MPI ranks: each rank its share, in parallel)
  // writes it atomically to `path` and returns true, or throws std::runtime_error naming the file
  // and the problem (the run goes on, an older file stays); the others return false, and are
  // saved from download().
  virtual bool save_gxy(const std::string& /*path*/, const Units& /*units*/) { return false; }
  // A run that reads a .gxy itself (over MPI ranks: each rank its block, in parallel) says so,
  // and load_gxy takes the bodies of the .gxy at `path` (checked as io::load_gxy checks it) in
  // place of its own, with the file's accelerations where `file_forces` (the file's parameters
  // run on: as restore_forces), else computed as reset() computes them; the clock is zero. It
  // throws std::runtime_error naming the file and the problem, keeping the run.
  virtual bool reads_gxy() const { return false; }
  virtual void load_gxy(const std::string& /*path*/, bool /*file_forces*/) {
    throw std::logic_error("load_gxy: this run does not read its own snapshots");
  }
  // Energy from the potentials the last force pass computed (approximate under Barnes-Hut),
  // momentum and angular momentum summed in double precision.
  virtual Diagnostics diagnostics() const = 0;

  // Render vertices. `xyzs` gets 4 floats per body (x, y, z, speed) and `tags`, when not null, one
  // byte per body (population | galaxy << 2), in the same order. The host form works for every
  // backend. The device form writes device pointers (the interop path: a mapped GL buffer) on
  // `stream` (a cudaStream_t; nullptr for the default stream); only the CUDA backend supports it,
  // and the others return false.
  virtual void write_vertices_host(float* xyzs, std::uint8_t* tags) const;
  // The device form writes in the backend's order (the CUDA backend's tree order keeps
  // neighbours together, which the splat draws faster: 7.0 against 9.5 ms for 10M bodies at
  // 1920x1080 on an H100) and, where `vertex_of` is not null, one uint32 a body in reset()'s
  // order: the index of its vertex (how the trails find a body from step to step).
  virtual bool write_vertices_device(float* /*xyzs*/, std::uint8_t* /*tags*/,
                                     std::uint32_t* /*vertex_of*/, void* /*stream*/) {
    return false;
  }
  // The host form's order: the bodies' own (reset()'s: a vertex stays one body from step to step,
  // as trails need) with `by_body`, else the backend's choice (the CUDA backend's tree order).
  // The CPU backend's are always in the bodies' own order.
  virtual void set_vertex_order(bool /*by_body*/) {}
  // Bodies a vertex stands for: 1, except in a run over several MPI ranks of more bodies than its
  // vertex budget (Settings::max_drawn), whose ranks send rank 0 every k-th body of reset()'s
  // order (vertex j is body j k, in both forms and orders). The write forms then write
  // vertex_count() vertices, and a drawn vertex carries the light of k bodies.
  virtual std::size_t vertex_stride() const { return 1; }
  virtual void set_vertex_budget(std::size_t /*most*/) {}
  std::size_t vertex_count() const {
    const std::size_t k = vertex_stride();
    return (size() + k - 1) / k;
  }

  // The accuracy meter: exact accelerations (double-precision direct sum against all N) for
  // `samples` random bodies, compared with those the current solver computed at the current
  // positions. Every backend samples the same bodies (by their index in reset()'s order) for the
  // same seed.
  // (Through exact_sample.)
  virtual ErrorStats measure_accuracy(std::size_t samples, std::uint64_t seed) const;
  // The bodies `indices` (reset()'s order) as they are now, in that order, with their exact
  // accelerations and potentials (float64 direct sums over all bodies); std::out_of_range for an
  // index past the run. This one downloads the run; over MPI ranks every rank sums its own
  // bodies' pull and only the sampled bodies are gathered.
  virtual ExactSample exact_sample(const std::vector<std::uint64_t>& indices) const;
  // The same bodies alone (no sums): what the view's fit reads of a run over ranks.
  virtual HostBodies bodies_at(const std::vector<std::uint64_t>& indices) const;

  // Waits until every step issued so far has finished (a no-op for the synchronous CPU backend).
  // For the bench and the tests; the frame loop never calls it.
  virtual void synchronize() const {}

  // The walk that body `index` (reset()'s order) made in the last force pass, on the backend's own
  // tree and with its own opening decisions (the CUDA backend replays its group's walk on the
  // device, hence not const); the cells of that tree down to `max_depth`. Small results: nothing
  // else is downloaded. They throw std::out_of_range for a bad index and std::logic_error for the
  // direct solver (no tree).
  virtual WalkTrace trace_walk(std::size_t index) = 0;
  virtual std::vector<TraceBox> tree_cells(int max_depth) const = 0;

  virtual StageTimings timings() const { return {}; }
  virtual InteractionCounts interactions() const { return {}; }
  virtual RankReport ranks() const { return {}; }

  // Body fields (body_field_table.hpp): per-body quantities drawn in place of the speed.
  // show_field computes field f for every body, or for a sampled field (the force error) a random
  // sample within the backend's own pair budget and at most max_bodies (the accuracy meter's
  // sample for the same seed and count: measure_accuracy(count, seed) meters the same bodies),
  // and draws it in place of the speed (the vertices' w; not-computed bodies grey) until another
  // field is shown or reset(); showing BodyField::Speed goes back to the live speed. It returns
  // statistics over the computed bodies. The values stay in the backend's memory (the CUDA
  // backend computes them, and their statistics, on the device) and follow the bodies through
  // the backend's re-sorting. On failure it throws and draws the field's bodies grey.
  //   speed: |v|.
  //   force error: |a - a_exact| / |a_exact| of the accelerations the solver left, against a direct
  //     sum at the current positions: the meter's number (relative_error in accuracy.hpp). The CPU
  //     backend sums in double; the CUDA one sums float pair terms into double (field_buffers.cu).
  //   walk cost: the interactions (body-body plus body-cell) each body's walk evaluated in the
  //     last force pass, as interactions() counts them (their sum is its total): on the CPU the
  //     accepted cells and directly summed bodies of trace_walk(i); on CUDA its group's lists,
  //     which count the group's own bodies and the self pair; N - 1 for the direct solver.
  static constexpr std::size_t kAllBodies = static_cast<std::size_t>(-1);
  virtual FieldStats show_field(BodyField f, std::uint64_t seed = 1,
                                std::size_t max_bodies = kAllBodies) = 0;
  virtual BodyField shown_field() const = 0;
  // The shown field's values by reset index, NaN where not computed (the live speeds when no
  // other field is shown): for the tests and for inspecting a body.
  virtual std::vector<float> field_values() const = 0;
};

// Creates a simulation for the backend; throws std::runtime_error when the backend is not
// available (no CUDA device, or built without CUDA) with a message that says which.
std::unique_ptr<Simulation> make_simulation(Backend backend, Solver solver, const SimParams& p);
bool cuda_available(std::string* why = nullptr);

std::string_view to_string(Backend b);
std::string_view to_string(Solver s);

}  // namespace galaxy

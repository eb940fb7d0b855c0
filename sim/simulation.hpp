// SPDX-License-Identifier: MIT
// The backend-independent simulation interface the app, the bench and the tests drive.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bodies.hpp"
#include "body_arrays.hpp"
#include "body_fields.hpp"
#include "gxy_files.hpp"
#include "meters.hpp"
#include "overlays.hpp"
#include "params.hpp"
#include "runaway.hpp"
#include "units.hpp"
#include "vertex_writer.hpp"

namespace galaxy {

enum class Backend { Cpu, Cuda };
enum class Solver { BarnesHut, Direct };

// The optional faces of a Simulation (each an interface in its own header): what the window
// draws, the teaching overlays, the body fields, the panel's meters, a run's own .gxy files and
// its arrays read in place.
enum class Face : int { Vertices = 0, Overlays, Fields, Meters, GxyFiles, Arrays, Count };
inline constexpr int kFaceCount = static_cast<int>(Face::Count);
inline constexpr const char* kNotOffered = "not offered by this simulation";

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
  double thermal = 0;  // the gas's internal energy, sum of m u (0 without gas)
  double total() const { return kinetic + potential + thermal; }
  double virial_ratio() const { return potential != 0 ? 2.0 * kinetic / -potential : 0.0; }
  std::array<double, 3> momentum{}, angular_momentum{}, com{};
  double mass = 0;
};

// A running N-body simulation: the core every backend has (bodies, parameters, step, forces,
// energy, keyframes), and the faces it offers beside it (vertices(), overlays(), fields(),
// meters(), gxy_files(), arrays()). Leapfrog kick-drift-kick:
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
  // Energy from the potentials the last force pass computed (approximate under Barnes-Hut),
  // momentum and angular momentum summed in double precision.
  virtual Diagnostics diagnostics() const = 0;

  // Waits until every step issued so far has finished (a no-op for the synchronous CPU backend).
  // For the bench and the tests; the frame loop never calls it.
  virtual void synchronize() const {}

  // The faces (Face above): null where this backend does not offer one, and why_not(face) says
  // why, as a phrase that completes "<what was asked for> is ..." (refusal() puts it together:
  // "the walk overlay is not available in a run over several MPI ranks").
  VertexWriter* vertices() { return faces_.vertices; }
  const VertexWriter* vertices() const { return faces_.vertices; }
  Overlays* overlays() { return faces_.overlays; }
  const Overlays* overlays() const { return faces_.overlays; }
  BodyFields* fields() { return faces_.fields; }
  const BodyFields* fields() const { return faces_.fields; }
  Meters* meters() { return faces_.meters; }
  const Meters* meters() const { return faces_.meters; }
  GxyFiles* gxy_files() { return faces_.gxy_files; }
  const GxyFiles* gxy_files() const { return faces_.gxy_files; }
  BodyArrays* arrays() { return faces_.arrays; }
  const BodyArrays* arrays() const { return faces_.arrays; }
  const std::string& why_not(Face f) const { return why_not_[static_cast<int>(f)]; }
  std::string refusal(Face f, std::string_view what) const {
    return std::string(what) + " is " + why_not(f);
  }

  // The vertices the vertex writer writes: one every vertex_stride() bodies.
  std::size_t vertex_count() const {
    const std::size_t k = vertices() ? vertices()->vertex_stride() : 1;
    return (size() + k - 1) / k;
  }

 protected:
  // A backend's constructor offers its faces (most are the backend itself) and says why of the
  // ones it leaves null. The pointers are to parts of this object, which is neither copied nor
  // moved.
  struct Faces {
    VertexWriter* vertices = nullptr;
    Overlays* overlays = nullptr;
    BodyFields* fields = nullptr;
    Meters* meters = nullptr;
    GxyFiles* gxy_files = nullptr;
    BodyArrays* arrays = nullptr;
  };
  void offer(const Faces& f) { faces_ = f; }
  void refuse(Face f, std::string why) { why_not_[static_cast<int>(f)] = std::move(why); }

 private:
  Faces faces_;
  std::array<std::string, kFaceCount> why_not_{kNotOffered, kNotOffered, kNotOffered,
                                               kNotOffered, kNotOffered, kNotOffered};
};

// `face` (one of sim's), or std::logic_error saying why it is missing (Simulation::refusal) where
// the backend does not offer it: for callers that cannot go on without it.
template <typename F>
F& offered(F* face, const Simulation& sim, Face f, std::string_view what) {
  if (!face) throw std::logic_error(sim.refusal(f, what));
  return *face;
}

// Creates a simulation for the backend; throws std::runtime_error when the backend is not
// available (no CUDA device, or built without CUDA) with a message that says which.
std::unique_ptr<Simulation> make_simulation(Backend backend, Solver solver, const SimParams& p);
bool cuda_available(std::string* why = nullptr);

std::string_view to_string(Backend b);
std::string_view to_string(Solver s);

}  // namespace galaxy

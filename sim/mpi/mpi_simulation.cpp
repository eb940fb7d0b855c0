// SPDX-License-Identifier: MIT
// Rank 0's simulation and the other ranks' serve loop (mpi_simulation.hpp): both drive a
// RankState from one broadcast Command, so every rank runs the same collective operations.
#include "mpi/mpi_simulation.hpp"

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

#include "mpi/collectives.hpp"
#include "mpi/command.hpp"
#include "threads.hpp"

namespace galaxy::mpi {

namespace {

// A failure after the others have been told what to do would leave them waiting in a collective:
// one message, and every rank ends.
[[noreturn]] void abort_all(const char* what) {
  std::fprintf(stderr, "galaxy: rank %d of %d: %s; stopping every rank\n", world_rank(),
               world_size(), what);
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();
}

// Sends `c` and runs `f` (the same operation the others run on receiving it).
template <typename F>
auto collective(Command c, F&& f) {
  broadcast(c);
  try {
    return f();
  } catch (const std::exception& e) {
    abort_all(e.what());
  }
}

Command command(Op op) {
  Command c;
  c.op = op;
  return c;
}

// Why a part of the run is missing here (Simulation::refusal's phrase).
constexpr const char* kNotDistributed = "not available in a run over several MPI ranks";

std::string not_distributed(const char* what) {
  return std::string(what) + " is " + kNotDistributed;
}

// check_params, and what the ranks cannot do yet: the local essential trees carry quadrupoles.
void check_rank_params(const SimParams& p) {
  check_params(p);
  if (p.multipole >= 3) throw std::invalid_argument(not_distributed("the octupole order"));
}

}  // namespace

MpiSimulation::MpiSimulation(const SimParams& p, Backend backend) {
  check_rank_params(p);
  Command c = command(Op::Configure);
  c.params = p;
  c.threads = cpu_threads();
  c.backend = backend;
  collective(c, [&] { state_.configure(p, c.threads, c.backend); });
  offer({this, nullptr, this, this, this});
  refuse(Face::Overlays, kNotDistributed);
}

std::string MpiSimulation::name() const {
  const std::string path = state_.exchange_path();
  return std::string(state_.backend() == Backend::Cuda ? "cuda" : "cpu") + "/bh over " +
         std::to_string(world_size()) + " MPI ranks" +
         (path.empty() ? "" : ", bodies and trees by " + path);
}

void MpiSimulation::reset(const HostBodies& bodies) {
  validate(bodies);  // before the others are told: a refusal keeps the run
  for (std::size_t i = 0; bodies.has_gas() && i < bodies.size(); ++i) {
    if (bodies.is_gas(i)) {
      throw std::invalid_argument("gas body " + std::to_string(i) +
                                  ": a run over several ranks has no hydrodynamics yet; a run "
                                  "with gas runs on one process with --backend cpu");
    }
  }
  collective(command(Op::Reset), [&] { state_.reset(bodies); });
}

void MpiSimulation::set_params(const SimParams& p) {
  check_rank_params(p);
  Command c = command(Op::SetParams);
  c.params = p;
  collective(c, [&] { state_.set_params(p); });
}

void MpiSimulation::set_solver(Solver s) {
  if (s != Solver::BarnesHut) throw std::invalid_argument(not_distributed("the direct solver"));
}

void MpiSimulation::step() { collective(command(Op::Step), [&] { state_.step(); }); }

void MpiSimulation::compute_forces() {
  collective(command(Op::ComputeForces), [&] { state_.compute_forces(); });
}

void MpiSimulation::restore_forces(const HostBodies& b) {
  if (b.size() != state_.total()) throw std::invalid_argument("restore_forces: body count differs");
  collective(command(Op::RestoreForces), [&] { state_.restore_forces(b); });
}

void MpiSimulation::set_clock(double time, std::uint64_t steps) {
  Command c = command(Op::SetClock);
  c.time = time, c.steps = steps;
  collective(c, [&] { state_.set_clock(time, steps); });
}

void MpiSimulation::clear_runaway() {
  collective(command(Op::ClearRunaway), [&] { state_.clear_runaway(); });
}

HostBodies MpiSimulation::download() const {
  return collective(command(Op::Gather), [&] { return state_.gather(); });
}

std::size_t MpiSimulation::vertex_stride() const {
  const std::size_t most = vertex_budget_ ? std::min(vertex_budget_, kMostVertices) : kMostVertices;
  return std::max<std::size_t>((state_.total() + most - 1) / most, 1);
}

void MpiSimulation::gather_vertices(float* xyzs, std::uint8_t* tags, std::uint32_t* vertex_of,
                                    bool device) const {
  Command c = command(Op::Vertices);
  c.stride = vertex_stride();
  c.device = device;
  collective(c, [&] { state_.write_vertices(c.stride, xyzs, tags, vertex_of, device); });
}

void MpiSimulation::write_vertices_host(float* xyzs, std::uint8_t* tags) const {
  gather_vertices(xyzs, tags, nullptr, false);
}

bool MpiSimulation::write_vertices_device(float* xyzs, std::uint8_t* tags, std::uint32_t* vertex_of,
                                          void*) {
  if (state_.backend() != Backend::Cuda) return false;
  gather_vertices(xyzs, tags, vertex_of, true);
  return true;
}

// A failed save throws here, after every rank returned: the run goes on.
void MpiSimulation::save_gxy(const std::string& path, const Units& units) {
  const std::string error =
      collective(command(Op::SaveGxy), [&] { return state_.save_gxy(path, units); });
  if (!error.empty()) throw std::runtime_error(error);
}

namespace {
// `indices` sorted and made distinct (as the ranks take them), checked against the run's `total`
// bodies; place[k]: where indices[k] lies among them.
std::vector<std::uint64_t> distinct(const std::vector<std::uint64_t>& indices, std::size_t total,
                                    std::vector<std::size_t>& place) {
  std::vector<std::uint64_t> wanted = indices;
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  if (!wanted.empty() && wanted.back() >= total) {
    throw std::out_of_range("no body " + std::to_string(wanted.back()) + " in the run");
  }
  place.resize(indices.size());
  for (std::size_t k = 0; k < indices.size(); ++k) {
    place[k] = static_cast<std::size_t>(std::lower_bound(wanted.begin(), wanted.end(), indices[k]) -
                                        wanted.begin());
  }
  return wanted;
}
}  // namespace

// Checked before the ranks are told; the sample comes back in the order asked.
ExactSample MpiSimulation::exact_sample(const std::vector<std::uint64_t>& indices) const {
  std::vector<std::size_t> place;
  const std::vector<std::uint64_t> wanted = distinct(indices, state_.total(), place);
  const ExactSample got =
      collective(command(Op::ExactSample), [&] { return state_.exact_sample(wanted); });
  ExactSample out{subset(got.bodies, place), {}};
  for (std::size_t p : place) out.exact.push_back(got.exact[p]);
  return out;
}

HostBodies MpiSimulation::bodies_at(const std::vector<std::uint64_t>& indices) const {
  std::vector<std::size_t> place;
  std::vector<std::uint64_t> wanted = distinct(indices, state_.total(), place);
  return subset(collective(command(Op::BodiesAt), [&] { return state_.bodies_at(wanted); }), place);
}

// A bad file throws here, after every rank returned: the run goes on.
void MpiSimulation::load_gxy(const std::string& path, bool file_forces) {
  Command c = command(Op::LoadGxy);
  c.file_forces = file_forces;
  const std::string error = collective(c, [&] { return state_.load_gxy(path, file_forces); });
  if (!error.empty()) throw std::runtime_error(error);
}

Diagnostics MpiSimulation::diagnostics() const {
  return collective(command(Op::Diagnostics), [&] { return state_.diagnostics(); });
}

namespace {
// Rank 0's handle of a keyframe the ranks keep, each its share under `id`.
struct MpiKeyframe final : Keyframe {
  MpiKeyframe(std::uint64_t id, std::shared_ptr<ForgottenKeyframes> f)
      : id(id), forgotten(std::move(f)) {}
  ~MpiKeyframe() override { forgotten->add(id); }
  std::size_t bytes() const override { return kept_bytes; }
  std::uint64_t id;
  std::shared_ptr<ForgottenKeyframes> forgotten;
  std::size_t kept_bytes = 0;
};
}  // namespace

// A spare of this run is kept again under its id: the ranks write over their shares.
std::unique_ptr<Keyframe> MpiSimulation::capture(std::unique_ptr<Keyframe> spare) const {
  std::unique_ptr<MpiKeyframe> k;
  if (auto* mine = dynamic_cast<MpiKeyframe*>(spare.get()); mine && mine->owner == this) {
    k.reset(static_cast<MpiKeyframe*>(spare.release()));
  } else {
    k = std::make_unique<MpiKeyframe>(next_keyframe_++, forgotten_);
  }
  Command c = command(Op::Capture);
  c.keyframe = k->id;
  const std::vector<std::uint64_t> forget = forgotten_->take();
  std::size_t bytes = 0;
  const std::string error =
      collective(c, [&] { return state_.capture(c.keyframe, forget, bytes); });
  if (!error.empty()) throw std::runtime_error("keyframe not kept: " + error);
  k->kept_bytes = bytes;
  k->steps = state_.steps(), k->time = state_.time(), k->body_count = state_.total();
  k->owner = this;
  return k;
}

// Every rank or none goes back (a failure keeps the run as it was on all ranks).
void MpiSimulation::restore(const Keyframe& k) {
  if (k.owner != this) throw std::invalid_argument("restore: the keyframe belongs to another run");
  Command c = command(Op::Restore);
  c.keyframe = static_cast<const MpiKeyframe&>(k).id;
  const std::vector<std::uint64_t> forget = forgotten_->take();
  const std::string error = collective(c, [&] { return state_.restore(c.keyframe, forget); });
  if (!error.empty()) throw std::runtime_error("going back failed: " + error);
}

FieldStats MpiSimulation::show_field(BodyField f, std::uint64_t, std::size_t) {
  if (f != BodyField::Speed) throw std::runtime_error(not_distributed("this body field"));
  return field_stats(f, field_values());
}

std::vector<float> MpiSimulation::field_values() const {
  const HostBodies b = download();
  std::vector<float> speed(b.size());
  for (std::size_t i = 0; i < b.size(); ++i) {
    speed[i] = std::sqrt(b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i] + b.vz[i] * b.vz[i]);
  }
  return speed;
}

int serve_commands() {
  RankState state;
  while (true) {
    Command c;
    broadcast(c);
    try {
      switch (c.op) {
        case Op::Configure: state.configure(c.params, c.threads, c.backend); break;
        case Op::Reset: state.reset(HostBodies{}); break;
        case Op::SetParams: state.set_params(c.params); break;
        case Op::SetClock: state.set_clock(c.time, c.steps); break;
        case Op::RestoreForces: state.restore_forces(HostBodies{}); break;
        case Op::ComputeForces: state.compute_forces(); break;
        case Op::Step: state.step(); break;
        case Op::Gather: state.gather(); break;
        case Op::LoadGxy:
          state.load_gxy("", c.file_forces);
          break;
        case Op::SaveGxy:
          state.save_gxy("", Units{});
          break;
        case Op::Vertices:
          state.write_vertices(c.stride, nullptr, nullptr, nullptr, c.device);
          break;
        case Op::Capture: {
          std::size_t bytes = 0;
          state.capture(c.keyframe, {}, bytes);
          break;
        }
        case Op::Restore:
          state.restore(c.keyframe, {});
          break;
        case Op::Diagnostics: state.diagnostics(); break;
        case Op::ExactSample:
          state.exact_sample({});
          break;
        case Op::BodiesAt: {
          std::vector<std::uint64_t> wanted;
          state.bodies_at(wanted);
          break;
        }
        case Op::ClearRunaway: state.clear_runaway(); break;
        case Op::Quit: return 0;
      }
    } catch (const std::exception& e) {
      abort_all(e.what());
    }
  }
}

void stop_serving() {
  Command c = command(Op::Quit);
  broadcast(c);
}

}  // namespace galaxy::mpi

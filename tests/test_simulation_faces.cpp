// SPDX-License-Identifier: MIT
// The faces a backend offers beside the core of Simulation (simulation.hpp): the CPU and CUDA
// backends offer the vertices, overlays, body fields and meters and leave the .gxy files to the
// app; a face a backend leaves null says why, and that reason is what the app shows (the overlay
// refusal a run over several MPI ranks gives: mpi_check.cpp checks that backend itself).
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "cpu/cpu_simulation.hpp"
#include "picture/overlay.hpp"
#include "scenarios/plummer.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"

namespace galaxy {
namespace {

// Every face a full backend offers is there and is the running backend's (it answers for the
// bodies just given), and the one it does not offer is null with the default reason.
void expect_full_faces(Simulation& sim) {
  sim.reset(make_plummer(500, 3));
  ASSERT_NE(sim.vertices(), nullptr);
  ASSERT_NE(sim.overlays(), nullptr);
  ASSERT_NE(sim.fields(), nullptr);
  ASSERT_NE(sim.meters(), nullptr);
  EXPECT_EQ(sim.gxy_files(), nullptr) << "saved from download() by the app";
  EXPECT_EQ(sim.why_not(Face::GxyFiles), kNotOffered);
  EXPECT_EQ(sim.vertex_count(), 500u);
  EXPECT_EQ(sim.overlays()->tree_cells(0).size(), 1u) << "the root of this run's tree";
  EXPECT_EQ(sim.fields()->field_values().size(), 500u);
  EXPECT_EQ(sim.meters()->bodies_at({7, 499}).size(), 2u);
  const Simulation& seen = sim;  // the const accessors give the same faces
  EXPECT_EQ(seen.meters(), sim.meters());
  EXPECT_EQ(seen.vertices(), sim.vertices());
}

TEST(SimulationFaces, TheCpuBackendOffersEveryFaceButItsOwnFiles) {
  CpuSimulation sim(Solver::BarnesHut, {});
  expect_full_faces(sim);
  auto made = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  expect_full_faces(*made);
}

TEST(GpuSimulationFaces, TheCudaBackendOffersEveryFaceButItsOwnFiles) {
  REQUIRE_CUDA();
  auto sim = make_simulation(Backend::Cuda, Solver::BarnesHut, {});
  expect_full_faces(*sim);
}

// A backend of the core alone (the CPU backend's core underneath), refusing the overlays as a run
// over several MPI ranks does.
class CoreOnly final : public Simulation {
 public:
  explicit CoreOnly(std::string why) { refuse(Face::Overlays, std::move(why)); }
  std::unique_ptr<Simulation> s = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  Backend backend() const override { return s->backend(); }
  std::string name() const override { return s->name(); }
  void reset(const HostBodies& b) override { s->reset(b); }
  void set_params(const SimParams& p) override { s->set_params(p); }
  const SimParams& params() const override { return s->params(); }
  void set_solver(Solver v) override { s->set_solver(v); }
  Solver solver() const override { return s->solver(); }
  void step() override { s->step(); }
  void compute_forces() override { s->compute_forces(); }
  void restore_forces(const HostBodies& b) override { s->restore_forces(b); }
  void set_clock(double t, std::uint64_t n) override { s->set_clock(t, n); }
  std::unique_ptr<Keyframe> capture(std::unique_ptr<Keyframe> spare) const override {
    return s->capture(std::move(spare));
  }
  void restore(const Keyframe& k) override { s->restore(k); }
  std::optional<Runaway> runaway() override { return s->runaway(); }
  void clear_runaway() override { s->clear_runaway(); }
  std::size_t size() const override { return s->size(); }
  double time() const override { return s->time(); }
  std::uint64_t steps_taken() const override { return s->steps_taken(); }
  HostBodies download() const override { return s->download(); }
  Diagnostics diagnostics() const override { return s->diagnostics(); }
};

std::string refused(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

TEST(SimulationFaces, ANullFaceSaysWhyInTheWordsTheAppShows) {
  CoreOnly sim("not available in a run over several MPI ranks");
  sim.reset(make_plummer(100, 4));
  EXPECT_EQ(sim.overlays(), nullptr);
  EXPECT_EQ(sim.vertices(), nullptr);
  EXPECT_EQ(sim.why_not(Face::Meters), kNotOffered);
  // What the MPI backend threw from trace_walk and tree_cells before the faces, word for word.
  EXPECT_EQ(refused([&] { app::overlay_geometry(sim, 3, -1); }),
            "the tree overlay is not available in a run over several MPI ranks");
  EXPECT_EQ(refused([&] { app::overlay_geometry(sim, -1, 42); }),
            "the walk overlay is not available in a run over several MPI ranks");
  EXPECT_TRUE(app::overlay_geometry(sim, -1, -1).boxes.empty()) << "nothing asked: no refusal";
  EXPECT_EQ(sim.vertex_count(), 100u) << "one vertex a body without a writer's stride";
  EXPECT_EQ(refused([&] { offered(sim.meters(), sim, Face::Meters, "the accuracy meter"); }),
            "the accuracy meter is not offered by this simulation");
}

}  // namespace
}  // namespace galaxy

// SPDX-License-Identifier: MIT
#pragma once

#include "cpu/force_terms.hpp"
#include "cpu/gravity.hpp"
#include "cpu/hydro.hpp"
#include "simulation.hpp"

namespace galaxy {

// The CPU backend: the multi-threaded simulator (cpu/parallel.hpp's pool), and the backend used where no
// CUDA device is present. Its step is the host's leapfrog (cpu/leapfrog.hpp) around its force
// terms (cpu/force_terms.hpp): gravity, Barnes-Hut on CpuOctree or direct summation in double.
// It offers every face but the .gxy files (the app saves it from download()).
class CpuSimulation final : public Simulation,
                            public VertexWriter,
                            public Overlays,
                            public BodyFields,
                            public Meters,
                            public BodyArrays {
 public:
  CpuSimulation(Solver solver, const SimParams& p)
      : solver_(solver),
        params_(p),
        gravity_(static_cast<CpuGravity&>(terms_.add(std::make_unique<CpuGravity>()))),
        hydro_(static_cast<CpuHydro&>(terms_.add(std::make_unique<CpuHydro>()))) {
    offer({this, this, this, this, nullptr, this});
  }

  Backend backend() const override { return Backend::Cpu; }
  std::string name() const override;
  void reset(const HostBodies& bodies) override;
  void set_params(const SimParams& p) override;
  const SimParams& params() const override { return params_; }
  void set_solver(Solver s) override;
  Solver solver() const override { return solver_; }
  void step() override;
  void compute_forces() override { force_pass(0); }
  void restore_forces(const HostBodies& b) override;
  void set_clock(double time, std::uint64_t steps) override {
    time_ = time;
    steps_ = steps;
  }
  std::size_t size() const override { return bodies_.size(); }
  double time() const override { return time_; }
  std::uint64_t steps_taken() const override { return steps_; }
  HostBodies download() const override { return bodies_; }
  HostBodies* host_bodies() override { return &bodies_; }
  Diagnostics diagnostics() const override;
  std::optional<Runaway> runaway() override { return runaway_; }
  void clear_runaway() override { runaway_.reset(); }
  std::unique_ptr<Keyframe> capture(std::unique_ptr<Keyframe> spare) const override;
  void restore(const Keyframe& k) override;
  WalkTrace trace_walk(std::size_t index) override;
  std::vector<TraceBox> tree_cells(int max_depth) const override;
  bool tree_current() const override { return gravity_.tree_current(); }
  ErrorStats measure_accuracy(std::size_t samples, std::uint64_t seed) const override {
    return sampled_accuracy(*this, size(), samples, seed);
  }
  ExactSample exact_sample(const std::vector<std::uint64_t>& indices) const override {
    return exact_sample_of(bodies_, indices, params_.softening);
  }
  HostBodies bodies_at(const std::vector<std::uint64_t>& indices) const override {
    return bodies_of(bodies_, indices);
  }
  StageTimings timings() const override { return timings_; }
  InteractionCounts interactions() const override { return counts_; }
  // The body fields (cpu/cpu_field_values.cpp). The force error's budget: pair interactions one
  // showing may cost (summed in double, about a second for 20,000 bodies on two cores); above
  // it a sample of kErrorFieldPairs / N bodies is computed.
  static constexpr double kErrorFieldPairs = 4e8;
  FieldStats show_field(BodyField f, std::uint64_t seed, std::size_t max_bodies) override;
  BodyField shown_field() const override { return vertex_values_.empty() ? BodyField::Speed : field_; }
  std::vector<float> field_values() const override;
  void write_vertices_host(float* xyzs, std::uint8_t* tags) const override;
  // The gas physics (sph.hpp); the step's dt is the smaller of params().dt and the last pass's
  // Courant step (last_dt()).
  const sph::SphParams& gas_params() const { return hydro_.params(); }
  void set_gas_params(const sph::SphParams& p) { hydro_.set_params(p); }
  float last_dt() const { return last_dt_; }
  float courant_dt() const { return hydro_.courant_dt(); }
  // Self-gravity on or off (CpuGravity::set_enabled): off for a test of the hydrodynamics alone.
  void set_gravity(bool on) { gravity_.set_enabled(on); }

 private:
  void force_pass(float dt);
  void require_tree(const char* what) const;
  std::vector<float> compute_field(BodyField f, std::uint64_t seed, std::size_t max_bodies) const;

  Solver solver_;
  SimParams params_;
  HostBodies bodies_;
  HostBodies good_;  // the state before the current step: what a runaway step goes back to
  std::optional<Runaway> runaway_;
  ForceTerms terms_;     // what compute_forces() sums, gravity first
  CpuGravity& gravity_;  // terms_'s first, whose tree the overlays read
  CpuHydro& hydro_;      // terms_'s second: nothing to do without gas
  float last_dt_ = 0;    // the last step's dt
  double time_ = 0;
  std::uint64_t steps_ = 0;
  StageTimings timings_;
  InteractionCounts counts_;
  bool have_accel_ = false;  // bodies_ hold the last pass's accelerations (the relative criterion)
  std::vector<float> vertex_values_;  // field_'s values, drawn instead of the speed where set
  BodyField field_ = BodyField::Speed;  // (reset()'s order; reset() clears them)
};

}  // namespace galaxy

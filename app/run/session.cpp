// SPDX-License-Identifier: MIT
#include "run/session.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "io/encounter_file.hpp"
#include "io/gxy.hpp"
#include "io/snapshot.hpp"
#include "memory.hpp"
#include "scenarios/drop.hpp"
#include "scenarios/presets.hpp"
#include "scenarios/scenarios.hpp"
#include "threads.hpp"

namespace galaxy::app {

namespace {

// The backend the spec asks for, or cuda where a device is present, else cpu.
Backend choose_backend(const RunSpec& spec) {
  if (spec.backend) return *spec.backend;
  return cuda_available() ? Backend::Cuda : Backend::Cpu;
}

std::size_t default_body_count(Backend b) { return b == Backend::Cuda ? 1u << 20 : 20000; }

// At the start, the parameters given override a snapshot's own, and say so. True when one did
// (the saved accelerations then belong to others).
bool override_params(const RunSpec& given, SimParams& file, std::vector<std::string>& notes) {
  bool overridden = false;
  for (const ParamInfo* info : given.given_params) {
    const double wanted = get(given.params, *info), had = get(file, *info);
    if (wanted == had) continue;
    notes.push_back(fmt::format("{} {} overrides the snapshot's {} = {}", info->option,
                                format_value(*info, wanted), info->name,
                                format_value(*info, had)));
    set(file, *info, wanted);
    overridden = true;
  }
  return overridden;
}

}  // namespace

Session::Session(const RunSpec& spec, const ReadProgress& loading)
    : scenario_(spec.bodies.scenario), seed_(spec.seed), rendering_(spec.rendering) {
  // A front end without a main of its own (a script) sizes the threads here.
  if (spec.threads) set_cpu_threads(*spec.threads);
  const BodySource& from = spec.bodies;
  load_options_.units = from.units;
  load_options_.particle_types = from.particle_types;
  if (!from.encounter.empty()) {
    encounter_ = io::load_encounter(from.encounter);  // names the file, line and key it refuses
    encounter_path_ = from.encounter;
  }
  made_by_generator();
  const Backend backend = choose_backend(spec);
  sim_ = make_simulation(backend, spec.solver, spec.params);
  if (from.given) {
    require_room(backend, from.given->size());
    sim_->reset(*from.given);
    source_ = "given bodies";
    units_ = {};
  } else if (from.snapshot.empty()) {
    const std::size_t n = from.count.value_or(default_body_count(backend));
    // Before anything of that size is allocated.
    require_room(backend, n);
    sim_->reset(make_bodies(n));
  } else {
    check_load(from.snapshot);  // a file too big is refused from its header, before reading it
    io::Snapshot s = read(from.snapshot, loading ? loading(from.snapshot) : io::Progress{});
    start_notes_ = adopt(std::move(s), from.snapshot, &spec).notes;
  }
}

void Session::set_body_count(std::size_t n) {
  if (n == 0) throw std::invalid_argument("the body count must be positive");
  require_room(sim_->backend(), n);
  sim_->reset(make_bodies(n));
  made_by_generator();
}

HostBodies Session::make_bodies(std::size_t n) const {
  if (!encounter_) return make_scenario(scenario_, n, seed_);
  try {
    return make_encounter(*encounter_, n, seed_);
  } catch (const std::invalid_argument& x) {
    // Values the file gave that cannot be built: named with the file, as its reader's refusals.
    throw std::invalid_argument(encounter_path_ + ": " + x.what());
  }
}

void Session::made_by_generator() {
  source_ = encounter_ ? "encounter " + encounter_path_ : scenario_;
  units_ = encounter_ ? encounter_->units : scenario_units(scenario_);
}

void Session::require_room(Backend b, std::size_t n) const {
  require_memory(b, n, rendering_, sim_->params().multipole);
}

void Session::set_scenario(const std::string& name) {
  sim_->reset(make_scenario(name, sim_->size() ? sim_->size() : 1, seed_));
  scenario_ = name;
  encounter_.reset();
  made_by_generator();
}

void Session::set_encounter(const Encounter& e, std::size_t bodies) {
  const std::size_t n = bodies ? bodies : sim_->size() ? sim_->size() : 1;
  check_encounter(e, n);
  require_room(sim_->backend(), n);
  sim_->reset(make_encounter(e, n, seed_));
  encounter_ = e;
  encounter_path_ = e.name.empty() ? "(designed in the panel)" : e.name;
  made_by_generator();
}

const Encounter* Session::encounter() const {
  if (encounter_) return &*encounter_;
  return find_preset(scenario_);
}

void Session::set_backend(Backend backend) {
  require_room(backend, sim_->size());
  auto next = make_simulation(backend, sim_->solver(), sim_->params());
  next->reset(sim_->download());
  sim_ = std::move(next);
}

int Session::add_galaxy(HostBodies g) {
  HostBodies all = sim_->download();
  const std::optional<int> tag = free_galaxy_tag(all);
  if (!tag) {
    throw std::invalid_argument(fmt::format("the run has {} galaxies, as many as can be told apart",
                                            kMaxGalaxies));
  }
  require_room(sim_->backend(), all.size() + g.size());
  std::fill(g.galaxy.begin(), g.galaxy.end(), static_cast<std::uint8_t>(*tag));
  append(all, g);
  replace_bodies(all);
  return *tag;
}

int Session::remove_galaxy_of(std::size_t index) {
  HostBodies all = sim_->download();
  if (index >= all.size()) {
    throw std::out_of_range(fmt::format("no body {} among {}", index, all.size()));
  }
  const int tag = all.galaxy[index];
  if (galaxy_size(all, tag) == all.size()) {
    throw std::invalid_argument(
        fmt::format("galaxy {} is all the run has; nothing would be left", tag));
  }
  replace_bodies(without_galaxy(all, tag));
  return tag;
}

void Session::replace_bodies(const HostBodies& b) {
  const double time = sim_->time();
  const std::uint64_t steps = sim_->steps_taken();
  sim_->reset(b);  // throws keeping the run
  sim_->set_clock(time, steps);
}

io::Snapshot Session::snapshot() const {
  return {sim_->download(), sim_->time(), sim_->steps_taken(), sim_->params(), {}, units_};
}

void Session::save(const std::string& path, const io::Progress& progress) const {
  // A run over MPI ranks writes its own .gxy, each rank its share.
  if (GxyFiles* own = io::is_gxy_path(path) ? sim_->gxy_files() : nullptr) {
    own->save_gxy(path, units_);
    return;
  }
  io::save_snapshot(path, snapshot(), progress);
}

Loaded Session::load(const std::string& path, const io::Progress& progress) {
  check_load(path);
  // Throws before touching the run.
  return adopt(read(path, progress), path, nullptr);
}

bool Session::reads_itself(const std::string& path) const {
  return io::is_gxy_path(path) && sim_->gxy_files() != nullptr;
}

// A .gxy that the run reads itself (over MPI ranks, in parallel): its header alone here.
io::Snapshot Session::read(const std::string& path, const io::Progress& progress) const {
  if (!reads_itself(path)) return io::load_snapshot(path, load_options(progress));
  io::GxyHead head = io::read_gxy_head(path);
  head.snapshot.unread_bodies = head.bodies;
  return std::move(head.snapshot);
}

io::LoadOptions Session::load_options(const io::Progress& progress) const {
  io::LoadOptions o = load_options_;
  o.progress = progress;
  return o;
}

void Session::check_load(const std::string& path) const {
  if (const auto n = io::snapshot_body_count(path)) {
    try {
      require_room(sim_->backend(), *n);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(path + ": " + e.what());
    }
  }
}

Loaded Session::adopt(io::Snapshot s, const std::string& path, const RunSpec* given) {
  const std::size_t n = s.unread_bodies ? s.unread_bodies : s.bodies.size();
  require_room(sim_->backend(), n);
  Loaded loaded{sim_->params(), n, s.warnings};
  // A .gxy file carries the run's parameters; they are set before reset() so that the
  // accelerations it computes use the saved softening, and put back if reset() fails.
  const bool overridden = s.params && given && override_params(*given, *s.params, loaded.notes);
  if (s.params) sim_->set_params(*s.params);
  try {
    if (s.unread_bodies) {
      sim_->gxy_files()->load_gxy(path, !overridden);  // read() left them: reads_itself
    } else {
      sim_->reset(s.bodies);
      // .gxy with its own parameters: the run continues bit for bit.
      if (s.params && !overridden) sim_->restore_forces(s.bodies);
    }
  } catch (...) {
    sim_->set_params(loaded.params);
    throw;
  }
  sim_->set_clock(s.time, s.steps);
  if (s.params) loaded.params = *s.params;
  source_ = "snapshot " + path;
  units_ = s.units;  // a .gxy (version 2) or HDF5 file's, or --units'; else none
  return loaded;
}

Running Session::running() const {
  return {sim_->size(), sim_->backend(), sim_->solver(), sim_->params(), sim_->name(), scenario_,
          source_, units_};
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "picture/shown_field.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace galaxy::app {

namespace {
constexpr std::uint64_t kFieldSeed = 1;  // the same bodies every time at a given N

std::string value(const BodyFieldInfo& f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f.format, v);
  return buf;
}
}  // namespace

const BodyFieldInfo* shown_field(const render::RenderParams& r) {
  if (r.color != render::ColorMode::Field) return nullptr;
  const auto k = static_cast<std::size_t>(r.field.field);
  if (k >= body_fields().size()) return nullptr;
  const BodyFieldInfo& f = body_fields()[k];
  return f.refresh == FieldRefresh::Live ? nullptr : &f;
}

bool ShownField::due(Simulation& sim, const BodyFieldInfo& f, Clock::time_point now) {
  const SimParams& p = sim.params();
  const Key key{p.theta, p.alpha, p.multipole, sim.solver(), &sim};
  // θ, α and the multipole order reach the forces at the next step after the change; a solver
  // change at once.
  if (key == key_) {
    change_step_.reset();
  } else if (!change_step_) {
    change_step_ = sim.steps_taken();
  }
  const bool stale = change_step_ && (sim.steps_taken() != *change_step_ ||
                                      key.solver != key_.solver || key.sim != key_.sim);
  const BodyField now_shown = sim.fields() ? sim.fields()->shown_field() : BodyField::Speed;
  const bool fresh = shown_ != f.field || now_shown != f.field || stale;
  if (f.refresh == FieldRefresh::OnChange) return fresh || requested_;
  if (fresh || requested_) step_refresh_.invalidate();
  requested_ = false;
  return step_refresh_.due(sim.steps_taken(), true, now);
}

void ShownField::update(Simulation& sim, const render::RenderParams& look, FieldReport& said,
                        Clock::time_point now) {
  const BodyFieldInfo* f = shown_field(look);
  if (!f) {
    BodyFields* fields = sim.fields();
    if (fields && fields->shown_field() != BodyField::Speed) fields->show_field(BodyField::Speed);
    shown_.reset();
    said = {};
    return;
  }
  if (!due(sim, *f, now)) return;
  compute(sim, *f, said);
}

void ShownField::compute(Simulation& sim, const BodyFieldInfo& f, FieldReport& said) {
  const SimParams& p = sim.params();
  // Remembered whatever happens, so that a failure is reported once, not at every frame.
  shown_ = f.field;
  requested_ = false;
  key_ = {p.theta, p.alpha, p.multipole, sim.solver(), &sim};
  step_ = sim.steps_taken();
  change_step_.reset();
  try {
    BodyFields& fields = offered(sim.fields(), sim, Face::Fields, "this body field");
    const FieldStats st = fields.show_field(f.field, kFieldSeed);
    said.info = field_info_line(f, st, step_, p.theta, p.alpha);
    said.error.clear();
    ++computed_;
  } catch (const std::exception& e) {
    // The simulation draws the field's bodies grey, not speeds as values.
    said.error = fmt::format("{}: {}", f.name, e.what());
    said.info.clear();
  }
}

std::string field_info_line(const BodyFieldInfo& f, const FieldStats& s, std::uint64_t step,
                            float theta, float alpha) {
  if (s.count == 0) return fmt::format("{} at step {}: no body", f.name, step);
  const std::string when = f.refresh == FieldRefresh::OnChange
                               ? fmt::format(" (theta {:.2f}, alpha {:g})", theta, alpha)
                               : std::string();
  const std::string which =
      s.count == s.bodies ? fmt::format("all {} bodies", s.count)
                          : fmt::format("{} of {} bodies (grey: not computed)", s.count, s.bodies);
  return fmt::format("{} at step {}{}, {}: mean {}, median {}, p99 {}, max {}{}{}; {:.2f} s", f.name,
                     step, when, which, value(f, s.mean), value(f, s.median), value(f, s.p99),
                     value(f, s.max), f.unit.empty() ? "" : " ", f.unit, s.seconds);
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
#include "run/runner.hpp"

#include <fmt/format.h>

#include <cmath>

#include "wall_clock.hpp"

namespace galaxy::app {

Runner::Runner(const RunSpec& spec, const ReadProgress& loading)
    : Runner(std::make_unique<Session>(spec, loading), spec) {}

// The budget depends on the backend the session chose (a spec may leave it to the machine).
Runner::Runner(std::unique_ptr<Session> session, const RunSpec& spec)
    : session_(std::move(session)),
      timeline_(keyframe_budget(spec, session_->simulation().backend())),
      threaded_(spec.threaded),
      pictured_(spec.rendering),
      keyframes_(spec.keyframes) {}

Runner::Runner(std::unique_ptr<Session> session, bool threaded, std::size_t keyframe_budget)
    : session_(std::move(session)), timeline_(keyframe_budget), threaded_(threaded) {}

Runner::~Runner() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Runner::start() {
  if (threaded_ && !thread_.joinable()) thread_ = std::thread([this] { loop(); });
}

Runner::Parked::Parked(Runner& runner) : r(runner) {
  if (!r.thread_.joinable()) return;
  std::unique_lock lock(r.mutex_);
  ++r.park_requests_;
  r.wake_.notify_all();
  r.parked_cv_.wait(lock, [&] { return r.parked_; });
}

Runner::Parked::~Parked() {
  if (!r.thread_.joinable()) return;
  {
    std::lock_guard lock(r.mutex_);
    --r.park_requests_;
  }
  r.wake_.notify_all();
}

void Runner::set_error(const std::string& what) {
  std::lock_guard lock(mutex_);
  status_.error = what;
  halted_ = true;
  credit_ = 0;
}

void Runner::enqueue(std::function<void(Session&)> f, bool report_errors) {
  auto run = [this, f = std::move(f), report_errors](Session& s) {
    try {
      f(s);
    } catch (const std::exception& e) {
      if (!report_errors) throw;
      set_error(e.what());
    }
  };
  if (!thread_.joinable()) {
    run(*session_);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    tasks_.push_back(std::move(run));
  }
  wake_.notify_all();
}

void Runner::post(std::function<void(Session&)> f) { enqueue(std::move(f), true); }

void Runner::set_params(const SimParams& p) {
  post([this, p](Session& s) {
    Simulation& sim = s.simulation();
    const bool same = sim.params() == p;
    sim.set_params(p);
    if (!same) timeline_.forget_after(sim.steps_taken());
    std::lock_guard lock(mutex_);
    status_.running.params = p;
  });
}

void Runner::grant(double steps, std::optional<std::uint64_t> limit) {
  const bool lockstep = !thread_.joinable();
  // Lockstep shows the steps it granted: at most one a frame for "fastest".
  if (lockstep && !std::isfinite(steps)) steps = 1.0;
  {
    std::lock_guard lock(mutex_);
    limit_ = limit;
    // At most a frame's worth (or one step) waits: a step slower than the frame builds no backlog.
    credit_ = std::min(credit_ + steps, std::max(steps, 1.0));
  }
  if (!lockstep) {
    wake_.notify_all();
    return;
  }
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (!can_step()) break;
      credit_ -= 1;
    }
    step_and_publish();
  }
}

void Runner::hold() {
  std::lock_guard lock(mutex_);
  credit_ = 0;
}

bool Runner::seek(std::uint64_t step) {
  {
    std::lock_guard lock(mutex_);
    if (status_.kept.empty() || step < status_.kept.front()) return false;
    seek_to_ = step;
    credit_ = 0;
  }
  if (!thread_.joinable()) {
    replay_to(step);
    return true;
  }
  wake_.notify_all();
  return true;
}

bool Runner::can_step() const {
  return credit_ >= 1.0 && !halted_ && !status_.runaway &&
         !(limit_ && status_.steps >= *limit_);
}

void Runner::loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] {
      return stop_ || park_requests_ > 0 || !tasks_.empty() || seek_to_ || can_step();
    });
    if (stop_) return;
    if (park_requests_ > 0) {
      parked_ = true;
      parked_cv_.notify_all();
      wake_.wait(lock, [&] { return stop_ || park_requests_ == 0; });
      parked_ = false;
      continue;
    }
    if (!tasks_.empty()) {
      auto task = std::move(tasks_.front());
      tasks_.pop_front();
      lock.unlock();
      task(*session_);
      lock.lock();
    } else if (seek_to_) {
      const std::uint64_t target = *seek_to_;
      lock.unlock();
      replay_to(target);
      lock.lock();
    } else {
      credit_ -= 1;
      lock.unlock();
      step_and_publish();
      lock.lock();
    }
  }
}

void Runner::step_and_publish() {
  Simulation& sim = session_->simulation();
  const auto t0 = Clock::now();
  try {
    sim.step();
    sim.synchronize();
    std::optional<Runaway> r = sim.runaway();
    // Coming to an edit from before it (after going back): the run takes the edit again.
    if (!r && !timeline_.arrive(sim) && keyframes_) timeline_.record(sim);
    {
      std::lock_guard lock(mutex_);
      status_.runaway = std::move(r);
      if (status_.runaway) credit_ = 0;
    }
    publish(ms_since(t0));
  } catch (const std::exception& e) {
    set_error(fmt::format("step failed: {}", e.what()));
  }
}

// Goes to `target` on the keyframes; an exclusive action, a newer seek or the end stops the
// replay where it is (a newer seek goes on from there).
void Runner::replay_to(std::uint64_t target) {
  Simulation& sim = session_->simulation();
  {
    std::lock_guard lock(mutex_);
    status_.seeking = target;
  }
  const auto keep_going = [&] {
    std::lock_guard lock(mutex_);
    return !stop_ && park_requests_ == 0 && seek_to_ == target;
  };
  const auto t0 = Clock::now();
  try {
    timeline_.seek(sim, target, keep_going);
    sim.synchronize();
    {
      std::lock_guard lock(mutex_);
      status_.runaway = sim.runaway();
    }
    publish(ms_since(t0));
  } catch (const std::exception& e) {
    set_error(fmt::format("going back failed: {}", e.what()));
  }
  std::lock_guard lock(mutex_);
  if (seek_to_ == target) seek_to_.reset();
  status_.seeking.reset();
}

void Runner::publish(float wall_ms) {
  Simulation& sim = session_->simulation();
  StepReport r;
  r.steps = sim.steps_taken();
  r.time = sim.time();
  r.bodies = sim.size();
  if (const Meters* m = sim.meters()) {
    r.timings = m->timings();
    r.interactions = m->interactions();
    r.ranks = m->ranks();
  }
  r.wall_ms = wall_ms;
  r.name = sim.name();
  if (pictured_) {
    handoff_.publish(sim, r, device_vertices_ && sim.backend() == Backend::Cuda, vertex_of_);
  }
  Running running = session_->running();
  std::lock_guard lock(mutex_);
  status_.running = std::move(running);
  status_.step = std::move(r);
  status_.steps = r.steps;
  status_.kept = timeline_.steps();
  status_.keyframe_bytes = timeline_.bytes();
  status_.keyframe_budget = timeline_.budget();
  status_.keyframe_note = timeline_.note();
  status_.edits = timeline_.edits();
  note_rates(r.steps, r.time);
}

// Steps and simulated time per wall-clock second over the last second of publications.
void Runner::note_rates(std::uint64_t steps, double time) {
  const auto now = Clock::now();
  rate_window_.push_back({now, {steps, time}});
  while (rate_window_.size() > 2 && now - rate_window_.front().first > std::chrono::seconds(1)) {
    rate_window_.pop_front();
  }
  const auto& [t0, first] = rate_window_.front();
  const double span = std::chrono::duration<double>(now - t0).count();
  const bool forward = steps >= first.first;
  status_.steps_per_s = span > 0 && forward ? double(steps - first.first) / span : 0.0;
  status_.sim_time_per_s = span > 0 && forward ? (time - first.second) / span : 0.0;
}

void Runner::republish(Session& s, bool changed) {
  Simulation& sim = s.simulation();
  if (changed) {
    timeline_.clear();
    handoff_.clear();
    if (keyframes_) timeline_.record(sim);
    std::lock_guard lock(mutex_);
    rate_window_.clear();
    status_.runaway.reset();
    status_.error.clear();
    halted_ = false;
    ++status_.generation;
  } else {
    timeline_.forget_after(sim.steps_taken());
  }
  publish(0.0f);
}

std::future<std::optional<std::string>> Runner::edit(std::function<void(Session&)> f) {
  return ask([this, f = std::move(f)](Session& s) -> std::optional<std::string> {
    Simulation& sim = s.simulation();
    try {
      std::unique_ptr<Keyframe> before = sim.capture();
      try {
        f(s);
      } catch (...) {
        sim.restore(*before);  // an edit that failed half way leaves nothing behind
        throw;
      }
      timeline_.edited(sim, std::move(before));
    } catch (const std::exception& e) {
      return e.what();
    }
    edited();
    return std::nullopt;
  });
}

std::future<std::optional<std::string>> Runner::undo() {
  return ask([this](Session& s) -> std::optional<std::string> {
    try {
      if (!timeline_.undo(s.simulation())) return "nothing to undo";
    } catch (const std::exception& e) {
      return std::string("undo failed: ") + e.what();
    }
    edited();
    return std::nullopt;
  });
}

void Runner::edited() {
  {
    std::lock_guard lock(mutex_);
    status_.runaway.reset();
    ++status_.generation;
  }
  publish(0.0f);
}

void Runner::resume() {
  post([this](Session& s) {
    s.simulation().clear_runaway();
    std::lock_guard lock(mutex_);
    status_.runaway.reset();
    status_.error.clear();
    halted_ = false;
  });
}

Running Runner::running() const {
  std::lock_guard lock(mutex_);
  return status_.running;
}

std::uint64_t Runner::steps() const {
  std::lock_guard lock(mutex_);
  return status_.steps;
}

std::string Runner::error() const {
  std::lock_guard lock(mutex_);
  return status_.error;
}

RunnerStatus Runner::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

}  // namespace galaxy::app

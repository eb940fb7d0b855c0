// SPDX-License-Identifier: MIT
// The simulation's own thread: the frame loop never waits for a step. The runner owns the
// session; it steps it as fast as the speed allows, keeps keyframes (Timeline), and publishes
// every finished step's vertices (FrameHandoff), which the frame loop draws when they arrive.
// Whatever else the frame loop wants of the simulation goes through here:
//   post(f)      runs f on the thread before its next step (parameters, solver, resume);
//   ask(f)       the same with a result to collect later (diagnostics, accuracy, overlays);
//   exclusive(f) parks the thread at the end of its step and runs f on the caller's thread: for
//                rare actions that change the run wholesale (reset, load, save, backend).
// Without a thread (lockstep: recordings, where each frame must show its own step, and tests),
// every call runs at once on the caller's thread and grant() steps in the frame.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "run/frame_handoff.hpp"
#include "run/run_spec.hpp"
#include "run/session.hpp"
#include "run/speed.hpp"
#include "timeline.hpp"

namespace galaxy::app {

// What the frame loop shows of the thread, copied out once a frame.
struct RunnerStatus {
  Running running;  // as of the thread's last publication (Session::running)
  StepReport step;  // the published step's timings, interactions and ranks (no vertices)
  std::uint64_t steps = 0;  // the simulation's step count (drawn steps may lag behind)
  std::optional<std::uint64_t> seeking;  // the step a replay is heading for
  std::vector<std::uint64_t> kept;       // keyframes' steps
  std::size_t keyframe_bytes = 0, keyframe_budget = 0;
  std::string keyframe_note;
  std::size_t edits = 0;  // drops and removals undo can take back
  std::optional<Runaway> runaway;  // the run stopped on its last good state
  std::string error;               // a step or a posted action failed (the thread halts)
  double steps_per_s = 0, sim_time_per_s = 0;  // over the last second
  std::uint64_t generation = 0;  // run changes so far (results asked before one are stale)
};

class Runner {
 public:
  // The run `spec` describes: its session made here (`loading` hears a snapshot's read), on a
  // thread or in lockstep, keyframes within its budget, vertices published where it renders.
  explicit Runner(const RunSpec& spec, const ReadProgress& loading = {});
  // A session made by the caller (tests): vertices published, keyframes within the budget.
  Runner(std::unique_ptr<Session> session, bool threaded, std::size_t keyframe_budget);
  ~Runner();
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  // Starts the thread (threaded runners): after the frame loop set up its buffers and published
  // the first step (republish).
  void start();
  bool threaded() const { return threaded_; }

  // Once a frame: `steps` more steps may run (fractions add up; infinity: as many as the thread
  // manages), but never past `limit` steps in all. Credit beyond a frame's worth is dropped, so a
  // slow step never builds a backlog. Lockstep runs them here and publishes each.
  void grant(double steps, std::optional<std::uint64_t> limit);
  void hold();  // pause: drops the credit; the step in flight finishes
  // Goes to `step` (restoring a keyframe and replaying); the newest call wins. False when no
  // keyframe reaches back that far.
  bool seek(std::uint64_t step);

  // Runs `f` on the thread before its next step. An exception halts the thread and is reported
  // in status().error.
  void post(std::function<void(Session&)> f);
  // Sets the parameters before the next step; keyframes after the current step belong to the old
  // parameters' future and go.
  void set_params(const SimParams& p);
  template <class F>
  auto ask(F f) -> std::future<std::invoke_result_t<F, Session&>> {
    using R = std::invoke_result_t<F, Session&>;
    auto task = std::make_shared<std::packaged_task<R(Session&)>>(std::move(f));
    auto result = task->get_future();
    enqueue([task](Session& s) { (*task)(s); }, false);
    return result;
  }
  template <class F>
  auto exclusive(F f) -> std::invoke_result_t<F, Session&> {
    Parked parked(*this);
    return f(*session_);
  }
  // Edits of the bodies at the current step, on the thread before its next step (Session::
  // add_galaxy, remove_galaxy): the timeline keeps the states either side (Timeline::edited), so
  // the future after the edit is forgotten, the past stays, and undo() takes it back. The future
  // holds what went wrong, or nothing when it went through; on failure the run goes on as it was.
  std::future<std::optional<std::string>> edit(std::function<void(Session&)> f);
  // Takes the newest edit back (the run goes to the moment before it); says why not, where not.
  std::future<std::optional<std::string>> undo();
  // After an exclusive action: the run changed wholesale (`changed`: keyframes and rates start
  // over, results asked before are stale) or only its current state (a solver change); the new
  // state is published. Call it inside exclusive() or before start().
  void republish(Session& s, bool changed);
  // Publishes the current state again (new vertex values): on the thread (a task) or parked.
  void publish_now() { publish(0.0f); }
  // Where the thread may write vertices on the device (the GL buffers are registered with CUDA).
  void set_device_vertices(bool on) { device_vertices_ = on; }
  // Publishes where each body's vertex is (VertexBuffers::vertex_of: the trails follow bodies
  // by it), from the next publication.
  void set_vertex_of(bool on) { vertex_of_ = on; }
  // Clears the error and the runaway after the user chose to go on.
  void resume();

  FrameHandoff& handoff() { return handoff_; }
  RunnerStatus status() const;
  // What runs, alone: status().running without copying the keyframe list (a change reads it).
  Running running() const;
  // status().steps and status().error alone, for a caller that asks after every step (bench).
  std::uint64_t steps() const;
  std::string error() const;

 private:
  using Clock = std::chrono::steady_clock;
  Runner(std::unique_ptr<Session> session, const RunSpec& spec);
  struct Parked {
    explicit Parked(Runner& r);
    ~Parked();
    Runner& r;
  };
  void enqueue(std::function<void(Session&)> f, bool report_errors);
  void loop();
  bool can_step() const;  // under the lock
  void step_and_publish();
  void replay_to(std::uint64_t step);
  void publish(float wall_ms);
  void note_rates(std::uint64_t steps, double time);
  void set_error(const std::string& what);
  void edited();  // after an edit or an undo went through: publish, and old results are stale

  std::unique_ptr<Session> session_;
  Timeline timeline_;
  FrameHandoff handoff_;
  const bool threaded_;
  const bool pictured_ = true;   // finished steps' vertices go to the handoff
  const bool keyframes_ = true;  // the timeline records keyframes (false: the run never goes back)
  std::atomic<bool> device_vertices_{false};
  std::atomic<bool> vertex_of_{false};

  mutable std::mutex mutex_;  // guards everything below
  std::condition_variable wake_, parked_cv_;
  std::deque<std::function<void(Session&)>> tasks_;
  double credit_ = 0;
  std::optional<std::uint64_t> limit_, seek_to_;
  int park_requests_ = 0;
  bool parked_ = false, stop_ = false, halted_ = false;
  RunnerStatus status_;
  std::deque<std::pair<Clock::time_point, std::pair<std::uint64_t, double>>> rate_window_;
  std::thread thread_;  // last: it starts after everything it uses
};

}  // namespace galaxy::app

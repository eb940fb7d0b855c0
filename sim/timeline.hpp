// SPDX-License-Identifier: MIT
// Time that runs back: keyframes of one run (Simulation::capture) kept within a memory budget,
// from which any step between the oldest kept keyframe and the newest step can be reached again
// bit for bit: restore the newest keyframe at or before it and replay the steps in between (each
// backend's step is deterministic given its keyframe's state).
//
// A keyframe is taken every `interval` steps. When the next would pass the budget, the kept one
// whose removal leaves the smallest gap for its age goes (never the oldest or the newest), so the
// recent past stays dense (a step back replays a few steps) and the distant past thins out.
// The same happens past a count of keyframes: where keyframes are small (few bodies), steps are
// cheap and a replay over a wider gap is quick, so a store of thousands more would only take
// memory (a 2,000-body run would otherwise fill a 1 GiB budget over more than a minute).
//
// Edits (a galaxy dropped in or taken out) change the run at one step, like a parameter change:
// the future after it is forgotten and the past stays. The state just after an edit is kept and
// never thinned out, so a run that comes to that step again from the past takes the edit again
// (arrive()), and the state just before it is kept for undo(): either side of an edit replays
// bit for bit.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "simulation.hpp"

namespace galaxy {

// Keyframes kept at most: 4,096 cover 16,384 steps densely at the default interval.
inline constexpr std::size_t kMostKeyframes = 4096;
// Edits remembered at most (each keeps two states): one more forgets the oldest and the past
// before it.
inline constexpr std::size_t kMostEdits = 16;

class Timeline {
 public:
  explicit Timeline(std::size_t budget_bytes, std::uint64_t interval = 4,
                    std::size_t most_kept = kMostKeyframes);

  // After a finished step that did not run away, and at the start of a run: captures the state
  // when its step count is a multiple of the interval (or nothing is kept yet) and no keyframe
  // of that step is kept. One that would not fit the budget even alone, or that the memory
  // refuses, is not taken, and note() says why (the first: none again at that body count).
  void record(const Simulation& sim);
  // The run changed wholesale (reset, load, body count, backend): forgets every keyframe.
  void clear();
  // The run's future changed (parameters or solver after going back): forgets the keyframes
  // after `step`.
  void forget_after(std::uint64_t step);
  // Puts `sim` at `step`: restores the newest keyframe at or before it and steps forward to it.
  // False, changing nothing, when no kept keyframe lies at or before `step`. `keep_going` is
  // asked before each replayed step; when it says no, the replay stops where it is.
  bool seek(Simulation& sim, std::uint64_t step, const std::function<bool()>& keep_going = {});

  // The bodies of `sim` were just edited at its current step; `before` is its state just before
  // the edit (sim.capture()). Forgets what was kept from this step on (the unedited future) and
  // keeps the edited state and `before`. Where the two do not fit the budget, the past goes
  // instead (no undo, no way back before the edit) and note() says so. When the memory refuses
  // the edited state, `sim` goes back to `before` and this throws: the edit did not happen.
  void edited(Simulation& sim, std::unique_ptr<Keyframe> before);
  // After a step forward: where an edit was made at this step, `sim` takes it (the run came to
  // it from before the edit); true then.
  bool arrive(Simulation& sim) const;
  // Takes the newest edit back: `sim` goes to the state just before it (at its step), and the
  // edit and what was kept after it are forgotten. False, changing nothing, with no edit kept.
  bool undo(Simulation& sim);
  std::size_t edits() const { return edits_.size(); }

  std::size_t budget() const { return budget_; }
  std::size_t bytes() const { return bytes_; }
  bool empty() const { return kept_.empty(); }
  std::vector<std::uint64_t> steps() const;
  const std::string& note() const { return note_; }

 private:
  void make_room(std::size_t more, std::uint64_t now);
  // The keyframe to drop for room, if one may go (not an edited state).
  std::optional<std::size_t> thinnable(std::uint64_t now) const;
  bool pinned(std::uint64_t step) const;
  void erase(std::size_t index);
  void keep(std::unique_ptr<Keyframe> k);
  void forget_from(std::uint64_t step);  // keyframes and edits at `step` and after
  void forget_oldest_edit();             // with the past before it
  void drop_last_edit();

  struct Edit {
    std::uint64_t step = 0;
    std::unique_ptr<Keyframe> before;  // the state just before the edit, for undo()
  };

  std::size_t budget_;
  std::uint64_t interval_;
  std::size_t most_kept_;
  std::vector<std::unique_ptr<Keyframe>> kept_;  // by step
  std::vector<Edit> edits_;  // by step, then in the order made (several may share a step)
  std::unique_ptr<Keyframe> spare_;  // the last one dropped to make room: reused by the next
  std::size_t bytes_ = 0;
  std::string note_;
  // The body count whose keyframe alone was larger than the budget: record() takes none again
  // until the count changes or clear() (it took and dropped one every step: a 5 GB copy and
  // allocation a step at 100M bodies on the GPU).
  std::size_t refused_count_ = 0;
};

}  // namespace galaxy

// SPDX-License-Identifier: MIT
#include "timeline.hpp"

#include <algorithm>
#include <limits>
#include <new>
#include <stdexcept>

#include "memory.hpp"

namespace galaxy {

Timeline::Timeline(std::size_t budget_bytes, std::uint64_t interval, std::size_t most_kept)
    : budget_(budget_bytes),
      interval_(std::max<std::uint64_t>(interval, 1)),
      most_kept_(std::max<std::size_t>(most_kept, 1)) {}

std::vector<std::uint64_t> Timeline::steps() const {
  std::vector<std::uint64_t> s;
  s.reserve(kept_.size());
  for (const auto& k : kept_) s.push_back(k->steps);
  return s;
}

void Timeline::clear() {
  kept_.clear();
  edits_.clear();
  spare_.reset();
  bytes_ = 0;
  note_.clear();
  refused_count_ = 0;
}

void Timeline::erase(std::size_t index) {
  bytes_ -= kept_[index]->bytes();
  spare_ = std::move(kept_[index]);  // its memory serves the next capture
  kept_.erase(kept_.begin() + static_cast<std::ptrdiff_t>(index));
}

void Timeline::forget_after(std::uint64_t step) {
  if (step == std::numeric_limits<std::uint64_t>::max()) return;
  forget_from(step + 1);
}

void Timeline::forget_from(std::uint64_t step) {
  while (!kept_.empty() && kept_.back()->steps >= step) erase(kept_.size() - 1);
  while (!edits_.empty() && edits_.back().step >= step) drop_last_edit();
  spare_.reset();  // the forgotten future's memory returns
}

void Timeline::drop_last_edit() {
  bytes_ -= edits_.back().before->bytes();
  edits_.pop_back();
}

bool Timeline::pinned(std::uint64_t step) const {
  return std::any_of(edits_.begin(), edits_.end(), [&](const Edit& e) { return e.step == step; });
}

// The oldest edit's state becomes where the remembered past begins: nothing before it is kept.
void Timeline::forget_oldest_edit() {
  const std::uint64_t step = edits_.front().step;
  while (!kept_.empty() && kept_.front()->steps < step) erase(0);
  bytes_ -= edits_.front().before->bytes();
  edits_.erase(edits_.begin());
}

// Drops keyframes until `more` bytes and one more keyframe fit: the one (between the oldest and
// the newest) whose removal opens the smallest gap for its age, so that spacing grows with age;
// with two left, the oldest; with one, that one. Edited states are not thinned out: where only
// they are left, the oldest edit goes with the past before it.
void Timeline::make_room(std::size_t more, std::uint64_t now) {
  while (!kept_.empty() && (bytes_ + more > budget_ || kept_.size() >= most_kept_)) {
    if (const auto i = thinnable(now)) {
      erase(*i);
    } else if (!edits_.empty()) {
      forget_oldest_edit();
    } else {
      erase(0);
    }
  }
}

std::optional<std::size_t> Timeline::thinnable(std::uint64_t now) const {
  if (kept_.size() <= 2) {
    if (!pinned(kept_[0]->steps)) return 0;
    return std::nullopt;
  }
  std::optional<std::size_t> best;
  double best_cost = std::numeric_limits<double>::max();
  for (std::size_t i = 1; i + 1 < kept_.size(); ++i) {
    if (pinned(kept_[i]->steps)) continue;
    const double gap = double(kept_[i + 1]->steps - kept_[i - 1]->steps);
    const double age = double(now - kept_[i]->steps) + 1.0;
    if (gap / age < best_cost) best_cost = gap / age, best = i;
  }
  return best;
}

void Timeline::record(const Simulation& sim) {
  const std::uint64_t now = sim.steps_taken();
  const bool due = kept_.empty() || now % interval_ == 0;
  const auto same = [&](const auto& k) { return k->steps == now; };
  if (!due || sim.size() == 0 || std::any_of(kept_.begin(), kept_.end(), same)) return;
  if (sim.size() == refused_count_) return;  // one was larger than the budget: not again
  // The size of the next keyframe: that of the last one (same bodies), else taken and checked.
  const std::size_t expected = kept_.empty() ? 0 : kept_.back()->bytes();
  if (expected > budget_) return;
  make_room(expected, now);
  std::unique_ptr<Keyframe> k;
  try {
    k = sim.capture(std::move(spare_));
  } catch (const std::bad_alloc&) {
    note_ = "keyframes stopped: out of host memory";
  } catch (const std::runtime_error& e) {
    note_ = std::string("keyframes stopped: ") + e.what();
  }
  spare_.reset();  // a spare of another size (or none) is not kept beyond one capture
  if (!k) {
    budget_ = bytes_;  // what is kept fits; nothing more is tried
    return;
  }
  if (k->bytes() > budget_) {
    note_ = "no keyframes: one takes " + gib(k->bytes()) + ", more than the budget of " +
            gib(budget_);
    refused_count_ = sim.size();
    return;
  }
  make_room(k->bytes(), now);
  keep(std::move(k));
}

void Timeline::keep(std::unique_ptr<Keyframe> k) {
  bytes_ += k->bytes();
  const auto at = std::upper_bound(kept_.begin(), kept_.end(), k->steps,
                                   [](std::uint64_t s, const auto& kf) { return s < kf->steps; });
  kept_.insert(at, std::move(k));
}

bool Timeline::seek(Simulation& sim, std::uint64_t step, const std::function<bool()>& keep_going) {
  const auto after = std::upper_bound(kept_.begin(), kept_.end(), step,
                                      [](std::uint64_t s, const auto& kf) { return s < kf->steps; });
  if (after == kept_.begin()) return false;
  const Keyframe& from = **(after - 1);
  // Already between that keyframe and the target on this run's own path: step on from here.
  const std::uint64_t at = sim.steps_taken();
  if (!(at >= from.steps && at <= step && !sim.runaway())) sim.restore(from);
  while (sim.steps_taken() < step) {
    if (keep_going && !keep_going()) break;
    sim.step();
    if (sim.runaway()) break;
  }
  return true;
}

void Timeline::edited(Simulation& sim, std::unique_ptr<Keyframe> before) {
  const std::uint64_t now = sim.steps_taken();
  forget_from(now + 1);
  // The state kept at this step is the unedited one (or an earlier edit's, still reachable
  // through undo()).
  if (!kept_.empty() && kept_.back()->steps == now) erase(kept_.size() - 1);
  spare_.reset();
  // The edited state's size: as many bytes a body as the state before.
  const std::size_t after_bytes =
      before->body_count ? before->bytes() / before->body_count * sim.size() : 0;
  if (before->bytes() + after_bytes > budget_) {
    clear();
    note_ = "the past before the edit was forgotten: its keyframes would not fit the budget";
    record(sim);
    return;
  }
  if (edits_.size() >= kMostEdits) forget_oldest_edit();
  make_room(before->bytes() + after_bytes, now);
  bytes_ += before->bytes();
  edits_.push_back({now, std::move(before)});
  std::unique_ptr<Keyframe> after;
  try {
    after = sim.capture();
  } catch (const std::exception&) {
    sim.restore(*edits_.back().before);
    drop_last_edit();
    throw;
  }
  keep(std::move(after));
}

bool Timeline::arrive(Simulation& sim) const {
  const std::uint64_t now = sim.steps_taken();
  if (!pinned(now)) return false;
  const auto at = std::find_if(kept_.begin(), kept_.end(),
                               [&](const auto& k) { return k->steps == now; });
  if (at == kept_.end()) return false;
  sim.restore(**at);
  return true;
}

bool Timeline::undo(Simulation& sim) {
  if (edits_.empty()) return false;
  Edit& e = edits_.back();
  sim.restore(*e.before);  // throws (out of memory) before anything is forgotten
  const std::uint64_t step = e.step;
  forget_from(step + 1);
  if (!kept_.empty() && kept_.back()->steps == step) erase(kept_.size() - 1);
  drop_last_edit();
  spare_.reset();
  // What the run holds now at that step: an earlier edit's state there, or a plain keyframe.
  try {
    make_room(0, step);
    keep(sim.capture());
  } catch (const std::exception& ex) {
    note_ = std::string("keyframes stopped: ") + ex.what();
  }
  return true;
}

}  // namespace galaxy

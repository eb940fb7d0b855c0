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
  spare_.reset();
  bytes_ = 0;
  note_.clear();
}

void Timeline::erase(std::size_t index) {
  bytes_ -= kept_[index]->bytes();
  spare_ = std::move(kept_[index]);  // its memory serves the next capture
  kept_.erase(kept_.begin() + static_cast<std::ptrdiff_t>(index));
}

void Timeline::forget_after(std::uint64_t step) {
  while (!kept_.empty() && kept_.back()->steps > step) erase(kept_.size() - 1);
  spare_.reset();  // the forgotten future's memory returns
}

// Drops keyframes until `more` bytes and one more keyframe fit: the one (between the oldest and the newest) whose
// removal opens the smallest gap for its age, so that spacing grows with age; with two left,
// the oldest; with one, that one.
void Timeline::make_room(std::size_t more, std::uint64_t now) {
  while (!kept_.empty() && (bytes_ + more > budget_ || kept_.size() >= most_kept_)) {
    if (kept_.size() <= 2) {
      erase(0);
      continue;
    }
    std::size_t best = 1;
    double best_cost = std::numeric_limits<double>::max();
    for (std::size_t i = 1; i + 1 < kept_.size(); ++i) {
      const double gap = double(kept_[i + 1]->steps - kept_[i - 1]->steps);
      const double age = double(now - kept_[i]->steps) + 1.0;
      if (gap / age < best_cost) best_cost = gap / age, best = i;
    }
    erase(best);
  }
}

void Timeline::record(const Simulation& sim) {
  const std::uint64_t now = sim.steps_taken();
  const bool due = kept_.empty() || now % interval_ == 0;
  const auto same = [&](const auto& k) { return k->steps == now; };
  if (!due || sim.size() == 0 || std::any_of(kept_.begin(), kept_.end(), same)) return;
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
    return;
  }
  make_room(k->bytes(), now);
  bytes_ += k->bytes();
  const auto at = std::upper_bound(kept_.begin(), kept_.end(), now,
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

}  // namespace galaxy

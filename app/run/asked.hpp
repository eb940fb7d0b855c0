// SPDX-License-Identifier: MIT
// A result asked of the simulation's thread (Runner::ask) and collected by the frame loop once it
// is ready, never waited for. Results of an older run (a reset, a load came between) are
// dropped.
#pragma once

#include <chrono>
#include <cstdint>
#include <future>
#include <optional>

namespace galaxy::app {

template <class T>
class Asked {
 public:
  bool pending() const { return result_.valid(); }
  void set(std::future<T> f, std::uint64_t generation) {
    result_ = std::move(f);
    generation_ = generation;
  }
  // The result once ready and of run `generation`; nothing otherwise (and nothing pending after
  // a ready result of another run). Rethrows what the asked function threw.
  std::optional<T> take(std::uint64_t generation) {
    if (!ready()) return std::nullopt;
    std::future<T> f = std::move(result_);
    if (generation_ != generation) return std::nullopt;
    return f.get();
  }
  // Whether the result is ready (a lockstep runner answers at once).
  bool ready() const {
    return result_.valid() &&
           result_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  }

 private:
  std::future<T> result_;
  std::uint64_t generation_ = 0;
};

}  // namespace galaxy::app

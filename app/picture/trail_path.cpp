// SPDX-License-Identifier: MIT
#include "picture/trail_path.hpp"

#include <exception>

namespace galaxy::app {

bool TrailPath::start_over(const render::VertexBuffers& bodies, const render::TrailParams& p,
                           std::optional<std::uint64_t> fresh_step) const {
  const bool back_in_time = fresh_step && sampled_ && *fresh_step < *sampled_;
  return stale_ || p != params_ || bodies.count() != bodies_ || back_in_time;
}

std::optional<Report> TrailPath::update(const render::VertexBuffers& bodies,
                                        const render::TrailParams& p,
                                        std::optional<std::uint64_t> fresh_step) {
  if (p.bodies <= 0) {
    if (trails_ && trails_->capacity() > 0) trails_->reset(p);  // the ring's memory goes back
    params_ = p;
    error_.clear();
    return std::nullopt;
  }
  if (!error_.empty() && p == failed_) return std::nullopt;
  try {
    if (!trails_) trails_.emplace();
    if (start_over(bodies, p, fresh_step)) {
      trails_->reset(p);
      params_ = p;
      bodies_ = bodies.count();
      sampled_.reset();
      stale_ = false;
    }
    if (fresh_step) sample(bodies, *fresh_step);
    error_.clear();
  } catch (const std::exception& e) {
    error_ = std::string("trails are off: ") + e.what();
    failed_ = p;
    stale_ = true;
    if (trails_) trails_->reset({});
    return Report::error(error_);
  }
  return std::nullopt;
}

void TrailPath::sample(const render::VertexBuffers& bodies, std::uint64_t step) {
  const auto every = static_cast<std::uint64_t>(trails_->params().every);
  if (sampled_ && step < *sampled_ + every) return;
  trails_->sample(bodies);
  sampled_ = step;
}

const render::Trails* TrailPath::trails() const {
  if (!trails_ || params_.bodies <= 0 || !error_.empty()) return nullptr;
  return &*trails_;
}

}  // namespace galaxy::app

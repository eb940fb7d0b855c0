// SPDX-License-Identifier: MIT
#include "run/file_job.hpp"

#include <stdexcept>

#include "text/progress_line.hpp"

namespace galaxy::app {

FileJob::FileJob(Kind kind, std::string path, Work work)
    : kind_(kind), path_(std::move(path)) {
  result_ = std::async(std::launch::async, [this, work = std::move(work)] {
    return work([this](std::uint64_t done, std::uint64_t total) {
      done_.store(done, std::memory_order_relaxed);
      total_.store(total, std::memory_order_relaxed);
      if (cancel_.load(std::memory_order_relaxed)) throw std::runtime_error("cancelled");
    });
  });
}

FileJob::~FileJob() {
  if (kind_ == Kind::Load) cancel_.store(true, std::memory_order_relaxed);
  if (result_.valid()) result_.wait();
}

bool FileJob::finished() const {
  return result_.valid() &&
         result_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

io::Snapshot FileJob::take() { return result_.get(); }

float FileJob::fraction() const {
  const std::uint64_t total = total_bytes();
  return total ? float(double(done_bytes()) / double(total)) : 0.0f;
}

std::string FileJob::shown() const {
  if (elapsed() < io::kProgressShowAfter) return {};
  return progress_text(kind_ == Kind::Load ? "loading" : "saving", path_, done_bytes(),
                       total_bytes());
}

}  // namespace galaxy::app

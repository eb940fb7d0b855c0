// SPDX-License-Identifier: MIT
#include "run/body_edits.hpp"

#include <fmt/format.h>

#include <chrono>
#include <memory>

#include "memory.hpp"

namespace galaxy::app {

namespace {

template <class T>
bool ready(const std::future<T>& f) {
  return f.valid() && f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

}  // namespace

BodyEdits::~BodyEdits() {
  if (making_.valid()) making_.wait();  // the worker thread reads nothing of ours, but finishes
}

std::optional<Report> BodyEdits::drop(const DropSpec& d) {
  if (making_.valid()) {
    return Report::error("a galaxy is still being made; drop again when it is in",
                         Place::Galaxies);
  }
  // The preflight before anything is made: a galaxy that cannot join the run is not drawn (and
  // a huge one would take the host's memory on the way).
  const Running r = runner_.running();
  const MemoryCheck check =
      check_memory(r.backend, r.bodies + d.bodies, true, host_available_bytes(),
                   r.backend == Backend::Cuda ? device_free_bytes() : 0, r.params.multipole);
  if (check.refusal) return Report::error("drop: " + *check.refusal, Place::Galaxies);
  making_what_ = fmt::format("dropped a {} galaxy of {} bodies", galaxy_model_name(d.galaxy.model),
                             with_commas(d.bodies));
  making_ = std::async(std::launch::async, [d, seed = ++seed_] { return make_drop(d, seed); });
  return std::nullopt;
}

void BodyEdits::remove_galaxy_of(std::size_t index) {
  auto result = runner_.edit([index](Session& s) { s.remove_galaxy_of(index); });
  pending_.push_back({"took out the galaxy of the picked body", std::move(result)});
}

void BodyEdits::undo() { pending_.push_back({"undid the last drop or removal", runner_.undo()}); }

BodyEdits::Outcome BodyEdits::poll() {
  Outcome out;
  collect(out, false);
  return out;
}

BodyEdits::Outcome BodyEdits::finish() {
  Outcome out;
  collect(out, true);
  return out;
}

void BodyEdits::collect(Outcome& out, bool wait) {
  if (making_.valid() && (wait || ready(making_))) {
    try {
      // Shared: std::function copies what it holds, and the bodies are many.
      auto bodies = std::make_shared<HostBodies>(making_.get());
      pending_.push_back({making_what_, runner_.edit([bodies](Session& s) {
                            s.add_galaxy(std::move(*bodies));
                          })});
    } catch (const std::exception& e) {
      out.reports.push_back(Report::error(fmt::format("drop: {}", e.what()), Place::Galaxies));
    }
  }
  while (!pending_.empty() && (wait || ready(pending_.front().result))) {
    Pending p = std::move(pending_.front());
    pending_.pop_front();
    if (const std::optional<std::string> failed = p.result.get()) {
      out.reports.push_back(Report::error(*failed, Place::Galaxies));
    } else {
      out.edited = true;
      out.reports.push_back(Report::message(p.what));
    }
  }
}

}  // namespace galaxy::app

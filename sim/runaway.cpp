// SPDX-License-Identifier: MIT
#include "runaway.hpp"

#include <fmt/format.h>


namespace galaxy {

std::string Runaway::message() const {
  std::string s = "step ";
  s += std::to_string(step);
  s += bodies.size() == 1 ? " ran away: body " : " ran away: bodies ";
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    if (k) s += ", ";
    s += std::to_string(bodies[k]);
  }
  if (count > bodies.size()) s += " (" + std::to_string(count) + " in all)";
  std::string what;
  auto add = [&](unsigned bit, const char* text) {
    if (!(kinds & bit)) return;
    if (!what.empty()) what += ", ";
    what += text;
  };
  add(kRunawayNonFinitePosition, "a non-finite position");
  add(kRunawayHugePosition, "a position beyond 1e15");
  add(kRunawayNonFiniteVelocity, "a non-finite velocity");
  add(kRunawayNonFiniteAcceleration, "a non-finite acceleration");
  add(kRunawayHugeAcceleration, "an acceleration beyond 1e30");
  s += " got ";
  s += what.empty() ? std::string("bad values") : what;
  s += fmt::format("; kept the state after step {} (t = {:g}); a smaller dt or a larger softening may help",
                   good_step, good_time);
  return s;
}

}  // namespace galaxy

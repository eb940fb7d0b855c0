// SPDX-License-Identifier: MIT
#include "run/run_spec.hpp"

#include <algorithm>
#include <stdexcept>

#include "memory.hpp"

namespace galaxy::app {

void RunSpec::set_param(std::string_view name, double value) {
  const ParamInfo* info = find_param(name);
  if (!info) throw std::invalid_argument("no parameter " + std::string(name));
  set(params, *info, value);
  if (std::find(given_params.begin(), given_params.end(), info) == given_params.end()) {
    given_params.push_back(info);
  }
}

// A run left for days never takes the memory the rest of the machine needs: on the CPU at most
// a quarter of what the machine has available.
std::size_t keyframe_budget(const RunSpec& spec, Backend backend) {
  if (!spec.keyframes) return 0;
  if (spec.keyframe_mib) return *spec.keyframe_mib << 20;
  if (backend == Backend::Cuda) return kKeyframeMibCuda << 20;
  const std::uint64_t available = host_available_bytes();  // 0: unknown
  const std::size_t most = kKeyframeMibCpu << 20;
  return available > 0 ? std::min<std::size_t>(most, available / 4) : most;
}

}  // namespace galaxy::app

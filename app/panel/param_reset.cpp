// SPDX-License-Identifier: MIT
#include "panel/param_reset.hpp"

#include <fmt/format.h>

namespace galaxy::app {

bool at_default(const SimParams& params, const ParamInfo& p) {
  return get(params, p) == get(SimParams{}, p);
}

bool at_default(const render::RenderParams& look, const render::Knob& k) {
  return look.*k.field == render::default_value(k);
}

std::string default_text(const ParamInfo& p) { return format_value(p, get(SimParams{}, p)); }

std::string default_text(const render::Knob& k) {
  return fmt::format("{}", render::default_value(k));
}

void reset_to_default(SimParams& params, const ParamInfo& p) {
  set(params, p, get(SimParams{}, p));
}

void reset_to_default(render::RenderParams& look, const render::Knob& k) {
  look.*k.field = render::default_value(k);
}

}  // namespace galaxy::app

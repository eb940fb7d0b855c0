// SPDX-License-Identifier: MIT
#include "features/colour_field.hpp"

#include <imgui.h>

#include <string>
#include <vector>

#include "panel/colour_bar.hpp"
#include "panel/panel_parts.hpp"

namespace galaxy::app {

void ColourField::section(Action& a, const render::RenderParams& look) const {
  render::RenderParams r = look;
  if (a.color) r.color = *a.color;
  if (a.field) r.field = *a.field;
  int color = colour_choice(r);
  if (combo("colour", color, colour_choices())) choose_colour(r, color);
  tip("what colours the bodies: population where tagged, speed, or a body field (the force\n"
      "error, the walk's cost) with a colour bar");
  a.recompute |= colour_map_controls(r);
  if (r.color != look.color) a.color = r.color;
  if (!(r.field == look.field)) a.field = r.field;
}

void ColourField::legend(const render::RenderParams& look, const Units& u) const {
  colour_legend(look, u, report_);
}

void ColourField::apply(const Action& a, render::RenderParams& look, ColourMapTarget& t) {
  if (a.color) look.color = *a.color;
  if (a.field) look.field = *a.field;
  if (a.recompute) t.request_error_map();
}

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// Numbers of the run as the panel shows them: in physical units (kpc, km/s, Msun, Myr) where the
// run has them (sim/units.hpp), in model units (G = 1) where it has none. Pure text, no ImGui:
// the panel's lines are made here and tested without a window. "Msun" for M☉: the panel's font
// has no ☉.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "picture/overlay.hpp"
#include "units.hpp"

namespace galaxy::app {

// A value with about three significant digits, whole from 100 on, in powers of ten ("1.6e11")
// from a million on and below 0.001.
std::string number_text(double v);

// A model length, speed or mass: "12.3 kpc", "215 km/s", "1.6e11 Msun" with units; the plain
// number without.
std::string length_text(double model, const Units& u);
std::string speed_text(double model, const Units& u);
std::string mass_text(double model, const Units& u);

// The run and its units, where it has them (the panel's tooltip on the time and the body count):
// "20000 bodies, total 1.6e11 Msun, 1 unit = 3.5 kpc, 440 km/s, 7.78 Myr" (the total left out
// while `total_mass` is 0: not measured yet); empty without units.
std::string run_units_line(std::size_t bodies, double total_mass, const Units& u);

// The panel's run line, whose width does not grow with the run: "N = 20000, t = 12.345", with
// units "N = 20000, t = 12.345 (96.0 Myr)" under 1,000 Myr and "(1.234 Gyr)" from there on (the
// step is the timeline's). Drawn unwrapped, so that the rows below never move as time goes on.
std::string run_line_text(std::size_t bodies, double time, const Units& u);

// The picked body: "at (1.2, -3.4, 0.05) kpc, 215 km/s", or in model units "at (0.34, -0.97,
// 0.014), speed 0.49"; the speed left out where it is not known.
std::string picked_text(const PickedBody& p, const Units& u);

}  // namespace galaxy::app

// SPDX-License-Identifier: MIT
// Encounters of real systems and classic lessons, shipped inside the program (`--scenario NAME`
// and the panel's scenario list). docs/scenarios.md gives each one's source and what is ours.
#pragma once

#include <string>
#include <vector>

#include "scenarios/encounter.hpp"

namespace galaxy {

// Every preset, in the order the panel lists them.
const std::vector<Encounter>& encounter_presets();

// The preset named `name`, or nullptr.
const Encounter* find_preset(const std::string& name);
// Where preset `name`'s encounter comes from ("Toomre & Toomre 1972; Barnes 1988"), as the manual's
// Presets table cites it; empty for a name that is no preset or has no published source.
std::string preset_source(const std::string& name);

// The "disk" preset's galaxy: the model of disk_galaxy.hpp with a heavier, cooler disk that
// grows spiral arms (disk 0.45, bulge 0.06, halo 0.49 of the mass; Toomre Q 1.0).
DiskGalaxyParams spiral_disk();
// Ostriker & Peebles' lesson, with the halo as the knob: a cold disk (Q 1.0) with half the mass
// and no bulge in a light, extended halo (scale 4) forms a bar; the same disk in a heavy,
// concentrated halo (3.0 at scale 1; Q 1.8) stays round.
DiskGalaxyParams bar_unstable_disk();
DiskGalaxyParams bar_stable_disk();

}  // namespace galaxy

// SPDX-License-Identifier: MIT
#include "scenarios/presets.hpp"

#include <algorithm>
#include <utility>

namespace galaxy {

namespace {

// The disk model (R_d = 1, mass 1) of the default galaxy: halo-dominated, smooth, stable.
GalaxySpec disk_galaxy(const std::string& name, double mass = 1.0, double scale = 1.0) {
  GalaxySpec g;
  g.name = name, g.mass = mass, g.scale = scale;
  return g;
}

GalaxySpec spheroid(const std::string& name, GalaxyModel model, double mass, double scale,
                    double share) {
  GalaxySpec g;
  g.name = name, g.model = model, g.mass = mass, g.scale = scale, g.share = share;
  return g;
}

GalaxySpec tilted(GalaxySpec g, double inclination, double argument) {
  g.inclination_deg = inclination, g.argument_deg = argument;
  return g;
}

Encounter pair(std::string name, std::string description, GalaxySpec a, GalaxySpec b,
               OrbitParams orbit, double show_time) {
  Encounter e;
  e.name = std::move(name), e.description = std::move(description);
  e.galaxies = {std::move(a), std::move(b)};
  e.orbit = orbit;
  e.units = kDiskGalaxyUnits;
  e.show_time = show_time;
  return e;
}

// A large spiral with a halo reaching 60 scale lengths, of `mass` in all (the disk 0.35 and the
// bulge 0.06 of them): the Milky Way and Andromeda, whose halos hold most of their mass.
GalaxySpec big_spiral(const std::string& name, double mass, double scale) {
  GalaxySpec g = disk_galaxy(name, mass, scale);
  g.disk.disk_mass = 0.35, g.disk.bulge_mass = 0.06, g.disk.halo_mass = mass - 0.41;
  g.disk.halo_scale = 10.0, g.disk.halo_cut = 60.0;
  g.disk.halo_body_weight = 70.0;  // so that three quarters of the bodies are stars
  return g;
}

// A disk for Toomre & Toomre's lesson: cut at 2.5 scale lengths (half the pericentre, as their
// test-particle disks), so that what lies beyond 3 after the passage was thrown there.
GalaxySpec cut_disk(double inclination) {
  GalaxySpec g = tilted(disk_galaxy("disk"), inclination, 0.0);
  g.disk.disk_cut = 2.5;
  return g;
}

Encounter single(std::string name, std::string description, GalaxySpec g, double show_time) {
  Encounter e;
  e.name = std::move(name), e.description = std::move(description);
  e.galaxies = {std::move(g)};
  e.units = kDiskGalaxyUnits;
  e.show_time = show_time;
  return e;
}

// docs/scenarios.md's presets table gives each one's full reference.
constexpr std::pair<const char*, const char*> kSources[] = {
    {"disk", "Hernquist 1993; Toomre's Q"},
    {"antennae", "Toomre & Toomre 1972; Barnes 1988"},
    {"mice", "Toomre & Toomre 1972; Barnes 2004; Privon et al. 2013"},
    {"m51", "Toomre & Toomre 1972; Salo & Laurikainen 2000"},
    {"cartwheel", "Lynds & Toomre 1976; Theys & Spiegel 1977"},
    {"milky-way-andromeda", "van der Marel et al. 2012, 2019"},
    {"prograde", "Toomre & Toomre 1972"},
    {"retrograde", "Toomre & Toomre 1972"},
    {"bar-unstable", "Ostriker & Peebles 1973; Efstathiou, Lake & Negroponte 1982"},
    {"bar-stable", "Ostriker & Peebles 1973; Efstathiou, Lake & Negroponte 1982"},
};

std::vector<Encounter> make_presets() {
  std::vector<Encounter> p;
  GalaxySpec spiral = disk_galaxy("disk");
  spiral.disk = spiral_disk();
  p.push_back(single("disk", "one disk galaxy that grows spiral arms", spiral, 25.0));
  p.push_back(pair("antennae", "NGC 4038/39: two equal disks, prograde, two long tails",
                   tilted(disk_galaxy("NGC 4038"), 60, -30), tilted(disk_galaxy("NGC 4039"), 60, -30),
                   {2.0, 1.0, 15.0}, 60.0));
  p.push_back(pair("mice", "NGC 4676: two equal disks just past their first passage",
                   tilted(disk_galaxy("NGC 4676A"), 25, -30), tilted(disk_galaxy("NGC 4676B"), 60, -20),
                   {2.0, 1.0, 15.0}, 40.0));
  p.push_back(pair("m51", "M51 and NGC 5195: a grand-design spiral and the bridge to its companion",
                   tilted(disk_galaxy("M51"), 20, 0),
                   spheroid("NGC 5195", GalaxyModel::Hernquist, 0.4, 0.5, 0.25),
                   {3.0, 1.0, 15.0}, 45.0));
  p.push_back(pair("cartwheel", "a ring galaxy: a small galaxy falls through a disk's centre",
                   tilted(disk_galaxy("disk"), 90, 0),
                   spheroid("intruder", GalaxyModel::Plummer, 0.3, 0.3, 0.15),
                   {0.2, 2.0, 10.0}, 32.0));
  Encounter mw;
  mw.name = "milky-way-andromeda";
  mw.description = "the Milky Way and Andromeda on their measured orbit, 770 kpc apart";
  GalaxySpec m31 = big_spiral("Andromeda", 9.5, 1.5);
  m31.position = {220.0, 0.0, 0.0};         // 770 kpc
  m31.velocity = {-0.25, 0.1295, 0.0};      // 110 km/s radial, 57 km/s tangential
  m31.inclination_deg = 77, m31.argument_deg = 40;
  mw.galaxies = {tilted(big_spiral("Milky Way", 6.3, 1.0), 30, 0), m31};
  mw.units = kDiskGalaxyUnits;
  // 5.0 Gyr: after the first passage (at 4.4 Gyr, 95 kpc apart at 1M bodies on the GPU; the
  // 2019 tangential velocity keeps them wide), the outer disks stirred.
  mw.show_time = 640.0;
  p.push_back(mw);
  const GalaxySpec companion = spheroid("companion", GalaxyModel::Plummer, 0.5, 0.3, 0.25);
  p.push_back(pair("prograde", "Toomre & Toomre's lesson: a disk spinning with the orbit",
                   cut_disk(0), companion, {4.0, 1.0, 12.0}, 25.0));
  p.push_back(pair("retrograde", "Toomre & Toomre's lesson: a disk spinning against the orbit",
                   cut_disk(180), companion, {4.0, 1.0, 12.0}, 25.0));
  GalaxySpec light = disk_galaxy("bar-unstable disk");
  light.disk = bar_unstable_disk();
  p.push_back(single("bar-unstable", "a cold disk in a light halo: it forms a bar", light, 60.0));
  GalaxySpec heavy = disk_galaxy("bar-stable disk");
  heavy.disk = bar_stable_disk();
  p.push_back(single("bar-stable", "the same disk in a heavy halo: it stays round", heavy, 60.0));
  p.push_back(pair("stream", "a satellite torn into a stream by a disk galaxy",
                   disk_galaxy("host"), spheroid("satellite", GalaxyModel::Plummer, 0.01, 0.25, 0.2),
                   {2.0, 0.5, 10.0}, 160.0));
  return p;
}

}  // namespace

// Q 1.2 with a disk of 0.35 showed only faint arms at 1M after two rotations; Q 1.0 with a disk
// of 0.45 shows many clear arms (both seen face-on on the GPU).
DiskGalaxyParams spiral_disk() {
  DiskGalaxyParams d;
  d.disk_mass = 0.45, d.bulge_mass = 0.06, d.halo_mass = 0.49;
  d.toomre_q = 1.0;
  return d;
}

DiskGalaxyParams bar_unstable_disk() {
  DiskGalaxyParams d;
  d.disk_mass = 0.5, d.bulge_mass = 0.0, d.halo_mass = 0.5;
  d.halo_scale = 4.0;
  d.toomre_q = 1.0;
  return d;
}

DiskGalaxyParams bar_stable_disk() {
  DiskGalaxyParams d = bar_unstable_disk();
  d.halo_mass = 3.0, d.halo_scale = 1.0;
  d.halo_body_weight = 20.0;  // a quarter of the bodies in the halo, as by default
  d.toomre_q = 1.8;
  return d;
}

const std::vector<Encounter>& encounter_presets() {
  static const std::vector<Encounter> presets = make_presets();
  return presets;
}

const Encounter* find_preset(const std::string& name) {
  const auto& p = encounter_presets();
  const auto it = std::find_if(p.begin(), p.end(), [&](const Encounter& e) { return e.name == name; });
  return it == p.end() ? nullptr : &*it;
}

std::string preset_source(const std::string& name) {
  for (const auto& [preset, source] : kSources) {
    if (name == preset) return source;
  }
  return "";
}

}  // namespace galaxy

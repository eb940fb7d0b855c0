// SPDX-License-Identifier: MIT
// Body colours shared by the point-sprite and compute-splat paths. A tag byte is
// population | galaxy << 2 (sim/bodies.hpp: Star 0, Disk 1, Bulge 2, Halo 3).
uniform sampler1D u_colormap;   // perceptual colormap (inferno), 256 texels
uniform float u_speed_max;      // speed mapped to the top of the colormap
uniform int u_color_mode;       // 0 auto (population where tagged, else speed), 1 speed, 2 population,
                                // 3 a body field (its value in place of the speed)
uniform float u_map_low, u_map_high;  // the field's range
uniform int u_map_log;                // on a log scale (1) or a linear one (0)
uniform int u_hide_halo;
uniform float u_halo_weight;    // halo bodies, when shown, are faint: dark matter as a haze

// Colour and weight of a body; weight 0 means "not drawn". In the field mode `speed` is the
// field's value.
vec4 body_color(float speed, uint tag) {
  uint population = tag & 3u;
  uint galaxy = (tag >> 2) & 1u;
  if (population == 3u && u_hide_halo != 0) return vec4(0.0);
  if (u_color_mode >= 3) {
    float halo = population == 3u ? u_halo_weight : 1.0;
    // A body the simulation did not compute (it writes -3.4e38, kNotComputed: outside the force
    // error's sample), or a negative value on a log scale, is a dim grey.
    bool computed = speed > -3.0e38 && speed < 3.0e38 && (u_map_log == 0 || speed >= 0.0);
    if (!computed) return vec4(vec3(0.25), 0.5 * halo);
    float t = u_map_log != 0 ? log(max(speed, u_map_low) / u_map_low) / log(u_map_high / u_map_low)
                             : (speed - u_map_low) / (u_map_high - u_map_low);
    // Inferno from 0.25: its darkest quarter would vanish on the black background.
    return vec4(texture(u_colormap, 0.25 + 0.75 * clamp(t, 0.0, 1.0)).rgb, halo);
  }
  vec3 speed_color = texture(u_colormap, 0.2 + 0.8 * clamp(speed / u_speed_max, 0.0, 1.0)).rgb;
  // Untagged stars have no population: they follow the speed in every mode.
  bool by_population = population != 0u && u_color_mode != 1;
  if (!by_population) return vec4(speed_color, 1.0);
  // Stellar populations: the bulge old (K giants, about 4500 K), the disk young (B/A stars,
  // blue-white); the two galaxies told apart by a slight warm/cool tint, not a new hue.
  vec3 c;
  float w = 1.0;
  if (population == 1u) c = vec3(0.64, 0.78, 1.0);       // disk: blue-white
  else if (population == 2u) c = vec3(1.0, 0.74, 0.45);  // bulge: old, warm
  else { c = vec3(0.45, 0.42, 0.62); w = u_halo_weight; }  // halo
  c *= galaxy == 1u ? vec3(1.05, 0.99, 0.92) : vec3(0.97, 1.0, 1.03);
  return vec4(c, w);
}

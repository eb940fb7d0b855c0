// SPDX-License-Identifier: MIT
#include "palette.hpp"

#include <algorithm>

namespace galaxy::render {

std::array<float, 3> inferno(float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  // Coefficients c0..c6 per channel, lowest degree first.
  static constexpr double c[7][3] = {
      {0.0002189403691192265, 0.001651004631001012, -0.01948089843709184},
      {0.1065134194856116, 0.5639564367884091, 3.932712388889277},
      {11.60249308247187, -3.972853965665698, -15.9423941062914},
      {-41.70399613139459, 17.43639888205313, 44.35414519872813},
      {77.162935699427, -33.40235894210092, -81.80730925738993},
      {-71.31942824499214, 32.62606426397723, 73.20951985803202},
      {25.13112622477341, -12.24266895238567, -23.07032500287172}};
  std::array<float, 3> rgb{};
  for (int ch = 0; ch < 3; ++ch) {
    double v = 0;
    for (int k = 6; k >= 0; --k) v = v * t + c[k][ch];
    rgb[ch] = static_cast<float>(std::clamp(v, 0.0, 1.0));
  }
  return rgb;
}

std::vector<std::uint8_t> inferno_table(int n) {
  std::vector<std::uint8_t> texels(static_cast<std::size_t>(4 * n));
  for (int i = 0; i < n; ++i) {
    const auto rgb = inferno(n > 1 ? float(i) / float(n - 1) : 0.0f);
    for (int ch = 0; ch < 3; ++ch) texels[4 * i + ch] = std::uint8_t(rgb[ch] * 255.0f + 0.5f);
    texels[4 * i + 3] = 255;
  }
  return texels;
}

}  // namespace galaxy::render

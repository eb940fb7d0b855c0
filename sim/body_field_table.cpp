// SPDX-License-Identifier: MIT
#include "body_field_table.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "median.hpp"

namespace galaxy {

namespace {
// One row a field, in BodyField order.
constexpr std::array<BodyFieldInfo, kBodyFieldCount> kFields{{
    {BodyField::Speed, "speed", "speed", "speed", "", 0.0f, 1.2f, 0.0f, 10.0f, FieldScale::Linear,
     "%.2f", FieldRefresh::Live, false},
    // The meter's p99 at the defaults is ~1e-3.
    {BodyField::ForceError, "force error", "error",
     "relative force error |a - a_exact| / |a_exact|", "", 1e-5f, 1e-2f, 1e-8f, 1.0f,
     FieldScale::Log, "%.1e", FieldRefresh::OnChange, true},
    // About 1,500 a body at the defaults at 1M, tens of thousands at small theta.
    {BodyField::WalkCost, "walk cost", "cost", "interactions a body (body-body + body-cell)",
     "interactions a body", 1e2f, 3e4f, 1.0f, 1e7f, FieldScale::Log, "%.0f",
     FieldRefresh::EachStep, false},
}};
}  // namespace

const std::array<BodyFieldInfo, kBodyFieldCount>& body_fields() { return kFields; }

const BodyFieldInfo& field_info(BodyField f) { return kFields.at(static_cast<std::size_t>(f)); }

const BodyFieldInfo* find_field(std::string_view cli_name) {
  for (const BodyFieldInfo& f : kFields) {
    if (f.cli_name == cli_name) return &f;
  }
  return nullptr;
}

std::string field_cli_names(std::string_view separator) {
  std::string s;
  for (const BodyFieldInfo& f : kFields) {
    if (!s.empty()) s += separator;
    s += f.cli_name;
  }
  return s;
}

FieldStats field_stats(BodyField f, const std::vector<float>& values) {
  FieldStats s;
  s.field = f;
  s.bodies = values.size();
  std::vector<float> v;
  v.reserve(values.size());
  for (float x : values) {
    if (std::isfinite(x)) v.push_back(x);
  }
  std::sort(v.begin(), v.end());
  s.count = v.size();
  if (v.empty()) return s;
  for (float x : v) s.total += x;
  s.mean = s.total / static_cast<double>(v.size());
  const std::size_t half = v.size() / 2;
  s.median = v.size() % 2 ? v[half] : 0.5 * (double(v[half - 1]) + double(v[half]));
  s.p99 = quantile_sorted(v, 0.99);
  s.max = v.back();
  return s;
}

std::size_t sample_size(double pairs, std::size_t n) {
  if (n == 0) return 0;
  return std::max<std::size_t>(1, static_cast<std::size_t>(pairs / static_cast<double>(n)));
}

}  // namespace galaxy

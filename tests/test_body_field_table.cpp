// SPDX-License-Identifier: MIT
// The body fields' table (sim/body_field_table.hpp): one row a field, found by its --colour-map
// name and offered by the panel, and the statistics and info line over the computed bodies.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "body_field_table.hpp"
#include "panel/colour_bar.hpp"
#include "picture/shown_field.hpp"

namespace galaxy {
namespace {

TEST(BodyFields, OneRowAFieldFoundByItsCliName) {
  const auto& fields = body_fields();
  for (std::size_t k = 0; k < fields.size(); ++k) {
    EXPECT_EQ(static_cast<std::size_t>(fields[k].field), k) << "rows in BodyField order";
    EXPECT_EQ(find_field(fields[k].cli_name), &fields[k]);
    EXPECT_EQ(&field_info(fields[k].field), &fields[k]);
    EXPECT_LT(fields[k].low, fields[k].high);
    EXPECT_LE(fields[k].min, fields[k].low);
    EXPECT_GE(fields[k].max, fields[k].high);
    if (fields[k].scale == FieldScale::Log) {
      EXPECT_GT(fields[k].low, 0.0f);
    }
  }
  EXPECT_EQ(field_cli_names(), "speed|error|cost");
  EXPECT_EQ(find_field("nonsense"), nullptr);
  // The panel lists every field after auto, speed and population, and choosing one takes its
  // look from the table.
  const std::vector<std::string> choices = app::colour_choices();
  ASSERT_EQ(choices.size(), 5u);
  EXPECT_EQ(choices[3], "force error");
  EXPECT_EQ(choices[4], "walk cost");
  render::RenderParams r;
  app::choose_colour(r, 4);
  EXPECT_EQ(r.color, render::ColorMode::Field);
  EXPECT_EQ(r.field.field, static_cast<int>(BodyField::WalkCost));
  EXPECT_EQ(r.field.low, field_info(BodyField::WalkCost).low);
  EXPECT_TRUE(r.field.log);
  EXPECT_EQ(app::colour_choice(r), 4);
  app::choose_field(r, *find_field("speed"));
  EXPECT_EQ(r.color, render::ColorMode::Speed) << "the speed is the renderer's own";
  EXPECT_EQ(app::colour_choice(r), 1);
}

TEST(BodyFields, StatisticsOverTheComputedBodies) {
  const float nan = std::nanf("");
  const FieldStats s = field_stats(BodyField::WalkCost, {4, nan, 1, 3, nan, 2, 10, 6});
  EXPECT_EQ(s.field, BodyField::WalkCost);
  EXPECT_EQ(s.bodies, 8u);
  EXPECT_EQ(s.count, 6u) << "not computed: left out";
  EXPECT_EQ(s.total, 26.0);
  EXPECT_DOUBLE_EQ(s.mean, 26.0 / 6);
  EXPECT_EQ(s.median, 3.5) << "the mean of the middle two, as the meter's median";
  EXPECT_EQ(s.p99, 10.0);
  EXPECT_EQ(s.max, 10.0);
  EXPECT_EQ(field_stats(BodyField::Speed, {1, 7, 2}).median, 2.0);
  const FieldStats none = field_stats(BodyField::ForceError, {nan, nan});
  EXPECT_EQ(none.count, 0u);
  EXPECT_EQ(none.max, 0.0);
  // The info line says what the panel needs: the field, the bodies, the unit.
  const std::string line = app::field_info_line(field_info(BodyField::WalkCost), s, 7, 1, 0);
  EXPECT_NE(line.find("walk cost at step 7, 6 of 8 bodies"), std::string::npos) << line;
  EXPECT_NE(line.find("interactions a body"), std::string::npos) << line;
}

}  // namespace
}  // namespace galaxy

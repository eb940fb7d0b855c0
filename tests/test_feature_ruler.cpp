// SPDX-License-Identifier: MIT
// The ruler as a feature of its own (app/features/ruler.hpp): off, a click is not its (the app
// picks a body); on, clicks put its ends on the view plane, a third click starts a new pair; its
// label is the length in the run's units; its checkbox asks for a toggle and changes nothing
// itself.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include "camera.hpp"
#include "features/ruler.hpp"
#include "imgui_context.hpp"

namespace galaxy {
namespace {

// A 640x360 view of the default camera, looking at the origin.
app::ViewPlane plane() {
  render::OrbitCamera c;
  return {c.view_proj(640.0f / 360.0f), {640.0f, 360.0f}, c.target(), c.eye()};
}

TEST(RulerFeature, TakesClicksOnlyWhenOnAndPutsTwoEndsThenANewPair) {
  app::Ruler r;
  const app::ViewPlane v = plane();
  EXPECT_FALSE(r.apply({.click = glm::vec2(320, 180)}, v)) << "off: the click picks a body";
  EXPECT_FALSE(r.ends()[0]);
  EXPECT_TRUE(r.apply({.toggle = true, .click = glm::vec2(320, 180)}, v)) << "toggled first";
  ASSERT_TRUE(r.on());
  ASSERT_TRUE(r.ends()[0]);
  EXPECT_LT(glm::length(*r.ends()[0] - v.target), 1e-4f) << "the view's centre is the target";
  EXPECT_EQ(r.label({}), "") << "one end: no length yet";
  EXPECT_TRUE(r.apply({.click = glm::vec2(420, 180)}, v));
  ASSERT_TRUE(r.ends()[1]);
  const float d = glm::length(*r.ends()[1] - *r.ends()[0]);
  EXPECT_GT(d, 0.1f);
  EXPECT_EQ(r.label({}), fmt::format("{:.3g} units", d));
  const Units kpc{2.0, 1e10};
  EXPECT_NE(r.label(kpc).find(" kpc"), std::string::npos) << r.label(kpc);
  EXPECT_TRUE(r.apply({.click = glm::vec2(100, 100)}, v));
  EXPECT_TRUE(r.ends()[0]);
  EXPECT_FALSE(r.ends()[1]) << "a third click starts a new pair";
  EXPECT_FALSE(r.apply({.toggle = true, .click = glm::vec2(320, 180)}, v)) << "off again";
  EXPECT_FALSE(r.on());
}

TEST(RulerFeature, ItsCheckboxAsksForAToggleAndLeavesTheRulerAsItIs) {
  test_support::make_imgui_context(ImVec2(400, 300));
  app::Ruler r;
  app::Ruler::Action a;
  test_support::click_first_item([&] { r.section(a); });
  ImGui::DestroyContext();
  EXPECT_TRUE(a.toggle) << "the click asked for the ruler";
  EXPECT_FALSE(r.on()) << "and the ruler changes only when the action is applied";
  r.apply(a, plane());
  EXPECT_TRUE(r.on());
}

}  // namespace
}  // namespace galaxy

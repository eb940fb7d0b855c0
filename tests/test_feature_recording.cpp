// SPDX-License-Identifier: MIT
// The record button as a feature of its own (app/features/recording.hpp), against a fake record
// target: a press starts a recording named by the time at the display's rate (60 where unknown),
// the mark counts from the start, a second press ends it into the same target, a target that
// refuses leaves nothing recording, and no press does nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "features/recording.hpp"

namespace galaxy {
namespace {

// Records what it was asked; refuses every start when `refuse`.
struct FakeTarget final : app::RecordTarget {
  app::Report toggle_recording(const std::string& target, int fps) override {
    asked.push_back(target);
    rates.push_back(fps);
    if (refuse) return app::Report::error("cannot start " + target);
    on = !on;
    return on ? app::Report::message("recording " + target) : app::Report::message("recorded " + target);
  }
  bool recording() const override { return on; }
  bool on = false, refuse = false;
  std::vector<std::string> asked;
  std::vector<int> rates;
};

using Clock = app::Recording::Clock;

TEST(RecordingFeature, StartsNamedByTheTimeAndEndsIntoTheSameTarget) {
  app::Recording r;
  FakeTarget t;
  const Clock::time_point t0{};
  EXPECT_FALSE(r.apply({}, t, 144.0, t0)) << "nothing asked: nothing done";
  EXPECT_TRUE(t.asked.empty());
  const auto started = r.apply({.toggle = true}, t, 0.0, t0);
  ASSERT_TRUE(started);
  EXPECT_EQ(started->text, "recording " + r.target());
  ASSERT_EQ(t.asked.size(), 1u);
  EXPECT_EQ(t.asked[0].rfind("galaxy_", 0), 0u) << t.asked[0];
  EXPECT_EQ(t.rates[0], 60) << "the display's rate unknown: 60 frames a second";
  EXPECT_EQ(r.target(), t.asked[0]);
  EXPECT_EQ(r.mark_text(t0 + std::chrono::seconds(65)), "REC 01:05  " + r.target());
  const std::string target = r.target();
  const auto ended = r.apply({.toggle = true}, t, 144.0, t0 + std::chrono::seconds(70));
  ASSERT_TRUE(ended);
  EXPECT_EQ(ended->text, "recorded " + target);
  ASSERT_EQ(t.asked.size(), 2u);
  EXPECT_EQ(t.asked[1], target) << "ended into what it started";
  EXPECT_EQ(t.rates[1], 144);
  EXPECT_TRUE(r.target().empty());
  EXPECT_TRUE(r.mark_text(t0).empty()) << "no mark while not recording";
}

TEST(RecordingFeature, ARefusedStartLeavesNothingRecording) {
  app::Recording r;
  FakeTarget t;
  t.refuse = true;
  const auto said = r.apply({.toggle = true}, t, 60.0, Clock::time_point{});
  ASSERT_TRUE(said);
  EXPECT_EQ(said->kind, app::Report::Kind::Error);
  EXPECT_TRUE(r.target().empty());
}

}  // namespace
}  // namespace galaxy

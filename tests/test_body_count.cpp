// SPDX-License-Identifier: MIT
// Body counts as people write them, on the command line and in the panel.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>

#include "headless_app.hpp"
#include "io/csv.hpp"
#include "run_command.hpp"
#include "text/body_count.hpp"

namespace galaxy {
namespace {

using app::body_count_text;
using app::parse_body_count;
using test_support::CommandResult;

CommandResult run(const std::string& args) {
  return test_support::run_command(test_support::galaxy_command() + " " + args);
}

TEST(BodyCount, SuffixesDecimalsAndExponents) {
  const std::pair<const char*, std::uint64_t> good[] = {
      {"20000", 20000},
      {"250k", 250000},
      {"250K", 250000},
      {"1M", 1000000},
      {"1m", 1000000},
      {"2.5M", 2500000},
      {"1e6", 1000000},
      {"1.5e3", 1500},
      {" 1M ", 1000000},
      {"1G", 1000000000},
      {"0.5k", 500},
      {"1", 1},
      {"4611686018427387904", 4611686018427387904ull}};
  for (const auto& [text, want] : good) {
    std::string why;
    const auto n = parse_body_count(text, &why);
    ASSERT_TRUE(n) << text << ": " << why;
    EXPECT_EQ(*n, want) << text;
  }
}

TEST(BodyCount, RefusesWhatIsNotACountAndSaysWhy) {
  const std::pair<const char*, const char*> bad[] = {{"", "needed"},
                                                     {"abc", "not a body count"},
                                                     {"1x", "not a body count"},
                                                     {"k", "not a body count"},
                                                     {"1.5", "whole"},
                                                     {"0", "must be >= 1"},
                                                     {"-5", "negative"},
                                                     {"+5", "not a body count"},
                                                     {"1e30", "must be at most"},
                                                     {"1M5", "not a body count"},
                                                     {"nan", "not a body count"},
                                                     {"inf", "not a body count"}};
  for (const auto& [text, says] : bad) {
    std::string why;
    EXPECT_FALSE(parse_body_count(text, &why)) << text;
    EXPECT_NE(why.find(says), std::string::npos) << text << ": " << why;
  }
}

TEST(BodyCount, TextIsShortAndReadsBackExactly) {
  EXPECT_EQ(body_count_text(1000000), "1M");
  EXPECT_EQ(body_count_text(250000), "250k");
  EXPECT_EQ(body_count_text(1500000), "1.5M");
  EXPECT_EQ(body_count_text(20000), "20k");
  EXPECT_EQ(body_count_text(12345), "12345");
  EXPECT_EQ(body_count_text(1250000), "1.25M");
  EXPECT_EQ(body_count_text(123456), "123456");
  EXPECT_EQ(body_count_text(999), "999");
  for (std::uint64_t n : {1ull, 7ull, 1024ull, 65536ull, 1048576ull, 10000000ull, 123456789ull}) {
    EXPECT_EQ(parse_body_count(body_count_text(n)), n) << n;
  }
}

TEST(BodyCount, CommandLineAcceptsSuffixes) {
  const auto f = std::filesystem::temp_directory_path() / "galaxy_count_2k.csv";
  std::filesystem::remove(f);
  const CommandResult r =
      run("--backend cpu --headless --bodies 2k --steps 1 --save " + f.string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(io::load_csv(f).bodies.size(), 2000u);
  std::filesystem::remove(f);
  const CommandResult bad = run("--backend cpu --headless --bodies 2.5 --steps 1");
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("whole number"), std::string::npos) << bad.output;
}

// The panel's field: a typed count runs; a bad one is reported at the field and the run stays.
TEST(BodyCount, PanelTextRunsOrIsReported) {
  std::string why;
  const app::Options o = test_support::small_options(300);
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  app::FeatureActions typed;
  typed.run_settings.bodies_typed = "0.5k";
  a->apply(typed);
  EXPECT_EQ(a->run().session().simulation().size(), 500u);
  EXPECT_EQ(a->run().control().wanted().bodies, 500u);
  typed.run_settings.bodies_typed = "lots";
  a->apply(typed);
  EXPECT_EQ(a->status().error_place, app::Place::BodyCount);
  EXPECT_NE(a->status().error.find("'lots' is not a body count"), std::string::npos)
      << a->status().error;
  EXPECT_EQ(a->run().session().simulation().size(), 500u);
  EXPECT_EQ(a->run().control().wanted().bodies, 500u);
}

}  // namespace
}  // namespace galaxy

// Review fuzz: every case of fixtures/vectors/anki_fuzz.json, the fuzz
// factor's determinism and spread, and FormatDelay.

#include <gtest/gtest.h>
#include <stdlib.h>
#include <time.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/deck.h"
#include "recall/scheduler.h"
#include "recall/time.h"
#include "test_support.h"

namespace recall {
namespace {

using nlohmann::json;

using ScopedTz = testing::ScopedTimeZone;

json LoadFuzzVectors() {
  std::ifstream in(std::string(RECALL_FIXTURES_DIR) + "/vectors/anki_fuzz.json");
  if (!in) return json();
  return json::parse(in);
}

const json& FuzzVectors() {
  static const json vectors = LoadFuzzVectors();
  return vectors;
}

TEST(FuzzVectorTest, WithReviewFuzzEveryCase) {
  const json& v = FuzzVectors();
  ASSERT_TRUE(v.is_object()) << "cannot read anki_fuzz.json";
  const json& cases = v.at("with_review_fuzz");
  EXPECT_EQ(cases.size(), 140u);
  int n = 0;
  for (const json& c : cases) {
    ++n;
    const double interval = c.at("interval").get<double>();
    const int32_t minimum = c.at("minimum").get<int32_t>();
    const int32_t maximum = c.at("maximum").get<int32_t>();
    const double f = c.at("fuzz_factor").get<double>();
    SCOPED_TRACE("case " + std::to_string(n) + ": interval " + c.at("interval").dump() + " [" +
                 std::to_string(minimum) + ", " + std::to_string(maximum) + "] factor " +
                 c.at("fuzz_factor").dump());
    const auto bounds = FuzzBounds(interval, minimum, maximum);
    EXPECT_EQ(bounds.first, c.at("bounds").at(0).get<int32_t>());
    EXPECT_EQ(bounds.second, c.at("bounds").at(1).get<int32_t>());
    EXPECT_EQ(ApplyFuzz(interval, minimum, maximum, f), c.at("expected").get<int32_t>());
  }
}

TEST(FuzzVectorTest, PassingIntervalsWithFuzzEveryCase) {
  ScopedTz tz("UTC");
  const json& v = FuzzVectors();
  ASSERT_TRUE(v.is_object());
  const json& cases = v.at("passing_intervals_with_fuzz");
  EXPECT_EQ(cases.size(), 10u);
  for (const json& c : cases) {
    SCOPED_TRACE(c.at("label").get<std::string>());
    SchedulerContext ctx;
    for (const auto& [key, value] : c.at("config").items()) {
      if (key == "interval_multiplier") {
        ctx.options.interval_modifier = value.get<double>();
      } else if (key == "maximum_review_interval") {
        ctx.options.maximum_interval_days = value.get<int>();
      } else {
        FAIL() << "unmapped config key " << key;
      }
    }
    ctx.now = Timestamp::FromSeconds(1704099600);  // 2024-01-01 09:00 UTC
    ctx.timing = ComputeDayTiming(ctx.now, 4);  // the default rollover hour
    ctx.fuzz_factor = c.at("fuzz_factor").get<double>();
    CardState card;
    card.type = CardType::kReview;
    card.queue = CardQueue::kReview;
    card.interval = c.at("scheduled_days").get<int32_t>();
    card.ease = c.at("factor").get<int32_t>();
    const int64_t late = c.at("elapsed_days").get<int64_t>() - card.interval;
    card.due = ctx.timing.today.n - late;
    const std::vector<AnswerOutcome> next = NextStates(card, ctx);
    EXPECT_EQ(next[1].state.interval, c.at("expected").at("hard").get<int32_t>());
    EXPECT_EQ(next[2].state.interval, c.at("expected").at("good").get<int32_t>());
    EXPECT_EQ(next[3].state.interval, c.at("expected").at("easy").get<int32_t>());
  }
}

TEST(FuzzTest, FactorIsDeterministicAndInRange) {
  EXPECT_EQ(FuzzFactor(1700000000000, 3), FuzzFactor(1700000000000, 3));
  EXPECT_NE(FuzzFactor(1700000000000, 3), FuzzFactor(1700000000000, 4));
  EXPECT_NE(FuzzFactor(1700000000000, 3), FuzzFactor(1700000000001, 3));
  for (int64_t id : {int64_t{0}, int64_t{-1}, int64_t{1}, INT64_MAX, INT64_MIN}) {
    for (int32_t reps : {0, 1, INT32_MAX, INT32_MIN}) {
      const double f = FuzzFactor(id, reps);
      EXPECT_GE(f, 0.0);
      EXPECT_LT(f, 1.0);
    }
  }
}

TEST(FuzzTest, FactorIsRoughlyUniform) {
  // Consecutive card ids (ms timestamps of cards added in bulk) spread
  // evenly over ten buckets: a chi-square statistic below the 0.1% critical
  // value (27.9 for 9 degrees of freedom). The seed is card_id + reps, as in
  // Anki, so only the sum matters.
  constexpr int kBuckets = 10;
  constexpr int kSamples = 100000;
  std::vector<int> counts(kBuckets, 0);
  std::set<double> distinct;
  for (int i = 0; i < kSamples; ++i) {
    const double f = FuzzFactor(1700000000000 + i, 0);
    EXPECT_EQ(f, FuzzFactor(1700000000000 + i - 3, 3));
    ++counts[static_cast<size_t>(f * kBuckets)];
    if (i < 1000) distinct.insert(f);
  }
  double chi2 = 0;
  const double expected = static_cast<double>(kSamples) / kBuckets;
  for (int c : counts) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, 27.9);
  EXPECT_EQ(distinct.size(), 1000u);
}

TEST(FuzzTest, AnkiUnitTestCases) {
  // Anki's own fuzz test, restated (fuzz.rs: with_review_fuzz).
  struct Case {
    double interval;
    int32_t minimum, maximum, lower, middle, upper;
  };
  const Case cases[] = {
      {1.0, 1, 1000, 1, 1, 1},           {2.49, 1, 1000, 2, 2, 2},    {2.5, 1, 1000, 2, 3, 4},
      {7.0, 1, 1000, 5, 7, 9},           {17.0, 1, 1000, 14, 17, 20}, {37.0, 1, 1000, 33, 37, 41},
      {2.0, 2, 1000, 2, 2, 2},           {2.0, 3, 1000, 3, 4, 4},     {2.0, 3, 3, 3, 3, 3},
      {6.9, 3, 1000, 5, 7, 9},           {19.9, 3, 1000, 17, 20, 23}, {20.1, 3, 1000, 17, 20, 23},
      {100.0, 101, 1000, 101, 105, 108}, {100.0, 1, 99, 92, 96, 99},  {100.0, 97, 103, 97, 100, 103},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::to_string(c.interval) + " [" + std::to_string(c.minimum) + ", " +
                 std::to_string(c.maximum) + "]");
    EXPECT_EQ(ApplyFuzz(c.interval, c.minimum, c.maximum, 0.0), c.lower);
    EXPECT_EQ(ApplyFuzz(c.interval, c.minimum, c.maximum, 0.5), c.middle);
    EXPECT_EQ(ApplyFuzz(c.interval, c.minimum, c.maximum, 0.99), c.upper);
  }
}

TEST(FuzzTest, FactorNearOneStaysInBounds) {
  // 1 - 2^-53 rounds to 1.0f in binary32; the pick must not pass the top.
  const double almost_one = 1.0 - 0x1.0p-53;
  const auto [lo, hi] = FuzzBounds(37.0, 1, 1000);
  EXPECT_EQ(ApplyFuzz(37.0, 1, 1000, almost_one), hi);
  EXPECT_EQ(ApplyFuzz(37.0, 1, 1000, 0.0), lo);
}

TEST(FuzzTest, EveryValueInTheRangeIsReachable) {
  const auto [lo, hi] = FuzzBounds(100.0, 1, 36500);
  std::set<int32_t> seen;
  for (int i = 0; i < 1000; ++i) seen.insert(ApplyFuzz(100.0, 1, 36500, FuzzFactor(i, 0)));
  EXPECT_EQ(*seen.begin(), lo);
  EXPECT_EQ(*seen.rbegin(), hi);
  EXPECT_EQ(seen.size(), static_cast<size_t>(hi - lo + 1));
}

// ---- FormatDelay ----

TEST(FuzzFormatDelayTest, UnitsForPeople) {
  struct Case {
    Delay delay;
    const char* text;
  };
  const Case cases[] = {
      {{0, 0}, "0s"},      {{1, 0}, "1s"},        {{30, 0}, "30s"},     {{59, 0}, "59s"},
      {{60, 0}, "1m"},     {{90, 0}, "2m"},       {{330, 0}, "6m"},   {{600, 0}, "10m"},
      {{900, 0}, "15m"},   {{3597, 0}, "1h"},     {{3599, 0}, "1h"},    {{3600, 0}, "1h"},
      {{5400, 0}, "1h 30m"}, {{43500, 0}, "12h 5m"}, {{86399, 0}, "1d"}, {{4800, 0}, "1h 20m"}, {{89, 0}, "1m"}, {{7170, 0}, "2h"}, {{86369, 0}, "23h 59m"},   {{0, 1}, "1d"},
      {{0, 4}, "4d"},      {{0, 29}, "29d"},      {{0, 30}, "1mo"},     {{0, 36}, "1.2mo"},
      {{0, 45}, "1.5mo"},  {{0, 100}, "3.3mo"},   {{0, 355}, "11.8mo"}, {{0, 358}, "11.9mo"},
      {{0, 359}, "1y"},    {{0, 365}, "1y"},      {{0, 767}, "2.1y"},   {{0, 36500}, "100y"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(FormatDelay(c.delay), c.text) << "seconds " << c.delay.seconds << " days " << c.delay.days;
  }
}

}  // namespace
}  // namespace recall

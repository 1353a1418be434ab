// Anki-mode scheduler: every scenario and step of
// fixtures/vectors/anki_sm2.json replayed field by field, unit cases for the
// rules, and property tests on random answer sequences.

#include <gtest/gtest.h>
#include <stdlib.h>
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/deck.h"
#include "recall/error.h"
#include "recall/scheduler.h"
#include "recall/time.h"
#include "test_support.h"

namespace recall {
namespace {

using nlohmann::json;

// The vectors' collection: created 2024-01-01 04:00 UTC, offset 0, rollover
// 4, so Anki day 0 is recall Day 19723 (2024-01-01) when TZ=UTC.
constexpr int64_t kAnkiDayZero = 19723;
constexpr int kRollover = 4;

// Sets TZ for the life of the object and restores it afterwards.
using ScopedTz = testing::ScopedTimeZone;

json LoadVectors(const std::string& name) {
  std::ifstream in(std::string(RECALL_FIXTURES_DIR) + "/vectors/" + name);
  if (!in) return json();
  return json::parse(in);
}

const json& AnkiVectors() {
  static const json vectors = LoadVectors("anki_sm2.json");
  return vectors;
}

// default_config with the scenario's overrides, as DeckOptions.
DeckOptions OptionsFromConfig(const json& overrides) {
  json c = AnkiVectors().at("default_config");
  for (const auto& [key, value] : overrides.items()) c[key] = value;
  DeckOptions o;
  o.algorithm = Algorithm::kAnki;
  o.learn_steps_minutes = c.at("learn_steps").get<std::vector<double>>();
  o.relearn_steps_minutes = c.at("relearn_steps").get<std::vector<double>>();
  o.graduating_interval_days = c.at("graduating_interval_good").get<int>();
  o.easy_interval_days = c.at("graduating_interval_easy").get<int>();
  o.initial_ease_permille = static_cast<int>(c.at("initial_ease").get<double>() * 1000 + 0.5);
  o.hard_multiplier = c.at("hard_multiplier").get<double>();
  o.easy_bonus = c.at("easy_multiplier").get<double>();
  o.interval_modifier = c.at("interval_multiplier").get<double>();
  o.maximum_interval_days = c.at("maximum_review_interval").get<int>();
  o.lapse_multiplier = c.at("lapse_multiplier").get<double>();
  o.minimum_lapse_interval_days = c.at("minimum_lapse_interval").get<int>();
  o.leech_threshold = c.at("leech_threshold").get<int>();
  const std::string action = c.at("leech_action").get<std::string>();
  EXPECT_TRUE(action == "tag_only" || action == "suspend") << action;
  o.leech_action = action == "suspend" ? LeechAction::kSuspend : LeechAction::kTagOnly;
  o.fuzz = false;
  return o;
}

// Queue 2/3 dues are Anki day numbers in the vectors, recall Days here.
bool DueIsDay(int queue) { return queue == 2 || queue == 3; }

CardState CardFromJson(const json& j) {
  CardState c;
  c.type = static_cast<CardType>(j.at("type").get<int>());
  c.queue = static_cast<CardQueue>(j.at("queue").get<int>());
  c.due = j.at("due").get<int64_t>();
  if (DueIsDay(j.at("queue").get<int>())) c.due += kAnkiDayZero;
  c.interval = j.at("ivl").get<int32_t>();
  c.ease = j.at("factor").get<int32_t>();
  c.reps = j.at("reps").get<int32_t>();
  c.lapses = j.at("lapses").get<int32_t>();
  c.left = j.at("left").get<int32_t>();
  return c;
}

// A button preview: {secs} or {days}.
Delay DelayFromJson(const json& j) {
  Delay d;
  if (j.contains("secs")) d.seconds = j.at("secs").get<int64_t>();
  if (j.contains("days")) d.days = j.at("days").get<int64_t>();
  return d;
}

// The context at `at_seconds` with the collection's rollover hour `rollover`.
SchedulerContext ContextAt(const DeckOptions& options, int64_t at_seconds, bool filtered, int rollover = kRollover) {
  SchedulerContext ctx;
  ctx.options = options;
  ctx.now = Timestamp::FromSeconds(at_seconds);
  ctx.timing = ComputeDayTiming(ctx.now, rollover);
  ctx.filtered_reschedule = filtered;
  return ctx;
}

class SchedulerAnkiVectorTest : public ::testing::TestWithParam<std::string> {
 protected:
  ScopedTz tz_{"UTC"};
};

std::vector<std::string> ScenarioIds() {
  std::vector<std::string> ids;
  const json& v = AnkiVectors();
  if (!v.is_object()) return {"missing_vectors"};
  for (const json& s : v.at("scenarios")) ids.push_back(s.at("id").get<std::string>());
  return ids;
}

TEST(SchedulerAnkiVectors, FileHasEveryScenario) {
  const json& v = AnkiVectors();
  ASSERT_TRUE(v.is_object()) << "cannot read " << RECALL_FIXTURES_DIR << "/vectors/anki_sm2.json";
  EXPECT_EQ(v.at("collection").at("crt").get<int64_t>(), 1704081600);
  EXPECT_EQ(v.at("collection").at("rollover_hour").get<int>(), kRollover);
  size_t steps = 0;
  for (const json& s : v.at("scenarios")) steps += s.at("steps").size();
  EXPECT_EQ(v.at("scenarios").size(), 49u);
  EXPECT_EQ(steps, 134u);
}

TEST_P(SchedulerAnkiVectorTest, ReplayEveryStep) {
  const json* scenario = nullptr;
  for (const json& s : AnkiVectors().at("scenarios")) {
    if (s.at("id") == GetParam()) scenario = &s;
  }
  ASSERT_NE(scenario, nullptr);
  const DeckOptions options = OptionsFromConfig(scenario->at("config"));
  CardState card = CardFromJson(scenario->at("initial"));
  int step_no = 0;
  for (const json& step : scenario->at("steps")) {
    ++step_no;
    SCOPED_TRACE(GetParam() + " step " + std::to_string(step_no) + " (" +
                 step.at("at_utc").get<std::string>() + ", rating " +
                 std::to_string(step.at("rating").get<int>()) + ")");
    const json& expected = step.at("expected");
    const std::string deck = step.at("deck").get<std::string>();
    ASSERT_TRUE(deck == "normal" || deck == "filtered_reschedule") << deck;
    const SchedulerContext ctx =
        ContextAt(options, step.at("at").get<int64_t>(), deck == "filtered_reschedule");
    EXPECT_EQ(ctx.timing.today.n - kAnkiDayZero, expected.at("today").get<int64_t>());
    EXPECT_EQ(ctx.timing.secs_until_rollover, expected.at("secs_until_rollover").get<int64_t>());

    // All four buttons, from the state before the answer.
    const std::vector<AnswerOutcome> next = NextStates(card, ctx);
    ASSERT_EQ(next.size(), 4u);
    const char* buttons[] = {"again", "hard", "good", "easy"};
    for (int b = 0; b < 4; ++b) {
      const Delay want = DelayFromJson(expected.at("buttons").at(buttons[b]));
      EXPECT_EQ(next[b].delay.seconds, want.seconds) << buttons[b];
      EXPECT_EQ(next[b].delay.days, want.days) << buttons[b];
    }

    const int rating = step.at("rating").get<int>();
    const AnswerOutcome out = Answer(card, rating, ctx);
    EXPECT_EQ(out.state, next[rating - 1].state);

    const CardState want = CardFromJson(expected.at("card"));
    EXPECT_EQ(static_cast<int>(out.state.type), static_cast<int>(want.type));
    EXPECT_EQ(static_cast<int>(out.state.queue), static_cast<int>(want.queue));
    EXPECT_EQ(out.state.due, want.due);
    EXPECT_EQ(out.state.interval, want.interval);
    EXPECT_EQ(out.state.ease, want.ease);
    EXPECT_EQ(out.state.reps, want.reps);
    EXPECT_EQ(out.state.lapses, want.lapses);
    EXPECT_EQ(out.state.left, want.left);
    EXPECT_FALSE(out.state.drill);
    EXPECT_EQ(out.leech, expected.at("leech").get<bool>());

    const json& revlog = expected.at("revlog");
    EXPECT_EQ(out.revlog.rating, revlog.at("ease").get<int>());
    EXPECT_EQ(static_cast<int>(out.revlog.kind), revlog.at("type").get<int>());
    EXPECT_EQ(out.revlog.interval, revlog.at("ivl").get<int32_t>());
    EXPECT_EQ(out.revlog.last_interval, revlog.at("lastIvl").get<int32_t>());
    EXPECT_EQ(out.revlog.ease, revlog.at("factor").get<int32_t>());

    // The delay agrees with where the card went.
    if (out.state.queue == CardQueue::kLearning) {
      EXPECT_EQ(out.state.due, ctx.now.Seconds() + out.delay.seconds);
    } else if (out.state.queue != CardQueue::kSuspended) {
      EXPECT_EQ(out.state.due, ctx.timing.today.n + out.delay.days);
    }
    card = out.state;
  }
}

INSTANTIATE_TEST_SUITE_P(SchedulerAnkiVectors, SchedulerAnkiVectorTest, ::testing::ValuesIn(ScenarioIds()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// ---- Unit cases for rules the vectors exercise only indirectly ----

class SchedulerAnkiTest : public ::testing::Test {
 protected:
  // 2024-01-01 09:00 UTC: Day 19723, 19 hours before the rollover.
  SchedulerContext Ctx(int64_t at = 1704099600) const { return ContextAt(DeckOptions{}, at, false); }
  static CardState Review(int32_t ivl, int32_t ease, int64_t due) {
    CardState c;
    c.type = CardType::kReview;
    c.queue = CardQueue::kReview;
    c.interval = ivl;
    c.ease = ease;
    c.due = due;
    c.reps = 5;
    return c;
  }
  ScopedTz tz_{"UTC"};
};

TEST_F(SchedulerAnkiTest, RatingsAreOneToFour) {
  EXPECT_EQ(MinRating(Algorithm::kAnki), 1);
  EXPECT_EQ(MaxRating(Algorithm::kAnki), 4);
  const SchedulerContext ctx = Ctx();
  EXPECT_THROW(Answer(CardState{}, 0, ctx), Error);
  EXPECT_THROW(Answer(CardState{}, 5, ctx), Error);
  EXPECT_EQ(NextStates(CardState{}, ctx).size(), 4u);
}

TEST_F(SchedulerAnkiTest, AlgorithmNames) {
  EXPECT_STREQ(AlgorithmName(Algorithm::kAnki), "anki");
  EXPECT_STREQ(AlgorithmName(Algorithm::kSm2), "sm2");
}

TEST_F(SchedulerAnkiTest, LeechEveryHalfThresholdAfterTheThreshold) {
  SchedulerContext ctx = Ctx();
  ctx.options.leech_threshold = 3;  // half threshold rounds up: 2
  CardState card = Review(10, 2500, ctx.timing.today.n);
  std::vector<int> leech_at;
  for (int lapse = 1; lapse <= 9; ++lapse) {
    card.type = CardType::kReview;
    card.queue = CardQueue::kReview;
    card.due = ctx.timing.today.n;
    const AnswerOutcome out = Answer(card, 1, ctx);
    if (out.leech) leech_at.push_back(out.state.lapses);
    card = out.state;
  }
  EXPECT_EQ(leech_at, (std::vector<int>{3, 5, 7, 9}));

  ctx.options.leech_threshold = 0;  // off
  card = Review(10, 2500, ctx.timing.today.n);
  card.lapses = 7;
  EXPECT_FALSE(Answer(card, 1, ctx).leech);
}

TEST_F(SchedulerAnkiTest, LapseMultiplierRoundsAndRespectsTheMaximum) {
  SchedulerContext ctx = Ctx();
  ctx.options.lapse_multiplier = 0.5;
  ctx.options.maximum_interval_days = 20;
  // 5 x 0.5 = 2.5 rounds half away from zero to 3.
  EXPECT_EQ(Answer(Review(5, 2500, ctx.timing.today.n), 1, ctx).state.interval, 3);
  // 100 x 0.5 = 50 is capped at the maximum.
  EXPECT_EQ(Answer(Review(100, 2500, ctx.timing.today.n), 1, ctx).state.interval, 20);
}

TEST_F(SchedulerAnkiTest, HardOnFirstStepLongerThanADayRoundsToDays) {
  SchedulerContext ctx = Ctx();
  ctx.options.learn_steps_minutes = {60, 2 * 24 * 60};  // 1h, 2d: mean 24.5h -> 1d
  const AnswerOutcome out = Answer(CardState{}, 2, ctx);
  // 86400 + 1800 = 88200 s > 1 day: rounded to 1 day = 86400 s, which is
  // beyond the rollover (19 h away): a day-learning card due tomorrow.
  EXPECT_EQ(out.state.queue, CardQueue::kDayLearning);
  EXPECT_EQ(out.delay.days, 1);
  EXPECT_EQ(out.state.due, ctx.timing.today.n + 1);
}

TEST_F(SchedulerAnkiTest, LearningFuzzStaysInsideItsRange) {
  SchedulerContext ctx = Ctx();
  for (double f : {0.0, 0.25, 0.5, 0.999999, 0.99999999999}) {
    ctx.fuzz_factor = f;
    const AnswerOutcome good = Answer(CardState{}, 3, ctx);  // 600 s step
    EXPECT_EQ(good.state.queue, CardQueue::kLearning);
    const int64_t extra = good.state.due - ctx.now.Seconds() - 600;
    EXPECT_GE(extra, 0) << f;
    EXPECT_LT(extra, 150) << f;  // min(floor(0.25 * 600), 300)
    EXPECT_EQ(good.delay.seconds, 600);  // the buttons show the step, unfuzzed
    EXPECT_EQ(good.revlog.interval, -600);  // the log keeps the step's delay
    EXPECT_EQ(extra, static_cast<int64_t>(f * 150)) << f;
  }
  // A one-hour step gets at most five minutes.
  ctx.options.learn_steps_minutes = {60, 120};
  ctx.fuzz_factor = 0.99;
  const AnswerOutcome again = Answer(CardState{}, 1, ctx);
  EXPECT_EQ(again.delay.seconds, 3600);
  EXPECT_EQ(again.state.due, ctx.now.Seconds() + 3600 + 297);
  // Day-learning dues are not fuzzed.
  ctx.options.learn_steps_minutes = {1, 3 * 24 * 60};
  const AnswerOutcome good = Answer(CardState{}, 3, ctx);
  EXPECT_EQ(good.state.queue, CardQueue::kDayLearning);
  EXPECT_EQ(good.state.due, ctx.timing.today.n + 3);
}

TEST_F(SchedulerAnkiTest, GraduationAndLapseAreFuzzed) {
  SchedulerContext ctx = Ctx();
  ctx.options.easy_interval_days = 10;  // fuzz range 8..12
  ctx.fuzz_factor = 0.0;
  EXPECT_EQ(Answer(CardState{}, 4, ctx).state.interval, 8);
  ctx.fuzz_factor = 0.99;
  EXPECT_EQ(Answer(CardState{}, 4, ctx).state.interval, 12);
  ctx.options.lapse_multiplier = 0.5;  // 40 -> 20: range 17..23
  ctx.fuzz_factor = 0.0;
  EXPECT_EQ(Answer(Review(40, 2500, ctx.timing.today.n), 1, ctx).state.interval, 17);
  // Relearning Easy adds a day to the stored interval, without fuzz.
  CardState relearning = Answer(Review(40, 2500, ctx.timing.today.n), 1, ctx).state;
  ctx.fuzz_factor = 0.99;
  EXPECT_EQ(Answer(relearning, 4, ctx).state.interval, 18);
  EXPECT_EQ(Answer(relearning, 3, ctx).state.interval, 17);
}

TEST_F(SchedulerAnkiTest, RelearningAgainWithoutStepsKeepsTheInterval) {
  SchedulerContext ctx = Ctx();
  ctx.options.lapse_multiplier = 0.5;
  const CardState relearning = Answer(Review(40, 2500, ctx.timing.today.n), 1, ctx).state;
  ASSERT_EQ(relearning.type, CardType::kRelearning);
  ASSERT_EQ(relearning.interval, 20);
  ctx.options.relearn_steps_minutes.clear();  // options changed mid-relearn
  const AnswerOutcome out = Answer(relearning, 1, ctx);
  EXPECT_EQ(out.state.type, CardType::kReview);
  EXPECT_EQ(out.state.interval, 20);
  EXPECT_EQ(out.state.lapses, 1);
  EXPECT_EQ(out.revlog.kind, RevlogKind::kRelearn);
  EXPECT_EQ(out.revlog.last_interval, 0);  // no current step
}

TEST_F(SchedulerAnkiTest, LeftIsReadModuloThousand) {
  SchedulerContext ctx = Ctx();
  CardState learning;
  learning.type = CardType::kLearning;
  learning.queue = CardQueue::kLearning;
  learning.left = 2001;  // legacy: 2 today, 1 step left
  const AnswerOutcome out = Answer(learning, 3, ctx);
  EXPECT_EQ(out.state.type, CardType::kReview);  // graduated from the last step
  EXPECT_EQ(out.revlog.last_interval, -600);
}

TEST_F(SchedulerAnkiTest, ReviewOfAZeroIntervalCardUsesOneDay) {
  SchedulerContext ctx = Ctx();
  const std::vector<AnswerOutcome> next = NextStates(Review(0, 2500, ctx.timing.today.n), ctx);
  EXPECT_EQ(next[1].state.interval, 2);
  EXPECT_EQ(next[2].state.interval, 3);
  EXPECT_EQ(next[3].state.interval, 4);
}

TEST_F(SchedulerAnkiTest, ContextFieldsArePureInputs) {
  // The same inputs always give the same outcome.
  SchedulerContext ctx = Ctx();
  ctx.fuzz_factor = FuzzFactor(1700000000123, 7);
  const CardState card = Review(30, 2300, ctx.timing.today.n - 3);
  EXPECT_EQ(Answer(card, 3, ctx).state, Answer(card, 3, ctx).state);
}

// ---- Property tests ----

struct PropertyStats {
  int answers = 0;
  int graduated_checks = 0;
  int ordering_checks = 0;
  int fuzz_checks = 0;
};

// Plays `steps` random answers on a few cards, at random times moving
// forward, checking the invariants after each answer.
void RunRandomSequences(uint32_t seed, bool fuzz, const DeckOptions& options, int steps,
                        PropertyStats* stats, int rollover = kRollover) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> rating_dist(1, 4);
  std::uniform_int_distribution<int> card_dist(0, 4);
  std::uniform_int_distribution<int64_t> advance_dist(0, 3 * 86400);
  std::vector<CardState> cards(5);
  std::vector<int64_t> card_ids = {1700000000001, 1700000000002, 1700000000003, 1700000000004, 1700000000005};
  int64_t now = 1704099600;
  const int32_t max = std::max(options.maximum_interval_days, 1);
  for (int i = 0; i < steps; ++i) {
    const size_t k = static_cast<size_t>(card_dist(rng));
    CardState& card = cards[k];
    // Answer when due (or a bit later); learning cards may be answered early.
    now += advance_dist(rng) / (card.queue == CardQueue::kLearning ? 100 : 1);
    SchedulerContext ctx = ContextAt(options, now, false, rollover);
    if (card.queue == CardQueue::kReview && card.due > ctx.timing.today.n) {
      ctx = ContextAt(options, StartOfStudyDay(Day{card.due}, rollover).Seconds() + advance_dist(rng) / 4, false,
                      rollover);
      now = ctx.now.Seconds();
    }
    if (fuzz) ctx.fuzz_factor = FuzzFactor(card_ids[k], card.reps);
    const int rating = rating_dist(rng);
    SCOPED_TRACE("seed " + std::to_string(seed) + " answer " + std::to_string(i) + " card " +
                 std::to_string(k) + " rating " + std::to_string(rating));

    const std::vector<AnswerOutcome> next = NextStates(card, ctx);
    const AnswerOutcome out = Answer(card, rating, ctx);
    ASSERT_EQ(out.state, next[static_cast<size_t>(rating - 1)].state);
    ASSERT_EQ(out.state.reps, card.reps + 1);
    ASSERT_EQ(out.revlog.rating, rating);

    if (card.type == CardType::kReview && !fuzz) {
      // Hard <= Good <= Easy; strictly below the maximum when Hard grows.
      ASSERT_LE(next[1].state.interval, next[2].state.interval);
      ASSERT_LE(next[2].state.interval, next[3].state.interval);
      if (options.hard_multiplier > 1.0 && next[3].state.interval < max) {
        ASSERT_LT(next[1].state.interval, next[2].state.interval);
        ASSERT_LT(next[2].state.interval, next[3].state.interval);
      }
      ++stats->ordering_checks;
    }
    if (card.type == CardType::kReview && fuzz) {
      // Each fuzzed button lies in FuzzBounds(raw interval, its minimum).
      const float ivl = static_cast<float>(std::max(card.interval, 1));
      const float ease = static_cast<float>(card.ease) / 1000.0f;
      const float late = static_cast<float>(std::max<int64_t>(ctx.timing.today.n - card.due, 0));
      const float h = static_cast<float>(options.hard_multiplier);
      const float m = static_cast<float>(options.interval_modifier);
      const float b = static_cast<float>(options.easy_bonus);
      const int32_t hard = next[1].state.interval;
      const int32_t good = next[2].state.interval;
      const int32_t easy = next[3].state.interval;
      const int32_t hard_min = h > 1.0f ? static_cast<int32_t>(ivl) + 1 : 1;
      const int32_t good_min = h > 1.0f ? hard + 1 : static_cast<int32_t>(ivl) + 1;
      const struct {
        float raw;
        int32_t minimum;
        int32_t got;
      } buttons[] = {{ivl * h * m, hard_min, hard},
                     {(ivl + late / 2.0f) * ease * m, good_min, good},
                     {(ivl + late) * ease * b * m, good + 1, easy}};
      for (const auto& button : buttons) {
        const auto [lo, hi] = FuzzBounds(button.raw, button.minimum, max);
        ASSERT_GE(button.got, lo) << button.raw;
        ASSERT_LE(button.got, hi) << button.raw;
      }
      ++stats->fuzz_checks;
    }
    if (out.state.type == CardType::kReview || out.state.type == CardType::kRelearning) {
      ASSERT_GE(out.state.ease, 1300);
      ASSERT_GE(out.state.interval, 1);
      if (!(card.type == CardType::kRelearning && rating == 4)) {
        ASSERT_LE(out.state.interval, max);
      }
      ++stats->graduated_checks;
    }
    if (out.state.type == CardType::kReview && out.state.queue == CardQueue::kReview) {
      ASSERT_EQ(out.state.due, ctx.timing.today.n + out.state.interval);
      ASSERT_EQ(out.delay.days, out.state.interval);
      ASSERT_EQ(out.revlog.interval, out.state.interval);
    }
    if (out.state.queue == CardQueue::kLearning) {
      ASSERT_GT(out.delay.seconds, 0);
      // The due time adds the learning fuzz to the shown delay: < 25%, at most 5 minutes.
      const int64_t fuzz = out.state.due - now - out.delay.seconds;
      ASSERT_GE(fuzz, 0);
      ASSERT_LE(fuzz, std::min<int64_t>(out.delay.seconds / 4, 299));
      ASSERT_LT(out.delay.seconds - (-out.revlog.interval), 301);
    }
    if (out.state.queue == CardQueue::kDayLearning) {
      ASSERT_GE(out.delay.days, 1);
      ASSERT_EQ(out.state.due, ctx.timing.today.n + out.delay.days);
    }
    // Lapses grow only on Again in review.
    const int lapse = card.type == CardType::kReview && rating == 1 ? 1 : 0;
    if (card.type != CardType::kNew && card.type != CardType::kLearning) {
      ASSERT_EQ(out.state.lapses, card.lapses + lapse);
    }
    ++stats->answers;
    card = out.state;
  }
}

class SchedulerPropertyTest : public ::testing::Test {
 protected:
  ScopedTz tz_{"UTC"};
};

TEST_F(SchedulerPropertyTest, RandomSequencesDefaultOptions) {
  PropertyStats stats;
  for (uint32_t seed : {1u, 2u, 3u}) {
    RunRandomSequences(seed, false, DeckOptions{}, 1500, &stats);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(stats.answers, 4500);
  EXPECT_GT(stats.ordering_checks, 500);
  EXPECT_GT(stats.graduated_checks, 1000);
}

TEST_F(SchedulerPropertyTest, RandomSequencesWithFuzz) {
  PropertyStats stats;
  for (uint32_t seed : {11u, 12u}) {
    RunRandomSequences(seed, true, DeckOptions{}, 1500, &stats);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(stats.answers, 3000);
  EXPECT_GT(stats.fuzz_checks, 300);
}

TEST_F(SchedulerPropertyTest, RandomSequencesUnusualOptions) {
  DeckOptions o;
  o.learn_steps_minutes = {0.5, 3, 1440};
  o.relearn_steps_minutes = {10, 1440};
  o.graduating_interval_days = 3;
  o.easy_interval_days = 2;
  o.hard_multiplier = 1.0;
  o.interval_modifier = 0.8;
  o.maximum_interval_days = 200;
  o.lapse_multiplier = 0.3;
  o.minimum_lapse_interval_days = 2;
  o.leech_threshold = 3;
  o.leech_action = LeechAction::kSuspend;
  PropertyStats stats;
  RunRandomSequences(21u, false, o, 2000, &stats, /*rollover=*/0);
  if (HasFatalFailure()) return;
  RunRandomSequences(22u, true, o, 2000, &stats, /*rollover=*/0);
  EXPECT_EQ(stats.answers, 4000);
}

}  // namespace
}  // namespace recall

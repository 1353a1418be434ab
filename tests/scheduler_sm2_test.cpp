// Classic SM-2 (profile "text"): every sequence of
// fixtures/vectors/classic_sm2.json, and the drill rule.

#include <gtest/gtest.h>
#include <stdlib.h>
#include <time.h>

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
#include "recall/fsrs.h"
#include "recall/scheduler.h"
#include "recall/time.h"
#include "test_support.h"

namespace recall {
namespace {

using nlohmann::json;

using ScopedTz = testing::ScopedTimeZone;

const json& ClassicVectors() {
  static const json vectors = [] {
    std::ifstream in(std::string(RECALL_FIXTURES_DIR) + "/vectors/classic_sm2.json");
    return in ? json::parse(in) : json();
  }();
  return vectors;
}

class Sm2Test : public ::testing::Test {
 protected:
  // Noon UTC on `day`: well inside the study day with rollover 4.
  static SchedulerContext CtxOn(Day day) {
    SchedulerContext ctx;
    ctx.options.algorithm = Algorithm::kSm2;
    ctx.now = Timestamp::FromSeconds(day.n * 86400 + 12 * 3600);
    ctx.timing = ComputeDayTiming(ctx.now, 4);
    return ctx;
  }
  static CardState NewCard() { return CardState{}; }

  ScopedTz tz_{"UTC"};
  const Day start_{19723};  // 2024-01-01
};

TEST_F(Sm2Test, RatingsAreZeroToFive) {
  EXPECT_EQ(MinRating(Algorithm::kSm2), 0);
  EXPECT_EQ(MaxRating(Algorithm::kSm2), 5);
  const SchedulerContext ctx = CtxOn(start_);
  EXPECT_THROW(Answer(NewCard(), -1, ctx), Error);
  EXPECT_THROW(Answer(NewCard(), 6, ctx), Error);
  EXPECT_EQ(NextStates(NewCard(), ctx).size(), 6u);
}

TEST_F(Sm2Test, ReplayEveryClassicSequenceProfileText) {
  const json& v = ClassicVectors();
  ASSERT_TRUE(v.is_object()) << "cannot read classic_sm2.json";
  ASSERT_EQ(v.at("sequences").size(), 38u);
  int answers = 0;
  for (const json& seq : v.at("sequences")) {
    const std::string id = seq.at("id").get<std::string>();
    const json& initial = seq.at("initial");
    CardState card;
    card.left = initial.at("repetitions").get<int32_t>();
    card.interval = initial.at("interval").get<int32_t>();
    card.ease = initial.at("ef_centi").get<int32_t>() * 10;
    Day today = start_;
    if (card.left > 0 || card.interval > 0) {
      card.type = CardType::kReview;
      card.queue = CardQueue::kReview;
      card.due = today.n;
      card.reps = card.left;
    }
    const json& expected = seq.at("expected").at("text");
    ASSERT_EQ(expected.size(), seq.at("grades").size()) << id;
    for (size_t i = 0; i < expected.size(); ++i) {
      const int q = seq.at("grades").at(i).get<int>();
      const json& want = expected.at(i);
      SCOPED_TRACE(id + " step " + std::to_string(i + 1) + " q=" + std::to_string(q));
      const SchedulerContext ctx = CtxOn(today);
      ASSERT_FALSE(NeedsDrillToday(card, today));
      const std::vector<AnswerOutcome> next = NextStates(card, ctx);
      const AnswerOutcome out = Answer(card, q, ctx);
      EXPECT_EQ(out.state, next[static_cast<size_t>(q)].state);
      EXPECT_EQ(out.state.left, want.at("repetitions").get<int32_t>());
      EXPECT_EQ(out.state.interval, want.at("interval").get<int32_t>());
      EXPECT_EQ(out.state.ease, want.at("ef_centi").get<int32_t>() * 10);
      EXPECT_EQ(out.state.drill, want.at("repeat_today").get<bool>());
      EXPECT_EQ(out.state.type, CardType::kReview);
      EXPECT_EQ(out.state.queue, CardQueue::kReview);
      EXPECT_EQ(out.state.due, today.n + out.state.interval);
      EXPECT_EQ(out.state.reps, card.reps + 1);
      EXPECT_EQ(out.delay.days, out.state.interval);
      EXPECT_EQ(out.revlog.rating, q);
      EXPECT_EQ(out.revlog.kind, card.type == CardType::kNew ? RevlogKind::kLearn : RevlogKind::kReview);
      EXPECT_EQ(out.revlog.interval, out.state.interval);
      EXPECT_EQ(out.revlog.last_interval, card.interval);
      EXPECT_EQ(out.revlog.ease, out.state.ease);
      EXPECT_EQ(NeedsDrillToday(out.state, today), q < 4);
      ++answers;
      // The next scheduled answer happens on the due day; an unfinished
      // drill from the day before does not carry over.
      card = out.state;
      today = Day{card.due};
    }
  }
  EXPECT_GT(answers, 250);
}

// A drill answer leaves the SM-2 schedule alone, but it is a real recall on
// the same study day: the card's FSRS memory state takes the short-term
// update (grades 0-2 Again, 3 Hard, 4 Good, 5 Easy).
void ExpectSameDayMemoryUpdate(CardState* want, const CardState& before, int q, const SchedulerContext& ctx) {
  want->memory = FsrsNextState(DefaultFsrsParams(), before.memory, 0, q < 3 ? 1 : q - 1);
  want->last_review_s = ctx.now.Seconds();
}

TEST_F(Sm2Test, DrillAnswersChangeOnlyDrillAndReps) {
  SchedulerContext ctx = CtxOn(start_);
  CardState card = Answer(NewCard(), 5, ctx).state;  // n=1, I=1
  ctx = CtxOn(Day{card.due});
  card = Answer(card, 5, ctx).state;  // n=2, I=6
  ctx = CtxOn(Day{card.due});
  const CardState scheduled = Answer(card, 3, ctx).state;  // n=3, I=ceil(6*2.7)=17, EF 2.56
  EXPECT_EQ(scheduled.interval, 17);
  EXPECT_EQ(scheduled.ease, 2560);
  ASSERT_TRUE(scheduled.drill);
  ASSERT_TRUE(NeedsDrillToday(scheduled, ctx.timing.today));

  // Same day: drill answers. q = 0 and q = 3 keep it in the drill queue.
  for (int q : {0, 3}) {
    const AnswerOutcome drill = Answer(scheduled, q, ctx);
    CardState want = scheduled;
    want.reps += 1;
    ExpectSameDayMemoryUpdate(&want, scheduled, q, ctx);
    EXPECT_EQ(drill.state, want) << q;
    EXPECT_EQ(drill.revlog.kind, RevlogKind::kRelearn);
    EXPECT_EQ(drill.revlog.interval, 17);
    EXPECT_EQ(drill.revlog.last_interval, 17);
    EXPECT_EQ(drill.revlog.ease, 2560);
    EXPECT_EQ(drill.delay.days, 17);
    EXPECT_EQ(drill.state.lapses, scheduled.lapses);
  }
  // q >= 4 ends the drill.
  const AnswerOutcome done = Answer(scheduled, 4, ctx);
  CardState want = scheduled;
  want.reps += 1;
  want.drill = false;
  ExpectSameDayMemoryUpdate(&want, scheduled, 4, ctx);
  EXPECT_EQ(done.state, want);
  EXPECT_FALSE(NeedsDrillToday(done.state, ctx.timing.today));

  // The next day the unfinished drill is stale: not a drill any more.
  EXPECT_FALSE(NeedsDrillToday(scheduled, ctx.timing.today + 1));
}

TEST_F(Sm2Test, FailureRestartsRepetitionsAndCountsALapse) {
  SchedulerContext ctx = CtxOn(start_);
  CardState card = Answer(NewCard(), 2, ctx).state;  // a new card failing is no lapse
  EXPECT_EQ(card.lapses, 0);
  EXPECT_EQ(card.interval, 1);
  EXPECT_EQ(card.left, 0);
  EXPECT_EQ(card.ease, 2500);
  EXPECT_TRUE(card.drill);
  // Drilled to 4 the same day.
  card = Answer(card, 4, ctx).state;
  EXPECT_FALSE(card.drill);
  EXPECT_EQ(card.reps, 2);
  EXPECT_EQ(card.interval, 1);
  // Next day: 4 -> n=1, I=1; then 6; then a lapse.
  ctx = CtxOn(Day{card.due});
  card = Answer(card, 4, ctx).state;
  EXPECT_EQ(card.left, 1);
  EXPECT_EQ(card.interval, 1);
  ctx = CtxOn(Day{card.due});
  card = Answer(card, 4, ctx).state;
  EXPECT_EQ(card.interval, 6);
  ctx = CtxOn(Day{card.due});
  const AnswerOutcome lapse = Answer(card, 1, ctx);
  EXPECT_EQ(lapse.state.lapses, 1);
  EXPECT_EQ(lapse.state.left, 0);
  EXPECT_EQ(lapse.state.interval, 1);
  EXPECT_EQ(lapse.state.ease, 2500);  // EF unchanged on failure
  EXPECT_EQ(lapse.revlog.kind, RevlogKind::kReview);
  EXPECT_EQ(lapse.revlog.last_interval, 6);
}

TEST_F(Sm2Test, CardScheduledByAnkiKeepsGrowing) {
  // A graduated Anki card (left = 0, ivl 30) moved to an sm2 deck: read as
  // n = 2, so the next success multiplies the interval.
  SchedulerContext ctx = CtxOn(start_);
  CardState card;
  card.type = CardType::kReview;
  card.queue = CardQueue::kReview;
  card.interval = 30;
  card.ease = 2650;  // EF 2.65
  card.due = start_.n;
  const AnswerOutcome out = Answer(card, 4, ctx);
  EXPECT_EQ(out.state.interval, 80);  // ceil(30 * 2.65) = ceil(79.5)
  EXPECT_EQ(out.state.left, 3);
  EXPECT_EQ(out.state.ease, 2650);
  // An Anki learning card starts over.
  CardState learning;
  learning.type = CardType::kLearning;
  learning.queue = CardQueue::kLearning;
  learning.left = 2;
  const AnswerOutcome first = Answer(learning, 5, ctx);
  EXPECT_EQ(first.state.interval, 1);
  EXPECT_EQ(first.state.left, 1);
  EXPECT_EQ(first.state.ease, 2600);
}

TEST_F(Sm2Test, EfFloorAndNoMaximumInterval) {
  SchedulerContext ctx = CtxOn(start_);
  CardState card;
  for (int i = 0; i < 12; ++i) {
    card = Answer(card, 3, ctx).state;
    ctx = CtxOn(Day{card.due});
  }
  EXPECT_EQ(card.ease, 1300);
  // Fifteen 5s reach 3.2e7 days: exact 64-bit products, no cap.
  card = CardState{};
  ctx = CtxOn(start_);
  for (int i = 0; i < 15; ++i) {
    card = Answer(card, 5, ctx).state;
    ctx = CtxOn(Day{card.due});
  }
  EXPECT_EQ(card.interval, 32304906);
  EXPECT_EQ(card.ease, 4000);
}

TEST_F(Sm2Test, RandomSequencesKeepTheInvariants) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> grade(0, 5);
  std::uniform_int_distribution<int> drill_count(0, 3);
  CardState card;
  Day today = start_;
  for (int i = 0; i < 3000; ++i) {
    const SchedulerContext ctx = CtxOn(today);
    const int q = grade(rng);
    const AnswerOutcome out = Answer(card, q, ctx);
    ASSERT_EQ(out.state, NextStates(card, ctx)[static_cast<size_t>(q)].state);
    ASSERT_EQ(out.state.reps, card.reps + 1);
    ASSERT_GE(out.state.ease, 1300);
    ASSERT_EQ(out.state.ease % 10, 0);
    ASSERT_GE(out.state.interval, 1);
    ASSERT_EQ(out.state.due, today.n + out.state.interval);
    ASSERT_EQ(out.state.drill, q < 4);
    if (q < 3) {
      ASSERT_EQ(out.state.left, 0);
      ASSERT_EQ(out.state.ease, card.ease == 0 ? 2500 : card.ease);
    } else {
      ASSERT_EQ(out.state.left, card.left + 1);
    }
    card = out.state;
    // Drill a few times; state other than drill/reps never changes.
    for (int d = drill_count(rng); d > 0 && card.drill; --d) {
      const int q = grade(rng);
      const AnswerOutcome drill = Answer(card, q, ctx);
      CardState want = card;
      want.reps += 1;
      want.drill = drill.state.drill;
      ExpectSameDayMemoryUpdate(&want, card, q, ctx);
      ASSERT_EQ(drill.state, want);
      card = drill.state;
    }
    if (card.interval > 3650) card = CardState{};  // keep the days in range
    today = card.type == CardType::kNew ? today + 1 : Day{card.due};
  }
}

}  // namespace
}  // namespace recall

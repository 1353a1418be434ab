// FSRS-6: the formulas against published values, the scheduler's state
// changes (steps, short-term, review, relearning, ordering, fuzz), and the
// memory state every algorithm keeps.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "recall/card.h"
#include "recall/deck.h"
#include "recall/error.h"
#include "recall/fsrs.h"
#include "recall/memory.h"
#include "recall/scheduler.h"
#include "recall/time.h"
#include "test_support.h"

namespace recall {
namespace {

// Relative closeness for values an independent implementation printed.
::testing::AssertionResult Near(double got, double want, double rel = 1e-6) {
  if (std::fabs(got - want) <= rel * std::max(1.0, std::fabs(want))) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << got << " is not within " << rel << " of " << want;
}

TEST(FsrsFormulasTest, DefaultParametersAreFsrs6Published) {
  const FsrsParams& w = DefaultFsrsParams();
  EXPECT_EQ(w[0], 0.212);
  EXPECT_EQ(w[3], 8.2956);
  EXPECT_EQ(w[4], 6.4133);
  EXPECT_EQ(w[19], 0.0658);
  EXPECT_EQ(w[20], 0.1542);
}

// fsrs-rs model_v6 tests: power_forgetting_curve with the default parameters.
TEST(FsrsFormulasTest, ForgettingCurveMatchesFsrsRs) {
  const FsrsParams& w = DefaultFsrsParams();
  const double t[] = {0, 1, 2, 3, 4, 5};
  const double s[] = {1, 2, 3, 4, 4, 2};
  const double want[] = {1.0, 0.9403443, 0.9253786, 0.9185229, 0.9, 0.8261359};
  for (int i = 0; i < 6; ++i) EXPECT_TRUE(Near(FsrsRetrievability(w, t[i], s[i]), want[i], 1e-6)) << i;
}

// fsrs-rs model_v6 tests: two answers (first at t=0, second one day or two
// days later) for ratings 1,2,3,4,1,2.
TEST(FsrsFormulasTest, TwoAnswersMatchFsrsRs) {
  const FsrsParams& w = DefaultFsrsParams();
  const int ratings[] = {1, 2, 3, 4, 1, 2};
  const double second_t[] = {1, 1, 1, 1, 2, 2};
  const double want_s[] = {0.10088589, 3.2494123, 7.3153, 18.014914, 0.112798266, 4.4694576};
  const double want_d[] = {8.806304, 6.7404594, 2.1112142, 1.0, 8.806304, 6.7404594};
  for (int i = 0; i < 6; ++i) {
    const MemoryState first = FsrsNextState(w, std::nullopt, 0, ratings[i]);
    const MemoryState second = FsrsNextState(w, first, second_t[i], ratings[i]);
    // fsrs-rs computes in binary32.
    EXPECT_TRUE(Near(second.stability, want_s[i], 1e-5)) << i;
    EXPECT_TRUE(Near(second.difficulty, want_d[i], 1e-5)) << i;
  }
}

TEST(FsrsFormulasTest, InitialStateIsParameterAndClampedDifficulty) {
  const FsrsParams& w = DefaultFsrsParams();
  const MemoryState easy = FsrsNextState(w, std::nullopt, 0, 4);
  EXPECT_EQ(easy.stability, 8.2956);
  EXPECT_EQ(easy.difficulty, 1.0);  // 6.4133 - e^(3 * 0.8334) + 1 < 1
  const MemoryState again = FsrsNextState(w, std::nullopt, 0, 1);
  EXPECT_EQ(again.stability, 0.212);
  EXPECT_EQ(again.difficulty, 6.4133);
}

TEST(FsrsFormulasTest, SameDayPassNeverLowersStability) {
  const FsrsParams& w = DefaultFsrsParams();
  const MemoryState big{100.0, 5.0};
  // e^(0.5425 * (0 + 0.0912)) * 100^-0.0658 < 1, so Good keeps S.
  EXPECT_EQ(FsrsNextState(w, big, 0, 3).stability, 100.0);
  EXPECT_LT(FsrsNextState(w, big, 0, 1).stability, 100.0);
}

TEST(FsrsFormulasTest, IntervalAtDesiredRetention) {
  const FsrsParams& w = DefaultFsrsParams();
  EXPECT_TRUE(Near(FsrsNextInterval(w, 10.0, 0.9), 10.0, 1e-12));
  EXPECT_LT(FsrsNextInterval(w, 10.0, 0.95), 10.0);
  EXPECT_GT(FsrsNextInterval(w, 10.0, 0.8), 10.0);
  // R at the interval is the desired retention.
  EXPECT_TRUE(Near(FsrsRetrievability(w, FsrsNextInterval(w, 37.0, 0.83), 37.0), 0.83, 1e-12));
}

TEST(FsrsFormulasTest, Sm2FallbackReproducesEaseAtRetention) {
  const FsrsParams& w = DefaultFsrsParams();
  const MemoryState m = FsrsStateFromSm2(w, 2.5, 30, 0.9);
  EXPECT_TRUE(Near(m.stability, 30.0, 1e-12));  // at R = 0.9, S is the interval
  // A Good pass at R = 0.9 multiplies S by the ease (no hard/easy factor).
  const MemoryState next = FsrsNextState(w, m, 30, 3);
  EXPECT_TRUE(Near(next.stability / m.stability, 2.5, 1e-9));
}

TEST(FsrsFormulasTest, ParseAndFormatRoundTrip) {
  const FsrsParams& w = DefaultFsrsParams();
  const std::string text = FormatFsrsParams(w);
  EXPECT_EQ(text.substr(0, 20), "0.212,1.2931,2.3065,");
  EXPECT_EQ(ParseFsrsParams(text), w);
  EXPECT_EQ(ParseFsrsParams("1,2,3"), std::nullopt);
  EXPECT_EQ(ParseFsrsParams(text + ",1"), std::nullopt);
}

// ---- The scheduler ----

class FsrsSchedulerTest : public ::testing::Test {
 protected:
  // 2024-03-10 12:00 UTC, rollover 4: today is Day 19792.
  FsrsSchedulerTest() : tz_("UTC") {
    ctx_.options.algorithm = Algorithm::kFsrs;
    ctx_.options.fuzz = false;
    ctx_.now = Timestamp::FromSeconds(1710072000);
    ctx_.timing = ComputeDayTiming(ctx_.now, 4);
  }
  AnswerOutcome Answer(const CardState& c, int rating) { return recall::Answer(c, rating, ctx_); }
  CardState ReviewedYesterday(MemoryState m, int32_t interval) {
    CardState c;
    c.type = CardType::kReview;
    c.queue = CardQueue::kReview;
    c.interval = interval;
    c.due = ctx_.timing.today.n;
    c.ease = 2500;
    c.reps = 3;
    c.memory = m;
    c.last_review_s = ctx_.now.Seconds() - 86400;
    return c;
  }

  testing::ScopedTimeZone tz_;
  SchedulerContext ctx_;
};

TEST_F(FsrsSchedulerTest, NewCardFollowsLearningStepsAndKeepsMemory) {
  const AnswerOutcome good = Answer(CardState{}, 3);
  EXPECT_EQ(good.state.type, CardType::kLearning);
  EXPECT_EQ(good.state.queue, CardQueue::kLearning);
  EXPECT_EQ(good.state.due, ctx_.now.Seconds() + 600);  // second step, 10m
  EXPECT_EQ(good.state.left, 1);
  ASSERT_TRUE(good.state.memory);
  EXPECT_EQ(good.state.memory->stability, 2.3065);
  EXPECT_TRUE(Near(good.state.memory->difficulty, 2.11810397, 1e-8));
  EXPECT_EQ(good.state.last_review_s, ctx_.now.Seconds());
  EXPECT_EQ(good.revlog.kind, RevlogKind::kLearn);
  EXPECT_EQ(good.revlog.interval, -600);

  // Good on the last step, ten minutes later: same day, short-term update
  // (growth e^(0.5425 * 0.0912) * 2.3065^-0.0658 = 0.979 is raised to 1 for
  // a pass), then FSRS's interval for the stability: round(2.3065) = 2.
  ctx_.now = Timestamp::FromSeconds(ctx_.now.Seconds() + 600);
  const AnswerOutcome grad = Answer(good.state, 3);
  EXPECT_EQ(grad.state.type, CardType::kReview);
  EXPECT_EQ(grad.state.memory->stability, 2.3065);
  EXPECT_LT(grad.state.memory->difficulty, good.state.memory->difficulty);  // mean reversion toward D0(4)
  EXPECT_EQ(grad.state.interval, 2);
  EXPECT_EQ(grad.state.due, ctx_.timing.today.n + grad.state.interval);
  EXPECT_EQ(grad.state.ease, 2500);
}

TEST_F(FsrsSchedulerTest, NoStepsGraduatesOrStaysShortTerm) {
  ctx_.options.learn_steps_minutes = {};
  const std::vector<AnswerOutcome> next = NextStates(CardState{}, ctx_);
  ASSERT_EQ(next.size(), 4u);
  // Again: S = 0.212 days is under half a day: back in 18316 s (0.212 d).
  EXPECT_EQ(next[0].state.type, CardType::kLearning);
  EXPECT_EQ(next[0].delay.seconds, 18316);
  // Hard 1.2931 -> 1 day, Good 2.3065 -> 2 days, Easy 8.2956 -> 8 days
  // (ts-fsrs gives the same intervals for these states).
  EXPECT_EQ(next[1].state.interval, 1);
  EXPECT_EQ(next[2].state.interval, 2);
  EXPECT_EQ(next[3].state.interval, 8);
}

TEST_F(FsrsSchedulerTest, ReviewAnswersUseElapsedDaysAndOrdering) {
  // State after Good on a new card; answered one day later (ts-fsrs values).
  const CardState card = ReviewedYesterday({2.3065, 2.11810397}, 2);
  const std::vector<AnswerOutcome> next = NextStates(card, ctx_);
  EXPECT_TRUE(Near(next[2].state.memory->stability, 7.31530068, 1e-6));
  EXPECT_TRUE(Near(next[2].state.memory->difficulty, 2.11121424, 1e-6));
  EXPECT_EQ(next[1].state.interval, 5);   // S 5.3188
  EXPECT_EQ(next[2].state.interval, 7);   // S 7.3153
  EXPECT_EQ(next[3].state.interval, 12);  // S 11.6875
  EXPECT_EQ(next[1].state.ease, 2350);    // SM-2 ease kept for switching back
  EXPECT_EQ(next[3].state.ease, 2650);
  // Again: a lapse into relearning, 10m; the post-lapse interval from FSRS.
  EXPECT_EQ(next[0].state.type, CardType::kRelearning);
  EXPECT_EQ(next[0].state.lapses, 1);
  EXPECT_EQ(next[0].state.interval, 1);
  EXPECT_EQ(next[0].delay.seconds, 600);
  EXPECT_EQ(next[0].revlog.kind, RevlogKind::kReview);
  EXPECT_EQ(next[0].state.ease, 2300);
}

TEST_F(FsrsSchedulerTest, GoodIsAboveHardAndEasyAboveGood) {
  // A tiny stability makes every FSRS interval round to 1 day.
  ctx_.options.desired_retention = 0.99;
  const CardState card = ReviewedYesterday({0.5, 9.0}, 1);
  const std::vector<AnswerOutcome> next = NextStates(card, ctx_);
  EXPECT_EQ(next[1].state.interval, 1);
  EXPECT_EQ(next[2].state.interval, 2);
  EXPECT_EQ(next[3].state.interval, 3);
}

TEST_F(FsrsSchedulerTest, MaximumIntervalCapsEveryButton) {
  ctx_.options.maximum_interval_days = 3;
  const CardState card = ReviewedYesterday({100.0, 5.0}, 50);
  for (const AnswerOutcome& o : NextStates(card, ctx_)) {
    if (o.state.type == CardType::kReview) EXPECT_EQ(o.state.interval, 3);
  }
}

TEST_F(FsrsSchedulerTest, RelearningEndsWithFsrsInterval) {
  CardState card = ReviewedYesterday({20.0, 5.0}, 20);
  const AnswerOutcome lapse = Answer(card, 1);
  ctx_.now = Timestamp::FromSeconds(ctx_.now.Seconds() + 600);
  const AnswerOutcome good = Answer(lapse.state, 3);
  EXPECT_EQ(good.state.type, CardType::kReview);
  EXPECT_EQ(good.revlog.kind, RevlogKind::kRelearn);
  const double s = good.state.memory->stability;
  EXPECT_EQ(good.state.interval, std::max<int32_t>(1, static_cast<int32_t>(std::lround(s))));
  EXPECT_EQ(good.state.lapses, 1);
}

TEST_F(FsrsSchedulerTest, FuzzIsDeterministicAndWithinAnkisRange) {
  ctx_.options.fuzz = true;
  CardState card = ReviewedYesterday({30.0, 5.0}, 30);
  card.last_review_s = ctx_.now.Seconds() - 30 * 86400;  // on time
  ctx_.fuzz_factor = FuzzFactor(1234, card.reps);
  const AnswerOutcome a = Answer(card, 3);
  const AnswerOutcome b = Answer(card, 3);
  EXPECT_EQ(a.state, b.state);
  const double s = a.state.memory->stability;
  const auto [lo, hi] = FuzzBounds(FsrsNextInterval(DefaultFsrsParams(), s, 0.9), 1, 36500);
  EXPECT_GE(a.state.interval, lo);
  EXPECT_LE(a.state.interval, hi);
}

TEST_F(FsrsSchedulerTest, RatingOutsideOneToFourIsRefused) {
  EXPECT_THROW(Answer(CardState{}, 0), Error);
  EXPECT_THROW(Answer(CardState{}, 5), Error);
}

TEST_F(FsrsSchedulerTest, SwitchedCardWithoutMemoryUsesSm2Fallback) {
  CardState card = ReviewedYesterday({1, 1}, 30);
  card.memory.reset();
  card.last_review_s = 0;
  card.due = ctx_.timing.today.n;  // answered 30 days ago, due today
  const AnswerOutcome o = Answer(card, 3);
  const MemoryState from_sm2 = FsrsStateFromSm2(DefaultFsrsParams(), 2.5, 30, 0.9);
  EXPECT_EQ(*o.state.memory, FsrsNextState(DefaultFsrsParams(), from_sm2, 30, 3));
}

TEST_F(FsrsSchedulerTest, AnkiAndSm2CardsKeepAMemoryStateToo) {
  ctx_.options.algorithm = Algorithm::kAnki;
  const AnswerOutcome anki = Answer(CardState{}, 3);
  ASSERT_TRUE(anki.state.memory);
  EXPECT_EQ(anki.state.memory->stability, 2.3065);
  EXPECT_EQ(anki.state.last_review_s, ctx_.now.Seconds());
  ctx_.options.algorithm = Algorithm::kSm2;
  const AnswerOutcome sm2 = Answer(CardState{}, 5);  // Perfect reads as Easy
  EXPECT_EQ(sm2.state.memory->stability, 8.2956);
  const AnswerOutcome fail = Answer(CardState{}, 2);  // below 3 reads as Again
  EXPECT_EQ(fail.state.memory->stability, 0.212);
}

// ---- Replaying a review log ----

RevlogEntry Entry(int64_t day, int rating, CardType before, int32_t last_ivl = 0, int32_t ease_before = 0) {
  RevlogEntry e;
  e.id = (day * 86400 + 43200) * 1000;
  e.day = Day{day};
  e.fields.rating = rating;
  e.fields.kind = before == CardType::kReview ? RevlogKind::kReview : RevlogKind::kLearn;
  e.fields.last_interval = last_ivl;
  e.type_before = before;
  e.ease_before = ease_before;
  return e;
}

TEST(MemoryReplayTest, ReplaysEveryAnswerWithStudyDayGaps) {
  const FsrsParams& w = DefaultFsrsParams();
  const std::vector<RevlogEntry> log = {Entry(100, 3, CardType::kNew), Entry(100, 3, CardType::kLearning),
                                        Entry(103, 3, CardType::kReview, 2),
                                        Entry(110, 1, CardType::kReview, 7)};
  const auto m = MemoryFromReviewLog(log, Algorithm::kAnki, w);
  ASSERT_TRUE(m);
  MemoryState want = FsrsNextState(w, std::nullopt, 0, 3);
  want = FsrsNextState(w, want, 0, 3);
  want = FsrsNextState(w, want, 3, 3);
  want = FsrsNextState(w, want, 7, 1);
  EXPECT_EQ(m->state, want);
  EXPECT_EQ(m->last_review_day, Day{110});
  EXPECT_EQ(m->last_review_s, 110 * 86400 + 43200);
}

TEST(MemoryReplayTest, TruncatedHistoryStartsFromSm2) {
  const FsrsParams& w = DefaultFsrsParams();
  const auto m = MemoryFromReviewLog({Entry(50, 3, CardType::kReview, 20, 2300)}, Algorithm::kAnki, w);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->state, FsrsNextState(w, FsrsStateFromSm2(w, 2.3, 20, 0.9), 20, 3));
}

TEST(MemoryReplayTest, ForgetResetsAndManualEntriesAreSkipped) {
  const FsrsParams& w = DefaultFsrsParams();
  RevlogEntry forget = Entry(60, 0, CardType::kReview);
  forget.fields.kind = RevlogKind::kManual;
  const auto m = MemoryFromReviewLog({Entry(50, 1, CardType::kNew), forget, Entry(61, 4, CardType::kNew)},
                                     Algorithm::kAnki, w);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->state, FsrsNextState(w, std::nullopt, 0, 4));
  EXPECT_FALSE(MemoryFromReviewLog({}, Algorithm::kAnki, w));
}

TEST(MemoryReplayTest, CramAnswersAreSkippedButEarlyReviewsCount) {
  const FsrsParams& w = DefaultFsrsParams();
  // A cram row (kind 3, ease 0) with interval 0 is no "forget" either.
  RevlogEntry cram = Entry(55, 1, CardType::kReview, 4);
  cram.fields.kind = RevlogKind::kFiltered;
  cram.fields.ease = 0;
  RevlogEntry early = Entry(57, 3, CardType::kReview, 4);
  early.fields.kind = RevlogKind::kFiltered;
  early.fields.ease = 2500;
  const auto with_cram = MemoryFromReviewLog({Entry(50, 3, CardType::kNew), cram, early}, Algorithm::kAnki, w);
  ASSERT_TRUE(with_cram);
  EXPECT_EQ(with_cram->state, FsrsNextState(w, FsrsNextState(w, std::nullopt, 0, 3), 7, 3));
  EXPECT_EQ(with_cram->last_review_day, Day{57});
}

}  // namespace
}  // namespace recall

namespace recall {
namespace {

TEST(FsrsEvaluationTest, ScoresAnswersADayOrMoreAfterTheLastOne) {
  const FsrsParams& w = DefaultFsrsParams();
  // Good on day 0, Good again the same day (not scored), Good on day 3
  // (recalled), Again on day 10 (forgotten).
  const std::vector<RevlogEntry> log = {Entry(0, 3, CardType::kNew), Entry(0, 3, CardType::kLearning),
                                        Entry(3, 3, CardType::kReview, 1),
                                        Entry(10, 1, CardType::kReview, 3)};
  const FsrsEvaluation e = EvaluateFsrs({CardHistory{Algorithm::kAnki, log}}, w);
  ASSERT_EQ(e.reviews, 2);
  MemoryState s = FsrsNextState(w, std::nullopt, 0, 3);
  s = FsrsNextState(w, s, 0, 3);
  const double p1 = FsrsRetrievability(w, 3, s.stability);
  s = FsrsNextState(w, s, 3, 3);
  const double p2 = FsrsRetrievability(w, 7, s.stability);
  EXPECT_DOUBLE_EQ(e.log_loss, -(std::log(p1) + std::log(1 - p2)) / 2);
  // RMSE over bins of width 0.05: p1 (recalled) and p2 (forgotten) apart.
  ASSERT_NE(static_cast<int>(p1 * 20), static_cast<int>(p2 * 20));
  EXPECT_DOUBLE_EQ(e.rmse_bins, std::sqrt(((1 - p1) * (1 - p1) + p2 * p2) / 2));
  EXPECT_EQ(EvaluateFsrs({}, w).reviews, 0);
}

TEST(FsrsEvaluationTest, TrueParametersScoreBetterThanWrongOnes) {
  // Outcomes drawn from the model itself with one parameter set, at the
  // intervals it schedules: that set must score better than the defaults.
  FsrsParams truth = DefaultFsrsParams();
  truth[2] = 6.0;
  truth[8] = 1.2;
  std::mt19937 rng(12);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<CardHistory> cards;
  for (int c = 0; c < 400; ++c) {
    CardHistory h;
    MemoryState s = FsrsNextState(truth, std::nullopt, 0, 3);
    int64_t day = 0;
    h.log.push_back(Entry(day, 3, CardType::kNew));
    for (int i = 0; i < 7; ++i) {
      const double ivl = std::max(1.0, std::round(FsrsNextInterval(truth, s.stability, 0.85)));
      day += static_cast<int64_t>(ivl);
      const int rating = u(rng) < FsrsRetrievability(truth, ivl, s.stability) ? 3 : 1;
      h.log.push_back(Entry(day, rating, CardType::kReview, 1));
      s = FsrsNextState(truth, s, ivl, rating);
    }
    cards.push_back(h);
  }
  const FsrsEvaluation true_fit = EvaluateFsrs(cards, truth);
  const FsrsEvaluation default_fit = EvaluateFsrs(cards, DefaultFsrsParams());
  EXPECT_EQ(true_fit.reviews, 400 * 7);
  EXPECT_LT(true_fit.log_loss, default_fit.log_loss);
  EXPECT_LT(true_fit.rmse_bins, 0.03);
}

}  // namespace
}  // namespace recall

// The deadline rule (interview/deadline.h) on its edge cases, and its hook
// in the answer path: exact due days in the store, a time-zone change.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "interview/deadline.h"
#include "recall/fsrs.h"
#include "recall/interview.h"
#include "recall/review.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

const FsrsParams& W() { return DefaultFsrsParams(); }

// The days a memory of stability s stays at or above r, restated from the
// FSRS-6 formula: t = S / f * (r^(-1/d) - 1), f = 0.9^(-1/d) - 1, d = w20.
double DaysAbove(double s, double r) {
  const double d = W()[20];
  const double f = std::pow(0.9, -1 / d) - 1;
  return s / f * (std::pow(r, -1 / d) - 1);
}

TEST(DeadlineRuleTest, ACardDueExactlyOnTheDayIsCutWhenNotReady) {
  // Stability 10, 10 days left: R on the day is 0.9.
  ASSERT_EQ(std::floor(DaysAbove(10, 0.95)), 4);
  EXPECT_EQ(interview::DeadlineInterval(W(), Day{100}, Day{110}, 0.95, 10, 10), 6);   // asked 4 days before
  EXPECT_EQ(interview::DeadlineInterval(W(), Day{100}, Day{110}, 0.85, 10, 10), 10);  // ready: kept
}

TEST(DeadlineRuleTest, AnIntervalLongerThanTheTimeLeftIsCut) {
  EXPECT_EQ(interview::DeadlineInterval(W(), Day{100}, Day{110}, 0.95, 10, 30), 6);
  // Stability 200: R(10, 200) > 0.99, ready on the day: the long interval stays.
  EXPECT_EQ(interview::DeadlineInterval(W(), Day{100}, Day{110}, 0.95, 200, 30), 30);
  // A weak memory (R stays above 0.95 for less than a day): asked the day before.
  ASSERT_LT(DaysAbove(0.5, 0.95), 1);
  EXPECT_EQ(interview::DeadlineInterval(W(), Day{100}, Day{103}, 0.95, 0.5, 3), 2);
  // One day left: due on the day itself (the morning review), never today.
  EXPECT_EQ(interview::DeadlineInterval(W(), Day{100}, Day{101}, 0.95, 0.5, 5), 1);
}

TEST(DeadlineRuleTest, AnIntervalEndingBeforeTheDayIsKept) {
  EXPECT_EQ(interview::DeadlineInterval(W(), Day{100}, Day{110}, 0.95, 1, 9), 9);
  EXPECT_EQ(interview::DeadlineInterval(W(), Day{100}, Day{110}, 0.95, 1, 0), 0);  // not a day interval
}

TEST(DeadlineRuleTest, TheDayTodayOrPassedChangesNothing) {
  EXPECT_EQ(interview::DeadlineInterval(W(), Day{110}, Day{110}, 0.95, 1, 30), 30);
  EXPECT_EQ(interview::DeadlineInterval(W(), Day{120}, Day{110}, 0.95, 1, 30), 30);
}

TEST(DeadlineRuleTest, PullsForwardACardAlreadyScheduledPastTheDay) {
  // Answered on day 95 with stability 10, due on 130; interview on 110 at 0.95:
  // from day 95 the rule gives 15 - 4 = 11 -> day 106.
  EXPECT_EQ(interview::PulledForwardDue(W(), Day{95}, Day{130}, Day{100}, Day{110}, 0.95, 10), Day{106});
  // From any answer day the cut lands k = 4 days before the day; when that
  // day has passed, today.
  EXPECT_EQ(interview::PulledForwardDue(W(), Day{80}, Day{130}, Day{100}, Day{110}, 0.95, 10), Day{106});
  EXPECT_EQ(interview::PulledForwardDue(W(), Day{80}, Day{130}, Day{108}, Day{110}, 0.95, 10), Day{108});
  EXPECT_FALSE(interview::PulledForwardDue(W(), Day{95}, Day{108}, Day{100}, Day{110}, 0.95, 10));   // before
  EXPECT_FALSE(interview::PulledForwardDue(W(), Day{95}, Day{130}, Day{100}, Day{110}, 0.80, 200));  // ready
  EXPECT_FALSE(interview::PulledForwardDue(W(), Day{95}, Day{130}, Day{110}, Day{110}, 0.95, 10));  // the day
}

// The hook: an anki deck without fuzz gives a new card answered Easy 4 days
// (its easy interval) and stability w3 = 8.2956; with an interview 3 days
// away at 0.99, R(3, w3) = 0.954 < 0.99 and R stays above 0.99 for under a
// day (k = 1): due 3 - 1 = 2 days after the answer.
class DeadlineHookTest : public ::testing::Test {
 protected:
  struct Answered {
    Day today;
    Card card;
    int32_t revlog_interval;
  };
  Answered AnswerEasy(const char* tz, int64_t at_s, const std::string& interview_date,
                      const std::string& tag) {
    testing::ScopedTimeZone zone(tz);
    FixedClock clock(Timestamp::FromSeconds(at_s));
    Store store = Store::OpenInMemory(clock);
    DeckOptions o;
    o.fuzz = false;
    const Deck deck = store.CreateDeck("D", o);
    Note n;
    n.front = "问";
    n.back = "答";
    n.tags = {tag};
    const Card card = store.AddNote(&n, deck.id);
    if (!interview_date.empty()) {
      Interview iv;
      iv.name = "i";
      iv.day = *ParseDay(interview_date);
      iv.target = 0.99;
      iv.tags = {"scope"};
      SaveInterview(store, iv);
    }
    AnswerCard(store, card.id, 4, clock.Now(), 1000);
    return Answered{store.Today().today, *store.GetCard(card.id),
                    store.RevlogOfCard(card.id).back().fields.interval};
  }
};

constexpr int64_t kJan7At20Utc = 1704657600;  // 2024-01-07 20:00 UTC = 2024-01-08 04:00 in Shanghai

TEST_F(DeadlineHookTest, AnswersInScopeAreCutOthersAreNot) {
  ASSERT_NEAR(FsrsRetrievability(W(), 3, W()[3]), 0.954, 1e-3);
  const Answered plain = AnswerEasy("UTC", kJan7At20Utc, "", "scope");
  EXPECT_EQ(plain.card.state.due, plain.today.n + 4);
  const Answered cut = AnswerEasy("UTC", kJan7At20Utc, "2024-01-10", "scope::child");
  EXPECT_EQ(FormatDay(plain.today), "2024-01-07");
  EXPECT_EQ(cut.card.state.due, cut.today.n + 2);
  EXPECT_EQ(cut.card.state.interval, 2);
  EXPECT_EQ(cut.revlog_interval, 2);
  const Answered out_of_scope = AnswerEasy("UTC", kJan7At20Utc, "2024-01-10", "other");
  EXPECT_EQ(out_of_scope.card.state.due, out_of_scope.today.n + 4);
  // After the day: normal scheduling.
  const Answered after = AnswerEasy("UTC", kJan7At20Utc, "2024-01-07", "scope");
  EXPECT_EQ(after.card.state.due, after.today.n + 4);
}

TEST_F(DeadlineHookTest, ATimeZoneChangeKeepsTheLastReviewBeforeTheCalendarDay) {
  // The same instant is 2024-01-07 in UTC and 2024-01-08 (after 4 am) in
  // Shanghai: the rule counts days to the interview's calendar date from the
  // answer's study day, so both land on 2024-01-09, the day before.
  const Answered utc = AnswerEasy("UTC", kJan7At20Utc, "2024-01-10", "scope");
  const Answered shanghai = AnswerEasy("Asia/Shanghai", kJan7At20Utc, "2024-01-10", "scope");
  EXPECT_EQ(FormatDay(utc.today), "2024-01-07");
  EXPECT_EQ(FormatDay(shanghai.today), "2024-01-08");
  EXPECT_EQ(FormatDay(Day{utc.card.state.due}), "2024-01-09");
  EXPECT_EQ(FormatDay(Day{shanghai.card.state.due}), "2024-01-09");
}

TEST(PullForwardScopeTest, MovesReviewsDuePastTheDayToBeforeIt) {
  testing::ScopedTimeZone zone("UTC");
  FixedClock clock(Timestamp::FromSeconds(1704099600));  // 2024-01-01 09:00 UTC
  Store store = Store::OpenInMemory(clock);
  DeckOptions o;
  o.fuzz = false;
  const Deck deck = store.CreateDeck("D", o);
  Note a;
  a.front = "甲";
  a.back = "1";
  a.tags = {"scope"};
  Note b;
  b.front = "乙";
  b.back = "2";
  b.tags = {"other"};
  const Card in = store.AddNote(&a, deck.id);
  const Card out = store.AddNote(&b, deck.id);
  AnswerCard(store, in.id, 4, clock.Now(), 1000);  // Easy: due 2024-01-05, S = w3
  AnswerCard(store, out.id, 4, clock.Now(), 1000);
  clock.AdvanceSeconds(86400);  // 2024-01-02
  Interview iv;
  iv.name = "i";
  iv.day = *ParseDay("2024-01-04");
  iv.target = 0.99;
  iv.tags = {"scope"};
  iv = SaveInterview(store, iv);
  // From the answer on 01-01: 3 days to the day, R(3, w3) = 0.954 < 0.99,
  // k = 1: due 01-03.
  EXPECT_EQ(PullForwardScope(store, iv), 1);
  EXPECT_EQ(FormatDay(Day{store.GetCard(in.id)->state.due}), "2024-01-03");
  EXPECT_EQ(FormatDay(Day{store.GetCard(out.id)->state.due}), "2024-01-05");  // out of scope
  EXPECT_EQ(PullForwardScope(store, iv), 0);                                  // already before the day
}

}  // namespace
}  // namespace recall

// The daily loop's figures from the review log (recall/daily_loop.h) and
// today's counts after limits (recall/today_counts.h), over a store whose
// answers are given through review sessions at chosen instants.

#include "recall/daily_loop.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "recall/session.h"
#include "recall/store.h"
#include "recall/today_counts.h"

namespace recall {
namespace {

constexpr int64_t kNine = 1709283600;  // 2024-03-01 09:00 UTC
constexpr int64_t kDay = 86400;

class DailyLoopTest : public ::testing::Test {
 protected:
  void SetUp() override { setenv("TZ", "UTC", 1), tzset(); }

  Deck MakeDeck(const std::string& name, int new_per_day) {
    DeckOptions o;
    o.fuzz = false;
    o.new_per_day = new_per_day;
    return store_.CreateDeck(name, o);
  }
  void Add(const Deck& d, const std::string& front) {
    Note n;
    n.front = front;
    n.back = "back";
    store_.AddNote(&n, d.id);
  }
  // Answers the first card a session shows, `think_s` seconds after it showed.
  void AnswerOne(int64_t think_s, int rating = 4) {
    ReviewSession s(store_, SessionOptions{});
    ASSERT_EQ(s.Advance(), SessionState::kCard);
    clock_.AdvanceSeconds(think_s);
    s.Answer(rating);
  }
  Day Today() { return store_.Today().today; }

  FixedClock clock_{Timestamp::FromSeconds(kNine)};
  Store store_ = Store::OpenInMemory(clock_);
};

TEST_F(DailyLoopTest, MeanAnswerTimeDefaultsWithoutAnswersThenFollowsTheLog) {
  EXPECT_EQ(MeanAnswerMs(store_), kDefaultAnswerMs);
  const Deck d = MakeDeck("D", 20);
  Add(d, "a");
  Add(d, "b");
  AnswerOne(4);
  EXPECT_EQ(MeanAnswerMs(store_), 4000);
  AnswerOne(11);
  EXPECT_EQ(MeanAnswerMs(store_), 7500);
}

TEST_F(DailyLoopTest, StreakCountsConsecutiveStudyDaysEndingTodayOrYesterday) {
  const Deck d = MakeDeck("D", 20);
  for (int i = 0; i < 6; ++i) Add(d, "card " + std::to_string(i));
  EXPECT_EQ(StudyStreak(store_, Today()), 0);
  AnswerOne(3);  // day 1
  EXPECT_EQ(StudyStreak(store_, Today()), 1);
  clock_.AdvanceSeconds(kDay);  // day 2: nothing yet, yesterday still counts
  EXPECT_EQ(StudyStreak(store_, Today()), 1);
  AnswerOne(3);
  EXPECT_EQ(StudyStreak(store_, Today()), 2);
  clock_.AdvanceSeconds(kDay);  // day 3
  AnswerOne(3);
  EXPECT_EQ(StudyStreak(store_, Today()), 3);
  clock_.AdvanceSeconds(2 * kDay);  // day 5: day 4 was missed
  EXPECT_EQ(StudyStreak(store_, Today()), 0);
  AnswerOne(3);
  EXPECT_EQ(StudyStreak(store_, Today()), 1);
  // 03:59 the next morning is still the same study day (rollover at 4).
  clock_.Set(Timestamp::FromSeconds(kNine + 5 * kDay + 18 * 3600 + 59 * 60));
  EXPECT_EQ(StudyStreak(store_, Today()), 1);
}

TEST_F(DailyLoopTest, TodayCountsAreAfterTheNewLimitAndSayWhenItBinds) {
  const Deck d = MakeDeck("D", 2);
  for (int i = 0; i < 5; ++i) Add(d, "card " + std::to_string(i));
  TodayCounts t = CountToday(store_, d.id);
  EXPECT_EQ(t.counts.new_cards, 2);
  EXPECT_EQ(t.new_per_day, 2);
  EXPECT_TRUE(t.new_limited);
  EXPECT_FALSE(t.reviews_limited);
  AnswerOne(3);  // Easy: graduates, one new card introduced today
  t = CountToday(store_, d.id);
  EXPECT_EQ(t.counts.new_cards, 1);
  EXPECT_TRUE(t.new_limited);
  // The same count a session of the deck shows in its header.
  {
    SessionOptions o;
    o.deck_id = d.id;
    ReviewSession s(store_, o);
    ASSERT_EQ(s.Advance(), SessionState::kCard);
    EXPECT_EQ(s.counts().new_cards, t.counts.new_cards);
  }
  const Deck roomy = MakeDeck("E", 20);
  Add(roomy, "e");
  t = CountToday(store_, roomy.id);
  EXPECT_EQ(t.counts.new_cards, 1);
  EXPECT_FALSE(t.new_limited);
}

}  // namespace
}  // namespace recall

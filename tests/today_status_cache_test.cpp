// The per-day cache of bare `recall`'s interview lines
// (schema/0010_today_status_cache.sql, lib/src/store/status_cache.cpp):
// used while nothing it depends on changed, recomputed after any such write.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "recall/interview.h"
#include "recall/review.h"
#include "recall/store.h"
#include "recall/today.h"
#include "store/scale_fill.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kNow = 1735722000;  // 2025-01-01 09:00 UTC

class TodayStatusCacheTest : public ::testing::Test {
 protected:
  TodayStatusCacheTest()
      : zone_("UTC"), clock_(Timestamp::FromSeconds(kNow)), store_(Store::OpenInMemory(clock_)) {
    detail::ScaleFill spec;
    spec.cards = 200;
    spec.decks = 4;
    spec.revlog_rows = 1000;
    detail::FillScaleCollection(store_, spec);
    Interview all;
    all.name = "all";
    all.day = store_.Today().today + 20;
    SaveInterview(store_, all);
  }

  // Overwrites the cached readiness, so a status that reads the cache shows it.
  void PlantReadiness(double r) {
    SQLite::Statement st(detail::Db(store_), "UPDATE interview_status_cache SET readiness = ?");
    st.bind(1, r);
    ASSERT_EQ(st.exec(), 1);
  }

  testing::ScopedTimeZone zone_;
  FixedClock clock_;
  Store store_;
};

TEST_F(TodayStatusCacheTest, ReadsTheCacheUntilAnAnswerChangesTheCollection) {
  const TodayStatus first = ComputeTodayStatus(store_);
  ASSERT_EQ(first.interviews.size(), 1u);
  EXPECT_EQ(first.interviews[0].cards, 200);
  EXPECT_GT(first.interviews[0].readiness, 0.1);
  PlantReadiness(0.125);
  EXPECT_EQ(ComputeTodayStatus(store_).interviews[0].readiness, 0.125);  // from the cache
  // An answer bumps the generation: the line is computed again, and it
  // differs from the planted figure.
  const auto due = store_.ListCards(CardQuery{});
  AnswerCard(store_, due.front().card.id, 1, clock_.Now(), 5000);
  const TodayStatus after = ComputeTodayStatus(store_);
  EXPECT_NE(after.interviews[0].readiness, 0.125);
  EXPECT_NEAR(after.interviews[0].readiness, first.interviews[0].readiness, 0.01);
}

TEST_F(TodayStatusCacheTest, ATagADeckOptionOrTheNextDayMakesItStale) {
  ComputeTodayStatus(store_);
  PlantReadiness(0.125);
  const auto cards = store_.ListCards(CardQuery{});
  store_.AddTag(cards.front().note.id, "新标签");
  EXPECT_NE(ComputeTodayStatus(store_).interviews[0].readiness, 0.125);

  PlantReadiness(0.125);
  const auto deck = store_.ListDecks().front();
  DeckOptions o = deck.options;
  o.desired_retention = 0.8;
  store_.SetDeckOptions(deck.id, o);
  EXPECT_NE(ComputeTodayStatus(store_).interviews[0].readiness, 0.125);

  PlantReadiness(0.125);
  EXPECT_EQ(ComputeTodayStatus(store_).interviews[0].readiness, 0.125);
  clock_.AdvanceSeconds(86400);  // a new study day
  const TodayStatus tomorrow = ComputeTodayStatus(store_);
  EXPECT_NE(tomorrow.interviews[0].readiness, 0.125);
  EXPECT_EQ(tomorrow.interviews[0].days_left, 19);
}

}  // namespace
}  // namespace recall

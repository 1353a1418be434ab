// One rollover hour for the whole collection (issue 9): migration 0011 turns
// the decks' own hours into one, the most common (the earlier on a tie), and
// leaves a notice that is handed out once; Store::Today follows that hour.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "recall/error.h"
#include "recall/store.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kCreated = 1709900000;  // 2024-03-08
constexpr int64_t kMarch10 = 19792;       // the study day 2024-03-10

// A collection before migration 0011 with one deck per hour in `hours`,
// opened (and so migrated) by the current recall.
class StoreRolloverTest : public ::testing::Test {
 protected:
  StoreRolloverTest() : clock_(Timestamp::FromSeconds(1710122400)) {}  // 2024-03-11T02:00Z

  Store Migrated(const std::vector<int>& hours) {
    const std::string path = dir_.File("old.db");
    testing::CreateCollectionBefore(path, "_collection_rollover.sql", kCreated, kMarch10);
    {
      SQLite::Database db(path, SQLite::OPEN_READWRITE);
      for (size_t i = 0; i < hours.size(); ++i) {
        SQLite::Statement st(db, "INSERT INTO decks (id, name, created_s, modified_s, rollover_hour) "
                                 "VALUES (?, ?, 1, 1, ?)");
        st.bind(1, static_cast<int64_t>(1709900000000 + i));
        st.bind(2, "deck " + std::to_string(i));
        st.bind(3, hours[i]);
        st.exec();
      }
    }
    return Store::Open(path, clock_);
  }

  testing::ScopedTimeZone utc_{"UTC"};
  testing::TempDir dir_;
  FixedClock clock_;
};

TEST_F(StoreRolloverTest, MigrationPicksTheMostCommonHourAndSaysSoOnce) {
  Store store = Migrated({0, 4, 6, 4});
  EXPECT_EQ(store.RolloverHour(), 4);
  EXPECT_EQ(store.TakeNotice(),
            "the rollover hour is now one setting for the whole collection, as in Anki: every study day starts at "
            "04:00, the most common of the decks' hours (00:00 in 1 deck, 04:00 in 2 decks, 06:00 in 1 deck; on a "
            "tie the earlier hour); change it with `recall config rollover HOUR`");
  EXPECT_EQ(store.TakeNotice(), std::nullopt) << "said once";
  // The decks no longer have an hour of their own.
  EXPECT_EQ(detail::Db(store).execAndGet("SELECT count(*) FROM pragma_table_info('decks') WHERE name = "
                                         "'rollover_hour'").getInt(),
            0);
}

TEST_F(StoreRolloverTest, ATieGoesToTheEarlierHour) {
  Store store = Migrated({6, 0, 6, 0});
  EXPECT_EQ(store.RolloverHour(), 0);
  const auto notice = store.TakeNotice();
  ASSERT_TRUE(notice);
  EXPECT_NE(notice->find("every study day starts at 00:00, the most common of the decks' hours (00:00 in 2 decks, "
                         "06:00 in 2 decks; on a tie the earlier hour)"),
            std::string::npos)
      << *notice;
}

TEST_F(StoreRolloverTest, DecksThatAgreeKeepTheirHourSilently) {
  Store store = Migrated({6, 6});
  EXPECT_EQ(store.RolloverHour(), 6);
  EXPECT_EQ(store.TakeNotice(), std::nullopt);
}

TEST_F(StoreRolloverTest, NoDeckMeansAnkisDefault) {
  Store store = Migrated({});
  EXPECT_EQ(store.RolloverHour(), 4);
  EXPECT_EQ(store.TakeNotice(), std::nullopt);
  Store fresh = Store::OpenInMemory(clock_);
  EXPECT_EQ(fresh.RolloverHour(), 4);
}

TEST_F(StoreRolloverTest, TodayFollowsTheCollectionsHourAndNeverGoesBack) {
  Store store = Migrated({4});
  // 02:00 with rollover 4: still 10 March.
  DayTiming t = store.Today();
  EXPECT_EQ(t.today, Day{kMarch10});
  EXPECT_EQ(t.next_day_at.Seconds(), 1710129600);  // 2024-03-11T04:00Z
  const int64_t generation = detail::Db(store).execAndGet("SELECT generation FROM collection").getInt64();
  store.SetRolloverHour(0);
  EXPECT_EQ(store.RolloverHour(), 0);
  EXPECT_GT(detail::Db(store).execAndGet("SELECT generation FROM collection").getInt64(), generation)
      << "the interview status cache depends on the hour";
  t = store.Today();
  EXPECT_EQ(t.today, Day{kMarch10 + 1});
  EXPECT_EQ(t.next_day_at.Seconds(), 1710201600);  // 2024-03-12T00:00Z
  // Back to 4: the day already reached stays (the guard), until 04:00 brings it.
  store.SetRolloverHour(4);
  EXPECT_EQ(store.Today().today, Day{kMarch10 + 1});
}

TEST_F(StoreRolloverTest, AnHourOutside0To23IsRefusedAndNothingWritten) {
  Store store = Migrated({});
  for (int bad : {-1, 24}) {
    try {
      store.SetRolloverHour(bad);
      ADD_FAILURE() << bad;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::kUsage);
      EXPECT_EQ(std::string(e.what()), "the rollover hour must be 0-23 (" + std::to_string(bad) + ")");
    }
  }
  EXPECT_EQ(store.RolloverHour(), 4);
}

}  // namespace
}  // namespace recall

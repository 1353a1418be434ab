// The answers-by-hour figures of ComputeStats across daylight-saving changes:
// each answer counts at its local hour under the UTC offset of its own
// instant (docs/stats.md, "Hours"), however long the period.

#include <gtest/gtest.h>

#include "recall/stats.h"
#include "recall/store.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

Timestamp At(const char* iso) { return *ParseTimestamp(iso); }

class StatsHoursTest : public ::testing::Test {
 protected:
  void Log(const char* at, int rating, std::optional<Day> day = std::nullopt) {
    const Timestamp t = At(at);
    SQLite::Statement st(detail::Db(store_),
                         "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                         "ease_before, duration_ms, day) VALUES (?, ?, ?, 1, 2, 1, 3, 2500, 2500, 1000, ?)");
    st.bind(1, t.ms);
    st.bind(2, card_);
    st.bind(3, rating);
    st.bind(4, static_cast<int64_t>((day ? *day : StudyDayOf(t, 4)).n));
    st.exec();
  }

  testing::ScopedTimeZone tz_{"America/New_York"};
  FixedClock clock_{At("2024-11-20T17:00:00Z")};
  Store store_ = Store::OpenInMemory(clock_);
  int64_t card_ = [this] {
    Note n;
    n.front = "Q";
    n.back = "A";
    return store_.AddNote(&n, store_.CreateDeck("D", DeckOptions{}).id).id;
  }();
};

TEST_F(StatsHoursTest, EachAnswerCountsAtTheLocalHourOfItsOwnOffset) {
  Log("2024-03-09T12:30:00Z", 3);  // EST (-5): 07:30
  Log("2024-03-10T06:59:00Z", 3);  // EST: 01:59, the last minute before the change
  Log("2024-03-10T07:00:00Z", 1);  // EDT (-4): 03:00, the first minute after it
  Log("2024-03-10T12:30:00Z", 3);  // EDT: 08:30
  Log("2024-11-03T05:30:00Z", 3);  // EDT: 01:30
  Log("2024-11-03T06:30:00Z", 1);  // EST: 01:30 again
  Log("2024-11-03T07:30:00Z", 3);  // EST: 02:30
  // Counted on a study day of the period but stamped years later (a clock
  // that ran ahead): its hour is still that of its own instant (EDT: 11:00).
  Log("2031-07-01T15:00:00Z", 3, StudyDayOf(At("2024-06-01T12:00:00Z"), 4));
  StatsFilter all;
  all.period = StatsPeriod::kAll;
  const StatsReport r = ComputeStats(store_, all);
  std::array<int64_t, 24> answers{}, correct{};
  for (size_t h = 0; h < 24; ++h) {
    answers[h] = r.hours[h].answers;
    correct[h] = r.hours[h].correct;
  }
  EXPECT_EQ(answers, (std::array<int64_t, 24>{0, 3, 1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                              0, 0}));
  EXPECT_EQ(correct, (std::array<int64_t, 24>{0, 2, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                              0, 0}));
}

TEST_F(StatsHoursTest, ThePeriodCountsOnlyItsOwnDays) {
  Log("2024-03-10T12:30:00Z", 3);  // outside the month
  Log("2024-11-03T05:30:00Z", 3);  // EDT: 01:30
  Log("2024-11-03T06:30:00Z", 1);  // EST: 01:30
  Log("2024-11-20T14:10:00Z", 3);  // EST: 09:10
  const StatsReport r = ComputeStats(store_, StatsFilter{});
  int64_t total = 0;
  for (const auto& h : r.hours) total += h.answers;
  EXPECT_EQ(total, 3);
  EXPECT_EQ(r.hours[1].answers, 2);
  EXPECT_EQ(r.hours[1].correct, 1);
  EXPECT_EQ(r.hours[9].answers, 1);
  EXPECT_EQ(r.hours[8].answers, 0);
}

}  // namespace
}  // namespace recall

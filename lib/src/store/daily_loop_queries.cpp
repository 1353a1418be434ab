// SQL behind lib/include/recall/daily_loop.h: answer times and study days
// from the review log.

#include <string>

#include "recall/daily_loop.h"
#include "store/store_impl.h"

namespace recall {

using detail::Db;
using detail::Guard;

// The latest answers by the primary key (answer time), so the cost follows
// the window, not the size of the log.
constexpr const char* kMeanAnswerSql =
    "SELECT count(*), sum(duration_ms) FROM (SELECT duration_ms FROM revlog WHERE kind <= 3 "
    "ORDER BY id DESC LIMIT ?1)";
// Study days newest first, from the review log's per-day totals
// (0014_stats_totals.sql: a few rows a day, where the log has one per
// answer); read only until a gap.
constexpr const char* kStudyDaysSql =
    "SELECT DISTINCT day FROM revlog_day_totals WHERE day <= ?1 AND kind <= 3 AND n > 0 ORDER BY day DESC";

int64_t MeanAnswerMs(const Store& store) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), kMeanAnswerSql);
    st.bind(1, kAnswerTimeWindow);
    st.executeStep();
    const int64_t n = st.getColumn(0).getInt64();
    if (n == 0) return kDefaultAnswerMs;
    return (st.getColumn(1).getInt64() + n / 2) / n;
  });
}

int64_t StudyStreak(const Store& store, Day today) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), kStudyDaysSql);
    st.bind(1, static_cast<int64_t>(today.n));
    int64_t streak = 0;
    int64_t expected = today.n;
    while (st.executeStep()) {
      const int64_t day = st.getColumn(0).getInt64();
      if (streak == 0 && day == today.n - 1) expected = day;  // nothing yet today
      if (day != expected) break;
      ++streak;
      --expected;
    }
    return streak;
  });
}

}  // namespace recall

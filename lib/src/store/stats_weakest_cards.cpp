// The weakest cards of `recall stats` (lib/src/stats/stats_queries.h): most
// lapses first, then the failed answers of the period. docs/stats.md defines
// the list.

#include <limits>
#include <string>
#include <vector>

#include "store/stats_sql.h"
#include "store/store_impl.h"

namespace recall::detail {
namespace {

// Passed and failed true-retention answers in [:from, :to] of card `c`.
std::string CardAnswers(const char* which) {
  return std::string("(SELECT coalesce(sum(") + kTrueRetention + " AND " + which + kFailed +
         "), 0) FROM revlog r WHERE r.card_id = c.id AND r.day BETWEEN :from AND :to AND " + kAnswer + ")";
}

// The fewest lapses among the `limit` cards with the most (ties included):
// the weakest cards are among the cards with at least that many lapses.
// 0 when fewer than `limit` cards have lapsed. Counts the cards of each
// lapse count from the most down (index cards_lapses), so the cost follows
// the lapsed cards at the top, not the collection.
int64_t LapsesOfTheLimit(const Store& store, int limit) {
  auto& db = Db(store);
  SQLite::Statement below(db, "SELECT max(lapses) FROM cards WHERE lapses > 0 AND lapses < ?");
  SQLite::Statement count(db, "SELECT count(*) FROM cards WHERE lapses > 0 AND lapses = ?");
  int64_t level = std::numeric_limits<int64_t>::max();
  int64_t cards = 0;
  while (true) {
    below.bind(1, level);
    below.executeStep();
    if (below.getColumn(0).isNull()) return 0;
    level = below.getColumn(0).getInt64();
    below.reset();
    count.bind(1, level);
    count.executeStep();
    cards += count.getColumn(0).getInt64();
    count.reset();
    if (cards >= limit) return level;
  }
}

}  // namespace

std::vector<WeakCard> QueryWeakestCards(const Store& store, const StatsScope& scope, Day from, Day to, int limit) {
  return Guard(store, [&] {
    // Most lapses first: when `limit` cards have lapsed, the weakest are
    // among those with at least the lapses of the limit-th, each one's
    // answers counted through its own log rows. Otherwise (or filtered)
    // every card that failed in the period is a candidate.
    const int64_t min_lapses = UseTotals(scope) ? LapsesOfTheLimit(store, limit) : 0;
    std::string sql;
    if (min_lapses > 0) {
      sql = std::string("WITH ") + kSm2Cte + " SELECT c.id, n.front, c.lapses, " + CardAnswers("NOT ") + " AS p, " +
            CardAnswers("") + " AS f FROM cards c JOIN notes n ON n.id = c.note_id "
            "WHERE c.lapses > 0 AND c.lapses >= :min_lapses ORDER BY c.lapses DESC, f DESC, p ASC, c.id ASC "
            "LIMIT :limit";
    } else {
      sql = std::string("WITH ") + kSm2Cte + ", rv(card_id, passed, failed) AS (SELECT r.card_id, sum(" +
            kTrueRetention + " AND NOT " + kFailed + "), sum(" + kTrueRetention + " AND " + kFailed +
            ") FROM revlog r WHERE r.day BETWEEN :from AND :to AND " + kAnswer + RevlogScope(scope) +
            " GROUP BY r.card_id) "
            "SELECT c.id, n.front, c.lapses, coalesce(rv.passed, 0) AS p, coalesce(rv.failed, 0) AS f "
            "FROM cards c JOIN notes n ON n.id = c.note_id LEFT JOIN rv ON rv.card_id = c.id "
            "WHERE (c.lapses > 0 OR coalesce(rv.failed, 0) > 0)" +
            CardScope(scope) + " ORDER BY c.lapses DESC, f DESC, p ASC, c.id ASC LIMIT :limit";
    }
    SQLite::Statement st(Db(store), sql);
    st.bind(":from", static_cast<int64_t>(from.n));
    st.bind(":to", static_cast<int64_t>(to.n));
    st.bind(":limit", limit);
    if (min_lapses > 0) st.bind(":min_lapses", min_lapses);
    BindScope(st, scope);
    std::vector<WeakCard> out;
    while (st.executeStep()) {
      out.push_back({st.getColumn(0).getInt64(), st.getColumn(1).getString(), st.getColumn(2).getInt64(),
                     st.getColumn(3).getInt64(), st.getColumn(4).getInt64()});
    }
    return out;
  });
}

}  // namespace recall::detail

#ifndef RECALL_STORE_STATS_SQL_H_
#define RECALL_STORE_STATS_SQL_H_

// Private to the stats queries (stats_revlog_queries.cpp, stats_card_queries.cpp):
// the SQL fragments that define the figures of docs/stats.md, and the scope
// of a filtered `recall stats`.

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>
#include <vector>

#include "stats/stats_queries.h"

namespace recall::detail {

// A cram answer (kind 3, ease 0: IsCramAnswer). The ease is read through a
// subquery evaluated only for kind 3 rows, so the queries keep reading the
// covering indexes, which do not hold the ease.
inline constexpr const char* kCram = "(r.kind = 3 AND (SELECT x.ease FROM revlog x WHERE x.id = r.id) = 0)";
// Answers: learn, review, relearn, filtered (manual and rescheduled rows are
// not answers; cram answers changed no schedule and are counted apart).
inline constexpr const char* kAnswer =
    "r.kind <= 3 AND NOT (r.kind = 3 AND (SELECT x.ease FROM revlog x WHERE x.id = r.id) = 0)";
// Cards of sm2 decks, whose grades 0-2 fail (anki decks fail with rating 1 only).
inline constexpr const char* kSm2Cte =
    "sm2(id) AS (SELECT c2.id FROM cards c2 JOIN decks d2 ON d2.id = c2.deck_id WHERE d2.algorithm = 'sm2')";
inline constexpr const char* kFailed =
    "(r.rating = 1 OR (r.rating IN (0, 2) AND r.card_id IN (SELECT id FROM sm2)))";
// Anki's true-retention rows: reviews, or answers of cards whose interval was at least a day.
inline constexpr const char* kTrueRetention = "(r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400)";
// The same among the non-review kinds (every review-kind row is one).
inline constexpr const char* kDayOrMore = "(r.last_ivl >= 1 OR r.last_ivl <= -86400)";

// Whether the figures come from the totals of schema/0014_stats_totals.sql
// (the whole collection) rather than from the review log and the cards.
inline bool UseTotals(const StatsScope& scope) { return !scope.Filtered() && !scope.from_log; }

// " AND ..." conditions on cards aliased `c`; empty without a filter.
std::string CardScope(const StatsScope& scope);
// " AND ..." condition on review log rows aliased `r`; empty without a filter.
std::string RevlogScope(const StatsScope& scope);
// Binds :decks and :tag for the conditions above.
void BindScope(SQLite::Statement& st, const StatsScope& scope);
// {value, count} rows of a two-column statement.
std::vector<ValueCount> ReadValueCounts(SQLite::Statement& st);
// Whether the collection has an sm2 deck (whose grades 0 and 2 fail).
bool HasSm2Decks(const Store& store);

}  // namespace recall::detail

#endif  // RECALL_STORE_STATS_SQL_H_

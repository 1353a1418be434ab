// The card figures of `recall stats` (lib/src/stats/stats_queries.h): cards
// added, counts by state, the due forecast, intervals, ease and tags. Without
// a filter they read the totals of schema/0014_stats_totals.sql (a row per
// distinct value); with one, the cards in scope. docs/stats.md defines each
// figure.

#include "stats/stats_queries.h"

#include "store/stats_sql.h"
#include "store/store_impl.h"

namespace recall::detail {

std::string CardScope(const StatsScope& scope) {
  std::string sql;
  if (scope.deck_ids) sql += " AND c.deck_id IN (SELECT value FROM json_each(:decks))";
  if (scope.tag) {
    sql += " AND EXISTS (SELECT 1 FROM note_tags t WHERE t.note_id = c.note_id AND (t.tag = :tag "
           "OR substr(t.tag, 1, length(:tag) + 2) = :tag || '::'))";
  }
  return sql;
}

std::string RevlogScope(const StatsScope& scope) {
  if (!scope.Filtered()) return "";
  return " AND r.card_id IN (SELECT c.id FROM cards c WHERE 1" + CardScope(scope) + ")";
}

void BindScope(SQLite::Statement& st, const StatsScope& scope) {
  if (scope.deck_ids) st.bind(":decks", IdsJson(*scope.deck_ids));
  if (scope.tag) st.bind(":tag", *scope.tag);
}

std::vector<ValueCount> ReadValueCounts(SQLite::Statement& st) {
  std::vector<ValueCount> out;
  while (st.executeStep()) out.push_back({st.getColumn(0).getInt64(), st.getColumn(1).getInt64()});
  return out;
}

bool HasSm2Decks(const Store& store) {
  return Db(store).execAndGet("SELECT EXISTS (SELECT 1 FROM decks WHERE algorithm = 'sm2')").getInt() != 0;
}

std::vector<std::pair<int64_t, int64_t>> QueryAddedQuarterHours(const Store& store, const StatsScope& scope,
                                                                Timestamp from) {
  return Guard(store, [&] {
    std::vector<std::pair<int64_t, int64_t>> out;
    if (UseTotals(scope) && from.ms >= 0) {
      // The quarter `from` falls in is counted from the cards (it may start
      // before `from`), the later ones from the totals.
      const int64_t first = from.ms / 900000;
      SQLite::Statement head(Db(store), "SELECT count(*) FROM cards WHERE id >= ? AND id < ?");
      head.bind(1, from.ms);
      head.bind(2, (first + 1) * 900000);
      head.executeStep();
      if (const int64_t n = head.getColumn(0).getInt64(); n > 0) out.emplace_back(first, n);
      SQLite::Statement rest(Db(store), "SELECT quarter, n FROM card_added_totals WHERE quarter > ? AND n > 0 "
                                        "ORDER BY quarter");
      rest.bind(1, first);
      while (rest.executeStep()) out.emplace_back(rest.getColumn(0).getInt64(), rest.getColumn(1).getInt64());
      return out;
    }
    SQLite::Statement st(Db(store), "SELECT c.id / 900000 AS q, count(*) FROM cards c WHERE c.id >= :from" +
                                        CardScope(scope) + " GROUP BY q ORDER BY q");
    st.bind(":from", from.ms);
    BindScope(st, scope);
    while (st.executeStep()) out.emplace_back(st.getColumn(0).getInt64(), st.getColumn(1).getInt64());
    return out;
  });
}

CardCounts QueryCardCounts(const Store& store, const StatsScope& scope) {
  return Guard(store, [&] {
    const bool totals = UseTotals(scope);
    // One sum per state; from the totals each row stands for n cards.
    auto sum = [&](const char* condition) {
      return std::string("coalesce(sum(") + (totals ? "n * (" : "(") + condition + ")), 0)";
    };
    const std::string sql = "SELECT " + sum("queue >= 0 AND type = 0") + ", " + sum("queue >= 0 AND type = 1") + ", " +
                            sum("queue >= 0 AND type = 3") + ", " + sum("queue >= 0 AND type = 2 AND ivl < 21") + ", " +
                            sum("queue >= 0 AND type = 2 AND ivl >= 21") + ", " + sum("queue = -1") + ", " +
                            sum("queue IN (-2, -3)") +
                            (totals ? std::string(" FROM card_state_totals") : " FROM cards c WHERE 1" + CardScope(scope));
    SQLite::Statement st(Db(store), sql);
    BindScope(st, scope);
    st.executeStep();
    CardCounts c;
    c.new_cards = st.getColumn(0).getInt64();
    c.learning = st.getColumn(1).getInt64();
    c.relearning = st.getColumn(2).getInt64();
    c.young = st.getColumn(3).getInt64();
    c.mature = st.getColumn(4).getInt64();
    c.suspended = st.getColumn(5).getInt64();
    c.buried = st.getColumn(6).getInt64();
    return c;
  });
}

ForecastRows QueryForecast(const Store& store, const StatsScope& scope, Day today, int days,
                           Timestamp learning_until) {
  return Guard(store, [&] {
    ForecastRows out;
    auto& db = Db(store);
    const bool totals = UseTotals(scope);
    SQLite::Statement due(db, totals ? std::string("SELECT due, n FROM card_due_totals WHERE due >= :today AND "
                                                   "due < :end AND n > 0 ORDER BY due")
                                     : "SELECT c.due, count(*) FROM cards c WHERE c.queue IN (2, 3) AND c.due >= "
                                       ":today AND c.due < :end" + CardScope(scope) + " GROUP BY c.due ORDER BY c.due");
    due.bind(":today", static_cast<int64_t>(today.n));
    due.bind(":end", static_cast<int64_t>(today.n + days));
    BindScope(due, scope);
    out.days = ReadValueCounts(due);

    SQLite::Statement overdue(db, totals ? std::string("SELECT coalesce(sum(n), 0) FROM card_due_totals WHERE due < "
                                                       ":today")
                                         : "SELECT count(*) FROM cards c WHERE c.queue IN (2, 3) AND c.due < :today" +
                                               CardScope(scope));
    overdue.bind(":today", static_cast<int64_t>(today.n));
    BindScope(overdue, scope);
    overdue.executeStep();
    out.backlog = overdue.getColumn(0).getInt64();

    // Learning cards in the queue index (cards_queue_due): as many as there
    // are cards in learning.
    SQLite::Statement learn(db, "SELECT count(*) FROM cards c WHERE c.queue = 1 AND c.due < :until" +
                                    CardScope(scope));
    learn.bind(":until", learning_until.Seconds());
    BindScope(learn, scope);
    learn.executeStep();
    out.learning_due = learn.getColumn(0).getInt64();
    return out;
  });
}

namespace {

// Review and relearning cards by `column` (ivl or ease), ascending.
std::vector<ValueCount> ReviewCardsBy(const Store& store, const StatsScope& scope, const std::string& column) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), UseTotals(scope)
                                        ? "SELECT " + column + ", sum(n) FROM card_state_totals WHERE type IN (2, 3) "
                                          "AND n > 0 GROUP BY " + column + " ORDER BY " + column
                                        : "SELECT c." + column + ", count(*) FROM cards c WHERE c.type IN (2, 3)" +
                                              CardScope(scope) + " GROUP BY c." + column + " ORDER BY c." + column);
    BindScope(st, scope);
    return ReadValueCounts(st);
  });
}

}  // namespace

std::vector<ValueCount> QueryIntervals(const Store& store, const StatsScope& scope) {
  return ReviewCardsBy(store, scope, "ivl");
}

std::vector<ValueCount> QueryEases(const Store& store, const StatsScope& scope) {
  return ReviewCardsBy(store, scope, "ease");
}

std::vector<std::string> QueryTagNames(const Store& store, const StatsScope& scope) {
  return Guard(store, [&] {
    // Unfiltered: each distinct tag by one seek in the tag index (the next
    // tag after the last), kept when one of its notes has a card.
    SQLite::Statement st(Db(store),
                         UseTotals(scope)
                             ? std::string("WITH RECURSIVE t(tag) AS (SELECT (SELECT min(tag) FROM note_tags) "
                                           "UNION ALL SELECT (SELECT min(tag) FROM note_tags WHERE tag > t.tag) "
                                           "FROM t WHERE t.tag IS NOT NULL) "
                                           "SELECT t.tag FROM t WHERE t.tag IS NOT NULL AND EXISTS (SELECT 1 FROM "
                                           "note_tags nt JOIN cards c ON c.note_id = nt.note_id WHERE nt.tag = t.tag) "
                                           "ORDER BY t.tag")
                             : "SELECT DISTINCT nt.tag FROM note_tags nt JOIN cards c ON c.note_id = nt.note_id "
                               "WHERE 1" + CardScope(scope) + " ORDER BY nt.tag");
    BindScope(st, scope);
    std::vector<std::string> out;
    while (st.executeStep()) out.push_back(st.getColumn(0).getString());
    return out;
  });
}

bool QueryHasSm2Cards(const Store& store, const StatsScope& scope) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), "SELECT EXISTS (SELECT 1 FROM cards c JOIN decks d ON d.id = c.deck_id "
                                    "WHERE d.algorithm = 'sm2'" + CardScope(scope) + ")");
    BindScope(st, scope);
    return st.executeStep() && st.getColumn(0).getInt() != 0;
  });
}

}  // namespace recall::detail

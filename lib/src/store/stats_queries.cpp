// The SQL behind `recall stats` (lib/src/stats/stats_queries.h). Every figure
// is aggregated here; docs/stats.md defines each one. The review log is read
// through the covering indexes of schema/0002_stats_indexes.sql.

#include "stats/stats_queries.h"

#include <nlohmann/json.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <memory>

#include "store/store_impl.h"

namespace recall::detail {
namespace {

// A cram answer (kind 3, ease 0: IsCramAnswer). The ease is read through a
// subquery evaluated only for kind 3 rows, so the queries below keep reading
// the covering indexes, which do not hold the ease.
constexpr const char* kCram = "(r.kind = 3 AND (SELECT x.ease FROM revlog x WHERE x.id = r.id) = 0)";
// Answers: learn, review, relearn, filtered (manual and rescheduled rows are
// not answers; cram answers changed no schedule and are counted apart).
constexpr const char* kAnswer = "r.kind <= 3 AND NOT (r.kind = 3 AND (SELECT x.ease FROM revlog x WHERE x.id = r.id) = 0)";
// Cards of sm2 decks, whose grades 0-2 fail (anki decks fail with rating 1 only).
constexpr const char* kSm2Cte =
    "sm2(id) AS (SELECT c2.id FROM cards c2 JOIN decks d2 ON d2.id = c2.deck_id WHERE d2.algorithm = 'sm2')";
constexpr const char* kFailed = "(r.rating = 1 OR (r.rating IN (0, 2) AND r.card_id IN (SELECT id FROM sm2)))";
// Anki's true-retention rows: reviews, or answers of cards whose interval was at least a day.
constexpr const char* kTrueRetention = "(r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400)";

// " AND ..." conditions on cards aliased `c`; empty without a filter.
std::string CardScope(const StatsScope& scope) {
  std::string sql;
  if (scope.deck_ids) sql += " AND c.deck_id IN (SELECT value FROM json_each(:decks))";
  if (scope.tag) {
    sql += " AND EXISTS (SELECT 1 FROM note_tags t WHERE t.note_id = c.note_id AND (t.tag = :tag "
           "OR substr(t.tag, 1, length(:tag) + 2) = :tag || '::'))";
  }
  return sql;
}

// " AND ..." condition on review log rows aliased `r`; empty without a filter.
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

}  // namespace

std::vector<StatsDayRow> QueryStatsDays(const Store& store, const StatsScope& scope, Day from, Day to) {
  return Guard(store, [&] {
    // Grouped by (day, kind, rating): the prefix of the covering index
    // revlog_stats_day, so SQLite aggregates in index order without sorting,
    // and each row costs a few additions. Per group: n answers, their time,
    // m = mature (last_ivl >= 21), t = true-retention rows among the non-review
    // kinds (all review-kind rows are; a mature row always is). Whether an
    // answer failed depends only on the rating, except for grades 0 and 2,
    // which fail on sm2 cards only: those are counted (s = on an sm2 card)
    // when the collection has sm2 decks.
    const bool has_sm2 =
        Db(store).execAndGet("SELECT EXISTS (SELECT 1 FROM decks WHERE algorithm = 'sm2')").getInt() != 0;
    constexpr const char* kT = "(r.last_ivl >= 1 OR r.last_ivl <= -86400)";
    const std::string s_expr = "(r.rating IN (0, 2) AND r.card_id IN (SELECT id FROM sm2))";
    std::string sql = std::string("WITH ") + kSm2Cte +
                      " SELECT r.day, r.kind, r.rating, count(*), sum(r.duration_ms), sum(r.last_ivl >= 21), "
                      "sum(" + kT + ")";
    sql += has_sm2 ? ", sum(" + s_expr + "), sum(" + s_expr + " AND " + kT + "), sum(" + s_expr +
                         " AND r.last_ivl >= 21)"
                   : std::string(", 0, 0, 0");
    sql += std::string(" FROM revlog r WHERE r.day BETWEEN :from AND :to AND ") + kAnswer + RevlogScope(scope) +
           " GROUP BY r.day, r.kind, r.rating ORDER BY r.day, r.kind, r.rating";
    SQLite::Statement st(Db(store), sql);
    st.bind(":from", static_cast<int64_t>(from.n));
    st.bind(":to", static_cast<int64_t>(to.n));
    BindScope(st, scope);
    std::vector<StatsDayRow> out;
    while (st.executeStep()) {
      int64_t v[10];
      for (int i = 0; i < 10; ++i) v[i] = st.getColumn(i).getInt64();
      const Day day{v[0]};
      const int64_t kind = v[1], rating = v[2], n = v[3], ms = v[4], nm = v[5];
      const int64_t nt = kind == 1 ? n : v[6];
      const int64_t ntm = nm;  // mature implies last_ivl >= 1
      const int64_t ns = v[7], nst = kind == 1 ? ns : v[8], nsm = v[9], nstm = nsm;
      if (out.empty() || out.back().reviews.day != day) {
        out.emplace_back();
        out.back().reviews.day = day;
      }
      StatsDayRow& row = out.back();
      // Failed answers among all / true-retention / true-retention mature / mature ones.
      const bool always = rating == 1;
      const bool sm2_only = rating == 0 || rating == 2;
      const int64_t f = always ? n : sm2_only ? ns : 0;
      const int64_t ft = always ? nt : sm2_only ? nst : 0;
      const int64_t ftm = always ? ntm : sm2_only ? nstm : 0;
      const int64_t fm = always ? nm : sm2_only ? nsm : 0;
      switch (kind) {
        case 0: row.reviews.learning += n; break;
        case 1: row.reviews.mature += nm; row.reviews.young += n - nm; break;
        case 2: row.reviews.relearning += n; break;
        default: row.reviews.filtered += n; break;
      }
      row.reviews.time_ms += ms;
      row.again += f;
      row.young_passed += (nt - ntm) - (ft - ftm);
      row.young_failed += ft - ftm;
      row.mature_passed += ntm - ftm;
      row.mature_failed += ftm;
      row.mature_answers += nm;
      row.mature_correct += nm - fm;
      const size_t b = static_cast<size_t>(std::clamp<int64_t>(rating, 0, 5));
      if (kind == 1) {
        row.buttons.mature[b] += nm;
        row.buttons.young[b] += n - nm;
      } else {
        row.buttons.learning[b] += n;
      }
    }
    // Cram answers per day: shown apart, in no other figure.
    SQLite::Statement cram(Db(store), std::string("SELECT r.day, count(*), sum(r.duration_ms) FROM revlog r WHERE "
                                                  "r.day BETWEEN :from AND :to AND ") +
                                          kCram + RevlogScope(scope) + " GROUP BY r.day ORDER BY r.day");
    cram.bind(":from", static_cast<int64_t>(from.n));
    cram.bind(":to", static_cast<int64_t>(to.n));
    BindScope(cram, scope);
    size_t at = 0;
    while (cram.executeStep()) {
      const Day day{cram.getColumn(0).getInt64()};
      while (at < out.size() && out[at].reviews.day < day) ++at;
      if (at == out.size() || out[at].reviews.day != day) {
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), StatsDayRow{});
        out[at].reviews.day = day;
      }
      out[at].reviews.cram += cram.getColumn(1).getInt64();
      out[at].reviews.time_ms += cram.getColumn(2).getInt64();
    }
    return out;
  });
}

std::vector<Day> QueryAnswerDays(const Store& store, const StatsScope& scope) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), std::string("SELECT DISTINCT r.day FROM revlog r WHERE ") + kAnswer +
                                        RevlogScope(scope) + " ORDER BY r.day");
    BindScope(st, scope);
    std::vector<Day> out;
    while (st.executeStep()) out.push_back(Day{st.getColumn(0).getInt64()});
    return out;
  });
}

int64_t QueryCardsStudied(const Store& store, const StatsScope& scope, Day day) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), std::string("SELECT count(DISTINCT r.card_id) FROM revlog r WHERE r.day = :day "
                                                "AND ") + kAnswer + RevlogScope(scope));
    st.bind(":day", static_cast<int64_t>(day.n));
    BindScope(st, scope);
    st.executeStep();
    return st.getColumn(0).getInt64();
  });
}

namespace {

// The tally behind recall_hour_tally(tally, quarter, correct): a pointer
// bound to the statement (sqlite3_bind_pointer), so the aggregate writes into
// the caller's counts.
struct HourTally {
  const HourOfQuarter* hour_of;
  std::array<std::array<int64_t, 2>, 24> counts{};
};
constexpr const char* kHourTallyType = "recall_hour_tally";

void HourTallyStep(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  auto* tally = argc == 3 ? static_cast<HourTally*>(sqlite3_value_pointer(argv[0], kHourTallyType)) : nullptr;
  if (!tally) {
    sqlite3_result_error(ctx, "recall_hour_tally: no tally bound", -1);
    return;
  }
  const int hour = (*tally->hour_of)(sqlite3_value_int64(argv[1]));
  auto& h = tally->counts[static_cast<size_t>(std::clamp(hour, 0, 23))];
  ++h[0];
  h[1] += sqlite3_value_int64(argv[2]) != 0;
}

void HourTallyFinal(sqlite3_context* ctx) { sqlite3_result_null(ctx); }

}  // namespace

std::array<std::array<int64_t, 2>, 24> QueryAnswerHours(const Store& store, const StatsScope& scope, Day from, Day to,
                                                       const HourOfQuarter& hour_of) {
  return Guard(store, [&] {
    sqlite3* db = Db(store).getHandle();
    // SQLITE_BUSY: registered already by an earlier call while a statement runs.
    const int rc = sqlite3_create_function_v2(db, kHourTallyType, 3, SQLITE_UTF8, nullptr, nullptr, &HourTallyStep,
                                              &HourTallyFinal, nullptr);
    if (rc != SQLITE_OK && rc != SQLITE_BUSY) throw SQLite::Exception(db, rc);
    HourTally tally{&hour_of, {}};
    // Prepared through the C API: the tally pointer is bound with
    // sqlite3_bind_pointer, which SQLiteCpp does not offer.
    const std::string sql = std::string("WITH ") + kSm2Cte + " SELECT recall_hour_tally(:tally, r.id / 900000, NOT " +
                            kFailed + ") FROM revlog r WHERE r.day BETWEEN :from AND :to AND " + kAnswer +
                            RevlogScope(scope);
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) throw SQLite::Exception(db);
    const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> st(raw, &sqlite3_finalize);
    auto index = [&](const char* name) { return sqlite3_bind_parameter_index(raw, name); };
    const std::string decks = scope.deck_ids ? IdsJson(*scope.deck_ids) : std::string();
    sqlite3_bind_pointer(raw, index(":tally"), &tally, kHourTallyType, nullptr);
    sqlite3_bind_int64(raw, index(":from"), from.n);
    sqlite3_bind_int64(raw, index(":to"), to.n);
    if (scope.deck_ids) sqlite3_bind_text(raw, index(":decks"), decks.c_str(), -1, SQLITE_TRANSIENT);
    if (scope.tag) sqlite3_bind_text(raw, index(":tag"), scope.tag->c_str(), -1, SQLITE_TRANSIENT);
    if (sqlite3_step(raw) != SQLITE_ROW) throw SQLite::Exception(db);
    return tally.counts;
  });
}

std::vector<std::pair<int64_t, int64_t>> QueryAddedQuarterHours(const Store& store, const StatsScope& scope,
                                                                Timestamp from) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), "SELECT c.id / 900000 AS q, count(*) FROM cards c WHERE c.id >= :from" +
                                        CardScope(scope) + " GROUP BY q ORDER BY q");
    st.bind(":from", from.ms);
    BindScope(st, scope);
    std::vector<std::pair<int64_t, int64_t>> out;
    while (st.executeStep()) out.emplace_back(st.getColumn(0).getInt64(), st.getColumn(1).getInt64());
    return out;
  });
}

CardCounts QueryCardCounts(const Store& store, const StatsScope& scope) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store),
                         "SELECT coalesce(sum(queue >= 0 AND type = 0), 0), coalesce(sum(queue >= 0 AND type = 1), 0), "
                         "coalesce(sum(queue >= 0 AND type = 3), 0), "
                         "coalesce(sum(queue >= 0 AND type = 2 AND ivl < 21), 0), "
                         "coalesce(sum(queue >= 0 AND type = 2 AND ivl >= 21), 0), coalesce(sum(queue = -1), 0), "
                         "coalesce(sum(queue IN (-2, -3)), 0) FROM cards c WHERE 1" +
                             CardScope(scope));
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
    SQLite::Statement due(db, "SELECT c.due, count(*) FROM cards c WHERE c.queue IN (2, 3) AND c.due >= :today "
                              "AND c.due < :end" + CardScope(scope) + " GROUP BY c.due ORDER BY c.due");
    due.bind(":today", static_cast<int64_t>(today.n));
    due.bind(":end", static_cast<int64_t>(today.n + days));
    BindScope(due, scope);
    out.days = ReadValueCounts(due);

    SQLite::Statement overdue(db, "SELECT count(*) FROM cards c WHERE c.queue IN (2, 3) AND c.due < :today" +
                                      CardScope(scope));
    overdue.bind(":today", static_cast<int64_t>(today.n));
    BindScope(overdue, scope);
    overdue.executeStep();
    out.backlog = overdue.getColumn(0).getInt64();

    SQLite::Statement learn(db, "SELECT count(*) FROM cards c WHERE c.queue = 1 AND c.due < :until" +
                                    CardScope(scope));
    learn.bind(":until", learning_until.Seconds());
    BindScope(learn, scope);
    learn.executeStep();
    out.learning_due = learn.getColumn(0).getInt64();
    return out;
  });
}

std::vector<ValueCount> QueryIntervals(const Store& store, const StatsScope& scope) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), "SELECT c.ivl, count(*) FROM cards c WHERE c.type IN (2, 3)" + CardScope(scope) +
                                        " GROUP BY c.ivl ORDER BY c.ivl");
    BindScope(st, scope);
    return ReadValueCounts(st);
  });
}

std::vector<ValueCount> QueryEases(const Store& store, const StatsScope& scope) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), "SELECT c.ease, count(*) FROM cards c WHERE c.type IN (2, 3)" +
                                        CardScope(scope) + " GROUP BY c.ease ORDER BY c.ease");
    BindScope(st, scope);
    return ReadValueCounts(st);
  });
}

std::vector<std::string> QueryTagNames(const Store& store, const StatsScope& scope) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), "SELECT DISTINCT nt.tag FROM note_tags nt JOIN cards c ON c.note_id = nt.note_id "
                                    "WHERE 1" + CardScope(scope) + " ORDER BY nt.tag");
    BindScope(st, scope);
    std::vector<std::string> out;
    while (st.executeStep()) out.push_back(st.getColumn(0).getString());
    return out;
  });
}

std::vector<TagStats> QueryTagStats(const Store& store, const StatsScope& scope,
                                    const std::vector<std::pair<std::string, std::string>>& node_tags, Day from,
                                    Day to) {
  return Guard(store, [&] {
    nlohmann::json map = nlohmann::json::array();
    for (const auto& [node, tag] : node_tags) map.push_back({node, tag});
    const std::string map_json = map.dump();
    const std::string sql =
        std::string("WITH ") + kSm2Cte +
        ", map(node, tag) AS (SELECT value ->> 0, value ->> 1 FROM json_each(:map)), "
        "nc(node, card_id) AS (SELECT DISTINCT m.node, c.id FROM map m JOIN note_tags nt ON nt.tag = m.tag "
        "JOIN cards c ON c.note_id = nt.note_id WHERE 1" + CardScope(scope) + "), "
        "rv(card_id, reviews, passed, failed) AS (SELECT r.card_id, count(*), sum(" + kTrueRetention + " AND NOT " +
        kFailed + "), sum(" + kTrueRetention + " AND " + kFailed + ") FROM revlog r WHERE r.day BETWEEN :from AND :to "
        "AND " + kAnswer + " AND r.card_id IN (SELECT card_id FROM nc) GROUP BY r.card_id) "
        "SELECT nc.node, count(*), sum(c.type = 0), coalesce(sum(rv.reviews), 0), coalesce(sum(rv.passed), 0), "
        "coalesce(sum(rv.failed), 0), sum(c.lapses), avg(CASE WHEN c.type IN (2, 3) THEN c.ivl END) "
        "FROM nc JOIN cards c ON c.id = nc.card_id LEFT JOIN rv ON rv.card_id = nc.card_id GROUP BY nc.node";
    SQLite::Statement st(Db(store), sql);
    st.bind(":map", map_json);
    st.bind(":from", static_cast<int64_t>(from.n));
    st.bind(":to", static_cast<int64_t>(to.n));
    BindScope(st, scope);
    std::vector<TagStats> out;
    while (st.executeStep()) {
      TagStats t;
      t.tag = st.getColumn(0).getString();
      t.cards = st.getColumn(1).getInt64();
      t.new_cards = st.getColumn(2).getInt64();
      t.reviews = st.getColumn(3).getInt64();
      t.passed = st.getColumn(4).getInt64();
      t.failed = st.getColumn(5).getInt64();
      t.lapses = st.getColumn(6).getInt64();
      if (!st.getColumn(7).isNull()) t.mean_interval = st.getColumn(7).getDouble();
      out.push_back(std::move(t));
    }
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

std::vector<WeakCard> QueryWeakestCards(const Store& store, const StatsScope& scope, Day from, Day to, int limit) {
  return Guard(store, [&] {
    const std::string sql =
        std::string("WITH ") + kSm2Cte +
        ", rv(card_id, passed, failed) AS (SELECT r.card_id, sum(" + kTrueRetention + " AND NOT " + kFailed +
        "), sum(" + kTrueRetention + " AND " + kFailed + ") FROM revlog r WHERE r.day BETWEEN :from AND :to AND " +
        kAnswer + RevlogScope(scope) +
        " GROUP BY r.card_id) "
        "SELECT c.id, n.front, c.lapses, coalesce(rv.passed, 0) AS p, coalesce(rv.failed, 0) AS f "
        "FROM cards c JOIN notes n ON n.id = c.note_id LEFT JOIN rv ON rv.card_id = c.id "
        "WHERE (c.lapses > 0 OR coalesce(rv.failed, 0) > 0)" +
        CardScope(scope) + " ORDER BY c.lapses DESC, f DESC, p ASC, c.id ASC LIMIT :limit";
    SQLite::Statement st(Db(store), sql);
    st.bind(":from", static_cast<int64_t>(from.n));
    st.bind(":to", static_cast<int64_t>(to.n));
    st.bind(":limit", limit);
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

// The review-log figures of `recall stats` (lib/src/stats/stats_queries.h):
// answers by day and by hour, streak days, retention by tag (the weakest
// cards: stats_weakest_cards.cpp). Without a filter the per-day and per-hour figures read the totals
// of schema/0014_stats_totals.sql; with one, the review log through the
// covering indexes of schema/0002_stats_indexes.sql. docs/stats.md defines
// each figure.

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "store/row_statement.h"
#include "store/sql_functions.h"
#include "store/stats_sql.h"
#include "store/store_impl.h"

namespace recall::detail {
namespace {

// The answers of one (day, kind, rating) group: {day, kind, rating, n, time,
// m = mature (last_ivl >= 21), t = true-retention rows among the non-review
// kinds, s = on an sm2 card with grade 0 or 2, s and t, s and mature}, added
// to the day's row (appended when the day is new; groups come in day order).
void AddDayGroup(const int64_t (&v)[10], std::vector<StatsDayRow>* out) {
  const Day day{v[0]};
  const int64_t kind = v[1], rating = v[2], n = v[3], ms = v[4], nm = v[5];
  const int64_t nt = kind == 1 ? n : v[6];
  const int64_t ntm = nm;  // mature implies last_ivl >= 1
  const int64_t ns = v[7], nst = kind == 1 ? ns : v[8], nsm = v[9], nstm = nsm;
  if (out->empty() || out->back().reviews.day != day) {
    out->emplace_back();
    out->back().reviews.day = day;
  }
  StatsDayRow& row = out->back();
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

// Cram answers per day, {day, answers, time} in day order, added to `out`
// (a day with only cram answers gets its row).
void AddCramDays(SQLite::Statement& cram, std::vector<StatsDayRow>* out) {
  size_t at = 0;
  while (cram.executeStep()) {
    const Day day{cram.getColumn(0).getInt64()};
    while (at < out->size() && (*out)[at].reviews.day < day) ++at;
    if (at == out->size() || (*out)[at].reviews.day != day) {
      out->insert(out->begin() + static_cast<std::ptrdiff_t>(at), StatsDayRow{});
      (*out)[at].reviews.day = day;
    }
    (*out)[at].reviews.cram += cram.getColumn(1).getInt64();
    (*out)[at].reviews.time_ms += cram.getColumn(2).getInt64();
  }
}

// The answers graded 0 or 2 on cards of sm2 decks (the only grades whose
// failure depends on the deck), read through the cards of those decks and
// each one's log (revlog_stats_card): the totals cannot know a card's deck.
// `group` is the GROUP BY list over `r`, `sums` the aggregates.
std::string Sm2LowAnswersSql(const std::string& group, const std::string& sums) {
  return std::string("WITH ") + kSm2Cte + " SELECT " + group + ", " + sums +
         " FROM sm2 CROSS JOIN revlog r ON r.card_id = sm2.id WHERE r.day BETWEEN :from AND :to AND "
         "r.rating IN (0, 2) AND " + kAnswer + " GROUP BY " + group;
}

std::vector<StatsDayRow> StatsDaysFromTotals(const Store& store, Day from, Day to) {
  auto& db = Db(store);
  // {day, kind, rating} -> {s, s and t, s and mature}
  std::map<std::array<int64_t, 3>, std::array<int64_t, 3>> sm2;
  if (HasSm2Decks(store)) {
    SQLite::Statement st(db, Sm2LowAnswersSql("r.day, r.kind, r.rating", std::string("count(*), sum(") + kDayOrMore +
                                                                              "), sum(r.last_ivl >= 21)"));
    st.bind(":from", static_cast<int64_t>(from.n));
    st.bind(":to", static_cast<int64_t>(to.n));
    while (st.executeStep()) {
      sm2[{st.getColumn(0).getInt64(), st.getColumn(1).getInt64(), st.getColumn(2).getInt64()}] = {
          st.getColumn(3).getInt64(), st.getColumn(4).getInt64(), st.getColumn(5).getInt64()};
    }
  }
  SQLite::Statement st(db,
                       "SELECT day, kind, rating, n, duration_ms, mature, true_ret FROM revlog_day_totals "
                       "WHERE day BETWEEN :from AND :to AND kind <= 3 AND cram = 0 AND n > 0 "
                       "ORDER BY day, kind, rating");
  st.bind(":from", static_cast<int64_t>(from.n));
  st.bind(":to", static_cast<int64_t>(to.n));
  std::vector<StatsDayRow> out;
  while (st.executeStep()) {
    int64_t v[10] = {};
    for (int i = 0; i < 7; ++i) v[i] = st.getColumn(i).getInt64();
    if (const auto it = sm2.find({v[0], v[1], v[2]}); it != sm2.end()) {
      v[7] = it->second[0];
      v[8] = it->second[1];
      v[9] = it->second[2];
    }
    AddDayGroup(v, &out);
  }
  SQLite::Statement cram(db,
                         "SELECT day, sum(n), sum(duration_ms) FROM revlog_day_totals WHERE day BETWEEN :from AND "
                         ":to AND cram = 1 AND n > 0 GROUP BY day ORDER BY day");
  cram.bind(":from", static_cast<int64_t>(from.n));
  cram.bind(":to", static_cast<int64_t>(to.n));
  AddCramDays(cram, &out);
  return out;
}

std::vector<StatsDayRow> StatsDaysFromLog(const Store& store, const StatsScope& scope, Day from, Day to) {
  // Grouped by (day, kind, rating): the prefix of the covering index
  // revlog_stats_day, so SQLite aggregates in index order without sorting,
  // and each row costs a few additions. Whether an answer failed depends
  // only on the rating, except for grades 0 and 2, which fail on sm2 cards
  // only: those are counted when the collection has sm2 decks.
  const std::string s_expr = "(r.rating IN (0, 2) AND r.card_id IN (SELECT id FROM sm2))";
  std::string sql = std::string("WITH ") + kSm2Cte +
                    " SELECT r.day, r.kind, r.rating, count(*), sum(r.duration_ms), sum(r.last_ivl >= 21), "
                    "sum(" + kDayOrMore + ")";
  sql += HasSm2Decks(store) ? ", sum(" + s_expr + "), sum(" + s_expr + " AND " + kDayOrMore + "), sum(" +
                                  s_expr + " AND r.last_ivl >= 21)"
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
    AddDayGroup(v, &out);
  }
  SQLite::Statement cram(Db(store), std::string("SELECT r.day, count(*), sum(r.duration_ms) FROM revlog r WHERE "
                                                "r.day BETWEEN :from AND :to AND ") +
                                        kCram + RevlogScope(scope) + " GROUP BY r.day ORDER BY r.day");
  cram.bind(":from", static_cast<int64_t>(from.n));
  cram.bind(":to", static_cast<int64_t>(to.n));
  BindScope(cram, scope);
  AddCramDays(cram, &out);
  return out;
}

using HourCounts = std::array<std::array<int64_t, 2>, 24>;

HourCounts AnswerHoursFromTotals(const Store& store, Day from, Day to, const HourOfQuarter& hour_of) {
  auto& db = Db(store);
  HourCounts counts{};
  auto hour = [&](int64_t quarter) { return static_cast<size_t>(std::clamp(hour_of(quarter), 0, 23)); };
  SQLite::Statement st(db,
                       "SELECT quarter, n, again FROM revlog_quarter_totals WHERE day BETWEEN :from AND :to "
                       "AND n > 0");
  st.bind(":from", static_cast<int64_t>(from.n));
  st.bind(":to", static_cast<int64_t>(to.n));
  while (st.executeStep()) {
    auto& h = counts[hour(st.getColumn(0).getInt64())];
    const int64_t n = st.getColumn(1).getInt64();
    h[0] += n;
    h[1] += n - st.getColumn(2).getInt64();  // rated 1: failed on every deck
  }
  // Rated 0 or 2: failed on sm2 cards only.
  if (HasSm2Decks(store)) {
    SQLite::Statement low(db, Sm2LowAnswersSql("r.id / 900000", "count(*)"));
    low.bind(":from", static_cast<int64_t>(from.n));
    low.bind(":to", static_cast<int64_t>(to.n));
    while (low.executeStep()) counts[hour(low.getColumn(0).getInt64())][1] -= low.getColumn(1).getInt64();
  }
  return counts;
}

HourCounts AnswerHoursFromLog(const Store& store, const StatsScope& scope, Day from, Day to,
                              const HourOfQuarter& hour_of) {
  HourTally tally{&hour_of, {}};
  // A row statement: the tally pointer is bound with sqlite3_bind_pointer,
  // which SQLiteCpp does not offer.
  const std::string sql = std::string("WITH ") + kSm2Cte + " SELECT recall_hour_tally(:tally, r.id / 900000, NOT " +
                          kFailed + ") FROM revlog r WHERE r.day BETWEEN :from AND :to AND " + kAnswer +
                          RevlogScope(scope);
  RowStatement st(Db(store), sql.c_str());
  const std::string decks = scope.deck_ids ? IdsJson(*scope.deck_ids) : std::string();
  st.BindPointer(st.Index(":tally"), &tally, kHourTallyType);
  st.Bind(st.Index(":from"), int64_t{from.n});
  st.Bind(st.Index(":to"), int64_t{to.n});
  if (scope.deck_ids) st.Bind(st.Index(":decks"), std::string_view(decks));
  if (scope.tag) st.Bind(st.Index(":tag"), std::string_view(*scope.tag));
  if (!st.Next()) throw Error(ErrorCode::kInternal, "the hour tally gave no row");
  return tally.counts;
}

}  // namespace

std::vector<StatsDayRow> QueryStatsDays(const Store& store, const StatsScope& scope, Day from, Day to) {
  return Guard(store, [&] {
    return UseTotals(scope) ? StatsDaysFromTotals(store, from, to) : StatsDaysFromLog(store, scope, from, to);
  });
}

std::vector<Day> QueryAnswerDays(const Store& store, const StatsScope& scope) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), UseTotals(scope)
                                        ? std::string("SELECT DISTINCT day FROM revlog_day_totals WHERE kind <= 3 "
                                                      "AND cram = 0 AND n > 0 ORDER BY day")
                                        : std::string("SELECT DISTINCT r.day FROM revlog r WHERE ") + kAnswer +
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

HourCounts QueryAnswerHours(const Store& store, const StatsScope& scope, Day from, Day to,
                            const HourOfQuarter& hour_of) {
  return Guard(store, [&] {
    return UseTotals(scope) ? AnswerHoursFromTotals(store, from, to, hour_of)
                            : AnswerHoursFromLog(store, scope, from, to, hour_of);
  });
}

namespace {

std::vector<TagStats> TagStatsFromLog(const Store& store, const StatsScope& scope,
                                      const std::vector<std::pair<std::string, std::string>>& node_tags, Day from,
                                      Day to) {
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
}

// Each row adds up the tag sets (tagset_card_totals, tagset_day_totals)
// holding one of its tags: a set counts once per row, as a card does.
std::vector<TagStats> TagStatsFromTotals(const Store& store,
                                         const std::vector<std::pair<std::string, std::string>>& node_tags, Day from,
                                         Day to) {
  auto& db = Db(store);
  std::map<std::string, std::vector<size_t>> rows_of_tag;  // tag -> the rows (nodes) it belongs to
  std::vector<TagStats> rows;
  std::map<std::string, size_t> row_of_node;
  for (const auto& [node, tag] : node_tags) {
    auto it = row_of_node.find(node);
    if (it == row_of_node.end()) {
      it = row_of_node.emplace(node, rows.size()).first;
      rows.emplace_back();
      rows.back().tag = node;
    }
    rows_of_tag[tag].push_back(it->second);
  }
  std::map<int64_t, std::vector<size_t>> sets;  // tag set -> the rows it counts in (each once)
  SQLite::Statement cards(db,
                          "SELECT s.id, s.tags, t.cards, t.new_cards, t.lapses, t.review_cards, t.ivl_sum "
                          "FROM tagset_card_totals t JOIN tagsets s ON s.id = t.tagset_id WHERE t.cards > 0");
  std::vector<int64_t> review_cards(rows.size(), 0), ivl_sums(rows.size(), 0);
  while (cards.executeStep()) {
    std::vector<size_t>& set = sets[cards.getColumn(0).getInt64()];
    for (const std::string& tag : SplitTags(cards.getColumn(1).getString())) {
      const auto it = rows_of_tag.find(tag);
      if (it != rows_of_tag.end()) set.insert(set.end(), it->second.begin(), it->second.end());
    }
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    for (size_t r : set) {
      rows[r].cards += cards.getColumn(2).getInt64();
      rows[r].new_cards += cards.getColumn(3).getInt64();
      rows[r].lapses += cards.getColumn(4).getInt64();
      review_cards[r] += cards.getColumn(5).getInt64();
      ivl_sums[r] += cards.getColumn(6).getInt64();
    }
  }
  auto add = [&](int64_t set_id, int64_t reviews, int64_t passed, int64_t failed) {
    const auto it = sets.find(set_id);
    if (it == sets.end()) return;
    for (size_t r : it->second) {
      rows[r].reviews += reviews;
      rows[r].passed += passed;
      rows[r].failed += failed;
    }
  };
  SQLite::Statement days(db,
                         "SELECT tagset_id, sum(reviews), sum(again), sum(low), sum(other) FROM tagset_day_totals "
                         "WHERE day BETWEEN :from AND :to GROUP BY tagset_id");
  days.bind(":from", static_cast<int64_t>(from.n));
  days.bind(":to", static_cast<int64_t>(to.n));
  // Rated 0 or 2 passed, unless on an sm2 card (taken back below).
  while (days.executeStep()) {
    add(days.getColumn(0).getInt64(), days.getColumn(1).getInt64(),
        days.getColumn(3).getInt64() + days.getColumn(4).getInt64(), days.getColumn(2).getInt64());
  }
  if (HasSm2Decks(store)) {
    SQLite::Statement low(db, std::string("WITH ") + kSm2Cte +
                                  " SELECT n.tagset_id, count(*) FROM sm2 CROSS JOIN cards c ON c.id = sm2.id "
                                  "JOIN note_tagsets n ON n.note_id = c.note_id JOIN revlog r ON r.card_id = c.id "
                                  "WHERE r.day BETWEEN :from AND :to AND r.rating IN (0, 2) AND " + kTrueRetention +
                                  " AND " + kAnswer + " GROUP BY n.tagset_id");
    low.bind(":from", static_cast<int64_t>(from.n));
    low.bind(":to", static_cast<int64_t>(to.n));
    while (low.executeStep()) {
      const int64_t n = low.getColumn(1).getInt64();
      add(low.getColumn(0).getInt64(), 0, -n, n);
    }
  }
  std::vector<TagStats> out;
  for (size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].cards == 0) continue;
    if (review_cards[r] > 0) {
      rows[r].mean_interval = static_cast<double>(ivl_sums[r]) / static_cast<double>(review_cards[r]);
    }
    out.push_back(std::move(rows[r]));
  }
  return out;
}

}  // namespace

std::vector<TagStats> QueryTagStats(const Store& store, const StatsScope& scope,
                                    const std::vector<std::pair<std::string, std::string>>& node_tags, Day from,
                                    Day to) {
  return Guard(store, [&] {
    return UseTotals(scope) ? TagStatsFromTotals(store, node_tags, from, to)
                            : TagStatsFromLog(store, scope, node_tags, from, to);
  });
}

}  // namespace recall::detail

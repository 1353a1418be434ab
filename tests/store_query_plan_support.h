// The fixture and helpers of the query-plan tests
// (tests/store_query_plan_test.cpp, tests/store_query_plan_stats_test.cpp):
// the statements a command runs, captured through RECALL_TRACE_SQL, and the
// plan lines that read a growing table whole.

#ifndef RECALL_TESTS_STORE_QUERY_PLAN_SUPPORT_H_
#define RECALL_TESTS_STORE_QUERY_PLAN_SUPPORT_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "recall/interview.h"
#include "recall/review.h"
#include "recall/store.h"
#include "store/scale_fill.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall::query_plan_test {

inline constexpr int64_t kNow = 1735722000;  // 2025-01-01 09:00 UTC

inline const std::set<std::string>& GrowingTables() {
  static const std::set<std::string> tables{
      "cards", "notes", "note_tags", "revlog", "undo_log", "import_baselines", "note_tagsets"};
  return tables;
}

// Reads that are bounded although the plan says SCAN (or a one-sided range),
// each with the reason. Keyed by a fragment of the statement and the table.
struct AllowedScan {
  const char* sql_fragment;
  const char* table;
  const char* reason;
};
inline const std::vector<AllowedScan>& AllowedScans() {
  static const std::vector<AllowedScan> allowed{
      // Newest first by rowid and stopped by the LIMIT: reads at most the
      // last N answers (average answer time), whatever the log's size.
      {"FROM revlog WHERE rating > 0 AND duration_ms > 0 ORDER BY id DESC LIMIT 1000", "revlog",
       "the newest 1000 answers"},
      {"FROM revlog WHERE kind <= 3 ORDER BY id DESC LIMIT ?1", "revlog", "the newest N answers"},
      // The newest undo entry (of the session, when one is named): the
      // newest rows by rowid, stopped at the first match.
      {"FROM undo_log u LEFT JOIN review_sessions s ON s.id = u.session_id WHERE ?1 IS NULL OR u.session_id "
       "= ?1 "
       "ORDER BY u.id DESC LIMIT 1",
       "undo_log", "the newest entry"},
      // Bare `recall`: an interview's readiness, one pass over the lean
      // columns of its scope (ForEachScopeRow) when the collection changed
      // other than by an answer; the line is cached (store/status_cache.h,
      // TodayStatusCacheTest) and every answer keeps it up to date, so the
      // next `recall` reads one row instead
      // (QueryPlanTest.BareRecallPassesOverTheScopeOncePerChange).
      {"SELECT c.id, c.type, c.queue, c.due, c.stability, c.last_review_s, c.deck_id FROM cards c WHERE "
       "c.queue "
       "!= -1",
       "cards",
       "interview readiness: one lean pass over the scope, cached until a write other than an answer"},
      // `recall stats` and `interview status`: an interview's readiness per
      // topic and its cards most at risk, one lean pass over the scope with
      // each note's tag set by key (ReadinessOfScope), in flat memory, after
      // a write other than an answer; kept between reports otherwise
      // (schema/0016_stats_snapshots.sql).
      {"coalesce(ns.tagset_id, 0) FROM cards c LEFT JOIN note_tagsets ns ON ns.note_id = c.note_id WHERE "
       "c.queue "
       "!= -1",
       "cards", "interview readiness per topic: one lean pass over the scope"},
      // `recall stats`, the memory section: each card's retrievability at
      // the end of each of the next 30 days, a figure of every card that
      // changes every day. One pass in storage order, each note's tag set by
      // key; it used to be 50 per-deck passes through cards_sched that read
      // the same rows with a table look-up each (3x the time at 1M cards).
      // Made by the first report after a write other than an answer, and
      // when its 30 days have run out (schema/0018_memory_horizon.sql); the
      // next ones read the snapshot
      // (QueryPlanTest.StatsAfterAnAnswerReadsItsSnapshots).
      {"FROM cards c LEFT JOIN note_tagsets ns ON ns.note_id = c.note_id WHERE 1 ORDER BY c.id", "cards",
       "the memory section: every card once, in storage order"},
      // The same pass finds the cards whose memory must be replayed (none
      // once stats has kept their states: CatchUpMemoryStates).
      {"SELECT c.id, c.deck_id FROM cards c WHERE (c.stability IS NULL OR c.difficulty IS NULL)", "cards",
       "the cards without a memory state, in storage order"},
      // Undo: the entries of the card after the one undone (the actions
      // since it), newest rowids only.
      {"SELECT count(*) FROM undo_log WHERE card_id = ? AND id > ?", "undo_log",
       "entries after the undone one"},
      // `recall stats`: each distinct tag by one seek past the previous one
      // (min(tag) WHERE tag > ?): as many seeks as tags, not notes.
      {"SELECT (SELECT min(tag) FROM note_tags WHERE tag > t.tag)", "note_tags", "one seek per distinct tag"},
      // `recall stats`, the weakest cards: the cards with at least the
      // lapses of the limit-th most lapsed card (LapsesOfTheLimit counted
      // them first), read from the top of cards_lapses.
      {"WHERE c.lapses > 0 AND c.lapses >= :min_lapses", "cards", "the most lapsed cards"},
  };
  return allowed;
}

// alias -> table for the growing tables named in `sql` ("FROM cards c",
// "JOIN revlog AS r", "cards, notes n").
inline std::map<std::string, std::string> Aliases(const std::string& sql) {
  static const std::set<std::string> keywords{
      "WHERE", "ON",   "JOIN",  "CROSS",   "LEFT", "INNER",  "GROUP",  "ORDER", "LIMIT", "SET",   "USING",
      "AS",    "WHEN", "UNION", "INDEXED", "NOT",  "VALUES", "HAVING", "AND",   "OR",    "SELECT"};
  std::map<std::string, std::string> out;
  for (const std::string& t : GrowingTables()) out[t] = t;
  static const std::regex table_alias(
      R"(\b(cards|notes|note_tags|revlog|undo_log|import_baselines|note_tagsets)\s+(?:AS\s+)?([A-Za-z_]\w*))",
      std::regex::icase);
  for (auto it = std::sregex_iterator(sql.begin(), sql.end(), table_alias); it != std::sregex_iterator();
       ++it) {
    std::string alias = (*it)[2];
    std::string upper = alias;
    for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (keywords.count(upper) == 0) out[alias] = (*it)[1];
  }
  return out;
}

inline std::vector<std::string> ReadLines(const std::string& path) {
  std::vector<std::string> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

// A collection of `cards` cards in 5 decks with `revlog_rows` log rows,
// through the scale benchmark's fill.
inline void Fill(Store& store, int64_t cards, int64_t revlog_rows) {
  detail::ScaleFill spec;
  spec.cards = cards;
  spec.decks = 5;
  spec.revlog_rows = revlog_rows;
  detail::FillScaleCollection(store, spec);
}

class QueryPlanTest : public ::testing::Test {
 protected:
  QueryPlanTest() : zone_("UTC"), clock_(Timestamp::FromSeconds(kNow)) {
    db_ = dir_.File("plans.db");
    Store store = Store::Open(db_, clock_);
    Fill(store, 300, 3000);
    Interview all;
    all.name = "all";
    all.day = store.Today().today + 20;
    SaveInterview(store, all);
    Interview tag;
    tag.name = "tag";
    tag.day = store.Today().today + 30;
    tag.tags = {"topic3"};
    SaveInterview(store, tag);
  }

  std::map<std::string, std::string> Env(const std::string& trace) const {
    return {{"RECALL_NOW", std::to_string(kNow + 300 + 86400 * days_later_)},
            {"TZ", "UTC"},
            {"RECALL_TRACE_SQL", trace}};
  }

  // The statements `recall --db DB args...` runs.
  std::vector<std::string> Trace(const std::string& name, std::vector<std::string> args,
                                 const std::string& input = "") {
    const std::string trace = dir_.File("trace-" + std::to_string(traces_++) + ".sql");
    args.insert(args.begin(), {"--db", db_});
    const auto r = testing::RunRecall(args, Env(trace), input);
    EXPECT_EQ(r.exit_code, 0) << name << ": " << r.err;
    const auto lines = ReadLines(trace);
    EXPECT_FALSE(lines.empty()) << name << ": nothing traced";
    return lines;
  }

  testing::ScopedTimeZone zone_;
  testing::TempDir dir_;
  FixedClock clock_;
  std::string db_;
  int traces_ = 0;
  int64_t days_later_ = 0;  // the commands run this many days after kNow
};

// Whether a plan line reads a growing table whole or nearly: "SCAN x", or a
// "SEARCH x ... (col<?)" bounded on one side only, with no equality before
// it (all the log up to today is as much as all of it).
inline bool ReadsWhole(const std::string& detail, std::string* table) {
  std::string rest;
  if (detail.rfind("SCAN ", 0) == 0) {
    rest = detail.substr(5);
  } else if (detail.rfind("SEARCH ", 0) == 0) {
    static const std::regex one_sided(R"(\((\w+)[<>]\?\)$)");
    if (!std::regex_search(detail, one_sided)) return false;
    rest = detail.substr(7);
  } else {
    return false;
  }
  *table = rest.substr(0, rest.find(' '));
  return true;
}

// The plan lines of `sql` that read a growing table whole, unless allowed
// (the allowances that matched are added to `used`).
inline std::vector<std::string> GrowingScans(Store& store, const std::string& sql,
                                             std::set<std::string>* used) {
  std::vector<std::string> out;
  SQLite::Statement st(detail::Db(store), "EXPLAIN QUERY PLAN " + sql);
  const auto aliases = Aliases(sql);
  while (st.executeStep()) {
    const std::string detail = st.getColumn(3).getString();
    std::string name;
    if (!ReadsWhole(detail, &name)) continue;
    const auto it = aliases.find(name);
    if (it == aliases.end()) continue;
    bool allowed = false;
    for (const AllowedScan& a : AllowedScans()) {
      if (sql.find(a.sql_fragment) == std::string::npos || it->second != a.table) continue;
      allowed = true;
      used->insert(a.sql_fragment);
    }
    if (!allowed) out.push_back(detail + " (" + it->second + ")");
  }
  return out;
}

// The same, where which allowances matched does not matter.
inline std::vector<std::string> GrowingScans(Store& store, const std::string& sql) {
  std::set<std::string> used;
  return GrowingScans(store, sql, &used);
}

// EXPLAIN QUERY PLAN of `sql`, one detail line each.
inline std::string PlanOf(Store& store, const std::string& sql) {
  SQLite::Statement st(detail::Db(store), "EXPLAIN QUERY PLAN " + sql);
  std::string out;
  while (st.executeStep()) out += st.getColumn(3).getString() + "\n";
  return out;
}

}  // namespace recall::query_plan_test

#endif  // RECALL_TESTS_STORE_QUERY_PLAN_SUPPORT_H_

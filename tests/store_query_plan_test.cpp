// Query plans of the budgeted interactive commands (issue 14): every
// statement that bare `recall`, `decks`, the first card of `review`,
// `answer`, `card show`, `cards --due --limit 50`, `undo`, `stats` and
// `stats --period all` run is captured through RECALL_TRACE_SQL on a small
// collection, and its EXPLAIN QUERY PLAN must not scan a table that grows
// with the collection (cards, notes, note_tags, revlog, undo_log,
// import_baselines, note_tagsets), unless it is one of the few bounded scans
// allowed below, each with its reason; an allowance no statement needs fails
// too. A later change that brings back a scan fails here.

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

namespace recall {
namespace {

constexpr int64_t kNow = 1735722000;  // 2025-01-01 09:00 UTC

const std::set<std::string>& GrowingTables() {
  static const std::set<std::string> tables{"cards",    "notes",           "note_tags",   "revlog",
                                            "undo_log", "import_baselines", "note_tagsets"};
  return tables;
}

// Reads that are bounded although the plan says SCAN (or a one-sided range),
// each with the reason. Keyed by a fragment of the statement and the table.
struct AllowedScan {
  const char* sql_fragment;
  const char* table;
  const char* reason;
};
const std::vector<AllowedScan>& AllowedScans() {
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
      {"FROM cards c LEFT JOIN note_tagsets ns ON ns.note_id = c.note_id WHERE 1 ORDER BY c.id", "cards", "the memory section: every card once, in storage order"},
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
std::map<std::string, std::string> Aliases(const std::string& sql) {
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

std::vector<std::string> ReadLines(const std::string& path) {
  std::vector<std::string> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

// A collection of `cards` cards in 5 decks with `revlog_rows` log rows,
// through the scale benchmark's fill.
void Fill(Store& store, int64_t cards, int64_t revlog_rows) {
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
bool ReadsWhole(const std::string& detail, std::string* table) {
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
std::vector<std::string> GrowingScans(Store& store, const std::string& sql, std::set<std::string>* used) {
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
std::vector<std::string> GrowingScans(Store& store, const std::string& sql) {
  std::set<std::string> used;
  return GrowingScans(store, sql, &used);
}

TEST_F(QueryPlanTest, BudgetedCommandsScanNoGrowingTable) {
  const auto due = testing::RunRecall({"--db", db_, "--json", "cards", "--due", "--limit", "1"}, Env(""));
  ASSERT_EQ(due.exit_code, 0) << due.err;
  const std::string card = std::to_string(nlohmann::json::parse(due.out).at(0).at("id").get<int64_t>());

  std::map<std::string, std::vector<std::string>> by_command;
  by_command["recall"] = Trace("recall", {});
  by_command["decks"] = Trace("decks", {"decks"});
  by_command["review"] = Trace("review", {"review"}, "");  // first card, then end of input
  by_command["card show"] = Trace("card show", {"card", "show", card});
  by_command["cards --due --limit 50"] = Trace("cards", {"cards", "--due", "--limit", "50"});
  by_command["answer"] = Trace("answer", {"answer", card, "3"});
  by_command["undo"] = Trace("undo", {"undo"});
  by_command["stats"] = Trace("stats", {"stats"});
  by_command["stats --period all"] = Trace("stats all", {"stats", "--period", "all"});

  Store store = Store::Open(db_, clock_);
  std::set<std::string> seen;
  std::set<std::string> used;
  int statements = 0;
  for (const auto& [command, lines] : by_command) {
    for (const std::string& sql : lines) {
      if (!seen.insert(sql).second) continue;
      if (sql.rfind("PRAGMA", 0) == 0 || sql == "BEGIN IMMEDIATE" || sql == "COMMIT" || sql == "ROLLBACK")
        continue;
      ++statements;
      for (const std::string& scan : GrowingScans(store, sql, &used)) {
        ADD_FAILURE() << command << ": " << scan << "\n  in: " << sql;
      }
    }
  }
  // The commands ran the queue, the counts, the card, the answer, the undo
  // and the stats queries: far more than a handful of statements.
  EXPECT_GT(statements, 40);
  // No allowance outlives the scan it was for.
  for (const AllowedScan& a : AllowedScans()) {
    EXPECT_EQ(used.count(a.sql_fragment), 1u) << "allowed scan no statement makes: " << a.sql_fragment;
  }
}

// EXPLAIN QUERY PLAN of `sql`, one detail line each.
std::string PlanOf(Store& store, const std::string& sql) {
  SQLite::Statement st(detail::Db(store), "EXPLAIN QUERY PLAN " + sql);
  std::string out;
  while (st.executeStep()) out += st.getColumn(3).getString() + "\n";
  return out;
}

// `recall stats` on cards with a review log but no memory state of their own
// (history from before FSRS): the first report replays the whole log once,
// in id order without a sort (the one whole-log read, CatchUpMemoryStates),
// and keeps the states on the cards by id; the next report reads them and
// scans no growing table.
TEST_F(QueryPlanTest, StatsReplaysTheLogOnceThenReadsTheKeptStates) {
  const std::string whole_log = "SELECT id, card_id, rating, kind, type_before, ivl, last_ivl, ease, ease_before, "
                                "duration_ms, day FROM revlog ORDER BY id";
  // A collection of its own, with more cards to replay than the fewest a
  // pass over the log is worth (detail::kCatchUpAtLeast; below it, each
  // card's rows are read through revlog_card instead).
  db_ = dir_.File("replay.db");
  {
    Store store = Store::Open(db_, clock_);
    Fill(store, 1000, 5000);
    detail::Db(store).exec("UPDATE cards SET stability = NULL, difficulty = NULL");
    ASSERT_GE(detail::Db(store)
                  .execAndGet("SELECT count(*) FROM cards c WHERE EXISTS (SELECT 1 FROM revlog r WHERE r.card_id = "
                              "c.id)")
                  .getInt64(),
              400);
  }
  const std::vector<std::string> first = Trace("stats", {"stats"});
  Store store = Store::Open(db_, clock_);
  EXPECT_EQ(std::count(first.begin(), first.end(), whole_log), 1);
  EXPECT_EQ(PlanOf(store, whole_log), "SCAN revlog\n");  // rowid order: no sort, flat memory
  for (const std::string& sql : first) {
    if (sql == whole_log) continue;
    EXPECT_TRUE(GrowingScans(store, sql).empty()) << sql;
  }
  EXPECT_EQ(detail::Db(store).execAndGet("SELECT count(*) FROM cards WHERE stability IS NULL AND EXISTS "
                                         "(SELECT 1 FROM revlog r WHERE r.card_id = cards.id)")
                .getInt64(),
            0);
  for (const std::string& sql : Trace("stats again", {"stats"})) {
    EXPECT_NE(sql, whole_log);
    EXPECT_TRUE(GrowingScans(store, sql).empty()) << sql;
  }
}

// The status of bare `recall` (lib/src/interview/today.cpp, fixture: an
// interview over every card and one over a tag). The first one after a write
// passes once over each scope: the whole collection is the one allowed SCAN,
// a tag's scope goes through the tag's notes. Today's first cards come from
// index ranges in order, stopped by a LIMIT (or, for the tag, from its pass).
// The next status reads its cache; after an answer (which keeps the cached
// scope and today's reach up to date) the status reads today's cards by id.
TEST_F(QueryPlanTest, BareRecallPassesOverTheScopeOncePerChange) {
  const std::string whole =
      "SELECT c.id, c.type, c.queue, c.due, c.stability, c.last_review_s, c.deck_id FROM cards c WHERE c.queue != -1";
  const std::vector<std::string> cold = Trace("recall", {});
  Store store = Store::Open(db_, clock_);
  int whole_passes = 0, tag_passes = 0;
  std::set<std::string> reach;
  for (const std::string& sql : cold) {
    if (sql == whole) ++whole_passes;
    if (sql.rfind(whole + " AND c.note_id IN (", 0) == 0) {
      ++tag_passes;
      const std::string plan = PlanOf(store, sql);
      EXPECT_NE(plan.find("COVERING INDEX note_tags_tag (tag=?)"), std::string::npos) << plan;
      EXPECT_NE(plan.find("SEARCH c USING INDEX sqlite_autoindex_cards_1 (note_id=?)"), std::string::npos) << plan;
    }
    if (sql.find("c.queue = :queue AND c.due <= :until") != std::string::npos) {
      reach.insert(sql);
      EXPECT_NE(sql.find("ORDER BY c.due, c.id LIMIT :limit"), std::string::npos) << sql;
      const std::string plan = PlanOf(store, sql);
      EXPECT_TRUE(plan.find("INDEX cards_queue_due (queue=? AND due<?)") != std::string::npos ||
                  plan.find("INDEX cards_sched (deck_id=? AND queue=? AND due<?)") != std::string::npos)
          << plan;
      EXPECT_EQ(plan.find("TEMP B-TREE"), std::string::npos) << plan;
    }
    EXPECT_TRUE(GrowingScans(store, sql).empty()) << sql;
  }
  EXPECT_EQ(whole_passes, 1);  // readiness of the interview over every card
  EXPECT_EQ(tag_passes, 2);    // readiness, then today's cards, of the tag's interview
  EXPECT_EQ(reach.size(), 2u);  // over every deck, and deck by deck for the reviews
  for (const std::string& sql : Trace("recall again", {})) {
    EXPECT_EQ(sql.find("FROM cards c WHERE c.queue != -1"), std::string::npos) << sql;  // the cache
  }
  const auto due = testing::RunRecall({"--db", db_, "--json", "cards", "--due", "--limit", "1"}, Env(""));
  ASSERT_EQ(due.exit_code, 0) << due.err;
  const std::string card = std::to_string(nlohmann::json::parse(due.out).at(0).at("id").get<int64_t>());
  for (const std::string& sql : Trace("answer", {"answer", card, "3"})) {
    EXPECT_TRUE(GrowingScans(store, sql).empty()) << sql;
  }
  // Today's cards come from the reach the answer followed
  // (schema/0017_status_reach.sql): read by id, no queue and no scope read.
  bool by_id = false;
  for (const std::string& sql : Trace("recall after an answer", {})) {
    EXPECT_EQ(sql.find("FROM cards c WHERE c.queue != -1"), std::string::npos) << sql;
    EXPECT_EQ(reach.count(sql), 0u) << sql;
    if (sql.find("WHERE c.id IN (SELECT value FROM json_each(:ids))") != std::string::npos) {
      by_id = true;
      EXPECT_NE(PlanOf(store, sql).find("USING INTEGER PRIMARY KEY (rowid=?)"), std::string::npos)
          << PlanOf(store, sql);
    }
    EXPECT_TRUE(GrowingScans(store, sql).empty()) << sql;
  }
  EXPECT_TRUE(by_id);
}

// `recall import` of a document into a collection with a review log: what
// the bulk import applies for the triggers it turned off (the tag sets of
// the notes it wrote, lib/src/store/import_trigger_effects.cpp) starts from
// those notes; its plan was a scan of the whole log (7.6 s for one note in
// a collection of 10 million answers). The one pass it makes is over every
// note (the import plan's index, LoadImportIndex).
TEST_F(QueryPlanTest, ImportingAFewNotesReadsNoWholeLogOrCards) {
  const std::string doc = dir_.File("新题.md");
  testing::WriteFile(doc, "# 推理\n\n## 解码\n\n### 什么是 KV cache？\n\n缓存键和值。\n");
  const std::vector<std::string> lines = Trace("import", {"import", doc});
  Store store = Store::Open(db_, clock_);
  detail::Db(store).exec("CREATE TEMP TABLE import_touched (note_id INTEGER PRIMARY KEY, tags TEXT)");
  int touched = 0, index_passes = 0;
  for (const std::string& sql : lines) {
    if (sql.rfind("PRAGMA", 0) == 0 || sql.rfind("BEGIN", 0) == 0 || sql == "COMMIT" || sql == "ROLLBACK" ||
        sql.rfind("CREATE TEMP", 0) == 0 || sql.rfind("DROP TABLE", 0) == 0) {
      continue;
    }
    if (sql.find("FROM notes n LEFT JOIN import_baselines b") != std::string::npos) {
      ++index_passes;
      continue;
    }
    if (sql.find("temp.import_touched") != std::string::npos) ++touched;
    for (const std::string& scan : GrowingScans(store, sql)) {
      // The rows the import wrote: ids only grow, so a range from the first
      // new id on is those rows.
      if (scan.find("(rowid>?)") != std::string::npos && sql.find("id >= ?") != std::string::npos) continue;
      ADD_FAILURE() << scan << "\n  in: " << sql;
    }
  }
  EXPECT_EQ(index_passes, 1);
  EXPECT_GE(touched, 6);  // the tag-set statements ran
}

// `recall stats` (schema/0016_stats_snapshots.sql, StatsSnapshotTest): the
// first report of a day passes over the cards for the memory section and the
// interviews' readiness and keeps their sums; an answer brings them up to
// date, so the report after it, and one over the whole period, make no pass
// over the cards: only the bounded reads the budget test allows are left.
TEST_F(QueryPlanTest, StatsAfterAnAnswerReadsItsSnapshots) {
  const std::vector<std::string> cold = Trace("stats", {"stats"});
  const auto passes = [](const std::vector<std::string>& lines) {
    return std::count_if(lines.begin(), lines.end(), [](const std::string& sql) {
      return sql.find("LEFT JOIN note_tagsets ns ON ns.note_id = c.note_id WHERE 1") != std::string::npos ||
             (sql.find("SELECT c.id, c.type, c.queue, c.due, c.stability") == 0 &&
              sql.find("WHERE c.queue != -1") != std::string::npos);
    });
  };
  EXPECT_GE(passes(cold), 2);  // the memory section, then each interview's readiness
  const auto due = testing::RunRecall({"--db", db_, "--json", "cards", "--due", "--limit", "1"}, Env(""));
  ASSERT_EQ(due.exit_code, 0) << due.err;
  const std::string card = std::to_string(nlohmann::json::parse(due.out).at(0).at("id").get<int64_t>());
  const std::vector<std::string> answer = Trace("answer", {"answer", card, "1"});
  Store store = Store::Open(db_, clock_);
  for (const std::string& sql : answer) {
    EXPECT_TRUE(GrowingScans(store, sql).empty()) << sql;
  }
  for (const auto& args : {std::vector<std::string>{"stats"}, std::vector<std::string>{"stats", "--period", "all"}}) {
    const std::vector<std::string> warm = Trace("stats after an answer", args);
    EXPECT_EQ(passes(warm), 0);
    std::set<std::string> used;
    for (const std::string& sql : warm) {
      EXPECT_TRUE(GrowingScans(store, sql, &used).empty()) << sql;
    }
    // Only the bounded reads are left: the seek per distinct tag and the
    // most lapsed cards.
    EXPECT_EQ(used, (std::set<std::string>{"SELECT (SELECT min(tag) FROM note_tags WHERE tag > t.tag)",
                                           "WHERE c.lapses > 0 AND c.lapses >= :min_lapses"}));
  }
  // The next days read the memory section kept for them
  // (schema/0018_memory_horizon.sql) and the readiness, which does not
  // depend on the day; the day after the last kept one passes over the
  // cards for the memory section again.
  for (const int64_t later : {1, 29}) {
    days_later_ = later;
    EXPECT_EQ(passes(Trace("stats on a later day", {"stats"})), 0) << later;
  }
  days_later_ = 30;
  EXPECT_EQ(passes(Trace("stats after the kept days", {"stats"})), 1);
}

// deck_card_counts (0009_scale_indexes.sql) as its triggers keep it, against
// a count of the cards table: "deck queue n" rows.
std::vector<std::string> KeptCounts(Store& store, bool from_cards) {
  SQLite::Statement st(detail::Db(store),
                       from_cards
                           ? "SELECT deck_id, queue, count(*) FROM cards GROUP BY 1, 2 ORDER BY 1, 2"
                           : "SELECT deck_id, queue, n FROM deck_card_counts WHERE n > 0 ORDER BY 1, 2");
  std::vector<std::string> out;
  while (st.executeStep()) {
    out.push_back(st.getColumn(0).getString() + " " + st.getColumn(1).getString() + " " +
                  st.getColumn(2).getString());
  }
  return out;
}

// The plans the indexes of 0009_scale_indexes.sql are for.
TEST(ScaleIndexesTest, DrillsAndDueListingsUseTheirIndexes) {
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  auto plan = [&](const std::string& sql) {
    SQLite::Statement st(detail::Db(store), "EXPLAIN QUERY PLAN " + sql);
    std::string out;
    while (st.executeStep()) out += st.getColumn(3).getString() + "\n";
    return out;
  };
  EXPECT_NE(
      plan("SELECT c.id FROM cards c WHERE c.deck_id = ?1 AND c.queue = 2 AND c.due > ?2 AND c.drill = 1 "
           "AND c.type != 0 AND c.due - c.ivl = ?2")
          .find("USING INDEX cards_drill (deck_id=? AND queue=? AND due>?)"),
      std::string::npos);
  EXPECT_NE(plan("UPDATE cards SET queue = 0 WHERE queue IN (-2, -3) AND buried_day < ?")
                .find("USING INDEX cards_queue_due (queue=?)"),
            std::string::npos);
  const std::string due = plan(
      "SELECT c.id FROM cards c WHERE ((c.queue = 1 AND c.due <= ?1) OR (c.queue IN (2, 3) AND c.due <= "
      "?2))");
  EXPECT_NE(due.find("MULTI-INDEX OR"), std::string::npos) << due;
  EXPECT_NE(due.find("INDEX cards_queue_due (queue=? AND due<?)"), std::string::npos) << due;
}

// deck_due_totals (0015_deck_due_totals.sql) against a count of the cards
// table: "deck queue due n" rows of review and day-learning cards, and no
// row left at 0.
std::vector<std::string> KeptDueTotals(Store& store, bool from_cards) {
  SQLite::Statement st(detail::Db(store),
                       from_cards ? "SELECT deck_id, queue, due, count(*) FROM cards WHERE queue IN (2, 3) "
                                    "GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"
                                  : "SELECT deck_id, queue, due, n FROM deck_due_totals ORDER BY 1, 2, 3");
  std::vector<std::string> out;
  while (st.executeStep()) {
    out.push_back(st.getColumn(0).getString() + " " + st.getColumn(1).getString() + " " +
                  st.getColumn(2).getString() + " " + st.getColumn(3).getString());
  }
  return out;
}

// Thirty days of random answers, suspensions, buries, moves, deletions,
// undos and a deck deletion over three decks (anki, sm2, and one whose steps
// of days make day learning): after each day the kept totals equal
// a recount, and the due counts of bare `recall` and `recall decks` equal
// counts of the cards table.
TEST(DeckDueTotalsTest, TriggersKeepTheDueTotalsOfEveryWrite) {
  testing::ScopedTimeZone zone("UTC");
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  DeckOptions sm2;
  sm2.algorithm = Algorithm::kSm2;
  DeckOptions day_steps;  // steps of a day and more: day learning (queue 3)
  day_steps.learn_steps_minutes = {1440, 2880};
  day_steps.relearn_steps_minutes = {1440};
  std::vector<Deck> decks{store.CreateDeck("A", {}), store.CreateDeck("A::B", sm2),
                          store.CreateDeck("C", day_steps)};
  std::vector<int64_t> cards;
  for (int i = 0; i < 60; ++i) {
    Note n;
    n.front = "q" + std::to_string(i);
    n.back = "a";
    cards.push_back(store.AddNote(&n, decks[static_cast<size_t>(i % 3)].id).id);
  }
  std::mt19937_64 rng(7);
  bool deleted_deck = false;
  std::map<int, int64_t> kept;  // queue -> the most cards the totals held
  for (int day = 0; day < 30; ++day) {
    SCOPED_TRACE(day);
    clock.Set(Timestamp::FromSeconds(kNow + day * 86400));
    for (const int64_t id : cards) {
      const auto card = store.GetCard(id);
      if (!card || rng() % 3 == 0) continue;
      const auto deck = store.GetDeck(card->deck_id);
      const Algorithm algorithm = deck->options.algorithm;
      const int lo = MinRating(algorithm), hi = MaxRating(algorithm);
      const int rating = lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1));
      try {
        AnswerCard(store, id, rating, clock.Now(), 4000);
      } catch (const Error&) {
        // suspended or buried: not answerable today
      }
    }
    const int64_t some = cards[rng() % cards.size()];
    if (store.GetCard(some)) {
      switch (rng() % 5) {
        case 0: store.SuspendCard(some, true); break;
        case 1: store.SuspendCard(some, false); break;
        case 2: store.BuryCard(some, store.Today().today); break;
        case 3: store.MoveCard(some, decks[rng() % decks.size()].id); break;
        default: store.DeleteCard(some); break;
      }
    }
    if (day % 4 == 3) store.Undo();
    if (day == 25 && !deleted_deck) {
      store.DeleteDeck(decks[2].id);
      decks.pop_back();
      deleted_deck = true;
    }
    ASSERT_EQ(KeptDueTotals(store, false), KeptDueTotals(store, true));
    SQLite::Statement queues(detail::Db(store), "SELECT queue, sum(n) FROM deck_due_totals GROUP BY 1");
    while (queues.executeStep()) {
      kept[queues.getColumn(0).getInt()] = std::max(kept[queues.getColumn(0).getInt()], queues.getColumn(1).getInt64());
    }
    const Day today = store.Today().today;
    SQLite::Statement count(detail::Db(store),
                            "SELECT count(*) FILTER (WHERE queue = 2 AND due <= ?1), "
                            "count(*) FILTER (WHERE (queue = 1 AND due <= ?2) OR (queue = 3 AND due <= ?1)) "
                            "FROM cards");
    count.bind(1, static_cast<int64_t>(today.n));
    count.bind(2, static_cast<int64_t>(clock.Now().Seconds()));
    ASSERT_TRUE(count.executeStep());
    const DueCounts all = store.CountDue(std::nullopt, clock.Now(), today);
    EXPECT_EQ(all.review, count.getColumn(0).getInt64());
    EXPECT_EQ(all.learning, count.getColumn(1).getInt64());
    int64_t by_deck = 0;
    for (const auto& [id, c] : store.CountDueByDeck(clock.Now(), today)) by_deck += c.review;
    EXPECT_EQ(by_deck, all.review);
  }
  // The answers made review cards and day learning: the totals were not
  // trivially empty.
  EXPECT_GT(kept[2], 20);
  EXPECT_GT(kept[3], 0);
}

TEST(DeckCardCountsTest, TriggersKeepTheCountsOfEveryWrite) {
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  const Deck a = store.CreateDeck("A", {});
  const Deck b = store.CreateDeck("A::B", {});
  std::vector<Card> cards;
  for (int i = 0; i < 6; ++i) {
    Note n;
    n.front = "q" + std::to_string(i);
    n.back = "a";
    cards.push_back(store.AddNote(&n, i % 2 ? b.id : a.id));
  }
  EXPECT_EQ(KeptCounts(store, false),
            (std::vector<std::string>{std::to_string(a.id) + " 0 3", std::to_string(b.id) + " 0 3"}));
  AnswerCard(store, cards[0].id, 3, clock.Now(), 0);  // new -> learning
  store.SuspendCard(cards[1].id, true);
  store.BuryCard(cards[2].id, store.Today().today);
  store.MoveCard(cards[3].id, a.id);
  store.DeleteCard(cards[4].id);
  EXPECT_EQ(KeptCounts(store, false), KeptCounts(store, true));
  const DueCounts all = store.CountDue(std::nullopt, clock.Now(), store.Today().today);
  EXPECT_EQ(all.total_cards, 5);
  EXPECT_EQ(all.new_cards, 2);  // cards 3 and 5
  EXPECT_EQ(all.suspended, 1);
  const DueCounts of_b = store.CountDue(b.id, clock.Now(), store.Today().today);
  EXPECT_EQ(of_b.total_cards, 2);  // cards 1 (suspended) and 5
  EXPECT_EQ(of_b.new_cards, 1);
  ASSERT_TRUE(store.Undo());  // the bury
  EXPECT_EQ(KeptCounts(store, false), KeptCounts(store, true));
  store.DeleteDeck(b.id);
  EXPECT_EQ(KeptCounts(store, false), KeptCounts(store, true));
}

}  // namespace
}  // namespace recall

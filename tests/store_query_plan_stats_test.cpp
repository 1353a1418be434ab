// Query plans of `recall stats` and `recall import` (issue 14): the first
// report replays the log once and keeps the states, the next ones and those
// on later days read what was kept, and an import of a few notes reads
// neither the whole log nor every card. The fixture and helpers:
// tests/store_query_plan_support.h.

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "recall/store.h"
#include "store/store_impl.h"
#include "store_query_plan_support.h"
#include "test_support.h"

namespace recall {
namespace {

using query_plan_test::Fill;
using query_plan_test::GrowingScans;
using query_plan_test::PlanOf;
using query_plan_test::QueryPlanTest;

// `recall stats` on cards with a review log but no memory state of their own
// (history from before FSRS): the first report replays the whole log once,
// in id order without a sort (the one whole-log read, CatchUpMemoryStates),
// and keeps the states on the cards by id; the next report reads them and
// scans no growing table.
TEST_F(QueryPlanTest, StatsReplaysTheLogOnceThenReadsTheKeptStates) {
  const std::string whole_log =
      "SELECT id, card_id, rating, kind, type_before, ivl, last_ivl, ease, ease_before, "
      "duration_ms, day FROM revlog ORDER BY id";
  // A collection of its own, with more cards to replay than the fewest a
  // pass over the log is worth (detail::kCatchUpAtLeast; below it, each
  // card's rows are read through revlog_card instead).
  db_ = dir_.File("replay.db");
  {
    Store store = Store::Open(db_, clock_);
    Fill(store, 1000, 5000);
    detail::Db(store).exec("UPDATE cards SET stability = NULL, difficulty = NULL");
    ASSERT_GE(
        detail::Db(store)
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
  EXPECT_EQ(detail::Db(store)
                .execAndGet("SELECT count(*) FROM cards WHERE stability IS NULL AND EXISTS "
                            "(SELECT 1 FROM revlog r WHERE r.card_id = cards.id)")
                .getInt64(),
            0);
  for (const std::string& sql : Trace("stats again", {"stats"})) {
    EXPECT_NE(sql, whole_log);
    EXPECT_TRUE(GrowingScans(store, sql).empty()) << sql;
  }
}

// `recall import` of a document into a collection with a review log: what
// the bulk import applies for the triggers it turned off (the tag sets of
// the notes it wrote, lib/src/store/import_trigger_effects.cpp) starts from
// those notes; its plan was a scan of the whole log (7.6 s for one note in
// a collection of 10 million answers). Its one read of notes (the import
// plan's index, LoadImportIndex) is the next test's.
// A range an import's statement may read: the rows the import wrote (ids
// only grow, so a range from the first new id on is those rows), and
// whether answers are logged for a new card's id (EXISTS reads one row).
bool ImportsOwnRange(const std::string& scan, const std::string& sql) {
  if (scan.find("(rowid>?)") != std::string::npos && sql.find("id >= ?") != std::string::npos) return true;
  return scan.find("(card_id>?)") != std::string::npos && sql.rfind("SELECT EXISTS (SELECT 1 FROM revlog", 0) == 0;
}

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
      if (!ImportsOwnRange(scan, sql)) ADD_FAILURE() << scan << "\n  in: " << sql;
    }
  }
  EXPECT_EQ(index_passes, 1);
  EXPECT_GE(touched, 6);  // the tag-set statements ran
}

// `recall import` of a few notes into a larger collection, then of the same
// document edited with `--prune` (an update, a note gone and suspended):
// the notes it plans with are read in one statement through the indexes of
// their file, keys and guids (lib/src/store/import_index.h; it read every
// note: 8.4 s at 1M), and no statement of either import reads a growing
// table whole but the range of the rows the import wrote.
TEST_F(QueryPlanTest, ImportingAFewNotesReadsOnlyTheNotesItNames) {
  const std::string doc = dir_.File("新题.md");
  testing::WriteFile(
      doc,
      "# 推理\n\n## 解码\n\n### 什么是 KV cache？\n\n缓存键和值。\n\n### 什么是投机解码？\n\n起草后验证。\n");
  const std::vector<std::string> added = Trace("import", {"import", doc});
  testing::WriteFile(doc, "# 推理\n\n## 解码\n\n### 什么是 KV cache？\n\n缓存键、值。\n");
  const std::vector<std::string> pruned = Trace("import --prune", {"import", "--prune", doc});
  Store store = Store::Open(db_, clock_);
  ASSERT_EQ(detail::Db(store).execAndGet("SELECT count(*) FROM notes").getInt64(), 302);
  ASSERT_EQ(detail::Db(store).execAndGet("SELECT count(*) FROM cards WHERE queue = -1").getInt64(), 1);
  detail::Db(store).exec("CREATE TEMP TABLE import_touched (note_id INTEGER PRIMARY KEY, tags TEXT)");
  for (const auto* lines : {&added, &pruned}) {
    int index_reads = 0;
    for (const std::string& sql : *lines) {
      if (sql.rfind("PRAGMA", 0) == 0 || sql.rfind("BEGIN", 0) == 0 || sql == "COMMIT" || sql == "ROLLBACK" ||
          sql.rfind("CREATE TEMP", 0) == 0 || sql.rfind("DROP TABLE", 0) == 0) {
        continue;
      }
      if (sql.find("FROM notes n LEFT JOIN import_baselines b") != std::string::npos) {
        ++index_reads;
        const std::string plan = PlanOf(store, sql);
        EXPECT_NE(plan.find("MULTI-INDEX OR"), std::string::npos) << plan;
        for (const char* index :
             {"notes_source (source=?)", "notes_key (key=?)", "sqlite_autoindex_notes_1 (guid=?)"}) {
          EXPECT_NE(plan.find(index), std::string::npos) << index << "\n" << plan;
        }
      }
      for (const std::string& scan : GrowingScans(store, sql)) {
        if (!ImportsOwnRange(scan, sql)) ADD_FAILURE() << scan << "\n  in: " << sql;
      }
    }
    EXPECT_EQ(index_reads, 1);
  }
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
  for (const auto& args :
       {std::vector<std::string>{"stats"}, std::vector<std::string>{"stats", "--period", "all"}}) {
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

}  // namespace
}  // namespace recall

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

#include <map>
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

using query_plan_test::AllowedScan;
using query_plan_test::AllowedScans;
using query_plan_test::GrowingScans;
using query_plan_test::PlanOf;
using query_plan_test::QueryPlanTest;

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

}  // namespace
}  // namespace recall

// The fixture of the stats snapshot tests (tests/stats_snapshot_test.cpp,
// tests/stats_snapshot_days_test.cpp): a generated collection of 400 cards in
// 4 decks with two interviews, and reports read from the kept rows or
// computed afresh.

#ifndef RECALL_TESTS_STATS_SNAPSHOT_FIXTURE_H_
#define RECALL_TESTS_STATS_SNAPSHOT_FIXTURE_H_

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "recall/import.h"
#include "recall/interview.h"
#include "recall/readiness.h"
#include "recall/review.h"
#include "recall/stats.h"
#include "recall/store.h"
#include "store/scale_fill.h"
#include "store/status_cache.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall::snapshot_test {

inline constexpr int64_t kNow = 1735722000;  // 2025-01-01 09:00 UTC

inline std::string TextOf(const Readiness& r) {
  std::string out = fmt::format("day {} target {} cards {} mean {:.17g} below {} never {}\n", r.day.n,
                                r.target, r.cards, r.mean_recall, r.below_target, r.never_studied);
  for (const TopicReadiness& t : r.topics) {
    out += fmt::format(" topic {} {} {:.17g} {} {}\n", t.topic, t.cards, t.mean_recall, t.below_target,
                       t.never_studied);
  }
  for (const CardRecall& c : r.at_risk) {
    out += fmt::format(" at risk {} {} {} {:.17g} {}\n", c.card_id, c.front, c.topic, c.recall, c.studied);
  }
  return out;
}

class StatsSnapshotTest : public ::testing::Test {
 protected:
  StatsSnapshotTest()
      : zone_("UTC"), clock_(Timestamp::FromSeconds(kNow)), store_(Store::OpenInMemory(clock_)) {
    detail::ScaleFill spec;
    spec.cards = 400;
    spec.decks = 4;
    spec.revlog_rows = 2000;
    detail::FillScaleCollection(store_, spec);
    Interview all;
    all.name = "all";
    all.day = store_.Today().today + 20;
    SaveInterview(store_, all);
    Interview topic;
    topic.name = "topic3";
    topic.day = store_.Today().today + 5;
    topic.tags = {"topic3"};
    SaveInterview(store_, topic);
  }

  // What the snapshots give a report: its memory section, its tags' memory
  // columns, and each interview's readiness.
  std::string Derived(const StatsFilter& filter = {}) {
    const StatsReport report = ComputeStats(store_, filter);
    const nlohmann::json j = nlohmann::json::parse(StatsToJson(report));
    std::string out = j.at("memory").dump() + "\n";
    for (const nlohmann::json& t : j.at("tags")) {
      out += fmt::format("{} {} {}\n", t.at("tag").dump(), t.at("cards_with_memory").dump(),
                         t.at("predicted_recall").dump());
    }
    for (const InterviewReadiness& iv : report.interviews)
      out += iv.interview.name + ": " + TextOf(iv.readiness);
    return out;
  }
  // The same computed afresh: the rows deleted first.
  std::string Fresh(const StatsFilter& filter = {}) {
    DeleteRows();
    return Derived(filter);
  }
  void DeleteRows() {
    detail::Db(store_).exec("DELETE FROM stats_memory_snapshot");
    detail::Db(store_).exec("DELETE FROM readiness_snapshot");
  }
  // What each scope's report reads equals what a fresh pass gives.
  template <size_t N>
  void ExpectKeptEqualsFresh(const StatsFilter (&filters)[N]) {
    std::vector<std::string> kept;
    for (const StatsFilter& f : filters) kept.push_back(Derived(f));
    std::vector<std::string> fresh;
    for (const StatsFilter& f : filters) fresh.push_back(Fresh(f));
    EXPECT_EQ(kept, fresh);
  }
  // Keeps a copy of the memory rows, and puts it back in their place.
  void KeepMemoryRows() {
    detail::Db(store_).exec("DROP TABLE IF EXISTS temp.kept_memory");
    detail::Db(store_).exec("CREATE TEMP TABLE kept_memory AS SELECT * FROM stats_memory_snapshot");
  }
  void RestoreMemoryRows() {
    detail::Db(store_).exec("DELETE FROM stats_memory_snapshot");
    detail::Db(store_).exec("INSERT INTO stats_memory_snapshot SELECT * FROM temp.kept_memory");
  }
  int64_t Count(const char* sql) {
    SQLite::Statement st(detail::Db(store_), sql);
    EXPECT_TRUE(st.executeStep());
    return st.getColumn(0).getInt64();
  }
  void ExpectMemoryRowsCurrent(int64_t rows) {
    EXPECT_EQ(Count("SELECT count(*) FROM stats_memory_snapshot WHERE generation = "
                    "(SELECT memory_generation FROM collection)"),
              rows);
  }
  // Every row's generation is the collection's: the next report reads them.
  void ExpectRowsCurrent(int64_t memory_rows, int64_t readiness_rows) {
    const int64_t generation = detail::StatusGeneration(store_);
    EXPECT_EQ(Count(fmt::format("SELECT count(*) FROM stats_memory_snapshot WHERE generation = {}",
                                detail::MemoryGeneration(store_))
                        .c_str()),
              memory_rows);
    EXPECT_EQ(
        Count(
            fmt::format("SELECT count(*) FROM readiness_snapshot WHERE generation = {}", generation).c_str()),
        readiness_rows);
  }
  // Adds 1000 to the kept memory card count and to each interview's cards
  // below target: a report that reads the rows shows them.
  void PlantMemory() {
    detail::Db(store_).exec(
        "UPDATE stats_memory_snapshot SET sums = json_set(sums, '$.cards', json_extract(sums, '$.cards') + "
        "1000)");
  }
  void PlantReadiness() {
    detail::Db(store_).exec(
        "UPDATE readiness_snapshot SET sums = json_set(sums, '$.total[2]', json_extract(sums, '$.total[2]') "
        "+ 1000)");
  }
  std::vector<CardView> Cards(CardQueue queue, bool due_now) {
    std::vector<CardView> out;
    const Day today = store_.Today().today;
    for (const CardView& v : store_.ListCards(CardQuery{})) {
      if (v.card.state.queue != queue) continue;
      if (queue == CardQueue::kReview && (v.card.state.due <= today.n) != due_now) continue;
      out.push_back(v);
    }
    EXPECT_FALSE(out.empty());
    return out;
  }
  const StatsFilter& DeckFilter() {
    deck_filter_.deck_id = store_.ListDecks().back().id;
    return deck_filter_;
  }
  const StatsFilter& TagFilter() {
    tag_filter_.tag = "topic3";
    return tag_filter_;
  }

  testing::ScopedTimeZone zone_;
  FixedClock clock_;
  Store store_;
  StatsFilter deck_filter_;
  StatsFilter tag_filter_;
};

}  // namespace recall::snapshot_test

#endif  // RECALL_TESTS_STATS_SNAPSHOT_FIXTURE_H_

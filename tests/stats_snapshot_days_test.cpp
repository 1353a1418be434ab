// The stats memory section kept for the days ahead
// (schema/0018_memory_horizon.sql) and across the writes that change no
// card's memory (schema/0019_memory_generation.sql): each report it gives
// equals a fresh pass.

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "recall/import.h"
#include "stats_snapshot_fixture.h"

namespace recall {
namespace {

using snapshot_test::kNow;
using snapshot_test::StatsSnapshotTest;

// Writes that change no card's memory keep the memory rows (schema/0019:
// collection.memory_generation): a note added (its new card has never been
// answered), a tag on a note whose cards are all new, a card suspended or
// buried, a deck's options (schema/0021), an interview set. The rows kept then are those a pass gives.
TEST_F(StatsSnapshotTest, WritesThatChangeNoMemoryKeepTheMemoryRows) {
  const StatsFilter filters[] = {{}, DeckFilter(), TagFilter()};
  const auto decks = store_.ListDecks();
  const auto new_cards = Cards(CardQueue::kNew, false);
  const auto due = Cards(CardQueue::kReview, true);
  ASSERT_GE(new_cards.size(), 1u);
  ASSERT_GE(due.size(), 2u);
  const std::vector<std::pair<const char*, std::function<void()>>> writes = {
      {"a note added",
       [&] {
         Note note;
         note.front = "新问题：KV cache 是什么？";
         note.back = "缓存注意力的键和值。";
         note.tags = {"topic3", "新"};
         store_.AddNote(&note, decks.front().id);
       }},
      {"a tag on a new card's note", [&] { store_.AddTag(new_cards.front().note.id, "topic3::新"); }},
      {"a card suspended", [&] { store_.SuspendCard(due[0].card.id, true); }},
      {"a card buried", [&] { store_.BuryCard(due[1].card.id, store_.Today().today); }},
      {"deck options",
       [&] {
         DeckOptions o = decks.front().options;
         o.new_per_day = 7;
         o.desired_retention = 0.85;
         o.learn_steps_minutes = {2, 20};
         store_.SetDeckOptions(decks.front().id, o);
       }},
      {"an interview set",
       [&] {
         Interview later;
         later.name = "later";
         later.day = store_.Today().today + 40;
         SaveInterview(store_, later);
       }},
  };
  for (const auto& [what, write] : writes) {
    SCOPED_TRACE(what);
    for (const StatsFilter& f : filters) Derived(f);
    const int64_t before = detail::MemoryGeneration(store_);
    write();
    EXPECT_EQ(detail::MemoryGeneration(store_), before);
    ExpectMemoryRowsCurrent(3);
    ExpectKeptEqualsFresh(filters);
  }
  // A deck's name does count (a deck scope holds its subdecks by name), and
  // so does its algorithm.
  {
    const int64_t before = detail::MemoryGeneration(store_);
    store_.RenameDeck(decks.back().id, decks.back().name + "改");
    EXPECT_EQ(detail::MemoryGeneration(store_), before + 1);
    DeckOptions o = store_.GetDeck(decks.back().id)->options;
    o.algorithm = Algorithm::kSm2;
    store_.SetDeckOptions(decks.back().id, o);
    EXPECT_EQ(detail::MemoryGeneration(store_), before + 2);
    ExpectKeptEqualsFresh(filters);
  }
  // A document imported (the bulk path, its triggers off: ImportWriter),
  // then imported again with its text changed.
  testing::TempDir dir;
  const std::string doc = dir.File("新题.md");
  for (const char* text :
       {"# 推理\n\n## 什么是 KV cache？\n\n缓存键和值。\n\n## 什么是 PagedAttention？\n\n分页管理显存。\n",
        "# 推理\n\n## 什么是 KV cache？\n\n缓存每层的键和值。\n\n## 什么是 "
        "PagedAttention？\n\n分页管理显存。\n"}) {
    SCOPED_TRACE(text);
    testing::WriteFile(doc, text);
    for (const StatsFilter& f : filters) Derived(f);
    const int64_t before = detail::MemoryGeneration(store_);
    const auto summary = ImportFiles(store_, {doc}, ImportOptions{});
    ASSERT_EQ(summary.size(), 1u);
    ASSERT_GE(summary[0].added + summary[0].updated, 1);
    // Added, or updated while none of their cards has been answered.
    EXPECT_EQ(detail::MemoryGeneration(store_), before);
    ExpectMemoryRowsCurrent(3);
    ExpectKeptEqualsFresh(filters);
  }
  // Once its cards are answered, a note's tags count: an import that
  // rewrites them makes the rows stale.
  int answered = 0;
  for (const CardView& v : store_.ListCards(CardQuery{})) {
    if (v.note.front.find("什么是 KV cache") == std::string::npos &&
        v.note.front.find("什么是 PagedAttention") == std::string::npos) {
      continue;
    }
    clock_.AdvanceSeconds(60);
    AnswerCard(store_, v.card.id, 3, clock_.Now(), 4000);
    ++answered;
  }
  ASSERT_EQ(answered, 2);
  for (const StatsFilter& f : filters) Derived(f);
  // The questions under a section heading: its title is their tag.
  testing::WriteFile(doc,
                     "# 推理\n\n## 解码\n\n### 什么是 KV cache？\n\n缓存每层的键和值。\n\n"
                     "### 什么是 PagedAttention？\n\n分页管理显存。\n");
  const auto again = ImportFiles(store_, {doc}, ImportOptions{});
  ASSERT_EQ(again[0].updated, 2);
  ASSERT_EQ(again[0].added, 0);
  ExpectKeptEqualsFresh(filters);
  // And the row is what a report reads after such a write, not the cards.
  const int64_t cards = ComputeStats(store_, {}).memory.cards;
  PlantMemory();
  store_.SuspendCard(due[0].card.id, false);
  EXPECT_EQ(ComputeStats(store_, {}).memory.cards, cards + 1000);
}

// The memory section is kept for the 30 study days from the first report on
// (schema/0018_memory_horizon.sql): a later day reads its own day's sums, and
// they are those a pass on that day gives.
TEST_F(StatsSnapshotTest, TheNextDaysReadTheKeptDaysAndKeepTheReadiness) {
  const StatsReport first = ComputeStats(store_, {});
  ASSERT_GT(first.memory.cards, 0);
  EXPECT_EQ(Count("SELECT days FROM stats_memory_snapshot"), 30);
  const Day first_day = store_.Today().today;
  KeepMemoryRows();
  PlantMemory();
  PlantReadiness();
  clock_.AdvanceSeconds(86400);
  const StatsReport tomorrow = ComputeStats(store_, {});
  EXPECT_EQ(tomorrow.memory.cards, first.memory.cards + 1000);  // read from the row
  EXPECT_EQ(tomorrow.interviews[1].readiness.below_target, first.interviews[1].readiness.below_target + 1000);
  // Retrievability at the end of a later day is lower.
  EXPECT_LT(tomorrow.memory.mean_retrievability, first.memory.mean_retrievability);
  detail::Db(store_).exec("DELETE FROM readiness_snapshot");
  // Every kept day equals a pass on that day.
  for (const int day : {1, 2, 9, 17, 29}) {
    SCOPED_TRACE(day);
    clock_.Set(Timestamp::FromSeconds(kNow + 86400 * day));
    RestoreMemoryRows();
    const std::string kept = Derived();
    EXPECT_EQ(Count("SELECT day FROM stats_memory_snapshot"), first_day.n);
    EXPECT_EQ(kept, Fresh());
  }
  // The day after the last: a pass, and a row from that day on.
  clock_.Set(Timestamp::FromSeconds(kNow + 86400 * 30));
  RestoreMemoryRows();
  PlantMemory();
  const StatsReport beyond = ComputeStats(store_, {});
  EXPECT_EQ(beyond.memory.cards, first.memory.cards);  // not the planted row
  EXPECT_EQ(Count("SELECT count(*) FROM stats_memory_snapshot"), 1);
  EXPECT_EQ(Count("SELECT day FROM stats_memory_snapshot"), first_day.n + 30);
}

// Across a change of the clocks (New York, 2025-03-09 02:00 -> 03:00): each
// kept day's figures are those of a pass on that day, whose length is not 24
// hours.
TEST_F(StatsSnapshotTest, TheKeptDaysHoldAcrossAChangeOfTheClocks) {
  testing::ScopedTimeZone zone("America/New_York");
  const int64_t march_1 = 1740830400;  // 2025-03-01 07:00 EST
  clock_.Set(Timestamp::FromSeconds(march_1));
  Derived();
  const int64_t first_day = store_.Today().today.n;
  KeepMemoryRows();
  for (const int day : {7, 8, 9, 10, 20}) {
    SCOPED_TRACE(day);
    clock_.Set(Timestamp::FromSeconds(march_1 + 86400 * day));
    RestoreMemoryRows();
    const std::string kept = Derived();
    EXPECT_EQ(Count("SELECT day FROM stats_memory_snapshot"), first_day);  // read, not made again
    EXPECT_EQ(kept, Fresh());
  }
}

// An answer on a later day takes its card out of that day and every one
// after it and drops the days before; the days after it stay exact.
TEST_F(StatsSnapshotTest, AnswersOnALaterDayKeepTheDaysAheadExact) {
  const StatsFilter filters[] = {{}, DeckFilter(), TagFilter()};
  for (const StatsFilter& f : filters) Derived(f);
  const Day first_day = store_.Today().today;
  clock_.AdvanceSeconds(3 * 86400);
  const auto due = Cards(CardQueue::kReview, true);
  const auto fresh_cards = Cards(CardQueue::kNew, false);
  ASSERT_GE(due.size(), 3u);
  ASSERT_FALSE(fresh_cards.empty());
  for (const auto& [card, rating] :
       {std::make_pair(due[0].card.id, 3), std::make_pair(due[1].card.id, 1),
        std::make_pair(due[2].card.id, 2), std::make_pair(fresh_cards[0].card.id, 4)}) {
    clock_.AdvanceSeconds(60);
    AnswerCard(store_, card, rating, clock_.Now(), 4000);
    ExpectMemoryRowsCurrent(3);
  }
  EXPECT_EQ(Count("SELECT min(day) FROM stats_memory_snapshot"), first_day.n + 3);
  EXPECT_EQ(Count("SELECT max(days) FROM stats_memory_snapshot"), 27);
  KeepMemoryRows();
  const Timestamp answered = clock_.Now();
  for (const int later : {0, 1, 12, 26}) {
    SCOPED_TRACE(later);
    clock_.Set(Timestamp{answered.ms + 86400000LL * later});
    RestoreMemoryRows();
    for (const StatsFilter& f : filters) Derived(f);
    ExpectMemoryRowsCurrent(3);  // the followed rows were read, not replaced
    ExpectKeptEqualsFresh(filters);
  }
}

}  // namespace
}  // namespace recall

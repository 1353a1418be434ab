// The stats snapshots (schema/0016_stats_snapshots.sql,
// lib/src/stats/memory_snapshot.cpp, lib/src/interview/readiness_snapshot.cpp):
// a report's memory section and each interview's readiness are kept between
// reports, read back while the collection is unchanged, followed card by card
// by every answer, and computed again after any other write; the memory
// section also each study day. A followed row gives exactly the report a
// fresh pass gives.

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

namespace recall {
namespace {

constexpr int64_t kNow = 1735722000;  // 2025-01-01 09:00 UTC

std::string TextOf(const Readiness& r) {
  std::string out = fmt::format("day {} target {} cards {} mean {:.17g} below {} never {}\n", r.day.n, r.target,
                                r.cards, r.mean_recall, r.below_target, r.never_studied);
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
    for (const InterviewReadiness& iv : report.interviews) out += iv.interview.name + ": " + TextOf(iv.readiness);
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
        Count(fmt::format("SELECT count(*) FROM readiness_snapshot WHERE generation = {}", generation).c_str()),
        readiness_rows);
  }
  // Adds 1000 to the kept memory card count and to each interview's cards
  // below target: a report that reads the rows shows them.
  void PlantMemory() { detail::Db(store_).exec(
      "UPDATE stats_memory_snapshot SET sums = json_set(sums, '$.cards', json_extract(sums, '$.cards') + 1000)"); }
  void PlantReadiness() {
    detail::Db(store_).exec(
        "UPDATE readiness_snapshot SET sums = json_set(sums, '$.total[2]', json_extract(sums, '$.total[2]') + 1000)");
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

TEST_F(StatsSnapshotTest, ASecondReportReadsTheRows) {
  const StatsReport first = ComputeStats(store_, {});
  EXPECT_EQ(first.memory.cards, 240);  // three in five cards are studied
  ASSERT_EQ(first.interviews.size(), 2u);
  EXPECT_EQ(first.interviews[0].interview.name, "topic3");
  EXPECT_EQ(first.interviews[1].readiness.cards, 400);
  ExpectRowsCurrent(1, 2);
  PlantMemory();
  PlantReadiness();
  const StatsReport second = ComputeStats(store_, {});
  EXPECT_EQ(second.memory.cards, first.memory.cards + 1000);
  EXPECT_EQ(second.interviews[0].readiness.below_target, first.interviews[0].readiness.below_target + 1000);
  EXPECT_EQ(second.interviews[1].readiness.below_target, first.interviews[1].readiness.below_target + 1000);
  // A scope has its own row.
  const StatsReport deck = ComputeStats(store_, DeckFilter());
  EXPECT_EQ(deck.memory.cards, 60);
  ExpectRowsCurrent(2, 2);
  EXPECT_EQ(Count("SELECT count(*) FROM stats_memory_snapshot WHERE scope = 'deck=' || deck_id AND tag IS NULL"), 1);
}

TEST_F(StatsSnapshotTest, EachKindOfAnswerKeepsTheRowsExact) {
  struct Step {
    const char* what;
    std::vector<CardView> cards;
    int rating;
    AnswerMode mode;
  };
  const auto due = Cards(CardQueue::kReview, true);
  const auto later = Cards(CardQueue::kReview, false);
  const auto fresh_cards = Cards(CardQueue::kNew, false);
  const std::vector<Step> steps = {
      {"again on a due card", due, 1, AnswerMode::kNormal},
      {"good on a due card", due, 3, AnswerMode::kNormal},
      {"easy on a new card", fresh_cards, 4, AnswerMode::kNormal},
      {"good on a new card", fresh_cards, 3, AnswerMode::kNormal},
      {"early hard on a card due later", later, 2, AnswerMode::kEarly},
      {"cram again", later, 1, AnswerMode::kCram},
  };
  size_t i = 0;
  for (const Step& step : steps) {
    SCOPED_TRACE(step.what);
    ASSERT_FALSE(step.cards.empty());
    const StatsFilter filters[] = {{}, DeckFilter(), TagFilter()};
    for (const StatsFilter& f : filters) Derived(f);
    // Cards of the deck and of the tag, and one of neither.
    for (size_t k = 0; k < 3 && k < step.cards.size(); ++k) {
      clock_.AdvanceSeconds(60);
      AnswerCard(store_, step.cards[(i + k * 7) % step.cards.size()].card.id, step.rating, clock_.Now(), 4000,
                 nullptr, step.mode);
      ExpectRowsCurrent(3, 2);
    }
    i += 1;
    std::vector<std::string> followed;
    for (const StatsFilter& f : filters) followed.push_back(Derived(f));
    ExpectRowsCurrent(3, 2);
    DeleteRows();
    for (size_t k = 0; k < 3; ++k) EXPECT_EQ(followed[k], Derived(filters[k])) << "scope " << k;
  }
  // The again on a due card put it back in learning: answering it again
  // moves it within the day's learning steps.
  const auto learning = Cards(CardQueue::kLearning, false);
  Derived();
  AnswerCard(store_, learning.front().card.id, 3, clock_.Now(), 4000);
  ExpectRowsCurrent(3, 2);
  const std::string followed = Derived();
  EXPECT_EQ(followed, Fresh());
}

TEST_F(StatsSnapshotTest, OtherWritesMakeTheRowsStale) {
  const std::string fresh = Derived();
  PlantMemory();
  PlantReadiness();
  ASSERT_NE(Derived(), fresh);
  // A tag on a note whose card has a memory.
  const auto reviews = Cards(CardQueue::kReview, true);
  ASSERT_FALSE(reviews.empty());
  store_.AddTag(reviews.front().note.id, "新标签");
  EXPECT_EQ(Count("SELECT count(*) FROM stats_memory_snapshot WHERE generation = "
                  "(SELECT memory_generation FROM collection)"),
            0);
  const std::string tagged = Derived();
  EXPECT_EQ(tagged, Fresh());

  PlantMemory();
  PlantReadiness();
  const auto deck = store_.ListDecks().front();
  DeckOptions o = deck.options;
  o.desired_retention = 0.8;
  store_.SetDeckOptions(deck.id, o);
  const std::string after_options = Derived();
  EXPECT_EQ(after_options, Fresh());

  // Moving a card with a memory to another deck, deleting one, a reset.
  const auto decks = store_.ListDecks();
  ASSERT_GE(decks.size(), 2u);
  for (int step = 0; step < 3; ++step) {
    SCOPED_TRACE(step);
    const auto due = Cards(CardQueue::kReview, true);
    ASSERT_GE(due.size(), 3u);
    Derived(DeckFilter());
    PlantMemory();
    const CardView& v = due[static_cast<size_t>(step)];
    if (step == 0) store_.MoveCard(v.card.id, v.card.deck_id == decks[0].id ? decks[1].id : decks[0].id);
    if (step == 1) store_.DeleteCard(v.card.id);
    if (step == 2) detail::Db(store_).exec("UPDATE cards SET stability = stability * 2 WHERE id = " +
                                           std::to_string(v.card.id));
    const std::string all = Derived(), deck = Derived(DeckFilter());
    EXPECT_EQ(all, Fresh());
    EXPECT_EQ(deck, Fresh(DeckFilter()));
  }
}

// Writes that change no card's memory keep the memory rows (schema/0019:
// collection.memory_generation): a note added (its new card has never been
// answered), a tag on a note whose cards are all new, a card suspended or
// buried, an interview set. The rows kept then are those a pass gives.
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
  // A document imported (the bulk path, its triggers off: ImportWriter),
  // then imported again with its text changed.
  testing::TempDir dir;
  const std::string doc = dir.File("新题.md");
  for (const char* text : {"# 推理\n\n## 什么是 KV cache？\n\n缓存键和值。\n\n## 什么是 PagedAttention？\n\n分页管理显存。\n",
                           "# 推理\n\n## 什么是 KV cache？\n\n缓存每层的键和值。\n\n## 什么是 PagedAttention？\n\n分页管理显存。\n"}) {
    SCOPED_TRACE(text);
    testing::WriteFile(doc, text);
    for (const StatsFilter& f : filters) Derived(f);
    const int64_t before = detail::MemoryGeneration(store_);
    const auto summary = ImportFiles(store_, {doc}, ImportOptions{});
    ASSERT_EQ(summary.size(), 1u);
    ASSERT_GE(summary[0].added + summary[0].updated, 1);
    if (summary[0].added == 2) {
      EXPECT_EQ(detail::MemoryGeneration(store_), before);
      ExpectMemoryRowsCurrent(3);
    }
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

// An answer that lifts a card out of the lowest ones kept leaves one fewer;
// when fewer are left than a report shows, the row goes and the next report
// passes over the scope again. At every step the readiness is the one a pass
// gives.
TEST_F(StatsSnapshotTest, AnsweringTheLowestCardsDrainsTheKeptOnesAndStaysExact) {
  Derived();
  const Interview all = ListInterviews(store_).back();
  ASSERT_EQ(all.name, "all");
  const std::string kept_row = "SELECT count(*) FROM readiness_snapshot WHERE interview_id = " + std::to_string(all.id);
  std::vector<int> dropped;  // after which answers the row was gone
  for (int n = 0; n < 240; ++n) {
    const StatsReport r = ComputeStats(store_, {});
    ASSERT_EQ(r.interviews.size(), 2u);
    const Readiness& kept = r.interviews[1].readiness;
    const Readiness pass = ReadinessOfScope(store_, all, store_.RolloverHour(), 10);
    ASSERT_EQ(TextOf(kept), TextOf(pass)) << "after " << n << " answers";
    clock_.AdvanceSeconds(30);
    AnswerCard(store_, kept.at_risk.front().card_id, 4, clock_.Now(), 3000);
    if (Count(kept_row.c_str()) == 0) dropped.push_back(n + 1);
  }
  // 200 kept of which a report shows 10: at least 191 answers lift the
  // lowest out before the row goes; the next report makes it again.
  ASSERT_FALSE(dropped.empty());
  EXPECT_GE(dropped.front(), 191);
  EXPECT_EQ(Count(kept_row.c_str()), 1);
}

}  // namespace
}  // namespace recall

// The stats snapshots (schema/0016_stats_snapshots.sql,
// lib/src/stats/memory_snapshot.cpp, lib/src/interview/readiness_snapshot.cpp):
// a report's memory section and each interview's readiness are kept between
// reports, read back while the collection is unchanged, followed card by card
// by every answer, and computed again after a write that changes what they
// hold. A followed row gives exactly the report a fresh pass gives. The days
// ahead and the writes that keep the memory section:
// tests/stats_snapshot_days_test.cpp.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "stats_snapshot_fixture.h"

namespace recall {
namespace {

using snapshot_test::StatsSnapshotTest;
using snapshot_test::TextOf;
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
  o.algorithm = Algorithm::kSm2;  // (its other options keep the memory rows: schema/0021)
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

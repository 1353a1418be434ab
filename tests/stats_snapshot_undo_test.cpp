// The stats snapshots through an undo (recall::UndoAction): undoing an
// answer, a cram answer, a suspension or a burial brings the kept memory
// section and each interview's kept readiness through it in its transaction,
// as an answer does, so the report after it reads them; they equal a fresh
// pass. An edit's undo leaves them to the next report.

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "recall/review.h"
#include "stats_snapshot_fixture.h"

namespace recall {
namespace {

using snapshot_test::StatsSnapshotTest;

class SnapshotUndoTest : public StatsSnapshotTest {
 protected:
  void Report() {
    for (const StatsFilter& f : filters_) Derived(f);
  }
  // Undoes the last action and checks the rows it kept.
  void UndoAndExpectRowsKept() {
    const auto entry = store_.LastUndo();
    ASSERT_TRUE(entry);
    const int64_t generation = detail::StatusGeneration(store_);
    const auto undone = UndoAction(store_, *entry);
    ASSERT_TRUE(undone);
    EXPECT_EQ(undone->card_id, entry->card_id);
    EXPECT_GT(detail::StatusGeneration(store_), generation);
    ExpectRowsCurrent(3, 2);
    ExpectKeptEqualsFresh(filters_);
  }

  const StatsFilter filters_[3] = {{}, DeckFilter(), TagFilter()};
};

TEST_F(SnapshotUndoTest, UndoingAnActionKeepsTheRowsExact) {
  const auto due = Cards(CardQueue::kReview, true);
  const auto later = Cards(CardQueue::kReview, false);
  const auto fresh_cards = Cards(CardQueue::kNew, false);
  ASSERT_GE(due.size(), 4u);
  const std::vector<std::pair<const char*, std::function<void()>>> actions = {
      {"again on a due card", [&] { AnswerCard(store_, due[0].card.id, 1, clock_.Now(), 5000); }},
      {"good on a due card", [&] { AnswerCard(store_, due[1].card.id, 3, clock_.Now(), 5000); }},
      {"good on a new card", [&] { AnswerCard(store_, fresh_cards[0].card.id, 3, clock_.Now(), 5000); }},
      {"easy early on a card due later",
       [&] { AnswerCard(store_, later[0].card.id, 4, clock_.Now(), 5000, nullptr, AnswerMode::kEarly); }},
      {"cram", [&] { AnswerCard(store_, later[1].card.id, 1, clock_.Now(), 5000, nullptr, AnswerMode::kCram); }},
      {"a suspension", [&] { store_.SuspendCard(due[2].card.id, true); }},
      {"a burial", [&] { store_.BuryCard(due[3].card.id, store_.Today().today); }},
  };
  for (const auto& [what, action] : actions) {
    SCOPED_TRACE(what);
    clock_.AdvanceSeconds(90);
    Report();
    action();
    Report();
    UndoAndExpectRowsKept();
  }
  // Two answers on one card undone in turn, the second on a later day, when
  // the rows hold the days from that day on.
  clock_.AdvanceSeconds(60);
  AnswerCard(store_, due[1].card.id, 3, clock_.Now(), 4000);
  clock_.AdvanceSeconds(86400);
  Report();
  AnswerCard(store_, due[1].card.id, 1, clock_.Now(), 4000);
  Report();
  UndoAndExpectRowsKept();
  Report();  // the comparison left only the last scope's row
  UndoAndExpectRowsKept();
}

TEST_F(SnapshotUndoTest, TheReportAfterAnUndoReadsTheRows) {
  const auto due = Cards(CardQueue::kReview, true);
  AnswerCard(store_, due[0].card.id, 3, clock_.Now(), 4000);
  const StatsReport before = ComputeStats(store_, {});
  PlantMemory();
  PlantReadiness();
  ASSERT_TRUE(UndoAction(store_, *store_.LastUndo()));
  const StatsReport after = ComputeStats(store_, {});
  EXPECT_EQ(after.memory.cards, before.memory.cards + 1000);
  ASSERT_EQ(after.interviews.size(), 2u);
  EXPECT_EQ(after.interviews[1].readiness.cards, before.interviews[1].readiness.cards);
  EXPECT_GE(after.interviews[1].readiness.below_target, before.interviews[1].readiness.below_target + 999);
}

TEST_F(SnapshotUndoTest, AnEditsUndoLeavesThePassToTheReport) {
  const auto due = Cards(CardQueue::kReview, true);
  Note note = due[0].note;
  note.front = "改过的问题：什么是 NCCL？";
  note.tags = {"通信"};
  store_.UpdateNote(note, /*record_undo=*/true);
  Report();
  const auto entry = store_.LastUndo();
  ASSERT_TRUE(entry);
  ASSERT_EQ(entry->action, "edit");
  ASSERT_TRUE(UndoAction(store_, *entry));
  EXPECT_EQ(Count("SELECT count(*) FROM readiness_snapshot WHERE generation = "
                  "(SELECT generation FROM collection)"),
            0);
  ExpectKeptEqualsFresh(filters_);
}

}  // namespace
}  // namespace recall

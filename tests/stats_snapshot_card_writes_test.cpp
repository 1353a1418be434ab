// The stats snapshots through writes to one card other than an answer
// (lib/src/review/card_writes.cpp): undoing an answer, a cram answer, a
// suspension or a burial (recall::UndoAction), and moving a card to another
// deck (recall::MoveCardToDeck), bring the kept memory section and each
// interview's kept readiness through it in its transaction, as an answer
// does, so the report after it reads them; they equal a fresh pass. An
// edit's undo leaves them to the next report.

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

class CardWriteSnapshotTest : public StatsSnapshotTest {
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

TEST_F(CardWriteSnapshotTest, UndoingAnActionKeepsTheRowsExact) {
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

TEST_F(CardWriteSnapshotTest, TheReportAfterAnUndoReadsTheRows) {
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

TEST_F(CardWriteSnapshotTest, AnEditsUndoLeavesThePassToTheReport) {
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

// Cards moved into a deck and out of it: the deck's report scope and an
// interview over the deck gain and lose them. The first card of a topic the
// deck had none of leaves the deck's memory row to the next pass (a pass
// gives the topic a row); the next card of that topic is followed.
TEST_F(CardWriteSnapshotTest, MovingACardKeepsTheRowsExact) {
  const auto decks = store_.ListDecks();
  const Deck& target = decks.back();  // DeckFilter's
  Interview deck;
  deck.name = "deck";
  deck.day = store_.Today().today + 12;
  deck.decks = {InterviewDeck{target.id, target.name}};
  SaveInterview(store_, deck);
  const auto due = Cards(CardQueue::kReview, true);
  const CardView* first = nullptr;   // outside the deck
  const CardView* second = nullptr;  // outside, with the first one's tags
  const CardView* inside = nullptr;
  for (const CardView& v : due) {
    if (v.card.deck_id == target.id) {
      if (!inside) inside = &v;
    } else if (!first) {
      first = &v;
    } else if (!second && v.note.tags == first->note.tags) {
      second = &v;
    }
  }
  ASSERT_TRUE(first && second && inside);
  struct Move {
    int64_t card;
    int64_t to;
    int64_t memory_rows;  // current after it
  };
  const int64_t other = inside->card.deck_id == decks.front().id ? decks[1].id : decks.front().id;
  for (const Move& m : {Move{first->card.id, target.id, 2}, Move{second->card.id, target.id, 3},
                        Move{first->card.id, first->card.deck_id, 3}, Move{inside->card.id, other, 3}}) {
    SCOPED_TRACE(m.card);
    Report();
    const int64_t generation = detail::StatusGeneration(store_);
    MoveCardToDeck(store_, m.card, m.to);
    EXPECT_EQ(store_.GetCard(m.card)->deck_id, m.to);
    EXPECT_GT(detail::StatusGeneration(store_), generation);
    ExpectRowsCurrent(m.memory_rows, 3);
    ExpectKeptEqualsFresh(filters_);
  }
  EXPECT_THROW(MoveCardToDeck(store_, first->card.id, 424242), Error);
}

}  // namespace
}  // namespace recall

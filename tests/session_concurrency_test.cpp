// Two review sessions (two connections, as two processes have) on one
// collection: a stale answer is refused, undo stays within its session, a
// card deleted elsewhere is skipped (issue 9, "Answers and undo").

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "recall/error.h"
#include "recall/review.h"
#include "recall/session.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kNow = 1709283600;  // 2024-03-01T09:00:00Z

class SessionConcurrencyTest : public ::testing::Test {
 protected:
  SessionConcurrencyTest() {
    Store s = Store::Open(db_, clock_);
    DeckOptions o;
    o.fuzz = false;
    deck_a_ = s.CreateDeck("A", o).id;
    deck_b_ = s.CreateDeck("B", o).id;
    Note n1;
    n1.front = "a1";
    n1.back = "x";
    card_a_ = s.AddNote(&n1, deck_a_).id;
    Note n2;
    n2.front = "b1";
    n2.back = "y";
    card_b_ = s.AddNote(&n2, deck_b_).id;
  }
  static SessionOptions OnDeck(int64_t deck_id) {
    SessionOptions o;
    o.deck_id = deck_id;
    return o;
  }
  int64_t Count(const std::string& sql) {
    SQLite::Database db(db_);
    return db.execAndGet(sql).getInt64();
  }

  testing::TempDir dir_;
  std::string db_ = dir_.File("c.db");
  FixedClock clock_{Timestamp::FromSeconds(kNow)};
  int64_t deck_a_ = 0, deck_b_ = 0, card_a_ = 0, card_b_ = 0;
};

TEST_F(SessionConcurrencyTest, SecondAnswerToTheSameShownCardIsRefusedAndWritesNothing) {
  Store s1 = Store::Open(db_, clock_);
  Store s2 = Store::Open(db_, clock_);
  ReviewSession one(s1, {});
  ReviewSession two(s2, {});
  ASSERT_EQ(one.Advance(), SessionState::kCard);
  ASSERT_EQ(two.Advance(), SessionState::kCard);
  ASSERT_EQ(one.current().card.id, two.current().card.id);
  const int64_t id = one.current().card.id;
  one.Answer(3);
  const CardState after_one = s1.GetCard(id)->state;
  try {
    two.Answer(1);
    FAIL() << "stale answer applied";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kConflict);
    EXPECT_EQ(std::string(e.what()), StaleAnswerMessage(id));
  }
  EXPECT_EQ(s2.GetCard(id)->state, after_one);
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 1);
  EXPECT_EQ(Count("SELECT lapses FROM cards WHERE id = " + std::to_string(id)), 0);
  // The refused session moves on to the next card.
  ASSERT_EQ(two.Advance(), SessionState::kCard);
  EXPECT_NE(two.current().card.id, id);
}

TEST_F(SessionConcurrencyTest, AnswerCardWithAShownStateChecksIt) {
  Store s = Store::Open(db_, clock_);
  const CardState shown = s.GetCard(card_a_)->state;
  AnswerCard(s, card_a_, 3, clock_.Now(), 0, &shown);
  EXPECT_THROW(AnswerCard(s, card_a_, 3, clock_.Now(), 0, &shown), Error);
  EXPECT_EQ(s.RevlogOfCard(card_a_).size(), 1u);
}

TEST_F(SessionConcurrencyTest, UndoInASessionTakesBackOnlyItsOwnActions) {
  Store s1 = Store::Open(db_, clock_);
  Store s2 = Store::Open(db_, clock_);
  ReviewSession a(s1, OnDeck(deck_a_));
  ReviewSession b(s2, OnDeck(deck_b_));
  ASSERT_EQ(a.Advance(), SessionState::kCard);
  a.Answer(3);
  ASSERT_EQ(b.Advance(), SessionState::kCard);
  ASSERT_EQ(b.current().card.id, card_b_);
  b.Answer(3);  // newest in the collection
  const auto undone = a.Undo();
  ASSERT_TRUE(undone.has_value());
  EXPECT_EQ(undone->card_id, card_a_);
  EXPECT_EQ(s1.RevlogOfCard(card_b_).size(), 1u);  // B's answer stays
  EXPECT_EQ(s1.RevlogOfCard(card_a_).size(), 0u);
  ASSERT_EQ(a.Advance(), SessionState::kCard);
  EXPECT_EQ(a.current().card.id, card_a_);  // never B's card inside A
  // Nothing of A's is left to undo; B's answer is not A's to take back.
  EXPECT_FALSE(a.Undo().has_value());
  ReviewSession a2(s1, OnDeck(deck_a_));
  EXPECT_FALSE(a2.Undo().has_value());
  EXPECT_EQ(s1.RevlogOfCard(card_b_).size(), 1u);
}

TEST_F(SessionConcurrencyTest, UndoAfterRestartAdoptsOnlyAnEndedSessionsActionOnItsOwnDecks) {
  Store s = Store::Open(db_, clock_);
  {
    ReviewSession b(s, OnDeck(deck_b_));
    ASSERT_EQ(b.Advance(), SessionState::kCard);
    b.Answer(3);
  }  // ended
  ReviewSession a(s, OnDeck(deck_a_));
  EXPECT_FALSE(a.Undo().has_value());  // B's card is not in A's decks
  EXPECT_EQ(s.RevlogOfCard(card_b_).size(), 1u);
  ReviewSession b2(s, OnDeck(deck_b_));
  const auto undone = b2.Undo();
  ASSERT_TRUE(undone.has_value());
  EXPECT_EQ(undone->card_id, card_b_);
  EXPECT_EQ(s.RevlogOfCard(card_b_).size(), 0u);
  // A command's action (another process: another Store) is left to `recall undo`.
  Store command = Store::Open(db_, clock_);
  AnswerCard(command, card_b_, 3, clock_.Now(), 0);
  EXPECT_FALSE(b2.Undo().has_value());
}

TEST_F(SessionConcurrencyTest, SessionUndoRefusedWhenALaterActionElsewhereChangedTheCard) {
  Store s1 = Store::Open(db_, clock_);
  Store s2 = Store::Open(db_, clock_);
  ReviewSession a(s1, OnDeck(deck_a_));
  ASSERT_EQ(a.Advance(), SessionState::kCard);
  a.Answer(3);
  AnswerCard(s2, card_a_, 3, clock_.Now(), 0);  // `recall answer` on the same card
  const CardState now = s2.GetCard(card_a_)->state;
  EXPECT_THROW(a.Undo(), Error);
  EXPECT_EQ(s1.GetCard(card_a_)->state, now);
  EXPECT_EQ(s1.RevlogOfCard(card_a_).size(), 2u);
}

TEST_F(SessionConcurrencyTest, UndoEntriesNameTheirSessionUntilItEnds) {
  Store s1 = Store::Open(db_, clock_);
  int64_t session_id = 0;
  {
    ReviewSession a(s1, OnDeck(deck_a_));
    ASSERT_EQ(a.Advance(), SessionState::kCard);
    a.Answer(3);
    const auto e = s1.LastUndo();
    ASSERT_TRUE(e && e->session_id);
    session_id = *e->session_id;
    EXPECT_FALSE(e->session_ended);
    EXPECT_EQ(e->session_pid, ::getpid());
  }
  const auto e = s1.LastUndo();
  ASSERT_TRUE(e && e->session_id);
  EXPECT_EQ(*e->session_id, session_id);
  EXPECT_TRUE(e->session_ended);
  AnswerCard(s1, card_b_, 3, clock_.Now(), 0);  // a command: no session
  EXPECT_FALSE(s1.LastUndo()->session_id.has_value());
}

TEST_F(SessionConcurrencyTest, CardDeletedElsewhereWhileShownIsSkipped) {
  Store s1 = Store::Open(db_, clock_);
  Store s2 = Store::Open(db_, clock_);
  ReviewSession a(s1, {});
  ASSERT_EQ(a.Advance(), SessionState::kCard);
  const int64_t id = a.current().card.id;
  s2.DeleteCard(id);
  try {
    a.Answer(3);
    FAIL() << "answered a deleted card";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kConflict);
    EXPECT_EQ(std::string(e.what()), "card " + std::to_string(id) + " was deleted elsewhere; skipped");
  }
  ASSERT_EQ(a.Advance(), SessionState::kCard);
  EXPECT_NE(a.current().card.id, id);
  const int64_t other = a.current().card.id;
  s2.DeleteCard(other);
  EXPECT_THROW(a.Suspend(), Error);
  EXPECT_EQ(a.Advance(), SessionState::kDone);
}

}  // namespace
}  // namespace recall

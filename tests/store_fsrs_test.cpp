// The store's FSRS parts: migration 0003 from a collection with data, memory
// columns saved and restored by undo, collection parameters, and switching a
// deck to fsrs replaying every card's review log.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <string>

#include "recall/fsrs.h"
#include "recall/memory.h"
#include "recall/review.h"
#include "recall/store.h"
#include "store/migrations.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kStart = 1704110400;  // 2024-01-01 12:00 UTC

TEST(StoreFsrsTest, MigrationKeepsEveryDeckColumnAndRow) {
  testing::TempDir dir;
  const std::string path = dir.File("v2.db");
  {
    // A collection at the schema before FSRS, with a customised sm2 deck and
    // a card in it.
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("PRAGMA foreign_keys = ON");
    for (const auto& m : detail::Migrations()) {
      if (std::string(m.name).find("_fsrs.sql") != std::string::npos) break;
      db.exec(m.sql);
      db.exec("PRAGMA user_version = " + std::to_string(m.version));
    }
    db.exec("INSERT INTO collection (id, created_s) VALUES (1, 5)");
    db.exec(
        "INSERT INTO decks (id, name, created_s, modified_s, algorithm, new_per_day, learn_steps, "
        "easy_bonus, "
        "rollover_hour, max_answer_secs) VALUES (77, '面试::LLM', 1, 2, 'sm2', 7, '2 20', 1.45, 6, 90)");
    db.exec(
        "INSERT INTO notes (id, guid, front, back, created_s, modified_s) VALUES (1, 'g', 'q', 'a', 1, 1)");
    db.exec(
        "INSERT INTO cards (id, note_id, deck_id, type, queue, due, ivl, ease, reps, modified_s) "
        "VALUES (9, 1, 77, 2, 2, 19800, 12, 2360, 4, 3)");
  }
  FixedClock clock(Timestamp::FromSeconds(kStart));
  Store store = Store::Open(path, clock);
  ASSERT_EQ(store.SchemaVersion(), Store::LatestSchemaVersion());
  const auto deck = store.GetDeck(77);
  ASSERT_TRUE(deck);
  EXPECT_EQ(deck->name, "面试::LLM");
  EXPECT_EQ(deck->created_s, 1);
  EXPECT_EQ(deck->modified_s, 2);
  EXPECT_EQ(deck->options.algorithm, Algorithm::kSm2);
  EXPECT_EQ(deck->options.new_per_day, 7);
  EXPECT_EQ(deck->options.learn_steps_minutes, (std::vector<double>{2, 20}));
  EXPECT_EQ(deck->options.easy_bonus, 1.45);
  EXPECT_EQ(store.RolloverHour(), 6);  // the collection's now (migration 0011)
  EXPECT_EQ(deck->options.answer_time_cap_seconds, 90);
  EXPECT_EQ(deck->options.desired_retention, 0.9);
  const auto card = store.GetCard(9);
  ASSERT_TRUE(card);
  EXPECT_EQ(card->deck_id, 77);
  EXPECT_EQ(card->state.interval, 12);
  EXPECT_FALSE(card->state.memory);
  // The rebuilt decks table is still the cards' parent.
  EXPECT_THROW(detail::Db(store).exec("DELETE FROM decks WHERE id = 77"), SQLite::Exception);
  EXPECT_EQ(detail::Db(store).execAndGet("SELECT count(*) FROM pragma_foreign_key_check").getInt(), 0);
  // fsrs is now allowed, and the SM-2 fallback covers the card's missing log.
  DeckOptions o = deck->options;
  o.algorithm = Algorithm::kFsrs;
  store.SetDeckOptions(77, o);
  const auto switched = store.GetCard(9);
  ASSERT_TRUE(switched->state.memory);
  EXPECT_EQ(*switched->state.memory, FsrsStateFromSm2(DefaultFsrsParams(), 2.36, 12, 0.9));
  EXPECT_EQ(switched->state.interval, 12);
  EXPECT_EQ(switched->state.due, 19800);
}

class StoreFsrsAnswerTest : public ::testing::Test {
 protected:
  StoreFsrsAnswerTest()
      : tz_("UTC"), clock_(Timestamp::FromSeconds(kStart)), store_(Store::OpenInMemory(clock_)) {}
  int64_t AddCard(int64_t deck_id) {
    Note n;
    n.front = "问题";
    n.back = "答案";
    return store_.AddNote(&n, deck_id).id;
  }
  void AnswerAt(int64_t card_id, int rating, int64_t at) {
    clock_.Set(Timestamp::FromSeconds(at));
    AnswerCard(store_, card_id, rating, clock_.Now(), 1000);
  }

  testing::ScopedTimeZone tz_;
  FixedClock clock_;
  Store store_;
};

TEST_F(StoreFsrsAnswerTest, AnswerSavesMemoryAndUndoRestoresIt) {
  DeckOptions o;
  o.algorithm = Algorithm::kFsrs;
  o.learn_steps_minutes = {};
  const Deck d = store_.CreateDeck("F", o);
  const int64_t id = AddCard(d.id);
  AnswerAt(id, 3, kStart);
  const CardState first = store_.GetCard(id)->state;
  ASSERT_TRUE(first.memory);
  EXPECT_EQ(first.memory->stability, 2.3065);
  EXPECT_EQ(first.last_review_s, kStart);
  AnswerAt(id, 1, kStart + 2 * 86400);
  EXPECT_NE(store_.GetCard(id)->state.memory, first.memory);
  store_.Undo();
  EXPECT_EQ(store_.GetCard(id)->state, first);
}

TEST_F(StoreFsrsAnswerTest, ParametersDriveAnswersAndReplayEveryCard) {
  const Deck d = store_.CreateDeck("A", DeckOptions{});
  const int64_t id = AddCard(d.id);
  AnswerAt(id, 3, kStart);
  AnswerAt(id, 3, kStart + 600);
  AnswerAt(id, 3, kStart + 86400);
  EXPECT_EQ(store_.FsrsParameters(), DefaultFsrsParams());
  FsrsParams w = DefaultFsrsParams();
  w[2] = 3.5;  // S0(Good)
  store_.SetFsrsParameters(w);
  EXPECT_EQ(store_.FsrsParameters(), w);
  // The card's state is replayed with the new parameters.
  const auto replayed = MemoryFromReviewLog(store_.RevlogOfCard(id), Algorithm::kAnki, w);
  ASSERT_TRUE(replayed);
  EXPECT_EQ(*store_.GetCard(id)->state.memory, replayed->state);
  MemoryState want = FsrsNextState(w, std::nullopt, 0, 3);
  want = FsrsNextState(w, want, 0, 3);
  want = FsrsNextState(w, want, 1, 3);
  EXPECT_EQ(replayed->state, want);
  // MemoryModel reads it with today's retrievability.
  const auto m = MemoryModel(store_).ForCard(*store_.GetCard(id), Timestamp::FromSeconds(kStart + 3 * 86400));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->elapsed_days, 2);
  EXPECT_DOUBLE_EQ(m->retrievability, FsrsRetrievability(w, 2, want.stability));
}

TEST_F(StoreFsrsAnswerTest, MemoryModelReplaysCardsWithoutAState) {
  const Deck d = store_.CreateDeck("A", DeckOptions{});
  const int64_t id = AddCard(d.id);
  AnswerAt(id, 4, kStart);
  // As a collection from before FSRS support would have it.
  detail::Db(store_).exec("UPDATE cards SET stability = NULL, difficulty = NULL, last_review_s = 0");
  const auto m = MemoryModel(store_).ForCard(*store_.GetCard(id), Timestamp::FromSeconds(kStart + 86400));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->state.stability, 8.2956);
  EXPECT_EQ(m->elapsed_days, 1);
  EXPECT_FALSE(MemoryModel(store_).ForCard(*store_.GetCard(AddCard(d.id)), clock_.Now()));
}

TEST_F(StoreFsrsAnswerTest, AnsweringACardWithoutAStateReplaysItsLogFirst) {
  const Deck d = store_.CreateDeck("A", DeckOptions{});
  const int64_t id = AddCard(d.id);
  AnswerAt(id, 4, kStart);  // Easy: graduates, S0(Easy) = 8.2956
  detail::Db(store_).exec("UPDATE cards SET stability = NULL, difficulty = NULL, last_review_s = 0");
  AnswerAt(id, 3, kStart + 4 * 86400);
  const FsrsParams& w = DefaultFsrsParams();
  EXPECT_EQ(*store_.GetCard(id)->state.memory, FsrsNextState(w, FsrsNextState(w, std::nullopt, 0, 4), 4, 3));
}

}  // namespace
}  // namespace recall

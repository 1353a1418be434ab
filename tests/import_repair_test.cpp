// Out-of-range card states a package brings are repaired on import, as
// Anki's Check Database repairs them, and named in the import summary;
// `recall check` then reports nothing. And export handles every state the
// store keeps (issue 9): a review card without answers, ids in the future.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "package_support.h"
#include "recall/anki.h"
#include "recall/check.h"
#include "recall/review.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::EditPackage;
using testing::TempDir;

constexpr int64_t kNow = 1710061200;  // 2024-03-10 09:00 UTC

class ImportRepairTest : public ::testing::Test {
 protected:
  ImportRepairTest() : clock_(Timestamp::FromSeconds(kNow)), store_(Store::OpenInMemory(clock_)) {
    setenv("TZ", "UTC", 1);
    tzset();
    Store source = Store::OpenInMemory(clock_);
    const Deck deck = source.CreateDeck("D", DeckOptions{});
    Note n;
    n.front = "q";
    n.back = "a";
    card_id_ = source.AddNote(&n, deck.id).id;
    for (int i = 0; i < 3; ++i) {  // learning, review 1 day, review 3 days
      AnswerCard(source, card_id_, 3, clock_.Now(), 1000);
      clock_.AdvanceSeconds(86400);
    }
    ExportOptions o;
    o.with_scheduling = true;
    ExportApkg(source, good_, o);
  }
  std::string Edited(const std::vector<std::string>& sql) {
    const std::string apkg = dir_.File("edited.apkg");
    EditPackage(good_, apkg, sql, dir_.File("scratch.anki2"));
    return apkg;
  }
  Card Imported() const {
    const auto cards = store_.ListCards(CardQuery{});
    EXPECT_EQ(cards.size(), 1u);
    return cards.empty() ? Card{} : cards[0].card;
  }
  // recall check finds nothing, and the collection exports with scheduling.
  void ExpectSound() {
    EXPECT_EQ(CheckCollection(store_).problems, std::vector<std::string>{});
    ExportOptions o;
    o.with_scheduling = true;
    EXPECT_NO_THROW(ExportApkg(store_, dir_.File("again.apkg"), o));
  }

  TempDir dir_;
  const std::string good_ = dir_.File("good.apkg");
  FixedClock clock_;
  Store store_;
  int64_t card_id_ = 0;
};

TEST_F(ImportRepairTest, ASoundPackageNeedsNoRepair) {
  const auto s = ImportApkg(store_, good_, {});
  EXPECT_EQ(s.repaired, std::vector<std::string>{});
  EXPECT_EQ(Imported().state.reps, 3);
  ExpectSound();
}

TEST_F(ImportRepairTest, ALearningCardDueBefore1970IsDueNow) {
  const auto s = ImportApkg(store_, Edited({"UPDATE cards SET type = 1, queue = 1, due = 5, left = 1"}), {});
  EXPECT_EQ(s.repaired, std::vector<std::string>{"learning cards due before 1970: 1 (due now)"});
  EXPECT_EQ(Imported().state.due, clock_.Now().Seconds());
  ExpectSound();
}

TEST_F(ImportRepairTest, AReviewCardDueAtInt32MaxIsDueToday) {
  const auto s = ImportApkg(store_, Edited({"UPDATE cards SET due = 2147483647"}), {});
  EXPECT_EQ(s.repaired, std::vector<std::string>{"review cards due past any calendar: 1 (due today)"});
  EXPECT_EQ(Imported().state.due, store_.Today().today.n);
  ExpectSound();
}

TEST_F(ImportRepairTest, AReviewCardWithInterval0AndFactor0GetsInterval1AndTheDefaultEase) {
  const auto s = ImportApkg(store_, Edited({"UPDATE cards SET ivl = 0, factor = 0"}), {});
  EXPECT_EQ(s.repaired, (std::vector<std::string>{"review cards with interval 0: 1 (interval 1 day)",
                                                  "review cards with ease 0: 1 (ease 250%)"}));
  const Card c = Imported();
  EXPECT_EQ(c.state.interval, 1);
  EXPECT_EQ(c.state.ease, 2500);
  ExpectSound();
}

TEST_F(ImportRepairTest, AnEaseBelow130PercentIsRaisedTo130) {
  const auto s = ImportApkg(store_, Edited({"UPDATE cards SET factor = 900"}), {});
  EXPECT_EQ(s.repaired, std::vector<std::string>{"review cards with ease below 130%: 1 (ease 130%)"});
  EXPECT_EQ(Imported().state.ease, 1300);
  ExpectSound();
}

TEST_F(ImportRepairTest, MoreReviewLogRowsThanAnswersRaisesTheAnswers) {
  const auto s = ImportApkg(store_, Edited({"UPDATE cards SET reps = 1"}), {});
  EXPECT_EQ(s.repaired,
            std::vector<std::string>{
                "cards with more review log rows than answers: 1 (answers raised to the row count)"});
  EXPECT_EQ(Imported().state.reps, 3);
  ExpectSound();
}

TEST_F(ImportRepairTest, ADryRunCountsTheRepairsAndWritesNothing) {
  ApkgImportOptions o;
  o.dry_run = true;
  const auto s = ImportApkg(store_, Edited({"UPDATE cards SET ivl = 0"}), o);
  EXPECT_EQ(s.repaired, std::vector<std::string>{"review cards with interval 0: 1 (interval 1 day)"});
  EXPECT_TRUE(store_.ListCards(CardQuery{}).empty());
}

// The smallest id, the largest id and the row count of `table` in the
// package's collection.
std::vector<int64_t> IdRange(const std::string& apkg, const std::string& scratch, const char* table) {
  testing::ExtractCollection(apkg, scratch);
  SQLite::Database db(scratch, SQLite::OPEN_READONLY);
  SQLite::Statement q(db, std::string("SELECT min(id), max(id), count(*) FROM ") + table);
  q.executeStep();
  return {q.getColumn(0).getInt64(), q.getColumn(1).getInt64(), q.getColumn(2).getInt64()};
}

TEST_F(ImportRepairTest, ExportHandlesAReviewCardWithoutAnswers) {
  // A review card with reps 0 and no review log: nothing to repair (its
  // answers match its rows), and export writes reps 1 (Anki's rule).
  ImportApkg(store_, Edited({"DELETE FROM revlog", "UPDATE cards SET reps = 0"}), {});
  EXPECT_EQ(Imported().state.reps, 0);
  ExpectSound();
}

TEST_F(ImportRepairTest, ExportHandlesReviewLogIdsInTheFuture) {
  // INT64_MAX and the year 2200: kept by the store (merged by id), renumbered
  // in the package to ids at or before now.
  ImportApkg(store_,
             Edited({"UPDATE revlog SET id = 9223372036854775807 WHERE id = (SELECT max(id) FROM revlog)",
                     "UPDATE revlog SET id = 7258118400000 WHERE id = (SELECT min(id) FROM revlog)"}),
             {});
  ASSERT_EQ(store_.RevlogOfCard(Imported().id).size(), 3u);
  ExpectSound();
  const auto range = IdRange(dir_.File("again.apkg"), dir_.File("read.anki2"), "revlog");
  EXPECT_EQ(range[2], 3);
  EXPECT_LE(range[1], clock_.Now().ms);
  // The package imports into a new collection with all its rows.
  Store other = Store::OpenInMemory(clock_);
  const auto s = ImportApkg(other, dir_.File("again.apkg"), {});
  EXPECT_EQ(s.revlog_added, 3);
  EXPECT_EQ(CheckCollection(other).problems, std::vector<std::string>{});
}

TEST_F(ImportRepairTest, ExportHandlesNotesAndCardsCreatedWithTheClockAhead) {
  clock_.Set(Timestamp::FromSeconds(kNow + 100LL * 365 * 86400));  // a run in 2124
  const Deck deck = store_.CreateDeck("Ahead", DeckOptions{});
  Note n;
  n.front = "from the future";
  n.back = "b";
  const Card added = store_.AddNote(&n, deck.id);
  AnswerCard(store_, added.id, 3, clock_.Now(), 1000);
  clock_.Set(Timestamp::FromSeconds(kNow));  // the clock is right again
  ExpectSound();
  for (const char* table : {"notes", "cards", "revlog"}) {
    const auto range = IdRange(dir_.File("again.apkg"), dir_.File("read.anki2"), table);
    EXPECT_EQ(range[2], 1) << table;
    EXPECT_LE(range[1], clock_.Now().ms) << table;
  }
  Store other = Store::OpenInMemory(clock_);
  const auto s = ImportApkg(other, dir_.File("again.apkg"), {});
  EXPECT_EQ(s.notes_added, 1);
  EXPECT_EQ(s.revlog_added, 1);
  const auto cards = other.ListCards(CardQuery{});
  ASSERT_EQ(cards.size(), 1u);
  EXPECT_EQ(other.RevlogOfCard(cards[0].card.id).size(), 1u);
}

}  // namespace
}  // namespace recall

// Store invariants that hostile input or a wrong clock must not break
// (issue 9): revlog ids, ids under an extreme clock, stored text.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "recall/review.h"
#include "recall/store.h"
#include "recall/text.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kNow = 1709283600;  // 2024-03-01T09:00:00Z

int64_t AddCard(Store& store, int64_t deck) {
  Note n;
  n.front = "f";
  n.back = "b";
  return store.AddNote(&n, deck).id;
}

TEST(StoreHardeningTest, AnImportedRevlogIdOfInt64MaxOrInTheFutureDoesNotBreakLaterAnswers) {
  testing::TempDir dir;
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::Open(dir.File("c.db"), clock);
  const int64_t deck = store.CreateDeck("D", DeckOptions{}).id;
  const int64_t a = AddCard(store, deck);
  const int64_t b = AddCard(store, deck);
  {
    SQLite::Database raw(dir.File("c.db"), SQLite::OPEN_READWRITE);
    raw.exec(
        "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, ease_before, "
        "duration_ms, day) VALUES (" +
        std::to_string(std::numeric_limits<int64_t>::max()) + ", " + std::to_string(a) +
        ", 3, 0, 0, 0, 0, 0, 0, 0, 19783), (1900000000000, " + std::to_string(a) +
        ", 3, 0, 0, 0, 0, 0, 0, 0, 19783), (" + std::to_string(kNow * 1000) + ", " + std::to_string(a) +
        ", 3, 0, 0, 0, 0, 0, 0, 0, 19783)");
  }
  // The answer time is taken: the next free id after it, not max(id) + 1.
  EXPECT_EQ(AnswerCard(store, b, 3, clock.Now(), 0).revlog_id, kNow * 1000 + 1);
  EXPECT_EQ(AnswerCard(store, b, 3, clock.Now(), 0).revlog_id, kNow * 1000 + 2);
  clock.AdvanceSeconds(60);
  EXPECT_EQ(AnswerCard(store, a, 3, clock.Now(), 0).revlog_id, (kNow + 60) * 1000);
}

TEST(StoreHardeningTest, IdsStayValidWhateverTheClockSays) {
  FixedClock clock(Timestamp::FromSeconds(0));  // 1970
  Store store = Store::OpenInMemory(clock);
  const Deck deck = store.CreateDeck("D", DeckOptions{});
  EXPECT_EQ(deck.id, 946684800000);                 // 2000-01-01, never Anki's Default deck id 1
  clock.Set(Timestamp::FromSeconds(253402300799));  // 9999-12-31
  const int64_t card = AddCard(store, deck.id);
  EXPECT_EQ(card, 7258118400000);  // 2200-01-01
}

TEST(StoreHardeningTest, CleanStoredTextKeepsValidUtf8WithoutControls) {
  EXPECT_EQ(CleanStoredText("a\x1f"
                            "b\x1b[31mc\x07\x7f"),
            "ab[31mc");
  EXPECT_EQ(CleanStoredText("l1\r\nl2\rl3\n\tx"), "l1\nl2\nl3\n\tx");
  EXPECT_EQ(CleanStoredText("中文\xC2\x9B"
                            "x"),
            "中文x");  // C1 CSI dropped
  EXPECT_EQ(CleanStoredText("\xED\xA0\x80|\xFF|\xC0\xAF"),
            "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD|\xEF\xBF\xBD|"
            "\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(CleanStoredText("t\tag\n", StoredTextKind::kToken), "tag");
  EXPECT_EQ(CleanStoredText(std::string("a\0b", 3)), "ab");
}

TEST(StoreHardeningTest, AddAndUpdateStoreCleanedText) {
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  const int64_t deck = store.CreateDeck("D", DeckOptions{}).id;
  Note n;
  n.front = "q\x1f";
  n.back = "a\x1b";
  n.guid = "g\x1fh";
  n.tags = {"x\x01y"};
  const Card card = store.AddNote(&n, deck);
  Note stored = *store.GetNote(card.note_id);
  EXPECT_EQ(stored.front, "q");
  EXPECT_EQ(stored.back, "a");
  EXPECT_EQ(stored.guid, "gh");
  EXPECT_EQ(stored.tags, std::vector<std::string>{"xy"});
  stored.front = "new\x1f";
  store.UpdateNote(stored);
  EXPECT_EQ(store.GetNote(card.note_id)->front, "new");
}

}  // namespace
}  // namespace recall

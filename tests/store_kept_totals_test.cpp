// The counts kept by triggers for the interactive commands (issue 14):
// deck_card_counts (schema/0009_scale_indexes.sql) and deck_due_totals
// (0015_deck_due_totals.sql) against counts of the cards table after every
// kind of write, and the plans the indexes of 0009 are for.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "recall/review.h"
#include "recall/store.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kNow = 1735722000;  // 2025-01-01 09:00 UTC

// deck_card_counts (0009_scale_indexes.sql) as its triggers keep it, against
// a count of the cards table: "deck queue n" rows.
std::vector<std::string> KeptCounts(Store& store, bool from_cards) {
  SQLite::Statement st(detail::Db(store),
                       from_cards
                           ? "SELECT deck_id, queue, count(*) FROM cards GROUP BY 1, 2 ORDER BY 1, 2"
                           : "SELECT deck_id, queue, n FROM deck_card_counts WHERE n > 0 ORDER BY 1, 2");
  std::vector<std::string> out;
  while (st.executeStep()) {
    out.push_back(st.getColumn(0).getString() + " " + st.getColumn(1).getString() + " " +
                  st.getColumn(2).getString());
  }
  return out;
}

// The plans the indexes of 0009_scale_indexes.sql are for.
TEST(ScaleIndexesTest, DrillsAndDueListingsUseTheirIndexes) {
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  auto plan = [&](const std::string& sql) {
    SQLite::Statement st(detail::Db(store), "EXPLAIN QUERY PLAN " + sql);
    std::string out;
    while (st.executeStep()) out += st.getColumn(3).getString() + "\n";
    return out;
  };
  EXPECT_NE(
      plan("SELECT c.id FROM cards c WHERE c.deck_id = ?1 AND c.queue = 2 AND c.due > ?2 AND c.drill = 1 "
           "AND c.type != 0 AND c.due - c.ivl = ?2")
          .find("USING INDEX cards_drill (deck_id=? AND queue=? AND due>?)"),
      std::string::npos);
  EXPECT_NE(plan("UPDATE cards SET queue = 0 WHERE queue IN (-2, -3) AND buried_day < ?")
                .find("USING INDEX cards_queue_due (queue=?)"),
            std::string::npos);
  const std::string due = plan(
      "SELECT c.id FROM cards c WHERE ((c.queue = 1 AND c.due <= ?1) OR (c.queue IN (2, 3) AND c.due <= "
      "?2))");
  EXPECT_NE(due.find("MULTI-INDEX OR"), std::string::npos) << due;
  EXPECT_NE(due.find("INDEX cards_queue_due (queue=? AND due<?)"), std::string::npos) << due;
}

// deck_due_totals (0015_deck_due_totals.sql) against a count of the cards
// table: "deck queue due n" rows of review and day-learning cards, and no
// row left at 0.
std::vector<std::string> KeptDueTotals(Store& store, bool from_cards) {
  SQLite::Statement st(detail::Db(store),
                       from_cards ? "SELECT deck_id, queue, due, count(*) FROM cards WHERE queue IN (2, 3) "
                                    "GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"
                                  : "SELECT deck_id, queue, due, n FROM deck_due_totals ORDER BY 1, 2, 3");
  std::vector<std::string> out;
  while (st.executeStep()) {
    out.push_back(st.getColumn(0).getString() + " " + st.getColumn(1).getString() + " " +
                  st.getColumn(2).getString() + " " + st.getColumn(3).getString());
  }
  return out;
}

// Thirty days of random answers, suspensions, buries, moves, deletions,
// undos and a deck deletion over three decks (anki, sm2, and one whose steps
// of days make day learning): after each day the kept totals equal
// a recount, and the due counts of bare `recall` and `recall decks` equal
// counts of the cards table.
TEST(DeckDueTotalsTest, TriggersKeepTheDueTotalsOfEveryWrite) {
  testing::ScopedTimeZone zone("UTC");
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  DeckOptions sm2;
  sm2.algorithm = Algorithm::kSm2;
  DeckOptions day_steps;  // steps of a day and more: day learning (queue 3)
  day_steps.learn_steps_minutes = {1440, 2880};
  day_steps.relearn_steps_minutes = {1440};
  std::vector<Deck> decks{store.CreateDeck("A", {}), store.CreateDeck("A::B", sm2),
                          store.CreateDeck("C", day_steps)};
  std::vector<int64_t> cards;
  for (int i = 0; i < 60; ++i) {
    Note n;
    n.front = "q" + std::to_string(i);
    n.back = "a";
    cards.push_back(store.AddNote(&n, decks[static_cast<size_t>(i % 3)].id).id);
  }
  std::mt19937_64 rng(7);
  bool deleted_deck = false;
  std::map<int, int64_t> kept;  // queue -> the most cards the totals held
  for (int day = 0; day < 30; ++day) {
    SCOPED_TRACE(day);
    clock.Set(Timestamp::FromSeconds(kNow + day * 86400));
    for (const int64_t id : cards) {
      const auto card = store.GetCard(id);
      if (!card || rng() % 3 == 0) continue;
      const auto deck = store.GetDeck(card->deck_id);
      const Algorithm algorithm = deck->options.algorithm;
      const int lo = MinRating(algorithm), hi = MaxRating(algorithm);
      const int rating = lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1));
      try {
        AnswerCard(store, id, rating, clock.Now(), 4000);
      } catch (const Error&) {
        // suspended or buried: not answerable today
      }
    }
    const int64_t some = cards[rng() % cards.size()];
    if (store.GetCard(some)) {
      switch (rng() % 5) {
        case 0:
          store.SuspendCard(some, true);
          break;
        case 1:
          store.SuspendCard(some, false);
          break;
        case 2:
          store.BuryCard(some, store.Today().today);
          break;
        case 3:
          store.MoveCard(some, decks[rng() % decks.size()].id);
          break;
        default:
          store.DeleteCard(some);
          break;
      }
    }
    if (day % 4 == 3) store.Undo();
    if (day == 25 && !deleted_deck) {
      store.DeleteDeck(decks[2].id);
      decks.pop_back();
      deleted_deck = true;
    }
    ASSERT_EQ(KeptDueTotals(store, false), KeptDueTotals(store, true));
    SQLite::Statement queues(detail::Db(store), "SELECT queue, sum(n) FROM deck_due_totals GROUP BY 1");
    while (queues.executeStep()) {
      kept[queues.getColumn(0).getInt()] =
          std::max(kept[queues.getColumn(0).getInt()], queues.getColumn(1).getInt64());
    }
    const Day today = store.Today().today;
    SQLite::Statement count(detail::Db(store),
                            "SELECT count(*) FILTER (WHERE queue = 2 AND due <= ?1), "
                            "count(*) FILTER (WHERE (queue = 1 AND due <= ?2) OR (queue = 3 AND due <= ?1)) "
                            "FROM cards");
    count.bind(1, static_cast<int64_t>(today.n));
    count.bind(2, static_cast<int64_t>(clock.Now().Seconds()));
    ASSERT_TRUE(count.executeStep());
    const DueCounts all = store.CountDue(std::nullopt, clock.Now(), today);
    EXPECT_EQ(all.review, count.getColumn(0).getInt64());
    EXPECT_EQ(all.learning, count.getColumn(1).getInt64());
    int64_t by_deck = 0;
    for (const auto& [id, c] : store.CountDueByDeck(clock.Now(), today)) by_deck += c.review;
    EXPECT_EQ(by_deck, all.review);
  }
  // The answers made review cards and day learning: the totals were not
  // trivially empty.
  EXPECT_GT(kept[2], 20);
  EXPECT_GT(kept[3], 0);
}

TEST(DeckCardCountsTest, TriggersKeepTheCountsOfEveryWrite) {
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  const Deck a = store.CreateDeck("A", {});
  const Deck b = store.CreateDeck("A::B", {});
  std::vector<Card> cards;
  for (int i = 0; i < 6; ++i) {
    Note n;
    n.front = "q" + std::to_string(i);
    n.back = "a";
    cards.push_back(store.AddNote(&n, i % 2 ? b.id : a.id));
  }
  EXPECT_EQ(KeptCounts(store, false),
            (std::vector<std::string>{std::to_string(a.id) + " 0 3", std::to_string(b.id) + " 0 3"}));
  AnswerCard(store, cards[0].id, 3, clock.Now(), 0);  // new -> learning
  store.SuspendCard(cards[1].id, true);
  store.BuryCard(cards[2].id, store.Today().today);
  store.MoveCard(cards[3].id, a.id);
  store.DeleteCard(cards[4].id);
  EXPECT_EQ(KeptCounts(store, false), KeptCounts(store, true));
  const DueCounts all = store.CountDue(std::nullopt, clock.Now(), store.Today().today);
  EXPECT_EQ(all.total_cards, 5);
  EXPECT_EQ(all.new_cards, 2);  // cards 3 and 5
  EXPECT_EQ(all.suspended, 1);
  const DueCounts of_b = store.CountDue(b.id, clock.Now(), store.Today().today);
  EXPECT_EQ(of_b.total_cards, 2);  // cards 1 (suspended) and 5
  EXPECT_EQ(of_b.new_cards, 1);
  ASSERT_TRUE(store.Undo());  // the bury
  EXPECT_EQ(KeptCounts(store, false), KeptCounts(store, true));
  store.DeleteDeck(b.id);
  EXPECT_EQ(KeptCounts(store, false), KeptCounts(store, true));
}

}  // namespace
}  // namespace recall

#include "recall/check.h"

#include <gtest/gtest.h>

#include "store/store_impl.h"

namespace recall {
namespace {

class CheckTest : public ::testing::Test {
 protected:
  FixedClock clock_{Timestamp::FromSeconds(1704099600)};
  Store store_ = Store::OpenInMemory(clock_);
};

TEST_F(CheckTest, EmptyCollectionIsSound) {
  const CheckReport r = CheckCollection(store_);
  EXPECT_EQ(r.notes, 0);
  EXPECT_EQ(r.cards, 0);
  EXPECT_TRUE(r.problems.empty());
}

TEST_F(CheckTest, ReportsEachBrokenInvariantByCardId) {
  const Deck deck = store_.CreateDeck("面试", DeckOptions{});
  Note note;
  note.front = "问";
  note.back = "答";
  const Card card = store_.AddNote(&note, deck.id);
  EXPECT_TRUE(CheckCollection(store_).problems.empty());

  // A review card with no interval, an ease below the floor and a time as its due.
  detail::Db(store_).exec("UPDATE cards SET type = 2, queue = 2, ivl = 0, ease = 1000, due = 1704099600");
  const CheckReport r = CheckCollection(store_);
  const std::string id = std::to_string(card.id);
  EXPECT_EQ(r.cards, 1);
  EXPECT_EQ(r.problems, (std::vector<std::string>{
                            "card " + id + ": review card with interval 0",
                            "card " + id + ": review card of an anki deck with ease below 1300",
                            "card " + id + ": review or day-learning card whose due is not a day",
                        }));
}

TEST_F(CheckTest, ReportsMoreLogRowsThanAnswers) {
  const Deck deck = store_.CreateDeck("d", DeckOptions{});
  Note note;
  note.front = "f";
  note.back = "b";
  const Card card = store_.AddNote(&note, deck.id);
  detail::Db(store_).exec("INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                          "ease_before, duration_ms, day) VALUES (1, " + std::to_string(card.id) +
                          ", 3, 0, 0, -600, 0, 0, 0, 1000, 19723)");
  EXPECT_EQ(CheckCollection(store_).problems,
            std::vector<std::string>{"card " + std::to_string(card.id) +
                                     ": card with fewer answers than review log rows"});
}

}  // namespace
}  // namespace recall

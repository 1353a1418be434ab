// Readiness on known memory states: per-card recall on the day, topics with
// their parents, weakest first, at-risk cards; and the cards a store gives.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "recall/fsrs.h"
#include "recall/interview.h"
#include "recall/readiness.h"
#include "recall/review.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

// FSRS-6 retrievability restated: R(t, S) = (1 + f t / S)^-d with d = w20
// and f = 0.9^(-1/d) - 1, so that R(S, S) = 0.9.
double TrueRecall(double t, double s) {
  const double d = DefaultFsrsParams()[20];
  const double f = std::pow(0.9, -1 / d) - 1;
  return std::pow(1 + f * t / s, -d);
}

ReadinessCard Studied(int64_t id, std::vector<std::string> tags, double s, Day last) {
  ReadinessCard c;
  c.card_id = id;
  c.front = "q" + std::to_string(id);
  c.tags = std::move(tags);
  c.memory = MemoryState{s, 5.0};
  c.last_review_day = last;
  return c;
}

ReadinessCard New(int64_t id, std::vector<std::string> tags) {
  ReadinessCard c;
  c.card_id = id;
  c.front = "q" + std::to_string(id);
  c.tags = std::move(tags);
  return c;
}

TEST(ReadinessTest, PinsFiguresOnKnownMemoryStates) {
  const Day day{20000};
  const std::vector<ReadinessCard> cards = {
      Studied(1, {"llm::rag"}, 10, day - 10),  // R = 0.9 exactly
      Studied(2, {"llm"}, 5, day),             // answered on the day: 1
      New(3, {"llm::rag", "db"}),              // never studied: 0
      Studied(4, {}, 2, day - 10),             // R(10, 2)
      Studied(5, {"db"}, 20, day - 20),        // 0.9
      Studied(6, {"db"}, 20, day + 3),         // answered after the day: elapsed 0, 1
  };
  const double r4 = TrueRecall(10, 2);
  ASSERT_NEAR(r4, 0.7606, 1e-3);
  const Readiness r = ComputeReadiness(cards, day, 0.85, DefaultFsrsParams(), 3);
  EXPECT_EQ(r.day, day);
  EXPECT_EQ(r.cards, 6);
  EXPECT_NEAR(r.mean_recall, (0.9 + 1 + 0 + r4 + 0.9 + 1) / 6, 1e-12);
  EXPECT_EQ(r.below_target, 2);
  EXPECT_EQ(r.never_studied, 1);
  ASSERT_EQ(r.topics.size(), 4u);
  // llm::rag {1, 3} = 0.45; db {3, 5, 6} = 0.633; llm {1, 2, 3} = 0.633; untagged {4} = r4.
  EXPECT_EQ(r.topics[0].topic, "llm::rag");
  EXPECT_NEAR(r.topics[0].mean_recall, 0.45, 1e-12);
  EXPECT_EQ(r.topics[0].cards, 2);
  EXPECT_EQ(r.topics[0].below_target, 1);
  EXPECT_EQ(r.topics[0].never_studied, 1);
  EXPECT_EQ(r.topics[1].topic, "db");  // ties keep name order
  EXPECT_NEAR(r.topics[1].mean_recall, 1.9 / 3, 1e-12);
  EXPECT_EQ(r.topics[1].cards, 3);
  EXPECT_EQ(r.topics[2].topic, "llm");
  EXPECT_NEAR(r.topics[2].mean_recall, 1.9 / 3, 1e-12);
  EXPECT_EQ(r.topics[2].cards, 3);
  EXPECT_EQ(r.topics[2].below_target, 1);
  EXPECT_EQ(r.topics[3].topic, "(untagged)");
  EXPECT_NEAR(r.topics[3].mean_recall, r4, 1e-12);
  EXPECT_EQ(r.topics[3].below_target, 1);
  EXPECT_EQ(r.topics[3].never_studied, 0);
  ASSERT_EQ(r.at_risk.size(), 3u);
  EXPECT_EQ(r.at_risk[0].card_id, 3);
  EXPECT_EQ(r.at_risk[0].topic, "db");  // the first tag in sort order
  EXPECT_FALSE(r.at_risk[0].studied);
  EXPECT_EQ(r.at_risk[1].card_id, 4);
  EXPECT_EQ(r.at_risk[1].topic, "(untagged)");
  EXPECT_NEAR(r.at_risk[1].recall, r4, 1e-12);
  EXPECT_EQ(r.at_risk[2].card_id, 1);
  EXPECT_EQ(r.at_risk[2].front, "q1");
}

TEST(ReadinessTest, DeepTagsCountTowardEveryParentOnce) {
  const Day day{100};
  const Readiness r =
      ComputeReadiness({Studied(1, {"a::b::c", "a::b"}, 10, day - 10)}, day, 0.9, DefaultFsrsParams(), 5);
  std::vector<std::string> names;
  for (const TopicReadiness& t : r.topics) {
    names.push_back(t.topic);
    EXPECT_EQ(t.cards, 1);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"a", "a::b", "a::b::c"}));
}

TEST(ReadinessTest, AnEmptyScopeIsZeroNotNan) {
  const Readiness r = ComputeReadiness({}, Day{1}, 0.9, DefaultFsrsParams(), 5);
  EXPECT_EQ(r.cards, 0);
  EXPECT_EQ(r.mean_recall, 0);
  EXPECT_TRUE(r.topics.empty());
  EXPECT_TRUE(r.at_risk.empty());
}

TEST(ReadinessTest, CardsFromTheStoreCarryTheirMemoryAndLastAnswerDay) {
  testing::ScopedTimeZone tz("UTC");
  FixedClock clock(Timestamp::FromSeconds(1704099600));  // 2024-01-01 09:00 UTC: study day 19723
  Store store = Store::OpenInMemory(clock);
  const Deck deck = store.CreateDeck("D", DeckOptions{});
  Note a;
  a.front = "甲";
  a.back = "1";
  a.tags = {"t::x"};
  Note b;
  b.front = "乙";
  b.back = "2";
  b.tags = {};
  const Card ca = store.AddNote(&a, deck.id);
  store.AddNote(&b, deck.id);
  AnswerCard(store, ca.id, 3, clock.Now(), 1000);
  Interview iv;
  iv.name = "i";
  iv.day = Day{19733};
  const auto cards = ReadinessCards(store, iv, 4);
  ASSERT_EQ(cards.size(), 2u);
  EXPECT_EQ(cards[0].front, "甲");
  EXPECT_EQ(cards[0].tags, std::vector<std::string>{"t::x"});
  ASSERT_TRUE(cards[0].memory);
  EXPECT_EQ(cards[0].memory, store.GetCard(ca.id)->state.memory);
  EXPECT_EQ(cards[0].last_review_day, Day{19723});
  EXPECT_FALSE(cards[1].memory);
}

}  // namespace
}  // namespace recall

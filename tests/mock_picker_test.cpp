// recall mock's question picker: its rules hold for every seed tried, it is
// deterministic, and weak topics come first more often.

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "recall/mock.h"

namespace recall {
namespace {

std::vector<MockCandidate> Deck() {
  std::vector<MockCandidate> c;
  int64_t id = 1;
  for (int i = 0; i < 5; ++i) c.push_back({id++, "db", 0.95});
  for (int i = 0; i < 3; ++i) c.push_back({id++, "llm", 0.20});
  for (int i = 0; i < 4; ++i) c.push_back({id++, "os", 0.60});
  return c;
}

std::map<int64_t, std::string> TopicOf(const std::vector<MockCandidate>& c) {
  std::map<int64_t, std::string> m;
  for (const auto& x : c) m[x.card_id] = x.topic;
  return m;
}

TEST(MockPickerTest, NeverTwoOfOneTopicInARowAndNoCardTwice) {
  const auto deck = Deck();
  const auto topic = TopicOf(deck);
  for (uint64_t seed = 0; seed < 500; ++seed) {
    const auto picked = PickMockQuestions(deck, 8, seed);
    ASSERT_EQ(picked.size(), 8u) << seed;
    EXPECT_EQ(std::set<int64_t>(picked.begin(), picked.end()).size(), picked.size()) << seed;
    for (size_t i = 1; i < picked.size(); ++i) {
      EXPECT_NE(topic.at(picked[i]), topic.at(picked[i - 1])) << "seed " << seed << " at " << i;
    }
  }
}

TEST(MockPickerTest, SameSeedSameQuestionsOtherSeedOthers) {
  const auto deck = Deck();
  EXPECT_EQ(PickMockQuestions(deck, 6, 42), PickMockQuestions(deck, 6, 42));
  int differing = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    differing += PickMockQuestions(deck, 6, seed) != PickMockQuestions(deck, 6, 42) ? 1 : 0;
  }
  EXPECT_GE(differing, 15);
}

TEST(MockPickerTest, WeakTopicsComeFirstMoreOften) {
  // First draw: weakness llm 0.9, os 0.5, db 0.15 of 1.55.
  const auto deck = Deck();
  const auto topic = TopicOf(deck);
  std::map<std::string, int> first;
  for (uint64_t seed = 0; seed < 2000; ++seed) ++first[topic.at(PickMockQuestions(deck, 1, seed)[0])];
  EXPECT_NEAR(first["llm"] / 2000.0, 0.9 / 1.55, 0.04);
  EXPECT_NEAR(first["os"] / 2000.0, 0.5 / 1.55, 0.04);
  EXPECT_NEAR(first["db"] / 2000.0, 0.15 / 1.55, 0.03);
}

TEST(MockPickerTest, StopsWhenOnlyTheLastTopicIsLeft) {
  // One os card and three db cards: db, os, db is the longest mock.
  const std::vector<MockCandidate> deck = {{1, "db", 0.5}, {2, "db", 0.5}, {3, "db", 0.5}, {4, "os", 0.5}};
  for (uint64_t seed = 0; seed < 50; ++seed) {
    const auto picked = PickMockQuestions(deck, 10, seed);
    EXPECT_LE(picked.size(), 3u) << seed;
    EXPECT_GE(picked.size(), 2u) << seed;
  }
  EXPECT_EQ(PickMockQuestions({}, 5, 1), std::vector<int64_t>{});
  EXPECT_EQ(PickMockQuestions(deck, 0, 1), std::vector<int64_t>{});
}

}  // namespace
}  // namespace recall

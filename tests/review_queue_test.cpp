// Queue building (pure) and the review session against an in-memory store.

#include <gtest/gtest.h>

#include "recall/review.h"
#include "recall/session.h"
#include "recall/store.h"

namespace recall {
namespace {

QueueCandidate C(int64_t id, int64_t deck, int64_t due, CardQueue q = CardQueue::kNew) {
  return QueueCandidate{id, id, deck, due, q};
}

std::vector<int64_t> Ids(const std::vector<QueueEntry>& q) {
  std::vector<int64_t> out;
  for (const auto& e : q) out.push_back(e.card.card_id);
  return out;
}

TEST(ReviewQueueTest, OrderIsLearningThenReviewsThenDrillsThenNew) {
  QueueInput in;
  in.decks[1] = DeckAllowance{0, 10, 10};
  in.new_cards = {C(1, 1, 1), C(2, 1, 2)};
  in.reviews = {C(3, 1, 100, CardQueue::kReview), C(4, 1, 101, CardQueue::kDayLearning)};
  in.drills = {C(5, 1, 105, CardQueue::kReview)};
  in.learning_due = {C(6, 1, 1000, CardQueue::kLearning)};
  in.learning_ahead = {C(7, 1, 2000, CardQueue::kLearning)};
  const auto q = BuildQueue(in);
  EXPECT_EQ(Ids(q), (std::vector<int64_t>{6, 3, 4, 5, 1, 2}));
  const QueueCounts counts = CountQueue(q);
  EXPECT_EQ(counts.new_cards, 2);
  EXPECT_EQ(counts.learning, 2);  // intraday + interday learning
  EXPECT_EQ(counts.review, 2);    // review + drill
}

TEST(ReviewQueueTest, LearnAheadOnlyWhenNothingElseIsLeft) {
  QueueInput in;
  in.decks[1] = DeckAllowance{0, 0, 0};
  in.new_cards = {C(1, 1, 1)};  // no allowance left
  in.learning_ahead = {C(7, 1, 2000, CardQueue::kLearning), C(8, 1, 2100, CardQueue::kLearning)};
  const auto q = BuildQueue(in);
  EXPECT_EQ(Ids(q), (std::vector<int64_t>{7, 8}));
  EXPECT_EQ(q[0].source, QueueSource::kLearnAhead);
  in.decks[1].new_left = 1;
  EXPECT_EQ(Ids(BuildQueue(in)), (std::vector<int64_t>{1}));
}

TEST(ReviewQueueTest, ParentLimitCapsSubDecks) {
  // Deck 1 "A" (new 3), deck 2 "A::B" (new 2), deck 3 "A::C" (new 5).
  QueueInput in;
  in.decks[1] = DeckAllowance{0, 3, 100};
  in.decks[2] = DeckAllowance{1, 2, 100};
  in.decks[3] = DeckAllowance{1, 5, 100};
  in.new_cards = {C(1, 2, 1), C(2, 2, 2), C(3, 2, 3), C(4, 3, 4), C(5, 3, 5), C(6, 1, 6)};
  // B gives 2 (its own cap), C gives 1 (A's cap of 3 is then spent), A's own card waits.
  EXPECT_EQ(Ids(BuildQueue(in)), (std::vector<int64_t>{1, 2, 4}));
}

TEST(ReviewQueueTest, ReviewLimitsAndUnknownDecks) {
  QueueInput in;
  in.decks[1] = DeckAllowance{0, 0, 2};
  in.reviews = {C(1, 1, 5, CardQueue::kReview), C(2, 9, 5, CardQueue::kReview), C(3, 1, 6, CardQueue::kReview),
                C(4, 1, 7, CardQueue::kReview)};
  EXPECT_EQ(Ids(BuildQueue(in)), (std::vector<int64_t>{1, 3}));
}

TEST(ReviewQueueTest, WeakestDrillTakesTheLowestRecallAndNoNewCards) {
  std::vector<DrillCandidate> c = {
      {10, false, 0.90, 0}, {11, true, 0, 1}, {12, false, 0.40, 0}, {13, false, 0.40, 0}, {14, false, 0.75, 0}};
  EXPECT_EQ(OrderDrill(c, 2), (std::vector<int64_t>{12, 13}));  // ties by card id
  EXPECT_EQ(OrderDrill(c, 10), (std::vector<int64_t>{12, 13, 14, 10}));
  EXPECT_EQ(OrderDrill(c, 0), std::vector<int64_t>{});
}

TEST(ReviewQueueTest, CramTakesEveryCardWeakestFirstThenNewInTheirOrder) {
  std::vector<DrillCandidate> c = {
      {10, true, 0, 7}, {11, false, 0.5, 0}, {12, true, 0, 3}, {13, false, 0.2, 0}};
  EXPECT_EQ(OrderDrill(c, -1), (std::vector<int64_t>{13, 11, 12, 10}));
}

TEST(ReviewQueueTest, AllowancesSubtractSubtreeUsage) {
  const std::vector<SessionDeck> decks = {
      {1, "A", true, 0, 10, 100},
      {2, "A::B", true, 1, 4, 50},
      {3, "A::B::C", true, 2, 20, 20},
  };
  std::map<int64_t, DeckUsage> usage;
  usage[3] = DeckUsage{3, 30};
  usage[2] = DeckUsage{2, 0};
  const auto a = ComputeAllowances(decks, usage);
  EXPECT_EQ(a.at(1).new_left, 5);
  EXPECT_EQ(a.at(2).new_left, 0);  // 4 - 5, floored
  EXPECT_EQ(a.at(3).new_left, 17);
  EXPECT_EQ(a.at(1).review_left, 70);
  EXPECT_EQ(a.at(2).review_left, 20);
  EXPECT_EQ(a.at(3).review_left, 0);
  EXPECT_EQ(a.at(3).parent_id, 2);
}

// --- The session over a store -------------------------------------------------

class ReviewSessionTest : public ::testing::Test {
 protected:
  // 2024-03-01 09:00 UTC; TZ is the test's, so use UTC for day arithmetic.
  void SetUp() override { setenv("TZ", "UTC", 1), tzset(); }

  Deck MakeDeck(const std::string& name, int new_per_day, int reviews_per_day = 200) {
    DeckOptions o;
    o.fuzz = false;
    o.new_per_day = new_per_day;
    o.reviews_per_day = reviews_per_day;
    return store_.CreateDeck(name, o);
  }
  int64_t Add(const Deck& d, const std::string& front) {
    Note n;
    n.front = front;
    n.back = "back of " + front;
    return store_.AddNote(&n, d.id).id;
  }
  std::vector<int64_t> StudyAll(ReviewSession& s, int rating, int max = 100) {
    std::vector<int64_t> shown;
    while (max-- > 0 && s.Advance() == SessionState::kCard) {
      shown.push_back(s.current().card.id);
      s.Answer(rating);
    }
    return shown;
  }

  FixedClock clock_{Timestamp::FromSeconds(1709283600)};
  Store store_ = Store::OpenInMemory(clock_);
};

TEST_F(ReviewSessionTest, NewLimitPersistsAcrossSessionsAndResetsNextDay) {
  const Deck d = MakeDeck("D", 2);
  const int64_t a = Add(d, "a"), b = Add(d, "b"), c = Add(d, "c");
  {
    ReviewSession s(store_, SessionOptions{});
    ASSERT_EQ(s.Advance(), SessionState::kCard);
    EXPECT_EQ(s.counts().new_cards, 2);
    EXPECT_EQ(s.current().card.id, a);
    s.Answer(4);  // Easy: graduates
    EXPECT_EQ(s.Summary().answered, 1);
  }
  {
    ReviewSession s(store_, SessionOptions{});
    EXPECT_EQ(StudyAll(s, 4), (std::vector<int64_t>{b}));  // one new card left today
    EXPECT_EQ(s.done_reason(), DoneReason::kEmpty);
  }
  // 2024-03-02 03:59 UTC is still 1 March's study day (rollover 4 am).
  clock_.Set(Timestamp::FromSeconds(1709283600 + 18 * 3600 + 59 * 60));
  {
    ReviewSession s(store_, SessionOptions{});
    EXPECT_EQ(s.Advance(), SessionState::kDone);
  }
  clock_.Set(Timestamp::FromSeconds(1709283600 + 19 * 3600));  // 04:00: a new study day
  {
    ReviewSession s(store_, SessionOptions{});
    ASSERT_EQ(s.Advance(), SessionState::kCard);
    EXPECT_EQ(s.counts().new_cards, 1);
    EXPECT_EQ(s.counts().review, 0);  // Easy gave 4 days
    EXPECT_EQ(s.current().card.id, c);
  }
}

TEST_F(ReviewSessionTest, AgainComesBackByLearnAheadAndUndoRestores) {
  const Deck d = MakeDeck("D", 20);
  const int64_t a = Add(d, "a"), b = Add(d, "b");
  ReviewSession s(store_, SessionOptions{});
  ASSERT_EQ(s.Advance(), SessionState::kCard);
  s.Answer(1);  // a: Again, due in 1 minute
  ASSERT_EQ(s.Advance(), SessionState::kCard);
  EXPECT_EQ(s.current().card.id, b);
  EXPECT_EQ(s.counts().new_cards, 1);
  EXPECT_EQ(s.counts().learning, 1);  // a is due within the learn-ahead window: counted, shown last
  s.Answer(3);                        // b: Good, due in 10 minutes
  ASSERT_EQ(s.Advance(), SessionState::kCard);
  EXPECT_EQ(s.current().card.id, a);  // learn ahead: due in 1m
  EXPECT_EQ(s.counts().learning, 2);
  // Undo b's answer: b is shown again, and its review log row is gone.
  ASSERT_TRUE(s.Undo().has_value());
  ASSERT_EQ(s.Advance(), SessionState::kCard);
  EXPECT_EQ(s.current().card.id, b);
  EXPECT_TRUE(store_.RevlogOfCard(b).empty());
  EXPECT_EQ(s.Summary().answered, 1);
  EXPECT_EQ(s.Summary().again, 1);
}

TEST_F(ReviewSessionTest, WaitsForLearningCardsBeyondLearnAhead) {
  DeckOptions o;
  o.fuzz = false;
  o.learn_steps_minutes = {30};
  const Deck d = store_.CreateDeck("D", o);
  Add(d, "a");
  ReviewSession s(store_, SessionOptions{});
  ASSERT_EQ(s.Advance(), SessionState::kCard);
  s.Answer(1);
  ASSERT_EQ(s.Advance(), SessionState::kWaiting);
  EXPECT_EQ(s.next_due().Seconds(), 1709283600 + 1800);
  EXPECT_EQ(s.next_show_at().Seconds(), 1709283600 + 600);
  clock_.AdvanceSeconds(600);
  EXPECT_EQ(s.Advance(), SessionState::kCard);
  const SessionSummary summary = s.Summary();
  EXPECT_EQ(summary.upcoming.learning_today, 1);
}

TEST_F(ReviewSessionTest, CardLimitAndSubDeckScope) {
  const Deck parent = MakeDeck("P", 20);
  const Deck child = MakeDeck("P::C", 20);
  const Deck other = MakeDeck("Other", 20);
  const int64_t p1 = Add(parent, "p1");
  const int64_t c1 = Add(child, "c1");
  Add(other, "o1");
  SessionOptions opt;
  opt.deck_id = parent.id;
  ReviewSession s(store_, opt);
  EXPECT_EQ(StudyAll(s, 4), (std::vector<int64_t>{p1, c1}));
  opt.deck_id.reset();
  opt.card_limit = 0;
  ReviewSession limited(store_, opt);
  EXPECT_EQ(limited.Advance(), SessionState::kDone);
  EXPECT_EQ(limited.done_reason(), DoneReason::kCardLimit);
}

TEST_F(ReviewSessionTest, ChoicesShowEachInterval) {
  const Deck d = MakeDeck("D", 20);
  Add(d, "a");
  ReviewSession s(store_, SessionOptions{});
  ASSERT_EQ(s.Advance(), SessionState::kCard);
  const auto choices = s.Choices();
  ASSERT_EQ(choices.size(), 4u);
  std::string line;
  for (const auto& c : choices) line += std::to_string(c.rating) + " " + c.label + " " + c.delay + "  ";
  EXPECT_EQ(line, "1 Again 1m  2 Hard 6m  3 Good 10m  4 Easy 4d  ");
}

}  // namespace
}  // namespace recall

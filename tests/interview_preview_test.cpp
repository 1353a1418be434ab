// The answer buttons show the interval the answer will get: with an
// interview's deadline cut (interview/deadline.h), the review screen's and
// the line protocol's choices (ReviewSession::Choices, PreviewAnswers) give
// the cut interval, and answering stores exactly that.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "recall/interview.h"
#include "recall/review.h"
#include "recall/scheduler.h"
#include "recall/session.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kJan7At20Utc = 1704657600;  // 2024-01-07 20:00 UTC

TEST(InterviewPreviewTest, ButtonsShowTheCutIntervalTheAnswerGets) {
  testing::ScopedTimeZone zone("UTC");
  FixedClock clock(Timestamp::FromSeconds(kJan7At20Utc));
  Store store = Store::OpenInMemory(clock);
  DeckOptions o;
  o.fuzz = false;
  const Deck deck = store.CreateDeck("D", o);
  Note n;
  n.front = "问";
  n.back = "答";
  n.tags = {"scope"};
  const Card card = store.AddNote(&n, deck.id);
  // Easy on the new card: a review card due in 4 days (no interview yet).
  AnswerCard(store, card.id, 4, clock.Now(), 1000);
  ASSERT_EQ(store.GetCard(card.id)->state.interval, 4);
  clock.AdvanceSeconds(4 * 86400);  // 2024-01-11, the card is due
  Interview iv;
  iv.name = "i";
  iv.day = *ParseDay("2024-01-14");
  iv.target = 0.99;
  iv.tags = {"scope"};
  SaveInterview(store, iv);

  // Uncut, Good would give 4 x 2.5 = 10 days, past the day (3 days away).
  SchedulerContext ctx = MakeSchedulerContext(store, deck, *store.GetCard(card.id), clock.Now());
  const AnswerOutcome uncut = Answer(store.GetCard(card.id)->state, 3, ctx);
  ASSERT_EQ(uncut.delay.days, 10);
  const auto previews = PreviewAnswers(store, deck, *store.GetCard(card.id), clock.Now());
  ASSERT_EQ(previews.size(), 4u);
  const int64_t good_days = previews[2].delay.days;
  EXPECT_GE(good_days, 1);
  EXPECT_LT(good_days, 3);

  SessionOptions so;
  ReviewSession session(store, so);
  ASSERT_EQ(session.Advance(), SessionState::kCard);
  const std::vector<AnswerChoice> choices = session.Choices();
  ASSERT_EQ(choices.size(), 4u);
  EXPECT_EQ(choices[2].label, "Good");
  EXPECT_EQ(choices[2].delay, FormatDelay(Delay{0, good_days}));
  EXPECT_NE(choices[2].delay, FormatDelay(uncut.delay));
  for (size_t i = 0; i < choices.size(); ++i) EXPECT_EQ(choices[i].delay, FormatDelay(previews[i].delay));

  session.Answer(3);
  const Card after = *store.GetCard(card.id);
  EXPECT_EQ(after.state.interval, good_days);
  EXPECT_EQ(after.state.due, store.Today().today.n + good_days);
  EXPECT_EQ(store.RevlogOfCard(card.id).back().fields.interval, good_days);
}

// Every rating's preview is what AnswerCard then stores, in and out of scope.
TEST(InterviewPreviewTest, PreviewEqualsTheAnswerForEveryRating) {
  testing::ScopedTimeZone zone("UTC");
  for (const char* tag : {"scope", "other"}) {
    for (int rating = 1; rating <= 4; ++rating) {
      FixedClock clock(Timestamp::FromSeconds(kJan7At20Utc));
      Store store = Store::OpenInMemory(clock);
      DeckOptions o;
      o.fuzz = false;
      o.algorithm = Algorithm::kFsrs;
      const Deck deck = store.CreateDeck("D", o);
      Note n;
      n.front = "q";
      n.back = "a";
      n.tags = {tag};
      const Card card = store.AddNote(&n, deck.id);
      AnswerCard(store, card.id, 3, clock.Now(), 1000);
      AnswerCard(store, card.id, 3, clock.Now(), 1000);
      clock.AdvanceSeconds(static_cast<int64_t>(store.GetCard(card.id)->state.interval) * 86400);
      Interview iv;
      iv.name = "i";
      iv.day = Day{store.Today().today.n + 5};
      iv.target = 0.97;
      iv.tags = {"scope"};
      SaveInterview(store, iv);
      const auto previews = PreviewAnswers(store, deck, *store.GetCard(card.id), clock.Now());
      const AnswerResult r = AnswerCard(store, card.id, rating, clock.Now(), 1000);
      EXPECT_EQ(previews[rating - 1].delay.days, r.outcome.delay.days) << tag << " rating " << rating;
      EXPECT_EQ(previews[rating - 1].delay.seconds, r.outcome.delay.seconds) << tag << " rating " << rating;
      EXPECT_EQ(previews[rating - 1].state.due, store.GetCard(card.id)->state.due) << tag << " rating " << rating;
    }
  }
}

}  // namespace
}  // namespace recall

// The cache of bare `recall`'s interview lines
// (schema/0013_interview_scope_cache.sql, lib/src/store/status_cache.cpp):
// its scope part is used while nothing it depends on changed, followed card
// by card by every answer, recomputed after any other such write; its plan
// part is recomputed each study day and after each answer.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "recall/interview.h"
#include "recall/readiness.h"
#include "recall/review.h"
#include "recall/store.h"
#include "recall/today.h"
#include "store/scale_fill.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kNow = 1735722000;  // 2025-01-01 09:00 UTC

class TodayStatusCacheTest : public ::testing::Test {
 protected:
  TodayStatusCacheTest()
      : zone_("UTC"), clock_(Timestamp::FromSeconds(kNow)), store_(Store::OpenInMemory(clock_)) {
    detail::ScaleFill spec;
    spec.cards = 200;
    spec.decks = 4;
    spec.revlog_rows = 1000;
    detail::FillScaleCollection(store_, spec);
    Interview all;
    all.name = "all";
    all.day = store_.Today().today + 20;
    SaveInterview(store_, all);
  }

  // The cached readiness units, and the cards, of the interview's row.
  std::pair<int64_t, int64_t> CachedUnits() {
    SQLite::Statement st(detail::Db(store_), "SELECT recall_units, cards FROM interview_status_cache");
    EXPECT_TRUE(st.executeStep());
    return {st.getColumn(0).getInt64(), st.getColumn(1).getInt64()};
  }
  // Adds `units` to the cached sum: a status that reads the cache shows it.
  void Plant(int64_t units) {
    SQLite::Statement st(detail::Db(store_), "UPDATE interview_status_cache SET recall_units = recall_units + ?");
    st.bind(1, units);
    ASSERT_EQ(st.exec(), 1);
  }
  // The line computed afresh (the row deleted first).
  std::pair<int64_t, int64_t> FreshUnits() {
    detail::Db(store_).exec("DELETE FROM interview_status_cache");
    ComputeTodayStatus(store_);
    return CachedUnits();
  }
  int64_t FirstReviewCard() {
    for (const CardView& v : store_.ListCards(CardQuery{})) {
      if (v.card.state.queue == CardQueue::kReview) return v.card.id;
    }
    ADD_FAILURE() << "no review card";
    return 0;
  }

  testing::ScopedTimeZone zone_;
  FixedClock clock_;
  Store store_;
};

constexpr int64_t kOffset = int64_t{1} << 45;  // 32 in RecallSum units of 2^-40: 0.16 over 200 cards

TEST_F(TodayStatusCacheTest, AnAnswerUpdatesTheCachedLineCardByCard) {
  const TodayStatus first = ComputeTodayStatus(store_);
  ASSERT_EQ(first.interviews.size(), 1u);
  EXPECT_EQ(first.interviews[0].cards, 200);
  const auto [units, cards] = CachedUnits();
  EXPECT_EQ(first.interviews[0].readiness, RecallSum(units).Mean(cards));
  Plant(kOffset);
  EXPECT_EQ(ComputeTodayStatus(store_).interviews[0].readiness, RecallSum(units + kOffset).Mean(cards));
  // An answer changes the collection; the line follows it in the answer's
  // transaction (no pass over the scope): the planted offset stays, the
  // card's change is applied exactly.
  AnswerCard(store_, FirstReviewCard(), 1, clock_.Now(), 5000);
  const TodayStatus after = ComputeTodayStatus(store_);
  const auto [followed, cards_after] = CachedUnits();
  EXPECT_EQ(after.interviews[0].readiness, RecallSum(followed).Mean(cards_after));
  const auto [fresh, fresh_cards] = FreshUnits();
  EXPECT_NE(fresh, units);  // the answer changed the readiness
  EXPECT_EQ(followed - fresh, kOffset);
  EXPECT_EQ(cards_after, fresh_cards);
}

// A card moved to another deck (recall::MoveCardToDeck) is followed like an
// answer: an interview over one deck gains it, then loses it.
TEST_F(TodayStatusCacheTest, AMoveUpdatesTheCachedLineCardByCard) {
  detail::Db(store_).exec("DELETE FROM interviews");
  const auto decks = store_.ListDecks();
  Interview deck;
  deck.name = "deck";
  deck.day = store_.Today().today + 15;
  deck.decks = {InterviewDeck{decks.back().id, decks.back().name}};
  SaveInterview(store_, deck);
  int64_t card = 0;
  int64_t from = 0;
  for (const CardView& v : store_.ListCards(CardQuery{})) {
    if (v.card.state.queue == CardQueue::kReview && v.card.deck_id != decks.back().id) {
      card = v.card.id;
      from = v.card.deck_id;
      break;
    }
  }
  ASSERT_NE(card, 0);
  ComputeTodayStatus(store_);
  for (const int64_t to : {decks.back().id, from}) {
    SCOPED_TRACE(to);
    const auto [units, cards] = CachedUnits();
    Plant(kOffset);
    MoveCardToDeck(store_, card, to);
    const TodayStatus kept = ComputeTodayStatus(store_);
    const auto [followed, cards_after] = CachedUnits();
    EXPECT_EQ(cards_after, cards + (to == from ? -1 : 1));
    const auto [fresh, fresh_cards] = FreshUnits();
    EXPECT_NE(fresh, units);
    EXPECT_EQ(followed - fresh, kOffset);
    EXPECT_EQ(cards_after, fresh_cards);
    const TodayStatus again = ComputeTodayStatus(store_);
    EXPECT_EQ(kept.interviews[0].planned_reviews, again.interviews[0].planned_reviews);
    EXPECT_EQ(kept.interviews[0].planned_new, again.interviews[0].planned_new);
  }
}

TEST_F(TodayStatusCacheTest, OtherWritesMakeItStaleTheNextDayOnlyThePlan) {
  ComputeTodayStatus(store_);
  const auto [units, cards] = CachedUnits();
  Plant(kOffset);
  const auto all = store_.ListCards(CardQuery{});
  store_.AddTag(all.front().note.id, "新标签");
  EXPECT_EQ(ComputeTodayStatus(store_).interviews[0].readiness, RecallSum(units).Mean(cards));  // a pass again

  Plant(kOffset);
  const auto deck = store_.ListDecks().front();
  DeckOptions o = deck.options;
  o.desired_retention = 0.8;
  store_.SetDeckOptions(deck.id, o);
  EXPECT_EQ(ComputeTodayStatus(store_).interviews[0].readiness, RecallSum(units).Mean(cards));

  // Readiness on the day does not depend on today: a new study day keeps the
  // scope part and computes the plan part for the new day.
  Plant(kOffset);
  clock_.AdvanceSeconds(86400);
  const TodayStatus tomorrow = ComputeTodayStatus(store_);
  EXPECT_EQ(tomorrow.interviews[0].readiness, RecallSum(units + kOffset).Mean(cards));
  EXPECT_EQ(tomorrow.interviews[0].days_left, 19);
  SQLite::Statement day(detail::Db(store_), "SELECT plan_day FROM interview_status_cache");
  ASSERT_TRUE(day.executeStep());
  EXPECT_EQ(day.getColumn(0).getInt64(), store_.Today().today.n);
}


// Today's reach (schema/0017_status_reach.sql): after an answer the plan part
// is worked out from the cards the reach kept, not the queues; after every
// kind of answer (a new card, a lapse, a learning step, a review, a cram
// answer) each line equals one computed afresh from the queues, for the
// interview over every card and one over a tag. The fresh computation runs on
// the same row with its reach taken away, and the followed reach is put back
// before the next answer.
TEST_F(TodayStatusCacheTest, TheReachGivesTodaysPlanAfterEachAnswerExactly) {
  Interview topic;
  topic.name = "topic";
  topic.day = store_.Today().today + 9;
  topic.tags = {"topic1"};
  SaveInterview(store_, topic);
  ComputeTodayStatus(store_);
  auto reaches = [&] {
    std::vector<std::string> out;
    SQLite::Statement st(detail::Db(store_), "SELECT reach FROM interview_status_cache ORDER BY interview_id");
    while (st.executeStep()) out.push_back(st.getColumn(0).isNull() ? "" : st.getColumn(0).getString());
    return out;
  };
  auto horizons = [](const std::string& reach) {
    return nlohmann::json::parse(reach).at("horizons").dump();
  };
  const std::vector<std::string> read = reaches();
  ASSERT_EQ(read.size(), 2u);
  for (const std::string& r : read) ASSERT_FALSE(r.empty());
  int answered = 0;
  // After `write` to card `card_id` (an answer or an undo).
  auto write_and_compare = [&](int64_t card_id, const std::function<void()>& write) {
    write();
    const std::vector<std::string> followed = reaches();
    const TodayStatus kept = ComputeTodayStatus(store_);
    // The reach was not read again: the same horizons, the card among its ids.
    const std::vector<std::string> after = reaches();
    for (size_t i = 0; i < after.size(); ++i) {
      EXPECT_EQ(horizons(after[i]), horizons(read[i]));
      EXPECT_EQ(after[i], followed[i]);
    }
    EXPECT_NE(after[0].find(std::to_string(card_id)), std::string::npos);
    detail::Db(store_).exec("UPDATE interview_status_cache SET reach = NULL, plan_day = NULL");
    const TodayStatus fresh = ComputeTodayStatus(store_);
    ASSERT_EQ(kept.interviews.size(), fresh.interviews.size());
    for (size_t i = 0; i < kept.interviews.size(); ++i) {
      EXPECT_EQ(kept.interviews[i].planned_new, fresh.interviews[i].planned_new) << i;
      EXPECT_EQ(kept.interviews[i].planned_reviews, fresh.interviews[i].planned_reviews) << i;
      EXPECT_EQ(kept.interviews[i].planned_minutes, fresh.interviews[i].planned_minutes) << i;
    }
    SQLite::Statement put(detail::Db(store_),
                          "UPDATE interview_status_cache SET reach = ? WHERE interview_id = (SELECT interview_id FROM "
                          "interview_status_cache ORDER BY interview_id LIMIT 1 OFFSET ?)");
    for (size_t i = 0; i < after.size(); ++i) {
      put.reset();
      put.bind(1, after[i]);
      put.bind(2, static_cast<int64_t>(i));
      put.exec();
    }
  };
  auto answer_and_compare = [&](int64_t card_id, int rating, AnswerMode mode) {
    SCOPED_TRACE("answer " + std::to_string(answered) + ", card " + std::to_string(card_id));
    write_and_compare(card_id, [&] { AnswerCard(store_, card_id, rating, clock_.Now(), 7000, nullptr, mode); });
    ++answered;
  };
  // The due cards in queue order, then new ones: each kind of answer.
  std::vector<int64_t> due, fresh, later;
  for (const CardView& v : store_.ListCards(CardQuery{})) {
    if (v.card.state.queue == CardQueue::kReview && v.card.state.due > store_.Today().today.n + 5) {
      later.push_back(v.card.id);
    }
    if (v.card.state.queue == CardQueue::kReview && v.card.state.due <= store_.Today().today.n) due.push_back(v.card.id);
    if (v.card.state.queue == CardQueue::kNew) fresh.push_back(v.card.id);
  }
  ASSERT_GE(due.size(), 6u);
  ASSERT_GE(fresh.size(), 3u);
  ASSERT_FALSE(later.empty());
  answer_and_compare(fresh[0], 3, AnswerMode::kNormal);  // new: into learning
  answer_and_compare(fresh[0], 3, AnswerMode::kNormal);  // a learning step
  answer_and_compare(fresh[1], 4, AnswerMode::kNormal);  // new, straight to review
  answer_and_compare(fresh[2], 1, AnswerMode::kCram);    // a cram answer on a new card: still new
  answer_and_compare(due[0], 1, AnswerMode::kNormal);    // a lapse
  for (size_t i = 1; i < 6; ++i) answer_and_compare(due[i], 3, AnswerMode::kNormal);
  // A card the reach did not hold (due days ahead), lapsed: learning today.
  ASSERT_EQ(read[0].find(std::to_string(later.back())), std::string::npos);
  answer_and_compare(later.back(), 1, AnswerMode::kNormal);
  EXPECT_EQ(answered, 11);
  // Each answer undone, the last first (recall::UndoAction): a first answer
  // undone leaves today's first answers.
  for (int undone = 0; undone < answered; ++undone) {
    const auto entry = store_.LastUndo();
    ASSERT_TRUE(entry);
    SCOPED_TRACE("undo " + std::to_string(undone) + ", card " + std::to_string(entry->card_id));
    write_and_compare(entry->card_id, [&] { ASSERT_TRUE(UndoAction(store_, *entry)); });
  }
  ASSERT_FALSE(store_.LastUndo());
  // A reach that does not read is none: the queues are read again.
  const TodayStatus kept = ComputeTodayStatus(store_);
  detail::Db(store_).exec("UPDATE interview_status_cache SET reach = '{\"day\": 1', plan_day = NULL");
  const TodayStatus reread = ComputeTodayStatus(store_);
  EXPECT_EQ(reread.interviews[0].planned_minutes, kept.interviews[0].planned_minutes);
  EXPECT_EQ(reread.interviews[1].planned_minutes, kept.interviews[1].planned_minutes);
  for (const std::string& r : reaches()) EXPECT_EQ(nlohmann::json::parse(r).at("day"), store_.Today().today.n);
}

}  // namespace
}  // namespace recall

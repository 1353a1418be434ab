// The status of bare `recall` against the commands it summarises: on a
// random collection (three algorithms, learning, review, replayed, buried and
// suspended cards, tags with children, four interview scopes), each
// interview's readiness equals `recall interview status`'s to the last bit,
// and today's planned new cards, reviews and minutes equal the first day of
// `recall interview plan` exactly, computed fresh (the first status after a
// change) and read back from the per-day cache.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "recall/interview.h"
#include "recall/interview_plan.h"
#include "recall/readiness.h"
#include "recall/review.h"
#include "recall/store.h"
#include "recall/today.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kNow = 1735722000;  // 2025-01-01 09:00 UTC
constexpr int kDays = 40;             // of history before now

class TodayStatusTest : public ::testing::Test {
 protected:
  TodayStatusTest()
      : zone_("UTC"), clock_(Timestamp::FromSeconds(kNow - kDays * 86400)), store_(Store::OpenInMemory(clock_)) {}

  // A collection studied for kDays days by a learner answering at random.
  void Fill(uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Deck> decks;
    const Algorithm algorithms[] = {Algorithm::kAnki, Algorithm::kSm2, Algorithm::kFsrs, Algorithm::kAnki};
    const char* names[] = {"面试", "面试::数据库", "系统", "面试::模型"};
    for (int d = 0; d < 4; ++d) {
      DeckOptions o;
      o.algorithm = algorithms[d];
      o.fuzz = d % 2 == 0;
      o.reviews_per_day = d == 3 ? 5 : 200;  // one deck whose limit binds
      o.new_per_day = 30;
      decks.push_back(store_.CreateDeck(names[d], o));
    }
    const std::vector<std::string> tags{"llm", "llm::rag", "db", "db::index", "sys"};
    std::vector<Card> cards;
    for (int i = 0; i < 240; ++i) {
      Note n;
      n.front = "问题 " + std::to_string(i);
      n.back = "- 要点一\n- 要点二";
      for (int k = static_cast<int>(rng() % 3); k > 0; --k) n.tags.push_back(tags[rng() % tags.size()]);
      cards.push_back(store_.AddNote(&n, decks[rng() % decks.size()].id));
    }
    for (int day = 0; day < kDays; ++day) {
      clock_.Set(Timestamp::FromSeconds(kNow - (kDays - day) * 86400 + static_cast<int64_t>(rng() % 36000)));
      for (size_t i = 0; i < cards.size(); ++i) {
        const Card& c = cards[i];
        if (i % 4 == 3 || rng() % 6 != 0) continue;  // a quarter stays new
        const auto card = store_.GetCard(c.id);
        const auto deck = store_.GetDeck(card->deck_id);
        const int lo = MinRating(deck->options.algorithm), hi = MaxRating(deck->options.algorithm);
        AnswerCard(store_, c.id, lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1)), clock_.Now(),
                   3000 + static_cast<int64_t>(rng() % 20000));
      }
    }
    clock_.Set(Timestamp::FromSeconds(kNow));
    // Some answered today (the day's new cards and review limit are partly
    // used), some suspended and buried, some whose memory state must be
    // replayed from the log, one with no answer time.
    for (size_t i = 0; i < cards.size(); i += 9) AnswerCard(store_, cards[i].id, 3, clock_.Now(), 8000);
    store_.SuspendCard(cards[1].id, true);
    store_.SuspendCard(cards[2].id, true);
    store_.BuryCard(cards[4].id, store_.Today().today);
    store_.BuryCard(cards[5].id, store_.Today().today);
    SQLite::Statement forget(detail::Db(store_),
                             "UPDATE cards SET stability = NULL, difficulty = NULL WHERE id % 7 = 0 AND type != 0");
    forget.exec();
    SQLite::Statement untimed(detail::Db(store_),
                              "UPDATE cards SET last_review_s = 0 WHERE id IN (SELECT id FROM cards WHERE "
                              "type = 2 AND stability IS NOT NULL LIMIT 3)");
    untimed.exec();
    const Day today = store_.Today().today;
    auto set = [&](const std::string& name, int64_t days, double target, std::vector<InterviewDeck> d,
                   std::vector<std::string> t) {
      Interview iv;
      iv.name = name;
      iv.day = today + days;
      iv.target = target;
      iv.decks = std::move(d);
      iv.tags = std::move(t);
      SaveInterview(store_, iv);
    };
    set("all", 12, 0.9, {}, {});
    set("deck", 25, 0.9, {{decks[0].id, ""}}, {});
    set("tag", 6, 0.85, {}, {"llm"});
    set("both", 40, 0.95, {{decks[1].id, ""}, {decks[2].id, ""}}, {"db", "sys"});
  }

  // Each interview's line against `interview status` and the plan's first day.
  void ExpectTheCommandsAgree(const TodayStatus& status) {
    const std::vector<Interview> all = ListInterviews(store_);
    ASSERT_EQ(status.interviews.size(), all.size());
    const double seconds = AverageAnswerSeconds(store_).value_or(kDefaultAnswerSeconds);
    for (const InterviewDayStatus& s : status.interviews) {
      SCOPED_TRACE(s.interview.name);
      const Interview& iv = s.interview;
      const int rollover = store_.RolloverHour();
      const Day today = store_.Today().today;
      const Readiness r =
          ComputeReadiness(ReadinessCards(store_, iv, rollover), iv.day, iv.target, store_.FsrsParameters(), 10);
      EXPECT_EQ(s.cards, r.cards);
      EXPECT_EQ(s.readiness, r.mean_recall);  // exactly
      PlanOptions opts;
      opts.now = clock_.Now();
      opts.today = today;
      opts.day = iv.day;
      opts.rollover_hour = rollover;
      opts.target = iv.target;
      opts.seconds_per_answer = seconds;
      const Plan plan = MakePlan(ReadPlanScope(store_, iv, today, rollover), opts, store_.FsrsParameters());
      ASSERT_FALSE(plan.days.empty());
      EXPECT_EQ(s.planned_new, plan.days[0].new_cards);
      EXPECT_EQ(s.planned_reviews, plan.days[0].reviews);
      EXPECT_EQ(s.planned_minutes, plan.days[0].minutes);
    }
  }

  int64_t today_n() { return store_.Today().today.n; }

  testing::ScopedTimeZone zone_;
  FixedClock clock_;
  Store store_;
};

TEST_F(TodayStatusTest, ReadinessAndTodaysPlanEqualTheInterviewCommandsOnRandomCollections) {
  for (uint64_t seed : {1u, 2u, 3u}) {
    SCOPED_TRACE(seed);
    clock_.Set(Timestamp::FromSeconds(kNow - kDays * 86400));
    store_ = Store::OpenInMemory(clock_);
    Fill(seed);
    const TodayStatus cold = ComputeTodayStatus(store_);
    ExpectTheCommandsAgree(cold);
    // The figures are not trivial: studied cards, a review load, new cards.
    EXPECT_GT(cold.interviews[0].readiness, 0.05);
    EXPECT_LT(cold.interviews[0].readiness, 0.95);
    EXPECT_GT(cold.interviews[0].planned_reviews, 0);
    const TodayStatus warm = ComputeTodayStatus(store_);  // from the cache
    for (size_t i = 0; i < cold.interviews.size(); ++i) {
      EXPECT_EQ(warm.interviews[i].readiness, cold.interviews[i].readiness);
      EXPECT_EQ(warm.interviews[i].planned_minutes, cold.interviews[i].planned_minutes);
    }
    // Answers change the collection; each keeps the cached lines up to date
    // (no pass over the scope) and the next status still agrees: a lapse, a
    // new card, a card whose memory is replayed from its log, an early
    // review and a cram answer.
    std::vector<Card> answered;
    auto first = [&](auto pred) {
      for (const CardView& v : store_.ListCards(CardQuery{})) {
        if (static_cast<int>(v.card.state.queue) < 0) continue;
        bool seen = false;
        for (const Card& a : answered) seen = seen || a.id == v.card.id;
        if (!seen && pred(v.card)) return v.card;
      }
      ADD_FAILURE() << "no such card after " << answered.size() << " answers";
      return Card{};
    };
    const auto rating = [&](const Card& c) { return MinRating(store_.GetDeck(c.deck_id)->options.algorithm); };
    answered.push_back(first([](const Card& c) { return c.state.queue == CardQueue::kReview; }));
    answered.push_back(first([](const Card& c) { return c.state.type == CardType::kNew; }));
    answered.push_back(first([](const Card& c) { return c.state.type != CardType::kNew && !c.state.memory; }));
    for (size_t i = 0; i < answered.size(); ++i) {
      AnswerCard(store_, answered[i].id, rating(answered[i]) + static_cast<int>(i), clock_.Now(), 4000);
      ExpectTheCommandsAgree(ComputeTodayStatus(store_));
    }
    const Card early = first([&](const Card& c) { return c.state.queue == CardQueue::kReview && c.state.due > today_n(); });
    AnswerCard(store_, early.id, rating(early) + 2, clock_.Now(), 4000, nullptr, AnswerMode::kEarly);
    ExpectTheCommandsAgree(ComputeTodayStatus(store_));
    AnswerCard(store_, early.id, rating(early), clock_.Now(), 4000, nullptr, AnswerMode::kCram);
    ExpectTheCommandsAgree(ComputeTodayStatus(store_));
    // Undo is another write: the next status passes over the scope again.
    ASSERT_TRUE(store_.Undo());
    ExpectTheCommandsAgree(ComputeTodayStatus(store_));
  }
}

}  // namespace
}  // namespace recall

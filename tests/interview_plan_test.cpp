// The plan to an interview: fixed cases pinned, and the property that a
// simulated learner whose true memory follows the model, doing what the plan
// says, reaches the target on the day for at least 95% of the cards.

#include "recall/interview_plan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "interview/deadline.h"
#include "recall/fsrs.h"

namespace recall {
namespace {

const FsrsParams& W() { return DefaultFsrsParams(); }

PlanCard NewCard(int64_t id) {
  PlanCard c;
  c.card_id = id;
  return c;
}

TEST(PlanTest, TenNewCardsOverTenDaysArePinned) {
  std::vector<PlanCard> cards;
  for (int i = 0; i < 10; ++i) cards.push_back(NewCard(i + 1));
  PlanOptions opts;
  opts.today = Day{1000};
  opts.day = Day{1010};
  opts.target = 0.9;
  opts.seconds_per_answer = 12;
  const Plan plan = MakePlan(cards, opts, W());
  // Window: 10 - 10/5 = 8 days; ceil(10 / 8) = 2 a day.
  EXPECT_EQ(plan.new_per_day, 2);
  EXPECT_EQ(plan.new_cards, 10);
  ASSERT_EQ(plan.days.size(), 10u);
  std::vector<int64_t> fresh;
  for (const PlanDay& d : plan.days) fresh.push_back(d.new_cards);
  EXPECT_EQ(fresh, (std::vector<int64_t>{2, 2, 2, 2, 2, 0, 0, 0, 0, 0}));
  // Day one: 2 new cards x 2 answers x 12 s = 0.8 minutes, no reviews yet.
  EXPECT_EQ(plan.days[0].day, Day{1000});
  EXPECT_DOUBLE_EQ(plan.days[0].reviews, 0);
  EXPECT_DOUBLE_EQ(plan.days[0].minutes, 0.8);
  EXPECT_TRUE(plan.feasible);
  EXPECT_EQ(plan.below_target, 0);
  EXPECT_EQ(plan.not_introduced, 0);
  EXPECT_GE(plan.readiness, 0.9);
  // Deterministic: the same input gives the same plan.
  const Plan again = MakePlan(cards, opts, W());
  for (size_t i = 0; i < plan.days.size(); ++i) {
    EXPECT_EQ(again.days[i].reviews, plan.days[i].reviews);
    EXPECT_EQ(again.days[i].minutes, plan.days[i].minutes);
  }
  EXPECT_EQ(again.readiness, plan.readiness);
}

TEST(PlanTest, TooMuchForTheLoadSaysSoWithTheBestReadiness) {
  std::vector<PlanCard> cards;
  for (int i = 0; i < 3000; ++i) cards.push_back(NewCard(i + 1));
  PlanOptions opts;
  opts.today = Day{1000};
  opts.day = Day{1005};
  opts.seconds_per_answer = 10;
  opts.max_minutes = 30;  // 90 new cards a day at most
  const Plan plan = MakePlan(cards, opts, W());
  EXPECT_FALSE(plan.feasible);
  EXPECT_EQ(plan.new_per_day, 750);  // window 5 - 1 = 4 days
  EXPECT_GT(plan.not_introduced, 2000);
  EXPECT_GE(plan.below_target, plan.not_introduced);
  EXPECT_LT(plan.readiness, 0.2);
  for (const PlanDay& d : plan.days) EXPECT_LE(d.minutes, 30.0 + 1e-9);
}

TEST(PlanTest, AnInterviewTodayOrPastPlansNoDay) {
  std::vector<PlanCard> cards{NewCard(1)};
  PlanOptions opts;
  opts.today = Day{1000};
  opts.day = Day{1000};
  Plan plan = MakePlan(cards, opts, W());
  EXPECT_TRUE(plan.days.empty());
  EXPECT_EQ(plan.new_per_day, 0);
  EXPECT_FALSE(plan.feasible);
  EXPECT_EQ(plan.not_introduced, 1);
  opts.day = Day{990};
  plan = MakePlan(cards, opts, W());
  EXPECT_TRUE(plan.days.empty());
}

TEST(PlanTest, ACardScheduledPastTheDayIsReviewedEarly) {
  // Stability 10, answered yesterday, due in 30 days: on the day (20 days
  // away) it would be at R(21, 10) < 0.9, so the plan asks it before.
  PlanCard c;
  c.card_id = 1;
  c.memory = MemoryState{10, 5};
  c.last_review_day = Day{999};
  c.due = Day{1030};
  PlanOptions opts;
  opts.today = Day{1000};
  opts.day = Day{1020};
  const Plan plan = MakePlan({c}, opts, W());
  double reviews = 0;
  for (const PlanDay& d : plan.days) reviews += d.reviews;
  EXPECT_GT(reviews, 0.99);
  EXPECT_TRUE(plan.feasible);
  EXPECT_GE(plan.readiness, 0.9);
}

// ---- The property ----

double Uniform(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

struct Learner {
  std::optional<MemoryState> memory;
  Day last;
  Day due;
  double retention = 0.9;
};

TEST(PlanPropertyTest, ALearnerFollowingThePlanReachesTheTargetFor95PercentOfCards) {
  std::mt19937_64 rng(20261201);
  int trials = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const Day today{20000};
    const int64_t left = 3 + static_cast<int64_t>(rng() % 58);  // 3..60 days
    const double target = 0.80 + 0.15 * Uniform(rng);
    const int n = 20 + static_cast<int>(rng() % 180);
    const double new_share = Uniform(rng);
    const Day day = today + left;
    std::vector<PlanCard> cards;
    std::vector<Learner> learners;
    for (int i = 0; i < n; ++i) {
      PlanCard c;
      c.card_id = i + 1;
      c.desired_retention = 0.85 + 0.1 * Uniform(rng);
      if (Uniform(rng) >= new_share) {
        c.memory = MemoryState{0.5 + 80 * Uniform(rng) * Uniform(rng), 1 + 9 * Uniform(rng)};
        c.last_review_day = today - static_cast<int64_t>(rng() % 40);
        c.due = c.last_review_day + std::max<int64_t>(1, std::llround(FsrsNextInterval(
                                                             W(), c.memory->stability, c.desired_retention)));
      }
      cards.push_back(c);
    }
    PlanOptions opts;
    opts.today = today;
    opts.day = day;
    opts.target = target;
    opts.max_minutes = 600;
    const Plan plan = MakePlan(cards, opts, W());
    ASSERT_TRUE(plan.feasible) << "trial " << trial;
    ++trials;

    // The learner: the same starting schedule (an interview set now pulls
    // cards due past the day forward), true recall drawn from the model.
    for (const PlanCard& c : cards) {
      Learner l{c.memory, c.last_review_day, std::max(c.due, today), c.desired_retention};
      if (c.memory) {
        if (auto pulled = interview::PulledForwardDue(W(), c.last_review_day, l.due, today, day, target,
                                                      c.memory->stability)) {
          l.due = *pulled;
        }
      }
      learners.push_back(l);
    }
    size_t next_new = 0;
    for (const PlanDay& pd : plan.days) {
      const Day t = pd.day;
      for (Learner& l : learners) {
        if (!l.memory || l.due > t) continue;
        const double elapsed = static_cast<double>(std::max<int64_t>(t - l.last, 0));
        const bool recalled = Uniform(rng) < FsrsRetrievability(W(), elapsed, l.memory->stability);
        l.memory = FsrsNextState(W(), l.memory, elapsed, recalled ? 3 : 1);
        if (!recalled) l.memory = FsrsNextState(W(), l.memory, 0, 3);  // the relearning step, Good
        l.last = t;
        l.due = t + PlannedInterval(W(), t, day, target, l.memory->stability, l.retention);
      }
      for (int64_t k = 0; k < pd.new_cards; ++k) {
        while (next_new < learners.size() && learners[next_new].memory) ++next_new;
        ASSERT_LT(next_new, learners.size());
        Learner& l = learners[next_new];
        for (int a = 0; a < opts.answers_per_new_card; ++a) l.memory = FsrsNextState(W(), l.memory, 0, 3);
        l.last = t;
        l.due = t + PlannedInterval(W(), t, day, target, l.memory->stability, l.retention);
      }
    }
    int ready = 0;
    for (const Learner& l : learners) {
      if (l.memory &&
          FsrsRetrievability(W(), static_cast<double>(day - l.last), l.memory->stability) >= target) {
        ++ready;
      }
    }
    EXPECT_GE(ready, 0.95 * n) << "trial " << trial << ": " << ready << "/" << n << ", " << left
                               << " days, target " << target;
  }
  EXPECT_EQ(trials, 60);
}

}  // namespace
}  // namespace recall

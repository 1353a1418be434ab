// The plan to an interview (recall/interview_plan.h): a deterministic
// simulation of the schedule with expected outcomes.

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "interview/deadline.h"
#include "recall/interview_plan.h"

namespace recall {
namespace {

constexpr int kGood = 3;

struct SimCard {
  std::optional<MemoryState> memory;
  Day last;
  Day due;
  double desired_retention;
};

double RecallOn(const FsrsParams& w, const SimCard& c, Day day) {
  if (!c.memory) return 0;
  return FsrsRetrievability(w, static_cast<double>(std::max<int64_t>(day - c.last, 0)), c.memory->stability);
}

}  // namespace

int64_t PlannedInterval(const FsrsParams& w, Day today, Day day, double target, double stability,
                        double desired_retention) {
  const double raw = FsrsNextInterval(w, stability, desired_retention);
  const int64_t interval = std::max<int64_t>(1, std::llround(raw));
  return interview::DeadlineInterval(w, today, day, target, stability, interval);
}

int64_t PlanNewPerDay(int64_t new_cards, int64_t days_left) {
  if (days_left <= 0) return 0;
  const int64_t window = std::max<int64_t>(1, days_left - days_left / 5);
  return (new_cards + window - 1) / window;
}

Plan MakePlan(const std::vector<PlanCard>& cards, const PlanOptions& opts, const FsrsParams& w) {
  Plan plan;
  plan.cards = static_cast<int64_t>(cards.size());
  std::vector<SimCard> learned;
  std::vector<double> fresh;  // desired retention of each new card, in order
  for (const PlanCard& c : cards) {
    if (c.memory) {
      Day due = std::max(c.due, opts.today);
      if (const auto pulled = interview::PulledForwardDue(w, c.last_review_day, due, opts.today, opts.day,
                                                          opts.target, c.memory->stability)) {
        due = *pulled;
      }
      learned.push_back(SimCard{c.memory, c.last_review_day, due, c.desired_retention});
    } else {
      fresh.push_back(c.desired_retention);
    }
  }
  plan.new_cards = static_cast<int64_t>(fresh.size());
  const int64_t left = opts.day - opts.today;
  plan.new_per_day = PlanNewPerDay(plan.new_cards, left);
  const double answer_minutes = opts.seconds_per_answer / 60.0;
  const int new_answers = std::max(1, opts.answers_per_new_card);
  size_t next_new = 0;
  const Day end = opts.max_days >= 0 ? std::min(opts.day, opts.today + opts.max_days) : opts.day;
  for (Day t = opts.today; t < end; t = t + 1) {
    PlanDay pd;
    pd.day = t;
    // Reviews due today, lowest recall first.
    std::vector<std::pair<double, size_t>> due;  // (recall today, card)
    for (size_t i = 0; i < learned.size(); ++i) {
      if (learned[i].due <= t) due.emplace_back(RecallOn(w, learned[i], t), i);
    }
    std::stable_sort(due.begin(), due.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [r, i] : due) {
      SimCard& c = learned[i];
      const double answers = 1 + (1 - r) * opts.answers_per_lapse;
      if (pd.minutes + answers * answer_minutes > opts.max_minutes) {
        ++plan.deferred_reviews;  // stays due: asked first on a later day
        continue;
      }
      pd.reviews += answers;
      pd.minutes += answers * answer_minutes;
      const double elapsed = static_cast<double>(std::max<int64_t>(t - c.last, 0));
      c.memory = FsrsNextState(w, c.memory, elapsed, kGood);
      c.last = t;
      c.due = t + PlannedInterval(w, t, opts.day, opts.target, c.memory->stability, c.desired_retention);
    }
    // New cards, up to the rate and the time left today.
    const double new_minutes = new_answers * answer_minutes;
    while (pd.new_cards < plan.new_per_day && next_new < fresh.size()) {
      if (pd.minutes + new_minutes > opts.max_minutes) {
        break;
      }
      SimCard c{std::nullopt, t, t, fresh[next_new++]};
      for (int a = 0; a < new_answers; ++a) c.memory = FsrsNextState(w, c.memory, 0, kGood);
      c.due = t + PlannedInterval(w, t, opts.day, opts.target, c.memory->stability, c.desired_retention);
      learned.push_back(c);
      ++pd.new_cards;
      pd.minutes += new_minutes;
    }
    plan.days.push_back(pd);
  }
  plan.not_introduced = static_cast<int64_t>(fresh.size() - next_new);
  double sum = 0;
  for (const SimCard& c : learned) {
    const double r = RecallOn(w, c, opts.day);
    sum += r;
    if (r < opts.target) ++plan.below_target;
  }
  plan.below_target += plan.not_introduced;  // new cards count 0
  plan.readiness = plan.cards ? sum / static_cast<double>(plan.cards) : 0;
  plan.feasible = plan.not_introduced == 0 && plan.below_target == 0;
  return plan;
}

}  // namespace recall

#ifndef RECALL_INTERVIEW_PLAN_H_
#define RECALL_INTERVIEW_PLAN_H_

// The plan to an interview (docs/interview.md, "The plan"): day by day from
// today to the day, new cards to introduce, expected reviews and minutes,
// worked out by simulating the schedule with the memory model.

#include <cstdint>
#include <optional>
#include <vector>

#include "recall/fsrs.h"
#include "recall/interview.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall {

// Seconds per answer when the review log has no timed answer.
inline constexpr double kDefaultAnswerSeconds = 10.0;

// One card in scope as the plan sees it.
struct PlanCard {
  int64_t card_id = 0;
  std::optional<MemoryState> memory;  // empty: a new card, still to introduce
  Day last_review_day;                // the last answer's study day (learned cards)
  Day due;                            // next review day (learned cards); today when overdue or learning
  double desired_retention = kDefaultDesiredRetention;  // of its deck
};

struct PlanOptions {
  Day today;
  Day day;  // the interview
  double target = kDefaultInterviewTarget;
  double seconds_per_answer = kDefaultAnswerSeconds;
  double max_minutes = 60;
  int answers_per_new_card = 2;  // the learning steps answered Good once each (at least 1)
  int answers_per_lapse = 2;     // extra answers after a lapse: Again, then the relearning steps
  // Simulate only the first max_days days (-1: to the day). A cut-short plan
  // gives those days; its end figures (readiness, feasible) are not meaningful.
  int64_t max_days = -1;
};

struct PlanDay {
  Day day;
  int64_t new_cards = 0;
  double reviews = 0;  // expected answers on learned cards, lapses included
  double minutes = 0;
};

struct Plan {
  std::vector<PlanDay> days;  // today .. the day before the interview
  int64_t new_per_day = 0;    // the plan's new-card rate
  int64_t new_cards = 0;      // new cards in scope today
  int64_t cards = 0;
  int64_t not_introduced = 0;    // new cards the load cap left out
  int64_t deferred_reviews = 0;  // reviews the load cap pushed to a later day
  double readiness = 0;          // mean predicted recall on the day
  int64_t below_target = 0;      // cards predicted below the target on the day
  // Every card learned and at or above the target on the day, no day above
  // max_minutes.
  bool feasible = false;
};

// The plan's new-card rate: ceil(new_cards / window), window = days_left -
// floor(days_left / 5), at least 1; 0 when days_left <= 0.
int64_t PlanNewPerDay(int64_t new_cards, int64_t days_left);

// Pure and deterministic. Simulates the schedule from opts.today to the day
// before opts.day with expected outcomes: every review is answered Good (the
// memory model's update), and costs 1 + (1 - R) * answers_per_lapse answers,
// R its predicted recall; reviews follow the deck's desired retention cut by
// the interview deadline rule (interview/deadline.h), and a card already
// scheduled past the day without reaching the target is reviewed early
// (PulledForwardDue). New cards are spread
// evenly: new_per_day = ceil(new / window), the window being the days left
// less a fifth (so the last new card has time to settle). Each day's reviews
// come first (lowest recall first), then new cards, within max_minutes.
Plan MakePlan(const std::vector<PlanCard>& cards, const PlanOptions& opts, const FsrsParams& w);

// The review interval (days) after an answer on `today` that left the memory
// at `stability`: the deck's interval for `desired_retention` (at least 1),
// cut by the deadline rule of an interview on `day` wanting `target`.
int64_t PlannedInterval(const FsrsParams& w, Day today, Day day, double target, double stability,
                        double desired_retention);

// The cards of the interview's scope as MakePlan takes them, today being
// `today` (learning cards and overdue reviews are due today).
std::vector<PlanCard> PlanCards(const Store& store, const Interview& interview, Day today, int rollover_hour);

// The user's mean answer time in seconds over their last 1000 timed answers
// (the review log), or nullopt when there is none.
std::optional<double> AverageAnswerSeconds(const Store& store);

}  // namespace recall

#endif  // RECALL_INTERVIEW_PLAN_H_

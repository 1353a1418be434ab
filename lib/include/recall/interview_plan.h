#ifndef RECALL_INTERVIEW_PLAN_H_
#define RECALL_INTERVIEW_PLAN_H_

// The plan to an interview (docs/interview.md, "The plan"): day by day from
// today to the day, new cards to introduce, expected reviews and minutes,
// worked out by simulating the schedule with each deck's own scheduler and
// the memory model.

#include <cstdint>
#include <optional>
#include <vector>

#include "recall/card.h"
#include "recall/deck.h"
#include "recall/fsrs.h"
#include "recall/interview.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall {

// Seconds per answer when the review log has no timed answer.
inline constexpr double kDefaultAnswerSeconds = 10.0;

// One card in scope as the plan sees it: its stored scheduling state, with
// the memory state filled in from the memory model when the card has
// history but no state of its own.
struct PlanCard {
  int64_t card_id = 0;
  int64_t deck_id = 0;
  CardState state;
  Day last_review_day;  // the last answer's study day (cards with a memory state)
};

// A deck of the scope's cards: its options (algorithm, steps, fuzz, review
// limit) and what its review limit has already counted today.
struct PlanDeck {
  int64_t id = 0;
  DeckOptions options;
  int64_t reviews_done_today = 0;
};

// What the plan simulates.
struct PlanScope {
  std::vector<PlanCard> cards;
  std::vector<PlanDeck> decks;   // every deck a card names
  int64_t new_done_today = 0;    // new cards of the scope first answered today
  // New cards of the scope left out of `cards`, after all of them in the
  // new-card order: bare `recall` lists only the new cards today can reach.
  int64_t unlisted_new_cards = 0;
};

struct PlanOptions {
  Timestamp now;  // today's session; later days are studied at the same time of day
  Day today;
  Day day;  // the interview
  int rollover_hour = 4;
  double target = kDefaultInterviewTarget;
  double seconds_per_answer = kDefaultAnswerSeconds;
  double max_minutes = 60;
  // Simulate only the first max_days days (-1: to the day). A cut-short plan
  // gives those days; its end figures (readiness, feasible) are not meaningful.
  int64_t max_days = -1;
};

struct PlanDay {
  Day day;
  int64_t new_cards = 0;
  double reviews = 0;  // expected answers on cards already introduced, lapses included
  double minutes = 0;
  int64_t limited_reviews = 0;  // reviews the decks' review limits left for a later day
  bool full = false;            // an answer did not fit in max_minutes: the day ended there
};

struct Plan {
  std::vector<PlanDay> days;  // today .. the day before the interview
  int64_t new_per_day = 0;    // the plan's new-card rate
  int64_t new_cards = 0;      // new cards in scope at the start of today
  int64_t cards = 0;
  int64_t not_introduced = 0;    // new cards the load cap left out
  int64_t deferred_reviews = 0;  // due reviews a full day left for a later day (summed over days)
  int64_t limited_reviews = 0;   // reviews the decks' review limits pushed to a later day
  int64_t limited_days = 0;      // days on which a deck's review limit bound
  double readiness = 0;          // mean predicted recall on the day
  int64_t below_target = 0;      // cards predicted below the target on the day
  // Every card learned and at or above the target on the day, no day above
  // max_minutes.
  bool feasible = false;
};

// The plan's new-card rate: ceil(new_cards / window), window = days_left -
// floor(days_left / 5), at least 1; 0 when days_left <= 0.
int64_t PlanNewPerDay(int64_t new_cards, int64_t days_left);

// Pure and deterministic (docs/interview.md, "The plan", gives the rule).
// Simulates the schedule from opts.today to the day before opts.day: each
// answer goes through the card's own deck's scheduler (recall::Answer: anki,
// sm2 or fsrs, its steps, limits and seeded fuzz) and then the interview's
// deadline cut (interview::ApplyDeadline), as a real answer does. Outcomes
// are the memory model's expected ones: the schedule follows the recalled
// answer (Good), and each review adds its expected lapse work, (1 - R) times
// the extra answers the deck's scheduler gives a lapse that day. Each day:
// learning cards, then reviews by due day and card id within each deck's
// review limit, then new cards in the new-card order at the plan's rate;
// the day ends at the first answer that would take it past max_minutes.
Plan MakePlan(const PlanScope& scope, const PlanOptions& opts, const FsrsParams& w);

// The scope of `interview` as MakePlan takes it, today being `today`: every
// card in scope with its deck, and today's usage.
PlanScope ReadPlanScope(const Store& store, const Interview& interview, Day today, int rollover_hour);

// The user's mean answer time in seconds over their last 1000 timed answers
// (the review log), or nullopt when there is none.
std::optional<double> AverageAnswerSeconds(const Store& store);

}  // namespace recall

#endif  // RECALL_INTERVIEW_PLAN_H_

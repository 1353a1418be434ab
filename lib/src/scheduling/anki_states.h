#ifndef RECALL_SCHEDULING_ANKI_STATES_H_
#define RECALL_SCHEDULING_ANKI_STATES_H_

// Private to the scheduler: Anki's SM-2 as a state machine over small value
// types (spec/scheduler.md section 3). The flat CardState is turned into one
// of these states, the answer moves it to the next state, and the next state
// is written back into a CardState with its revlog fields.
//
// Arithmetic follows Anki exactly: intervals and eases in IEEE binary32, in
// the order the spec states, rounded half away from zero (std::round).

#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "recall/card.h"
#include "recall/deck.h"
#include "recall/scheduler.h"
#include "scheduling/constants.h"

namespace recall {
namespace scheduling {

// A delay in seconds (intraday) or whole days.
struct IntervalKind {
  bool in_days = false;
  int64_t value = 0;

  static IntervalKind InSecs(int64_t secs) { return IntervalKind{false, secs}; }
  static IntervalKind InDays(int64_t days) { return IntervalKind{true, days}; }
  // A delay that reaches the next rollover becomes a number of days:
  // (secs - secs_until_rollover) / 86400 + 1.
  IntervalKind MaybeAsDays(int64_t secs_until_rollover) const;
  // Revlog units: days > 0, or -seconds.
  int32_t AsRevlog() const;
};

// DeckOptions converted to the units and precision Anki computes with.
struct AnkiConfig {
  std::vector<int64_t> learn_steps_secs;
  std::vector<int64_t> relearn_steps_secs;
  int64_t graduating_interval_good = 1;
  int64_t graduating_interval_easy = 4;
  float initial_ease = 2.5f;
  float easy_multiplier = 1.3f;
  float interval_multiplier = 1.0f;
  float hard_multiplier = 1.2f;
  float lapse_multiplier = 0.0f;
  int64_t maximum_interval = 36500;
  int64_t minimum_lapse_interval = 1;
  int64_t leech_threshold = 8;
  std::optional<float> fuzz_factor;

  static AnkiConfig FromContext(const SchedulerContext& ctx);
  // {max(minimum clamped into [1, maximum]), max(maximum, 1)}.
  std::pair<int64_t, int64_t> MinAndMaxReviewIntervals(int64_t minimum) const;
  // Review fuzz with this config's factor, or plain rounding without one.
  int64_t WithReviewFuzz(float interval, int64_t minimum, int64_t maximum) const;
};

// A list of (re)learning steps in whole seconds.
class LearningSteps {
 public:
  explicit LearningSteps(const std::vector<int64_t>& secs) : secs_(secs) {}

  bool empty() const { return secs_.empty(); }
  int64_t size() const { return static_cast<int64_t>(secs_.size()); }
  // The current step index for `remaining` steps left (read modulo 1000),
  // clamped into the list.
  int64_t Index(int64_t remaining) const;
  std::optional<int64_t> AgainDelay() const;
  std::optional<int64_t> HardDelay(int64_t remaining) const;
  std::optional<int64_t> GoodDelay(int64_t remaining) const;
  int64_t CurrentDelay(int64_t remaining) const;
  int64_t RemainingForGood(int64_t remaining) const;
  int64_t RemainingForFailed() const { return size(); }

 private:
  std::optional<int64_t> At(int64_t index) const;
  const std::vector<int64_t>& secs_;
};

struct NewState {};

struct LearnState {
  int64_t remaining_steps = 0;
  int64_t scheduled_secs = 0;
};

struct ReviewState {
  int64_t scheduled_days = 0;
  // today - due: negative only for an early review in a rescheduling
  // filtered deck; capped at 0 from below in normal decks.
  int64_t days_late = 0;
  float ease = kInitialEase;
  int64_t lapses = 0;
  bool leeched = false;  // this answer made the card a leech
};

struct RelearnState {
  LearnState learning;
  ReviewState review;
};

using AnkiState = std::variant<NewState, LearnState, ReviewState, RelearnState>;

// The state a stored card is in before answering.
AnkiState CurrentAnkiState(const CardState& card, const AnkiConfig& config, const SchedulerContext& ctx);

// The state after answering with rating 1-4 (anki_learning.cpp,
// anki_review.cpp).
AnkiState AnswerLearn(const LearnState& state, int rating, const AnkiConfig& config);
AnkiState AnswerRelearn(const RelearnState& state, int rating, const AnkiConfig& config);
AnkiState AnswerReview(const ReviewState& state, int rating, const AnkiConfig& config);

// Hard, Good and Easy intervals of a review state, in days.
struct PassingIntervals {
  int64_t hard = 0;
  int64_t good = 0;
  int64_t easy = 0;
};
PassingIntervals ReviewPassingIntervals(const ReviewState& state, const AnkiConfig& config);

// Writes a (re)learning delay of `secs` into `card` (queue, due) and the
// delay the buttons show: intraday, or on a later day when it reaches the
// next rollover (anki_scheduler.cpp).
void PlaceLearning(int64_t secs, const SchedulerContext& ctx, CardState* card, Delay* delay);
// Writes a review state into `card`: type, queue, interval, due, ease, lapses.
void PlaceReview(const ReviewState& review, const SchedulerContext& ctx, CardState* card, Delay* delay);

// Anki's leech rule: at the threshold and every ceil(threshold / 2) after.
bool LeechThresholdMet(int64_t lapses, int64_t threshold);

// ---- Fuzz internals (fuzz.cpp), in Anki's binary32 arithmetic. ----
std::pair<int64_t, int64_t> ConstrainedFuzzBounds(float interval, int64_t minimum, int64_t maximum);
int64_t WithReviewFuzz(std::optional<float> fuzz_factor, float interval, int64_t minimum, int64_t maximum);
// Extra seconds added to an intraday learning delay: in
// [0, min(floor(0.25 * secs), 300)).
int64_t LearningFuzzSecs(int64_t secs, double fuzz_factor);

}  // namespace scheduling
}  // namespace recall

#endif  // RECALL_SCHEDULING_ANKI_STATES_H_

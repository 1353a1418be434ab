// Anki review answers, early reviews and lapses (spec/scheduler.md 3.5-3.7).

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "scheduling/anki_states.h"
#include "scheduling/constants.h"

namespace recall {
namespace scheduling {
namespace {

// Applies the interval modifier, then fuzz (or rounding) and the limits.
int64_t ConstrainPassingInterval(const AnkiConfig& config, float interval, int64_t minimum, bool fuzz) {
  interval = interval * config.interval_multiplier;
  const auto [lo, hi] = config.MinAndMaxReviewIntervals(minimum);
  if (fuzz) return config.WithReviewFuzz(interval, lo, hi);
  return WithReviewFuzz(std::nullopt, interval, lo, hi);
}

PassingIntervals OnTimeOrLateIntervals(const ReviewState& state, const AnkiConfig& config) {
  const float current = static_cast<float>(state.scheduled_days);
  const float days_late = static_cast<float>(std::max<int64_t>(state.days_late, 0));
  const float hard_factor = config.hard_multiplier;
  PassingIntervals out;
  // Hard: no credit for lateness.
  const int64_t hard_minimum = hard_factor <= 1.0f ? 0 : state.scheduled_days + 1;
  out.hard = ConstrainPassingInterval(config, current * hard_factor, hard_minimum, true);
  // Good: half the lateness; must beat Hard (or the old interval).
  const int64_t good_minimum = hard_factor <= 1.0f ? state.scheduled_days + 1 : out.hard + 1;
  out.good = ConstrainPassingInterval(config, (current + days_late / 2.0f) * state.ease, good_minimum, true);
  // Easy: all the lateness and the easy bonus; must beat Good.
  out.easy = ConstrainPassingInterval(config, (current + days_late) * state.ease * config.easy_multiplier,
                                      out.good + 1, true);
  return out;
}

// An early review in a rescheduling filtered deck: credit only for the days
// that actually elapsed. No fuzz and no Hard < Good < Easy minimums.
PassingIntervals EarlyIntervals(const ReviewState& state, const AnkiConfig& config) {
  const float scheduled = static_cast<float>(state.scheduled_days);
  const float elapsed = static_cast<float>(std::max<int64_t>(state.scheduled_days + state.days_late, 0));
  PassingIntervals out;
  const float half_usual = config.hard_multiplier / 2.0f;
  out.hard = ConstrainPassingInterval(
      config, std::max(elapsed * config.hard_multiplier, scheduled * half_usual), 0, false);
  out.good = ConstrainPassingInterval(config, std::max(elapsed * state.ease, scheduled), 0, false);
  const float reduced_bonus = config.easy_multiplier - (config.easy_multiplier - 1.0f) / 2.0f;
  out.easy =
      ConstrainPassingInterval(config, std::max(elapsed * state.ease, scheduled) * reduced_bonus, 0, false);
  return out;
}

}  // namespace

bool LeechThresholdMet(int64_t lapses, int64_t threshold) {
  if (threshold <= 0) return false;
  const int64_t half = std::max<int64_t>((threshold + 1) / 2, 1);
  return lapses >= threshold && (lapses - threshold) % half == 0;
}

PassingIntervals ReviewPassingIntervals(const ReviewState& state, const AnkiConfig& config) {
  if (state.days_late < 0) return EarlyIntervals(state, config);
  return OnTimeOrLateIntervals(state, config);
}

AnkiState AnswerReview(const ReviewState& state, int rating, const AnkiConfig& config) {
  ReviewState next = state;
  next.days_late = 0;
  next.leeched = false;
  if (rating == kAnkiAgain) {
    next.lapses = state.lapses + 1;
    next.leeched = LeechThresholdMet(next.lapses, config.leech_threshold);
    next.ease = std::max(state.ease + kEaseAgainDelta, kMinimumEase);
    const auto [minimum, maximum] = config.MinAndMaxReviewIntervals(config.minimum_lapse_interval);
    next.scheduled_days = config.WithReviewFuzz(
        std::max(static_cast<float>(state.scheduled_days), 1.0f) * config.lapse_multiplier, minimum, maximum);
    const LearningSteps steps(config.relearn_steps_secs);
    if (const auto delay = steps.AgainDelay()) {
      return RelearnState{LearnState{steps.RemainingForFailed(), *delay}, next};
    }
    return next;
  }
  const PassingIntervals intervals = ReviewPassingIntervals(state, config);
  switch (rating) {
    case kAnkiHard:
      next.scheduled_days = intervals.hard;
      next.ease = std::max(state.ease + kEaseHardDelta, kMinimumEase);
      break;
    case kAnkiGood:
      next.scheduled_days = intervals.good;
      break;
    default:  // kAnkiEasy
      next.scheduled_days = intervals.easy;
      next.ease = state.ease + kEaseEasyDelta;
      break;
  }
  return next;
}

}  // namespace scheduling
}  // namespace recall

// Anki learning and relearning steps (spec/scheduler.md 3.4, 3.8).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "scheduling/anki_states.h"
#include "scheduling/constants.h"

namespace recall {
namespace scheduling {
namespace {

// A delay longer than a day is rounded to whole days, so the result does not
// depend on the time of day it was answered at (Hard on a first step).
int64_t MaybeRoundInDays(int64_t secs) {
  if (secs <= kSecondsPerDay) return secs;
  const float days = std::round(static_cast<float>(secs) / static_cast<float>(kSecondsPerDay));
  return static_cast<int64_t>(days) * kSecondsPerDay;
}

// Graduation from (re)learning into review with `days` (before fuzz).
ReviewState Graduate(int64_t days, const AnkiConfig& config) {
  const auto [minimum, maximum] = config.MinAndMaxReviewIntervals(1);
  ReviewState review;
  review.scheduled_days = config.WithReviewFuzz(static_cast<float>(days), minimum, maximum);
  review.ease = config.initial_ease;
  return review;
}

}  // namespace

IntervalKind IntervalKind::MaybeAsDays(int64_t secs_until_rollover) const {
  if (in_days || value < secs_until_rollover) return *this;
  return InDays((value - secs_until_rollover) / kSecondsPerDay + 1);
}

int32_t IntervalKind::AsRevlog() const {
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  const int64_t v = std::min(value, kMax);
  return static_cast<int32_t>(in_days ? v : -v);
}

int64_t LearningSteps::Index(int64_t remaining) const {
  const int64_t total = size();
  const int64_t left = ((remaining % kLeftModulus) + kLeftModulus) % kLeftModulus;
  return std::min(std::max<int64_t>(total - left, 0), std::max<int64_t>(total - 1, 0));
}

std::optional<int64_t> LearningSteps::At(int64_t index) const {
  if (index < 0 || index >= size()) return std::nullopt;
  return secs_[static_cast<size_t>(index)];
}

std::optional<int64_t> LearningSteps::AgainDelay() const { return At(0); }

std::optional<int64_t> LearningSteps::HardDelay(int64_t remaining) const {
  const int64_t index = Index(remaining);
  const std::optional<int64_t> current = At(index);
  if (!current) return std::nullopt;
  if (index != 0) return current;
  // First step: between Again and Good.
  if (const std::optional<int64_t> next = At(1)) {
    return MaybeRoundInDays((*current + *next) / 2);
  }
  return MaybeRoundInDays(std::min(*current * 3 / 2, *current + kHardSingleStepMaxExtraSecs));
}

std::optional<int64_t> LearningSteps::GoodDelay(int64_t remaining) const { return At(Index(remaining) + 1); }

int64_t LearningSteps::CurrentDelay(int64_t remaining) const { return At(Index(remaining)).value_or(0); }

int64_t LearningSteps::RemainingForGood(int64_t remaining) const {
  return std::max<int64_t>(size() - (Index(remaining) + 1), 0);
}

AnkiState AnswerLearn(const LearnState& state, int rating, const AnkiConfig& config) {
  const LearningSteps steps(config.learn_steps_secs);
  switch (rating) {
    case kAnkiAgain:
      if (const auto delay = steps.AgainDelay()) {
        return LearnState{steps.RemainingForFailed(), *delay};
      }
      return Graduate(config.graduating_interval_good, config);
    case kAnkiHard:
      if (const auto delay = steps.HardDelay(state.remaining_steps)) {
        return LearnState{state.remaining_steps, *delay};
      }
      return Graduate(config.graduating_interval_good, config);
    case kAnkiGood:
      if (const auto delay = steps.GoodDelay(state.remaining_steps)) {
        return LearnState{steps.RemainingForGood(state.remaining_steps), *delay};
      }
      return Graduate(config.graduating_interval_good, config);
    default:  // kAnkiEasy
      return Graduate(config.graduating_interval_easy, config);
  }
}

AnkiState AnswerRelearn(const RelearnState& state, int rating, const AnkiConfig& config) {
  const LearningSteps steps(config.relearn_steps_secs);
  ReviewState review = state.review;
  review.days_late = 0;
  review.leeched = false;
  switch (rating) {
    case kAnkiAgain: {
      // Back to the first step; the post-lapse interval shrinks again by the
      // lapse multiplier, but this is no new lapse and no new ease penalty.
      // Without relearning steps (options changed mid-relearn) the card
      // returns to review with its stored interval, as in Anki.
      const auto delay = steps.AgainDelay();
      if (!delay) return review;
      const auto [minimum, maximum] = config.MinAndMaxReviewIntervals(config.minimum_lapse_interval);
      review.scheduled_days = config.WithReviewFuzz(
          std::max(static_cast<float>(review.scheduled_days), 1.0f) * config.lapse_multiplier, minimum,
          maximum);
      return RelearnState{LearnState{steps.RemainingForFailed(), *delay}, review};
    }
    case kAnkiHard:
      if (const auto delay = steps.HardDelay(state.learning.remaining_steps)) {
        return RelearnState{LearnState{state.learning.remaining_steps, *delay}, review};
      }
      return review;
    case kAnkiGood:
      if (const auto delay = steps.GoodDelay(state.learning.remaining_steps)) {
        return RelearnState{LearnState{steps.RemainingForGood(state.learning.remaining_steps), *delay},
                            review};
      }
      return review;
    default:  // kAnkiEasy: one day more than the post-lapse interval, no fuzz.
      review.scheduled_days += 1;
      return review;
  }
}

}  // namespace scheduling
}  // namespace recall

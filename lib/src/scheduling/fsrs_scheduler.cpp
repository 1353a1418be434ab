// FSRS-6 as Anki runs it (docs/scheduling.md, "FSRS decks"): Anki's learning
// and relearning steps decide while they last; FSRS decides every interval in
// days, with Anki's fuzz and its ordering Hard < Good < Easy.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "scheduling/algorithms.h"
#include "scheduling/anki_states.h"
#include "scheduling/constants.h"
#include "scheduling/fsrs_constants.h"
#include "scheduling/fsrs_states.h"

namespace recall {
namespace scheduling {
namespace {

int32_t ToInt32(int64_t v) {
  return static_cast<int32_t>(
      std::clamp<int64_t>(v, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()));
}

// The four possible next memory states and their unrounded intervals.
struct FsrsChoices {
  std::array<MemoryState, 4> memory;
  std::array<double, 4> interval;  // days

  const MemoryState& MemoryFor(int rating) const { return memory[static_cast<size_t>(rating - 1)]; }
  double IntervalFor(int rating) const { return interval[static_cast<size_t>(rating - 1)]; }
};

FsrsChoices Choices(const CardState& card, const SchedulerContext& ctx) {
  const FsrsParams& w = ctx.fsrs_params;
  const std::optional<MemoryState> before = FsrsMemoryBefore(card, w);
  const int64_t elapsed = FsrsElapsedDays(card, ctx);
  FsrsChoices c;
  for (int rating = kAnkiAgain; rating <= kAnkiEasy; ++rating) {
    const size_t i = static_cast<size_t>(rating - 1);
    c.memory[i] = FsrsNextState(w, before, static_cast<double>(elapsed), rating);
    c.interval[i] = FsrsNextInterval(w, c.memory[i].stability, ctx.options.desired_retention);
  }
  return c;
}

// Where one answer sends the card: a (re)learning delay in seconds, or a
// review interval in days.
struct Placement {
  bool learning = false;
  int64_t secs = 0;
  int32_t remaining = 0;
  int64_t days = 0;
};

class FsrsDecision {
 public:
  FsrsDecision(const AnkiConfig& config, const FsrsChoices& choices) : config_(config), choices_(choices) {}

  // Review days for an FSRS interval, fuzzed and at least `minimum`.
  int64_t ReviewDays(double interval, int64_t minimum) const {
    const auto [lo, hi] = config_.MinAndMaxReviewIntervals(minimum);
    return config_.WithReviewFuzz(static_cast<float>(interval), lo, hi);
  }

  // The end of the steps: a review, unless there are no steps and FSRS wants
  // the card again within half a day (Anki's short-term scheduling).
  Placement Graduate(int rating, const std::vector<int64_t>& steps, int32_t remaining) const {
    const double interval = choices_.IntervalFor(rating);
    if (steps.empty() && interval < kFsrsShortTermMaxDays) {
      return Placement{true, static_cast<int64_t>(interval * static_cast<double>(kSecondsPerDay)), remaining,
                       0};
    }
    return Placement{false, 0, 0, ReviewDays(std::max(std::round(interval), 1.0), 1)};
  }

  // Easy always ends the steps, beyond what Good would give.
  Placement Easy() const {
    const int64_t good = ReviewDays(choices_.IntervalFor(kAnkiGood), 1);
    return Placement{false, 0, 0,
                     ReviewDays(std::max(std::round(choices_.IntervalFor(kAnkiEasy)), 1.0), good + 1)};
  }

  // A (re)learning card: steps first, FSRS after them.
  Placement Steps(int rating, const std::vector<int64_t>& secs, int32_t remaining) const {
    const LearningSteps steps(secs);
    switch (rating) {
      case kAnkiAgain:
        if (const auto d = steps.AgainDelay())
          return Placement{true, *d, ToInt32(steps.RemainingForFailed()), 0};
        return Graduate(rating, secs, ToInt32(steps.RemainingForFailed()));
      case kAnkiHard:
        if (const auto d = steps.HardDelay(remaining)) return Placement{true, *d, remaining, 0};
        return Graduate(rating, secs, remaining);
      case kAnkiGood:
        if (const auto d = steps.GoodDelay(remaining)) {
          return Placement{true, *d, ToInt32(steps.RemainingForGood(remaining)), 0};
        }
        return Graduate(rating, secs, ToInt32(steps.RemainingForGood(remaining)));
      default:
        return Easy();
    }
  }

  // A review card that passed: Hard >= 1, Good > Hard, Easy > Good.
  int64_t Passing(int rating) const {
    const int64_t hard = ReviewDays(choices_.IntervalFor(kAnkiHard), 1);
    if (rating == kAnkiHard) return hard;
    const int64_t good = ReviewDays(choices_.IntervalFor(kAnkiGood), hard + 1);
    if (rating == kAnkiGood) return good;
    return ReviewDays(choices_.IntervalFor(kAnkiEasy), good + 1);
  }

 private:
  const AnkiConfig& config_;
  const FsrsChoices& choices_;
};

int32_t CurrentRevlogInterval(const CardState& card, const AnkiConfig& config, const SchedulerContext& ctx) {
  int64_t secs = 0;
  switch (card.type) {
    case CardType::kNew:
      return 0;
    case CardType::kReview:
      return IntervalKind::InDays(std::max<int64_t>(card.interval, 1)).AsRevlog();
    case CardType::kLearning:
      secs = card.left > 0 || !config.learn_steps_secs.empty()
                 ? LearningSteps(config.learn_steps_secs).CurrentDelay(card.left)
                 : 0;
      break;
    case CardType::kRelearning:
      secs = LearningSteps(config.relearn_steps_secs).CurrentDelay(card.left);
      break;
  }
  return IntervalKind::InSecs(secs).MaybeAsDays(ctx.timing.secs_until_rollover).AsRevlog();
}

RevlogKind RevlogKindOf(CardType type) {
  switch (type) {
    case CardType::kReview:
      return RevlogKind::kReview;
    case CardType::kRelearning:
      return RevlogKind::kRelearn;
    default:
      return RevlogKind::kLearn;
  }
}

float EaseFactor(const CardState& card, const AnkiConfig& config) {
  return card.ease > 0 ? static_cast<float>(card.ease) / 1000.0f : config.initial_ease;
}

}  // namespace

int64_t FsrsElapsedDays(const CardState& card, const SchedulerContext& ctx) {
  if (card.last_review_s > 0) {
    const int64_t secs = ctx.timing.next_day_at.Seconds() - card.last_review_s;
    return secs <= 0 ? 0 : secs / kSecondsPerDay;
  }
  if (card.type == CardType::kReview || card.type == CardType::kRelearning) {
    // Answered `interval` days before its due day.
    return std::max<int64_t>(ctx.timing.today.n - (card.due - card.interval), 0);
  }
  return 0;
}

std::optional<MemoryState> FsrsMemoryBefore(const CardState& card, const FsrsParams& w) {
  if (card.memory) return card.memory;
  if ((card.type == CardType::kReview || card.type == CardType::kRelearning) && card.interval > 0) {
    const double ease = card.ease > 0 ? card.ease / 1000.0 : kInitialEase;
    return FsrsStateFromSm2(w, ease, card.interval, kSm2AssumedRetention);
  }
  return std::nullopt;
}

int FsrsRatingOf(Algorithm algorithm, int rating) {
  if (algorithm != Algorithm::kSm2) return rating;
  if (rating < kSm2PassingGrade) return kAnkiAgain;
  return rating - 1;  // 3 Hard, 4 Good, 5 Easy
}

AnswerOutcome FsrsAnswer(const CardState& card, int rating, const SchedulerContext& ctx) {
  const AnkiConfig config = AnkiConfig::FromContext(ctx);
  const FsrsChoices choices = Choices(card, ctx);
  const FsrsDecision decide(config, choices);

  AnswerOutcome out;
  out.state = card;
  CardState& s = out.state;
  s.reps = card.reps + 1;
  s.drill = false;
  s.memory = choices.MemoryFor(rating);
  s.last_review_s = ctx.now.Seconds();
  out.revlog.rating = rating;
  out.revlog.kind = RevlogKindOf(card.type);
  out.revlog.last_interval = CurrentRevlogInterval(card, config, ctx);

  ReviewState review;
  review.ease = EaseFactor(card, config);
  review.lapses = card.lapses;
  review.scheduled_days = std::max<int32_t>(card.interval, 1);
  Placement place;
  bool relearning = false;
  switch (card.type) {
    case CardType::kNew:
    case CardType::kLearning: {
      const int32_t remaining = card.type == CardType::kNew
                                    ? ToInt32(static_cast<int64_t>(config.learn_steps_secs.size()))
                                    : card.left;
      place = decide.Steps(rating, config.learn_steps_secs, remaining);
      review.ease = config.initial_ease;
      break;
    }
    case CardType::kReview:
      if (rating == kAnkiAgain) {
        review.lapses = card.lapses + 1;
        review.leeched = LeechThresholdMet(review.lapses, config.leech_threshold);
        review.ease = std::max(review.ease + kEaseAgainDelta, kMinimumEase);
        review.scheduled_days =
            decide.ReviewDays(std::max(std::round(choices.IntervalFor(kAnkiAgain)), 1.0), 1);
        place = decide.Steps(rating, config.relearn_steps_secs, 0);
        relearning = place.learning;
        break;
      }
      place = Placement{false, 0, 0, decide.Passing(rating)};
      if (rating == kAnkiHard) review.ease = std::max(review.ease + kEaseHardDelta, kMinimumEase);
      if (rating == kAnkiEasy) review.ease = review.ease + kEaseEasyDelta;
      break;
    case CardType::kRelearning:
      place = decide.Steps(rating, config.relearn_steps_secs, card.left);
      relearning = place.learning;
      if (rating == kAnkiAgain) {
        review.scheduled_days = std::max<int64_t>(std::llround(choices.IntervalFor(kAnkiAgain)), 1);
      }
      break;
  }

  if (place.learning) {
    const bool was_review = card.type == CardType::kReview || card.type == CardType::kRelearning;
    s.type = relearning || was_review ? CardType::kRelearning : CardType::kLearning;
    s.left = place.remaining;
    if (s.type == CardType::kRelearning) {
      s.interval = ToInt32(review.scheduled_days);
      s.ease = ToInt32(std::llround(review.ease * 1000.0f));
      s.lapses = ToInt32(review.lapses);
    }
    PlaceLearning(place.secs, ctx, &s, &out.delay);
    out.revlog.interval =
        IntervalKind::InSecs(place.secs).MaybeAsDays(ctx.timing.secs_until_rollover).AsRevlog();
    out.revlog.ease = s.type == CardType::kRelearning ? s.ease : 0;
  } else {
    review.scheduled_days = place.days;
    PlaceReview(review, ctx, &s, &out.delay);
    out.revlog.interval = IntervalKind::InDays(place.days).AsRevlog();
    out.revlog.ease = s.ease;
  }
  out.leech = review.leeched;
  if (out.leech && ctx.options.leech_action == LeechAction::kSuspend) s.queue = CardQueue::kSuspended;
  return out;
}

}  // namespace scheduling
}  // namespace recall

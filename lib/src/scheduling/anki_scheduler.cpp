// Anki's SM-2 (v3 scheduler): from a stored card to its state, and from the
// next state back to a stored card with its revlog fields (spec 3.1, 3.2,
// 3.11).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <variant>

#include "scheduling/algorithms.h"
#include "scheduling/anki_states.h"
#include "scheduling/constants.h"

namespace recall {
namespace scheduling {
namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

// Anki keeps steps as binary32 minutes and truncates `minutes * 60`.
std::vector<int64_t> StepsToSecs(const std::vector<double>& minutes) {
  std::vector<int64_t> secs;
  secs.reserve(minutes.size());
  for (double m : minutes) {
    const float v = static_cast<float>(m) * 60.0f;
    secs.push_back(!(v > 0.0f) ? 0 : v >= 4294967295.0f ? 4294967295LL : static_cast<int64_t>(v));
  }
  return secs;
}

int32_t ClampToInt32(int64_t v) {
  return static_cast<int32_t>(
      std::clamp<int64_t>(v, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()));
}

// Ease as stored: permille, rounded half away from zero.
int32_t EasePermille(float ease) { return ClampToInt32(std::llround(ease * 1000.0f)); }

float EaseOf(const CardState& card, const AnkiConfig& config) {
  // A review card always has an ease; 0 would only come from a damaged
  // record, and would collapse every interval to its minimum.
  return card.ease > 0 ? static_cast<float>(card.ease) / 1000.0f : config.initial_ease;
}

IntervalKind IntervalOf(const AnkiState& state) {
  return std::visit(Overloaded{
                        [](const NewState&) { return IntervalKind::InDays(0); },
                        [](const LearnState& s) { return IntervalKind::InSecs(s.scheduled_secs); },
                        [](const ReviewState& s) { return IntervalKind::InDays(s.scheduled_days); },
                        [](const RelearnState& s) { return IntervalKind::InSecs(s.learning.scheduled_secs); },
                    },
                    state);
}

// The revlog "type": what kind of answer this was, from the state before it.
RevlogKind RevlogKindOf(const AnkiState& state) {
  return std::visit(
      Overloaded{
          [](const NewState&) { return RevlogKind::kLearn; },
          [](const LearnState&) { return RevlogKind::kLearn; },
          [](const ReviewState& s) { return s.days_late < 0 ? RevlogKind::kFiltered : RevlogKind::kReview; },
          [](const RelearnState&) { return RevlogKind::kRelearn; },
      },
      state);
}

AnkiState Next(const AnkiState& current, int rating, const AnkiConfig& config) {
  return std::visit(Overloaded{
                        [&](const NewState&) {
                          // A new card is a learning card on its first step.
                          const LearningSteps steps(config.learn_steps_secs);
                          return AnswerLearn(LearnState{steps.RemainingForFailed(), 0}, rating, config);
                        },
                        [&](const LearnState& s) { return AnswerLearn(s, rating, config); },
                        [&](const ReviewState& s) { return AnswerReview(s, rating, config); },
                        [&](const RelearnState& s) { return AnswerRelearn(s, rating, config); },
                    },
                    current);
}

}  // namespace

// Places a (re)learning card: intraday (queue 1, due in Unix seconds, with
// learning fuzz) or, when the delay reaches the next rollover, on a later
// day (queue 3, due a Day).
void PlaceLearning(int64_t secs, const SchedulerContext& ctx, CardState* card, Delay* delay) {
  const IntervalKind kind = IntervalKind::InSecs(secs).MaybeAsDays(ctx.timing.secs_until_rollover);
  if (kind.in_days) {
    card->queue = CardQueue::kDayLearning;
    card->due = ctx.timing.today.n + kind.value;
    *delay = Delay{0, kind.value};
    return;
  }
  const int64_t fuzz = ctx.fuzz_factor ? LearningFuzzSecs(secs, *ctx.fuzz_factor) : 0;
  card->queue = CardQueue::kLearning;
  card->due = ctx.now.Seconds() + secs + fuzz;
  // The buttons show the step itself, as Anki's do; only the due time is fuzzed.
  *delay = Delay{secs, 0};
}

void PlaceReview(const ReviewState& review, const SchedulerContext& ctx, CardState* card, Delay* delay) {
  card->type = CardType::kReview;
  card->queue = CardQueue::kReview;
  card->interval = ClampToInt32(review.scheduled_days);
  card->due = ctx.timing.today.n + card->interval;
  card->ease = EasePermille(review.ease);
  card->lapses = ClampToInt32(review.lapses);
  card->left = 0;
  *delay = Delay{0, card->interval};
}

AnkiConfig AnkiConfig::FromContext(const SchedulerContext& ctx) {
  const DeckOptions& o = ctx.options;
  AnkiConfig c;
  c.learn_steps_secs = StepsToSecs(o.learn_steps_minutes);
  c.relearn_steps_secs = StepsToSecs(o.relearn_steps_minutes);
  c.graduating_interval_good = std::max(o.graduating_interval_days, 0);
  c.graduating_interval_easy = std::max(o.easy_interval_days, 0);
  c.initial_ease = static_cast<float>(o.initial_ease_permille) / 1000.0f;
  c.easy_multiplier = static_cast<float>(o.easy_bonus);
  c.interval_multiplier = static_cast<float>(o.interval_modifier);
  c.hard_multiplier = static_cast<float>(o.hard_multiplier);
  c.lapse_multiplier = static_cast<float>(o.lapse_multiplier);
  c.maximum_interval = o.maximum_interval_days;
  c.minimum_lapse_interval = std::max(o.minimum_lapse_interval_days, 0);
  c.leech_threshold = o.leech_threshold;
  if (ctx.fuzz_factor) c.fuzz_factor = static_cast<float>(*ctx.fuzz_factor);
  return c;
}

std::pair<int64_t, int64_t> AnkiConfig::MinAndMaxReviewIntervals(int64_t minimum) const {
  const int64_t max = std::max<int64_t>(maximum_interval, 1);
  return {std::clamp<int64_t>(minimum, 1, max), max};
}

int64_t AnkiConfig::WithReviewFuzz(float interval, int64_t minimum, int64_t maximum) const {
  return scheduling::WithReviewFuzz(fuzz_factor, interval, minimum, maximum);
}

AnkiState CurrentAnkiState(const CardState& card, const AnkiConfig& config, const SchedulerContext& ctx) {
  switch (card.type) {
    case CardType::kNew:
      return NewState{};
    case CardType::kLearning: {
      const LearningSteps steps(config.learn_steps_secs);
      return LearnState{card.left, steps.CurrentDelay(card.left)};
    }
    case CardType::kReview: {
      ReviewState review;
      review.scheduled_days = std::max<int64_t>(card.interval, 1);
      // Normal decks cap the due day at today, so a card answered before it
      // is due counts as on time; only a rescheduling filtered deck has early
      // reviews (there `due` holds the original due day).
      review.days_late = ctx.timing.today.n - card.due;
      if (!ctx.filtered_reschedule) review.days_late = std::max<int64_t>(review.days_late, 0);
      review.ease = EaseOf(card, config);
      review.lapses = card.lapses;
      return review;
    }
    case CardType::kRelearning: {
      const LearningSteps steps(config.relearn_steps_secs);
      ReviewState review;
      review.scheduled_days = std::max<int64_t>(card.interval, 1);
      review.ease = EaseOf(card, config);
      review.lapses = card.lapses;
      return RelearnState{LearnState{card.left, steps.CurrentDelay(card.left)}, review};
    }
  }
  return NewState{};
}

AnswerOutcome AnkiAnswer(const CardState& card, int rating, const SchedulerContext& ctx) {
  const AnkiConfig config = AnkiConfig::FromContext(ctx);
  const AnkiState current = CurrentAnkiState(card, config, ctx);
  const AnkiState next = Next(current, rating, config);
  const int64_t rollover = ctx.timing.secs_until_rollover;

  AnswerOutcome out;
  out.state = card;
  out.state.reps = card.reps + 1;
  out.state.drill = false;
  out.revlog.rating = rating;
  out.revlog.kind = RevlogKindOf(current);
  out.revlog.last_interval = IntervalOf(current).MaybeAsDays(rollover).AsRevlog();
  out.revlog.interval = IntervalOf(next).MaybeAsDays(rollover).AsRevlog();

  CardState& s = out.state;
  std::visit(Overloaded{
                 [](const NewState&) {},  // never a next state
                 [&](const LearnState& learn) {
                   s.type = CardType::kLearning;
                   s.left = ClampToInt32(learn.remaining_steps);
                   PlaceLearning(learn.scheduled_secs, ctx, &s, &out.delay);
                   out.revlog.ease = 0;
                 },
                 [&](const ReviewState& review) {
                   PlaceReview(review, ctx, &s, &out.delay);
                   out.revlog.ease = s.ease;
                   out.leech = review.leeched;
                 },
                 [&](const RelearnState& relearn) {
                   s.type = CardType::kRelearning;
                   s.interval = ClampToInt32(relearn.review.scheduled_days);
                   s.ease = EasePermille(relearn.review.ease);
                   s.lapses = ClampToInt32(relearn.review.lapses);
                   s.left = ClampToInt32(relearn.learning.remaining_steps);
                   PlaceLearning(relearn.learning.scheduled_secs, ctx, &s, &out.delay);
                   out.revlog.ease = s.ease;
                   out.leech = relearn.review.leeched;
                 },
             },
             next);
  if (out.leech && ctx.options.leech_action == LeechAction::kSuspend) {
    s.queue = CardQueue::kSuspended;
  }
  return out;
}

}  // namespace scheduling
}  // namespace recall

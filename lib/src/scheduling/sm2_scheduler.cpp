// Classic SuperMemo SM-2, profile "text" (spec/scheduler.md 2.3), in exact
// integer arithmetic on hundredths of the E-Factor.

#include <algorithm>
#include <cstdint>
#include <limits>

#include "scheduling/algorithms.h"
#include "scheduling/constants.h"

namespace recall {
namespace scheduling {
namespace {

constexpr int64_t kMaxInterval = std::numeric_limits<int32_t>::max();

// The SM-2 reading of a stored card.
struct Sm2State {
  int64_t repetitions = 0;  // n: consecutive successful repetitions
  int64_t interval = 0;     // I: days
  int64_t ef_centi = kSm2InitialEfCenti;
};

Sm2State ReadState(const CardState& card) {
  Sm2State s;
  s.ef_centi =
      card.ease > 0 ? (card.ease + kSm2PermillePerCenti / 2) / kSm2PermillePerCenti : kSm2InitialEfCenti;
  s.interval = std::max<int32_t>(card.interval, 0);
  switch (card.type) {
    case CardType::kNew:
      s.repetitions = std::max<int32_t>(card.left, 0);
      break;
    case CardType::kReview:
      s.repetitions = std::max<int32_t>(card.left, 0);
      // SM-2 itself never leaves n = 0 with I > 1 (a failure sets I = 1): such
      // a card was scheduled by Anki's algorithm (`left` = 0 after graduation).
      // Read it as n = 2 so its interval keeps growing from I.
      if (s.repetitions == 0 && s.interval > kSm2FailInterval) s.repetitions = 2;
      break;
    case CardType::kLearning:
    case CardType::kRelearning:
      // Anki (re)learning: `left` counts learning steps, not repetitions.
      s.repetitions = 0;
      break;
  }
  return s;
}

}  // namespace

AnswerOutcome Sm2Answer(const CardState& card, int rating, const SchedulerContext& ctx) {
  const Day today = ctx.timing.today;
  AnswerOutcome out;
  out.state = card;
  out.state.reps = card.reps + 1;
  out.revlog.rating = rating;

  if (NeedsDrillToday(card, today)) {
    // Drill answers do not change n, I or EF; the card leaves the drill queue
    // at its first grade >= 4.
    if (rating >= kSm2DrillPassGrade) out.state.drill = false;
    out.revlog.kind = RevlogKind::kRelearn;
    out.revlog.interval = card.interval;
    out.revlog.last_interval = card.interval;
    out.revlog.ease = card.ease;
    out.delay = Delay{0, std::max<int64_t>(card.due - today.n, 0)};
    return out;
  }

  const Sm2State before = ReadState(card);
  Sm2State after = before;
  if (rating >= kSm2PassingGrade) {
    if (before.repetitions == 0) {
      after.interval = kSm2FirstInterval;
    } else if (before.repetitions == 1) {
      after.interval = kSm2SecondInterval;
    } else {
      // ceil(I * EF) with the EF held before this answer, exactly.
      const int64_t product = before.interval * before.ef_centi;
      after.interval = std::clamp<int64_t>((product + 99) / 100, 1, kMaxInterval);
    }
    after.repetitions = before.repetitions + 1;
    after.ef_centi = std::max<int64_t>(before.ef_centi + kSm2EfDeltaCenti[rating], kSm2MinimumEfCenti);
  } else {
    // Restart the repetitions without changing the E-Factor.
    after.repetitions = 0;
    after.interval = kSm2FailInterval;
    if (card.type != CardType::kNew) out.state.lapses = card.lapses + 1;
  }

  CardState& s = out.state;
  s.type = CardType::kReview;
  s.queue = CardQueue::kReview;
  s.interval = static_cast<int32_t>(after.interval);
  s.due = today.n + after.interval;
  s.ease = static_cast<int32_t>(
      std::min<int64_t>(after.ef_centi * kSm2PermillePerCenti, std::numeric_limits<int32_t>::max()));
  s.left = static_cast<int32_t>(std::min<int64_t>(after.repetitions, kMaxInterval));
  s.drill = rating < kSm2DrillPassGrade;

  out.revlog.kind = card.type == CardType::kNew ? RevlogKind::kLearn : RevlogKind::kReview;
  out.revlog.interval = s.interval;
  out.revlog.last_interval = static_cast<int32_t>(before.interval);
  out.revlog.ease = s.ease;
  out.delay = Delay{0, after.interval};
  return out;
}

}  // namespace scheduling

// The card was graded < 4 by today's scheduled answer. That answer happened
// on due - interval: drill answers leave both unchanged, and every scheduled
// answer sets due = today + interval. A drill flag left over from an earlier
// day (the drill was never finished) no longer counts.
bool NeedsDrillToday(const CardState& card, Day today) {
  return card.drill && card.type != CardType::kNew && card.due - card.interval == today.n;
}

}  // namespace recall

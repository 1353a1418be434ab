// Answering one card: scheduler context from the deck, then one committed write.

#include <algorithm>

#include "interview/deadline.h"
#include "recall/error.h"
#include "recall/memory.h"
#include "recall/review.h"
#include "review/derived_updates.h"

namespace recall {

SchedulerContext MakeSchedulerContext(const DeckOptions& options, int64_t card_id, const CardState& state,
                                      Timestamp now, const DayTiming& timing, const FsrsParams& w) {
  SchedulerContext ctx;
  ctx.options = options;
  ctx.now = now;
  ctx.timing = timing;
  ctx.fsrs_params = w;
  if (options.fuzz) ctx.fuzz_factor = FuzzFactor(card_id, state.reps);
  return ctx;
}

SchedulerContext MakeSchedulerContext(Store& store, const Deck& deck, const Card& card, Timestamp now) {
  return MakeSchedulerContext(deck.options, card.id, card.state, now, store.Today(),
                              store.FsrsParameters());
}

Delay UnchangedDelay(const CardState& state, const SchedulerContext& ctx) {
  switch (state.queue) {
    case CardQueue::kLearning:
      return Delay{std::max<int64_t>(state.due - ctx.now.Seconds(), 0), 0};
    case CardQueue::kReview:
    case CardQueue::kDayLearning:
      return Delay{0, std::max<int64_t>(state.due - ctx.timing.today.n, 0)};
    default:
      return Delay{};
  }
}

namespace {

// The state the scheduler is given: a card answered before memory states
// were kept (older collection, imported history) gets its state from its
// review log, as in Anki.
CardState StateToSchedule(Store& store, const Card& card, Algorithm algorithm, const FsrsParams& w) {
  CardState state = card.state;
  if (!state.memory && state.type != CardType::kNew) {
    if (const auto replayed = MemoryFromReviewLog(store.RevlogOfCard(card.id), algorithm, w)) {
      state.memory = replayed->state;
      state.last_review_s = replayed->last_review_s;
    }
  }
  return state;
}

// The outcome of a normal or early answer: the scheduler, then the interview
// deadline cut.
AnswerOutcome ScheduledOutcome(Store& store, const Card& card, const CardState& state, int rating,
                               const SchedulerContext& ctx) {
  AnswerOutcome outcome = Answer(state, rating, ctx);
  interview::ApplyInterviewDeadlines(store, card, ctx, &outcome);
  return outcome;
}

}  // namespace

std::vector<AnswerOutcome> PreviewAnswers(Store& store, const Deck& deck, const Card& card, Timestamp now,
                                          AnswerMode mode) {
  SchedulerContext ctx = MakeSchedulerContext(store, deck, card, now);
  if (mode == AnswerMode::kEarly) ctx.filtered_reschedule = true;
  const Algorithm algorithm = deck.options.algorithm;
  const CardState state = StateToSchedule(store, card, algorithm, ctx.fsrs_params);
  std::vector<AnswerOutcome> out;
  for (int rating = MinRating(algorithm); rating <= MaxRating(algorithm); ++rating) {
    if (mode == AnswerMode::kCram) {
      AnswerOutcome unchanged;
      unchanged.state = card.state;
      unchanged.revlog.rating = rating;
      unchanged.revlog.kind = RevlogKind::kFiltered;
      unchanged.delay = UnchangedDelay(card.state, ctx);
      out.push_back(unchanged);
      continue;
    }
    out.push_back(ScheduledOutcome(store, card, state, rating, ctx));
  }
  return out;
}

AnswerResult AnswerCard(Store& store, int64_t card_id, int rating, Timestamp now, int64_t duration_ms,
                        const CardState* shown, AnswerMode mode) {
  const auto card = store.GetCard(card_id);
  if (!card) throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(card_id) + ")");
  if (shown && *shown != card->state) throw Error(ErrorCode::kConflict, StaleAnswerMessage(card_id));
  const auto deck = store.GetDeck(card->deck_id);
  if (!deck) throw Error(ErrorCode::kInternal, "card without deck (" + std::to_string(card_id) + ")");
  const Algorithm algorithm = deck->options.algorithm;
  if (rating < MinRating(algorithm) || rating > MaxRating(algorithm)) {
    throw Error(ErrorCode::kUsage, "rating must be " + std::to_string(MinRating(algorithm)) + "-" +
                                       std::to_string(MaxRating(algorithm)) + " for a " +
                                       AlgorithmName(algorithm) + " deck (card " + std::to_string(card_id) + ")");
  }
  const int queue = static_cast<int>(card->state.queue);
  if (queue < 0) {
    throw Error(ErrorCode::kConflict, std::string("card is ") + (queue == -1 ? "suspended" : "buried") +
                                          " (card " + std::to_string(card_id) + ")");
  }
  SchedulerContext ctx = MakeSchedulerContext(store, *deck, *card, now);
  AnswerResult result;
  result.before = card->state;
  if (mode == AnswerMode::kCram) {
    const int64_t cap_ms = static_cast<int64_t>(deck->options.answer_time_cap_seconds) * 1000;
    result.outcome.state = card->state;
    result.outcome.revlog.rating = rating;
    result.outcome.revlog.kind = RevlogKind::kFiltered;
    result.outcome.delay = UnchangedDelay(card->state, ctx);
    store.Transaction([&] {
      const detail::DerivedBeforeAnswer derived(store, *card, ctx.timing.today);
      result.revlog_id = store.RecordCramAnswer(card_id, card->state, rating, now,
                                                std::clamp<int64_t>(duration_ms, 0, cap_ms), ctx.timing.today);
      derived.After(store, card->state, false);
    });
    return result;
  }
  // An early review: `due` is the card's own due day, as in a rescheduling
  // filtered deck, so the anki scheduler credits only the elapsed days.
  if (mode == AnswerMode::kEarly) ctx.filtered_reschedule = true;
  const CardState state = StateToSchedule(store, *card, algorithm, ctx.fsrs_params);
  result.outcome = ScheduledOutcome(store, *card, state, rating, ctx);
  const int64_t cap_ms = static_cast<int64_t>(deck->options.answer_time_cap_seconds) * 1000;
  const int64_t duration = std::clamp<int64_t>(duration_ms, 0, cap_ms);
  // The interviews' cached status lines and the stats snapshots follow the
  // answer in its transaction: the next `recall` or `recall stats` reads no
  // scope.
  store.Transaction([&] {
    const detail::DerivedBeforeAnswer derived(store, *card, ctx.timing.today);
    result.revlog_id = store.RecordAnswer(card_id, card->state, result.outcome, now, duration, ctx.timing.today);
    derived.After(store, result.outcome.state, result.outcome.leech);
  });
  return result;
}

}  // namespace recall

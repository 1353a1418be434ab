#ifndef RECALL_REVIEW_H_
#define RECALL_REVIEW_H_

// Answering cards against the store: the glue between the pure scheduler and
// the collection. The review session (queue building, daily limits) builds on
// this; `recall answer` calls it directly.

#include <cstdint>

#include "recall/scheduler.h"
#include "recall/store.h"

namespace recall {

// The scheduler context for answering `card` of `deck` at `now`: the deck's
// options, today's study day (never earlier than a day already seen), and the
// card's deterministic fuzz factor when the deck has fuzz on.
SchedulerContext MakeSchedulerContext(Store& store, const Deck& deck, const Card& card, Timestamp now);

struct AnswerResult {
  CardState before;
  AnswerOutcome outcome;
  int64_t revlog_id = 0;
};

// Answers one card at `now` and commits it (state, review log row, undo
// entry) in one transaction. `duration_ms` is capped by the deck's answer
// time cap. Throws kNotFound for an unknown card, kUsage for a rating the
// deck's algorithm does not accept, kConflict for a suspended or buried card.
// With `shown` (the state the user saw: a review session's card, or what
// `recall answer --expect-reps` names) the answer is refused with kConflict
// unless the stored state is still exactly that, checked again inside the
// answer's transaction, so an answer is never scored against a state nobody
// showed.
AnswerResult AnswerCard(Store& store, int64_t card_id, int rating, Timestamp now, int64_t duration_ms,
                        const CardState* shown = nullptr);

}  // namespace recall

#endif  // RECALL_REVIEW_H_

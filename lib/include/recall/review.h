#ifndef RECALL_REVIEW_H_
#define RECALL_REVIEW_H_

// Answering cards against the store: the glue between the pure scheduler and
// the collection. The review session (queue building, daily limits) builds on
// this; `recall answer` calls it directly.

#include <cstdint>
#include <optional>

#include "recall/scheduler.h"
#include "recall/store.h"

namespace recall {

// The scheduler context for answering `card` of `deck` at `now`: the deck's
// options, today's study day (never earlier than a day already seen), and the
// card's deterministic fuzz factor when the deck has fuzz on.
SchedulerContext MakeSchedulerContext(Store& store, const Deck& deck, const Card& card, Timestamp now);
// Pure: the same for a card `card_id` in `state`, on the study day `timing`
// (at `now`), with the collection's FSRS parameters `w`.
SchedulerContext MakeSchedulerContext(const DeckOptions& options, int64_t card_id, const CardState& state,
                                      Timestamp now, const DayTiming& timing, const FsrsParams& w);

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
//
// `mode` kEarly (drills): a review card answered before its due day is an
// early review. Anki decks then credit only the days that elapsed (Anki's
// rule for a rescheduling filtered deck) and log it with kind 3 as Anki
// does; fsrs decks use the elapsed days anyway; sm2 has no early rule and
// schedules it from the answer day. kCram: the answer is logged (kind 3,
// ease 0: Anki's "filtered, no rescheduling" row) with an undo entry, and the
// card's state is left exactly as it was.
// A cram answer's outcome has the card's state as it was and, as its delay,
// the time until the card is due anyway (UnchangedDelay).
enum class AnswerMode { kNormal, kEarly, kCram };

// How long until `state` is due at ctx.now: seconds for an intraday learning
// card, days for a review or interday learning card, 0 for a new one.
Delay UnchangedDelay(const CardState& state, const SchedulerContext& ctx);
AnswerResult AnswerCard(Store& store, int64_t card_id, int rating, Timestamp now, int64_t duration_ms,
                        const CardState* shown = nullptr, AnswerMode mode = AnswerMode::kNormal);

// What AnswerCard would give each rating of `card` (MinRating..MaxRating of
// its deck's algorithm) at `now` in `mode`, without writing anything: the
// same memory state (replayed from the review log when the card has none),
// the same scheduler, and the same interview deadline cut, so the answer
// buttons show the interval the answer will actually get.
std::vector<AnswerOutcome> PreviewAnswers(Store& store, const Deck& deck, const Card& card, Timestamp now,
                                          AnswerMode mode = AnswerMode::kNormal);

// Undoes exactly `entry` as Store::Undo(entry) does, in one transaction that
// also brings the stats' kept memory section and each interview's kept
// readiness and each interview's status line through it, card by card as an
// answer does (the card's part before the undo out, its part after in), so
// the next `recall stats` and `recall` read them. An edit's undo (the note's
// text and tags) leaves them to the next report's pass.
std::optional<UndoResult> UndoAction(Store& store, const UndoEntry& entry);

// Moves the card to deck `deck_id` as Store::MoveCard does (kNotFound for no
// such card or deck), in one transaction that brings the same kept figures
// through it as an answer does.
void MoveCardToDeck(Store& store, int64_t card_id, int64_t deck_id);

}  // namespace recall

#endif  // RECALL_REVIEW_H_

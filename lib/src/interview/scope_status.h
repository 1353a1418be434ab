#ifndef RECALL_INTERVIEW_SCOPE_STATUS_H_
#define RECALL_INTERVIEW_SCOPE_STATUS_H_

// Private to lib/src/interview: the scope part of an interview's status line
// (store/status_cache.h): the cards in scope, the new ones, the readiness as
// an exact sum and the cards the deadline rule may pull before the day. It is
// computed by one pass over the scope, and kept up to date by every answer
// card by card, so that the first `recall` after an answer reads no scope.

#include <cstdint>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/interview.h"
#include "recall/memory.h"
#include "recall/store.h"
#include "store/status_cache.h"

namespace recall::interview {

// The scope part of `iv`'s line, from one pass over its scope (the same
// per-card recall as ReadinessCards, so the same readiness to the last bit).
detail::CachedInterviewStatus ComputeScopeStatus(const Store& store, const MemoryModel& model,
                                                 const Interview& iv, int rollover_hour);

// The answer path (recall::AnswerCard), inside the answer's transaction:
// before the answer is written, what the card adds to each cached line valid
// now; after it, the lines updated with what it adds then and stamped with
// the collection's new generation (their plan part is left to recompute).
// Lines not valid before the answer are left stale, and so is every line
// when the answer tagged the note (a leech): its scope may have changed.
struct PendingStatusUpdate {
  struct Line {
    detail::CachedInterviewStatus status;
    Interview interview;
    int rollover_hour = 4;
    bool in_scope = false;
    bool fresh = false;
    int64_t units = 0;
  };
  Card card;
  std::vector<std::string> tags;  // its note's
  std::vector<Line> lines;
};
PendingStatusUpdate StatusBeforeAnswer(const Store& store, const Card& card);
// `other_write`: the write was not an answer (an undo, a move: recall::UndoAction,
// recall::MoveCardToDeck): the card is read again (its deck may have
// changed), and whether it still counts among today's first answers is read
// from the review log (an undo may take its answer away).
void StatusAfterAnswer(Store& store, const PendingStatusUpdate& pending, const CardState& after,
                       bool tagged_leech, bool other_write = false);

}  // namespace recall::interview

#endif  // RECALL_INTERVIEW_SCOPE_STATUS_H_

#ifndef RECALL_SCHEDULING_ALGORITHMS_H_
#define RECALL_SCHEDULING_ALGORITHMS_H_

// Private to the scheduler: one entry point per algorithm. scheduler.cpp
// validates the rating and dispatches on ctx.options.algorithm.

#include "recall/card.h"
#include "recall/scheduler.h"

namespace recall {
namespace scheduling {

// Anki's SM-2, v3 scheduler (anki_scheduler.cpp). REQUIRES: 1 <= rating <= 4.
AnswerOutcome AnkiAnswer(const CardState& card, int rating, const SchedulerContext& ctx);

// Classic SuperMemo SM-2, profile "text" (sm2_scheduler.cpp).
// REQUIRES: 0 <= rating <= 5.
AnswerOutcome Sm2Answer(const CardState& card, int rating, const SchedulerContext& ctx);

// FSRS-6 with Anki's steps and fuzz (fsrs_scheduler.cpp).
// REQUIRES: 1 <= rating <= 4.
AnswerOutcome FsrsAnswer(const CardState& card, int rating, const SchedulerContext& ctx);

}  // namespace scheduling
}  // namespace recall

#endif  // RECALL_SCHEDULING_ALGORITHMS_H_

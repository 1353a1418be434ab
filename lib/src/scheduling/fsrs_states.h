#ifndef RECALL_SCHEDULING_FSRS_STATES_H_
#define RECALL_SCHEDULING_FSRS_STATES_H_

// Private to the scheduler: what FSRS needs to know about a stored card.

#include <cstdint>
#include <optional>

#include "recall/card.h"
#include "recall/fsrs.h"
#include "recall/scheduler.h"

namespace recall {
namespace scheduling {

// Whole study days since the card's last answer, counted as Anki does:
// (start of the next study day - last answer) / 1 day, rounded down. A card
// with no recorded answer time uses its interval and due day instead.
int64_t FsrsElapsedDays(const CardState& card, const SchedulerContext& ctx);

// The card's memory state before an answer: its own, or for a card that has
// SM-2 history only, the state that history implies (FsrsStateFromSm2);
// empty for a card never answered.
std::optional<MemoryState> FsrsMemoryBefore(const CardState& card, const FsrsParams& w);

// An answer on the FSRS scale 1-4 for a rating of `algorithm`: sm2 grades
// 0-2 are Again, 3 Hard, 4 Good, 5 Easy.
int FsrsRatingOf(Algorithm algorithm, int rating);

}  // namespace scheduling
}  // namespace recall

#endif  // RECALL_SCHEDULING_FSRS_STATES_H_

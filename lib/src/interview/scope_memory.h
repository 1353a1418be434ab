#ifndef RECALL_INTERVIEW_SCOPE_MEMORY_H_
#define RECALL_INTERVIEW_SCOPE_MEMORY_H_

// Private to lib/src/interview: the memory state of a scope's cards on a
// study day, and the plan's view of a list of cards, shared by
// `recall interview status|plan` (scope_cards.cpp) and the status of bare
// `recall` (today.cpp) so that both give the same figures.

#include <optional>
#include <vector>

#include "recall/card.h"
#include "recall/interview_plan.h"
#include "recall/memory.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall::interview {

// A card's memory state and the whole study days from its last answer to a
// study day, as MemoryModel::ForCard counts them at the start of that day
// (`start`; the next day starts at `next_day`), without a deck lookup when
// the card keeps its state. Empty for a new card.
std::optional<CardMemory> MemoryOn(const MemoryModel& model, const Card& card, Timestamp start,
                                   Timestamp next_day);

// The plan's view of `cards` on `today`: each card's memory state (filled
// from the model when the card has history but none of its own) and last
// answer day, its deck's options and the deck's reviews done today.
// new_done_today and unlisted_new_cards are left 0.
PlanScope PlanScopeOf(const Store& store, const MemoryModel& model, const std::vector<Card>& cards, Day today,
                      int rollover_hour);

}  // namespace recall::interview

#endif  // RECALL_INTERVIEW_SCOPE_MEMORY_H_

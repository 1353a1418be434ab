#ifndef RECALL_INTERVIEW_NEW_LIMITS_H_
#define RECALL_INTERVIEW_NEW_LIMITS_H_

// The new-card limit raised for an interview's plan (docs/interview.md,
// "Scheduling towards the day").

#include <vector>

#include "recall/session.h"
#include "recall/store.h"

namespace recall::interview {

// For every interview with decks whose day is still to come, raises the
// new-card limit of its decks (and their sub-decks) among `decks` to the
// plan's rate, PlanNewPerDay(CountNewInScope(today), days left), when that is
// higher. Interviews without decks raise nothing. Reads the store only.
void RaiseNewCardLimits(const Store& store, std::vector<SessionDeck>* decks);

}  // namespace recall::interview

#endif  // RECALL_INTERVIEW_NEW_LIMITS_H_

// The new-card limit raised for an interview's plan (interview/new_limits.h).

#include "interview/new_limits.h"

#include <algorithm>
#include <set>
#include <vector>

#include "recall/interview.h"
#include "recall/interview_plan.h"

namespace recall::interview {

void RaiseNewCardLimits(const Store& store, std::vector<SessionDeck>* decks) {
  const std::vector<Interview> interviews = ListInterviews(store);
  for (const Interview& iv : interviews) {
    if (iv.decks.empty()) continue;
    const int rollover = store.RolloverHour();
    // Today without recording it: Store::Today writes, and this only reads.
    const Day today = StudyDayOf(store.clock().Now(), rollover);
    if (iv.day <= today) continue;
    std::set<int64_t> scope_decks;
    for (const InterviewDeck& d : iv.decks) {
      if (!store.GetDeck(d.id)) continue;
      for (int64_t id : store.DeckAndDescendants(d.id)) scope_decks.insert(id);
    }
    if (scope_decks.empty()) continue;
    const int64_t rate = PlanNewPerDay(CountNewInScope(store, iv, today), iv.day - today);
    for (SessionDeck& d : *decks) {
      if (scope_decks.count(d.id) && rate > d.new_per_day) d.new_per_day = static_cast<int>(rate);
    }
  }
}

}  // namespace recall::interview

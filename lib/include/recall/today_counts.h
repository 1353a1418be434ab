#ifndef RECALL_TODAY_COUNTS_H_
#define RECALL_TODAY_COUNTS_H_

// What a deck has for today after its daily limits, as a review session of
// that deck would count it: `recall decks` and the review header agree.

#include <cstdint>
#include <map>
#include <optional>

#include "recall/session.h"
#include "recall/store.h"

namespace recall {

struct TodayCounts {
  QueueCounts counts;           // after daily limits (the header's New / Learn / Due)
  int64_t new_per_day = 0;      // the deck's own limits, 0 without a deck (the
  int64_t reviews_per_day = 0;  // tightest of its ancestors may bind instead)
  bool new_limited = false;     // more new cards are waiting than today's allowance shows
  bool reviews_limited = false;
  DueCounts due;                // before the daily limits, at the deck's study day (Store::CountDue)
};

// Today's counts for `deck_id` and its sub-decks (every deck when unset),
// at the store clock's now. Reads only (Store::Today may record the day).
TodayCounts CountToday(Store& store, std::optional<int64_t> deck_id);

// CountToday of every deck (each with its sub-decks), by deck id, in one
// pass: the decks, the day's usage and the queue candidates are read once
// for the whole collection, with statements prepared once (`recall decks`).
std::map<int64_t, TodayCounts> CountTodayOfEveryDeck(Store& store);

}  // namespace recall

#endif  // RECALL_TODAY_COUNTS_H_

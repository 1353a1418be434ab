// Today's counts after daily limits: the queue a session would build, counted.

#include "recall/today_counts.h"

#include <map>

#include "interview/new_limits.h"

namespace recall {

TodayCounts CountToday(Store& store, std::optional<int64_t> deck_id) {
  TodayCounts out;
  const Timestamp now = store.clock().Now();
  auto decks = LoadSessionDecks(store, deck_id);
  if (decks.empty()) return out;
  // An interview to come raises its decks' new-card limits, as in a session.
  interview::RaiseNewCardLimits(store, &decks);
  std::map<int64_t, Day> days = DeckStudyDays(store, decks);
  QueueInput input;
  input.decks = ComputeAllowances(decks, LoadDeckUsage(store, days));
  LoadQueueCandidates(store, decks, days, now, kLearnAheadSeconds, &input);
  out.counts = CountQueue(BuildQueue(input));
  // The root deck comes first (LoadSessionDecks); with no root there is no
  // one limit to name.
  const SessionDeck& root = decks.front();
  if (deck_id) {
    out.new_per_day = root.new_per_day;
    out.reviews_per_day = root.reviews_per_day;
  }
  // The counts before limits, at the root deck's study day.
  const DueCounts due = store.CountDue(deck_id, now, days[root.id]);
  out.new_limited = due.new_cards > out.counts.new_cards;
  out.reviews_limited = due.review > out.counts.review;
  return out;
}

}  // namespace recall

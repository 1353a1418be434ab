#ifndef RECALL_REVIEW_DERIVED_UPDATES_H_
#define RECALL_REVIEW_DERIVED_UPDATES_H_

// Private to lib/src/review: the data derived from the cards that a write to
// one card keeps up to date in its own transaction, so that the next `recall`
// or `recall stats` reads no scope: each interview's status line
// (interview/scope_status.h), its readiness (interview/readiness_snapshot.h)
// and the stats' memory section (stats/memory_snapshot.h). Made before the
// write, After once it is written: the card's part as it was taken out, its
// part now put in. Used by an answer (answering.cpp), an undo and a move
// (card_writes.cpp).

#include "interview/readiness_snapshot.h"
#include "interview/scope_status.h"
#include "recall/card.h"
#include "recall/store.h"
#include "recall/time.h"
#include "stats/memory_snapshot.h"

namespace recall::detail {

class DerivedBeforeAnswer {
 public:
  // `other_write`: the write is not an answer (an undo, a move), which may
  // take the card out of today's first answers or to another deck.
  DerivedBeforeAnswer(const Store& store, const Card& card, Day today, bool other_write = false)
      : other_write_(other_write),
        status_(interview::StatusBeforeAnswer(store, card)),
        readiness_(interview::ReadinessSnapshotsBeforeAnswer(store, card)),
        memory_(MemorySnapshotsBeforeAnswer(store, card, today)) {}
  // `after`: the card's state now; `tagged_leech`: the write tagged its note,
  // which leaves every row stale (its scopes may have changed).
  void After(Store& store, const CardState& after, bool tagged_leech) const {
    interview::StatusAfterAnswer(store, status_, after, tagged_leech, other_write_);
    interview::ReadinessSnapshotsAfterAnswer(store, readiness_, tagged_leech);
    MemorySnapshotsAfterAnswer(store, memory_, tagged_leech);
  }

 private:
  bool other_write_;
  interview::PendingStatusUpdate status_;
  interview::PendingReadinessSnapshots readiness_;
  PendingMemorySnapshots memory_;
};

}  // namespace recall::detail

#endif  // RECALL_REVIEW_DERIVED_UPDATES_H_

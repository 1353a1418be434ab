#ifndef RECALL_STORE_EXPORT_IDS_H_
#define RECALL_STORE_EXPORT_IDS_H_

// Ids of an exported package that lie in the future (a note added, a card
// answered while the clock was wrong, a review log row imported from such a
// package): the store keeps them, Anki's format does not allow them (an id
// is a creation time no later than now + 1 day, spec/apkg.md). They are
// renumbered in the package, references included.

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>

#include "recall/time.h"

namespace recall::detail {

// Renumbers every notes/cards/revlog id of the package `pkg` above
// now + 1 day to a free id at or before `now` (cards.nid and revlog.cid
// follow). Returns the number of rows renumbered.
int64_t RenumberFutureIds(SQLite::Database& pkg, Timestamp now);

}  // namespace recall::detail

#endif  // RECALL_STORE_EXPORT_IDS_H_

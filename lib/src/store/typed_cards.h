#ifndef RECALL_STORE_TYPED_CARDS_H_
#define RECALL_STORE_TYPED_CARDS_H_

// Private to lib/src/store: the cards of a note of a typed (non-Markdown)
// note type, made per Anki's rule (CardOrdinals, docs/notetypes.md).
// Defined in notetypes.cpp.

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/notetype.h"
#include "recall/time.h"

namespace recall::detail {

// New cards of a note with these ordinals, in `deck_id`, at the end of the
// new-card order. REQUIRES: inside a transaction.
std::vector<Card> InsertNewCards(SQLite::Database& db, int64_t note_id, int64_t deck_id,
                                 const std::vector<int>& ords, Timestamp now);

// After an edit of a typed note: a new card, in the deck of the note's first
// card, for each ordinal CardOrdinals now gives that the note lacks. Cards
// whose question became empty are kept, as Anki keeps them. Returns the new
// cards. REQUIRES: inside a transaction.
std::vector<Card> AddMissingCards(SQLite::Database& db, const Notetype& type, int64_t note_id,
                                  const std::vector<std::string>& fields,
                                  const std::vector<std::string>& tags, Timestamp now);

}  // namespace recall::detail

#endif  // RECALL_STORE_TYPED_CARDS_H_

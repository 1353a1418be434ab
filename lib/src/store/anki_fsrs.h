#ifndef RECALL_STORE_ANKI_FSRS_H_
#define RECALL_STORE_ANKI_FSRS_H_

// FSRS in .apkg packages (docs/apkg.md, "FSRS"): what an export writes so
// that Anki treats recall's fsrs decks as FSRS decks with the same
// parameters, desired retention and card memory states.

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <string>
#include <vector>

#include "anki/apkg_internal.h"
#include "recall/fsrs.h"

namespace recall::anki {

// A card's `data` column as Anki writes it for a memory state: stability and
// difficulty to 3 decimals, desired retention to 2, the decay (w20) to 3,
// the last review time in Unix seconds:
// {"s":2.307,"d":5.316,"dr":0.9,"decay":0.154,"lrt":1710061200}.
std::string AnkiCardData(const MemoryState& state, double desired_retention, double decay,
                         int64_t last_review_s);

// Fills the `data` column of the package's cards (ids in the source's
// temp.anki_export_cards) that belong to fsrs decks and have a memory state.
void WriteFsrsCardData(SQLite::Database& source, SQLite::Database& package, const FsrsParams& w);

// The option groups of fsrs decks gain "fsrsParams6" (the collection's
// parameters) and "desiredRetention"; the collection config gains
// "fsrs": true when some exported deck is an fsrs deck.
std::string DconfWithFsrs(const std::string& dconf, const std::vector<PackageDeck>& decks,
                          const FsrsParams& w);
std::string ColConfWithFsrs(const std::string& conf, const std::vector<PackageDeck>& decks);

}  // namespace recall::anki

#endif  // RECALL_STORE_ANKI_FSRS_H_

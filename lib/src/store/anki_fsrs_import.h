#ifndef RECALL_STORE_ANKI_FSRS_IMPORT_H_
#define RECALL_STORE_ANKI_FSRS_IMPORT_H_

// FSRS read back from an imported .apkg (docs/apkg.md, "FSRS"): the
// package's FSRS switch, its decks' parameters and desired retention, and
// its cards' memory states; then adopted into the store by the importer
// (anki_import.cpp).

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "anki/apkg_fsrs_read.h"
#include "recall/anki.h"
#include "recall/store.h"

namespace recall::anki {

struct PackageFsrs {
  bool enabled = false;                                   // the collection config's "fsrs"
  std::map<int64_t, PackageFsrsGroup> deck_groups;        // package deck id -> its option group's settings
  std::unordered_map<int64_t, PackageCardMemory> memory;  // package card id -> memory state
  std::unordered_map<int64_t, int64_t> last_answer_s;     // package card id -> its latest answer

  // The settings of a package deck when the package runs it with FSRS (FSRS
  // on and parameters in its option group), else nullptr.
  const PackageFsrsGroup* FsrsDeck(int64_t did) const;
};

// Reads the package's FSRS data (schema 11 or 18). Missing or malformed
// pieces are left out, as Anki reads them.
PackageFsrs ReadPackageFsrs(SQLite::Database& pkg);

// The options of a deck the import creates for package deck `did`: fsrs with
// the package's desired retention when the package runs it with FSRS.
DeckOptions ImportedDeckOptions(const PackageFsrs& fsrs, int64_t did);

// A card whose scheduling the import took from the package.
struct ImportedCard {
  int64_t package_id = 0;
  int64_t package_deck = 0;
  int64_t card_id = 0;  // the recall card
};

// After the cards and review log are merged: adopts the package's FSRS
// parameters (when the collection has none of its own), stores the memory
// states the package carries for `cards` as they are, and computes the
// others' from their review log, as switching a deck to fsrs does. Counts
// and lines go into `summary`. REQUIRES: inside the import's transaction.
void AdoptPackageFsrs(Store& store, const PackageFsrs& fsrs, const std::vector<ImportedCard>& cards,
                      ApkgImportSummary* summary);

}  // namespace recall::anki

#endif  // RECALL_STORE_ANKI_FSRS_IMPORT_H_

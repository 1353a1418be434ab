#ifndef RECALL_STORE_ANKI_EXPORT_DECKS_H_
#define RECALL_STORE_ANKI_EXPORT_DECKS_H_

// Private to the .apkg export (anki_export.cpp): which decks an export
// covers and which decks the package holds (anki_export_decks.cpp).

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "anki/apkg_internal.h"
#include "recall/anki.h"
#include "recall/store.h"

namespace recall::anki {

// A recall deck of the export: whether it is scheduled by sm2, and its study day.
struct ExportDeckInfo {
  bool sm2 = false;
  Day today;
};

// The recall decks an export covers: options.decks and their sub-decks, or
// every deck. Throws kNotFound for a deck name that does not exist.
struct ExportSelection {
  std::vector<Deck> all_decks;                   // every deck of the collection, by name
  std::set<int64_t> selected;                    // the decks the export covers
  std::map<int64_t, ExportDeckInfo> deck_info;   // of each selected deck
};
ExportSelection SelectExportDecks(Store& store, const ExportOptions& options);

// The decks of the package: the `used` recall decks (those holding exported
// cards) and their parents, one per Anki unicase name, "Default" as Anki's
// deck 1; and the package deck of each used recall deck.
struct PackageDecks {
  std::vector<PackageDeck> decks;
  std::map<int64_t, int64_t> package_did;  // recall deck id -> package deck id
};
PackageDecks MapPackageDecks(const std::vector<Deck>& all_decks, const std::set<int64_t>& used, int64_t now_s);

// The decks holding the exported cards (temp.anki_export_cards): every
// selected deck without a tag filter, else those the cards are in.
std::set<int64_t> UsedDecks(SQLite::Database& db, const ExportOptions& options, const ExportSelection& selection);

}  // namespace recall::anki

#endif  // RECALL_STORE_ANKI_EXPORT_DECKS_H_

// .apkg export: the decks it covers and the decks of the package
// (store/anki_export_decks.h).

#include "store/anki_export_decks.h"

#include <string>

#include "recall/error.h"
#include "store/anki_store.h"

namespace recall::anki {

ExportSelection SelectExportDecks(Store& store, const ExportOptions& options) {
  ExportSelection out;
  out.all_decks = store.ListDecks();
  if (options.decks.empty()) {
    for (const auto& d : out.all_decks) out.selected.insert(d.id);
  } else {
    for (const auto& name : options.decks) {
      const auto deck = store.FindDeck(name);
      if (!deck) throw Error(ErrorCode::kNotFound, "no such deck (" + name + ")");
      for (int64_t id : store.DeckAndDescendants(deck->id)) out.selected.insert(id);
    }
  }
  const Day today = store.Today().today;  // one rollover hour for the collection
  for (const auto& d : out.all_decks) {
    if (!out.selected.count(d.id)) continue;
    out.deck_info[d.id] = ExportDeckInfo{d.options.algorithm == Algorithm::kSm2, today};
  }
  return out;
}

std::set<int64_t> UsedDecks(SQLite::Database& db, const ExportOptions& options, const ExportSelection& selection) {
  if (options.tags.empty()) return selection.selected;
  std::set<int64_t> used;
  SQLite::Statement st(db,
                       "SELECT DISTINCT c.deck_id FROM cards c WHERE c.id IN "
                       "(SELECT id FROM temp.anki_export_cards)");
  while (st.executeStep()) used.insert(st.getColumn(0).getInt64());
  return used;
}

PackageDecks MapPackageDecks(const std::vector<Deck>& all_decks, const std::set<int64_t>& used, int64_t now_s) {
  // Keyed by Anki's unicase form of the name: names recall tells apart
  // but Anki does not ("Straße", "STRASSE") are one deck of the package,
  // as they would be one deck in Anki.
  std::map<std::string, PackageDeck> package_decks;
  std::map<int64_t, std::string> key_of_deck;  // recall deck id -> its package deck's key
  std::map<std::string, const Deck*> by_name;
  for (const auto& d : all_decks) by_name.emplace(UnicaseFold(d.name), &d);
  for (const auto& d : all_decks) {
    if (!used.count(d.id)) continue;
    size_t pos = 0;
    while (true) {
      const size_t sep = d.name.find("::", pos);
      const std::string prefix = d.name.substr(0, sep);
      const std::string key = UnicaseFold(prefix);
      if (sep == std::string::npos) key_of_deck[d.id] = key;
      if (!package_decks.count(key)) {
        PackageDeck pd;
        if (auto it = by_name.find(key); it != by_name.end()) {
          pd.id = it->second->id;
          pd.name = it->second->name;
          pd.mod_s = it->second->modified_s;
          pd.options = it->second->options;
        } else {
          pd.id = SyntheticDeckId(prefix);
          pd.name = prefix;
          pd.mod_s = now_s;
        }
        package_decks[key] = pd;
      }
      if (sep == std::string::npos) break;
      pos = sep + 2;
    }
  }
  // Anki's deck 1 is its Default deck: a recall deck named "Default" (any
  // case) becomes it, so its cards land in the target's Default deck and
  // come back to the same recall deck. Any other deck keeps its own id
  // (recall's deck ids are never 1; a synthetic one is moved off 1).
  PackageDecks out;
  for (auto& [key, pd] : package_decks) {
    if (key == UnicaseFold("Default")) {
      pd.id = kDefaultDeckId;
    } else if (pd.id == kDefaultDeckId) {
      pd.id = SyntheticDeckId(pd.name + "\x1f");
    }
    out.decks.push_back(pd);
  }
  for (const auto& [recall_id, key] : key_of_deck) out.package_did[recall_id] = package_decks.at(key).id;
  return out;
}

}  // namespace recall::anki

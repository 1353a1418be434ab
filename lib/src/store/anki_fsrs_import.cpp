// FSRS read back from an imported .apkg (docs/apkg.md, "FSRS"): memory
// states, parameters and desired retention, as Anki's importer keeps them
// (rslib/src/import_export/package/apkg/import/: cards keep their `data`,
// option groups come along with their decks).

#include "store/anki_fsrs_import.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "recall/text.h"
#include "store/store_impl.h"

namespace recall::anki {
namespace {

using nlohmann::json;

bool HasTable(SQLite::Database& db, const char* name) {
  SQLite::Statement st(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  st.bind(1, name);
  return st.executeStep();
}

std::string TextOf(const SQLite::Column& c) { return c.isNull() ? "" : c.getString(); }

// Anki's deck options accept 0.70-0.99; recall's store the same range.
double ClampedRetention(double v) {
  return std::clamp(std::round(v * 100) / 100, kMinDesiredRetention, kMaxDesiredRetention);
}

}  // namespace

const PackageFsrsGroup* PackageFsrs::FsrsDeck(int64_t did) const {
  if (!enabled) return nullptr;
  const auto it = deck_groups.find(did);
  return it == deck_groups.end() || !it->second.params ? nullptr : &it->second;
}

PackageFsrs ReadPackageFsrs(SQLite::Database& pkg) {
  PackageFsrs out;
  const int64_t ver = pkg.execAndGet("SELECT ver FROM col").getInt64();
  std::map<int64_t, int64_t> conf_of_deck;
  std::map<int64_t, PackageFsrsGroup> groups;
  std::map<int64_t, double> deck_retention;  // a deck's own, over its group's
  if (ver < 18) {
    SQLite::Statement col(pkg, "SELECT conf, dconf, decks FROM col");
    if (col.executeStep()) {
      const json conf = json::parse(TextOf(col.getColumn(0)), nullptr, false);
      out.enabled = conf.is_object() && conf.contains("fsrs") && conf["fsrs"] == true;
      groups = FsrsGroupsFromDconf(TextOf(col.getColumn(1)));
      conf_of_deck = DeckConfIdsFromDecksJson(TextOf(col.getColumn(2)));
      deck_retention = DeckRetentionsFromDecksJson(TextOf(col.getColumn(2)));
    }
  } else {
    if (HasTable(pkg, "config")) {
      SQLite::Statement cfg(pkg, "SELECT CAST(val AS TEXT) FROM config WHERE key = 'fsrs'");
      if (cfg.executeStep()) out.enabled = json::parse(TextOf(cfg.getColumn(0)), nullptr, false) == true;
    }
    if (HasTable(pkg, "deck_config")) {
      SQLite::Statement st(pkg, "SELECT id, config FROM deck_config");
      while (st.executeStep()) {
        if (!st.getColumn(0).isInteger() || !st.getColumn(1).isBlob()) continue;
        const SQLite::Column blob = st.getColumn(1);
        const auto g = FsrsGroupFromProto(std::string_view(static_cast<const char*>(blob.getBlob()), blob.getBytes()));
        if (g) groups[st.getColumn(0).getInt64()] = *g;
      }
    }
    SQLite::Statement st(pkg, "SELECT id, kind FROM decks");
    while (st.executeStep()) {
      if (!st.getColumn(0).isInteger() || !st.getColumn(1).isBlob()) continue;
      const SQLite::Column blob = st.getColumn(1);
      const std::string_view kind(static_cast<const char*>(blob.getBlob()), blob.getBytes());
      if (const auto conf = DeckConfigIdFromKind(kind)) conf_of_deck[st.getColumn(0).getInt64()] = *conf;
      if (const auto dr = DeckRetentionFromKind(kind)) deck_retention[st.getColumn(0).getInt64()] = *dr;
    }
  }
  for (const auto& [deck, conf] : conf_of_deck) {
    const auto g = groups.find(conf);
    if (g == groups.end()) continue;
    out.deck_groups[deck] = g->second;
    if (const auto dr = deck_retention.find(deck); dr != deck_retention.end()) {
      out.deck_groups[deck].desired_retention = dr->second;
    }
  }
  {
    SQLite::Statement st(pkg, "SELECT id, data FROM cards WHERE data IS NOT NULL AND data NOT IN ('', '{}')");
    while (st.executeStep()) {
      if (!st.getColumn(0).isInteger() || !st.getColumn(1).isText()) continue;
      if (const auto m = CardMemoryFromData(st.getColumn(1).getString())) out.memory[st.getColumn(0).getInt64()] = *m;
    }
  }
  {
    // Answers only (ease 1-4), not manual rescheduling (type 4 and up).
    SQLite::Statement st(pkg,
                         "SELECT cid, max(id) FROM revlog WHERE ease BETWEEN 1 AND 4 AND type BETWEEN 0 AND 3 "
                         "GROUP BY cid");
    while (st.executeStep()) {
      if (st.getColumn(0).isInteger() && st.getColumn(1).isInteger()) {
        out.last_answer_s[st.getColumn(0).getInt64()] = st.getColumn(1).getInt64() / 1000;
      }
    }
  }
  return out;
}

DeckOptions ImportedDeckOptions(const PackageFsrs& fsrs, int64_t did) {
  DeckOptions options;
  if (const PackageFsrsGroup* g = fsrs.FsrsDeck(did)) {
    options.algorithm = Algorithm::kFsrs;
    if (g->desired_retention) options.desired_retention = ClampedRetention(*g->desired_retention);
  }
  return options;
}

void AdoptPackageFsrs(Store& store, const PackageFsrs& fsrs, const std::vector<ImportedCard>& cards,
                      ApkgImportSummary* summary) {
  SQLite::Database& db = detail::Db(store);
  // The parameter sets of the package's FSRS decks, by the number of
  // imported cards that use them. recall has one set per collection.
  std::map<FsrsParams, int64_t> sets;
  for (const ImportedCard& c : cards) {
    if (const PackageFsrsGroup* g = fsrs.FsrsDeck(c.package_deck)) ++sets[*g->params];
  }
  bool replayed_all = false;
  if (!sets.empty()) {
    const auto most = std::max_element(sets.begin(), sets.end(),
                                       [](const auto& a, const auto& b) { return a.second < b.second; });
    const FsrsParams chosen = most->first;
    const bool own = !db.execAndGet("SELECT fsrs_params FROM collection").getString().empty();
    if (!own) {
      // Replays every card's memory state with them (the imported states
      // are written over the replayed ones below).
      store.SetFsrsParameters(chosen);
      replayed_all = true;
      summary->fsrs_params_adopted = 1;
      if (sets.size() > 1) {
        summary->not_kept.push_back(std::to_string(sets.size() - 1) +
                                    " other FSRS parameter sets (recall has one per collection: the set of most "
                                    "cards was adopted)");
      }
    } else if (sets.size() > 1 || store.FsrsParameters() != chosen) {
      summary->not_kept.push_back("FSRS parameters of the package (the collection has its own; recall optimize "
                                  "fits them to the merged history)");
    }
  } else if (!fsrs.enabled) {
    int64_t groups_with_params = 0;
    for (const auto& [deck, g] : fsrs.deck_groups) groups_with_params += g.params ? 1 : 0;
    if (groups_with_params > 0) {
      summary->not_kept.push_back(
          "FSRS parameters of " + Plural(groups_with_params, "deck", "decks") +
          " (FSRS is off in the package: " +
          (groups_with_params == 1 ? "it stays an SM-2 deck)" : "they stay SM-2 decks)"));
    }
  }

  std::vector<int64_t> without_state;
  SQLite::Statement write(db, "UPDATE cards SET stability = ?, difficulty = ?, last_review_s = ? WHERE id = ?");
  for (const ImportedCard& c : cards) {
    const auto m = fsrs.memory.find(c.package_id);
    if (m == fsrs.memory.end()) {
      without_state.push_back(c.card_id);
      continue;
    }
    int64_t last_review_s = m->second.last_review_s;
    if (last_review_s == 0) {
      const auto last = fsrs.last_answer_s.find(c.package_id);
      if (last != fsrs.last_answer_s.end()) last_review_s = last->second;
    }
    write.bind(1, m->second.state.stability);
    write.bind(2, m->second.state.difficulty);
    write.bind(3, last_review_s);
    write.bind(4, c.card_id);
    write.exec();
    write.reset();
    ++summary->memory_states_imported;
  }
  if (replayed_all) {
    SQLite::Statement count(db,
                            "SELECT count(*) FROM cards WHERE stability IS NOT NULL AND id IN "
                            "(SELECT value FROM json_each(?))");
    count.bind(1, detail::IdsJson(without_state));
    count.executeStep();
    summary->memory_states_computed = count.getColumn(0).getInt64();
  } else {
    summary->memory_states_computed = detail::RecomputeCardMemoryStates(store, without_state);
  }
}

}  // namespace recall::anki

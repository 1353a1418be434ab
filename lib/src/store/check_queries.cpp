// The SQL behind `recall check`: SQLite's own checks plus the card invariants.

#include <filesystem>
#include <map>
#include <set>

#include "anki/apkg_media.h"
#include "recall/anki.h"
#include "recall/check.h"
#include "store/store_impl.h"

namespace recall {
namespace {

// Each rule selects the ids of the cards that break it.
struct CardRule {
  const char* what;
  const char* where;
};

constexpr CardRule kCardRules[] = {
    {"review card with interval 0", "type = 2 AND ivl < 1"},
    {"review card of an anki deck with ease below 1300",
     "type = 2 AND ease < 1300 AND deck_id IN (SELECT id FROM decks WHERE algorithm = 'anki')"},
    {"intraday learning card whose due is not a time", "queue = 1 AND due < 1000000000"},
    {"review or day-learning card whose due is not a day", "queue IN (2, 3) AND due >= 1000000000"},
    {"new card in a review queue", "type = 0 AND queue IN (1, 2, 3)"},
    {"learning card in the new queue", "type IN (1, 3) AND queue = 0"},
    {"card with fewer answers than review log rows",
     "reps < (SELECT count(*) FROM revlog r WHERE r.card_id = cards.id AND r.kind <= 3 AND NOT (r.kind = 3 AND "
     "r.ease = 0))"},
};

}  // namespace

CheckReport CheckCollection(const Store& store) {
  return detail::Guard(store, [&] {
    auto& db = detail::Db(store);
    CheckReport report;
    report.notes = db.execAndGet("SELECT count(*) FROM notes").getInt64();
    report.cards = db.execAndGet("SELECT count(*) FROM cards").getInt64();
    report.revlog_rows = db.execAndGet("SELECT count(*) FROM revlog").getInt64();

    SQLite::Statement integrity(db, "PRAGMA integrity_check");
    while (integrity.executeStep()) {
      const std::string line = integrity.getColumn(0).getString();
      if (line != "ok") report.problems.push_back("integrity: " + line);
    }
    SQLite::Statement fk(db, "PRAGMA foreign_key_check");
    while (fk.executeStep()) {
      report.problems.push_back("foreign key: row " + std::to_string(fk.getColumn(1).getInt64()) + " of " +
                                fk.getColumn(0).getString() + " points to a missing " +
                                fk.getColumn(2).getString());
    }
    for (const CardRule& rule : kCardRules) {
      SQLite::Statement st(db, std::string("SELECT id FROM cards WHERE ") + rule.where + " ORDER BY id");
      while (st.executeStep()) {
        report.problems.push_back("card " + std::to_string(st.getColumn(0).getInt64()) + ": " + rule.what);
      }
    }
    SQLite::Statement orphans(db,
                              "SELECT id FROM notes n WHERE NOT EXISTS (SELECT 1 FROM cards c WHERE c.note_id = n.id) "
                              "ORDER BY id");
    while (orphans.executeStep()) {
      report.problems.push_back("note " + std::to_string(orphans.getColumn(0).getInt64()) + ": has no card");
    }

    // Media references against the media folder.
    std::map<std::string, int64_t> referenced;  // name -> first note
    SQLite::Statement notes(db, "SELECT id, coalesce(fields, front || char(31) || back) FROM notes ORDER BY id");
    while (notes.executeStep()) {
      for (auto& name : anki::MediaReferences(notes.getColumn(1).getString())) {
        referenced.emplace(std::move(name), notes.getColumn(0).getInt64());
      }
    }
    const std::string folder = MediaFolderOf(store.path());
    std::set<std::string> present;
    std::error_code ec;
    if (!folder.empty() && std::filesystem::is_directory(folder, ec)) {
      for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
        if (entry.is_regular_file(ec)) present.insert(entry.path().filename().string());
      }
    }
    for (const auto& [name, note] : referenced) {
      if (!present.count(name)) report.missing_media.push_back(name + " (note " + std::to_string(note) + ")");
    }
    for (const auto& name : present) {
      if (!referenced.count(name)) report.unused_media.push_back(name);
    }
    return report;
  });
}

}  // namespace recall

#ifndef RECALL_STORE_ANKI_IMPORT_ROWS_H_
#define RECALL_STORE_ANKI_IMPORT_ROWS_H_

// Private to lib/src/store: the .apkg importer's three steps share these.
//  - anki_import_rows.cpp reads and checks the package's rows (col row,
//    decks, note types, cards, latest review per card);
//  - anki_import.cpp merges notes and cards into the store;
//  - anki_import_revlog.cpp merges the review log.

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "recall/error.h"
#include "recall/notetype.h"
#include "recall/text.h"
#include "recall/time.h"

namespace recall::anki::import_rows {

// Reads columns of an untrusted package; every failure names the package.
class Reader {
 public:
  explicit Reader(const std::string& label) : label_(label) {}
  const std::string& label() const { return label_; }
  [[noreturn]] void Fail(const std::string& what) const {
    throw Error(ErrorCode::kInvalidInput, what + " (" + label_ + ")");
  }
  int64_t Int(SQLite::Statement& st, int i, const char* what) const {
    const SQLite::Column c = st.getColumn(i);
    if (!c.isInteger()) Fail(std::string("malformed collection: ") + what + " is not an integer");
    return c.getInt64();
  }
  // executeStep() on a package statement: a damaged page is the package's fault.
  bool Step(SQLite::Statement& st) const {
    try {
      return st.executeStep();
    } catch (const SQLite::Exception& e) {
      Fail(std::string("malformed collection: ") + e.what());
    }
  }
  std::string Text(SQLite::Statement& st, int i, const char* what) const {
    const SQLite::Column c = st.getColumn(i);
    if (!c.isText()) Fail(std::string("malformed collection: ") + what + " is not text");
    std::string s = c.getString();
    if (!IsValidUtf8(s)) Fail(std::string("malformed collection: ") + what + " is not valid UTF-8");
    return s;
  }

 private:
  std::string label_;
};

// A card of the package, checked.
struct PackageCard {
  int64_t id = 0;
  int64_t did = 0;
  int ord = 0;
  int type = 0;
  int queue = 0;
  int64_t due = 0;
  int64_t ivl = 0;
  int64_t factor = 0;
  int64_t reps = 0;
  int64_t lapses = 0;
  int64_t left = 0;
};

// Everything of the package but its notes and review log (which are
// streamed while merging).
struct PackageRows {
  std::map<int64_t, std::string> deck_names;  // package deck id -> recall name
  int64_t source_today = 0;                   // the package's "today" (spec 6.3)
  std::map<int64_t, Notetype> notetypes;
  std::unordered_map<int64_t, std::vector<PackageCard>> cards_of_note;  // by ord
  std::unordered_map<int64_t, int64_t> latest_review;                   // cid -> max revlog id
  int64_t in_filtered_decks = 0;
  // Scheduler v1 (no schedVer, or 1): read as Anki upgrades it to v2 before
  // importing (rslib scheduler/upgrade.rs): relearning cards (type 2 in a
  // learning queue) become type 3, and the review log's learning buttons
  // 2 and 3 (Good, Easy) become 3 and 4.
  bool v1 = false;
  // What the package has that no card of it uses or that has no card: named
  // in the summary.
  std::vector<std::string> empty_decks;  // names, Default and filtered decks aside
  int64_t cards_without_note = 0;
  int64_t revlog_without_card = 0;
};

// Checks that `pkg` is a readable, uncorrupted collection with the tables
// and columns the importer needs.
void CheckPackage(SQLite::Database& pkg, const Reader& r);
// Reads the col row, decks, note types, cards and latest reviews.
PackageRows ReadPackageRows(SQLite::Database& pkg, const Reader& r, Timestamp now);

// What the package has that recall does not keep (option groups, card flags,
// card `data` other than an FSRS memory state, LaTeX headers, field fonts...):
// one import summary line per kind with its count (anki_import_not_kept.cpp).
std::vector<std::string> NotKeptInPackage(SQLite::Database& pkg);

// package card id -> (recall card id, the collection's rollover hour)
using CardMap = std::unordered_map<int64_t, std::pair<int64_t, int>>;
// Merges the package's review log for the cards in `card_map`, by id, never
// duplicating a row (`v1`: the package's buttons are scheduler v1's). Returns
// the number of rows added.
int64_t MergeRevlog(SQLite::Database& pkg, SQLite::Database& db, const Reader& r, const CardMap& card_map,
                    bool v1);

}  // namespace recall::anki::import_rows

#endif  // RECALL_STORE_ANKI_IMPORT_ROWS_H_

// Future ids of an exported package, renumbered (see export_ids.h).

#include "store/export_ids.h"

#include <string>
#include <vector>

namespace recall::detail {
namespace {

constexpr int64_t kDayMs = 86400000;

struct Table {
  const char* name;
  const char* referenced_by;  // "table.column" holding this table's ids, or nullptr
};

// Notes before cards before the review log: each renumbering updates the
// references to it before those rows are looked at.
constexpr Table kTables[] = {{"notes", "cards.nid"}, {"cards", "revlog.cid"}, {"revlog", nullptr}};

}  // namespace

int64_t RenumberFutureIds(SQLite::Database& pkg, Timestamp now) {
  const int64_t max_id = now.ms + kDayMs;
  int64_t renumbered = 0;
  for (const Table& t : kTables) {
    const std::string table = t.name;
    std::vector<int64_t> future;
    {
      SQLite::Statement st(pkg, "SELECT id FROM " + table + " WHERE id > ? ORDER BY id");
      st.bind(1, max_id);
      while (st.executeStep()) future.push_back(st.getColumn(0).getInt64());
    }
    if (future.empty()) continue;
    SQLite::Statement taken(pkg, "SELECT 1 FROM " + table + " WHERE id = ?");
    SQLite::Statement move(pkg, "UPDATE " + table + " SET id = ? WHERE id = ?");
    std::string ref_table;
    std::string ref_column;
    if (t.referenced_by != nullptr) {
      const std::string ref = t.referenced_by;
      ref_table = ref.substr(0, ref.find('.'));
      ref_column = ref.substr(ref.find('.') + 1);
    }
    // The new ids end at `now` in the same order: the latest free ones.
    int64_t next = now.ms - static_cast<int64_t>(future.size()) + 1;
    for (const int64_t old_id : future) {
      for (;; ++next) {
        taken.bind(1, next);
        const bool used = taken.executeStep();
        taken.reset();
        if (!used) break;
      }
      move.bind(1, next);
      move.bind(2, old_id);
      move.exec();
      move.reset();
      if (!ref_table.empty()) {
        SQLite::Statement follow(
            pkg, "UPDATE " + ref_table + " SET " + ref_column + " = ? WHERE " + ref_column + " = ?");
        follow.bind(1, next);
        follow.bind(2, old_id);
        follow.exec();
      }
      ++next;
      ++renumbered;
    }
  }
  return renumbered;
}

}  // namespace recall::detail

// Required columns of a package's collection (see package_columns.h).

#include "store/package_columns.h"

#include <set>
#include <utility>
#include <vector>

namespace recall::detail {

std::optional<std::string> MissingPackageColumn(SQLite::Database& pkg) {
  static const std::vector<std::pair<const char*, std::vector<const char*>>> kRequired = {
      {"col", {"ver", "crt", "conf", "decks"}},
      {"notes", {"id", "guid", "mod", "tags", "flds"}},
      {"cards",
       {"id", "nid", "did", "ord", "type", "queue", "due", "ivl", "factor", "reps", "lapses", "left", "odid",
        "odue"}},
      {"revlog", {"id", "cid", "ease", "ivl", "lastIvl", "factor", "time", "type"}},
  };
  for (const auto& [table, columns] : kRequired) {
    SQLite::Statement st(pkg, "SELECT name FROM pragma_table_info(?)");
    st.bind(1, table);
    std::set<std::string> have;
    while (st.executeStep()) have.insert(st.getColumn(0).getString());
    if (have.empty()) continue;  // a missing table is reported by name elsewhere
    for (const char* c : columns) {
      if (!have.count(c)) return std::string(table) + "." + c;
    }
  }
  return std::nullopt;
}

}  // namespace recall::detail

// The SQLite side of a package's work bounds (see package_guard.h).

#include "store/package_guard.h"

#include <sqlite3.h>

#include <algorithm>
#include <climits>

namespace recall::detail {
namespace {

// SQLite calls this every kProgressOps virtual machine steps; non-zero
// interrupts the statement (SQLITE_INTERRUPT).
constexpr int kProgressOps = 1000;

int OnProgress(void* budget) { return static_cast<anki::PackageBudget*>(budget)->Expired() ? 1 : 0; }

}  // namespace

void GuardPackage(SQLite::Database& pkg, anki::PackageBudget& budget) {
  const int64_t value_bytes = std::clamp<int64_t>(budget.limits().value_bytes, 1, INT_MAX);
  sqlite3_limit(pkg.getHandle(), SQLITE_LIMIT_LENGTH, static_cast<int>(value_bytes));
  sqlite3_progress_handler(pkg.getHandle(), kProgressOps, &OnProgress, &budget);
}

void CheckPackageRows(SQLite::Database& pkg, const anki::PackageBudget& budget) {
  for (const char* table : {"notes", "cards", "revlog"}) {
    SQLite::Statement st(pkg, std::string("SELECT count(*) FROM ") + table);
    st.executeStep();
    budget.CheckRows(table, st.getColumn(0).getInt64());
  }
}

}  // namespace recall::detail

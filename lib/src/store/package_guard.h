#ifndef RECALL_STORE_PACKAGE_GUARD_H_
#define RECALL_STORE_PACKAGE_GUARD_H_

// The SQLite side of a package's work bounds (anki/apkg_limits.h): the
// package's connection refuses any value larger than ApkgLimits::value_bytes
// and interrupts every statement once the time budget is spent; the row
// counts are checked before any row is read.

#include <SQLiteCpp/SQLiteCpp.h>

#include "anki/apkg_limits.h"

namespace recall::detail {

// Bounds `pkg` for the rest of its life; `budget` must outlive it.
void GuardPackage(SQLite::Database& pkg, anki::PackageBudget& budget);

// Throws when notes, cards or revlog hold more rows than the limits allow.
void CheckPackageRows(SQLite::Database& pkg, const anki::PackageBudget& budget);

}  // namespace recall::detail

#endif  // RECALL_STORE_PACKAGE_GUARD_H_

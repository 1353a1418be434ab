#ifndef RECALL_STORE_PACKAGE_COLUMNS_H_
#define RECALL_STORE_PACKAGE_COLUMNS_H_

// The columns the package importer reads, checked before anything is read:
// a package whose collection lacks one is the package's fault (exit 4
// naming the package), not the user's collection's.

#include <SQLiteCpp/SQLiteCpp.h>

#include <optional>
#include <string>

namespace recall::detail {

// "notes.flds" for the first column the importer needs that `pkg` lacks.
std::optional<std::string> MissingPackageColumn(SQLite::Database& pkg);

}  // namespace recall::detail

#endif  // RECALL_STORE_PACKAGE_COLUMNS_H_

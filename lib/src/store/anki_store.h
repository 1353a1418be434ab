#ifndef RECALL_STORE_ANKI_STORE_H_
#define RECALL_STORE_ANKI_STORE_H_

// Private to lib/src/store: SQLite pieces of reading Anki collections.

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "recall/notetype.h"

namespace recall::anki {

// Anki's unicase comparison: Unicode full case folding, then code point order
// ("Straße" == "STRASSE", "Ä" == "ä"). Returns -1, 0 or 1.
int UnicaseCompare(std::string_view a, std::string_view b);
std::string UnicaseFold(std::string_view s);

// Registers `unicase` on a connection that opens a package collection.
void RegisterUnicaseCollation(SQLite::Database& db);

// The note types of a package collection: schema 11 from col.models (JSON),
// schema 18 from the notetypes, fields and templates tables (protobuf
// configs). Throws kInvalidInput naming `label` for malformed data.
std::map<int64_t, Notetype> ReadPackageNotetypes(SQLite::Database& pkg, int64_t ver,
                                                 const std::string& label);

}  // namespace recall::anki

#endif  // RECALL_STORE_ANKI_STORE_H_

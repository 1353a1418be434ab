#ifndef RECALL_STORE_ANKI_STORE_H_
#define RECALL_STORE_ANKI_STORE_H_

// Private to lib/src/store: SQLite pieces of reading Anki collections.

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "recall/notetype.h"
#include "recall/store.h"

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

// The recall note type the notes of package type `mid` get: nullopt for
// recall Basic (a recall export's own type, whose fields become Markdown);
// else the package's type, stored under its id, or under a new id when a
// different type holds that id (found again by name, fields and template
// count at the next import), and saved again when it changed. Counts a type
// that is new to the collection in *notetypes_added.
std::optional<Notetype> RecallTypeOf(Store& store, const std::map<int64_t, Notetype>& package_types, int64_t mid,
                                     const std::string& label, int64_t* notetypes_added);

}  // namespace recall::anki

#endif  // RECALL_STORE_ANKI_STORE_H_

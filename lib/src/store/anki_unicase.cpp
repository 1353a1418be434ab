// Anki's `unicase` collation. Schema 18 collections (collection.anki21b)
// declare names COLLATE unicase (decks, notetypes, fields, templates, tags,
// deck_config); SQLite refuses to read their indexes, or even to check the
// database, on a connection that lacks it.

#include <sqlite3.h>
#include <utf8proc.h>

#include <cstdlib>
#include <cstring>

#include "store/anki_store.h"

namespace recall::anki {

std::string UnicaseFold(std::string_view s) {
  utf8proc_uint8_t* result = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data()),
                                          static_cast<utf8proc_ssize_t>(s.size()), &result,
                                          static_cast<utf8proc_option_t>(UTF8PROC_CASEFOLD));
  if (n < 0) return std::string(s);  // not UTF-8: compared as bytes
  std::string out(reinterpret_cast<const char*>(result), static_cast<size_t>(n));
  std::free(result);
  return out;
}

int UnicaseCompare(std::string_view a, std::string_view b) {
  const std::string fa = UnicaseFold(a);
  const std::string fb = UnicaseFold(b);
  const int c = fa.compare(fb);  // UTF-8 byte order is code point order
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

namespace {

int CompareCallback(void*, int len_a, const void* a, int len_b, const void* b) {
  return UnicaseCompare(std::string_view(static_cast<const char*>(a), static_cast<size_t>(len_a)),
                        std::string_view(static_cast<const char*>(b), static_cast<size_t>(len_b)));
}

}  // namespace

void RegisterUnicaseCollation(SQLite::Database& db) {
  const int rc =
      sqlite3_create_collation_v2(db.getHandle(), "unicase", SQLITE_UTF8, nullptr, CompareCallback, nullptr);
  if (rc != SQLITE_OK) throw SQLite::Exception(db.getHandle(), rc);
}

}  // namespace recall::anki

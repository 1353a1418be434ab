#ifndef RECALL_TESTS_ANKI_SHAPES_H_
#define RECALL_TESTS_ANKI_SHAPES_H_

// Anki packages in the shapes real ones take, written from scratch (SQLite +
// libzip) rather than by recall's exporter: genanki's output, packages with
// collection.anki21 only, anki21b with a protobuf media list and zstd files,
// filtered decks, scheduler v1 learning states, and so on. The shapes were
// studied in genanki (genanki/{apkg_col,model,deck,note,card,package}.py),
// Anki's importer (rslib/src/import_export/package/apkg/import/, gather.rs,
// scheduler/upgrade.rs) and AnkiDroid's template deck; each shape's comment
// in anki_shapes.cpp says what it copies.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace recall::testing {

// Rows of a schema 11 collection (collection.anki2 / .anki21), as Anki's
// tables hold them.
struct PkgNote {
  int64_t id = 0;
  std::string guid;
  int64_t mid = 0;
  int64_t mod = 0;
  std::string tags;  // " a b "
  std::string flds;  // fields joined by \x1f
  std::string sfld;  // "" : the first field
};
struct PkgCard {
  int64_t id = 0;
  int64_t nid = 0;
  int64_t did = 1;
  int ord = 0;
  int type = 0;
  int queue = 0;
  int64_t due = 0;
  int ivl = 0;
  int factor = 0;
  int reps = 0;
  int lapses = 0;
  int left = 0;
  int64_t odue = 0;
  int64_t odid = 0;
  int flags = 0;
  std::string data;
};
struct PkgReview {
  int64_t id = 0;
  int64_t cid = 0;
  int ease = 3;
  int ivl = 1;
  int last_ivl = 0;
  int factor = 2500;
  int time = 5000;
  int type = 1;
};
struct LegacyCollection {
  int64_t crt = 1700000000;
  nlohmann::json conf = nlohmann::json::object();
  nlohmann::json models = nlohmann::json::object();
  nlohmann::json decks = nlohmann::json::object();
  nlohmann::json dconf = nlohmann::json::object();
  std::vector<PkgNote> notes;
  std::vector<PkgCard> cards;
  std::vector<PkgReview> revlog;
};

// Writes `c` as a schema 11 SQLite database at `db_path` (replaced).
void WriteLegacyCollection(const std::string& db_path, const LegacyCollection& c);

// JSON pieces as Anki and genanki write them.
struct PkgTemplate {
  std::string name;
  std::string qfmt;
  std::string afmt;
};
nlohmann::json ModelJson(int64_t id, const std::string& name, const std::vector<std::string>& fields,
                         const std::vector<PkgTemplate>& templates, int type = 0, const std::string& css = "");
nlohmann::json DeckJson(int64_t id, const std::string& name, int64_t conf = 1);
nlohmann::json FilteredDeckJson(int64_t id, const std::string& name);
nlohmann::json DconfJson();
// Anki's col.conf; sched_ver 0 leaves the key out (scheduler v1).
nlohmann::json ConfJson(int sched_ver);

// Anki's schema 18 tables as Anki declares them (names COLLATE unicase:
// register anki::RegisterUnicaseCollation on the connection first).
std::string Schema18Ddl();

// Protobuf wire format, for schema 18 configs and the anki21b media list.
std::string PbVarint(uint64_t v);
std::string PbBytes(uint32_t field, const std::string& data);
std::string PbNumber(uint32_t field, uint64_t v);

// One package shape: its writer, and whether it is held back (tested only
// after the fixes the others led to; see docs/apkg.md "Package shapes").
struct AnkiShape {
  std::string name;
  std::string what;
  bool held_back = false;
  // Writes the package into `dir` and returns its path.
  std::function<std::string(const std::string& dir)> write;
};
const std::vector<AnkiShape>& AnkiShapes();

// What a package holds, counted with plain SQL on its collection (zstd
// members decompressed): notes with at least one card, cards of existing
// notes, review rows of those cards.
struct PkgCounts {
  int64_t notes = 0;
  int64_t cards = 0;
  int64_t revlog = 0;
};
PkgCounts CountPackage(const std::string& apkg, const std::string& scratch);

}  // namespace recall::testing

#endif  // RECALL_TESTS_ANKI_SHAPES_H_

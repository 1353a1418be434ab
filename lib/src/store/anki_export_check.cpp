// .apkg export, the check half: reads a written package collection back and
// checks it against spec/apkg.md before the package is renamed into place.

#include <algorithm>
#include <cctype>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

#include "anki/apkg_internal.h"
#include "recall/text.h"
#include "store/anki_store.h"
#include "store/store_impl.h"

namespace recall::anki {

// ---------------------------------------------------------------------------
// Validation of a written package collection.

namespace {

[[noreturn]] void Broken(const std::string& rule, const std::string& label) {
  throw Error(ErrorCode::kInternal, "exported package failed its check: " + rule + " (" + label + ")");
}

void ExpectColumns(SQLite::Database& db, const char* table, const std::vector<std::string>& columns,
                   const std::string& label) {
  SQLite::Statement st(db, std::string("SELECT name, \"notnull\" FROM pragma_table_info('") + table + "')");
  std::vector<std::string> got;
  while (st.executeStep()) {
    got.push_back(st.getColumn(0).getString());
    if (st.getColumn(0).getString() != "id" && st.getColumn(1).getInt() != 1) {
      Broken(std::string("column ") + table + "." + got.back() + " is nullable", label);
    }
  }
  if (got != columns) Broken(std::string("table ") + table + " does not have the schema 11 columns", label);
}

int64_t Count(SQLite::Database& db, const std::string& sql) { return db.execAndGet(sql).getInt64(); }

// An id <= 0 or > max_id in `table` (its rowid): the smallest and largest id
// only, so two b-tree look-ups instead of a scan.
bool IdOutOfRange(SQLite::Database& db, const char* table, int64_t max_id) {
  const std::string t(table);
  SQLite::Statement st(
      db, "SELECT coalesce((SELECT min(id) FROM " + t + ") <= 0 OR (SELECT max(id) FROM " + t + ") > ?1, 0)");
  st.bind(1, max_id);
  st.executeStep();
  return st.getColumn(0).getInt() != 0;
}

// Whether note `id`'s sfld, stored as a number, equals `sfld` once the
// column's affinity is applied to it (as when it was written).
bool StoredAsNumber(SQLite::Database& db, int64_t id, const std::string& sfld) {
  SQLite::Statement st(db, "SELECT sfld = ?2 FROM notes WHERE id = ?1");
  st.bind(1, id);
  st.bind(2, sfld);
  return st.executeStep() && st.getColumn(0).getInt() == 1;
}

// The value rules of a card (spec 3.3), as SQL conditions that hold for a
// broken row.
constexpr const char* kCardOrdRule = "(ord < 0 OR ord > 999)";
constexpr const char* kCardStateRule =
    "(type NOT BETWEEN 0 AND 3 OR queue NOT BETWEEN -3 AND 4 OR ivl < 0 OR factor NOT BETWEEN 0 AND 65535 "
    "OR reps < 0 OR lapses < 0 OR left < 0 OR due NOT BETWEEN -2147483648 AND 2147483647 OR odue != 0 "
    "OR odid != 0)";
constexpr const char* kCardNewRule = "(type = 0 AND (due < 0 OR due > 999999))";
constexpr const char* kCardReviewRule = "(type = 2 AND reps < 1)";
constexpr const char* kModSecondsRule = "(mod > 100000000000 OR mod < 0)";

}  // namespace

void ValidateAnkiCollection(const std::string& db_path, Timestamp now, const ExportSummary& expected,
                            const std::string& label) {
  using nlohmann::json;
  try {
    SQLite::Database db(db_path, SQLite::OPEN_READONLY);
    ExpectColumns(db, "col",
                  {"id", "crt", "mod", "scm", "ver", "dty", "usn", "ls", "conf", "models", "decks", "dconf", "tags"},
                  label);
    ExpectColumns(db, "notes", {"id", "guid", "mid", "mod", "usn", "tags", "flds", "sfld", "csum", "flags", "data"},
                  label);
    ExpectColumns(db, "cards",
                  {"id", "nid", "did", "ord", "mod", "usn", "type", "queue", "due", "ivl", "factor", "reps",
                   "lapses", "left", "odue", "odid", "flags", "data"},
                  label);
    ExpectColumns(db, "revlog", {"id", "cid", "usn", "ease", "ivl", "lastIvl", "factor", "time", "type"}, label);
    ExpectColumns(db, "graves", {"usn", "oid", "type"}, label);
    if (Count(db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN ('ix_notes_usn', "
                  "'ix_cards_usn', 'ix_revlog_usn', 'ix_cards_nid', 'ix_cards_sched', 'ix_revlog_cid', "
                  "'ix_notes_csum')") != 7) {
      Broken("the seven schema 11 indexes are not all there", label);
    }
    if (db.execAndGet("PRAGMA journal_mode").getString() != "delete") Broken("journal mode is not DELETE", label);

    // The col row.
    if (Count(db, "SELECT count(*) FROM col") != 1) Broken("col must have exactly one row", label);
    SQLite::Statement col(db, "SELECT crt, mod, scm, ver, conf, models, decks, dconf, tags FROM col");
    col.executeStep();
    const int64_t crt = col.getColumn(0).getInt64();
    if (col.getColumn(3).getInt() != 11) Broken("col.ver is not 11", label);
    if (crt <= 0 || crt > now.Seconds() + 86400) Broken("col.crt is not a time in seconds", label);
    if (col.getColumn(1).getInt64() < 1000000000000LL) Broken("col.mod is not in milliseconds", label);
    const json conf = json::parse(col.getColumn(4).getString());
    const json models = json::parse(col.getColumn(5).getString());
    const json decks = json::parse(col.getColumn(6).getString());
    const json dconf = json::parse(col.getColumn(7).getString());
    const json tags = json::parse(col.getColumn(8).getString());
    if (!conf.is_object() || conf.value("schedVer", 0) != 2) Broken("col.conf lacks schedVer 2", label);
    if (!tags.is_object()) Broken("col.tags is not an object", label);
    const std::string recall_mid = std::to_string(kModelId);
    if (!models.is_object() || !models.contains(recall_mid)) Broken("col.models lacks the recall note type", label);
    // Per note type: field count, template count, sort field, cloze.
    struct ModelShape {
      size_t fields = 0;
      size_t templates = 0;
      size_t sort_field = 0;
      bool cloze = false;
    };
    std::map<int64_t, ModelShape> shapes;
    for (const auto& [mid, model] : models.items()) {
      for (const char* key : {"id", "name", "type", "mod", "usn", "sortf", "did", "tmpls", "flds", "css", "latexPre",
                              "latexPost", "latexsvg", "req", "tags", "vers"}) {
        if (!model.contains(key)) Broken(std::string("note type lacks key ") + key, label);
      }
      if (model["id"].get<std::string>() != mid) Broken("note type id differs from its key", label);
      if (!model["flds"].is_array() || model["flds"].empty()) Broken("note type " + mid + " has no fields", label);
      if (mid == recall_mid && model["flds"].size() != kModelFieldCount) Broken("note type must have 2 fields", label);
      for (const auto& f : model["flds"]) {
        for (const char* key : {"name", "ord", "sticky", "rtl", "font", "size", "media"}) {
          if (!f.contains(key)) Broken(std::string("note type field lacks key ") + key, label);
        }
      }
      if (!model["tmpls"].is_array() || model["tmpls"].empty()) Broken("note type " + mid + " has no template", label);
      if (mid == recall_mid && model["tmpls"].size() != 1) Broken("note type must have 1 template", label);
      for (const auto& t : model["tmpls"]) {
        for (const char* key : {"name", "ord", "qfmt", "afmt", "bqfmt", "bafmt", "did", "bfont", "bsize"}) {
          if (!t.contains(key)) Broken(std::string("template lacks key ") + key, label);
        }
      }
      ModelShape shape{model["flds"].size(), model["tmpls"].size(), model["sortf"].get<size_t>(),
                       model["type"].get<int>() == 1};
      if (shape.sort_field >= shape.fields) Broken("note type " + mid + " has its sort field out of range", label);
      shapes[std::stoll(mid)] = shape;
    }
    if (!decks.is_object() || !decks.contains("1")) Broken("col.decks lacks the Default deck 1", label);
    if (!dconf.is_object() || !dconf.contains("1")) Broken("col.dconf lacks option group 1", label);
    std::set<std::string> deck_names;
    std::vector<int64_t> deck_ids;
    for (const auto& [key, deck] : decks.items()) {
      for (const char* k : {"id", "name", "usn", "lrnToday", "revToday", "newToday", "timeToday", "collapsed", "dyn",
                            "conf", "desc", "mod", "extendNew", "extendRev"}) {
        if (!deck.contains(k)) Broken("deck " + key + " lacks key " + k, label);
      }
      if (std::to_string(deck["id"].get<int64_t>()) != key) Broken("deck id differs from its key " + key, label);
      if (deck["dyn"].get<int>() != 0) Broken("filtered deck " + key, label);
      if (!dconf.contains(std::to_string(deck["conf"].get<int64_t>()))) Broken("deck " + key + " has no option group", label);
      // Unique as Anki compares names (its decks.name is COLLATE unicase).
      const std::string folded = UnicaseFold(deck["name"].get<std::string>());
      if (folded.empty() || !deck_names.insert(folded).second) Broken("deck name empty or not unique: " + folded, label);
      deck_ids.push_back(deck["id"].get<int64_t>());
    }
    for (const auto& [key, c] : dconf.items()) {
      for (const char* k : {"id", "mod", "name", "usn", "maxTaken", "autoplay", "timer", "new", "rev", "lapse"}) {
        if (!c.contains(k)) Broken("option group " + key + " lacks key " + k, label);
      }
      if (c["new"]["initialFactor"].get<int>() <= 1300) Broken("option group " + key + " has initialFactor <= 1300", label);
    }
    const json deck_id_json = deck_ids;

    // Row checks: per table, the row count (a b-tree count), the id range
    // (two rowid look-ups) and one scan counting the rows that break any
    // value rule; only when that count is not zero are the rules asked one
    // by one, to name the first broken one.
    const int64_t max_id = now.ms + 86400000;

    // Notes, and the cards' references to them: one walk of the notes in id
    // order beside one of the cards in note order (the ix_cards_nid index).
    if (Count(db, "SELECT count(*) FROM notes") != expected.notes) Broken("note count differs", label);
    if (IdOutOfRange(db, "notes", max_id)) Broken("note id in the future", label);
    bool card_of_missing_note = false;
    bool two_cards_for_a_note = false;
    {
      SQLite::Statement st(db, "SELECT id, mid, mod, guid, flds, sfld, csum, tags FROM notes ORDER BY id");
      // In note order through ix_cards_nid (no sort); a note's ords are
      // compared among themselves (a note has a few cards).
      SQLite::Statement card_nids(db, "SELECT nid, ord FROM cards ORDER BY nid");
      bool more_cards = card_nids.executeStep();
      bool ord_without_template = false;
      // Moves past the cards of notes before `note_id` (there are none) and
      // those of `note_id` (one per ord; a standard type's ord < templates).
      std::vector<int64_t> ords;  // of the note's cards so far
      auto cards_of = [&](int64_t note_id, const ModelShape* shape) {
        ords.clear();
        while (more_cards) {
          const int64_t nid = card_nids.getColumn(0).getInt64();
          if (nid > note_id) break;
          const int64_t ord = card_nids.getColumn(1).getInt64();
          if (nid < note_id) card_of_missing_note = true;
          if (nid == note_id) {
            if (std::find(ords.begin(), ords.end(), ord) != ords.end()) two_cards_for_a_note = true;
            ords.push_back(ord);
          }
          if (nid == note_id && shape && !shape->cloze && ord >= static_cast<int64_t>(shape->templates)) {
            ord_without_template = true;
          }
          more_cards = card_nids.executeStep();
        }
      };
      auto text = [&](int i) {
        const SQLite::Column c = st.getColumn(i);
        const char* p = c.getText();
        return std::string_view(p, static_cast<size_t>(c.getBytes()));
      };
      // Broken rules are named in the order of the rules (note type, mod,
      // guid uniqueness, then the first broken note), not of the rows.
      bool unknown_type = false;
      bool mod_not_seconds = false;
      std::string first_broken_note;
      // A hash of each guid (8 bytes a note): guids are unique when the
      // hashes are; equal hashes are settled by SQL (a collision or a twin).
      std::vector<size_t> guid_hashes;
      auto broken_note = [&](int64_t id, const char* what) {
        if (first_broken_note.empty()) first_broken_note = "note " + std::to_string(id) + " " + what;
      };
      while (st.executeStep()) {
        const int64_t id = st.getColumn(0).getInt64();
        const auto shape_it = shapes.find(st.getColumn(1).getInt64());
        const ModelShape* shape = shape_it == shapes.end() ? nullptr : &shape_it->second;
        cards_of(id, shape);
        if (!shape) unknown_type = true;
        const int64_t mod = st.getColumn(2).getInt64();
        if (mod > 100000000000LL || mod < 0) mod_not_seconds = true;
        guid_hashes.push_back(std::hash<std::string_view>{}(text(3)));
        if (!first_broken_note.empty()) continue;
        const std::string_view guid = text(3);
        if (guid.empty()) broken_note(id, "has an empty guid");
        for (unsigned char c : guid) {
          if (c <= 0x20 || c == 0x7f) {
            broken_note(id, "has whitespace in its guid");
            break;
          }
        }
        const std::string_view flds = text(4);
        if (!shape) continue;
        // The fields as views (no copies: this runs once per note).
        std::string_view first_field;
        std::string_view sort_field;
        size_t count = 0;
        for (size_t start = 0;; ++count) {
          const size_t sep = flds.find('\x1f', start);
          const std::string_view field = flds.substr(start, sep == std::string_view::npos ? sep : sep - start);
          if (count == 0) first_field = field;
          if (count == shape->sort_field) sort_field = field;
          if (sep == std::string_view::npos) break;
          start = sep + 1;
        }
        if (count + 1 != shape->fields) {
          broken_note(id, "does not have its note type's number of fields");
          continue;
        }
        const std::string sfld = StripHtmlPreservingMedia(sort_field);
        // sfld has integer affinity: a field that reads as a number ("007",
        // "1.50") is stored as one, so it is compared as SQLite compares it.
        const bool sfld_ok = st.getColumn(5).isText() ? text(5) == sfld : StoredAsNumber(db, id, sfld);
        if (!sfld_ok) broken_note(id, "has a wrong sfld");
        const uint32_t csum = shape->sort_field == 0 ? Sha1Prefix32(sfld)
                                                     : Sha1Prefix32(StripHtmlPreservingMedia(first_field));
        if (st.getColumn(6).getInt64() != static_cast<int64_t>(csum)) {
          broken_note(id, "has a wrong csum");
        }
        const std::string_view tags_text = text(7);
        if (!tags_text.empty() && (tags_text.front() != ' ' || tags_text.back() != ' ' ||
                                   tags_text.find("  ") != std::string_view::npos)) {
          broken_note(id, "has malformed tags");
        }
      }
      cards_of(std::numeric_limits<int64_t>::max(), nullptr);
      if (ord_without_template) Broken("card ord without a template", label);
      if (unknown_type) Broken("note of an unknown note type", label);
      if (mod_not_seconds) Broken("notes.mod is not in seconds", label);
      std::sort(guid_hashes.begin(), guid_hashes.end());
      if (std::adjacent_find(guid_hashes.begin(), guid_hashes.end()) != guid_hashes.end() &&
          Count(db, "SELECT count(*) FROM (SELECT guid FROM notes GROUP BY guid HAVING count(*) > 1)") != 0) {
        Broken("note guids are not unique", label);
      }
      if (!first_broken_note.empty()) Broken(first_broken_note, label);
    }
    // Cards.
    if (Count(db, "SELECT count(*) FROM cards") != expected.cards) Broken("card count differs", label);
    if (IdOutOfRange(db, "cards", max_id)) Broken("card id in the future", label);
    if (Count(db, std::string("SELECT count(*) FROM cards WHERE ") + kCardOrdRule + " OR " + kCardStateRule +
                      " OR " + kCardNewRule + " OR " + kCardReviewRule + " OR " + kModSecondsRule) != 0) {
      auto any = [&](const char* rule) {
        return Count(db, std::string("SELECT EXISTS (SELECT 1 FROM cards WHERE ") + rule + ")") != 0;
      };
      if (any(kCardOrdRule)) Broken("card ord out of range", label);
      if (any(kCardStateRule)) Broken("card state out of range", label);
      if (any(kCardNewRule)) Broken("new card position out of range", label);
      if (any(kCardReviewRule)) Broken("review card without repetitions", label);
      Broken("cards.mod is not in seconds", label);
    }
    if (card_of_missing_note) Broken("card of a missing note", label);
    {
      SQLite::Statement st(db,
                           "SELECT count(*) FROM (SELECT DISTINCT did FROM cards) "
                           "WHERE did NOT IN (SELECT value FROM json_each(?))");
      st.bind(1, deck_id_json.dump());
      st.executeStep();
      if (st.getColumn(0).getInt64() != 0) Broken("card in an unknown deck", label);
    }
    if (two_cards_for_a_note) Broken("two cards for one (note, ord)", label);

    // Review log.
    if (Count(db, "SELECT count(*) FROM revlog") != expected.revlog_rows) {
      Broken("review log row count differs", label);
    }
    if (IdOutOfRange(db, "revlog", max_id)) Broken("review log id in the future", label);
    if (Count(db, "SELECT count(*) FROM revlog WHERE ease NOT BETWEEN 0 AND 4 OR type NOT BETWEEN 0 AND 5 "
                  "OR time < 0") != 0) {
      Broken("review log value out of range", label);
    }
    if (Count(db, "SELECT count(*) FROM (SELECT DISTINCT cid FROM revlog) r "
                  "WHERE NOT EXISTS (SELECT 1 FROM cards c WHERE c.id = r.cid)") != 0) {
      Broken("review log row of a missing card", label);
    }
  } catch (const SQLite::Exception& e) {
    Broken(std::string("cannot read the collection: ") + e.what(), label);
  } catch (const nlohmann::json::exception& e) {
    Broken(std::string("bad JSON in col: ") + e.what(), label);
  }
}

}  // namespace recall::anki

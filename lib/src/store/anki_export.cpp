// .apkg export, the SQL half: reads the recall collection and writes the
// package's collection.anki2 (schema 11, spec/apkg.md section 3), then checks
// a written collection against the spec's rules.

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "anki/apkg_internal.h"
#include "recall/text.h"
#include "store/store_impl.h"

namespace recall::anki {
namespace {

using detail::Db;

// Anki's schema 11 (rslib/src/storage/schema11.sql): these tables, these
// columns in this order. Indexes are created after the rows are in.
constexpr const char* kSchema11Tables = R"sql(
CREATE TABLE col (
  id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL,
  conf text NOT NULL, models text NOT NULL, decks text NOT NULL, dconf text NOT NULL,
  tags text NOT NULL);
CREATE TABLE notes (
  id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
  -- integer affinity on purpose: numeric sort fields sort numerically (as Anki)
  sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (
  id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL,
  due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL,
  lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (
  id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
  type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
)sql";

constexpr const char* kSchema11Indexes = R"sql(
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
)sql";

// The exported cards: a temporary table of the store's connection, so the
// note, card and review-log passes stream the same selection.
constexpr const char* kSelectCards = R"sql(
INSERT INTO temp.anki_export_cards (id, note_id, deck_id)
SELECT c.id, c.note_id, c.deck_id FROM cards c
WHERE (?1 IS NULL OR c.deck_id IN (SELECT value FROM json_each(?1)))
  AND (?2 IS NULL OR EXISTS (
        SELECT 1 FROM note_tags t, json_each(?2) j
        WHERE t.note_id = c.note_id
          AND (t.tag = j.value COLLATE NOCASE
               OR substr(t.tag, 1, length(j.value) + 2) = j.value || '::' COLLATE NOCASE)))
)sql";

constexpr const char* kNoteRows = R"sql(
SELECT n.id, n.guid, n.front, n.back, n.modified_s,
       (SELECT group_concat(tag, ' ') FROM note_tags t WHERE t.note_id = n.id)
FROM notes n WHERE n.id IN (SELECT note_id FROM temp.anki_export_cards) ORDER BY n.id
)sql";

// New cards first in their new-card order, then the rest by id: the rank is
// the Anki new position (and the position of every card without scheduling).
// Two statements, so that only the new cards are sorted; the rest come in id
// order from the selection's primary key.
constexpr const char* kNewCardRows = R"sql(
SELECT c.id, c.note_id, c.deck_id, c.ord, c.type, c.queue, c.due, c.ivl, c.ease, c.reps,
       c.lapses, c.left, c.modified_s
FROM cards c WHERE c.id IN (SELECT id FROM temp.anki_export_cards) AND c.type = 0
ORDER BY c.due, c.id
)sql";
constexpr const char* kOtherCardRows = R"sql(
SELECT c.id, c.note_id, c.deck_id, c.ord, c.type, c.queue, c.due, c.ivl, c.ease, c.reps,
       c.lapses, c.left, c.modified_s
FROM cards c WHERE c.id IN (SELECT id FROM temp.anki_export_cards) AND c.type != 0
ORDER BY c.id
)sql";

// The review log of the exported cards in id order (the revlog scan drives,
// each row probes the selection by its primary key), with the card's deck.
constexpr const char* kRevlogRows = R"sql(
SELECT r.id, r.card_id, r.rating, r.ivl, r.last_ivl, r.ease, r.duration_ms, r.kind, e.deck_id
FROM revlog r CROSS JOIN temp.anki_export_cards e ON e.id = r.card_id ORDER BY r.id
)sql";

// A prepared statement on a raw connection handle for the row loops: the
// rows are read and bound column by column without SQLiteCpp's per-column
// objects. Errors are thrown as SQLite::Exception, like SQLiteCpp's.
class RowStatement {
 public:
  RowStatement(SQLite::Database& db, const char* sql) : db_(db.getHandle()) {
    const int rc = sqlite3_prepare_v2(db_, sql, -1, &stmt_, nullptr);
    if (rc != SQLITE_OK) throw SQLite::Exception(db_, rc);
  }
  ~RowStatement() { sqlite3_finalize(stmt_); }
  RowStatement(const RowStatement&) = delete;
  RowStatement& operator=(const RowStatement&) = delete;

  // Reading.
  bool Next() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) throw SQLite::Exception(db_, rc);
    return false;
  }
  int64_t Int(int i) const { return sqlite3_column_int64(stmt_, i); }
  std::string_view Text(int i) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
    const int n = sqlite3_column_bytes(stmt_, i);
    return p == nullptr ? std::string_view() : std::string_view(p, static_cast<size_t>(n));
  }
  sqlite3_value* Value(int i) const { return sqlite3_column_value(stmt_, i); }

  // Writing: parameters are 1-based; text is not copied (it must live until
  // Run()).
  void Bind(int i, int64_t v) { Check(sqlite3_bind_int64(stmt_, i, v)); }
  void Bind(int i, std::string_view v) {
    Check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC));
  }
  void Bind(int i, const sqlite3_value* v) { Check(sqlite3_bind_value(stmt_, i, v)); }
  void Run() {
    const int rc = sqlite3_step(stmt_);
    sqlite3_reset(stmt_);
    if (rc != SQLITE_DONE) throw SQLite::Exception(db_, rc);
  }

 private:
  void Check(int rc) {
    if (rc != SQLITE_OK) throw SQLite::Exception(db_, rc);
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

std::string Lower(const std::string& s) {
  std::string out = s;
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The tags of a note as group_concat(tag, ' ') gives them, split into `out`
// as detail::SplitTags does (at ASCII whitespace, sorted, unique) but
// without a string stream per note.
void SplitNoteTags(std::string_view joined, std::vector<std::string>* out) {
  out->clear();
  auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  size_t i = 0;
  while (true) {
    while (i < joined.size() && space(joined[i])) ++i;
    if (i == joined.size()) break;
    size_t end = i;
    while (end < joined.size() && !space(joined[end])) ++end;
    out->emplace_back(joined.substr(i, end - i));
    i = end;
  }
  std::sort(out->begin(), out->end());
  out->erase(std::unique(out->begin(), out->end()), out->end());
}

void TrimTrailingNewlines(std::string& s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
}

// sm2 grades 0-5 on Anki's four buttons: 0-2 failed (Again), 3 Hard, 4 Good, 5 Easy.
int Sm2GradeToButton(int grade) {
  if (grade <= 2) return 1;
  return grade - 1;
}

struct DeckInfo {
  bool sm2 = false;
  Day today;
};

}  // namespace

ExportSummary WriteAnkiCollection(Store& store, const CollectionWriteParams& params) {
  const ExportOptions& options = params.options;
  ExportSummary summary;
  const int64_t now_s = params.now.Seconds();
  const int64_t mod_ms = params.now.ms;

  // Decks: the selection, sub-decks included.
  const std::vector<Deck> all_decks = store.ListDecks();
  std::set<int64_t> selected;
  if (options.decks.empty()) {
    for (const auto& d : all_decks) selected.insert(d.id);
  } else {
    for (const auto& name : options.decks) {
      const auto deck = store.FindDeck(name);
      if (!deck) throw Error(ErrorCode::kNotFound, "no such deck (" + name + ")");
      for (int64_t id : store.DeckAndDescendants(deck->id)) selected.insert(id);
    }
  }
  std::map<int64_t, DeckInfo> deck_info;
  std::map<int, Day> today_by_rollover;
  for (const auto& d : all_decks) {
    if (!selected.count(d.id)) continue;
    const int hour = d.options.rollover_hour;
    if (!today_by_rollover.count(hour)) today_by_rollover[hour] = store.Today(hour).today;
    deck_info[d.id] = DeckInfo{d.options.algorithm == Algorithm::kSm2, today_by_rollover[hour]};
  }

  detail::Guard(store, [&] {
    store.Transaction([&] {
      SQLite::Database& db = Db(store);
      db.exec("DROP TABLE IF EXISTS temp.anki_export_cards");
      db.exec(
          "CREATE TEMP TABLE anki_export_cards (id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL, "
          "deck_id INTEGER NOT NULL)");
      {
        SQLite::Statement sel(db, kSelectCards);
        std::vector<int64_t> ids(selected.begin(), selected.end());
        if (options.decks.empty()) {
          sel.bind(1);
        } else {
          sel.bind(1, detail::IdsJson(ids));
        }
        if (options.tags.empty()) {
          sel.bind(2);
        } else {
          sel.bind(2, nlohmann::json(options.tags).dump());
        }
        sel.exec();
      }

      // Decks of the package: those holding exported cards (every selected
      // deck when no tag filter), plus their parents.
      std::set<int64_t> used;
      if (options.tags.empty()) {
        used = selected;
      } else {
        SQLite::Statement st(db,
                             "SELECT DISTINCT c.deck_id FROM cards c WHERE c.id IN "
                             "(SELECT id FROM temp.anki_export_cards)");
        while (st.executeStep()) used.insert(st.getColumn(0).getInt64());
      }
      std::map<std::string, PackageDeck> package_decks;  // by lower-cased name
      std::map<std::string, const Deck*> by_name;
      for (const auto& d : all_decks) by_name[Lower(d.name)] = &d;
      for (const auto& d : all_decks) {
        if (!used.count(d.id)) continue;
        size_t pos = 0;
        while (true) {
          const size_t sep = d.name.find("::", pos);
          const std::string prefix = d.name.substr(0, sep);
          const std::string key = Lower(prefix);
          if (!package_decks.count(key)) {
            PackageDeck pd;
            if (auto it = by_name.find(key); it != by_name.end()) {
              pd.id = it->second->id;
              pd.name = it->second->name;
              pd.mod_s = it->second->modified_s;
              pd.options = it->second->options;
            } else {
              pd.id = SyntheticDeckId(prefix);
              pd.name = prefix;
              pd.mod_s = now_s;
            }
            package_decks[key] = pd;
          }
          if (sep == std::string::npos) break;
          pos = sep + 2;
        }
      }
      std::vector<PackageDeck> decks;
      for (auto& [key, pd] : package_decks) {
        if (pd.id == kDefaultDeckId) {
          throw Error(ErrorCode::kConflict, "deck id 1 is reserved for Anki's Default deck (" + pd.name + ")");
        }
        decks.push_back(pd);
      }
      summary.decks = static_cast<int64_t>(decks.size());

      const int64_t card_count =
          db.execAndGet("SELECT count(*) FROM temp.anki_export_cards").getInt64();

      SQLite::Database pkg(params.db_path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
      pkg.exec("PRAGMA journal_mode = OFF");
      pkg.exec("PRAGMA synchronous = OFF");
      pkg.exec("BEGIN");
      pkg.exec(kSchema11Tables);
      {
        SQLite::Statement col(pkg,
                              "INSERT INTO col (id, crt, mod, scm, ver, dty, usn, ls, conf, models, decks, "
                              "dconf, tags) VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')");
        col.bind(1, params.crt_s);
        col.bind(2, mod_ms);
        col.bind(3, mod_ms);
        col.bind(4, ColConfJson(std::min<int64_t>(card_count + 1, kNewDueLimit)));
        col.bind(5, ModelsJson(now_s));
        col.bind(6, DecksJson(decks, now_s));
        col.bind(7, DconfJson(decks, now_s));
        col.exec();
      }

      // Notes.
      {
        RowStatement in(db, kNoteRows);
        RowStatement out(pkg,
                         "INSERT INTO notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data) "
                         "VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
        std::string flds;
        std::vector<std::string> note_tags;
        while (in.Next()) {
          // Cleaned again: a collection written before the store cleaned its
          // text may hold a \x1f or another control character.
          flds = MarkdownToHtml(CleanStoredText(in.Text(2)));
          TrimTrailingNewlines(flds);
          const size_t front_size = flds.size();
          flds += '\x1f';
          flds += MarkdownToHtml(CleanStoredText(in.Text(3)));
          TrimTrailingNewlines(flds);
          const std::string sfld = StripHtmlPreservingMedia(std::string_view(flds).substr(0, front_size));
          SplitNoteTags(in.Text(5), &note_tags);
          const std::string tags = AnkiTags(note_tags);
          out.Bind(1, in.Value(0));
          const std::string guid = CleanStoredText(in.Text(1), StoredTextKind::kToken);
          out.Bind(2, guid.empty() ? in.Text(0) : guid);
          out.Bind(3, kModelId);
          out.Bind(4, in.Value(4));
          out.Bind(5, tags);
          out.Bind(6, flds);
          out.Bind(7, sfld);
          out.Bind(8, static_cast<int64_t>(Sha1Prefix32(sfld)));
          out.Run();
          ++summary.notes;
        }
      }

      // Cards.
      {
        RowStatement out(pkg,
                         "INSERT INTO cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, "
                         "reps, lapses, left, odue, odid, flags, data) "
                         "VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, '')");
        int64_t position = 0;
        auto copy_cards = [&](const char* sql) {
          RowStatement in(db, sql);
          while (in.Next()) {
            const int64_t deck_id = in.Int(2);
            const DeckInfo& info = deck_info.at(deck_id);
            int64_t type = in.Int(4);
            int64_t queue = in.Int(5);
            int64_t due = in.Int(6);
            int64_t ivl = in.Int(7);
            int64_t factor = in.Int(8);
            int64_t reps = in.Int(9);
            int64_t lapses = in.Int(10);
            int64_t left = in.Int(11);
            position = std::min<int64_t>(position + 1, kNewDueLimit);
            auto to_anki_day = [&](int64_t recall_day) {
              return params.source_today + (recall_day - info.today.n);
            };
            if (!options.with_scheduling || type == 0) {
              if (!options.with_scheduling) queue = 0;
              type = 0;
              due = position;
              ivl = factor = left = 0;
              if (!options.with_scheduling) reps = lapses = 0;
            } else if (info.sm2) {
              // Classic SM-2 has no learning steps: a reviewed card is a review
              // card with its interval and EF as the Anki ease (docs/apkg.md).
              type = 2;
              if (queue >= 0) queue = 2;
              due = to_anki_day(due);
              ivl = std::max<int64_t>(ivl, 1);
              reps = std::max<int64_t>(reps, 1);
              left = 0;
            } else {
              // Review cards and interday learning are due on a study day;
              // intraday learning (Unix seconds) is copied unchanged.
              const bool seconds = queue == 1 || (queue < 0 && type != 2 && due > 1000000000);
              if (!seconds) due = to_anki_day(due);
            }
            out.Bind(1, in.Value(0));
            out.Bind(2, in.Value(1));
            out.Bind(3, deck_id);
            out.Bind(4, in.Value(3));
            out.Bind(5, in.Value(12));
            out.Bind(6, type);
            out.Bind(7, queue);
            out.Bind(8, due);
            out.Bind(9, ivl);
            out.Bind(10, factor);
            out.Bind(11, reps);
            out.Bind(12, lapses);
            out.Bind(13, left);
            out.Run();
            ++summary.cards;
          }
        };
        copy_cards(kNewCardRows);
        copy_cards(kOtherCardRows);
      }

      // Review log.
      if (options.with_scheduling) {
        RowStatement in(db, kRevlogRows);
        RowStatement out(pkg,
                         "INSERT INTO revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) "
                         "VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)");
        std::optional<int64_t> last_deck;  // rows of one card's deck come in runs
        bool sm2 = false;
        while (in.Next()) {
          const int64_t deck_id = in.Int(8);
          if (deck_id != last_deck) {
            sm2 = deck_info.at(deck_id).sm2;
            last_deck = deck_id;
          }
          out.Bind(1, in.Value(0));
          out.Bind(2, in.Value(1));
          if (sm2) {
            out.Bind(3, int64_t{Sm2GradeToButton(static_cast<int>(in.Int(2)))});
          } else {
            out.Bind(3, in.Value(2));
          }
          for (int i = 3; i <= 7; ++i) out.Bind(i + 1, in.Value(i));
          out.Run();
          ++summary.revlog_rows;
        }
      }
      pkg.exec(kSchema11Indexes);
      pkg.exec("COMMIT");
      pkg.exec("PRAGMA journal_mode = DELETE");
      db.exec("DROP TABLE temp.anki_export_cards");
    });
  });
  return summary;
}

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
constexpr const char* kCardOrdRule = "ord != 0";
constexpr const char* kCardStateRule =
    "(type NOT BETWEEN 0 AND 3 OR queue NOT BETWEEN -3 AND 4 OR ivl < 0 OR factor NOT BETWEEN 0 AND 65535 "
    "OR reps < 0 OR lapses < 0 OR left < 0 OR due NOT BETWEEN -2147483648 AND 2147483647 OR odue != 0 "
    "OR odid != 0)";
constexpr const char* kCardNewRule = "(type = 0 AND (due < 0 OR due > 999999))";
constexpr const char* kCardReviewRule = "(type = 2 AND reps < 1)";
constexpr const char* kModSecondsRule = "(mod > 100000000000 OR mod < 0)";
constexpr const char* kCardDefaultDeckRule = "did = 1";

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
    const std::string mid = std::to_string(kModelId);
    if (!models.is_object() || models.size() != 1 || !models.contains(mid)) Broken("col.models lacks the recall note type", label);
    const json& model = models[mid];
    for (const char* key : {"id", "name", "type", "mod", "usn", "sortf", "did", "tmpls", "flds", "css", "latexPre",
                            "latexPost", "latexsvg", "req", "tags", "vers"}) {
      if (!model.contains(key)) Broken(std::string("note type lacks key ") + key, label);
    }
    if (model["id"].get<std::string>() != mid) Broken("note type id differs from its key", label);
    if (!model["flds"].is_array() || model["flds"].size() != kModelFieldCount) Broken("note type must have 2 fields", label);
    for (const auto& f : model["flds"]) {
      for (const char* key : {"name", "ord", "sticky", "rtl", "font", "size", "media"}) {
        if (!f.contains(key)) Broken(std::string("note type field lacks key ") + key, label);
      }
    }
    if (!model["tmpls"].is_array() || model["tmpls"].size() != 1) Broken("note type must have 1 template", label);
    for (const char* key : {"name", "ord", "qfmt", "afmt", "bqfmt", "bafmt", "did", "bfont", "bsize"}) {
      if (!model["tmpls"][0].contains(key)) Broken(std::string("template lacks key ") + key, label);
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
      std::string lower = deck["name"].get<std::string>();
      for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (lower.empty() || !deck_names.insert(lower).second) Broken("deck name empty or not unique: " + lower, label);
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
      SQLite::Statement card_nids(db, "SELECT nid FROM cards ORDER BY nid");
      bool more_cards = card_nids.executeStep();
      // Moves past the cards of notes before `note_id` (there are none) and
      // those of `note_id` (at most one: every card has ord 0).
      auto cards_of = [&](int64_t note_id) {
        int n = 0;
        while (more_cards) {
          const int64_t nid = card_nids.getColumn(0).getInt64();
          if (nid > note_id) break;
          if (nid < note_id) card_of_missing_note = true;
          if (nid == note_id && ++n > 1) two_cards_for_a_note = true;
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
      auto broken_note = [&](int64_t id, const char* what) {
        if (first_broken_note.empty()) first_broken_note = "note " + std::to_string(id) + " " + what;
      };
      while (st.executeStep()) {
        const int64_t id = st.getColumn(0).getInt64();
        cards_of(id);
        if (st.getColumn(1).getInt64() != kModelId) unknown_type = true;
        const int64_t mod = st.getColumn(2).getInt64();
        if (mod > 100000000000LL || mod < 0) mod_not_seconds = true;
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
        const size_t sep = flds.find('\x1f');
        if (sep == std::string_view::npos || flds.find('\x1f', sep + 1) != std::string_view::npos) {
          broken_note(id, "does not have 2 fields");
          continue;
        }
        const std::string sfld = StripHtmlPreservingMedia(flds.substr(0, sep));
        // sfld has integer affinity: a field that reads as a number ("007",
        // "1.50") is stored as one, so it is compared as SQLite compares it.
        const bool sfld_ok = st.getColumn(5).isText() ? text(5) == sfld : StoredAsNumber(db, id, sfld);
        if (!sfld_ok) broken_note(id, "has a wrong sfld");
        if (st.getColumn(6).getInt64() != static_cast<int64_t>(Sha1Prefix32(sfld))) {
          broken_note(id, "has a wrong csum");
        }
        const std::string_view tags_text = text(7);
        if (!tags_text.empty() && (tags_text.front() != ' ' || tags_text.back() != ' ' ||
                                   tags_text.find("  ") != std::string_view::npos)) {
          broken_note(id, "has malformed tags");
        }
      }
      cards_of(std::numeric_limits<int64_t>::max());
      if (unknown_type) Broken("note of an unknown note type", label);
      if (mod_not_seconds) Broken("notes.mod is not in seconds", label);
      if (Count(db, "SELECT count(*) FROM (SELECT guid FROM notes GROUP BY guid HAVING count(*) > 1)") != 0) {
        Broken("note guids are not unique", label);
      }
      if (!first_broken_note.empty()) Broken(first_broken_note, label);
    }
    // Cards.
    if (Count(db, "SELECT count(*) FROM cards") != expected.cards) Broken("card count differs", label);
    if (IdOutOfRange(db, "cards", max_id)) Broken("card id in the future", label);
    if (Count(db, std::string("SELECT count(*) FROM cards WHERE ") + kCardOrdRule + " OR " + kCardStateRule +
                      " OR " + kCardNewRule + " OR " + kCardReviewRule + " OR " + kModSecondsRule + " OR " +
                      kCardDefaultDeckRule) != 0) {
      auto any = [&](const char* rule) {
        return Count(db, std::string("SELECT EXISTS (SELECT 1 FROM cards WHERE ") + rule + ")") != 0;
      };
      if (any(kCardOrdRule)) Broken("card ord out of range", label);
      if (any(kCardStateRule)) Broken("card state out of range", label);
      if (any(kCardNewRule)) Broken("new card position out of range", label);
      if (any(kCardReviewRule)) Broken("review card without repetitions", label);
      if (any(kModSecondsRule)) Broken("cards.mod is not in seconds", label);
      Broken("card in the Default deck", label);
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
    // Every ord is 0 (checked above): one card per (note, ord) is one per note.
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

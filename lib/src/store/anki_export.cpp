// .apkg export, the SQL half: reads the recall collection and writes the
// package's collection.anki2 (schema 11, spec/apkg.md section 3), then checks
// a written collection against the spec's rules.

#include <algorithm>
#include <cctype>
#include <map>
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
INSERT INTO temp.anki_export_cards (id, note_id)
SELECT c.id, c.note_id FROM cards c
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
constexpr const char* kCardRows = R"sql(
SELECT c.id, c.note_id, c.deck_id, c.ord, c.type, c.queue, c.due, c.ivl, c.ease, c.reps,
       c.lapses, c.left, c.modified_s
FROM cards c WHERE c.id IN (SELECT id FROM temp.anki_export_cards)
ORDER BY CASE WHEN c.type = 0 THEN 0 ELSE 1 END, CASE WHEN c.type = 0 THEN c.due ELSE 0 END, c.id
)sql";

// ?1: JSON array of the sm2 decks among the exported ones (their grades are
// mapped to Anki buttons).
constexpr const char* kRevlogRows = R"sql(
SELECT r.id, r.card_id, r.rating, r.ivl, r.last_ivl, r.ease, r.duration_ms, r.kind,
       CASE WHEN ?1 = '[]' THEN 0
            ELSE (SELECT c.deck_id IN (SELECT value FROM json_each(?1)) FROM cards c WHERE c.id = r.card_id) END
FROM revlog r WHERE +r.card_id IN (SELECT id FROM temp.anki_export_cards) ORDER BY r.id
)sql";

std::string Lower(const std::string& s) {
  std::string out = s;
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string TrimTrailingNewlines(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
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
      db.exec("CREATE TEMP TABLE IF NOT EXISTS anki_export_cards (id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL)");
      db.exec("DELETE FROM temp.anki_export_cards");
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
        SQLite::Statement in(db, kNoteRows);
        SQLite::Statement out(pkg,
                              "INSERT INTO notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data) "
                              "VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
        while (in.executeStep()) {
          auto text = [&](int i) {
            const SQLite::Column c = in.getColumn(i);
            return std::string_view(c.getText(), static_cast<size_t>(c.getBytes()));
          };
          std::string flds = TrimTrailingNewlines(MarkdownToHtml(text(2)));
          const size_t front_size = flds.size();
          flds += '\x1f';
          flds += TrimTrailingNewlines(MarkdownToHtml(text(3)));
          const std::string sfld = StripHtmlPreservingMedia(std::string_view(flds).substr(0, front_size));
          const std::string tags = AnkiTags(detail::SplitTags(in.getColumn(5).getString()));
          out.bind(1, in.getColumn(0).getInt64());
          out.bind(2, in.getColumn(1).getText());
          out.bind(3, kModelId);
          out.bind(4, in.getColumn(4).getInt64());
          out.bindNoCopy(5, tags);
          out.bindNoCopy(6, flds);
          out.bindNoCopy(7, sfld);
          out.bind(8, static_cast<int64_t>(Sha1Prefix32(sfld)));
          out.exec();
          out.reset();
          ++summary.notes;
        }
      }

      // Cards.
      {
        SQLite::Statement in(db, kCardRows);
        SQLite::Statement out(pkg,
                              "INSERT INTO cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, "
                              "reps, lapses, left, odue, odid, flags, data) "
                              "VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, '')");
        int64_t position = 0;
        while (in.executeStep()) {
          const int64_t deck_id = in.getColumn(2).getInt64();
          const DeckInfo info = deck_info.at(deck_id);
          int type = in.getColumn(4).getInt();
          int queue = in.getColumn(5).getInt();
          int64_t due = in.getColumn(6).getInt64();
          int64_t ivl = in.getColumn(7).getInt64();
          int64_t factor = in.getColumn(8).getInt64();
          int64_t reps = in.getColumn(9).getInt64();
          int64_t lapses = in.getColumn(10).getInt64();
          int64_t left = in.getColumn(11).getInt64();
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
          out.bind(1, in.getColumn(0).getInt64());
          out.bind(2, in.getColumn(1).getInt64());
          out.bind(3, deck_id);
          out.bind(4, in.getColumn(3).getInt());
          out.bind(5, in.getColumn(12).getInt64());
          out.bind(6, type);
          out.bind(7, queue);
          out.bind(8, due);
          out.bind(9, ivl);
          out.bind(10, factor);
          out.bind(11, reps);
          out.bind(12, lapses);
          out.bind(13, left);
          out.exec();
          out.reset();
          ++summary.cards;
        }
      }

      // Review log.
      if (options.with_scheduling) {
        SQLite::Statement in(db, kRevlogRows);
        std::vector<int64_t> sm2_decks;
        for (const auto& [id, info] : deck_info) {
          if (info.sm2) sm2_decks.push_back(id);
        }
        in.bind(1, detail::IdsJson(sm2_decks));
        SQLite::Statement out(pkg,
                              "INSERT INTO revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) "
                              "VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)");
        while (in.executeStep()) {
          const bool sm2 = in.getColumn(8).getInt() != 0;
          const int rating = in.getColumn(2).getInt();
          out.bind(1, in.getColumn(0).getInt64());
          out.bind(2, in.getColumn(1).getInt64());
          out.bind(3, sm2 ? Sm2GradeToButton(rating) : rating);
          out.bind(4, in.getColumn(3).getInt64());
          out.bind(5, in.getColumn(4).getInt64());
          out.bind(6, in.getColumn(5).getInt64());
          out.bind(7, in.getColumn(6).getInt64());
          out.bind(8, in.getColumn(7).getInt());
          out.exec();
          out.reset();
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

    // Notes.
    const int64_t max_id = now.ms + 86400000;
    {
      SQLite::Statement st(db,
                           "SELECT count(*), total(id > ?1 OR id <= 0), total(mid != ?2), "
                           "total(mod > 100000000000 OR mod < 0) FROM notes");
      st.bind(1, max_id);
      st.bind(2, kModelId);
      st.executeStep();
      if (st.getColumn(0).getInt64() != expected.notes) Broken("note count differs", label);
      if (st.getColumn(1).getDouble() != 0) Broken("note id in the future", label);
      if (st.getColumn(2).getDouble() != 0) Broken("note of an unknown note type", label);
      if (st.getColumn(3).getDouble() != 0) Broken("notes.mod is not in seconds", label);
    }
    if (Count(db, "SELECT count(*) FROM (SELECT guid FROM notes GROUP BY guid HAVING count(*) > 1)") != 0) {
      Broken("note guids are not unique", label);
    }
    {
      SQLite::Statement st(db, "SELECT id, guid, flds, sfld, csum, tags FROM notes");
      while (st.executeStep()) {
        const std::string id = st.getColumn(0).getString();
        const std::string guid = st.getColumn(1).getString();
        if (guid.empty()) Broken("note " + id + " has an empty guid", label);
        for (unsigned char c : guid) {
          if (c <= 0x20 || c == 0x7f) Broken("note " + id + " has whitespace in its guid", label);
        }
        const std::string flds = st.getColumn(2).getString();
        const size_t sep = flds.find('\x1f');
        if (sep == std::string::npos || flds.find('\x1f', sep + 1) != std::string::npos) {
          Broken("note " + id + " does not have 2 fields", label);
        }
        const std::string sfld = StripHtmlPreservingMedia(std::string_view(flds).substr(0, sep));
        if (st.getColumn(3).getString() != sfld) Broken("note " + id + " has a wrong sfld", label);
        if (st.getColumn(4).getInt64() != static_cast<int64_t>(Sha1Prefix32(sfld))) {
          Broken("note " + id + " has a wrong csum", label);
        }
        const std::string tags_text = st.getColumn(5).getString();
        if (!tags_text.empty() && (tags_text.front() != ' ' || tags_text.back() != ' ' ||
                                   tags_text.find("  ") != std::string::npos)) {
          Broken("note " + id + " has malformed tags", label);
        }
      }
    }

    // Cards: one pass for counts and ranges, then the references.
    {
      SQLite::Statement st(db,
                           "SELECT count(*), "
                           "total(id > ?1 OR id <= 0), "
                           "total(ord != 0), "
                           "total(type NOT BETWEEN 0 AND 3 OR queue NOT BETWEEN -3 AND 4 OR ivl < 0 "
                           "  OR factor NOT BETWEEN 0 AND 65535 OR reps < 0 OR lapses < 0 OR left < 0 "
                           "  OR due NOT BETWEEN -2147483648 AND 2147483647 OR odue != 0 OR odid != 0), "
                           "total(type = 0 AND (due < 0 OR due > 999999)), "
                           "total(type = 2 AND reps < 1), "
                           "total(mod > 100000000000 OR mod < 0), "
                           "total(did = 1) "
                           "FROM cards");
      st.bind(1, max_id);
      st.executeStep();
      if (st.getColumn(0).getInt64() != expected.cards) Broken("card count differs", label);
      if (st.getColumn(1).getDouble() != 0) Broken("card id in the future", label);
      if (st.getColumn(2).getDouble() != 0) Broken("card ord out of range", label);
      if (st.getColumn(3).getDouble() != 0) Broken("card state out of range", label);
      if (st.getColumn(4).getDouble() != 0) Broken("new card position out of range", label);
      if (st.getColumn(5).getDouble() != 0) Broken("review card without repetitions", label);
      if (st.getColumn(6).getDouble() != 0) Broken("cards.mod is not in seconds", label);
      if (st.getColumn(7).getDouble() != 0) Broken("card in the Default deck", label);
    }
    if (Count(db, "SELECT count(*) FROM cards c WHERE NOT EXISTS (SELECT 1 FROM notes n WHERE n.id = c.nid)") != 0) {
      Broken("card of a missing note", label);
    }
    {
      SQLite::Statement st(db,
                           "SELECT count(*) FROM (SELECT DISTINCT did FROM cards) "
                           "WHERE did NOT IN (SELECT value FROM json_each(?))");
      st.bind(1, deck_id_json.dump());
      st.executeStep();
      if (st.getColumn(0).getInt64() != 0) Broken("card in an unknown deck", label);
    }
    if (Count(db, "SELECT count(*) FROM (SELECT 1 FROM cards GROUP BY nid, ord HAVING count(*) > 1)") != 0) {
      Broken("two cards for one (note, ord)", label);
    }

    // Review log: one pass, then the card references (distinct card ids).
    {
      SQLite::Statement st(db,
                           "SELECT count(*), total(id > ?1 OR id <= 0), "
                           "total(ease NOT BETWEEN 0 AND 4 OR type NOT BETWEEN 0 AND 5 OR time < 0) FROM revlog");
      st.bind(1, max_id);
      st.executeStep();
      if (st.getColumn(0).getInt64() != expected.revlog_rows) Broken("review log row count differs", label);
      if (st.getColumn(1).getDouble() != 0) Broken("review log id in the future", label);
      if (st.getColumn(2).getDouble() != 0) Broken("review log value out of range", label);
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

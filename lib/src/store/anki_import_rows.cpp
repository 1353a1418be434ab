// .apkg import, step 1: reads and checks the rows of an extracted Anki
// collection (schema 11 from collection.anki2/.anki21, schema 18 from
// collection.anki21b) before anything is merged. The file is untrusted:
// every value is type- and range-checked before it is used.

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "store/anki_import_rows.h"
#include "store/anki_store.h"
#include "store/package_columns.h"

namespace recall::anki::import_rows {
namespace {

// "A\x1fB" (schema 18) or "A::B" -> "A::B" with levels trimmed, empty
// levels and control characters dropped.
std::string CleanDeckName(const std::string& raw) {
  std::string unified;
  for (char c : raw) {
    if (c == '\x1f') {
      unified += "::";
    } else if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) {
      unified += c;
    }
  }
  std::string out;
  size_t start = 0;
  while (start <= unified.size()) {
    size_t sep = unified.find("::", start);
    if (sep == std::string::npos) sep = unified.size();
    std::string part = unified.substr(start, sep - start);
    const auto b = part.find_first_not_of(" \t");
    const auto e = part.find_last_not_of(" \t");
    part = b == std::string::npos ? "" : part.substr(b, e - b + 1);
    if (!part.empty()) out += (out.empty() ? "" : "::") + part;
    start = sep + 2;
  }
  return out.empty() ? "Default" : out;
}

bool HasTable(SQLite::Database& db, const char* name) {
  SQLite::Statement st(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  st.bind(1, name);
  return st.executeStep();
}

int64_t FloorDiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

}  // namespace

void CheckPackage(SQLite::Database& pkg, const Reader& r) {
  try {
    pkg.exec("PRAGMA query_only = ON");
    pkg.exec("PRAGMA trusted_schema = OFF");
    pkg.exec("PRAGMA cell_size_check = ON");
    const std::string check = pkg.execAndGet("PRAGMA quick_check(1)").getString();
    if (check != "ok") r.Fail("the collection database is corrupt");
  } catch (const SQLite::Exception& e) {
    r.Fail(std::string("the collection is not a readable SQLite database: ") + e.what());
  }
  for (const char* t : {"col", "notes", "cards", "revlog"}) {
    if (!HasTable(pkg, t)) r.Fail(std::string("malformed collection: no ") + t + " table");
  }
  if (const auto missing = detail::MissingPackageColumn(pkg)) {
    r.Fail("malformed collection: no " + *missing + " column");
  }

}

PackageRows ReadPackageRows(SQLite::Database& pkg, const Reader& r, Timestamp now) {
  using nlohmann::json;
  PackageRows rows;
  // The col row: version, creation time, config and (schema 11) decks.
  SQLite::Statement col(pkg, "SELECT ver, crt, conf, decks FROM col");
  if (!col.executeStep()) r.Fail("malformed collection: the col table is empty");
  const int64_t ver = r.Int(col, 0, "col.ver");
  if (ver < 11 || ver > 18 || ver == 12 || ver == 13) {
    r.Fail("unsupported collection schema version " + std::to_string(ver));
  }
  int64_t crt = r.Int(col, 1, "col.crt");
  if (crt > 100000000000LL) crt /= 1000;  // written in ms by some tools
  json conf = json::object();
  if (ver < 18) {
    conf = json::parse(r.Text(col, 2, "col.conf"), nullptr, false);
    const json decks = json::parse(r.Text(col, 3, "col.decks"), nullptr, false);
    if (conf.is_discarded() || !conf.is_object()) r.Fail("malformed collection: col.conf is not a JSON object");
    if (decks.is_discarded() || !decks.is_object()) r.Fail("malformed collection: col.decks is not a JSON object");
    for (const auto& [key, deck] : decks.items()) {
      if (!deck.is_object() || !deck.contains("name") || !deck["name"].is_string()) {
        r.Fail("malformed collection: deck " + key + " has no name");
      }
      int64_t id = 0;
      try {
        id = std::stoll(key);
      } catch (const std::exception&) {
        r.Fail("malformed collection: deck id \"" + key + "\" is not a number");
      }
      rows.deck_names[id] = CleanDeckName(deck["name"].get<std::string>());
    }
  } else {
    if (!HasTable(pkg, "decks")) r.Fail("malformed collection: no decks table");
    SQLite::Statement decks(pkg, "SELECT id, name FROM decks");
    while (decks.executeStep()) {
      rows.deck_names[r.Int(decks, 0, "decks.id")] = CleanDeckName(r.Text(decks, 1, "decks.name"));
    }
    if (HasTable(pkg, "config")) {
      SQLite::Statement cfg(pkg,
                            "SELECT key, CAST(val AS TEXT) FROM config WHERE key IN ('schedVer', 'rollover', "
                            "'creationOffset')");
      while (cfg.executeStep()) {
        const json v = json::parse(cfg.getColumn(1).getString(), nullptr, false);
        if (!v.is_discarded()) conf[cfg.getColumn(0).getString()] = v;
      }
    }
  }
  auto conf_int = [&](const char* key, int64_t fallback) -> int64_t {
    if (!conf.contains(key) || !conf[key].is_number_integer()) return fallback;
    return conf[key].get<int64_t>();
  };
  const int64_t sched_ver = conf_int("schedVer", 1);
  rows.v1 = sched_ver < 2;
  const int rollover = static_cast<int>(std::clamp<int64_t>(conf_int("rollover", 4), 0, 23));
  const bool has_offset = conf.contains("creationOffset") && !conf["creationOffset"].is_null();

  // The package's "today", computed as Anki computes it (spec 6.3).
  if (sched_ver < 2) {
    rows.source_today = FloorDiv(now.Seconds() - crt, 86400);
  } else if (!has_offset) {
    const Day crt_date = StudyDayOf(Timestamp::FromSeconds(crt), 0);
    const int64_t crt_at_rollover = StartOfStudyDay(crt_date, rollover).Seconds();
    rows.source_today = FloorDiv(now.Seconds() - crt_at_rollover, 86400);
  } else {
    rows.source_today = StudyDayOf(now, rollover) - StudyDayOf(Timestamp::FromSeconds(crt), rollover);
  }

  rows.notetypes = ReadPackageNotetypes(pkg, ver, r.label());

  // Cards: every card of each note, by ord.
  std::set<int64_t> used_decks;  // the decks cards are in (filtered ones too) and their home decks
  {
    SQLite::Statement st(pkg,
                         "SELECT id, nid, did, ord, type, queue, due, ivl, factor, reps, lapses, left, odid, odue "
                         "FROM cards ORDER BY nid, ord");
    while (st.executeStep()) {
      PackageCard c;
      c.id = r.Int(st, 0, "cards.id");
      const int64_t nid = r.Int(st, 1, "cards.nid");
      c.did = r.Int(st, 2, "cards.did");
      const int64_t ord = r.Int(st, 3, "cards.ord");
      int64_t type = r.Int(st, 4, "cards.type");
      const int64_t queue = r.Int(st, 5, "cards.queue");
      c.due = r.Int(st, 6, "cards.due");
      c.ivl = r.Int(st, 7, "cards.ivl");
      c.factor = r.Int(st, 8, "cards.factor");
      c.reps = r.Int(st, 9, "cards.reps");
      c.lapses = r.Int(st, 10, "cards.lapses");
      c.left = r.Int(st, 11, "cards.left");
      const int64_t odid = r.Int(st, 12, "cards.odid");
      const int64_t odue = r.Int(st, 13, "cards.odue");
      const std::string where = " (card " + std::to_string(c.id) + ")";
      if (c.id <= 0) r.Fail("invalid card id" + where);
      if (ord < 0 || ord > 1000) r.Fail("invalid card ord" + where);
      if (type < 0 || type > 3) r.Fail("invalid card type " + std::to_string(type) + where);
      if (queue < -3 || queue > 4) r.Fail("invalid card queue " + std::to_string(queue) + where);
      if (c.ivl < 0 || c.ivl > 2147483647) r.Fail("invalid card interval" + where);
      if (c.factor < 0 || c.factor > 65535) r.Fail("invalid card ease factor" + where);
      if (c.reps < 0 || c.reps > 2147483647 || c.lapses < 0 || c.lapses > 2147483647) {
        r.Fail("invalid card repetition count" + where);
      }
      if (c.left < 0 || c.left > 2147483647) r.Fail("invalid card steps left" + where);
      if (c.due < -2147483648LL || c.due > 2147483647LL) r.Fail("invalid card due" + where);
      if (rows.v1 && type == 2 && (queue == 1 || queue == 3)) type = 3;  // v1 relearning
      used_decks.insert(c.did);
      if (odid != 0) {  // in a filtered deck: its home deck and due
        ++rows.in_filtered_decks;
        c.did = odid;
        if (odue != 0) c.due = odue;
      }
      c.ord = static_cast<int>(ord);
      c.type = static_cast<int>(type);
      c.queue = static_cast<int>(queue);
      if (c.queue == 4) c.queue = c.type == 0 ? 0 : (c.type == 2 ? 2 : 3);
      used_decks.insert(c.did);
      rows.cards_of_note[nid].push_back(c);
    }
  }
  // Decks no card uses, that are no parent of one that is used (Anki's
  // importer brings only the decks of the cards and their parents).
  std::set<std::string> used_names;
  for (const int64_t id : used_decks) {
    const auto it = rows.deck_names.find(id);
    if (it != rows.deck_names.end()) used_names.insert(it->second);
  }
  for (const auto& [id, name] : rows.deck_names) {
    if (id == 1 || used_decks.count(id)) continue;
    const auto child = used_names.lower_bound(name + "::");
    if (child != used_names.end() && child->compare(0, name.size() + 2, name + "::") == 0) continue;
    if (used_names.count(name)) continue;
    rows.empty_decks.push_back(name);
  }
  std::sort(rows.empty_decks.begin(), rows.empty_decks.end());
  rows.cards_without_note =
      pkg.execAndGet("SELECT count(*) FROM cards WHERE nid NOT IN (SELECT id FROM notes)").getInt64();
  rows.revlog_without_card =
      pkg.execAndGet("SELECT count(*) FROM revlog WHERE cid NOT IN (SELECT id FROM cards)").getInt64();
  // Latest review per package card, for "whoever reviewed last wins".
  {
    SQLite::Statement st(pkg, "SELECT cid, max(id) FROM revlog GROUP BY cid");
    while (st.executeStep()) rows.latest_review[r.Int(st, 0, "revlog.cid")] = r.Int(st, 1, "revlog.id");
  }
  return rows;
}

}  // namespace recall::anki::import_rows

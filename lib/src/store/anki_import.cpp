// .apkg import, the SQL half: reads an extracted Anki collection (schema 11
// from collection.anki2/.anki21, schema 18 from collection.anki21b) and
// merges it into the store in one transaction. The file is untrusted: every
// value is type- and range-checked before it is used.

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <filesystem>
#include <map>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "anki/apkg_internal.h"
#include "anki/apkg_limits.h"
#include "recall/text.h"
#include "store/anki_store.h"
#include "store/import_repair.h"
#include "store/package_columns.h"
#include "store/package_guard.h"
#include "store/store_impl.h"

namespace recall::anki {
namespace {

using detail::Db;

struct DryRunRollback {};

class Reader {
 public:
  explicit Reader(const std::string& label) : label_(label) {}
  [[noreturn]] void Fail(const std::string& what) const {
    throw Error(ErrorCode::kInvalidInput, what + " (" + label_ + ")");
  }
  int64_t Int(SQLite::Statement& st, int i, const char* what) const {
    const SQLite::Column c = st.getColumn(i);
    if (!c.isInteger()) Fail(std::string("malformed collection: ") + what + " is not an integer");
    return c.getInt64();
  }
  // executeStep() on a package statement: a damaged page is the package's fault.
  bool Step(SQLite::Statement& st) const {
    try {
      return st.executeStep();
    } catch (const SQLite::Exception& e) {
      Fail(std::string("malformed collection: ") + e.what());
    }
  }
  std::string Text(SQLite::Statement& st, int i, const char* what) const {
    const SQLite::Column c = st.getColumn(i);
    if (!c.isText()) Fail(std::string("malformed collection: ") + what + " is not text");
    std::string s = c.getString();
    if (!IsValidUtf8(s)) Fail(std::string("malformed collection: ") + what + " is not valid UTF-8");
    return s;
  }

 private:
  std::string label_;
};

// A card of the package, checked.
struct PackageCard {
  int64_t id = 0;
  int64_t did = 0;
  int ord = 0;
  int type = 0;
  int queue = 0;
  int64_t due = 0;
  int64_t ivl = 0;
  int64_t factor = 0;
  int64_t reps = 0;
  int64_t lapses = 0;
  int64_t left = 0;
};

struct TargetDeck {
  int64_t id = 0;
  bool sm2 = false;
  int rollover_hour = 4;
};

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

ApkgImportSummary MergeAnkiCollection(Store& store, const std::string& db_path, const std::string& label,
                                      const ApkgImportOptions& options, PackageBudget& budget) {
  using nlohmann::json;
  const Reader r(label);
  ApkgImportSummary summary;
  const Timestamp now = store.clock().Now();
  const std::string source = "apkg:" + std::filesystem::path(label).filename().string();
  try {
    SQLite::Database pkg(db_path, SQLite::OPEN_READONLY);
    detail::GuardPackage(pkg, budget);
    RegisterUnicaseCollation(pkg);
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
    detail::CheckPackageRows(pkg, budget);

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
    std::map<int64_t, std::string> deck_names;
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
        deck_names[id] = CleanDeckName(deck["name"].get<std::string>());
      }
    } else {
      if (!HasTable(pkg, "decks")) r.Fail("malformed collection: no decks table");
      SQLite::Statement decks(pkg, "SELECT id, name FROM decks");
      while (decks.executeStep()) {
        deck_names[r.Int(decks, 0, "decks.id")] = CleanDeckName(r.Text(decks, 1, "decks.name"));
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
    const int rollover = static_cast<int>(std::clamp<int64_t>(conf_int("rollover", 4), 0, 23));
    const bool has_offset = conf.contains("creationOffset") && !conf["creationOffset"].is_null();

    // The package's "today", computed as Anki computes it (spec 6.3).
    int64_t source_today = 0;
    if (sched_ver < 2) {
      source_today = FloorDiv(now.Seconds() - crt, 86400);
    } else if (!has_offset) {
      const Day crt_date = StudyDayOf(Timestamp::FromSeconds(crt), 0);
      const int64_t crt_at_rollover = StartOfStudyDay(crt_date, rollover).Seconds();
      source_today = FloorDiv(now.Seconds() - crt_at_rollover, 86400);
    } else {
      source_today = StudyDayOf(now, rollover) - StudyDayOf(Timestamp::FromSeconds(crt), rollover);
    }

    const std::map<int64_t, Notetype> package_types = ReadPackageNotetypes(pkg, ver, label);

    int64_t in_filtered_decks = 0;
    // Cards: every card of each note, by ord.
    std::unordered_map<int64_t, std::vector<PackageCard>> cards_of_note;
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
        const int64_t type = r.Int(st, 4, "cards.type");
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
        if (odid != 0) {  // in a filtered deck: its home deck and due
          ++in_filtered_decks;
          c.did = odid;
          if (odue != 0) c.due = odue;
        }
        c.ord = static_cast<int>(ord);
        c.type = static_cast<int>(type);
        c.queue = static_cast<int>(queue);
        if (c.queue == 4) c.queue = c.type == 0 ? 0 : (c.type == 2 ? 2 : 3);
        cards_of_note[nid].push_back(c);
      }
    }
    // Latest review per package card, for "whoever reviewed last wins".
    std::unordered_map<int64_t, int64_t> latest_review;
    {
      SQLite::Statement st(pkg, "SELECT cid, max(id) FROM revlog GROUP BY cid");
      while (st.executeStep()) latest_review[r.Int(st, 0, "revlog.cid")] = r.Int(st, 1, "revlog.id");
    }

    std::unordered_map<int64_t, std::pair<int64_t, int>> card_map;  // package cid -> (recall id, rollover)
    try {
      store.Transaction([&] {
        SQLite::Database& db = Db(store);
        std::map<std::string, TargetDeck> decks;
        std::map<int, Day> today_by_hour;
        auto today = [&](int hour) {
          auto it = today_by_hour.find(hour);
          if (it == today_by_hour.end()) it = today_by_hour.emplace(hour, store.Today(hour).today).first;
          return it->second;
        };
        auto deck_for = [&](int64_t did) -> TargetDeck {
          auto it = deck_names.find(did);
          const std::string name = it == deck_names.end() ? "Default" : it->second;
          if (auto d = decks.find(name); d != decks.end()) return d->second;
          std::optional<Deck> deck = store.FindDeck(name);
          if (!deck) {
            deck = store.CreateDeck(name, DeckOptions{});
            ++summary.decks_added;
          }
          TargetDeck t{deck->id, deck->options.algorithm == Algorithm::kSm2, deck->options.rollover_hour};
          decks[name] = t;
          return t;
        };
        auto new_position = [&] { return detail::ReserveNewPositions(db, 1); };
        // The recall state for a package card in `deck`; `existing` is the
        // recall card's state when there is one.
        auto convert = [&](const PackageCard& c, const TargetDeck& deck, const CardState* existing, int64_t* buried_day) {
          CardState s;
          const Day t = today(deck.rollover_hour);
          const bool seconds = c.queue == 1 || (c.queue < 0 && c.type != 2 && c.due > 1000000000);
          const int64_t as_day = seconds ? StudyDayOf(Timestamp::FromSeconds(c.due), deck.rollover_hour).n
                                         : t.n + (c.due - source_today);
          *buried_day = (c.queue == -2 || c.queue == -3) ? t.n : 0;
          s.reps = static_cast<int32_t>(c.reps);
          s.lapses = static_cast<int32_t>(c.lapses);
          if (c.type == 0) {
            s.type = CardType::kNew;
            s.queue = c.queue < 0 ? static_cast<CardQueue>(c.queue) : CardQueue::kNew;
            s.due = existing && existing->type == CardType::kNew ? existing->due : new_position();
            return s;
          }
          if (deck.sm2) {
            // Classic SM-2 has no learning steps: any reviewed card is a review.
            s.type = CardType::kReview;
            s.queue = c.queue < 0 ? static_cast<CardQueue>(c.queue) : CardQueue::kReview;
            s.due = as_day;
            s.interval = static_cast<int32_t>(std::max<int64_t>(c.ivl, 1));
            const int64_t ef = c.factor == 0 ? 2500 : std::max<int64_t>(1300, (c.factor + 5) / 10 * 10);
            s.ease = static_cast<int32_t>(ef);
            s.left = existing ? existing->left : 0;
            return s;
          }
          s.type = static_cast<CardType>(c.type);
          s.queue = static_cast<CardQueue>(c.queue);
          s.due = seconds ? c.due : as_day;
          s.interval = static_cast<int32_t>(c.ivl);
          s.ease = static_cast<int32_t>(c.factor);
          s.left = static_cast<int32_t>(c.left);
          return s;
        };
        SQLite::Statement find_note(db, "SELECT id, modified_s FROM notes WHERE guid = ?");
        SQLite::Statement id_used_note(db, "SELECT 1 FROM notes WHERE id = ?");
        SQLite::Statement id_used_card(db, "SELECT 1 FROM cards WHERE id = ?");
        SQLite::Statement insert_note(db,
                                      "INSERT INTO notes (id, guid, front, back, source, key, created_s, modified_s, "
                                      "notetype_id, fields) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)");
        SQLite::Statement update_note(
            db, "UPDATE notes SET front = ?, back = ?, modified_s = ?, notetype_id = ?, fields = ? WHERE id = ?");
        SQLite::Statement find_card(db,
                                    std::string("SELECT ") + detail::kCardColumns +
                                        ", d.rollover_hour, d.algorithm FROM cards c JOIN decks d ON d.id = c.deck_id "
                                        "WHERE c.note_id = ? AND c.ord = ?");
        // Package note type id -> the recall type its notes get (nullopt:
        // recall Basic, whose fields are Markdown).
        std::map<int64_t, std::optional<Notetype>> type_map;
        auto type_for = [&](int64_t mid) -> const std::optional<Notetype>& {
          if (auto it = type_map.find(mid); it != type_map.end()) return it->second;
          const auto pt = package_types.find(mid);
          // recall's own note type id is recall Basic (recall's exports).
          if (mid == kModelId && (pt == package_types.end() || pt->second.fields.size() == kModelFieldCount)) {
            return type_map[mid] = std::nullopt;
          }
          if (pt == package_types.end()) r.Fail("malformed collection: no note type " + std::to_string(mid));
          Notetype t = pt->second;
          const std::optional<Notetype> existing = store.GetNotetype(mid);
          if (existing && (existing->markdown || existing->fields != t.fields)) {
            t.id = 0;  // the id is taken by a different type: a new one
            for (const auto& other : store.ListNotetypes()) {
              if (!other.markdown && other.fields == t.fields && other.templates.size() == t.templates.size() &&
                  other.name == t.name) {
                t.id = other.id;  // imported before under a new id
              }
            }
          }
          std::optional<Notetype> target = t.id != 0 ? store.GetNotetype(t.id) : std::nullopt;
          const bool same = target && target->name == t.name && target->kind == t.kind && target->css == t.css &&
                            target->sort_field == t.sort_field && target->fields == t.fields &&
                            target->templates.size() == t.templates.size() &&
                            std::equal(t.templates.begin(), t.templates.end(), target->templates.begin(),
                                       [](const CardTemplate& a, const CardTemplate& b) {
                                         return a.name == b.name && a.question_format == b.question_format &&
                                                a.answer_format == b.answer_format;
                                       });
          if (!same) {
            if (!target) ++summary.notetypes_added;
            t.id = store.SaveNotetype(t);
          }
          return type_map[mid] = t;
        };
        SQLite::Statement latest_recall(db, "SELECT max(id) FROM revlog WHERE card_id = ?");
        SQLite::Statement insert_card(db,
                                      "INSERT INTO cards (id, note_id, deck_id, ord, type, queue, due, ivl, ease, reps, "
                                      "lapses, left, drill, buried_day, modified_s) "
                                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)");
        SQLite::Statement update_card(db,
                                      "UPDATE cards SET type = ?, queue = ?, due = ?, ivl = ?, ease = ?, reps = ?, "
                                      "lapses = ?, left = ?, drill = 0, buried_day = ?, modified_s = ? WHERE id = ?");
        auto free_id = [&](SQLite::Statement& used, int64_t wanted, const char* table) {
          if (wanted > 0 && wanted <= now.ms + 86400000) {
            used.bind(1, wanted);
            const bool taken = used.executeStep();
            used.reset();
            if (!taken) return wanted;
          }
          return detail::NextMsId(db, table, now);
        };
        auto bind_state = [](SQLite::Statement& st, int first, const CardState& s) {
          st.bind(first, static_cast<int>(s.type));
          st.bind(first + 1, static_cast<int>(s.queue));
          st.bind(first + 2, s.due);
          st.bind(first + 3, s.interval);
          st.bind(first + 4, s.ease);
          st.bind(first + 5, s.reps);
          st.bind(first + 6, s.lapses);
          st.bind(first + 7, s.left);
        };
        auto add_card = [&](const PackageCard& c, int64_t note_id) {
          const TargetDeck deck = deck_for(c.did);
          int64_t buried_day = 0;
          const CardState s = convert(c, deck, nullptr, &buried_day);
          const int64_t id = free_id(id_used_card, c.id, "cards");
          insert_card.bind(1, id);
          insert_card.bind(2, note_id);
          insert_card.bind(3, deck.id);
          insert_card.bind(4, c.ord);
          bind_state(insert_card, 5, s);
          insert_card.bind(13, buried_day);
          insert_card.bind(14, now.Seconds());
          insert_card.exec();
          insert_card.reset();
          card_map[c.id] = {id, deck.rollover_hour};
          ++summary.cards_added;
        };

        SQLite::Statement notes(pkg, "SELECT id, guid, mod, tags, flds, mid FROM notes ORDER BY id");
        while (r.Step(notes)) {
          const int64_t pkg_id = r.Int(notes, 0, "notes.id");
          const std::string guid = CleanStoredText(r.Text(notes, 1, "notes.guid"), StoredTextKind::kToken);
          int64_t mod = r.Int(notes, 2, "notes.mod");
          if (mod > 100000000000LL) mod /= 1000;  // ms instead of s
          const std::string tags_text = r.Text(notes, 3, "notes.tags");
          const std::string flds = r.Text(notes, 4, "notes.flds");
          const int64_t mid = r.Int(notes, 5, "notes.mid");
          if (guid.empty()) r.Fail("note " + std::to_string(pkg_id) + " has an empty guid");
          const auto card_it = cards_of_note.find(pkg_id);
          if (card_it == cards_of_note.end()) {  // a note without cards: nothing to study
            ++summary.notes_without_cards;
            continue;
          }
          const std::optional<Notetype>& type = type_for(mid);
          std::vector<std::string> fields = detail::SplitFields(flds);
          budget.CheckFields(pkg_id, fields);
          std::string front;
          std::string back;
          std::optional<std::string> joined;  // notes.fields
          if (!type) {
            // recall Basic: Front = first field, Back = the other non-empty fields.
            front = budget.ToMarkdown(pkg_id, fields[0]);
            for (size_t i = 1; i < fields.size(); ++i) {
              const std::string field = budget.ToMarkdown(pkg_id, fields[i]);
              if (!field.empty()) back += (back.empty() ? "" : "\n\n") + field;
            }
          } else {
            // Anki's HTML, kept as it is.
            fields.resize(type->fields.size());
            front = detail::SortFieldText(*type, fields);
            joined = detail::JoinFields(fields);
          }
          const int64_t notetype_id = type ? type->id : kRecallBasicNotetypeId;
          const std::vector<std::string> tags = SplitAnkiTags(tags_text);

          find_note.bind(1, guid);
          const bool exists = find_note.executeStep();
          const int64_t recall_note = exists ? find_note.getColumn(0).getInt64() : 0;
          const int64_t recall_mod = exists ? find_note.getColumn(1).getInt64() : 0;
          find_note.reset();

          if (!exists) {
            const int64_t id = free_id(id_used_note, pkg_id, "notes");
            insert_note.bind(1, id);
            insert_note.bind(2, guid);
            insert_note.bind(3, CleanStoredText(front));
            insert_note.bind(4, CleanStoredText(back));
            insert_note.bind(5, source);
            insert_note.bind(6, std::clamp<int64_t>(pkg_id / 1000, 0, now.Seconds()));
            insert_note.bind(7, mod);
            insert_note.bind(8, notetype_id);
            if (joined) {
              insert_note.bind(9, *joined);
            } else {
              insert_note.bind(9);
            }
            insert_note.exec();
            insert_note.reset();
            detail::WriteTags(db, id, tags);
            ++summary.notes_added;
            for (const PackageCard& pc : card_it->second) {
              if (!type && pc.ord != 0) continue;  // recall Basic has one template
              add_card(pc, id);
            }
            continue;
          }
          if (mod > recall_mod) {
            update_note.bind(1, CleanStoredText(front));
            update_note.bind(2, CleanStoredText(back));
            update_note.bind(3, mod);
            update_note.bind(4, notetype_id);
            if (joined) {
              update_note.bind(5, *joined);
            } else {
              update_note.bind(5);
            }
            update_note.bind(6, recall_note);
            update_note.exec();
            update_note.reset();
            detail::WriteTags(db, recall_note, tags);
            ++summary.notes_updated;
          } else {
            ++summary.notes_unchanged;
          }
          for (const PackageCard& pc : card_it->second) {
            if (!type && pc.ord != 0) continue;
            find_card.bind(1, recall_note);
            find_card.bind(2, pc.ord);
            if (!find_card.executeStep()) {
              find_card.reset();
              add_card(pc, recall_note);
              continue;
            }
            const Card card = detail::ReadCard(find_card, 0);
            const TargetDeck deck{card.deck_id, find_card.getColumn(15).getString() == "sm2",
                                  find_card.getColumn(14).getInt()};
            find_card.reset();
            card_map[pc.id] = {card.id, deck.rollover_hour};
            latest_recall.bind(1, card.id);
            latest_recall.executeStep();
            const int64_t recall_latest = latest_recall.getColumn(0).isNull() ? 0 : latest_recall.getColumn(0).getInt64();
            latest_recall.reset();
            const auto pkg_latest = latest_review.find(pc.id);
            if (pkg_latest != latest_review.end() && pkg_latest->second > recall_latest) {
              int64_t buried_day = 0;
              const CardState s = convert(pc, deck, &card.state, &buried_day);
              bind_state(update_card, 1, s);
              update_card.bind(9, buried_day);
              update_card.bind(10, now.Seconds());
              update_card.bind(11, card.id);
              update_card.exec();
              update_card.reset();
              ++summary.cards_updated;
            }
          }
        }

        // Review log: merged by id, never duplicated.
        SQLite::Statement revlog(pkg, "SELECT id, cid, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY cid, id");
        SQLite::Statement insert_rev(db,
                                     "INSERT OR IGNORE INTO revlog (id, card_id, rating, kind, type_before, ivl, "
                                     "last_ivl, ease, ease_before, duration_ms, day) "
                                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        int64_t prev_cid = 0;
        int64_t prev_factor = 0;
        while (r.Step(revlog)) {
          const int64_t id = r.Int(revlog, 0, "revlog.id");
          const int64_t cid = r.Int(revlog, 1, "revlog.cid");
          const int64_t ease = r.Int(revlog, 2, "revlog.ease");
          const int64_t ivl = r.Int(revlog, 3, "revlog.ivl");
          const int64_t last_ivl = r.Int(revlog, 4, "revlog.lastIvl");
          const int64_t factor = r.Int(revlog, 5, "revlog.factor");
          const int64_t time = r.Int(revlog, 6, "revlog.time");
          const int64_t type = r.Int(revlog, 7, "revlog.type");
          const std::string where = " (review " + std::to_string(id) + ")";
          if (id <= 0) r.Fail("invalid review log id" + where);
          if (ease < 0 || ease > 4) r.Fail("invalid review log ease " + std::to_string(ease) + where);
          if (type < 0 || type > 5) r.Fail("invalid review log type " + std::to_string(type) + where);
          if (ivl < INT32_MIN || ivl > INT32_MAX || last_ivl < INT32_MIN || last_ivl > INT32_MAX ||
              factor < 0 || factor > 65535) {
            r.Fail("invalid review log interval or factor" + where);
          }
          if (cid != prev_cid) prev_factor = 0;
          const int64_t ease_before = prev_factor;
          prev_cid = cid;
          prev_factor = factor;
          const auto target = card_map.find(cid);
          if (target == card_map.end()) continue;
          CardType before = CardType::kReview;
          if (type == 0) before = last_ivl == 0 ? CardType::kNew : CardType::kLearning;
          if (type == 2) before = CardType::kRelearning;
          insert_rev.bind(1, id);
          insert_rev.bind(2, target->second.first);
          insert_rev.bind(3, ease);
          insert_rev.bind(4, type);
          insert_rev.bind(5, static_cast<int>(before));
          insert_rev.bind(6, ivl);
          insert_rev.bind(7, last_ivl);
          insert_rev.bind(8, factor);
          insert_rev.bind(9, ease_before);
          insert_rev.bind(10, std::clamp<int64_t>(time, 0, 86400000));
          insert_rev.bind(11, StudyDayOf(Timestamp{id}, target->second.second).n);
          summary.revlog_added += insert_rev.exec();
          insert_rev.reset();
        }
        summary.repaired = detail::RepairImportedCards(store, card_map);
        if (options.dry_run) throw DryRunRollback{};
      });
    } catch (const DryRunRollback&) {
      // Everything was counted; nothing was kept.
    }
    if (in_filtered_decks > 0) {
      summary.not_kept.push_back(std::to_string(in_filtered_decks) +
                                 " cards in filtered decks (recall has none: they are in their home decks)");
    }
    if (summary.notes_without_cards > 0) {
      summary.not_kept.push_back(std::to_string(summary.notes_without_cards) + " notes without cards");
    }
  } catch (const SQLite::Exception& e) {
    r.Fail(std::string("malformed collection: ") + e.what());
  }
  return summary;
}

}  // namespace recall::anki

// Bulk writes for import: prepared statements reused for every row, and the
// per-row triggers of the tables written replaced by their effect applied
// once (what an import reads first: import_index.cpp).

#include "store/import_writer.h"

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "recall/text.h"
#include "store/import_trigger_effects.h"
#include "store/store_impl.h"
#include "store/typed_cards.h"

namespace recall::detail {
namespace {

constexpr const char* kSetBaselineSql =
    "INSERT OR REPLACE INTO import_baselines (note_id, front, back, fields) VALUES (?, ?, ?, ?)";
constexpr const char* kInsertNoteSql =
    "INSERT INTO notes (id, guid, front, back, source, key, created_s, modified_s, notetype_id, fields) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
constexpr const char* kInsertCardSql =
    "INSERT INTO cards (id, note_id, deck_id, ord, due, modified_s) VALUES (?, ?, ?, ?, ?, ?)";
constexpr const char* kInsertTagSql = "INSERT OR IGNORE INTO note_tags (note_id, tag) VALUES (?, ?)";
constexpr const char* kDeleteTagsSql = "DELETE FROM note_tags WHERE note_id = ?";
constexpr const char* kUpdateNoteSql =
    "UPDATE notes SET front = ?, back = ?, key = ?, source = ?, modified_s = max(?, modified_s + 1) "
    "WHERE id = ?";
// A note that is, or becomes, of another type than recall Basic (or goes
// back to it from one: fields NULL).
constexpr const char* kUpdateTypedNoteSql =
    "UPDATE notes SET front = ?, back = ?, key = ?, source = ?, modified_s = max(?, modified_s + 1), "
    "notetype_id = ?, fields = ? WHERE id = ?";
constexpr const char* kWrittenTablesTriggersSql =
    "SELECT name FROM sqlite_schema WHERE type = 'trigger' "
    "AND tbl_name IN ('notes', 'note_tags', 'import_baselines', 'cards') ORDER BY name";
constexpr const char* kSecondaryIndexesSql =
    "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL "
    "AND tbl_name IN ('notes', 'note_tags', 'cards') ORDER BY rowid";
// New cards from which the secondary indexes are rebuilt rather than kept.
constexpr int64_t kRebuildMinAdds = 10000;

bool OnlyKnownTriggers(SQLite::Database& db) {
  const std::set<std::string_view> known(kImportWriterTriggers.begin(), kImportWriterTriggers.end());
  SQLite::Statement st(db, kWrittenTablesTriggersSql);
  while (st.executeStep()) {
    if (known.count(st.getColumn(0).getString()) == 0) return false;
  }
  return true;
}

// Turns the connection's triggers off for its lifetime (when `off`), and on
// again on every way out. Statements prepared meanwhile run without them.
class TriggersOff {
 public:
  TriggersOff(SQLite::Database& db, bool off) : db_(db), off_(off) {
    if (off_) Set(0);
  }
  ~TriggersOff() {
    if (off_) Set(1);
  }
  TriggersOff(const TriggersOff&) = delete;
  TriggersOff& operator=(const TriggersOff&) = delete;

 private:
  void Set(int on) {
    int now = 0;
    const int rc = sqlite3_db_config(db_.getHandle(), SQLITE_DBCONFIG_ENABLE_TRIGGER, on, &now);
    if (rc != SQLITE_OK && on == 0) throw SQLite::Exception(db_.getHandle(), rc);
  }
  SQLite::Database& db_;
  bool off_;
};

// A bigger page cache while a large import is written, so that the indexes
// the rows go to stay in memory instead of being spilled to the WAL and read
// back; the connection's own size again afterwards.
class ImportCache {
 public:
  // `bytes`: about the text the rows hold.
  ImportCache(SQLite::Database& db, int64_t bytes) : db_(db) {
    const int64_t want_kib = std::min<int64_t>(bytes / 1024, kMaxKib);
    const int64_t had = db_.execAndGet("PRAGMA cache_size").getInt64();
    const int64_t had_kib = had < 0 ? -had : had * db_.execAndGet("PRAGMA page_size").getInt64() / 1024;
    if (want_kib <= had_kib) return;
    previous_ = had;
    db_.exec("PRAGMA cache_size = -" + std::to_string(want_kib));
  }
  ~ImportCache() {
    if (!previous_) return;
    try {
      db_.exec("PRAGMA cache_size = " + std::to_string(*previous_));
    } catch (const SQLite::Exception&) {
      // The connection keeps the bigger cache; nothing else changes.
    }
  }
  ImportCache(const ImportCache&) = delete;
  ImportCache& operator=(const ImportCache&) = delete;

 private:
  static constexpr int64_t kMaxKib = 32 * 1024;
  SQLite::Database& db_;
  std::optional<int64_t> previous_;
};

// Returns the rows written.
// `stored`, when given, gets the tags as stored.
int InsertTags(SQLite::Statement& ins, int64_t note_id, const std::vector<std::string>& tags,
               std::vector<std::string>* stored = nullptr) {
  int rows = 0;
  for (const auto& raw : tags) {
    std::string t = CleanStoredText(raw, StoredTextKind::kToken);
    if (t.empty()) continue;
    if (t.find_first_of(" \t\r\n") != std::string::npos) {
      throw Error(ErrorCode::kInvalidInput, "invalid tag: contains whitespace (\"" + t + "\")");
    }
    ins.bind(1, note_id);
    ins.bind(2, t);
    rows += ins.exec();
    ins.reset();
    if (stored) stored->push_back(std::move(t));
  }
  return rows;
}

// The note's new type and fields (front: its sort field), or back to recall
// Basic (fields NULL).
void UpdateTypedNote(SQLite::Statement& upd, const Notetype* type, const NoteToUpdate& u, int64_t now_s) {
  if (u.notetype_id == kRecallBasicNotetypeId) {
    upd.bind(1, CleanStoredText(u.front));
    upd.bind(2, CleanStoredText(u.back));
    upd.bind(7);
  } else {
    std::vector<std::string> fields = u.fields;
    for (auto& f : fields) f = CleanStoredText(f);
    upd.bind(1, SortFieldText(*type, fields));
    upd.bind(2, "");
    upd.bind(7, JoinFields(fields));
  }
  upd.bindNoCopy(3, u.key);
  upd.bindNoCopy(4, u.source);
  upd.bind(5, now_s);
  upd.bind(6, u.notetype_id);
  upd.bind(8, u.id);
  upd.exec();
  upd.reset();
}

}  // namespace

struct ImportWriter::Impl {
  Impl(Store& s, int64_t max_cards, int64_t text_bytes, const std::map<int64_t, Notetype>* types)
      : store(s),
        db(Db(s)),
        now(s.clock().Now()),
        now_s(now.Seconds()),
        notetypes(types),
        cache(db, text_bytes),
        bulk(OnlyKnownTriggers(db)),
        triggers_off(std::make_unique<TriggersOff>(db, bulk)),
        ins_tag(db, kInsertTagSql),
        set_base(db, kSetBaselineSql),
        note_id(NextMsId(db, "notes", now)),
        card_id(NextMsId(db, "cards", now)),
        first_note_id(note_id),
        first_card_id(card_id) {
    if (max_cards > 0) {
      reserved = max_cards;
      position = ReserveNewPositions(db, max_cards);
    }
    if (max_cards >= kRebuildMinAdds &&
        max_cards >= 2 * db.execAndGet("SELECT count(*) FROM notes").getInt64()) {
      // Most of the rows will be new: the secondary indexes of the tables
      // they go to are built once at the end (a sort) instead of row by row
      // (a fifth less time at 37k notes). Their SQL is the schema's own.
      SQLite::Statement st(db, kSecondaryIndexesSql);
      while (st.executeStep()) rebuild.push_back({st.getColumn(0).getString(), st.getColumn(1).getString()});
      for (const auto& index : rebuild) db.exec("DROP INDEX \"" + index.first + "\"");
    }
  }

  const Notetype& Type(int64_t id) const {
    if (notetypes != nullptr) {
      auto it = notetypes->find(id);
      if (it != notetypes->end()) return it->second;
    }
    throw Error(ErrorCode::kInternal, "ImportWriter: note type " + std::to_string(id) + " not given");
  }

  // `fields` empty: NULL (a recall Basic note).
  void Baseline(int64_t id, const std::string& front, const std::string& back,
                const std::vector<std::string>& fields) {
    set_base.bind(1, id);
    set_base.bindNoCopy(2, front);
    set_base.bindNoCopy(3, back);
    if (fields.empty()) {
      set_base.bind(4);
    } else {
      set_base.bind(4, JoinFields(fields));
    }
    set_base.exec();
    set_base.reset();
  }

  // A typed update's cards its fields now make, added by Finish.
  struct MissingCards {
    int64_t note_id;
    int64_t notetype_id;
    std::vector<std::string> fields;
    std::vector<std::string> tags;
  };

  Store& store;
  SQLite::Database& db;
  const Timestamp now;
  const int64_t now_s;
  const std::map<int64_t, Notetype>* notetypes;
  const ImportCache cache;
  const bool bulk;
  std::unique_ptr<TriggersOff> triggers_off;  // reset (triggers on) by Finish
  SQLite::Statement ins_tag;
  SQLite::Statement set_base;
  std::optional<SQLite::Statement> ins_note, ins_card, upd, upd_typed, del_tags;
  int64_t reserved = 0;  // new-card positions reserved, from `position`
  int64_t position = 0;  // the next one
  int64_t note_id;       // the next note and card ids
  int64_t card_id;
  const int64_t first_note_id;  // every note and card from these on is the writer's
  const int64_t first_card_id;
  // Rows of cards and note_tags written while the triggers are off, and the
  // notes whose tags were rewritten.
  int64_t rows = 0;
  std::vector<int64_t> updated;
  std::vector<MissingCards> missing;
  AddedTagsets added_tagsets;     // the added notes' sets (bulk)
  std::vector<std::string> tags;  // a note's tags as stored
  std::vector<std::pair<std::string, std::string>> rebuild;  // indexes dropped: name, CREATE statement
};

ImportWriter::ImportWriter(Store& store, int64_t max_cards, int64_t text_bytes,
                           const std::map<int64_t, Notetype>* notetypes)
    : impl_(Guard(store, [&] { return std::make_unique<Impl>(store, max_cards, text_bytes, notetypes); })) {}

ImportWriter::~ImportWriter() {
  try {
    impl_.reset();
  } catch (...) {
    // Nothing to report from a destructor: the transaction is rolled back.
  }
}

int64_t ImportWriter::Add(const NoteToAdd& a, AddedCards* added) {
  return Guard(impl_->store, [&] {
    Impl& w = *impl_;
    static const std::vector<int> kFirstCard = {0};
    const bool typed = !a.fields.empty();
    const std::vector<int>& ords = typed ? a.ords : kFirstCard;
    if (w.reserved < static_cast<int64_t>(ords.size())) {
      throw Error(ErrorCode::kInternal, "ImportWriter: more cards added than reserved");
    }
    if (!w.ins_note) {
      w.ins_note.emplace(w.db, kInsertNoteSql);
      w.ins_card.emplace(w.db, kInsertCardSql);
    }
    SQLite::Statement& ins_note = *w.ins_note;
    ins_note.bind(1, w.note_id);
    ins_note.bind(2, CleanStoredText(a.guid, StoredTextKind::kToken));
    if (typed) {
      std::vector<std::string> fields = a.fields;
      for (auto& f : fields) f = CleanStoredText(f);
      ins_note.bind(3, SortFieldText(w.Type(a.notetype_id), fields));
      ins_note.bind(4, "");
      ins_note.bind(9, a.notetype_id);
      ins_note.bind(10, JoinFields(fields));
    } else {
      ins_note.bind(3, CleanStoredText(a.front));
      ins_note.bind(4, CleanStoredText(a.back));
      ins_note.bind(9, kRecallBasicNotetypeId);
      ins_note.bind(10);
    }
    ins_note.bindNoCopy(5, a.source);
    ins_note.bindNoCopy(6, a.key);
    ins_note.bind(7, w.now_s);
    ins_note.bind(8, w.now_s);
    ins_note.exec();
    ins_note.reset();
    w.tags.clear();
    w.rows += InsertTags(w.ins_tag, w.note_id, a.tags, &w.tags);
    if (added) {
      added->first_card_id = w.card_id;
      added->cards = static_cast<int64_t>(ords.size());
      added->tags = w.tags;
    }
    if (w.bulk) w.added_tagsets.Add(w.note_id, w.tags, static_cast<int64_t>(ords.size()));
    if (typed) {
      w.Baseline(w.note_id, "", "", a.fields);
    } else {
      w.Baseline(w.note_id, a.front, a.back, {});
    }
    SQLite::Statement& ins_card = *w.ins_card;
    for (const int ord : ords) {
      ins_card.bind(1, w.card_id);
      ins_card.bind(2, w.note_id);
      ins_card.bind(3, a.deck_id);
      ins_card.bind(4, ord);
      ins_card.bind(5, w.position);
      ins_card.bind(6, w.now_s);
      ins_card.exec();
      ins_card.reset();
      ++w.rows;
      --w.reserved;
      ++w.position;
      ++w.card_id;
    }
    return w.note_id++;
  });
}

void ImportWriter::Update(const NoteToUpdate& u) {
  Guard(impl_->store, [&] {
    Impl& w = *impl_;
    if (!w.del_tags) w.del_tags.emplace(w.db, kDeleteTagsSql);
    if (u.typed) {
      if (!w.upd_typed) w.upd_typed.emplace(w.db, kUpdateTypedNoteSql);
      const bool basic = u.notetype_id == kRecallBasicNotetypeId;
      UpdateTypedNote(*w.upd_typed, basic ? nullptr : &w.Type(u.notetype_id), u, w.now_s);
      // Its new cards come after the adds' reserved positions (Finish).
      if (!basic) w.missing.push_back({u.id, u.notetype_id, u.fields, u.tags});
    } else {
      if (!w.upd) w.upd.emplace(w.db, kUpdateNoteSql);
      SQLite::Statement& upd = *w.upd;
      upd.bind(1, CleanStoredText(u.front));
      upd.bind(2, CleanStoredText(u.back));
      upd.bindNoCopy(3, u.key);
      upd.bindNoCopy(4, u.source);
      upd.bind(5, w.now_s);
      upd.bind(6, u.id);
      upd.exec();
      upd.reset();
    }
    if (!u.tags_changed) return;
    w.del_tags->bind(1, u.id);
    w.rows += w.del_tags->exec();
    w.del_tags->reset();
    w.rows += InsertTags(w.ins_tag, u.id, u.tags);
    if (w.bulk) w.updated.push_back(u.id);
  });
}

void ImportWriter::Baseline(const NoteBaseline& b) {
  Guard(impl_->store, [&] { impl_->Baseline(b.id, b.front, b.back, b.fields); });
}

int64_t ImportWriter::DeckId(const std::string& name) {
  // A new deck is written with the triggers on: its own (the generation)
  // fire as for any deck.
  Impl& w = *impl_;
  w.triggers_off.reset();
  const int64_t id = w.store.GetOrCreateDeck(name).id;
  w.triggers_off = Guard(w.store, [&] { return std::make_unique<TriggersOff>(w.db, w.bulk); });
  return id;
}

void ImportWriter::Finish() {
  Guard(impl_->store, [&] {
    Impl& w = *impl_;
    w.ins_note.reset();
    w.ins_card.reset();
    w.upd.reset();
    w.upd_typed.reset();
    w.del_tags.reset();
    w.triggers_off.reset();
    for (const auto& index : w.rebuild) w.db.exec(index.second);
    w.rebuild.clear();
    if (w.bulk) {
      // What the triggers would have done, once.
      ApplyImportTriggerEffects(w.db, w.first_card_id, w.first_note_id, w.added_tagsets, w.updated, w.rows > 0);
      std::vector<int64_t>().swap(w.updated);
      w.added_tagsets = AddedTagsets();
    }
    if (w.reserved > 0) {
      // The positions reserved for notes that were not added.
      SQLite::Statement give_back(w.db,
                                  "UPDATE collection SET next_position = next_position - ? WHERE id = 1");
      give_back.bind(1, w.reserved);
      give_back.exec();
      w.reserved = 0;
    }
    // With the triggers on, at the end of the new-card order.
    for (const auto& m : w.missing)
      AddMissingCards(w.db, w.Type(m.notetype_id), m.note_id, m.fields, m.tags, w.now);
    w.missing.clear();
  });
}

}  // namespace recall::detail

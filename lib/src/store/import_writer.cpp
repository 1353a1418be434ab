// Bulk reads and writes for import: one pass over the keyed notes, prepared
// statements reused for every row, and the per-row triggers of the tables
// written replaced by their effect applied once.

#include "store/import_writer.h"

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "recall/text.h"
#include "store/store_impl.h"

namespace recall::detail {
namespace {

constexpr const char* kLoadNotesSql =
    "SELECT n.id, n.key, n.guid, n.front, n.back, n.source, "
    "  (SELECT group_concat(tag, ' ') FROM note_tags t WHERE t.note_id = n.id), "
    "  NOT EXISTS (SELECT 1 FROM cards c WHERE c.note_id = n.id AND c.queue <> -1), "
    "  b.front, b.back "
    "FROM notes n LEFT JOIN import_baselines b ON b.note_id = n.id";
constexpr const char* kSetBaselineSql = "INSERT OR REPLACE INTO import_baselines (note_id, front, back) VALUES (?, ?, ?)";
constexpr const char* kInsertNoteSql =
    "INSERT INTO notes (id, guid, front, back, source, key, created_s, modified_s) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
constexpr const char* kInsertCardSql =
    "INSERT INTO cards (id, note_id, deck_id, ord, due, modified_s) VALUES (?, ?, ?, 0, ?, ?)";
constexpr const char* kInsertTagSql = "INSERT OR IGNORE INTO note_tags (note_id, tag) VALUES (?, ?)";
constexpr const char* kDeleteTagsSql = "DELETE FROM note_tags WHERE note_id = ?";
constexpr const char* kUpdateNoteSql =
    "UPDATE notes SET front = ?, back = ?, key = ?, source = ?, modified_s = max(?, modified_s + 1) "
    "WHERE id = ?";
constexpr const char* kSuspendSql =
    "UPDATE cards SET queue = -1, modified_s = ? WHERE note_id = ? AND queue <> -1";

constexpr const char* kWrittenTablesTriggersSql =
    "SELECT name FROM sqlite_schema WHERE type = 'trigger' "
    "AND tbl_name IN ('notes', 'note_tags', 'import_baselines', 'cards') ORDER BY name";
constexpr const char* kSecondaryIndexesSql =
    "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL "
    "AND tbl_name IN ('notes', 'note_tags', 'cards') ORDER BY rowid";
// New notes from which the secondary indexes are rebuilt rather than kept.
constexpr int64_t kRebuildMinAdds = 10000;
constexpr const char* kBumpGenerationSql = "UPDATE collection SET generation = generation + 1";
constexpr const char* kAddNewCardsSql =
    "INSERT INTO deck_card_counts (deck_id, queue, n) VALUES (?, 0, ?) "
    "ON CONFLICT (deck_id, queue) DO UPDATE SET n = n + excluded.n";

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
int InsertTags(SQLite::Statement& ins, int64_t note_id, const std::vector<std::string>& tags) {
  int rows = 0;
  for (const auto& raw : tags) {
    const std::string t = CleanStoredText(raw, StoredTextKind::kToken);
    if (t.empty()) continue;
    if (t.find_first_of(" \t\r\n") != std::string::npos) {
      throw Error(ErrorCode::kInvalidInput, "invalid tag: contains whitespace (\"" + t + "\")");
    }
    ins.bind(1, note_id);
    ins.bind(2, t);
    rows += ins.exec();
    ins.reset();
  }
  return rows;
}

}  // namespace

ImportIndex LoadImportIndex(const Store& store) {
  return Guard(store, [&] {
    ImportIndex index;
    SQLite::Statement st(Db(store), kLoadNotesSql);
    while (st.executeStep()) {
      ExistingImportNote n;
      n.id = st.getColumn(0).getInt64();
      n.key = st.getColumn(1).getString();
      n.guid = st.getColumn(2).getString();
      n.front = st.getColumn(3).getString();
      n.back = st.getColumn(4).getString();
      n.source = st.getColumn(5).getString();
      n.tags = SplitTags(st.getColumn(6).getString());
      n.suspended = st.getColumn(7).getInt() != 0;
      n.has_baseline = !st.getColumn(8).isNull();
      if (n.has_baseline) {
        n.base_front = st.getColumn(8).getString();
        n.base_back = st.getColumn(9).getString();
      }
      if (!n.key.empty()) index.by_key.emplace(n.key, index.notes.size());
      index.by_guid.emplace(n.guid, index.notes.size());
      index.notes.push_back(std::move(n));
    }
    return index;
  });
}

struct ImportWriter::Impl {
  Impl(Store& s, int64_t max_adds, int64_t text_bytes)
      : store(s),
        db(Db(s)),
        now(s.clock().Now()),
        now_s(now.Seconds()),
        cache(db, text_bytes),
        bulk(OnlyKnownTriggers(db)),
        triggers_off(std::make_unique<TriggersOff>(db, bulk)),
        ins_tag(db, kInsertTagSql),
        set_base(db, kSetBaselineSql) {
    if (max_adds > 0) {
      reserved = max_adds;
      position = ReserveNewPositions(db, max_adds);
    }
    if (max_adds >= kRebuildMinAdds &&
        max_adds >= 2 * db.execAndGet("SELECT count(*) FROM notes").getInt64()) {
      // Most of the rows will be new: the secondary indexes of the tables
      // they go to are built once at the end (a sort) instead of row by row
      // (a fifth less time at 37k notes). Their SQL is the schema's own.
      SQLite::Statement st(db, kSecondaryIndexesSql);
      while (st.executeStep()) rebuild.push_back({st.getColumn(0).getString(), st.getColumn(1).getString()});
      for (const auto& index : rebuild) db.exec("DROP INDEX \"" + index.first + "\"");
    }
  }

  void Baseline(int64_t id, const std::string& front, const std::string& back) {
    set_base.bind(1, id);
    set_base.bindNoCopy(2, front);
    set_base.bindNoCopy(3, back);
    set_base.exec();
    set_base.reset();
  }

  Store& store;
  SQLite::Database& db;
  const Timestamp now;
  const int64_t now_s;
  const ImportCache cache;
  const bool bulk;
  std::unique_ptr<TriggersOff> triggers_off;  // reset (triggers on) by Finish
  SQLite::Statement ins_tag;
  SQLite::Statement set_base;
  std::optional<SQLite::Statement> ins_note, ins_card, upd, del_tags;
  int64_t reserved = 0;  // new-card positions reserved, from `position`
  int64_t position = 0;  // the next one
  int64_t note_id = 0;   // the next note and card ids (0: not read yet)
  int64_t card_id = 0;
  // Rows of cards and note_tags written, and new cards per deck, while the
  // triggers are off.
  int64_t rows = 0;
  std::map<int64_t, int64_t> new_cards;
  std::vector<std::pair<std::string, std::string>> rebuild;  // indexes dropped: name, CREATE statement
};

ImportWriter::ImportWriter(Store& store, int64_t max_adds, int64_t text_bytes)
    : impl_(Guard(store, [&] { return std::make_unique<Impl>(store, max_adds, text_bytes); })) {}

ImportWriter::~ImportWriter() {
  try {
    impl_.reset();
  } catch (...) {
    // Nothing to report from a destructor: the transaction is rolled back.
  }
}

int64_t ImportWriter::Add(const NoteToAdd& a) {
  return Guard(impl_->store, [&] {
    Impl& w = *impl_;
    if (w.position == 0 || w.reserved == 0) throw Error(ErrorCode::kInternal, "ImportWriter: more adds than reserved");
    if (w.note_id == 0) {
      w.note_id = NextMsId(w.db, "notes", w.now);
      w.card_id = NextMsId(w.db, "cards", w.now);
      w.ins_note.emplace(w.db, kInsertNoteSql);
      w.ins_card.emplace(w.db, kInsertCardSql);
    }
    SQLite::Statement& ins_note = *w.ins_note;
    ins_note.bind(1, w.note_id);
    ins_note.bind(2, CleanStoredText(a.guid, StoredTextKind::kToken));
    ins_note.bind(3, CleanStoredText(a.front));
    ins_note.bind(4, CleanStoredText(a.back));
    ins_note.bindNoCopy(5, a.source);
    ins_note.bindNoCopy(6, a.key);
    ins_note.bind(7, w.now_s);
    ins_note.bind(8, w.now_s);
    ins_note.exec();
    ins_note.reset();
    w.rows += InsertTags(w.ins_tag, w.note_id, a.tags);
    w.Baseline(w.note_id, a.front, a.back);
    SQLite::Statement& ins_card = *w.ins_card;
    ins_card.bind(1, w.card_id);
    ins_card.bind(2, w.note_id);
    ins_card.bind(3, a.deck_id);
    ins_card.bind(4, w.position);
    ins_card.bind(5, w.now_s);
    ins_card.exec();
    ins_card.reset();
    ++w.rows;
    ++w.new_cards[a.deck_id];
    --w.reserved;
    ++w.position;
    ++w.card_id;
    return w.note_id++;
  });
}

void ImportWriter::Update(const NoteToUpdate& u) {
  Guard(impl_->store, [&] {
    Impl& w = *impl_;
    if (!w.upd) {
      w.upd.emplace(w.db, kUpdateNoteSql);
      w.del_tags.emplace(w.db, kDeleteTagsSql);
    }
    SQLite::Statement& upd = *w.upd;
    upd.bind(1, CleanStoredText(u.front));
    upd.bind(2, CleanStoredText(u.back));
    upd.bindNoCopy(3, u.key);
    upd.bindNoCopy(4, u.source);
    upd.bind(5, w.now_s);
    upd.bind(6, u.id);
    upd.exec();
    upd.reset();
    w.del_tags->bind(1, u.id);
    w.rows += w.del_tags->exec();
    w.del_tags->reset();
    w.rows += InsertTags(w.ins_tag, u.id, u.tags);
  });
}

void ImportWriter::Baseline(const NoteBaseline& b) {
  Guard(impl_->store, [&] { impl_->Baseline(b.id, b.front, b.back); });
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
    w.del_tags.reset();
    w.triggers_off.reset();
    for (const auto& index : w.rebuild) w.db.exec(index.second);
    w.rebuild.clear();
    if (w.bulk) {
      // What the triggers would have done, once.
      SQLite::Statement counts(w.db, kAddNewCardsSql);
      for (const auto& [deck_id, n] : w.new_cards) {
        counts.bind(1, deck_id);
        counts.bind(2, n);
        counts.exec();
        counts.reset();
      }
      if (w.rows > 0) w.db.exec(kBumpGenerationSql);
    }
    if (w.reserved > 0) {
      // The positions reserved for notes that were not added.
      SQLite::Statement give_back(w.db, "UPDATE collection SET next_position = next_position - ? WHERE id = 1");
      give_back.bind(1, w.reserved);
      give_back.exec();
      w.reserved = 0;
    }
  });
}

std::vector<int64_t> ApplyImportPlan(Store& store, const ImportPlan& plan) {
  int64_t bytes = 0;
  for (const auto& a : plan.adds) bytes += ImportTextBytes(a.front, a.back, a.key);
  for (const auto& u : plan.updates) bytes += ImportTextBytes(u.front, u.back, u.key);
  std::vector<int64_t> ids;
  ids.reserve(plan.adds.size());
  {
    ImportWriter writer(store, static_cast<int64_t>(plan.adds.size()), bytes);
    for (const auto& a : plan.adds) ids.push_back(writer.Add(a));
    for (const auto& u : plan.updates) writer.Update(u);
    for (const auto& b : plan.baselines) writer.Baseline(b);
    writer.Finish();
  }
  SuspendNotes(store, plan.suspend_note_ids);
  return ids;
}

void SuspendNotes(Store& store, const std::vector<int64_t>& note_ids) {
  if (note_ids.empty()) return;
  Guard(store, [&] {
    const int64_t now_s = store.clock().Now().Seconds();
    SQLite::Statement sus(Db(store), kSuspendSql);
    for (int64_t id : note_ids) {
      sus.bind(1, now_s);
      sus.bind(2, id);
      sus.exec();
      sus.reset();
    }
  });
}

}  // namespace recall::detail

// Bulk reads and writes for import: one pass over the keyed notes, prepared
// statements reused for every row, and the per-row triggers of the tables
// written replaced by their effect applied once.

#include "store/import_writer.h"

#include <sqlite3.h>

#include <algorithm>
#include <map>
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

std::vector<int64_t> ApplyImportPlan(Store& store, const ImportPlan& plan) {
  return Guard(store, [&] {
    auto& db = Db(store);
    const Timestamp now = store.clock().Now();
    const int64_t now_s = now.Seconds();
    std::vector<int64_t> ids;
    ids.reserve(plan.adds.size());
    const bool bulk = (!plan.adds.empty() || !plan.updates.empty()) && OnlyKnownTriggers(db);
    int64_t position = 0;
    if (!plan.adds.empty()) position = ReserveNewPositions(db, static_cast<int64_t>(plan.adds.size()));
    // Rows of cards and note_tags written, and new cards per deck, while the
    // triggers are off.
    int64_t rows = 0;
    std::map<int64_t, int64_t> new_cards;
    {
      const TriggersOff triggers_off(db, bulk);
      SQLite::Statement ins_tag(db, kInsertTagSql);
      SQLite::Statement set_base(db, kSetBaselineSql);
      auto baseline = [&](int64_t id, const std::string& front, const std::string& back) {
        set_base.bind(1, id);
        set_base.bindNoCopy(2, front);
        set_base.bindNoCopy(3, back);
        set_base.exec();
        set_base.reset();
      };
      if (!plan.adds.empty()) {
        int64_t note_id = NextMsId(db, "notes", now);
        int64_t card_id = NextMsId(db, "cards", now);
        SQLite::Statement ins_note(db, kInsertNoteSql);
        SQLite::Statement ins_card(db, kInsertCardSql);
        for (const auto& a : plan.adds) {
          ins_note.bind(1, note_id);
          ins_note.bind(2, CleanStoredText(a.guid, StoredTextKind::kToken));
          ins_note.bind(3, CleanStoredText(a.front));
          ins_note.bind(4, CleanStoredText(a.back));
          ins_note.bindNoCopy(5, a.source);
          ins_note.bindNoCopy(6, a.key);
          ins_note.bind(7, now_s);
          ins_note.bind(8, now_s);
          ins_note.exec();
          ins_note.reset();
          rows += InsertTags(ins_tag, note_id, a.tags);
          baseline(note_id, a.front, a.back);
          ins_card.bind(1, card_id);
          ins_card.bind(2, note_id);
          ins_card.bind(3, a.deck_id);
          ins_card.bind(4, position);
          ins_card.bind(5, now_s);
          ins_card.exec();
          ins_card.reset();
          ++rows;
          ++new_cards[a.deck_id];
          ids.push_back(note_id);
          ++note_id;
          ++card_id;
          ++position;
        }
      }
      if (!plan.updates.empty()) {
        SQLite::Statement upd(db, kUpdateNoteSql);
        SQLite::Statement del_tags(db, kDeleteTagsSql);
        for (const auto& u : plan.updates) {
          upd.bind(1, CleanStoredText(u.front));
          upd.bind(2, CleanStoredText(u.back));
          upd.bindNoCopy(3, u.key);
          upd.bindNoCopy(4, u.source);
          upd.bind(5, now_s);
          upd.bind(6, u.id);
          upd.exec();
          upd.reset();
          del_tags.bind(1, u.id);
          rows += del_tags.exec();
          del_tags.reset();
          rows += InsertTags(ins_tag, u.id, u.tags);
        }
      }
      for (const auto& b : plan.baselines) baseline(b.id, b.front, b.back);
    }
    if (bulk) {
      // What the triggers would have done, once.
      SQLite::Statement counts(db, kAddNewCardsSql);
      for (const auto& [deck_id, n] : new_cards) {
        counts.bind(1, deck_id);
        counts.bind(2, n);
        counts.exec();
        counts.reset();
      }
      if (rows > 0) db.exec(kBumpGenerationSql);
    }
    if (!plan.suspend_note_ids.empty()) {
      SQLite::Statement sus(db, kSuspendSql);
      for (int64_t id : plan.suspend_note_ids) {
        sus.bind(1, now_s);
        sus.bind(2, id);
        sus.exec();
        sus.reset();
      }
    }
    return ids;
  });
}

}  // namespace recall::detail

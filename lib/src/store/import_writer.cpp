// Bulk reads and writes for import: one pass over the keyed notes, prepared
// statements reused for every row.

#include "store/import_writer.h"

#include <algorithm>

#include "recall/text.h"
#include "store/store_impl.h"
#include "store/typed_cards.h"

namespace recall::detail {
namespace {

constexpr const char* kLoadNotesSql =
    "SELECT n.id, n.key, n.guid, n.front, n.back, n.source, "
    "  (SELECT group_concat(tag, ' ') FROM note_tags t WHERE t.note_id = n.id), "
    "  NOT EXISTS (SELECT 1 FROM cards c WHERE c.note_id = n.id AND c.queue <> -1), "
    "  b.front, b.back, n.notetype_id, CASE WHEN n.key IS NOT NULL THEN n.fields END, b.fields "
    "FROM notes n LEFT JOIN import_baselines b ON b.note_id = n.id";
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
constexpr const char* kSuspendSql =
    "UPDATE cards SET queue = -1, modified_s = ? WHERE note_id = ? AND queue <> -1";

void InsertTags(SQLite::Statement& ins, int64_t note_id, const std::vector<std::string>& tags) {
  for (const auto& raw : tags) {
    const std::string t = CleanStoredText(raw, StoredTextKind::kToken);
    if (t.empty()) continue;
    if (t.find_first_of(" \t\r\n") != std::string::npos) {
      throw Error(ErrorCode::kInvalidInput, "invalid tag: contains whitespace (\"" + t + "\")");
    }
    ins.bind(1, note_id);
    ins.bind(2, t);
    ins.exec();
    ins.reset();
  }
}

// The note's new type and fields (front: its sort field), or back to recall
// Basic (fields NULL).
void UpdateTypedNote(SQLite::Database& db, const ImportPlan& plan, const NoteToUpdate& u, Timestamp now) {
  SQLite::Statement upd(db, kUpdateTypedNoteSql);
  if (u.notetype_id == kRecallBasicNotetypeId) {
    upd.bind(1, CleanStoredText(u.front));
    upd.bind(2, CleanStoredText(u.back));
    upd.bind(7);
  } else {
    std::vector<std::string> fields = u.fields;
    for (auto& f : fields) f = CleanStoredText(f);
    upd.bind(1, SortFieldText(plan.notetypes.at(u.notetype_id), fields));
    upd.bind(2, "");
    upd.bind(7, JoinFields(fields));
  }
  upd.bindNoCopy(3, u.key);
  upd.bindNoCopy(4, u.source);
  upd.bind(5, now.Seconds());
  upd.bind(6, u.notetype_id);
  upd.bind(8, u.id);
  upd.exec();
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
      n.notetype_id = st.getColumn(10).getInt64();
      if (!st.getColumn(11).isNull()) n.fields = SplitFields(st.getColumn(11).getString());
      if (!st.getColumn(12).isNull()) n.base_fields = SplitFields(st.getColumn(12).getString());
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
    SQLite::Statement ins_tag(db, kInsertTagSql);
    SQLite::Statement set_base(db, kSetBaselineSql);
    auto baseline = [&](int64_t id, const std::string& front, const std::string& back,
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
    };
    if (!plan.adds.empty()) {
      int64_t count = 0;  // new-card positions: one per card
      for (const auto& a : plan.adds) count += a.fields.empty() ? 1 : static_cast<int64_t>(a.ords.size());
      int64_t position = ReserveNewPositions(db, count);
      int64_t note_id = NextMsId(db, "notes", now);
      int64_t card_id = NextMsId(db, "cards", now);
      SQLite::Statement ins_note(db, kInsertNoteSql);
      SQLite::Statement ins_card(db, kInsertCardSql);
      static const std::vector<int> kFirstCard = {0};
      for (const auto& a : plan.adds) {
        const bool typed = !a.fields.empty();
        ins_note.bind(1, note_id);
        ins_note.bind(2, CleanStoredText(a.guid, StoredTextKind::kToken));
        if (typed) {
          std::vector<std::string> fields = a.fields;
          for (auto& f : fields) f = CleanStoredText(f);
          ins_note.bind(3, SortFieldText(plan.notetypes.at(a.notetype_id), fields));
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
        ins_note.bind(7, now_s);
        ins_note.bind(8, now_s);
        ins_note.exec();
        ins_note.reset();
        InsertTags(ins_tag, note_id, a.tags);
        if (typed) {
          baseline(note_id, "", "", a.fields);
        } else {
          baseline(note_id, a.front, a.back, {});
        }
        for (const int ord : typed ? a.ords : kFirstCard) {
          ins_card.bind(1, card_id);
          ins_card.bind(2, note_id);
          ins_card.bind(3, a.deck_id);
          ins_card.bind(4, ord);
          ins_card.bind(5, position);
          ins_card.bind(6, now_s);
          ins_card.exec();
          ins_card.reset();
          ++card_id;
          ++position;
        }
        ids.push_back(note_id);
        ++note_id;
      }
    }
    if (!plan.updates.empty()) {
      SQLite::Statement upd(db, kUpdateNoteSql);
      SQLite::Statement del_tags(db, kDeleteTagsSql);
      for (const auto& u : plan.updates) {
        if (u.typed) {
          UpdateTypedNote(db, plan, u, now);
          del_tags.bind(1, u.id);
          del_tags.exec();
          del_tags.reset();
          InsertTags(ins_tag, u.id, u.tags);
          if (u.notetype_id != kRecallBasicNotetypeId) {
            AddMissingCards(db, plan.notetypes.at(u.notetype_id), u.id, u.fields, u.tags, now);
          }
          continue;
        }
        upd.bind(1, CleanStoredText(u.front));
        upd.bind(2, CleanStoredText(u.back));
        upd.bindNoCopy(3, u.key);
        upd.bindNoCopy(4, u.source);
        upd.bind(5, now_s);
        upd.bind(6, u.id);
        upd.exec();
        upd.reset();
        del_tags.bind(1, u.id);
        del_tags.exec();
        del_tags.reset();
        InsertTags(ins_tag, u.id, u.tags);
      }
    }
    for (const auto& b : plan.baselines) baseline(b.id, b.front, b.back, b.fields);
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

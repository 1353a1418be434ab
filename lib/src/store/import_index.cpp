// The collection's notes as an import reads them (import_index.h): every
// note in one pass, or the notes a run's documents ask for by file, key and
// guid, with their tags, suspension, baseline and typed fields.

#include "store/import_index.h"

#include <algorithm>

#include "recall/text.h"
#include "store/store_impl.h"

namespace recall::detail {
namespace {

#define RECALL_IMPORT_NOTE_COLUMNS                                                             \
  "SELECT n.id, n.key, n.guid, n.front, n.back, n.source, "                                    \
  "  (SELECT group_concat(tag, ' ') FROM note_tags t WHERE t.note_id = n.id), "                \
  "  NOT EXISTS (SELECT 1 FROM cards c WHERE c.note_id = n.id AND c.queue <> -1), "            \
  "  b.front, b.back, n.notetype_id, CASE WHEN n.key IS NOT NULL THEN n.fields END, b.fields " \
  "FROM notes n LEFT JOIN import_baselines b ON b.note_id = n.id"

// In rowid order: the notes' id order.
constexpr const char* kLoadNotesSql = RECALL_IMPORT_NOTE_COLUMNS;
// One statement: the planner reads each branch through its index (notes_source,
// notes_key, the guid's UNIQUE index) and returns a note once.
constexpr const char* kLoadAskedNotesSql = RECALL_IMPORT_NOTE_COLUMNS
    " WHERE n.source IN (SELECT value FROM json_each(?1)) OR n.key IN (SELECT value FROM json_each(?2))"
    " OR n.guid IN (SELECT value FROM json_each(?3))";
#undef RECALL_IMPORT_NOTE_COLUMNS

constexpr const char* kCardCountSql = "SELECT coalesce(sum(n), 0) FROM deck_card_counts";
constexpr const char* kGuidTakenSql = "SELECT 1 FROM notes WHERE guid = ?";

ExistingImportNote ReadNote(SQLite::Statement& st) {
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
  return n;
}

void IndexNotes(ImportIndex* index) {
  index->by_key.reserve(index->notes.size());
  index->by_guid.reserve(index->notes.size());
  for (size_t i = 0; i < index->notes.size(); ++i) {
    const ExistingImportNote& n = index->notes[i];
    if (!n.key.empty()) index->by_key.emplace(n.key, i);
    index->by_guid.emplace(n.guid, i);
  }
}

}  // namespace

bool ImportIndex::GuidTaken(const std::string& guid) const {
  if (by_guid.count(guid) > 0) return true;
  if (store == nullptr || asked_guids.count(guid) > 0) return false;
  return Guard(*store, [&] {
    SQLite::Statement st(Db(*store), kGuidTakenSql);
    st.bind(1, guid);
    return st.executeStep();
  });
}

bool ImportReadsEveryNote(const Store& store, size_t document_notes) {
  return Guard(store, [&] {
    const int64_t cards = Db(store).execAndGet(kCardCountSql).getInt64();
    return cards <= kWholeIndexNotesPerDocumentNote * static_cast<int64_t>(document_notes);
  });
}

ImportIndex LoadImportIndex(const Store& store) {
  return Guard(store, [&] {
    ImportIndex index;
    SQLite::Statement st(Db(store), kLoadNotesSql);
    while (st.executeStep()) index.notes.push_back(ReadNote(st));
    IndexNotes(&index);
    return index;
  });
}

ImportIndex LoadImportIndex(const Store& store, const ImportIndexQuery& query) {
  return Guard(store, [&] {
    ImportIndex index;
    index.store = &store;
    index.asked_guids.insert(query.guids.begin(), query.guids.end());
    SQLite::Statement st(Db(store), kLoadAskedNotesSql);
    st.bind(1, TextsJson(query.sources));
    st.bind(2, TextsJson(query.keys));
    st.bind(3, TextsJson(query.guids));
    while (st.executeStep()) index.notes.push_back(ReadNote(st));
    // The order the planner meets them in is every note's: by id.
    std::sort(index.notes.begin(), index.notes.end(),
              [](const ExistingImportNote& a, const ExistingImportNote& b) { return a.id < b.id; });
    IndexNotes(&index);
    return index;
  });
}

}  // namespace recall::detail

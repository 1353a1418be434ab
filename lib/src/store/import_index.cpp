// The collection's notes as an import reads them: one pass over every note
// with its tags, suspension, baseline and typed fields (import_writer.h).

#include "recall/text.h"
#include "store/import_writer.h"
#include "store/store_impl.h"

namespace recall::detail {
namespace {

constexpr const char* kLoadNotesSql =
    "SELECT n.id, n.key, n.guid, n.front, n.back, n.source, "
    "  (SELECT group_concat(tag, ' ') FROM note_tags t WHERE t.note_id = n.id), "
    "  NOT EXISTS (SELECT 1 FROM cards c WHERE c.note_id = n.id AND c.queue <> -1), "
    "  b.front, b.back, n.notetype_id, CASE WHEN n.key IS NOT NULL THEN n.fields END, b.fields "
    "FROM notes n LEFT JOIN import_baselines b ON b.note_id = n.id";

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

}  // namespace recall::detail

// The effects of the import writer's triggers, once per import
// (import_trigger_effects.h). Each statement is the set-wise form of a
// trigger in schema/0009, 0010, 0014 or 0015; keep them in step.

#include "store/import_trigger_effects.h"

#include <sqlite3.h>

#include <algorithm>

namespace recall::detail {
namespace {

// ?1: the first new card id. NOT INDEXED: the rows from it on, by rowid; the
// planner chose a covering index of every card for the GROUP BY instead (a
// pass over the whole collection per import).
constexpr const char* kDeckCountsSql =
    "INSERT INTO deck_card_counts (deck_id, queue, n) "
    "SELECT deck_id, queue, count(*) FROM cards NOT INDEXED WHERE id >= ?1 GROUP BY deck_id, queue "
    "ON CONFLICT (deck_id, queue) DO UPDATE SET n = n + excluded.n";
constexpr const char* kStateTotalsSql =
    "INSERT INTO card_state_totals (queue, type, ivl, ease, n) "
    "SELECT queue, type, ivl, ease, count(*) FROM cards NOT INDEXED WHERE id >= ?1 GROUP BY 1, 2, 3, 4 "
    "ON CONFLICT (queue, type, ivl, ease) DO UPDATE SET n = n + excluded.n";
constexpr const char* kDueTotalsSql =
    "INSERT INTO card_due_totals (due, n) "
    "SELECT due, count(*) FROM cards NOT INDEXED WHERE id >= ?1 AND queue IN (2, 3) GROUP BY due "
    "ON CONFLICT (due) DO UPDATE SET n = n + excluded.n";
constexpr const char* kDeckDueTotalsSql =
    "INSERT INTO deck_due_totals (deck_id, queue, due, n) "
    "SELECT deck_id, queue, due, count(*) FROM cards NOT INDEXED WHERE id >= ?1 AND queue IN (2, 3) GROUP BY 1, 2, 3 "
    "ON CONFLICT (deck_id, queue, due) DO UPDATE SET n = n + excluded.n";
constexpr const char* kAddedTotalsSql =
    "INSERT INTO card_added_totals (quarter, n) "
    "SELECT id / 900000, count(*) FROM cards NOT INDEXED WHERE id >= ?1 GROUP BY 1 "
    "ON CONFLICT (quarter) DO UPDATE SET n = n + excluded.n";

// The notes whose tags were written, with their tags now (sorted, as the
// triggers join them). Every statement over them starts from them (CROSS
// JOIN fixes SQLite's join order): the temp table has no statistics, and
// the planner's own choice was a scan of the whole review log, 7.6 s for one
// note added to a collection of 10 million answers.
constexpr const char* kTouchedTableSql =
    "CREATE TEMP TABLE IF NOT EXISTS import_touched (note_id INTEGER PRIMARY KEY, tags TEXT)";
constexpr const char* kTouchAddedSql =
    "INSERT INTO temp.import_touched (note_id) SELECT id FROM notes WHERE id >= ?";
constexpr const char* kTouchUpdatedSql = "INSERT OR IGNORE INTO temp.import_touched (note_id) VALUES (?)";
constexpr const char* kTouchedTagsSql =
    "UPDATE temp.import_touched SET tags = x.tags FROM ("
    "  SELECT note_id, group_concat(tag, ' ') AS tags FROM ("
    "    SELECT t.note_id AS note_id, g.tag AS tag FROM temp.import_touched t "
    "    CROSS JOIN note_tags g ON g.note_id = t.note_id ORDER BY t.note_id, g.tag) "
    "  GROUP BY note_id) AS x "
    "WHERE import_touched.note_id = x.note_id";

// The card part of a set's totals, of the cards `c` grouped by set `s`.
#define RECALL_TAGSET_CARD_SUMS                                                                          \
  "count(*) AS cards, coalesce(sum(c.type = 0), 0) AS new_cards, coalesce(sum(c.lapses), 0) AS lapses, " \
  "coalesce(sum(c.type IN (2, 3)), 0) AS review_cards, "                                                 \
  "coalesce(sum(CASE WHEN c.type IN (2, 3) THEN c.ivl END), 0) AS ivl_sum "
// The answer part, of the review-log rows `r` grouped by set and day.
#define RECALL_TAGSET_ANSWER_SUMS                                                                \
  "count(*) AS reviews, "                                                                        \
  "sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating = 1) AS again, "     \
  "sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating IN (0, 2)) AS low, " \
  "sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating NOT IN (0, 1, 2)) AS other "
#define RECALL_ANSWERS_ONLY "r.kind <= 3 AND NOT (r.kind = 3 AND r.ease = 0)"

// Leaving the recorded set: the cards older than the import (?1: the first
// new card id), which are the ones counted there, and their answers.
constexpr const char* kLeaveCardsSql =
    "UPDATE tagset_card_totals SET cards = tagset_card_totals.cards - x.cards, "
    "  new_cards = tagset_card_totals.new_cards - x.new_cards, lapses = tagset_card_totals.lapses - "
    "x.lapses, "
    "  review_cards = tagset_card_totals.review_cards - x.review_cards, "
    "  ivl_sum = tagset_card_totals.ivl_sum - x.ivl_sum "
    "FROM (SELECT s.tagset_id AS tagset_id, " RECALL_TAGSET_CARD_SUMS
    "  FROM temp.import_touched t CROSS JOIN note_tagsets s ON s.note_id = t.note_id "
    "  CROSS JOIN cards c ON c.note_id = t.note_id WHERE c.id < ?1 GROUP BY s.tagset_id) AS x "
    "WHERE tagset_card_totals.tagset_id = x.tagset_id";
constexpr const char* kLeaveAnswersSql =
    "UPDATE tagset_day_totals SET reviews = tagset_day_totals.reviews - h.reviews, "
    "  again = tagset_day_totals.again - h.again, low = tagset_day_totals.low - h.low, "
    "  other = tagset_day_totals.other - h.other "
    "FROM (SELECT s.tagset_id AS tagset_id, r.day AS day, " RECALL_TAGSET_ANSWER_SUMS
    "  FROM temp.import_touched t CROSS JOIN note_tagsets s ON s.note_id = t.note_id "
    "  CROSS JOIN cards c ON c.note_id = t.note_id CROSS JOIN revlog r ON r.card_id = c.id "
    "  WHERE c.id < ?1 AND " RECALL_ANSWERS_ONLY
    " GROUP BY s.tagset_id, r.day) AS h "
    "WHERE tagset_day_totals.tagset_id = h.tagset_id AND tagset_day_totals.day = h.day";
// Joining the set of the tags now: every card and its answers.
constexpr const char* kNewSetsSql =
    "INSERT OR IGNORE INTO tagsets (tags) SELECT tags FROM temp.import_touched WHERE tags IS NOT NULL "
    "GROUP BY tags ORDER BY min(note_id)";
constexpr const char* kForgetSetsSql =
    "DELETE FROM note_tagsets WHERE note_id IN (SELECT note_id FROM temp.import_touched)";
constexpr const char* kRecordSetsSql =
    "INSERT INTO note_tagsets (note_id, tagset_id) "
    "SELECT t.note_id, s.id FROM temp.import_touched t CROSS JOIN tagsets s ON s.tags = t.tags ORDER BY t.note_id";
constexpr const char* kJoinCardsSql =
    "INSERT INTO tagset_card_totals (tagset_id, cards, new_cards, lapses, review_cards, ivl_sum) "
    "SELECT s.tagset_id, " RECALL_TAGSET_CARD_SUMS
    "FROM temp.import_touched t CROSS JOIN note_tagsets s ON s.note_id = t.note_id "
    "CROSS JOIN cards c ON c.note_id = t.note_id WHERE true GROUP BY s.tagset_id "
    "ON CONFLICT (tagset_id) DO UPDATE SET cards = cards + excluded.cards, "
    "  new_cards = new_cards + excluded.new_cards, lapses = lapses + excluded.lapses, "
    "  review_cards = review_cards + excluded.review_cards, ivl_sum = ivl_sum + excluded.ivl_sum";
constexpr const char* kJoinAnswersSql =
    "INSERT INTO tagset_day_totals (tagset_id, day, reviews, again, low, other) "
    "SELECT s.tagset_id, r.day, " RECALL_TAGSET_ANSWER_SUMS
    "FROM temp.import_touched t CROSS JOIN note_tagsets s ON s.note_id = t.note_id "
    "CROSS JOIN cards c ON c.note_id = t.note_id CROSS JOIN revlog r ON r.card_id = c.id "
    "WHERE " RECALL_ANSWERS_ONLY
    " GROUP BY s.tagset_id, r.day "
    "ON CONFLICT (tagset_id, day) DO UPDATE SET reviews = reviews + excluded.reviews, "
    "  again = again + excluded.again, low = low + excluded.low, other = other + excluded.other";

// Whether the rows written change a stats memory figure, as the
// memory_generation triggers (schema/0019) would have found row by row: a
// card of a note whose tags were written that may have a memory (not new, a
// state of its own, or answers logged for its id); a new card may have one
// only through answers logged for its id (kNewCardsAnsweredSql).
#define RECALL_MAY_HAVE_MEMORY \
  "(c.type != 0 OR c.stability IS NOT NULL OR c.difficulty IS NOT NULL OR " \
  "EXISTS (SELECT 1 FROM revlog r WHERE r.card_id = c.id))"
constexpr const char* kMemoryChangedSql =
    "SELECT EXISTS (SELECT 1 FROM temp.import_touched t CROSS JOIN cards c ON c.note_id = t.note_id "
    "WHERE " RECALL_MAY_HAVE_MEMORY ")";
#undef RECALL_MAY_HAVE_MEMORY
// Answers logged for the ids of the new cards (a card deleted with its
// history kept, whose id a new card may take): then the added notes go
// through the statements above with the updated ones, and the memory
// figures may change. The writer inserts its cards new, without a state
// (kInsertCardSql), so without such answers none of them may have a memory.
constexpr const char* kNewCardsAnsweredSql = "SELECT EXISTS (SELECT 1 FROM revlog WHERE card_id >= ?1)";
// The added notes' sets, from what the writer gathered.
constexpr const char* kAddSetSql = "INSERT OR IGNORE INTO tagsets (tags) VALUES (?)";
constexpr const char* kSetIdSql = "SELECT id FROM tagsets WHERE tags = ?";
constexpr const char* kRecordSetSql = "INSERT INTO note_tagsets (note_id, tagset_id) VALUES (?, ?)";
constexpr const char* kJoinNewCardsSql =
    "INSERT INTO tagset_card_totals (tagset_id, cards, new_cards, lapses, review_cards, ivl_sum) "
    "VALUES (?1, ?2, ?2, 0, 0, 0) "
    "ON CONFLICT (tagset_id) DO UPDATE SET cards = cards + excluded.cards, new_cards = new_cards + excluded.new_cards";

#undef RECALL_TAGSET_CARD_SUMS
#undef RECALL_TAGSET_ANSWER_SUMS
#undef RECALL_ANSWERS_ONLY

void Run(SQLite::Database& db, const char* sql, int64_t arg) {
  SQLite::Statement st(db, sql);
  st.bind(1, arg);
  st.exec();
}

bool Exists(SQLite::Database& db, const char* sql, int64_t arg) {
  SQLite::Statement st(db, sql);
  st.bind(1, arg);
  return st.executeStep() && st.getColumn(0).getInt() != 0;
}

// The added notes join their sets (each one's cards all new, with no
// answers): what kNewSetsSql, kRecordSetsSql and kJoinCardsSql do for them.
// After the updated notes' sets, as one pass over both would number them:
// the sets of updated notes come first (their ids are lower).
void JoinAddedSets(SQLite::Database& db, const AddedTagsets& added) {
  if (added.sets().empty()) return;
  std::vector<int64_t> ids;
  ids.reserve(added.sets().size());
  SQLite::Statement add(db, kAddSetSql);
  SQLite::Statement id(db, kSetIdSql);
  SQLite::Statement join(db, kJoinNewCardsSql);
  for (const AddedTagsets::Set& set : added.sets()) {
    add.bindNoCopy(1, set.tags);
    add.exec();
    add.reset();
    id.bindNoCopy(1, set.tags);
    if (!id.executeStep()) throw SQLite::Exception("tag set not found after insert", SQLITE_INTERNAL);
    ids.push_back(id.getColumn(0).getInt64());
    id.reset();
    join.bind(1, ids.back());
    join.bind(2, set.cards);
    join.exec();
    join.reset();
  }
  SQLite::Statement record(db, kRecordSetSql);
  for (const auto& [note_id, set] : added.notes()) {
    record.bind(1, note_id);
    record.bind(2, ids[set]);
    record.exec();
    record.reset();
  }
}

}  // namespace

void AddedTagsets::Add(int64_t note_id, std::vector<std::string> tags, int64_t cards) {
  if (tags.empty()) return;
  std::sort(tags.begin(), tags.end());
  tags.erase(std::unique(tags.begin(), tags.end()), tags.end());
  std::string key;
  for (const std::string& t : tags) {
    if (!key.empty()) key += ' ';
    key += t;
  }
  auto [it, inserted] = index_.emplace(std::move(key), sets_.size());
  if (inserted) sets_.push_back({it->first, 0});
  sets_[it->second].cards += cards;
  notes_.emplace_back(note_id, it->second);
}

void ApplyImportTriggerEffects(SQLite::Database& db, int64_t first_new_card, int64_t first_new_note,
                               const AddedTagsets& added, const std::vector<int64_t>& updated_notes,
                               bool rows_written) {
  for (const char* sql : {kDeckCountsSql, kStateTotalsSql, kDueTotalsSql, kDeckDueTotalsSql, kAddedTotalsSql}) {
    Run(db, sql, first_new_card);
  }
  const bool new_cards_answered = Exists(db, kNewCardsAnsweredSql, first_new_card);
  db.exec(kTouchedTableSql);  // (a rolled-back import leaves none; should one be left, it is emptied)
  db.exec("DELETE FROM temp.import_touched");
  if (new_cards_answered) Run(db, kTouchAddedSql, first_new_note);
  {
    SQLite::Statement touch(db, kTouchUpdatedSql);
    for (int64_t id : updated_notes) {
      touch.bind(1, id);
      touch.exec();
      touch.reset();
    }
  }
  db.exec(kTouchedTagsSql);
  Run(db, kLeaveCardsSql, first_new_card);
  Run(db, kLeaveAnswersSql, first_new_card);
  db.exec(kNewSetsSql);
  db.exec(kForgetSetsSql);
  db.exec(kRecordSetsSql);
  db.exec(kJoinCardsSql);
  db.exec(kJoinAnswersSql);
  if (!new_cards_answered) JoinAddedSets(db, added);
  const bool memory =
      rows_written && (new_cards_answered || db.execAndGet(kMemoryChangedSql).getInt() != 0);
  db.exec("DROP TABLE temp.import_touched");
  if (!rows_written) return;
  db.exec("UPDATE collection SET generation = generation + 1");
  if (memory) db.exec("UPDATE collection SET memory_generation = memory_generation + 1");
}

}  // namespace recall::detail

// Answers, the review log, suspend/bury and undo.

#include <functional>
#include <string>

#include "store/row_statement.h"
#include "store/store_impl.h"

namespace recall {
namespace {

using detail::Db;
using detail::Guard;

// Saves the card's current row in the undo log and returns the entry id.
int64_t SaveUndo(const Store& store, const char* action, int64_t card_id, Timestamp now) {
  auto& db = Db(store);
  SQLite::Statement st(db,
                       "INSERT INTO undo_log (action, card_id, created_ms, type, queue, due, ivl, ease, reps, "
                       "lapses, left, drill, buried_day, modified_s, stability, difficulty, last_review_s) "
                       "SELECT ?, id, ?, type, queue, due, ivl, ease, reps, lapses, left, drill, buried_day, "
                       "modified_s, stability, difficulty, last_review_s FROM cards WHERE id = ?");
  st.bind(1, action);
  st.bind(2, now.ms);
  st.bind(3, card_id);
  if (st.exec() != 1) throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(card_id) + ")");
  const int64_t id = db.getLastInsertRowid();
  detail::StampUndoSession(store, id);
  return id;
}

void WriteState(SQLite::Database& db, int64_t card_id, const CardState& s, int64_t now_s) {
  SQLite::Statement st(db,
                       "UPDATE cards SET type = ?, queue = ?, due = ?, ivl = ?, ease = ?, reps = ?, lapses = ?, "
                       "left = ?, drill = ?, modified_s = ?, stability = ?, difficulty = ?, last_review_s = ? "
                       "WHERE id = ?");
  st.bind(1, static_cast<int>(s.type));
  st.bind(2, static_cast<int>(s.queue));
  st.bind(3, s.due);
  st.bind(4, s.interval);
  st.bind(5, s.ease);
  st.bind(6, s.reps);
  st.bind(7, s.lapses);
  st.bind(8, s.left);
  st.bind(9, s.drill ? 1 : 0);
  st.bind(10, now_s);
  if (s.memory) {
    st.bind(11, s.memory->stability);
    st.bind(12, s.memory->difficulty);
  } else {
    st.bind(11);
    st.bind(12);
  }
  st.bind(13, s.last_review_s);
  st.bind(14, card_id);
  st.exec();
}

// The answer time in ms, or the next id above it not yet used: imported rows
// may hold any id (even INT64_MAX), so "max(id) + 1" is not safe.
int64_t FreeRevlogId(SQLite::Database& db, int64_t at_ms) {
  SQLite::Statement st(db,
                       "WITH RECURSIVE c(id) AS (SELECT ?1 UNION ALL SELECT c.id + 1 FROM c JOIN revlog r ON "
                       "r.id = c.id) SELECT max(id) FROM c");
  st.bind(1, std::max<int64_t>(at_ms, 1));
  st.executeStep();
  return st.getColumn(0).getInt64();
}

// SQL expression restoring the natural queue of a card from its type and due
// (learning cards: intraday when due is a timestamp, else day learning).
constexpr const char* kNaturalQueue =
    "CASE type WHEN 0 THEN 0 WHEN 2 THEN 2 ELSE (CASE WHEN due > 1000000000 THEN 1 ELSE 3 END) END";

}  // namespace

std::string StaleAnswerMessage(int64_t card_id) {
  return "card " + std::to_string(card_id) +
         " changed elsewhere since it was shown (another session or command answered, undid or changed it); "
         "answer not applied";
}

int64_t Store::RecordAnswer(int64_t card_id, const CardState& before, const AnswerOutcome& outcome,
                            Timestamp at, int64_t duration_ms, Day day) {
  int64_t revlog_id = 0;
  Transaction([&] {
    auto& db = Db(*this);
    const auto current = GetCard(card_id);
    if (!current) throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(card_id) + ")");
    if (current->state != before) {
      throw Error(ErrorCode::kConflict, StaleAnswerMessage(card_id));
    }
    revlog_id = FreeRevlogId(db, at.ms);
    SQLite::Statement log(db,
                          "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                          "ease_before, duration_ms, day) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    log.bind(1, revlog_id);
    log.bind(2, card_id);
    log.bind(3, outcome.revlog.rating);
    log.bind(4, static_cast<int>(outcome.revlog.kind));
    log.bind(5, static_cast<int>(before.type));
    log.bind(6, outcome.revlog.interval);
    log.bind(7, outcome.revlog.last_interval);
    log.bind(8, outcome.revlog.ease);
    log.bind(9, before.ease);
    log.bind(10, std::max<int64_t>(0, duration_ms));
    log.bind(11, static_cast<int64_t>(day.n));
    log.exec();
    const int64_t undo_id = SaveUndo(*this, "answer", card_id, at);
    SQLite::Statement link(db, "UPDATE undo_log SET revlog_id = ? WHERE id = ?");
    link.bind(1, revlog_id);
    link.bind(2, undo_id);
    link.exec();
    WriteState(db, card_id, outcome.state, at.Seconds());
    if (outcome.leech) {
      SQLite::Statement tag(db,
                            "INSERT OR IGNORE INTO note_tags (note_id, tag) SELECT note_id, 'leech' FROM cards "
                            "WHERE id = ?");
      tag.bind(1, card_id);
      tag.exec();
    }
  });
  return revlog_id;
}

int64_t Store::RecordCramAnswer(int64_t card_id, const CardState& before, int rating, Timestamp at,
                                int64_t duration_ms, Day day) {
  int64_t revlog_id = 0;
  Transaction([&] {
    auto& db = Db(*this);
    const auto current = GetCard(card_id);
    if (!current) throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(card_id) + ")");
    if (current->state != before) throw Error(ErrorCode::kConflict, StaleAnswerMessage(card_id));
    // The card keeps its interval: a review card's days, 0 otherwise.
    const int32_t ivl = before.type == CardType::kReview ? before.interval : 0;
    revlog_id = FreeRevlogId(db, at.ms);
    SQLite::Statement log(db,
                          "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                          "ease_before, duration_ms, day) VALUES (?, ?, ?, 3, ?, ?, ?, 0, ?, ?, ?)");
    log.bind(1, revlog_id);
    log.bind(2, card_id);
    log.bind(3, rating);
    log.bind(4, static_cast<int>(before.type));
    log.bind(5, ivl);
    log.bind(6, ivl);
    log.bind(7, before.ease);
    log.bind(8, std::max<int64_t>(0, duration_ms));
    log.bind(9, static_cast<int64_t>(day.n));
    log.exec();
    const int64_t undo_id = SaveUndo(*this, "cram", card_id, at);
    SQLite::Statement link(db, "UPDATE undo_log SET revlog_id = ? WHERE id = ?");
    link.bind(1, revlog_id);
    link.bind(2, undo_id);
    link.exec();
  });
  return revlog_id;
}

namespace {

constexpr const char* kRevlogEntryColumns =
    "SELECT id, card_id, rating, kind, type_before, ivl, last_ivl, ease, ease_before, duration_ms, day FROM revlog";

// One row of kRevlogEntryColumns (a pass over the whole log reads millions:
// through RowStatement).
RevlogEntry ReadRevlogEntry(const detail::RowStatement& st) {
  RevlogEntry e;
  e.id = st.Int(0);
  e.card_id = st.Int(1);
  e.fields.rating = static_cast<int>(st.Int(2));
  e.fields.kind = static_cast<RevlogKind>(st.Int(3));
  e.type_before = static_cast<CardType>(st.Int(4));
  e.fields.interval = static_cast<int>(st.Int(5));
  e.fields.last_interval = static_cast<int>(st.Int(6));
  e.fields.ease = static_cast<int>(st.Int(7));
  e.ease_before = static_cast<int32_t>(st.Int(8));
  e.duration_ms = st.Int(9);
  e.day = Day{st.Int(10)};
  return e;
}

}  // namespace

std::vector<RevlogEntry> Store::RevlogOfCard(int64_t card_id) const {
  return Guard(*this, [&] {
    detail::RowStatement st(Db(*this), (std::string(kRevlogEntryColumns) + " WHERE card_id = ? ORDER BY id").c_str());
    st.Bind(1, card_id);
    std::vector<RevlogEntry> out;
    while (st.Next()) out.push_back(ReadRevlogEntry(st));
    return out;
  });
}

void Store::ForEachRevlogEntry(const std::function<void(const RevlogEntry&)>& fn) const {
  Guard(*this, [&] {
    detail::RowStatement st(Db(*this), (std::string(kRevlogEntryColumns) + " ORDER BY id").c_str());
    while (st.Next()) fn(ReadRevlogEntry(st));
  });
}

void Store::SuspendCard(int64_t card_id, bool suspend) {
  const Timestamp now = clock().Now();
  Transaction([&] {
    auto& db = Db(*this);
    const auto card = GetCard(card_id);
    if (!card) throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(card_id) + ")");
    const bool is_suspended = card->state.queue == CardQueue::kSuspended;
    if (is_suspended == suspend) return;  // nothing to do, nothing to undo
    SaveUndo(*this, suspend ? "suspend" : "unsuspend", card_id, now);
    SQLite::Statement st(db, std::string("UPDATE cards SET queue = ") + (suspend ? "-1" : kNaturalQueue) +
                                 ", modified_s = ? WHERE id = ?");
    st.bind(1, static_cast<int64_t>(now.Seconds()));
    st.bind(2, card_id);
    st.exec();
  });
}

void Store::BuryCard(int64_t card_id, Day today) {
  const Timestamp now = clock().Now();
  Transaction([&] {
    auto& db = Db(*this);
    const auto card = GetCard(card_id);
    if (!card) throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(card_id) + ")");
    if (static_cast<int>(card->state.queue) < 0) return;  // already suspended or buried
    SaveUndo(*this, "bury", card_id, now);
    SQLite::Statement st(db, "UPDATE cards SET queue = -3, buried_day = ?, modified_s = ? WHERE id = ?");
    st.bind(1, static_cast<int64_t>(today.n));
    st.bind(2, static_cast<int64_t>(now.Seconds()));
    st.bind(3, card_id);
    st.exec();
  });
}

void Store::UnburyBefore(Day today) {
  Transaction([&] {
    SQLite::Statement st(Db(*this), std::string("UPDATE cards SET queue = ") + kNaturalQueue +
                                        " WHERE queue IN (-2, -3) AND buried_day < ?");
    st.bind(1, static_cast<int64_t>(today.n));
    st.exec();
  });
}

std::optional<UndoResult> Store::Undo() {
  const auto last = LastUndo();
  if (!last) return std::nullopt;
  return Undo(*last);
}

std::optional<UndoResult> Store::Undo(const UndoEntry& entry) {
  std::optional<UndoResult> result;
  Transaction([&] {
    auto& db = Db(*this);
    SQLite::Statement last(db,
                           "SELECT id, action, card_id, revlog_id, type, queue, due, ivl, ease, reps, lapses, "
                           "left, drill, buried_day, note_id, front, back, tags, note_modified_s, modified_s, "
                           "stability, difficulty, last_review_s, note_fields, created_ms FROM undo_log WHERE id = ?");
    last.bind(1, entry.id);
    if (!last.executeStep()) {
      throw Error(ErrorCode::kConflict, "that " + entry.action + " (card " + std::to_string(entry.card_id) +
                                            ") was already undone elsewhere; nothing undone");
    }
    const int64_t undo_id = last.getColumn(0).getInt64();
    UndoResult r{last.getColumn(1).getString(), last.getColumn(2).getInt64()};
    SQLite::Statement later(db, "SELECT count(*) FROM undo_log WHERE card_id = ? AND id > ?");
    later.bind(1, r.card_id);
    later.bind(2, undo_id);
    later.executeStep();
    if (later.getColumn(0).getInt64() > 0) {
      throw Error(ErrorCode::kConflict, "card " + std::to_string(r.card_id) + " was changed after that " +
                                            r.action +
                                            " by another session or command; undo that first (nothing undone)");
    }
    SQLite::Statement restore(db,
                              "UPDATE cards SET type = ?, queue = ?, due = ?, ivl = ?, ease = ?, reps = ?, "
                              "lapses = ?, left = ?, drill = ?, buried_day = ?, modified_s = ?, stability = ?, "
                              "difficulty = ?, last_review_s = ? WHERE id = ?");
    for (int i = 0; i < 10; ++i) restore.bind(i + 1, last.getColumn(4 + i).getInt64());
    restore.bind(11, last.getColumn(19).getInt64());
    for (int i = 0; i < 2; ++i) {
      if (last.getColumn(20 + i).isNull()) {
        restore.bind(12 + i);
      } else {
        restore.bind(12 + i, last.getColumn(20 + i).getDouble());
      }
    }
    restore.bind(14, last.getColumn(22).getInt64());
    restore.bind(15, r.card_id);
    restore.exec();
    if (!last.getColumn(3).isNull()) {
      SQLite::Statement del(db, "DELETE FROM revlog WHERE id = ?");
      del.bind(1, last.getColumn(3).getInt64());
      del.exec();
    }
    if (r.action == "edit") {
      const int64_t note_id = last.getColumn(14).getInt64();
      SQLite::Statement note(db, "UPDATE notes SET front = ?, back = ?, modified_s = ? WHERE id = ?");
      note.bind(1, last.getColumn(15).getString());
      note.bind(2, last.getColumn(16).getString());
      note.bind(3, last.getColumn(18).getInt64());
      note.bind(4, note_id);
      note.exec();
      detail::WriteTags(db, note_id, detail::SplitTags(last.getColumn(17).getString()));
      if (!last.getColumn(23).isNull()) {
        // A typed note: its fields, and without the cards the edit made
        // (ids from the edit's time on, still new).
        SQLite::Statement fields(db, "UPDATE notes SET fields = ? WHERE id = ?");
        fields.bind(1, last.getColumn(23).getString());
        fields.bind(2, note_id);
        fields.exec();
        SQLite::Statement made(db,
                               "DELETE FROM cards WHERE note_id = ? AND id >= ? AND id != ? AND type = 0 AND "
                               "reps = 0");
        made.bind(1, note_id);
        made.bind(2, last.getColumn(24).getInt64());
        made.bind(3, r.card_id);
        made.exec();
      }
    }
    SQLite::Statement drop(db, "DELETE FROM undo_log WHERE id = ?");
    drop.bind(1, undo_id);
    drop.exec();
    result = r;
  });
  return result;
}

std::optional<UndoEntry> Store::LastUndo(std::optional<int64_t> session_id) const {
  return Guard(*this, [&]() -> std::optional<UndoEntry> {
    SQLite::Statement st(Db(*this),
                         "SELECT u.id, u.action, u.card_id, u.created_ms, u.session_id, s.pid, "
                         "s.ended_ms IS NOT NULL FROM undo_log u LEFT JOIN review_sessions s ON s.id = "
                         "u.session_id WHERE ?1 IS NULL OR u.session_id = ?1 ORDER BY u.id DESC LIMIT 1");
    if (session_id) st.bind(1, *session_id);
    if (!st.executeStep()) return std::nullopt;
    UndoEntry e;
    e.id = st.getColumn(0).getInt64();
    e.action = st.getColumn(1).getString();
    e.card_id = st.getColumn(2).getInt64();
    e.created_ms = st.getColumn(3).getInt64();
    if (!st.getColumn(4).isNull()) e.session_id = st.getColumn(4).getInt64();
    e.session_pid = st.getColumn(5).getInt64();
    e.session_ended = st.getColumn(6).getInt() != 0;
    return e;
  });
}

int64_t Store::BeginReviewSession(int64_t pid) {
  int64_t id = 0;
  Transaction([&] {
    SQLite::Statement st(Db(*this), "INSERT INTO review_sessions (pid, started_ms) VALUES (?, ?)");
    st.bind(1, pid);
    st.bind(2, clock().Now().ms);
    st.exec();
    id = Db(*this).getLastInsertRowid();
  });
  impl().undo_session = id;
  return id;
}

void Store::EndReviewSession(int64_t session_id) {
  Transaction([&] {
    SQLite::Statement st(Db(*this), "UPDATE review_sessions SET ended_ms = ? WHERE id = ?");
    st.bind(1, clock().Now().ms);
    st.bind(2, session_id);
    st.exec();
  });
  if (impl().undo_session == session_id) impl().undo_session.reset();
}

namespace detail {

void StampUndoSession(const Store& store, int64_t undo_id) {
  if (!store.impl().undo_session) return;
  SQLite::Statement st(Db(store), "UPDATE undo_log SET session_id = ? WHERE id = ?");
  st.bind(1, *store.impl().undo_session);
  st.bind(2, undo_id);
  st.exec();
}

}  // namespace detail

int64_t Store::UndoDepth() const {
  return Guard(*this, [&] { return Db(*this).execAndGet("SELECT count(*) FROM undo_log").getInt64(); });
}

}  // namespace recall

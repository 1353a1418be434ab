#ifndef RECALL_STORE_STORE_IMPL_H_
#define RECALL_STORE_STORE_IMPL_H_

// Private to the store module (lib/src/store/*): the SQLite connection behind
// recall::Store and helpers shared by its files. Nothing outside lib/src/store
// includes SQLiteCpp.

#include <SQLiteCpp/SQLiteCpp.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "recall/card.h"
#include "recall/error.h"
#include "recall/notetype.h"
#include "recall/store.h"
#include "store/sql_functions.h"

namespace recall {

// A file descriptor closed on destruction.
class UniqueFd {
 public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  ~UniqueFd();
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

struct Store::Impl {
  Impl(const std::string& p, int flags, const Clock& c, int open_lock_fd = -1)
      : open_lock(open_lock_fd), db(p, flags), path(p), clock(&c) {
    detail::RegisterSqlFunctions(db);
  }
  // The collection file, flock()ed while it is opened, checked and migrated
  // (Store::Open). Declared before `db` so it is closed after SQLite's own
  // descriptors: closing any descriptor of the file drops the process's POSIX
  // locks, so it stays open while the connection is.
  UniqueFd open_lock;
  SQLite::Database db;
  std::string path;
  const Clock* clock;
  int transaction_depth = 0;
  std::optional<int64_t> undo_session;  // review session owning new undo entries
};

namespace detail {

// The SQLite connection of a store.
inline SQLite::Database& Db(const Store& store) { return store.impl().db; }

// Turns a SQLite failure into a recall::Error naming the collection.
[[noreturn]] void ThrowStoreError(const SQLite::Exception& e, const std::string& path);

// Runs fn, translating SQLite exceptions. Use at every public entry point.
template <typename F>
auto Guard(const Store& store, F&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const SQLite::Exception& e) {
    ThrowStoreError(e, store.path());
  }
}

// Column list and reader for a card row: "id, note_id, deck_id, ord, type,
// queue, due, ivl, ease, reps, lapses, left, drill, modified_s" starting at
// column `first` of the statement.
extern const char* const kCardColumns;
Card ReadCard(SQLite::Statement& st, int first = 0);
// The card's FSRS memory columns "stability, difficulty, last_review_s",
// selected after the others, and their reader.
extern const char* const kCardMemoryColumns;
void ReadCardMemory(SQLite::Statement& st, int first, CardState* state);

// Replays the review log of every card in `deck_ids` (not their sub-decks) into its memory state
// (recall::MemoryFromReviewLog) with the collection's FSRS parameters, their
// ratings read as `ratings_of`'s. REQUIRES: inside a transaction.
void RecomputeMemoryStates(Store& store, const std::vector<int64_t>& deck_ids, Algorithm ratings_of);
// The same for the cards `card_ids`, each with its own deck's algorithm.
// Returns how many got a memory state. REQUIRES: inside a transaction.
int64_t RecomputeCardMemoryStates(Store& store, const std::vector<int64_t>& card_ids);

// Column list and reader for a note row of `notes n`: "id, guid, front,
// back, source, key, created_s, modified_s, tags (joined), notetype_id,
// fields" starting at column `first`.
extern const char* const kNoteColumns;
Note ReadNote(SQLite::Statement& st, int first);

// Tags are stored one per row; these join/split the space-separated form.
std::vector<std::string> SplitTags(const std::string& joined);
std::string JoinTags(const std::vector<std::string>& tags);
void WriteTags(SQLite::Database& db, int64_t note_id, const std::vector<std::string>& tags);

// A note's fields joined by U+001F (notes.fields), and split again.
std::string JoinFields(const std::vector<std::string>& fields);
std::vector<std::string> SplitFields(std::string_view joined);
// The sort field as plain text: notes.front of a note of an HTML type.
std::string SortFieldText(const Notetype& type, const std::vector<std::string>& fields);
// Makes undo entry `undo_id` belong to the store's running review session
// (Store::BeginReviewSession), if any.
void StampUndoSession(const Store& store, int64_t undo_id);

// A fresh id in the Anki style (Unix ms), above every id in `table`.
int64_t NextMsId(SQLite::Database& db, const char* table, Timestamp now);

// Reserves `count` consecutive new-card positions (the new-card order) and
// returns the first. REQUIRES: inside a transaction.
int64_t ReserveNewPositions(SQLite::Database& db, int64_t count);

// A new random note guid: 10 characters of Anki's base-91 alphabet.
std::string NewGuid();

// With RECALL_TRACE_SQL=FILE, appends every statement the connection runs to
// FILE (lib/src/store/sql_trace.cpp); otherwise does nothing.
void TraceSqlIfAsked(SQLite::Database& db);

// JSON array of the ids, for "IN (SELECT value FROM json_each(?))".
std::string IdsJson(const std::vector<int64_t>& ids);

}  // namespace detail
}  // namespace recall

#endif  // RECALL_STORE_STORE_IMPL_H_

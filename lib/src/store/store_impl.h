#ifndef RECALL_STORE_STORE_IMPL_H_
#define RECALL_STORE_STORE_IMPL_H_

// Private to the store module (lib/src/store/*): the SQLite connection behind
// recall::Store and helpers shared by its files. Nothing outside lib/src/store
// includes SQLiteCpp.

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

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

// `flags` with SQLITE_OPEN_NOMUTEX (see Store::Impl). The first call also
// turns off SQLite's memory statistics, which nothing reads and which take
// a global mutex around every allocation (3% of an import's instructions);
// SQLite allows that only before its first connection, so a process that
// opened one another way keeps them (lib/src/store/store.cpp).
int ConnectionFlags(int flags);

struct Store::Impl {
  // Opens `target` (the path, or a file: URI for it) with SQLite `flags`.
  // A Store is used by one thread at a time (recall::Store), so the
  // connection takes no mutex per call (SQLITE_OPEN_NOMUTEX): a pass over
  // every card makes some twenty calls into SQLite per card, and locking and
  // unlocking one in each was 5% of the first `recall stats` at 1M cards.
  Impl(const std::string& p, const std::string& target, int flags, const Clock& c, int open_lock_fd = -1)
      : open_lock(open_lock_fd), db(target, ConnectionFlags(flags)), path(p), clock(&c) {
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
  // OpenMode::kRead: a write the command can do without (OptionalWrite) is
  // skipped when it fails for want of space or permission.
  bool reading = false;
  // Opened read-only; `unwritable` says why ("the file is read-only").
  bool read_only = false;
  std::string unwritable;
};

namespace detail {

// The SQLite connection of a store.
inline SQLite::Database& Db(const Store& store) { return store.impl().db; }

// Turns a SQLite failure into a recall::Error naming the collection.
[[noreturn]] void ThrowStoreError(const SQLite::Exception& e, const std::string& path);
// The same for a failure on `store`: a write refused because the collection
// is read-only says so, and why.
[[noreturn]] void ThrowStoreError(const SQLite::Exception& e, const Store& store);
// ErrorCode::kStore: "cannot write the collection: <why> (<path>)".
[[noreturn]] void ThrowReadOnly(const Store& store);

// Runs fn, translating SQLite exceptions. Use at every public entry point.
template <typename F>
auto Guard(const Store& store, F&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const SQLite::Exception& e) {
    ThrowStoreError(e, store);
  }
}

// True when `e`, from a write of `store` outside any transaction, may be
// ignored: the store was opened with OpenMode::kRead and the write failed for
// want of space or permission (a full disk, a file made read-only meanwhile).
bool SkippableWriteFailure(const Store& store, const SQLite::Exception& e);

// Runs fn, a write a reading command can do without (the day watermark, a
// cache), as one autocommit statement or its own transaction: skipped on a
// read-only collection, and its failure ignored when SkippableWriteFailure.
template <typename F>
void OptionalWrite(const Store& store, F&& fn) {
  if (store.read_only()) return;
  try {
    fn();
  } catch (const SQLite::Exception& e) {
    if (!SkippableWriteFailure(store, e)) ThrowStoreError(e, store);
  }
}

// Column list and reader for a card row: "id, note_id, deck_id, ord, type,
// queue, due, ivl, ease, reps, lapses, left, drill, modified_s" starting at
// column `first` of the statement.
extern const char* const kCardColumns;
// A review log row that is an answer (counted in cards.reps): not a manual
// or rescheduling entry (kinds 4, 5) and not a cram row (kind 3, ease 0).
inline constexpr const char* kRevlogAnswerSql = "r.kind <= 3 AND NOT (r.kind = 3 AND r.ease = 0)";
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
// JSON array of the texts (each as it is, bytes above 0x7f kept), the same.
std::string TextsJson(const std::vector<std::string>& texts);

}  // namespace detail
}  // namespace recall

#endif  // RECALL_STORE_STORE_IMPL_H_

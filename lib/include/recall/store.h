#ifndef RECALL_STORE_H_
#define RECALL_STORE_H_

// The collection: one SQLite file holding decks, notes, cards, the review log
// and the undo history. Store is the only code that talks to SQLite; every
// write happens in a transaction (see docs/schema.md for the tables).

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "recall/card.h"
#include "recall/fsrs.h"
#include "recall/deck.h"
#include "recall/scheduler.h"
#include "recall/time.h"

namespace recall {

struct Notetype;  // recall/notetype.h

// One card with its note and deck name, as listings show it.
struct CardView {
  Card card;
  Note note;
  std::string deck_name;
};

struct CardQuery {
  std::optional<int64_t> deck_id;  // this deck and its sub-decks ("A" covers "A::B")
  std::optional<std::string> tag;  // this tag and its children ("a" covers "a::b")
  bool due_only = false;           // learning due by `now`, reviews due by `today`
  Timestamp now;
  Day today;
  int64_t limit = -1;              // -1: no limit
};

// New / learning / review counts of what is due now (before daily limits are
// applied to new and review cards: see review/queue for those).
struct DueCounts {
  int64_t new_cards = 0;
  int64_t learning = 0;
  int64_t review = 0;
  int64_t total_cards = 0;
  int64_t suspended = 0;
};

// One row of the review log (Anki's revlog plus what an FSRS optimiser needs).
struct RevlogEntry {
  int64_t id = 0;           // answer time, Unix ms (unique)
  int64_t card_id = 0;
  RevlogFields fields;
  CardType type_before = CardType::kNew;
  int32_t ease_before = 0;  // permille
  int64_t duration_ms = 0;  // capped answer time
  Day day;                  // the study day the answer counted for
};

// The message of a refused stale answer (ErrorCode::kConflict): "card N
// changed elsewhere since it was shown (...); answer not applied".
std::string StaleAnswerMessage(int64_t card_id);

// What undoing an action did.
struct UndoResult {
  std::string action;  // "answer", "suspend", "unsuspend", "bury", "edit", ...
  int64_t card_id = 0;
};

// One entry of the undo history, as `recall undo` names it before undoing.
struct UndoEntry {
  int64_t id = 0;
  std::string action;
  int64_t card_id = 0;
  int64_t created_ms = 0;
  std::optional<int64_t> session_id;  // the review session that made it; unset: a command
  int64_t session_pid = 0;            // that session's process id
  bool session_ended = false;         // the session ended normally
};

// How a command uses the collection (Store::Open).
enum class OpenMode {
  // Creates the collection when missing and writes to it. A collection that
  // cannot be written (a read-only file, directory or file system) is
  // refused: ErrorCode::kStore, "... is read-only ...", naming the file.
  kWrite,
  // Reads an existing collection. Opened for writing when it can be (so the
  // day watermark and caches are kept up to date, and an older schema is
  // migrated); otherwise read-only, skipping every optional write, and
  // SQLite's `immutable` mode when even the WAL index cannot be made: see
  // docs/schema.md, "Read-only collections".
  kRead,
};

// One open collection. Use it from one thread at a time (each thread that
// needs the collection opens its own Store).
class Store {
 public:
  // Opens the collection at `path`, creating it (and its parent directories,
  // the file with mode 0600) on first use, and migrates it to the latest
  // schema in one transaction. A file from a newer recall is refused with
  // ErrorCode::kTooNew and left untouched. Throws recall::Error.
  static Store Open(const std::string& path, const Clock& clock, OpenMode mode = OpenMode::kWrite);
  static Store OpenInMemory(const Clock& clock);

  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;
  ~Store();

  // The default collection path: $RECALL_DB, else $XDG_DATA_HOME/recall/
  // collection.db, else ~/.local/share/recall/collection.db.
  static std::string DefaultPath();
  static int LatestSchemaVersion();
  int SchemaVersion() const;
  const std::string& path() const;
  const Clock& clock() const;
  // True when opened read-only (OpenMode::kRead on a collection that cannot
  // be written): every write throws ErrorCode::kStore saying so.
  bool read_only() const;
  // A message a migration left for the user (how the decks' rollover hours
  // became one), returned once: it is cleared as it is returned. nullopt when
  // there is none, or when the collection is read-only (it is kept for a
  // later command).
  std::optional<std::string> TakeNotice();

  // Runs fn in one transaction: all of its writes or none. Nested calls
  // become savepoints. Rethrows whatever fn throws after rolling back.
  void Transaction(const std::function<void()>& fn);
  // Runs fn in one read transaction: every query of fn sees the same
  // snapshot. Works on a read-only collection (temporary tables included);
  // fn must not write to the collection. Rethrows whatever fn throws (a
  // SQLite exception too, for the caller to name the file that failed).
  void ReadTransaction(const std::function<void()>& fn);

  // --- Calendar ---------------------------------------------------------
  // The collection's rollover hour, 0-23 local time (default 4): every
  // deck's study day starts at it, as in Anki.
  int RolloverHour() const;
  // Sets it; kUsage unless 0 <= hour <= 23.
  void SetRolloverHour(int hour);
  // Today's study day at the collection's rollover hour. Never earlier than
  // a day already seen by this collection, so a time-zone change cannot make
  // a card due twice. Records the day seen (a write, in its own transaction;
  // skipped on a read-only collection, or when a read-only command cannot
  // write). The guard holds for one day at most (what a time-zone change can
  // do): a watermark further ahead came from a wrong clock, and the clock wins.
  DayTiming Today();
  // `recall check --repair`: when the watermark is ahead of the clock's
  // study day, sets it back to that day and returns {old, new}; otherwise
  // nullopt and nothing written.
  std::optional<std::pair<Day, Day>> ResetDayGuard();
  int64_t CreatedSeconds() const;

  // --- Decks --------------------------------------------------------------
  std::vector<Deck> ListDecks() const;  // sorted by name
  std::optional<Deck> FindDeck(std::string_view name) const;  // case-insensitive
  std::optional<Deck> GetDeck(int64_t id) const;
  // Throws kConflict if the name exists, kInvalidInput if it is malformed.
  Deck CreateDeck(const std::string& name, const DeckOptions& options);
  Deck GetOrCreateDeck(const std::string& name);
  void RenameDeck(int64_t id, const std::string& new_name);  // sub-decks follow
  // Deletes the deck, its sub-decks and their cards (and notes left without
  // cards). Review history stays in the log.
  void DeleteDeck(int64_t id);
  void SetDeckOptions(int64_t id, const DeckOptions& options);
  std::vector<int64_t> DeckAndDescendants(int64_t id) const;
  // The cards of `deck_id` and its sub-decks (every deck when unset) due at
  // `now` on study day `today`, before daily limits.
  DueCounts CountDue(std::optional<int64_t> deck_id, Timestamp now, Day today) const;
  // The same for the cards directly in each deck (sub-decks not included),
  // every deck in one statement: {deck id, counts} for every deck.
  std::map<int64_t, DueCounts> CountDueByDeck(Timestamp now, Day today) const;

  // --- Note types (notetypes.cpp) -------------------------------------------
  std::vector<Notetype> ListNotetypes() const;  // by name
  std::optional<Notetype> GetNotetype(int64_t id) const;
  std::optional<Notetype> FindNotetype(std::string_view name) const;  // case-insensitive
  // Adds `type` (a fresh id when type.id is 0) or replaces the type with its
  // id (fields, templates, CSS, sort field, kind). Returns the id. Throws
  // kInvalidInput for a type without fields or templates.
  int64_t SaveNotetype(const Notetype& type);
  // The fields of a note in its type's order (front/back for recall Basic).
  static std::vector<std::string> FieldsOf(const Note& note);

  // --- Notes and cards ------------------------------------------------------
  // Adds a note of any type (note->notetype_id) with one new card per
  // ordinal CardOrdinals gives (recall Basic: one card), at the end of the
  // new-card order. Throws kInvalidInput when the note would get no card.
  std::vector<Card> AddTypedNote(Note* note, int64_t deck_id);
  // Adds a note with one new card at the end of the new-card order. Assigns
  // note->id, ->guid (unless set), ->created_s and ->modified_s. Throws
  // kConflict when note->key is already used.
  Card AddNote(Note* note, int64_t deck_id);
  std::optional<Note> GetNote(int64_t note_id) const;
  std::optional<Note> FindNoteByKey(std::string_view key) const;
  std::optional<Card> GetCard(int64_t card_id) const;
  std::optional<CardView> GetCardView(int64_t card_id) const;
  std::vector<Card> CardsOfNote(int64_t note_id) const;
  std::vector<CardView> ListCards(const CardQuery& query) const;
  // Replaces the note's fields and tags; bumps modified_s; keeps scheduling.
  // Records an undo entry when record_undo.
  void UpdateNote(const Note& note, bool record_undo = false);
  void DeleteNote(int64_t note_id);
  void DeleteCard(int64_t card_id);  // and its note when it was the last card
  void MoveCard(int64_t card_id, int64_t deck_id);

  // Suspend, unsuspend, bury (until the next study day): each undoable.
  void SuspendCard(int64_t card_id, bool suspend);
  void BuryCard(int64_t card_id, Day today);
  // Returns buried cards to their queues when `today` is past the day they
  // were buried on.
  void UnburyBefore(Day today);
  void AddTag(int64_t note_id, const std::string& tag);

  // --- Answers ------------------------------------------------------------
  // Commits one answer in one transaction: the card's new state, a review log
  // row and an undo entry. `before` must equal the card's stored state (else
  // kConflict: the answer was already applied or the card changed), which is
  // what makes a replayed answer harmless. Returns the review log id.
  int64_t RecordAnswer(int64_t card_id, const CardState& before,
                       const AnswerOutcome& outcome, Timestamp at,
                       int64_t duration_ms, Day day);
  // A cram answer: a review log row (kind 3, ease 0, intervals the card's
  // current one) and an undo entry ("cram"); the card row is not changed.
  // kConflict unless `before` is the stored state, as for RecordAnswer.
  int64_t RecordCramAnswer(int64_t card_id, const CardState& before, int rating, Timestamp at,
                           int64_t duration_ms, Day day);
  std::vector<RevlogEntry> RevlogOfCard(int64_t card_id) const;
  // Every review-log row in answer order (id), one at a time: one pass over
  // the log for work over many cards' histories.
  void ForEachRevlogEntry(const std::function<void(const RevlogEntry&)>& fn) const;

  // --- FSRS ---------------------------------------------------------------
  // The collection's FSRS-6 parameters (the published defaults until set).
  FsrsParams FsrsParameters() const;
  // Sets them and replays every card's memory state with them, in one
  // transaction.
  void SetFsrsParameters(const FsrsParams& params);
  // Replays the memory state of every card in the decks from its review log.
  void RecomputeMemoryStates(const std::vector<int64_t>& deck_ids);

  // Undoes the most recent undoable action, even from an earlier session.
  std::optional<UndoResult> Undo();
  // Undoes exactly `entry` (from LastUndo). kConflict when it was undone
  // meanwhile, or when a later action (another session's, a command's)
  // changed the same card: undoing it would overwrite that change.
  std::optional<UndoResult> Undo(const UndoEntry& entry);
  // The newest undo entry, of review session `session_id` when set.
  std::optional<UndoEntry> LastUndo(std::optional<int64_t> session_id = std::nullopt) const;
  int64_t UndoDepth() const;

  // --- Review sessions (undo ownership) ------------------------------------
  // Records a running review session of process `pid` and makes every undo
  // entry this Store writes from now on belong to it. Returns its id.
  int64_t BeginReviewSession(int64_t pid);
  // Marks it ended; later undo entries belong to no session again.
  void EndReviewSession(int64_t session_id);

  // Internal: the implementation, for the other files of the store module.
  struct Impl;
  Impl& impl() const { return *impl_; }

 private:
  explicit Store(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace recall

#endif  // RECALL_STORE_H_

#ifndef RECALL_SESSION_H_
#define RECALL_SESSION_H_

// The review session: which card comes next (Anki's queue order and daily
// limits) and what answering, undoing, suspending, burying or editing it does.
// Pure of terminal I/O: `recall review` renders what this returns.
//
// Queue order (docs/review.md): intraday learning cards due now, then reviews
// and interday learning cards due today (sm2 drill cards after them), then new
// cards in their new-card order; when nothing else is left, learning cards
// due within the learn-ahead window (20 minutes, Anki's default). New and
// review cards are capped by each deck's new_per_day / reviews_per_day minus
// what the review log says was done today, so limits hold across sessions.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/deck.h"
#include "recall/error.h"
#include "recall/review.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall {

// --- Pure queue building ----------------------------------------------------

// Anki's default "learn ahead limit" (collapseTime): learning cards due within
// this many seconds are shown when nothing else is left.
inline constexpr int64_t kLearnAheadSeconds = 1200;

// One card the queue may show. `due` is Unix seconds for intraday learning,
// a Day number for reviews and interday learning, the position for new cards.
struct QueueCandidate {
  int64_t card_id = 0;
  int64_t note_id = 0;
  int64_t deck_id = 0;
  int64_t due = 0;
  CardQueue queue = CardQueue::kNew;
};

// A deck's daily allowance and its place in the tree. `parent_id` is 0 for a
// deck whose parent is outside the session (the session root, or a top-level
// deck when the session covers every deck): limits above it do not apply.
struct DeckAllowance {
  int64_t parent_id = 0;
  int64_t new_left = 0;     // new_per_day - new cards introduced today (subtree), >= 0
  int64_t review_left = 0;  // reviews_per_day - reviews done today (subtree), >= 0
};

// The candidates of one moment, each list already in its order.
struct QueueInput {
  std::vector<QueueCandidate> learning_due;    // queue 1, due <= now, by due
  std::vector<QueueCandidate> learning_ahead;  // queue 1, now < due <= now + learn ahead, by due
  std::vector<QueueCandidate> reviews;         // queue 2 and 3 due today, by due (Day), then id
  std::vector<QueueCandidate> drills;          // sm2 cards graded < 4 today, least recently answered first
  std::vector<QueueCandidate> new_cards;       // queue 0, by position
  std::map<int64_t, DeckAllowance> decks;      // every deck of the session
};

enum class QueueSource { kLearning, kReview, kDrill, kNew, kLearnAhead };

struct QueueEntry {
  QueueCandidate card;
  QueueSource source = QueueSource::kNew;
};

// What is left to study now, in order: learning due, reviews (capped by each
// deck's review allowance along the path to the session root), drills, new
// cards (capped likewise by new allowances). Learn-ahead cards come only when
// all of those are empty.
std::vector<QueueEntry> BuildQueue(const QueueInput& input);

// Remaining counts as the header shows them: "New 12 · Learn 3 · Due 40".
struct QueueCounts {
  int64_t new_cards = 0;
  int64_t learning = 0;  // intraday learning (due now or ahead) + interday learning
  int64_t review = 0;    // reviews + sm2 drills
};
QueueCounts CountQueue(const std::vector<QueueEntry>& queue);

// A card a drill (`recall review --weakest N`, `--cram`) may show, with its
// predicted recall now (MemoryModel); new cards have none.
struct DrillCandidate {
  int64_t card_id = 0;
  bool is_new = false;
  double recall = 0;  // retrievability now; ignored for new cards
  int64_t due = 0;    // new cards: their position in the new-card order
};

// The order of a drill. Weakest (`limit` >= 0): the `limit` studied cards
// with the lowest predicted recall, lowest first (ties by card id); new cards
// are left out (they have no recall to predict: learning them is what the
// normal queue's new-card limit is for). Cram (`limit` < 0): every studied
// card, lowest recall first, then the new cards in their new-card order.
std::vector<int64_t> OrderDrill(std::vector<DrillCandidate> candidates, int64_t limit);

// Daily usage per deck (cards directly in it), from the review log.
struct DeckUsage {
  int64_t new_introduced = 0;  // distinct cards first answered today (type_before = new)
  int64_t reviews_done = 0;    // answers of kind review today
};

// A deck of the session for ComputeAllowances.
struct SessionDeck {
  int64_t id = 0;
  std::string name;
  bool bury_siblings = true;
  int64_t parent_id = 0;  // 0 when the parent is outside the session
  int new_per_day = 0;
  int reviews_per_day = 0;
};

// Each deck's allowance: its limit minus the usage of its whole subtree.
std::map<int64_t, DeckAllowance> ComputeAllowances(const std::vector<SessionDeck>& decks,
                                                   const std::map<int64_t, DeckUsage>& usage);

// --- Queries (lib/src/store/review_queries.cpp) -----------------------------

// The decks of a session: `root` and its sub-decks, or every deck when unset.
// Parent links stop at the root (or at top-level decks).
std::vector<SessionDeck> LoadSessionDecks(const Store& store, std::optional<int64_t> root);

// Usage of each deck on the study day `today` of that deck (keys: deck ids).
// `days` maps each deck id to the today its usage is counted on.
std::map<int64_t, DeckUsage> LoadDeckUsage(const Store& store, const std::map<int64_t, Day>& days);

// Each deck's study day today: Store::Today at the deck's rollover hour
// (asked once per hour, so Store::Today's time-zone guard sees each hour
// once). The `days` LoadDeckUsage and LoadQueueCandidates take.
std::map<int64_t, Day> DeckStudyDays(Store& store, const std::vector<SessionDeck>& decks);

// Fills the candidate lists of `input` for the decks of input->decks at
// `now`, each deck on its own `today` (`days`). Reads at most a deck's own
// allowance of new and review cards from each deck. Cards of a note with
// another card answered today are left out of the new and review lists when
// the deck buries siblings. REQUIRES: input->decks is set (ComputeAllowances).
// With `tags`, only cards of notes that have one of them (or a child tag:
// "a" covers "a::b").
void LoadQueueCandidates(const Store& store, const std::vector<SessionDeck>& decks,
                         const std::map<int64_t, Day>& days, Timestamp now, int64_t learn_ahead_seconds,
                         QueueInput* input, const std::vector<std::string>& tags = {});

// The cards a drill may show: not suspended or buried, in `deck_ids`, and
// (with `tags`) of a note with one of the tags or a child tag. By card id.
std::vector<Card> LoadDrillCards(const Store& store, const std::vector<int64_t>& deck_ids,
                                 const std::vector<std::string>& tags);

// What comes after the session: learning cards still due later today, and
// reviews (interday learning included) due by tomorrow.
struct UpcomingCounts {
  int64_t learning_today = 0;
  int64_t reviews_tomorrow = 0;
  std::optional<Timestamp> next_learning_due;  // the earliest intraday learning card
};
UpcomingCounts LoadUpcoming(const Store& store, const std::vector<int64_t>& deck_ids, Timestamp next_day_at,
                            Day tomorrow);
// The earliest intraday learning card of the decks, if any.
std::optional<Timestamp> NextLearningDue(const Store& store, const std::vector<int64_t>& deck_ids);

// --- The session ------------------------------------------------------------

struct SessionOptions {
  std::optional<int64_t> deck_id;  // this deck and its sub-decks; unset: all decks
  int64_t card_limit = -1;         // stop after this many answers (-1: none)
  int64_t minutes = -1;            // stop showing cards after this many minutes (-1: none)
  int64_t learn_ahead_seconds = kLearnAheadSeconds;
  // Only cards of notes with one of these tags (or a child tag).
  std::vector<std::string> tags;
  // A drill of the `weakest` cards in scope with the lowest predicted recall
  // now (-1: no drill). Real answers, scheduled normally; a card not yet due
  // is an early review (AnswerMode::kEarly).
  int64_t weakest = -1;
  // Cram: every card in scope once, weakest first, new cards last; answers
  // are logged (AnswerMode::kCram) but change no schedule.
  bool cram = false;
};

// One answer button: "3 Good 10m".
struct AnswerChoice {
  int rating = 0;
  std::string label;  // "Again", "Hard", "Good", "Easy"; "0".."5" labels for sm2
  std::string delay;  // FormatDelay of the interval it would give
};

enum class SessionState {
  kCard,     // a card to show: current()
  kWaiting,  // only learning cards remain, none due yet: next_due()
  kDone,     // nothing left (or a limit of the session was reached): done_reason()
};

enum class DoneReason { kEmpty, kCardLimit, kTimeLimit };

struct SessionSummary {
  int64_t answered = 0;
  int64_t cards = 0;          // distinct cards answered (a learning card may be answered several times)
  int64_t again = 0;          // anki: rating 1; sm2: grade < 3
  int64_t new_learned = 0;    // distinct cards answered that were new
  int64_t review_answers = 0; // answers to cards in the review state (interval of a day or more)
  int64_t review_passed = 0;  // of those, not "again": the session's retention
  int64_t duration_ms = 0;    // session wall time (by the session's clock)
  UpcomingCounts upcoming;
};

// A review session over a store. Not thread-safe. Every answer, suspend,
// bury, edit and undo is committed (one transaction) before it returns, so a
// crash loses at most the card being shown.
class ReviewSession {
 public:
  // Throws kNotFound when options.deck_id names no deck. Records the session
  // in the store (Store::BeginReviewSession): its actions are its own to undo.
  ReviewSession(Store& store, SessionOptions options);
  ~ReviewSession();
  ReviewSession(const ReviewSession&) = delete;
  ReviewSession& operator=(const ReviewSession&) = delete;

  // Rebuilds the queue from the store at the clock's now and says what to do.
  SessionState Advance();
  SessionState state() const { return state_; }
  // REQUIRES: state() == kCard.
  const CardView& current() const { return *current_; }
  const Deck& current_deck() const { return current_deck_; }
  // The collection the session works on (note types, what an undo restored).
  const Store& store() const { return store_; }
  QueueCounts counts() const { return counts_; }
  int64_t position() const { return answered_ + 1; }  // 1-based number of the shown card
  // REQUIRES: state() == kWaiting. When the next learning card is due, and
  // when it will be shown (learn-ahead window before that).
  Timestamp next_due() const { return next_due_; }
  Timestamp next_show_at() const { return Timestamp{next_due_.ms - options_.learn_ahead_seconds * 1000}; }
  DoneReason done_reason() const { return done_reason_; }

  // The answers for the current card with the delay each gives.
  std::vector<AnswerChoice> Choices() const;
  // Answers the current card; the answer time is from when it was first
  // shown (Advance) to now, capped by the deck. Then call Advance(). Throws
  // kConflict, writing nothing, when the card changed elsewhere since it was
  // shown (StaleAnswerMessage) or was deleted ("... deleted elsewhere;
  // skipped"); the session then moves on with Advance() as after an answer.
  AnswerResult Answer(int rating);
  // Suspends / buries the current card (undoable). Then call Advance().
  // A card deleted elsewhere meanwhile: kConflict as for Answer.
  void Suspend();
  void Bury();
  // Replaces the current note's front, back and tags (undoable); the card
  // stays current with the new text.
  void Edit(const Note& note);
  // Undoes this session's last undoable action (never a running session's or
  // a command's; with none of its own left, the newest action of the
  // collection when a session that is over made it on a card of this
  // session's decks: undo after a restart). Returns nullopt when there was
  // nothing to undo; kConflict,
  // undoing nothing, when a later action elsewhere changed that card. Then
  // call Advance().
  std::optional<UndoResult> Undo();

  SessionSummary Summary();

 private:
  Store& store_;
  SessionOptions options_;
  Timestamp started_;
  SessionState state_ = SessionState::kDone;
  std::optional<CardView> current_;
  Deck current_deck_;
  QueueCounts counts_;
  Timestamp shown_at_;
  Timestamp next_due_;
  DoneReason done_reason_ = DoneReason::kEmpty;
  int64_t answered_ = 0;
  int64_t again_ = 0;
  // This session's undoable actions, newest last: 0 other, 1 answer, 2 answer
  // that was an "again" (undo takes the counts back).
  std::vector<int> actions_;
  // This session's answers, newest last (undo takes the last one back).
  struct AnsweredCard {
    int64_t card_id = 0;
    bool again = false;
    bool was_new = false;
    bool was_review = false;
  };
  std::vector<AnsweredCard> answers_;
  std::optional<int64_t> undone_card_;  // shown next after an undo
  std::vector<int64_t> deck_ids_;
  int64_t session_id_ = 0;       // Store::BeginReviewSession
  int vanished_in_a_row_ = 0;    // queue heads deleted by another process

  // Turns kNotFound (the card was deleted elsewhere) into kConflict
  // "... deleted elsewhere; skipped"; rethrows anything else.
  [[noreturn]] void SkipVanished(const Error& e);

  // Drills (lib/src/review/drill.cpp): the cards picked when the session
  // started, and Advance for them.
  bool drill() const { return options_.weakest >= 0 || options_.cram; }
  void PickDrill(Timestamp now);
  SessionState AdvanceDrill(Timestamp now);
  void DrillDone(int64_t card_id);   // answered, suspended or buried: off the list
  std::vector<int64_t> drill_left_;  // not yet answered, in order
  std::set<int64_t> drilled_;        // answered in this session
};

// True when `entry` was made by a review session still running: it has not
// ended and its process exists (same host). `recall undo` refuses such an
// action without --force: it is that session's to undo.
bool ReviewSessionRunning(const UndoEntry& entry);

// Labels of the answer buttons: "Again".."Easy" (anki), "Blackout".."Perfect" (sm2).
const char* RatingLabel(Algorithm algorithm, int rating);

}  // namespace recall

#endif  // RECALL_SESSION_H_

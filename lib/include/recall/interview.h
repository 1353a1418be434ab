#ifndef RECALL_INTERVIEW_H_
#define RECALL_INTERVIEW_H_

// Interviews (docs/interview.md): a date, a target recall and a scope of
// decks and tags, stored in the collection. Readiness, the plan and the
// deadline rule build on these (recall/readiness.h).

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "recall/card.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall {

inline constexpr double kDefaultInterviewTarget = 0.90;
inline constexpr double kMinInterviewTarget = 0.50;
inline constexpr double kMaxInterviewTarget = 0.99;

// A deck of an interview's scope. Stored by id, so a renamed deck stays in
// scope; `name` is its current name, empty when the deck was deleted (it then
// matches no card).
struct InterviewDeck {
  int64_t id = 0;
  std::string name;
  friend bool operator==(const InterviewDeck& a, const InterviewDeck& b) {
    return a.id == b.id && a.name == b.name;
  }
};

// One interview. Its scope: the cards of its decks (and their sub-decks)
// that have one of its tags (or a child tag: "a" covers "a::b"). An empty
// list does not restrict: no decks and no tags is the whole collection.
// Suspended cards are never in scope.
struct Interview {
  int64_t id = 0;
  std::string name;                         // unique, case-insensitive
  Day day;                                  // the interview's study day
  double target = kDefaultInterviewTarget;  // recall probability to reach on the day
  std::vector<InterviewDeck> decks;         // by name
  std::vector<std::string> tags;            // sorted
  int64_t created_s = 0;
};

// The study day that starts on calendar date "YYYY-MM-DD" (the inverse of
// FormatDay), in any time zone. Nullopt for anything else, including
// impossible dates (lib/src/interview/interview_date.cpp).
std::optional<Day> ParseDay(std::string_view text);

// --- Store functions (lib/src/store/interviews.cpp; the cards in scope:
// lib/src/store/interview_scope.cpp) -----------------------------------------

// Adds the interview, or replaces the day, target and scope of the one with
// the same name (case-insensitive; the stored spelling is kept). Validates:
// name non-empty, target in [0.5, 0.99] (kUsage). Deck ids are taken from
// interview.decks (names are ignored). One transaction. Returns the stored
// interview; *created tells whether it is new.
Interview SaveInterview(Store& store, const Interview& interview, bool* created = nullptr);

// Every interview, by day then name.
std::vector<Interview> ListInterviews(const Store& store);

// The interview named `name` (case-insensitive).
std::optional<Interview> FindInterview(const Store& store, std::string_view name);

// Removes the interview named `name`; false when there is none.
bool RemoveInterview(Store& store, std::string_view name);

// The cards in the interview's scope (not suspended), with their notes and
// deck names, in card id order.
std::vector<CardView> CardsInScope(const Store& store, const Interview& interview);

// The same cards without their notes, read in one query: what readiness
// and the plan need of each card, cheap enough for the status of bare
// `recall` on a large collection.
std::vector<Card> ScopeCards(const Store& store, const Interview& interview);

// One card of an interview's scope with only what readiness and the plan's
// first day look at (no note, no other columns).
struct ScopeMemoryRow {
  int64_t card_id = 0;
  CardType type = CardType::kNew;
  CardQueue queue = CardQueue::kNew;
  int64_t due = 0;
  std::optional<double> stability;  // the FSRS memory state's, when the card has one
  int64_t last_review_s = 0;        // 0: no recorded answer time
  int64_t deck_id = 0;
};

// Calls `fn` for each card of the scope (ScopeCards' cards), in no
// particular order, from one pass over those columns: the status of bare
// `recall` at 100k cards.
void ForEachScopeRow(const Store& store, const Interview& interview,
                     const std::function<void(const ScopeMemoryRow&)>& fn);

// The same with each card's note tags: readiness per topic
// (ReadinessOfScope).
void ForEachScopeRowWithTags(
    const Store& store, const Interview& interview,
    const std::function<void(const ScopeMemoryRow&, const std::vector<std::string>& tags)>& fn);

// The cards of the scope the plan's first day can reach, with their memory
// columns, by card id: in queue order (due, then card id), the first `limit`
// intraday learning cards due before `day_end` (the next study day's start)
// and interday learning cards due by `today`, each deck's first reviews due
// by `today` up to min(limit, its `review_allowance`: what its review limit
// leaves today; decks not named have none), and the first `new_cards` new
// cards in the new-card order (position, then card id). With `limit` the
// answers a day of the plan can hold, these are every card that day answers.
std::vector<Card> ScopeCardsDueToday(const Store& store, const Interview& interview, Day today,
                                     Timestamp day_end, int64_t limit,
                                     const std::map<int64_t, int64_t>& review_allowance, int64_t new_cards);

// New cards in scope now (buried ones included), plus those in scope first
// answered on `today`: the new cards the day started with (the plan's rate is
// fixed for the day).
int64_t CountNewInScope(const Store& store, const Interview& interview, Day today);
// Only the second part: the cards in scope first answered on `today`.
int64_t CountFirstAnsweredInScope(const Store& store, const Interview& interview, Day today);
// The same cards' ids, in order.
std::vector<int64_t> FirstAnsweredInScope(const Store& store, const Interview& interview, Day today);
// Whether card `card_id` counts among them for a scope that holds it: it has
// an answer on `today` given while it was new, and is not suspended.
bool FirstAnsweredOn(const Store& store, int64_t card_id, Day today);

// The cards of `ids` (any order; ids of no card are left out), by id.
std::vector<Card> CardsWithIds(const Store& store, const std::vector<int64_t>& ids);

// A review card's due day moved earlier: card `card_id`, due `from` (its
// stored due, checked) to `to`.
struct DueMove {
  int64_t card_id = 0;
  Day from;
  Day to;
};
// Applies the moves in one transaction to cards still in the review queue
// and still due on `from` (others are skipped); returns how many moved.
int64_t MoveReviewDues(Store& store, const std::vector<DueMove>& moves);

// The deadline rule applied to the cards of the scope already scheduled past
// the interview day (interview::PulledForwardDue): each such review card is
// made due k days before the day (never before today). One transaction;
// returns how many moved (lib/src/interview/deadline.cpp).
int64_t PullForwardScope(Store& store, const Interview& interview);

}  // namespace recall

#endif  // RECALL_INTERVIEW_H_

#ifndef RECALL_CARD_H_
#define RECALL_CARD_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "recall/fsrs.h"

namespace recall {

// Card type and queue use Anki's numbers, so export and import are a copy.
enum class CardType : int { kNew = 0, kLearning = 1, kReview = 2, kRelearning = 3 };
enum class CardQueue : int {
  kUserBuried = -3,
  kSchedBuried = -2,
  kSuspended = -1,
  kNew = 0,
  kLearning = 1,     // intraday learning: due is Unix seconds
  kReview = 2,       // due is a Day (days since 1970-01-01, local study day)
  kDayLearning = 3,  // interday learning: due is a Day
};

// The scheduling state of one card, flat and in Anki's representation.
//  due: kNew -> position in the new-card order; kLearning -> Unix seconds;
//       kReview / kDayLearning -> Day number (recall's, not Anki's: see
//       docs/schema.md). Suspended/buried cards keep the due of their type.
// For sm2 decks: type kNew or kReview, interval = I (days), ease = EF in
// permille (EF 2.5 -> 2500, always a multiple of 10), left = the count n of
// consecutive successful repetitions, drill = graded < 4 today (re-asked
// until >= 4, which does not change the state).
struct CardState {
  CardType type = CardType::kNew;
  CardQueue queue = CardQueue::kNew;
  int64_t due = 0;
  int32_t interval = 0;  // days
  int32_t ease = 0;      // permille; 0 until the card first graduates
  int32_t reps = 0;      // answers given
  int32_t lapses = 0;    // failed reviews
  int32_t left = 0;      // anki: learning steps remaining; sm2: repetitions n
  bool drill = false;    // sm2 only
  // FSRS memory state, kept for cards of every algorithm (docs/scheduling.md);
  // empty for a new card, or one whose history is not yet known.
  std::optional<MemoryState> memory;
  int64_t last_review_s = 0;  // Unix seconds of the last answer; 0: never

  friend bool operator==(const CardState& a, const CardState& b) {
    return a.type == b.type && a.queue == b.queue && a.due == b.due &&
           a.interval == b.interval && a.ease == b.ease && a.reps == b.reps &&
           a.lapses == b.lapses && a.left == b.left && a.drill == b.drill &&
           a.memory == b.memory && a.last_review_s == b.last_review_s;
  }
  friend bool operator!=(const CardState& a, const CardState& b) { return !(a == b); }
};

// recall's own note type "recall Basic": two Markdown fields, Front and Back
// (the Anki note type id recall's packages have always used).
inline constexpr int64_t kRecallBasicNotetypeId = 1836492177;

struct Note {
  int64_t id = 0;          // creation time in ms, as Anki
  std::string guid;        // stable identity across exports
  // recall Basic notes: the two Markdown fields. Notes of other types: front
  // is the sort field as plain text (HTML stripped), for listings and search;
  // back is "". Their fields are in `fields`.
  std::string front;
  std::string back;
  std::vector<std::string> tags;
  std::string source;      // where it came from: a file path, "cli", "apkg:<file>"
  std::string key;         // identity for re-import (empty for notes added by hand)
  int64_t created_s = 0;
  int64_t modified_s = 0;
  // Last, so that aggregate initialisers of the fields above keep working.
  int64_t notetype_id = kRecallBasicNotetypeId;
  // Every field of a note of another type, in the type's order (Anki's
  // HTML). Empty for recall Basic notes.
  std::vector<std::string> fields;
};

struct Card {
  int64_t id = 0;       // creation time in ms, as Anki
  int64_t note_id = 0;
  int64_t deck_id = 0;
  int ord = 0;          // template index; always 0 for the Basic note type
  CardState state;
  int64_t modified_s = 0;
};

}  // namespace recall

#endif  // RECALL_CARD_H_

#ifndef RECALL_MEMORY_H_
#define RECALL_MEMORY_H_

// Memory state for every card, whatever schedules it (docs/scheduling.md,
// "Memory state for every card"): stability, difficulty and retrievability
// at any time, from the card's review log and the collection's FSRS
// parameters.

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "recall/card.h"
#include "recall/deck.h"
#include "recall/fsrs.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall {

// The memory state a card's review log implies, replayed answer by answer
// (elapsed time in study days; answers on the same day use the short-term
// update). Manual entries are skipped; a "forget" reset (a manual entry with
// interval 0) starts the history again. A log that does not start with the
// card's first answer (history lost, e.g. imported) starts from the SM-2
// fallback of the state before its first entry. Ratings are read as
// `ratings_of`'s (sm2 grades map to 1-4). Empty when there is no answer.
struct ReplayedMemory {
  MemoryState state;
  int64_t last_review_s = 0;
  Day last_review_day;
};
std::optional<ReplayedMemory> MemoryFromReviewLog(const std::vector<RevlogEntry>& log, Algorithm ratings_of,
                                                  const FsrsParams& w);

// MemoryFromReviewLog one entry at a time, for a pass over many cards' logs
// at once: Step each of a card's entries in answer order into its own
// ReplayProgress; `memory` is then what MemoryFromReviewLog returns.
struct ReplayProgress {
  std::optional<ReplayedMemory> memory;
  bool started = false;
};
void ReplayStep(const RevlogEntry& e, Algorithm ratings_of, const FsrsParams& w, ReplayProgress* progress);

// How well parameters predict a review history (docs/scheduling.md,
// "Evaluating parameters"). Each card's log is replayed as above; every answer
// given at least one study day after the previous one is a prediction
// p = R(elapsed, S before it) of the outcome y = recalled (rating above
// Again; sm2: grade 3 or more).
struct CardHistory {
  Algorithm ratings_of = Algorithm::kAnki;
  std::vector<RevlogEntry> log;  // in answer order
};
struct FsrsEvaluation {
  int64_t reviews = 0;   // predictions scored
  double log_loss = 0;   // mean of -(y ln p + (1 - y) ln(1 - p))
  double rmse_bins = 0;  // sqrt(sum_b n_b (mean p_b - mean y_b)^2 / N), 20 bins of p
};
FsrsEvaluation EvaluateFsrs(const std::vector<CardHistory>& cards, const FsrsParams& w);

// What recall knows about one card's memory at an instant.
struct CardMemory {
  MemoryState state;
  double retrievability = 0;  // probability of recall at the instant asked
  int64_t elapsed_days = 0;   // whole study days since the last answer
};

// Memory states and retrievability of cards, read from a store. Cards keep
// their state up to date on every answer (recall::Answer); a card that has
// none yet (history from before FSRS) is replayed from its review log.
class MemoryModel {
 public:
  explicit MemoryModel(const Store& store);

  const FsrsParams& params() const { return params_; }
  // Empty for a card never answered.
  std::optional<CardMemory> ForCard(const Card& card, Timestamp at) const;
  // ForCard at each instant of `at`, the card's state read once (a pass that
  // wants the same card on many days); empty for a card never answered.
  std::vector<CardMemory> ForCardAt(const Card& card, const std::vector<Timestamp>& at) const;
  // Retrievability of a memory state `elapsed_days` after its last answer.
  double Retrievability(const MemoryState& state, double elapsed_days) const;
  // For a pass over many cards (stats): replays the memory of `cards` (card
  // id and deck id, each card with no state of its own) in one pass over the
  // review log in time order, so that ForCard does not read each one's log.
  // At most kMaxPreloaded cards are held; the others are read card by card.
  static constexpr size_t kMaxPreloaded = 100000;
  void PreloadReplays(const std::vector<std::pair<int64_t, int64_t>>& cards);
  // The memory states PreloadReplays worked out (card id and replay), for
  // the cards whose log gave one, in card id order: what a caller keeps on
  // the cards so that the next pass reads them instead (stats'
  // CatchUpMemoryStates).
  std::vector<std::pair<int64_t, ReplayedMemory>> PreloadedStates() const;

 private:
  const Store& store_;
  FsrsParams params_;
  // Rollover hour and algorithm of a deck, read once per deck (ForCard runs
  // per card).
  const std::pair<int, Algorithm>& DeckOf(int64_t deck_id) const;
  mutable std::map<int64_t, std::pair<int, Algorithm>> decks_;
  // The day timing of the last (at, rollover hour) asked: a pass over many
  // cards asks the same one for each (the calendar is costly per call).
  mutable std::optional<std::pair<std::pair<int64_t, int>, DayTiming>> timing_;
  // ForCardAt's: the timing of each instant last asked, at one rollover hour.
  mutable std::vector<std::pair<int64_t, DayTiming>> timings_;
  mutable int timings_rollover_ = -1;
  // The card's memory state and its last answer (seconds; 0 when unknown),
  // and what they give at the end of a day.
  std::optional<std::pair<MemoryState, int64_t>> StateOf(const Card& card) const;
  CardMemory MemoryAt(const Card& card, const MemoryState& state, int64_t last_review_s,
                      const DayTiming& timing) const;
  // PreloadReplays' cards: each one's replay, by card id.
  struct Preloaded {
    Algorithm ratings_of = Algorithm::kAnki;
    ReplayProgress progress;
  };
  std::unordered_map<int64_t, Preloaded> preloaded_;
};

}  // namespace recall

#endif  // RECALL_MEMORY_H_

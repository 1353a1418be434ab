#ifndef RECALL_STATS_MEMORY_SNAPSHOT_H_
#define RECALL_STATS_MEMORY_SNAPSHOT_H_

// Private to the stats module: the memory section of a report scope kept
// between reports (schema/0016_stats_snapshots.sql). The first report of a
// study day passes over the cards and keeps the exact sums; the next ones
// read them while the collection is unchanged, and each answer brings them
// up to date card by card in its transaction (recall::AnswerCard), so that
// `recall stats` does not read every card again after each answer.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/memory.h"
#include "recall/stats.h"
#include "recall/store.h"
#include "recall/time.h"
#include "store/stats_snapshot_rows.h"

namespace recall::detail {

// The memory section's sums: the summary, and per tag row the cards with a
// memory state and their retrievability as a RecallSum (units of 2^-40).
struct MemorySums {
  struct TagRow {
    std::string tag;
    int64_t cards = 0;
    int64_t units = 0;
  };
  MemoryAccumulator all;
  std::vector<TagRow> tags;  // the report's tag rows, in its order when computed
};

// Adds (sign 1) or takes back (-1) one card's sample, its note's tags `tags`.
void StepMemorySums(MemorySums& sums, const MemorySample& sample, const std::vector<std::string>& tags, int sign);
inline void AddToMemorySums(MemorySums& sums, const MemorySample& sample, const std::vector<std::string>& tags) {
  StepMemorySums(sums, sample, tags, 1);
}

// The snapshot row's scope for a report over `filter`: '' for every card,
// else "deck=ID", "tag=NAME" or both.
std::string MemoryScopeOf(const StatsFilter& filter);

// The text kept in the row, and back (nullopt when it is not such text: the
// report then passes over the cards again).
std::string EncodeMemorySums(const MemorySums& sums);
std::optional<MemorySums> DecodeMemorySums(const std::string& text);

// report.memory, and each of report.tags' predicted_recall and
// cards_with_memory, from `sums` (a tag row it does not have has no card
// with a memory state).
void ApplyMemorySums(const MemorySums& sums, StatsReport& report);

// The answer path, inside the answer's transaction: before the answer is
// written, what the card adds to each snapshot row valid now (`today`, the
// answer's study day); after it, the rows with what it adds then, stamped
// with the collection's new generation. Rows not valid before are left
// stale, and so is every row when the answer tagged the note (a leech).
struct PendingMemorySnapshots {
  struct Row {
    MemorySnapshotRow row;
    MemorySums sums;
    bool in_scope = false;
    std::optional<MemorySample> before;
  };
  Card card;
  std::vector<std::string> tags;  // its note's
  std::vector<Row> rows;
};
PendingMemorySnapshots MemorySnapshotsBeforeAnswer(const Store& store, const Card& card, Day today);
void MemorySnapshotsAfterAnswer(Store& store, const PendingMemorySnapshots& pending, bool tagged_leech);

// A card's sample for the memory section of study day `today`: its memory
// state and retrievability at the day's end (recall::MemoryModel); empty
// for a card without one.
std::optional<MemorySample> MemorySampleOf(const MemoryModel& model, const Card& card, Day today, int rollover);

}  // namespace recall::detail

#endif  // RECALL_STATS_MEMORY_SNAPSHOT_H_

#ifndef RECALL_STATS_MEMORY_SNAPSHOT_H_
#define RECALL_STATS_MEMORY_SNAPSHOT_H_

// Private to the stats module: the memory section of a report scope kept
// between reports (schema/0016_stats_snapshots.sql, 0018_memory_horizon.sql).
// The first report passes over the cards and keeps the exact sums for the
// kMemoryHorizonDays study days from its own on; the next ones, on any of
// those days, read them while the collection is unchanged, and each answer
// brings them up to date card by card in its transaction
// (recall::AnswerCard), so that `recall stats` reads every card again only
// after another kind of write or once the days run out.

#include <cstddef>
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

// The tag rows of `sums` a card whose note has `tags` falls under (indices
// into sums.tags).
std::vector<size_t> TagRowsOf(const MemorySums& sums, const std::vector<std::string>& tags);

// The memory section over a run of study days (schema/0018_memory_horizon.sql):
// a card's retrievability at the end of each later day is fixed until its
// next answer, so the sums for the days ahead stay exact while answers take
// their card out of each day and put it back.
inline constexpr int kMemoryHorizonDays = 30;
struct MemoryHorizon {
  Day first;
  std::vector<MemorySums> days;  // days[k]: at the end of study day first + k, each with every tag row
  // The day's sums; nullptr outside the run.
  const MemorySums* At(Day day) const;
  // Drops the days before `day` (an answer on `day` does not keep them).
  void DropBefore(Day day);
  // The start of each of its days, for MemorySamplesOf.
  std::vector<Timestamp> DayStarts(int rollover) const;
};
// Adds (sign 1) or takes back (-1) one card's samples, one per day of the
// run (none for a card without a memory state), under the tag rows `rows`
// (TagRowsOf).
void StepMemoryHorizon(MemoryHorizon& horizon, const std::vector<MemorySample>& samples,
                       const std::vector<size_t>& rows, int sign);

// The snapshot row's scope for a report over `filter`: '' for every card,
// else "deck=ID", "tag=NAME" or both.
std::string MemoryScopeOf(const StatsFilter& filter);

// The text kept in the row, and back (nullopt when it is not such text: the
// report then passes over the cards again); `first` is the row's day.
std::string EncodeMemoryHorizon(const MemoryHorizon& horizon);
std::optional<MemoryHorizon> DecodeMemoryHorizon(Day first, const std::string& text);

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
    MemoryHorizon horizon;
    bool in_scope = false;
    std::vector<MemorySample> before;  // per day of the horizon
  };
  Card card;
  std::vector<std::string> tags;  // its note's
  std::vector<Row> rows;
};
PendingMemorySnapshots MemorySnapshotsBeforeAnswer(const Store& store, const Card& card, Day today);
void MemorySnapshotsAfterAnswer(Store& store, const PendingMemorySnapshots& pending, bool tagged_leech);

// A card's samples for the memory section at the end of each study day
// starting at `day_starts`: its memory state and retrievability then
// (recall::MemoryModel); empty for a card without one.
std::vector<MemorySample> MemorySamplesOf(const MemoryModel& model, const Card& card,
                                          const std::vector<Timestamp>& day_starts);

}  // namespace recall::detail

#endif  // RECALL_STATS_MEMORY_SNAPSHOT_H_

#ifndef RECALL_STATS_MEMORY_STATS_H_
#define RECALL_STATS_MEMORY_STATS_H_

// Private to the stats module: the memory section of the report
// (docs/stats.md, "Memory").

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "recall/stats.h"
#include "recall/store.h"
#include "stats/memory_snapshot.h"

namespace recall::detail {

// Keeps on each card `filter` covers that has a review log but no memory
// state of its own (history from before FSRS) the state its log gives, so
// that this and every later report (and the card's next answer, which would
// replay the same log) read it instead: batches of
// MemoryModel::kMaxPreloaded cards, each replayed in one pass over the log
// and written in one transaction. A card answered meanwhile keeps its own
// state; a card whose log gives none (reset to new by a "forget") stays as
// it is. Does nothing on a read-only collection, or when fewer than
// kCatchUpAtLeast cards need it (replaying them one by one costs less than a
// pass over the log; ComputeMemorySums then does so). The figures are the same
// either way: the kept state is the replay, to the last bit.
// Returns the cards `filter` covers that are still to be replayed when read
// (CardsToReplay after the catch-up: those whose log gave no state, or all
// of them when nothing was written), for ComputeMemorySums.
inline constexpr size_t kCatchUpAtLeast = 256;
std::vector<std::pair<int64_t, int64_t>> CatchUpMemoryStates(Store& store, const StatsFilter& filter);

// The memory section's sums over the cards `filter` covers, with
// retrievability at the end of each of `days` study days from `today` on,
// for the tag rows `tag_rows`. `to_replay`: the cards with a log and no
// state of their own (CatchUpMemoryStates' result).
MemoryHorizon ComputeMemoryHorizon(const Store& store, const StatsFilter& filter, Day today, int days,
                                   const std::vector<std::pair<int64_t, int64_t>>& to_replay,
                                   const std::vector<TagStats>& tag_rows);

// The memory section in each format (lib/src/stats/render_memory.cpp; text
// and HTML show it only when some card has a memory state):
// the heading's text, the text section's body for `width` columns, the JSON
// (sets j["memory"] and each j["tags"][i]'s "predicted_recall" and
// "cards_with_memory"), and the HTML section.
std::string MemoryHeading(const StatsReport& r);
std::string MemoryText(const StatsReport& r, int width);
void AddMemoryJson(const StatsReport& r, nlohmann::json& j);
std::string MemoryHtml(const StatsReport& r);

}  // namespace recall::detail

#endif  // RECALL_STATS_MEMORY_STATS_H_

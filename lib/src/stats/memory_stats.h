#ifndef RECALL_STATS_MEMORY_STATS_H_
#define RECALL_STATS_MEMORY_STATS_H_

// Private to the stats module: the memory section of the report
// (docs/stats.md, "Memory").

#include <nlohmann/json.hpp>
#include <string>

#include "recall/stats.h"
#include "recall/store.h"

namespace recall::detail {

// Fills report.memory and each row's predicted_recall in report.tags from
// the memory states (recall::MemoryModel) of the cards `filter` covers, with
// retrievability at the end of the study day of `now`.
void AddMemoryStats(const Store& store, const StatsFilter& filter, Timestamp now, StatsReport& report);

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

#ifndef RECALL_STORE_STATUS_CACHE_H_
#define RECALL_STORE_STATUS_CACHE_H_

// Private: the cache of each interview's status line (bare `recall`,
// lib/src/interview/today.cpp; schema/0013_interview_scope_cache.sql). Its
// scope part counts while collection.generation is unchanged (an answer keeps
// it up to date, lib/src/interview/scope_status.cpp); its plan part counts
// for one study day.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "recall/store.h"
#include "recall/time.h"

namespace recall::detail {

// Today's reach (lib/src/interview/today_reach.h): a superset of the cards
// today's plan can answer, read with room to spare, so that the plan part
// after an answer is worked out from these cards instead of the scope.
struct CachedReach {
  Day day;                               // the study day it was read on
  std::vector<int64_t> ids;              // sorted; every card an answer touched since is added
  std::vector<int64_t> first_answered;   // sorted: cards in scope first answered on `day`
  // Each queue list read ("l", "d", "n", "r<deck>"): the (due, id) key of its
  // last card read, or nullopt when the list was read whole.
  std::map<std::string, std::optional<std::pair<int64_t, int64_t>>> horizons;
};

struct CachedInterviewStatus {
  int64_t interview_id = 0;
  int64_t generation = 0;
  // The scope part.
  int64_t cards = 0;
  int64_t fresh = 0;         // new cards in scope
  int64_t recall_units = 0;  // RecallSum units of the predicted recall on the day
  std::vector<int64_t> pull_candidates;
  // The plan part: today's figures, for plan_day.
  std::optional<Day> plan_day;
  int64_t planned_new = 0;
  double planned_reviews = 0;
  double planned_minutes = 0;
  std::optional<CachedReach> reach;  // kept while the scope part is valid, for reach->day
};

// The collection's change counter (schema/0010_today_status_cache.sql).
int64_t StatusGeneration(const Store& store);
// collection.memory_generation (schema/0019): the writes that can change the
// stats memory section.
int64_t MemoryGeneration(const Store& store);

// The row of `interview_id`, whatever its generation.
std::optional<CachedInterviewStatus> LoadInterviewStatus(const Store& store, int64_t interview_id);

// Every row whose scope part is valid at `generation`.
std::vector<CachedInterviewStatus> LoadInterviewStatusesAt(const Store& store, int64_t generation);

// Keeps `status` (replacing the interview's row) when the interview still
// exists. One transaction (or part of the caller's).
void SaveInterviewStatus(Store& store, const CachedInterviewStatus& status);

}  // namespace recall::detail

#endif  // RECALL_STORE_STATUS_CACHE_H_

#ifndef RECALL_STORE_STATUS_CACHE_H_
#define RECALL_STORE_STATUS_CACHE_H_

// Private: the per-day cache of each interview's status line (bare `recall`,
// lib/src/interview/today.cpp), valid while collection.generation is unchanged
// (schema/0010_today_status_cache.sql).

#include <cstdint>
#include <optional>

#include "recall/store.h"
#include "recall/time.h"

namespace recall::detail {

struct CachedInterviewStatus {
  int64_t cards = 0;
  double readiness = 0;
  int64_t planned_new = 0;
  double planned_reviews = 0;
  double planned_minutes = 0;
};

// The collection's change counter, read before computing what is cached.
int64_t StatusGeneration(const Store& store);

// The status cached for `interview_id` on `today` at `generation`, if any.
std::optional<CachedInterviewStatus> LoadInterviewStatus(const Store& store, int64_t interview_id, Day today,
                                                         int64_t generation);

// Keeps `status`, computed on `today` at `generation` (one statement); a
// cache, so skipped on a collection that cannot be written (OptionalWrite).
void SaveInterviewStatus(Store& store, int64_t interview_id, Day today, int64_t generation,
                         const CachedInterviewStatus& status);

}  // namespace recall::detail

#endif  // RECALL_STORE_STATUS_CACHE_H_

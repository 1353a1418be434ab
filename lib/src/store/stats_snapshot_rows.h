#ifndef RECALL_STORE_STATS_SNAPSHOT_ROWS_H_
#define RECALL_STORE_STATS_SNAPSHOT_ROWS_H_

// Private: the rows of the stats snapshots (schema/0016_stats_snapshots.sql):
// the memory section of a report scope for a study day, and an interview's
// readiness, each valid at one collection.generation. The store keeps their
// sums as the text the stats module gives it (JSON); what they mean is
// lib/src/stats/memory_snapshot.cpp's and
// lib/src/interview/readiness_snapshot.cpp's.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "recall/store.h"
#include "recall/time.h"

namespace recall::detail {

struct MemorySnapshotRow {
  std::string scope;              // '' for every card, else "deck=ID", "tag=NAME" or both
  std::optional<int64_t> deck_id;  // with its descendants
  std::optional<std::string> tag;  // with its children
  Day day;                         // the first study day it holds
  int days = 1;                    // how many study days it holds, from `day` on
  int64_t generation = 0;
  std::string sums;
};

// The row of `scope` if it holds `day` and is valid at `generation`.
std::optional<MemorySnapshotRow> LoadMemorySnapshot(const Store& store, const std::string& scope, Day day,
                                                    int64_t generation);
// Every row holding `day` valid at `generation` (what an answer brings up to date).
std::vector<MemorySnapshotRow> LoadMemorySnapshotsAt(const Store& store, Day day, int64_t generation);
// Keeps `row` in place of its scope's, and drops the rows whose days all
// come before its first. A
// cache: skipped on a read-only collection, a write that fails for want of
// space or permission is ignored. Part of the caller's transaction, if any.
void SaveMemorySnapshot(Store& store, const MemorySnapshotRow& row);

struct ReadinessSnapshotRow {
  int64_t interview_id = 0;
  int64_t generation = 0;
  std::string sums;
};

// The interview's row if it is valid at `generation`.
std::optional<ReadinessSnapshotRow> LoadReadinessSnapshot(const Store& store, int64_t interview_id,
                                                          int64_t generation);
std::vector<ReadinessSnapshotRow> LoadReadinessSnapshotsAt(const Store& store, int64_t generation);
// Keeps `row` (replacing the interview's) while the interview exists; a cache,
// as SaveMemorySnapshot.
void SaveReadinessSnapshot(Store& store, const ReadinessSnapshotRow& row);
// Drops the interview's row: it can no longer be brought up to date.
void DropReadinessSnapshot(Store& store, int64_t interview_id);

}  // namespace recall::detail

#endif  // RECALL_STORE_STATS_SNAPSHOT_ROWS_H_

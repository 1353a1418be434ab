#ifndef RECALL_INTERVIEW_READINESS_SNAPSHOT_H_
#define RECALL_INTERVIEW_READINESS_SNAPSHOT_H_

// Private to lib/src/interview: each interview's readiness kept between
// reports (schema/0016_stats_snapshots.sql, readiness_snapshot). The first
// report after a change passes over the scope and keeps the exact sums per
// topic with the kReadinessKept cards of lowest recall; later ones read them
// while the collection is unchanged, and each answer brings them up to date
// card by card in its transaction (recall::AnswerCard). The lowest cards stay
// exact as long as they number at least the ones a report shows: an answer
// takes its card out and puts it back only where it now falls among them, so
// they remain the lowest of the scope, one fewer when it now falls beyond
// the last; when fewer are left than a report shows, the row is dropped and
// the next report passes over the scope again.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/interview.h"
#include "recall/readiness.h"
#include "recall/store.h"
#include "store/stats_snapshot_rows.h"

namespace recall::interview {

inline constexpr size_t kReadinessShown = 10;  // the at-risk cards a report lists
inline constexpr size_t kReadinessKept = 200;  // the lowest cards a snapshot keeps

// The accumulated readiness of `interview`'s scope, with its `keep` lowest
// cards (their fronts left empty): the pass ReadinessOfScope makes.
ReadinessAccumulator::State ReadinessStateOfScope(const Store& store, const Interview& interview, int rollover_hour,
                                                  size_t keep);
// The at-risk cards' questions, from their notes.
void FillAtRiskFronts(const Store& store, Readiness& readiness);

// The text kept in the row, and back (nullopt when it is not such text).
std::string EncodeReadinessState(const ReadinessAccumulator::State& state);
std::optional<ReadinessAccumulator::State> DecodeReadinessState(const std::string& text);

// Each interview's row valid now, decoded (a row whose interview is gone or
// whose text does not read is left out): what the answer and import paths
// bring up to date.
struct KeptReadiness {
  Interview interview;
  ReadinessAccumulator::State state;
};
std::vector<KeptReadiness> LoadKeptReadiness(const Store& store);

// A card of the scope now, counted in `state`: its part in the total and in
// its `topics`, and `entry` among the lowest cards kept where it falls, when
// they were all of the scope or it falls before the last (at most
// kReadinessKept kept).
void AddToScope(ReadinessAccumulator::State& state, const std::vector<std::string>& topics, CardRecall entry,
                double target);

// The answer path, inside the answer's transaction (as
// stats/memory_snapshot.h for the memory section): before the answer, each
// row valid now with the card's part in it; after it, the rows brought up to
// date and stamped with the new generation, or dropped when they cannot be.
struct PendingReadinessSnapshots {
  struct Row {
    int64_t interview_id = 0;
    Interview interview;
    ReadinessAccumulator::State state;
    bool in_scope = false;
    double recall = 0;
    bool studied = false;
  };
  Card card;
  std::vector<std::string> tags;  // its note's
  std::vector<Row> rows;
};
PendingReadinessSnapshots ReadinessSnapshotsBeforeAnswer(const Store& store, const Card& card);
void ReadinessSnapshotsAfterAnswer(Store& store, const PendingReadinessSnapshots& pending, bool tagged_leech);

}  // namespace recall::interview

#endif  // RECALL_INTERVIEW_READINESS_SNAPSHOT_H_

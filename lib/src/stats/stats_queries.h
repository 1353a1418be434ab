#ifndef RECALL_STATS_STATS_QUERIES_H_
#define RECALL_STATS_STATS_QUERIES_H_

// Private to the stats module: the SQL aggregates behind ComputeStats,
// implemented in lib/src/store/stats_queries.cpp (the only place that talks
// to SQLite). Each returns raw aggregates; lib/src/stats/report.cpp turns them
// into a StatsReport.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "recall/memory.h"
#include "recall/stats.h"
#include "recall/store.h"

namespace recall::detail {

// Which cards count: all, or those of some decks and/or carrying a tag (or a
// child of it). Review log rows count when their card is in scope (with a
// filter, rows of deleted cards no longer count).
// Without a filter the figures come from totals kept in step with every
// write (schema/0014_stats_totals.sql); `from_log` reads the review log and
// the cards instead, as a filter does (the reference the totals are tested
// against: StatsTotalsTest).
struct StatsScope {
  std::optional<std::vector<int64_t>> deck_ids;
  std::optional<std::string> tag;
  bool from_log = false;
  bool Filtered() const { return deck_ids.has_value() || tag.has_value(); }
};

// The answers of one study day (revlog kinds 0-3), aggregated.
struct StatsDayRow {
  DayReviews reviews;
  int64_t again = 0;
  int64_t young_passed = 0;  // true-retention rows (see docs/stats.md)
  int64_t young_failed = 0;
  int64_t mature_passed = 0;
  int64_t mature_failed = 0;
  int64_t mature_answers = 0;  // any kind, interval before >= 21
  int64_t mature_correct = 0;
  ButtonCounts buttons;
};

// One row per study day in [from, to] with at least one answer, ascending.
std::vector<StatsDayRow> QueryStatsDays(const Store& store, const StatsScope& scope, Day from, Day to);

// Every study day with at least one answer, ascending (for streaks).
std::vector<Day> QueryAnswerDays(const Store& store, const StatsScope& scope);

// Distinct cards answered on `day`.
int64_t QueryCardsStudied(const Store& store, const StatsScope& scope, Day day);

// Answers in [from, to] by local hour of day: {answers, correct} per hour,
// the hour of each answer being hour_of(its quarter hour since the epoch).
// From the log: one pass over the covering index, tallied as rows are
// stepped (no GROUP BY, so no sort of the review log); from the totals: once
// per quarter hour with answers.
using HourOfQuarter = std::function<int(int64_t quarter)>;
std::array<std::array<int64_t, 2>, 24> QueryAnswerHours(const Store& store, const StatsScope& scope, Day from, Day to,
                                                       const HourOfQuarter& hour_of);

// Cards created at or after `from`, by quarter hour since the epoch: {quarter, cards}.
std::vector<std::pair<int64_t, int64_t>> QueryAddedQuarterHours(const Store& store, const StatsScope& scope,
                                                                Timestamp from);

CardCounts QueryCardCounts(const Store& store, const StatsScope& scope);

struct ForecastRows {
  int64_t backlog = 0;           // queue review/day-learning, due < today
  int64_t learning_due = 0;      // queue learning, due before `learning_until`
  std::vector<ValueCount> days;  // {day, cards} for today <= due < today + days
};
ForecastRows QueryForecast(const Store& store, const StatsScope& scope, Day today, int days,
                           Timestamp learning_until);

// Review and relearning cards by interval (days) / by ease (permille), ascending.
std::vector<ValueCount> QueryIntervals(const Store& store, const StatsScope& scope);
std::vector<ValueCount> QueryEases(const Store& store, const StatsScope& scope);

// Distinct tags of the notes of cards in scope, sorted.
std::vector<std::string> QueryTagNames(const Store& store, const StatsScope& scope);

// Per node: cards of notes carrying any of the node's tags, answers in
// [from, to]. `node_tags` lists {node, tag} pairs (a tag belongs to itself and
// to each of its ancestors). Result unsorted; has_children is not set.
std::vector<TagStats> QueryTagStats(const Store& store, const StatsScope& scope,
                                    const std::vector<std::pair<std::string, std::string>>& node_tags, Day from,
                                    Day to);

// Whether some card in scope is on a deck scheduled by sm2 (grades 0-5).
bool QueryHasSm2Cards(const Store& store, const StatsScope& scope);

// The weakest cards in scope: cards with a lapse or a failed interday answer
// in [from, to], most lapses first, then most failed, then fewest passed
// answers, then oldest; at most `limit`.
std::vector<WeakCard> QueryWeakestCards(const Store& store, const StatsScope& scope, Day from, Day to, int limit);

// Each card of `query` (its deck and tag; not due_only or limit) that may
// have a memory state (recall::MemoryModel): not new, a state of its own, or
// a review log (a never-answered new card has none). `logged_without_state`
// holds, sorted, the ids of the cards without a state that have a log, as
// CardsToReplay finds them. Each comes with its note's tag set (TagsetsById; 0 for a note without tags): what the
// memory section reads, without the notes' text
// (lib/src/store/card_list.cpp). With a deck, in the order of the card
// listing (deck name, queue, due, id); without, in card id order, one pass in
// storage order.
void ForEachMemoryCard(const Store& store, const CardQuery& query, const std::vector<int64_t>& logged_without_state,
                       const std::function<void(const Card& card, int64_t tagset_id)>& row);
// Every tag set's tags (schema/0014_stats_totals.sql, tagsets), by id.
std::unordered_map<int64_t, std::vector<std::string>> TagsetsById(const Store& store);

// The cards of `query` that ForEachMemoryCard gives and whose memory must be
// replayed from their review log (no state of their own, some log rows), as
// (card id, deck id): for MemoryModel::PreloadReplays.
std::vector<std::pair<int64_t, int64_t>> CardsToReplay(const Store& store, const CardQuery& query);

// Keeps replayed memory states on their cards (stability, difficulty,
// last_review_s; nothing else, not modified_s), each only if the card still
// has no state of its own: an answer given since the replay was read wins.
// One transaction. Returns how many cards were written
// (lib/src/store/fsrs_state.cpp).
int64_t KeepReplayedMemory(Store& store, const std::vector<std::pair<int64_t, ReplayedMemory>>& states);

}  // namespace recall::detail

#endif  // RECALL_STATS_STATS_QUERIES_H_

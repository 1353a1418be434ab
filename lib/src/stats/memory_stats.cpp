// The memory section of the statistics (docs/stats.md, "Memory"):
// distributions of retrievability, stability and difficulty, and the recall
// FSRS predicts for today per tag.

#include "stats/memory_stats.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <vector>

#include "recall/error.h"
#include "recall/memory.h"
#include "stats/memory_snapshot.h"
#include "stats/stats_queries.h"

namespace recall {
namespace {

int StabilityBin(double s) {
  if (s < 1.0) return 0;
  return std::min(1 + static_cast<int>(std::floor(std::log2(s))), MemoryStats::kStabilityBins - 1);
}

}  // namespace

double StabilityBinStart(int i) { return i == 0 ? 0.0 : std::ldexp(1.0, i - 1); }

// Fixed-point units of the sums (MemoryAccumulator): exact to 2^63 in all,
// which holds well over 10 million cards of stability up to 10^6 days.
constexpr double kRetrievabilityUnits = 4294967296.0;  // 2^32
constexpr double kStabilityUnits = 1048576.0;          // 2^20
constexpr double kDifficultyUnits = 4294967296.0;      // 2^32

MemoryAccumulator::Prepared MemoryAccumulator::Prepare(const MemorySample& x) {
  Prepared p;
  p.stability_bin = static_cast<size_t>(StabilityBin(x.stability));
  const double d = std::clamp((x.difficulty - 1.0) / 9.0, 0.0, 1.0);
  p.difficulty_bin = static_cast<size_t>(
      std::min(static_cast<int>(d * MemoryStats::kDifficultyBins), MemoryStats::kDifficultyBins - 1));
  p.stability_units = std::llround(x.stability * kStabilityUnits);
  p.difficulty_units = std::llround(x.difficulty * kDifficultyUnits);
  return p;
}

void MemoryAccumulator::Step(const Prepared& p, double retrievability, int sign) {
  const double r = std::clamp(retrievability, 0.0, 1.0);
  stats_.retrievability[static_cast<size_t>(std::min(static_cast<int>(r * MemoryStats::kRetrievabilityBins),
                                                     MemoryStats::kRetrievabilityBins - 1))] += sign;
  stats_.stability[p.stability_bin] += sign;
  stats_.difficulty[p.difficulty_bin] += sign;
  units_.retrievability += sign * std::llround(r * kRetrievabilityUnits);
  units_.stability += sign * p.stability_units;
  units_.difficulty += sign * p.difficulty_units;
  stats_.cards += sign;
}

void MemoryAccumulator::Add(const MemorySample& x) { Step(Prepare(x), x.retrievability, 1); }
void MemoryAccumulator::Remove(const MemorySample& x) { Step(Prepare(x), x.retrievability, -1); }

MemoryAccumulator MemoryAccumulator::Restore(const MemoryStats& counts, const Units& units) {
  MemoryAccumulator acc;
  acc.stats_ = counts;
  acc.stats_.mean_retrievability.reset();
  acc.stats_.mean_stability.reset();
  acc.stats_.mean_difficulty.reset();
  acc.units_ = units;
  return acc;
}

MemoryStats MemoryAccumulator::Result() const {
  MemoryStats m = stats_;
  if (m.cards > 0) {
    const double n = static_cast<double>(m.cards);
    m.mean_retrievability = static_cast<double>(units_.retrievability) / kRetrievabilityUnits / n;
    m.mean_stability = static_cast<double>(units_.stability) / kStabilityUnits / n;
    m.mean_difficulty = static_cast<double>(units_.difficulty) / kDifficultyUnits / n;
  }
  return m;
}

MemoryStats SummariseMemory(const std::vector<MemorySample>& samples) {
  MemoryAccumulator acc;
  for (const MemorySample& x : samples) acc.Add(x);
  return acc.Result();
}

namespace detail {

std::vector<std::pair<int64_t, int64_t>> CatchUpMemoryStates(Store& store, const StatsFilter& filter) {
  CardQuery q;
  q.deck_id = filter.deck_id;
  q.tag = filter.tag;
  std::vector<std::pair<int64_t, int64_t>> cards = CardsToReplay(store, q);
  if (store.read_only() || cards.size() < kCatchUpAtLeast) return cards;
  std::vector<std::pair<int64_t, int64_t>> left;  // their log gave no state
  for (size_t from = 0; from < cards.size(); from += MemoryModel::kMaxPreloaded) {
    const size_t to = std::min(cards.size(), from + MemoryModel::kMaxPreloaded);
    const std::vector<std::pair<int64_t, int64_t>> batch(cards.begin() + static_cast<std::ptrdiff_t>(from),
                                                         cards.begin() + static_cast<std::ptrdiff_t>(to));
    MemoryModel model(store);
    model.PreloadReplays(batch);
    const auto states = model.PreloadedStates();  // in card id order
    try {
      KeepReplayedMemory(store, states);
    } catch (const Error&) {
      return cards;  // a cache: when it cannot be written (busy, full), the report replays instead
    }
    for (const auto& card : batch) {
      const bool kept = std::binary_search(
          states.begin(), states.end(), std::make_pair(card.first, ReplayedMemory{}),
          [](const auto& a, const auto& b) { return a.first < b.first; });
      if (!kept) left.push_back(card);
    }
  }
  return left;
}

MemoryHorizon ComputeMemoryHorizon(const Store& store, const StatsFilter& filter, Day today, int days,
                                   const std::vector<std::pair<int64_t, int64_t>>& to_replay,
                                   const std::vector<TagStats>& tag_rows) {
  CardQuery q;
  q.deck_id = filter.deck_id;
  q.tag = filter.tag;
  MemoryModel model(store);
  // Cards whose state must be replayed from the log: all in one pass over
  // the log instead of a query per card.
  if (to_replay.size() >= kCatchUpAtLeast) model.PreloadReplays(to_replay);
  MemorySums empty;
  for (const TagStats& row : tag_rows) empty.tags.push_back({row.tag, 0, 0});
  MemoryHorizon horizon;
  horizon.first = today;
  horizon.days.assign(static_cast<size_t>(std::max(days, 1)), empty);
  const std::vector<Timestamp> day_starts = horizon.DayStarts(store.RolloverHour());
  // The tag rows of each tag set, worked out the first time a card has it.
  const auto tagsets = TagsetsById(store);
  std::unordered_map<int64_t, std::vector<size_t>> rows_of_tagset;
  const std::vector<size_t> no_rows;
  std::vector<int64_t> logged_without_state;
  logged_without_state.reserve(to_replay.size());
  for (const auto& card : to_replay) logged_without_state.push_back(card.first);
  std::sort(logged_without_state.begin(), logged_without_state.end());
  // Streamed: each card's samples go into the totals of each day and into
  // every tag row it falls under as it is read (exact sums: the same
  // whatever the order; memory stays flat at any size).
  ForEachMemoryCard(store, q, logged_without_state, [&](const Card& card, int64_t tagset_id) {
    const std::vector<MemorySample> samples = MemorySamplesOf(model, card, day_starts);
    if (samples.empty()) return;
    const std::vector<size_t>* rows = &no_rows;
    if (tagset_id != 0) {
      auto it = rows_of_tagset.find(tagset_id);
      if (it == rows_of_tagset.end()) {
        const auto tags = tagsets.find(tagset_id);
        it = rows_of_tagset
                 .emplace(tagset_id,
                          tags == tagsets.end() ? std::vector<size_t>{} : TagRowsOf(empty, tags->second))
                 .first;
      }
      rows = &it->second;
    }
    StepMemoryHorizon(horizon, samples, *rows, 1);
  });
  return horizon;
}

}  // namespace detail
}  // namespace recall

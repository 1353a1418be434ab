// The memory section of the statistics (docs/stats.md, "Memory"):
// distributions of retrievability, stability and difficulty, and the recall
// FSRS predicts for today per tag.

#include "stats/memory_stats.h"

#include "stats/memory_snapshot.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "recall/error.h"
#include "recall/memory.h"
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

void MemoryAccumulator::Step(const MemorySample& x, int sign) {
  const double r = std::clamp(x.retrievability, 0.0, 1.0);
  stats_.retrievability[static_cast<size_t>(std::min(static_cast<int>(r * MemoryStats::kRetrievabilityBins),
                                                     MemoryStats::kRetrievabilityBins - 1))] += sign;
  stats_.stability[static_cast<size_t>(StabilityBin(x.stability))] += sign;
  const double d = std::clamp((x.difficulty - 1.0) / 9.0, 0.0, 1.0);
  stats_.difficulty[static_cast<size_t>(
      std::min(static_cast<int>(d * MemoryStats::kDifficultyBins), MemoryStats::kDifficultyBins - 1))] += sign;
  units_.retrievability += sign * std::llround(r * kRetrievabilityUnits);
  units_.stability += sign * std::llround(x.stability * kStabilityUnits);
  units_.difficulty += sign * std::llround(x.difficulty * kDifficultyUnits);
  stats_.cards += sign;
}

void MemoryAccumulator::Add(const MemorySample& x) { Step(x, 1); }
void MemoryAccumulator::Remove(const MemorySample& x) { Step(x, -1); }

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

MemorySums ComputeMemorySums(const Store& store, const StatsFilter& filter, Day today,
                             const std::vector<std::pair<int64_t, int64_t>>& to_replay,
                             const std::vector<TagStats>& tag_rows) {
  CardQuery q;
  q.deck_id = filter.deck_id;
  q.tag = filter.tag;
  MemoryModel model(store);
  const int rollover = store.RolloverHour();
  // Cards whose state must be replayed from the log: all in one pass over
  // the log instead of a query per card.
  if (to_replay.size() >= kCatchUpAtLeast) model.PreloadReplays(to_replay);
  // Streamed: each card's sample goes into the totals and into every tag
  // row it falls under as it is read (exact sums: the same whatever the
  // order; memory stays flat at any size).
  MemorySums sums;
  for (const TagStats& row : tag_rows) sums.tags.push_back({row.tag, 0, 0});
  ForEachMemoryCard(store, q, [&](const Card& card, const std::vector<std::string>& tags) {
    if (const auto sample = MemorySampleOf(model, card, today, rollover)) AddToMemorySums(sums, *sample, tags);
  });
  return sums;
}

}  // namespace detail
}  // namespace recall

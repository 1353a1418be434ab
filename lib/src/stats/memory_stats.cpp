// The memory section of the statistics (docs/stats.md, "Memory"):
// distributions of retrievability, stability and difficulty, and the recall
// FSRS predicts for today per tag.

#include "stats/memory_stats.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "recall/error.h"
#include "recall/memory.h"
#include "stats/stats_queries.h"

namespace recall {
namespace {

// Whether a note tag falls under the tag row `node` (itself or a child).
bool UnderNode(const std::string& node, const std::string& tag) {
  return tag == node || (tag.size() > node.size() + 2 && tag.compare(0, node.size(), node) == 0 &&
                         tag.compare(node.size(), 2, "::") == 0);
}

int StabilityBin(double s) {
  if (s < 1.0) return 0;
  return std::min(1 + static_cast<int>(std::floor(std::log2(s))), MemoryStats::kStabilityBins - 1);
}

}  // namespace

double StabilityBinStart(int i) { return i == 0 ? 0.0 : std::ldexp(1.0, i - 1); }

void MemoryAccumulator::Add(const MemorySample& x) {
  const double r = std::clamp(x.retrievability, 0.0, 1.0);
  ++stats_.retrievability[static_cast<size_t>(
      std::min(static_cast<int>(r * MemoryStats::kRetrievabilityBins), MemoryStats::kRetrievabilityBins - 1))];
  ++stats_.stability[static_cast<size_t>(StabilityBin(x.stability))];
  const double d = std::clamp((x.difficulty - 1.0) / 9.0, 0.0, 1.0);
  ++stats_.difficulty[static_cast<size_t>(
      std::min(static_cast<int>(d * MemoryStats::kDifficultyBins), MemoryStats::kDifficultyBins - 1))];
  sum_r_ += r;
  sum_s_ += x.stability;
  sum_d_ += x.difficulty;
  ++stats_.cards;
}

MemoryStats MemoryAccumulator::Result() const {
  MemoryStats m = stats_;
  if (m.cards > 0) {
    const double n = static_cast<double>(m.cards);
    m.mean_retrievability = sum_r_ / n;
    m.mean_stability = sum_s_ / n;
    m.mean_difficulty = sum_d_ / n;
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

void AddMemoryStats(const Store& store, const StatsFilter& filter, Timestamp now,
                    const std::vector<std::pair<int64_t, int64_t>>& to_replay, StatsReport& report) {
  CardQuery q;
  q.deck_id = filter.deck_id;
  q.tag = filter.tag;
  MemoryModel model(store);
  // Cards whose state must be replayed from the log: all in one pass over
  // the log instead of a query per card.
  if (to_replay.size() >= kCatchUpAtLeast) model.PreloadReplays(to_replay);
  // Streamed: each card's sample goes into the totals and into every tag
  // row it falls under as it is read (the same sums, in the same order, as
  // over a list of all cards; memory stays flat at any size).
  MemoryAccumulator all;
  std::vector<double> sums(report.tags.size(), 0.0);
  std::vector<int64_t> counts(report.tags.size(), 0);
  ForEachMemoryCard(store, q, [&](const Card& card, const std::vector<std::string>& tags) {
    const auto memory = model.ForCard(card, now);
    if (!memory) return;
    all.Add({memory->state.stability, memory->state.difficulty, memory->retrievability});
    for (size_t i = 0; i < report.tags.size(); ++i) {
      const std::string& node = report.tags[i].tag;
      if (std::any_of(tags.begin(), tags.end(), [&node](const std::string& t) { return UnderNode(node, t); })) {
        sums[i] += memory->retrievability;
        ++counts[i];
      }
    }
  });
  report.memory = all.Result();
  for (size_t i = 0; i < report.tags.size(); ++i) {
    TagStats& row = report.tags[i];
    row.cards_with_memory = counts[i];
    row.predicted_recall =
        counts[i] > 0 ? std::optional<double>(sums[i] / static_cast<double>(counts[i])) : std::nullopt;
  }
}

}  // namespace detail
}  // namespace recall

// The memory section of the statistics (docs/stats.md, "Memory"):
// distributions of retrievability, stability and difficulty, and the recall
// FSRS predicts for today per tag.

#include "stats/memory_stats.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "recall/memory.h"

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

MemoryStats SummariseMemory(const std::vector<MemorySample>& samples) {
  MemoryStats m;
  double sum_r = 0, sum_s = 0, sum_d = 0;
  for (const MemorySample& x : samples) {
    const double r = std::clamp(x.retrievability, 0.0, 1.0);
    ++m.retrievability[static_cast<size_t>(std::min(static_cast<int>(r * MemoryStats::kRetrievabilityBins),
                                                    MemoryStats::kRetrievabilityBins - 1))];
    ++m.stability[static_cast<size_t>(StabilityBin(x.stability))];
    const double d = std::clamp((x.difficulty - 1.0) / 9.0, 0.0, 1.0);
    ++m.difficulty[static_cast<size_t>(
        std::min(static_cast<int>(d * MemoryStats::kDifficultyBins), MemoryStats::kDifficultyBins - 1))];
    sum_r += r;
    sum_s += x.stability;
    sum_d += x.difficulty;
  }
  m.cards = static_cast<int64_t>(samples.size());
  if (m.cards > 0) {
    const double n = static_cast<double>(m.cards);
    m.mean_retrievability = sum_r / n;
    m.mean_stability = sum_s / n;
    m.mean_difficulty = sum_d / n;
  }
  return m;
}

namespace detail {

void AddMemoryStats(const Store& store, const StatsFilter& filter, Timestamp now, StatsReport& report) {
  CardQuery q;
  q.deck_id = filter.deck_id;
  q.tag = filter.tag;
  const MemoryModel model(store);
  std::vector<MemorySample> samples;
  std::vector<const std::vector<std::string>*> tags_of;  // parallel to samples
  const std::vector<CardView> cards = store.ListCards(q);
  for (const CardView& v : cards) {
    const auto memory = model.ForCard(v.card, now);
    if (!memory) continue;
    samples.push_back({memory->state.stability, memory->state.difficulty, memory->retrievability});
    tags_of.push_back(&v.note.tags);
  }
  report.memory = SummariseMemory(samples);
  for (TagStats& row : report.tags) {
    double sum = 0;
    int64_t n = 0;
    for (size_t i = 0; i < samples.size(); ++i) {
      const auto& tags = *tags_of[i];
      if (std::any_of(tags.begin(), tags.end(),
                      [&row](const std::string& t) { return UnderNode(row.tag, t); })) {
        sum += samples[i].retrievability;
        ++n;
      }
    }
    row.cards_with_memory = n;
    row.predicted_recall = n > 0 ? std::optional<double>(sum / static_cast<double>(n)) : std::nullopt;
  }
}

}  // namespace detail
}  // namespace recall

// Weighted, seeded question picking for `recall mock` (recall/mock.h).

#include <map>
#include <random>

#include "recall/mock.h"

namespace recall {
namespace {

// Added to every weakness, so that strong topics and cards still come up.
constexpr double kWeightFloor = 0.1;

// A uniform draw in [0, 1) from the top 53 bits, the same on every platform.
double Uniform(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// The index drawn with probability proportional to weights[i].
size_t Draw(const std::vector<double>& weights, std::mt19937_64& rng) {
  double total = 0;
  for (double w : weights) total += w;
  double x = Uniform(rng) * total;
  for (size_t i = 0; i < weights.size(); ++i) {
    if (x < weights[i]) return i;
    x -= weights[i];
  }
  return weights.size() - 1;
}

double Weakness(double recall) { return 1.0 - recall + kWeightFloor; }

}  // namespace

std::vector<int64_t> PickMockQuestions(const std::vector<MockCandidate>& candidates, size_t count,
                                       uint64_t seed) {
  std::mt19937_64 rng(seed);
  // Topics in name order, each with its cards in the order given.
  std::map<std::string, std::vector<MockCandidate>> topics;
  for (const auto& c : candidates) topics[c.topic].push_back(c);
  std::vector<int64_t> out;
  std::string last;
  bool has_last = false;
  while (out.size() < count) {
    std::vector<std::map<std::string, std::vector<MockCandidate>>::iterator> open;
    std::vector<double> weights;
    for (auto it = topics.begin(); it != topics.end(); ++it) {
      if (it->second.empty() || (has_last && it->first == last)) continue;
      double sum = 0;
      for (const auto& c : it->second) sum += c.recall;
      open.push_back(it);
      weights.push_back(1.0 - sum / static_cast<double>(it->second.size()) + kWeightFloor);
    }
    if (open.empty()) break;
    auto& cards = open[Draw(weights, rng)]->second;
    std::vector<double> card_weights;
    for (const auto& c : cards) card_weights.push_back(Weakness(c.recall));
    const size_t pick = Draw(card_weights, rng);
    out.push_back(cards[pick].card_id);
    last = cards[pick].topic;
    has_last = true;
    cards.erase(cards.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  return out;
}

}  // namespace recall

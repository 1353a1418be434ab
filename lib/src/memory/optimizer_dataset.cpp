// The optimiser's data (docs/scheduling.md, "The optimiser"): one answer per
// card per study day, histories that start with the card's first answer, and
// the pre-training of the initial stabilities.

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "memory/replay.h"
#include "recall/optimizer.h"
#include "scheduling/fsrs_constants.h"
#include "scheduling/fsrs_states.h"

namespace recall {
namespace {

// A first rating needs this many cards with a second answer to be pre-trained.
constexpr int kPretrainMinCards = 8;
constexpr double kPretrainMaxStability = 100.0;  // days
constexpr double kProbabilityFloor = 1e-6;
constexpr double kOutlierQuantile = 0.95;

void Flush(std::vector<FsrsReview>& seq, FsrsTrainingSet& set) {
  if (seq.size() >= 2) {
    set.reviews += static_cast<int64_t>(seq.size()) - 1;
    set.cards.push_back(seq);
  }
  seq.clear();
}

double SecondAnswerLoss(const std::vector<std::pair<int, bool>>& points, double decay, double s) {
  const double factor = std::pow(0.9, 1.0 / decay) - 1.0;
  double loss = 0;
  for (const auto& [t, y] : points) {
    const double p =
        std::clamp(std::pow(1.0 + factor * t / s, decay), kProbabilityFloor, 1.0 - kProbabilityFloor);
    loss -= y ? std::log(p) : std::log(1.0 - p);
  }
  return loss;
}

// Cards whose second answer came unusually late for their first rating (past
// the delay within which 95% of that rating's cards had it) are dropped.
void RemoveOutliers(FsrsTrainingSet& set) {
  std::array<std::vector<int>, 4> delays;
  for (const auto& seq : set.cards)
    delays[static_cast<size_t>(seq[0].rating - 1)].push_back(seq[1].elapsed_days);
  std::array<int, 4> limit{};
  for (size_t r = 0; r < 4; ++r) {
    if (delays[r].empty()) continue;
    std::sort(delays[r].begin(), delays[r].end());
    limit[r] = delays[r][static_cast<size_t>(kOutlierQuantile * static_cast<double>(delays[r].size() - 1))];
  }
  std::vector<std::vector<FsrsReview>> kept;
  set.reviews = 0;
  for (auto& seq : set.cards) {
    if (seq[1].elapsed_days > limit[static_cast<size_t>(seq[0].rating - 1)]) continue;
    set.reviews += static_cast<int64_t>(seq.size()) - 1;
    kept.push_back(std::move(seq));
  }
  set.cards = std::move(kept);
}

}  // namespace

FsrsTrainingSet PrepareFsrsTrainingSet(const std::vector<CardHistory>& histories) {
  FsrsTrainingSet set;
  for (const CardHistory& card : histories) {
    std::vector<FsrsReview> seq;
    bool skip = false;  // the history's start is missing
    Day last_day;
    for (const RevlogEntry& e : card.log) {
      if (memory::IsManualEntry(e)) {
        if (memory::IsForget(e)) {
          Flush(seq, set);
          skip = false;
        }
        continue;
      }
      if (skip) continue;
      if (seq.empty() && e.type_before != CardType::kNew) {
        skip = true;
        continue;
      }
      const int rating = scheduling::FsrsRatingOf(card.ratings_of, e.fields.rating);
      if (seq.empty()) {
        seq.push_back(FsrsReview{0, rating});
      } else if (e.day - last_day >= 1) {
        seq.push_back(FsrsReview{static_cast<int>(e.day - last_day), rating});
      } else {
        continue;  // a later answer of the same study day
      }
      last_day = e.day;
    }
    Flush(seq, set);
  }
  RemoveOutliers(set);
  return set;
}

FsrsParams PretrainInitialStability(const FsrsTrainingSet& set, const FsrsParams& w) {
  std::array<std::vector<std::pair<int, bool>>, 4> points;
  for (const auto& seq : set.cards) {
    points[static_cast<size_t>(seq[0].rating - 1)].emplace_back(seq[1].elapsed_days, seq[1].rating > 1);
  }
  FsrsParams out = w;
  const double decay = -w[20];
  for (size_t r = 0; r < 4; ++r) {
    if (static_cast<int>(points[r].size()) < kPretrainMinCards) continue;
    // Golden-section search of ln S: the loss is unimodal in S.
    double lo = std::log(scheduling::kFsrsStabilityMin), hi = std::log(kPretrainMaxStability);
    const double g = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int i = 0; i < 100; ++i) {
      const double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
      if (SecondAnswerLoss(points[r], decay, std::exp(a)) < SecondAnswerLoss(points[r], decay, std::exp(b))) {
        hi = b;
      } else {
        lo = a;
      }
    }
    out[r] = std::exp((lo + hi) / 2.0);
  }
  for (size_t r = 1; r < 4; ++r) out[r] = std::max(out[r], out[r - 1]);
  return out;
}

}  // namespace recall

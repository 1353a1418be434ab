// The optimiser's data (docs/scheduling.md, "The optimiser"): every answer of
// histories that start with the card's first answer (same-day answers too),
// fsrs-rs's outlier rule, recency weights, and the pre-training of the
// initial stabilities.

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "memory/replay.h"
#include "recall/optimizer.h"
#include "scheduling/fsrs_constants.h"
#include "scheduling/fsrs_states.h"

namespace recall {
namespace {

// A first rating needs this many cards with a next-day answer to be pre-trained.
constexpr int kPretrainMinCards = 8;
constexpr double kPretrainMaxStability = 100.0;  // days
constexpr double kProbabilityFloor = 1e-6;
// Outliers (fsrs-rs's rule): per first rating, the rarest delays are removed
// up to 5% of the cards (at least 20), then every delay seen on fewer than 6
// cards or longer than 100 days (365 after Easy).
constexpr int kOutlierMinRemoved = 20;
constexpr int kOutlierShare = 20;  // 1/20 = 5%
constexpr int kOutlierMinGroup = 6;
constexpr int kOutlierMaxDelay = 100;
constexpr int kOutlierMaxDelayEasy = 365;

// A card's answers with their times (for the recency weights).
struct Sequence {
  std::vector<FsrsReview> answers;
  std::vector<int64_t> at_ms;
};

// Index of the first answer given a day or more after the previous one (the
// first prediction), 0 when there is none.
size_t FirstNextDay(const std::vector<FsrsReview>& seq) {
  for (size_t i = 1; i < seq.size(); ++i) {
    if (seq[i].elapsed_days >= 1) return i;
  }
  return 0;
}

void Flush(Sequence& seq, std::vector<Sequence>& out) {
  if (FirstNextDay(seq.answers) > 0) out.push_back(std::move(seq));
  seq = Sequence{};
}

// Cards are grouped by first rating and the delay of their first next-day
// answer; rare and very long delays are left out, as fsrs-rs does.
void RemoveOutliers(std::vector<Sequence>& seqs) {
  std::array<std::map<int, int>, 4> groups;  // rating - 1 -> delay -> cards
  auto key = [](const Sequence& s) {
    return std::make_pair(static_cast<size_t>(s.answers[0].rating - 1),
                          s.answers[FirstNextDay(s.answers)].elapsed_days);
  };
  for (const Sequence& s : seqs) {
    const auto k = key(s);
    ++groups[k.first][k.second];
  }
  std::array<std::set<int>, 4> removed;
  for (size_t r = 0; r < 4; ++r) {
    std::vector<std::pair<int, int>> sub;  // (cards, delay), rarest and shortest first
    int total = 0;
    for (const auto& [delay, cards] : groups[r]) {
      sub.emplace_back(cards, delay);
      total += cards;
    }
    std::sort(sub.begin(), sub.end());
    const int quota = std::max(kOutlierMinRemoved, total / kOutlierShare);
    const int max_delay = r == 3 ? kOutlierMaxDelayEasy : kOutlierMaxDelay;
    int dropped = 0;
    for (const auto& [cards, delay] : sub) {
      if (dropped + cards < quota) {
        dropped += cards;
        removed[r].insert(delay);
      } else if (cards < kOutlierMinGroup || delay > max_delay) {
        removed[r].insert(delay);
      }
    }
  }
  std::vector<Sequence> kept;
  for (Sequence& s : seqs) {
    const auto k = key(s);
    if (removed[k.first].count(k.second) == 0) kept.push_back(std::move(s));
  }
  seqs = std::move(kept);
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

}  // namespace

double FsrsRecencyWeight(int64_t rank, int64_t count) {
  const double x = static_cast<double>(rank) / static_cast<double>(std::max<int64_t>(count - 1, 1));
  return 0.25 + 0.75 * x * x * x;
}

FsrsTrainingSet PrepareFsrsTrainingSet(const std::vector<CardHistory>& histories, bool remove_outliers) {
  std::vector<Sequence> seqs;
  for (const CardHistory& card : histories) {
    Sequence seq;
    bool skip = false;  // the history's start is missing
    Day last_day;
    for (const RevlogEntry& e : card.log) {
      if (memory::IsManualEntry(e)) {
        if (memory::IsForget(e)) {
          Flush(seq, seqs);
          skip = false;
        }
        continue;
      }
      if (skip) continue;
      if (seq.answers.empty() && e.type_before != CardType::kNew) {
        skip = true;
        continue;
      }
      const int rating = scheduling::FsrsRatingOf(card.ratings_of, e.fields.rating);
      const int elapsed = seq.answers.empty() ? 0 : static_cast<int>(std::max<int64_t>(e.day - last_day, 0));
      seq.answers.push_back(FsrsReview{elapsed, rating});
      seq.at_ms.push_back(e.id);
      last_day = e.day;
    }
    Flush(seq, seqs);
  }
  if (remove_outliers) RemoveOutliers(seqs);
  // Recency weights over every prediction in review-time order.
  struct Prediction {
    int64_t at_ms;
    size_t seq;
    size_t answer;
  };
  std::vector<Prediction> predictions;
  for (size_t s = 0; s < seqs.size(); ++s) {
    for (size_t i = 1; i < seqs[s].answers.size(); ++i) {
      if (seqs[s].answers[i].elapsed_days >= 1) predictions.push_back({seqs[s].at_ms[i], s, i});
    }
  }
  std::stable_sort(predictions.begin(), predictions.end(),
                   [](const Prediction& a, const Prediction& b) { return a.at_ms < b.at_ms; });
  const int64_t count = static_cast<int64_t>(predictions.size());
  for (int64_t rank = 0; rank < count; ++rank) {
    const Prediction& p = predictions[static_cast<size_t>(rank)];
    seqs[p.seq].answers[p.answer].weight = FsrsRecencyWeight(rank, count);
  }
  FsrsTrainingSet set;
  for (Sequence& s : seqs) {
    if (s.answers.size() > static_cast<size_t>(kFsrsMaxSequenceLength))
      s.answers.resize(kFsrsMaxSequenceLength);
    int64_t n = 0;
    for (size_t i = 1; i < s.answers.size(); ++i) n += s.answers[i].elapsed_days >= 1;
    if (n == 0) continue;
    set.reviews += n;
    set.cards.push_back(std::move(s.answers));
  }
  return set;
}

FsrsParams PretrainInitialStability(const FsrsTrainingSet& set, const FsrsParams& w) {
  std::array<std::vector<std::pair<int, bool>>, 4> points;
  for (const auto& seq : set.cards) {
    const FsrsReview& next_day = seq[FirstNextDay(seq)];
    points[static_cast<size_t>(seq[0].rating - 1)].emplace_back(next_day.elapsed_days, next_day.rating > 1);
  }
  FsrsParams out = w;
  const double decay = -w[20];
  std::array<std::optional<double>, 4> fitted;
  std::array<int64_t, 4> cards{};
  for (size_t r = 0; r < 4; ++r) {
    cards[r] = static_cast<int64_t>(points[r].size());
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
    fitted[r] = std::exp((lo + hi) / 2.0);
  }
  if (const auto smoothed = SmoothAndFillInitialStability(fitted, cards)) {
    for (size_t r = 0; r < 4; ++r) out[r] = (*smoothed)[r];
  }
  return out;
}

std::optional<std::array<double, 4>> SmoothAndFillInitialStability(const std::array<std::optional<double>, 4>& fitted,
                                                                   const std::array<int64_t, 4>& cards) {
  std::array<std::optional<double>, 4> s = fitted;
  // A lower first rating must not start above a higher one: the value of
  // the rating seen on more cards wins (pairs in fsrs-rs's order).
  constexpr std::pair<int, int> kPairs[] = {{0, 1}, {1, 2}, {2, 3}, {0, 2}, {1, 3}, {0, 3}};
  for (const auto& [lo, hi] : kPairs) {
    if (!s[lo] || !s[hi] || *s[lo] <= *s[hi]) continue;
    if (cards[lo] > cards[hi]) {
      s[hi] = s[lo];
    } else {
      s[lo] = s[hi];
    }
  }
  constexpr double a = 0.41;
  constexpr double b = 0.54;
  auto geo = [](double x, double px, double y, double py) { return std::pow(x, px) * std::pow(y, py); };
  int known = 0;
  for (const auto& v : s) known += v ? 1 : 0;
  if (known == 0) return std::nullopt;
  if (known == 1) {
    const FsrsParams& d = DefaultFsrsParams();
    size_t r = 0;
    while (!s[r]) ++r;
    const double factor = *s[r] / d[r];
    for (size_t i = 0; i < 4; ++i) s[i] = d[i] * factor;
  } else if (known == 2) {
    auto& [s1, s2, s3, s4] = s;
    if (s3 && s4) {
      s2 = geo(*s3, 1 / (1 - b), *s4, 1 - 1 / (1 - b));
      s1 = geo(*s2, 1 / a, *s3, 1 - 1 / a);
    } else if (s2 && s4) {
      s3 = geo(*s2, 1 - b, *s4, b);
      s1 = geo(*s2, 1 / a, *s3, 1 - 1 / a);
    } else if (s2 && s3) {
      s4 = geo(*s2, 1 - 1 / b, *s3, 1 / b);
      s1 = geo(*s2, 1 / a, *s3, 1 - 1 / a);
    } else if (s1 && s4) {
      const double e = a + b - a * b;
      s2 = geo(*s1, a / e, *s4, 1 - a / e);
      s3 = geo(*s1, 1 - b / e, *s4, b / e);
    } else if (s1 && s3) {
      s2 = geo(*s1, a, *s3, 1 - a);
      s4 = geo(*s2, 1 - 1 / b, *s3, 1 / b);
    } else {  // s1 and s2
      s3 = geo(*s1, 1 - 1 / (1 - a), *s2, 1 / (1 - a));
      s4 = geo(*s2, 1 - 1 / b, *s3, 1 / b);
    }
  } else if (known == 3) {
    auto& [s1, s2, s3, s4] = s;
    if (!s1) {
      s1 = geo(*s2, 1 / a, *s3, 1 - 1 / a);
    } else if (!s2) {
      s2 = geo(*s1, a, *s3, 1 - a);
    } else if (!s3) {
      s3 = geo(*s2, 1 - b, *s4, b);
    } else {
      s4 = geo(*s2, 1 - 1 / b, *s3, 1 / b);
    }
  }
  std::array<double, 4> out{};
  for (size_t i = 0; i < 4; ++i) out[i] = std::clamp(*s[i], scheduling::kFsrsStabilityMin, kPretrainMaxStability);
  return out;
}

}  // namespace recall

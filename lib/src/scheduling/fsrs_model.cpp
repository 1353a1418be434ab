// The FSRS-6 memory model (docs/scheduling.md, "FSRS"): forgetting curve,
// initial state, the three stability updates, difficulty with linear damping
// and mean reversion, and the interval for a desired retention.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>

#include "recall/fsrs.h"
#include "scheduling/fsrs_constants.h"

namespace recall {
namespace {

using scheduling::kFsrsDifficultyMax;
using scheduling::kFsrsDifficultyMin;
using scheduling::kFsrsStabilityMax;
using scheduling::kFsrsStabilityMin;

double Decay(const FsrsParams& w) { return -w[20]; }

// Chosen so that R(S, S) = 0.9 whatever the decay. A pow: passes over every
// card ask it once per card with the same parameters, so the last decay's
// factor is kept (per thread; the same value, to the last bit).
double Factor(const FsrsParams& w) {
  thread_local double decay = 0.0;
  thread_local double factor = 0.0;
  if (Decay(w) != decay || decay == 0.0) {
    decay = Decay(w);
    factor = std::pow(0.9, 1.0 / decay) - 1.0;
  }
  return factor;
}

double ClampStability(double s) { return std::clamp(s, kFsrsStabilityMin, kFsrsStabilityMax); }

double InitialDifficultyUnclamped(const FsrsParams& w, int rating) {
  return w[4] - std::exp(w[5] * (rating - 1)) + 1.0;
}

double NextDifficulty(const FsrsParams& w, double d, int rating) {
  const double delta = -w[6] * (rating - 3);
  const double damped = d + delta * (10.0 - d) / 9.0;  // smaller steps near 10
  const double reverted = w[7] * InitialDifficultyUnclamped(w, 4) + (1.0 - w[7]) * damped;
  return std::clamp(reverted, kFsrsDifficultyMin, kFsrsDifficultyMax);
}

double StabilityAfterRecall(const FsrsParams& w, double s, double d, double r, int rating) {
  const double hard_penalty = rating == 2 ? w[15] : 1.0;
  const double easy_bonus = rating == 4 ? w[16] : 1.0;
  return s * (1.0 + std::exp(w[8]) * (11.0 - d) * std::pow(s, -w[9]) * (std::exp((1.0 - r) * w[10]) - 1.0) *
                        hard_penalty * easy_bonus);
}

double StabilityAfterLapse(const FsrsParams& w, double s, double d, double r) {
  const double forgotten =
      w[11] * std::pow(d, -w[12]) * (std::pow(s + 1.0, w[13]) - 1.0) * std::exp((1.0 - r) * w[14]);
  // Never above what a same-day Again would leave.
  return std::min(forgotten, s / std::exp(w[17] * w[18]));
}

double StabilitySameDay(const FsrsParams& w, double s, int rating) {
  double growth = std::exp(w[17] * (rating - 3 + w[18])) * std::pow(s, -w[19]);
  if (rating >= 2) growth = std::max(growth, 1.0);  // a pass never lowers stability
  return s * growth;
}

}  // namespace

const FsrsParams& DefaultFsrsParams() {
  static const FsrsParams kDefault = {0.212,  1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194,
                                      0.001,  1.8722, 0.1666, 0.796,  1.4835, 0.0614, 0.2629,
                                      1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542};
  return kDefault;
}

double FsrsRetrievability(const FsrsParams& w, double elapsed_days, double stability) {
  const double s = std::max(stability, kFsrsStabilityMin);
  return std::pow(1.0 + Factor(w) * std::max(elapsed_days, 0.0) / s, Decay(w));
}

MemoryState FsrsNextState(const FsrsParams& w, const std::optional<MemoryState>& current, double elapsed_days,
                          int rating) {
  if (!current) {
    return MemoryState{
        ClampStability(w[static_cast<size_t>(rating - 1)]),
        std::clamp(InitialDifficultyUnclamped(w, rating), kFsrsDifficultyMin, kFsrsDifficultyMax)};
  }
  const double s = std::max(current->stability, kFsrsStabilityMin);
  const double d = current->difficulty;
  double next_s;
  if (elapsed_days <= 0) {
    next_s = StabilitySameDay(w, s, rating);
  } else {
    const double r = FsrsRetrievability(w, elapsed_days, s);
    next_s = rating == 1 ? StabilityAfterLapse(w, s, d, r) : StabilityAfterRecall(w, s, d, r, rating);
  }
  return MemoryState{ClampStability(next_s), NextDifficulty(w, d, rating)};
}

double FsrsNextInterval(const FsrsParams& w, double stability, double desired_retention) {
  const double interval = stability / Factor(w) * (std::pow(desired_retention, 1.0 / Decay(w)) - 1.0);
  return std::clamp(interval, 0.0, kFsrsStabilityMax);
}

MemoryState FsrsStateFromSm2(const FsrsParams& w, double ease, double interval_days, double sm2_retention) {
  // The stability that gives sm2_retention after the card's interval...
  const double s = std::max(interval_days, kFsrsStabilityMin) * Factor(w) /
                   (std::pow(sm2_retention, 1.0 / Decay(w)) - 1.0);
  // ...and the difficulty at which a pass at that retention multiplies the
  // stability by the card's ease.
  const double d =
      11.0 - (ease - 1.0) / (std::exp(w[8]) * std::pow(s, -w[9]) * std::expm1((1.0 - sm2_retention) * w[10]));
  return MemoryState{ClampStability(s), std::clamp(std::isfinite(d) ? d : kFsrsDifficultyMax,
                                                   kFsrsDifficultyMin, kFsrsDifficultyMax)};
}

std::optional<FsrsParams> ParseFsrsParams(const std::string& text) {
  std::string spaced = text;
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  std::istringstream in(spaced);
  FsrsParams w{};
  for (double& v : w) {
    if (!(in >> v) || !std::isfinite(v)) return std::nullopt;
  }
  std::string rest;
  if (in >> rest) return std::nullopt;
  return w;
}

std::string FormatFsrsParams(const FsrsParams& w) {
  std::string out;
  char buf[32];
  for (size_t i = 0; i < w.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%.17g", w[i]);
    // Shortest form that reads back to the same double.
    for (int prec = 1; prec <= 17; ++prec) {
      char shorter[32];
      std::snprintf(shorter, sizeof shorter, "%.*g", prec, w[i]);
      if (std::strtod(shorter, nullptr) == w[i]) {
        std::snprintf(buf, sizeof buf, "%s", shorter);
        break;
      }
    }
    if (i) out += ',';
    out += buf;
  }
  return out;
}

}  // namespace recall

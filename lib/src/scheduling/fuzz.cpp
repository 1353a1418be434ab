// Review and learning-step fuzz (spec/scheduler.md 3.9), and the
// deterministic fuzz factor derived from (card id, reps).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

#include "recall/scheduler.h"
#include "scheduling/anki_states.h"
#include "scheduling/constants.h"

namespace recall {
namespace scheduling {
namespace {

// Rust's `f32 as u32` for the values that reach it here: NaN and negatives
// become 0, and the value saturates instead of overflowing.
int64_t SaturatingToU32(float v) {
  if (!(v > 0.0f)) return 0;
  if (v >= 4294967295.0f) return 4294967295LL;
  return static_cast<int64_t>(v);
}

// Days of fuzz in each direction for a raw interval `x` (before rounding).
float FuzzDelta(float interval) {
  if (interval < kFuzzMinimumInterval) return 0.0f;
  float delta = kFuzzBaseDelta;
  for (const FuzzRange& range : kFuzzRanges) {
    delta = delta + range.factor * std::max(std::min(interval, range.end) - range.start, 0.0f);
  }
  return delta;
}

// splitmix64 (Steele, Lea, Flood 2014): a bijective, well-mixed 64-bit hash.
uint64_t SplitMix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace

std::pair<int64_t, int64_t> ConstrainedFuzzBounds(float interval, int64_t minimum, int64_t maximum) {
  minimum = std::min(minimum, maximum);
  interval = std::clamp(interval, static_cast<float>(minimum), static_cast<float>(maximum));
  const float delta = FuzzDelta(interval);
  int64_t lower = SaturatingToU32(std::round(interval - delta));
  int64_t upper = SaturatingToU32(std::round(interval + delta));
  lower = std::clamp(lower, minimum, maximum);
  upper = std::clamp(upper, minimum, maximum);
  // Keep a range of at least two days where the limits allow it.
  if (upper == lower && upper > 2 && upper < maximum) upper = lower + 1;
  return {lower, upper};
}

int64_t WithReviewFuzz(std::optional<float> fuzz_factor, float interval, int64_t minimum, int64_t maximum) {
  if (!fuzz_factor) {
    minimum = std::min(minimum, maximum);
    return std::clamp(SaturatingToU32(std::round(interval)), minimum, maximum);
  }
  const auto [lower, upper] = ConstrainedFuzzBounds(interval, minimum, maximum);
  const float picked =
      std::floor(static_cast<float>(lower) + *fuzz_factor * static_cast<float>(1 + upper - lower));
  // A factor just below 1 can round up to 1.0f in binary32: stay in range.
  return std::clamp(SaturatingToU32(picked), lower, upper);
}

int64_t LearningFuzzSecs(int64_t secs, double fuzz_factor) {
  const float extra_f =
      std::floor(std::min(static_cast<float>(secs) * kLearningFuzzShare, kLearningFuzzMaxSecs));
  const int64_t extra = SaturatingToU32(extra_f);
  if (extra <= 0) return 0;
  const auto picked = static_cast<int64_t>(std::floor(fuzz_factor * static_cast<double>(extra)));
  return std::clamp<int64_t>(picked, 0, extra - 1);
}

}  // namespace scheduling

double FuzzFactor(int64_t card_id, int32_t reps) {
  const uint64_t seed = static_cast<uint64_t>(card_id) + static_cast<uint64_t>(static_cast<int64_t>(reps));
  // The top 53 bits as a double in [0, 1).
  return static_cast<double>(scheduling::SplitMix64(seed) >> 11) * 0x1.0p-53;
}

std::pair<int32_t, int32_t> FuzzBounds(double interval, int32_t minimum, int32_t maximum) {
  const auto [lower, upper] =
      scheduling::ConstrainedFuzzBounds(static_cast<float>(interval), minimum, maximum);
  return {static_cast<int32_t>(lower), static_cast<int32_t>(upper)};
}

int32_t ApplyFuzz(double interval, int32_t minimum, int32_t maximum, double fuzz_factor) {
  return static_cast<int32_t>(scheduling::WithReviewFuzz(static_cast<float>(fuzz_factor),
                                                         static_cast<float>(interval), minimum, maximum));
}

}  // namespace recall

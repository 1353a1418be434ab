#ifndef RECALL_SCHEDULING_FSRS_CONSTANTS_H_
#define RECALL_SCHEDULING_FSRS_CONSTANTS_H_

// The named constants of FSRS-6 (docs/scheduling.md, "FSRS").

namespace recall {
namespace scheduling {

constexpr double kFsrsStabilityMin = 0.001;  // days
constexpr double kFsrsStabilityMax = 36500;  // days
constexpr double kFsrsDifficultyMin = 1.0;
constexpr double kFsrsDifficultyMax = 10.0;
// A same-day answer whose FSRS interval is below half a day stays in
// (re)learning for that many seconds instead of becoming a review.
constexpr double kFsrsShortTermMaxDays = 0.5;

}  // namespace scheduling
}  // namespace recall

#endif  // RECALL_SCHEDULING_FSRS_CONSTANTS_H_

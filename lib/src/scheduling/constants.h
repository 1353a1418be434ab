#ifndef RECALL_SCHEDULING_CONSTANTS_H_
#define RECALL_SCHEDULING_CONSTANTS_H_

// The named constants of both scheduling algorithms, in one place.
// docs/scheduling.md explains each of them; spec/scheduler.md is the source.

#include <cstdint>

namespace recall {
namespace scheduling {

// ---- Units ----
constexpr int64_t kSecondsPerDay = 86400;
constexpr int64_t kSecondsPerMinute = 60;

// ---- Anki SM-2 (spec 3.3, 3.5, 3.7). Anki computes these in binary32, so
// they are floats: 2.3 - 0.2 must give exactly what Anki gives. ----
constexpr float kInitialEase = 2.5f;      // default starting ease (options)
constexpr float kMinimumEase = 1.3f;      // floor for every ease change
constexpr float kEaseAgainDelta = -0.2f;  // lapse
constexpr float kEaseHardDelta = -0.15f;  // review Hard
constexpr float kEaseEasyDelta = 0.15f;   // review Easy (no ceiling)
constexpr int kMaximumIntervalDefaultDays = 36500;

// Hard on the first step of a single-step list: 1.5 x the step, at most one
// day more than it (spec 3.4).
constexpr int64_t kHardSingleStepMaxExtraSecs = kSecondsPerDay;

// Review fuzz (spec 3.9): no fuzz below 2.5 days; delta = 1 day plus a share
// of the interval in each range.
constexpr float kFuzzMinimumInterval = 2.5f;
constexpr float kFuzzBaseDelta = 1.0f;
struct FuzzRange {
  float start;
  float end;
  float factor;
};
constexpr FuzzRange kFuzzRanges[] = {
    {2.5f, 7.0f, 0.15f}, {7.0f, 20.0f, 0.1f}, {20.0f, 3.40282347e38f, 0.05f},  // to FLT_MAX
};

// Learning-step fuzz (spec 3.9): up to 25% of the delay, at most 5 minutes.
constexpr float kLearningFuzzShare = 0.25f;
constexpr float kLearningFuzzMaxSecs = 300.0f;

// Anki's old clients packed "steps left today" x 1000 into `left`.
constexpr int32_t kLeftModulus = 1000;

// Anki ratings.
constexpr int kAnkiAgain = 1;
constexpr int kAnkiHard = 2;
constexpr int kAnkiGood = 3;
constexpr int kAnkiEasy = 4;

// ---- Classic SuperMemo SM-2, profile "text" (spec 2.2, 2.3). EF is held as
// an integer number of hundredths (ef_centi); the card stores it in permille
// (ef_centi * kSm2PermillePerCenti). ----
constexpr int32_t kSm2InitialEfCenti = 250;
constexpr int32_t kSm2MinimumEfCenti = 130;
constexpr int32_t kSm2PermillePerCenti = 10;
// EF change per grade q = 0..5, in hundredths: 0.1 - (5-q)(0.08 + (5-q)0.02).
constexpr int32_t kSm2EfDeltaCenti[6] = {-80, -54, -32, -14, 0, 10};
constexpr int32_t kSm2FirstInterval = 1;   // days, after the 1st success
constexpr int32_t kSm2SecondInterval = 6;  // days, after the 2nd success
constexpr int32_t kSm2FailInterval = 1;    // days, after a grade < 3
constexpr int kSm2PassingGrade = 3;        // q >= 3 is a success
constexpr int kSm2DrillPassGrade = 4;      // q < 4 joins today's drill queue
constexpr int kSm2MinGrade = 0;
constexpr int kSm2MaxGrade = 5;

}  // namespace scheduling
}  // namespace recall

#endif  // RECALL_SCHEDULING_CONSTANTS_H_

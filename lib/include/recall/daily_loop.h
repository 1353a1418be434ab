#ifndef RECALL_DAILY_LOOP_H_
#define RECALL_DAILY_LOOP_H_

// What the daily loop shows around the cards, from the review log: how long
// the user's answers take (the review header's time estimate) and the study
// streak (the end-of-session summary). SQL in lib/src/store/daily_loop_queries.cpp.

#include <cstdint>

#include "recall/store.h"

namespace recall {

// The estimate's answer time when the log has no answers yet.
inline constexpr int64_t kDefaultAnswerMs = 8000;
// How many of the latest answers the mean is taken over.
inline constexpr int kAnswerTimeWindow = 500;

// Mean answer time (duration_ms) of the latest kAnswerTimeWindow answers
// (kinds learn, review, relearn and filtered; not manual changes), rounded;
// kDefaultAnswerMs when there are none.
int64_t MeanAnswerMs(const Store& store);

// Consecutive study days with at least one answer, ending today, or
// yesterday when nothing was answered yet today (the streak is not broken
// until the day is over); 0 otherwise. Answers logged after `today` (a clock
// set back) are ignored.
int64_t StudyStreak(const Store& store, Day today);

}  // namespace recall

#endif  // RECALL_DAILY_LOOP_H_

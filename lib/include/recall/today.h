#ifndef RECALL_TODAY_H_
#define RECALL_TODAY_H_

// Today's status, what bare `recall` prints (docs/interview.md): what the
// review queue holds now and, for each interview to come, the days left,
// readiness and the plan's minutes for today. Bounded work: the queue reads
// at most each deck's daily allowance; interviews read their scope's cards
// once, without notes.

#include <cstdint>
#include <vector>

#include "recall/interview.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall {

struct InterviewDayStatus {
  Interview interview;
  int64_t days_left = 0;
  int64_t cards = 0;
  double readiness = 0;     // mean predicted recall on the day (new cards 0)
  int64_t planned_new = 0;  // the plan's first day (recall/interview_plan.h)
  double planned_reviews = 0;
  double planned_minutes = 0;
};

struct TodayStatus {
  int64_t learning = 0;  // due now, as the review queue counts them (daily limits applied)
  int64_t reviews = 0;
  int64_t new_left = 0;                        // new cards the queue would still introduce today
  std::vector<InterviewDayStatus> interviews;  // today or later, by date
};

TodayStatus ComputeTodayStatus(Store& store);

}  // namespace recall

#endif  // RECALL_TODAY_H_

#ifndef RECALL_APP_REVIEW_LINES_H_
#define RECALL_APP_REVIEW_LINES_H_

// The line protocol of `recall review` (docs/review.md): used unless standard
// input and output are both terminals; one action per line on stdin.

#include "recall/session.h"
#include "review_options.h"

namespace recall::app {

// Runs the session to its end and prints the summary.
void RunLineSession(ReviewSession& session, SessionClock& clock, const ReviewOptions& options);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_LINES_H_

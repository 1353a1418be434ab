#ifndef RECALL_APP_REVIEW_LINES_H_
#define RECALL_APP_REVIEW_LINES_H_

// The line protocol of `recall review` (docs/review.md): used unless standard
// input and output are both terminals; one action per line on stdin.

#include "recall/session.h"
#include "review_format.h"
#include "review_options.h"

namespace recall::app {

// Runs the session to its end (the caller prints the summary); returns how
// many cards were left today when the user quit (0 when the session ran out).
// `limits` gives the header its limit notes.
int64_t RunLineSession(ReviewSession& session, LimitNotes& limits, SessionClock& clock,
                       const ReviewOptions& options);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_LINES_H_

#ifndef RECALL_APP_REVIEW_SUMMARY_H_
#define RECALL_APP_REVIEW_SUMMARY_H_

// What a review session says when it ends: why, and what it did.

#include <string>

#include "recall/session.h"
#include "review_options.h"

namespace recall::app {

// "Reviewed 3 cards (4 answers) in 1m 5s · Again 1 (25%)", the session's
// retention and new cards learned, what is left today when the session was
// stopped early (`still_due` > 0), then what comes next.
std::string SummaryText(const SessionSummary& s, int64_t still_due);

// Cards left in the queue (new + learning + review) as the header counts them.
int64_t StillDue(const ReviewSession& s);

// Why the session stopped: no more cards, --limit or --minutes.
std::string DoneLine(const ReviewSession& s, const ReviewOptions& o);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_SUMMARY_H_

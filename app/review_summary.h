#ifndef RECALL_APP_REVIEW_SUMMARY_H_
#define RECALL_APP_REVIEW_SUMMARY_H_

// What a review session says when it ends: why, and what it did.

#include <string>

#include "recall/session.h"
#include "review_options.h"

namespace recall::app {

// "Reviewed 3 cards in 1m 5s · Again 1 (33%)", then what comes next.
std::string SummaryText(const SessionSummary& s);

// Why the session stopped: no more cards, --limit or --minutes.
std::string DoneLine(const ReviewSession& s, const ReviewOptions& o);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_SUMMARY_H_

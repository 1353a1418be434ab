#ifndef RECALL_APP_REVIEW_SUMMARY_H_
#define RECALL_APP_REVIEW_SUMMARY_H_

// What a review session says when it ends: why, and what it did.

#include <cstdint>
#include <optional>
#include <string>

#include "recall/session.h"
#include "review_options.h"

namespace recall::app {

// What the summary says besides the session's own counts.
struct SummaryFacts {
  int64_t still_due = 0;   // cards left today when the user quit (0: the session ran out)
  int64_t streak = 0;      // StudyStreak: consecutive study days up to today
  std::string limit_line;  // the new-card limit held cards back: which command raises it
  std::string review_limit_line;  // likewise the review limit
};

// The facts at the end of a session over `deck_id` (every deck when unset).
SummaryFacts GatherFacts(Store& store, std::optional<int64_t> deck_id, int64_t still_due);

// "Reviewed 3 cards, 4 answers in 1m 5s · Again 1 (25%)" (nothing when
// nothing was due), the session's retention, new cards learned and the
// streak, what is left today when the session was stopped early, the
// new-card and review limits when they held cards back, then what comes
// next ("Next: 2 learning cards later today, 12 due tomorrow").
std::string SummaryText(const SessionSummary& s, const SummaryFacts& f);

// Cards left in the queue (new + learning + review) as the header counts them.
int64_t StillDue(const ReviewSession& s);

// Why the session stopped: nothing (more) due, --limit or --minutes.
std::string DoneLine(const ReviewSession& s, const ReviewOptions& o);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_SUMMARY_H_

#include "review_summary.h"

#include <fmt/format.h>

#include <vector>

#include "review_format.h"

namespace recall::app {

std::string SummaryText(const SessionSummary& s) {
  std::string out;
  if (s.answered == 0) {
    out += "Reviewed 0 cards.\n";
  } else {
    out += fmt::format("Reviewed {} in {} · Again {} ({}%)\n", Plural(s.answered, "card", "cards"),
                       FormatDuration(s.duration_ms), s.again, (s.again * 100 + s.answered / 2) / s.answered);
  }
  std::vector<std::string> next;
  if (s.upcoming.learning_today > 0) {
    next.push_back(Plural(s.upcoming.learning_today, "learning card", "learning cards") + " today");
  }
  next.push_back(Plural(s.upcoming.reviews_tomorrow, "review", "reviews") + " tomorrow");
  out += "Next: ";
  for (size_t i = 0; i < next.size(); ++i) out += (i ? ", " : "") + next[i];
  out += "\n";
  return out;
}

std::string DoneLine(const ReviewSession& s, const ReviewOptions& o) {
  switch (s.done_reason()) {
    case DoneReason::kEmpty:
      return "No more cards due now.";
    case DoneReason::kCardLimit:
      return fmt::format("Stopped after {} (--limit).", Plural(o.limit, "card", "cards"));
    case DoneReason::kTimeLimit:
      return fmt::format("Stopped after {} (--minutes).", Plural(o.minutes, "minute", "minutes"));
  }
  return "";
}

}  // namespace recall::app

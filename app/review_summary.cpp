#include "review_summary.h"

#include <fmt/format.h>

#include <vector>

#include "context.h"
#include "review_format.h"

namespace recall::app {

std::string SummaryText(const SessionSummary& s, int64_t still_due) {
  std::string out;
  if (s.answered == 0) {
    out += "Reviewed 0 cards.\n";
  } else {
    const std::string answers =
        s.cards == s.answered ? "" : fmt::format(" ({})", Plural(s.answered, "answer", "answers"));
    out += fmt::format("Reviewed {}{} in {} · Again {} ({}%)\n", Plural(s.cards, "card", "cards"), answers,
                       FormatDuration(s.duration_ms), s.again, (s.again * 100 + s.answered / 2) / s.answered);
  }
  std::vector<std::string> facts;
  if (s.review_answers > 0) {
    facts.push_back(fmt::format("Retention {}% ({} of {})",
                                (s.review_passed * 100 + s.review_answers / 2) / s.review_answers, s.review_passed,
                                Plural(s.review_answers, "review", "reviews")));
  }
  if (s.new_learned > 0) facts.push_back(Plural(s.new_learned, "new card", "new cards") + " learned");
  for (size_t i = 0; i < facts.size(); ++i) out += (i ? " · " : "") + facts[i] + (i + 1 == facts.size() ? "\n" : "");
  if (still_due > 0) out += fmt::format("{} still due today (you stopped early)\n", still_due);
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

int64_t StillDue(const ReviewSession& s) {
  const QueueCounts c = s.counts();
  return c.new_cards + c.learning + c.review;
}

std::string DoneLine(const ReviewSession& s, const ReviewOptions& o) {
  switch (s.done_reason()) {
    case DoneReason::kEmpty:
      return o.cram || o.weakest >= 0 ? "Drill done: every card picked was shown." : "No more cards due now.";
    case DoneReason::kCardLimit:
      return fmt::format("Stopped after {} (--limit).", Plural(o.limit, "card", "cards"));
    case DoneReason::kTimeLimit:
      return fmt::format("Stopped after {} (--minutes).", Plural(o.minutes, "minute", "minutes"));
  }
  return "";
}

}  // namespace recall::app

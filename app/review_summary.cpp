#include "review_summary.h"

#include <fmt/format.h>

#include <vector>

#include "context.h"
#include "recall/daily_loop.h"
#include "recall/text.h"
#include "recall/today_counts.h"
#include "review_format.h"

namespace recall::app {

namespace {

// A deck name as a shell argument: quoted when it holds a space or a quote.
std::string ShellWord(const std::string& s) {
  if (s.find_first_of(" \t'\"$`\\") == std::string::npos) return s;
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

SummaryFacts GatherFacts(Store& store, std::optional<int64_t> deck_id, int64_t still_due) {
  SummaryFacts f;
  f.still_due = still_due;
  f.streak = StudyStreak(store, store.Today().today);
  // The deck whose new-card limit held cards back: the session's deck, or
  // the first such deck (parents come before their sub-decks).
  std::vector<int64_t> candidates;
  if (deck_id) {
    candidates.push_back(*deck_id);
  } else {
    for (const auto& d : store.ListDecks()) candidates.push_back(d.id);
  }
  for (const int64_t id : candidates) {
    if (!f.limit_line.empty() && !f.review_limit_line.empty()) break;
    const TodayCounts today = CountToday(store, id);
    const bool new_held = today.new_limited && today.counts.new_cards == 0;
    const bool reviews_held = today.reviews_limited && today.counts.review == 0;
    if (!new_held && !reviews_held) continue;
    const auto deck = store.GetDeck(id);
    if (!deck) continue;
    const std::string name = EscapeControls(deck->name, false);
    if (new_held && f.limit_line.empty()) {
      f.limit_line = fmt::format(
          "No more new cards today: {} has reached its limit of {}; `recall deck options {} --new-per-day N` "
          "raises it.",
          name, Plural(today.new_per_day, "new card", "new cards"), ShellWord(name));
    }
    if (reviews_held && f.review_limit_line.empty()) {
      f.review_limit_line = fmt::format(
          "No more reviews today: {} has reached its limit of {}; `recall deck options {} --reviews-per-day "
          "N` "
          "raises it.",
          name, Plural(today.reviews_per_day, "review", "reviews"), ShellWord(name));
    }
  }
  return f;
}

std::string SummaryText(const SessionSummary& s, const SummaryFacts& f) {
  std::string out;
  if (s.answered == 0) {
    // Nothing was due: DoneLine said so.
    if (f.still_due > 0) out += "Reviewed 0 cards.\n";
  } else {
    const std::string answers = s.cards == s.answered ? "" : ", " + Plural(s.answered, "answer", "answers");
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
  if (f.streak > 0) facts.push_back("streak " + Plural(f.streak, "day", "days"));
  if (!facts.empty() && facts[0][0] >= 'a' && facts[0][0] <= 'z') facts[0][0] = static_cast<char>(facts[0][0] - 32);
  for (size_t i = 0; i < facts.size(); ++i) out += (i ? " · " : "") + facts[i] + (i + 1 == facts.size() ? "\n" : "");
  if (f.still_due > 0) out += fmt::format("{} still due today (you stopped early)\n", f.still_due);
  if (!f.limit_line.empty()) out += f.limit_line + "\n";
  if (!f.review_limit_line.empty()) out += f.review_limit_line + "\n";
  std::vector<std::string> next;
  if (s.upcoming.learning_today > 0) {
    next.push_back(Plural(s.upcoming.learning_today, "learning card", "learning cards") + " later today");
  }
  next.push_back(fmt::format("{} due tomorrow", s.upcoming.reviews_tomorrow));
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
      if (o.cram || o.weakest >= 0) return "Drill done: every card picked was shown.";
      return s.position() == 1 ? "Nothing is due now." : "No more cards due now.";
    case DoneReason::kCardLimit:
      return fmt::format("Stopped after {} (--limit).", Plural(o.limit, "card", "cards"));
    case DoneReason::kTimeLimit:
      return fmt::format("Stopped after {} (--minutes).", Plural(o.minutes, "minute", "minutes"));
  }
  return "";
}

}  // namespace recall::app

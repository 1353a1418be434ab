// Bare `recall` (no command): today's status (recall/today.h) instead of a
// usage error: what is due now, new cards left today, and for each interview
// the days left, readiness and today's planned minutes.

#include <fmt/format.h>
#include <sys/stat.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "context.h"
#include "interview_args.h"
#include "interview_commands.h"
#include "recall/text.h"
#include "recall/today.h"

namespace recall::app {

void RunTodayStatus(Context& ctx) {
  struct stat st;
  if (::stat(ctx.db_path().c_str(), &st) != 0) {
    fmt::print(
        "No collection yet. Start with `recall import FILE` or `recall add`; `recall --help` lists "
        "every command.\n");
    return;
  }
  Store& store = ctx.existing_store();
  const TodayStatus s = ComputeTodayStatus(store);
  if (ctx.global.json) {
    nlohmann::json interviews = nlohmann::json::array();
    for (const InterviewDayStatus& i : s.interviews) {
      interviews.push_back({{"name", i.interview.name},
                            {"date", FormatDay(i.interview.day)},
                            {"days_left", i.days_left},
                            {"target", i.interview.target},
                            {"cards", i.cards},
                            {"readiness", i.readiness},
                            {"planned_new", i.planned_new},
                            {"planned_reviews", i.planned_reviews},
                            {"planned_minutes", i.planned_minutes}});
    }
    fmt::print("{}\n", nlohmann::json{{"learning", s.learning},
                                      {"reviews", s.reviews},
                                      {"new_left", s.new_left},
                                      {"interviews", interviews}}
                           .dump(2));
    return;
  }
  const int64_t due = s.learning + s.reviews;
  std::string out = fmt::format("Due now: {} ({} learning, {}); new cards left today: {}\n", due, s.learning,
                                Plural(s.reviews, "review", "reviews"), s.new_left);
  for (const InterviewDayStatus& i : s.interviews) {
    const Day today = i.interview.day - i.days_left;
    out += fmt::format("Interview {}: {}, readiness {}% (target {}%)",
                       EscapeControls(i.interview.name, false), DaysLeftText(today, i.interview.day),
                       std::lround(i.readiness * 100), std::lround(i.interview.target * 100));
    if (i.days_left > 0) {
      const auto reviews = static_cast<int64_t>(std::nearbyint(i.planned_reviews));  // as {:.0f} rounds
      out += fmt::format(", today's plan {} min ({} new, {})", std::lround(i.planned_minutes), i.planned_new,
                         Plural(reviews, "review", "reviews"));
    }
    out += "\n";
  }
  out += due + s.new_left > 0 ? "Run `recall review` to start.\n" : "Nothing to review now.\n";
  fmt::print("{}", out);
}

}  // namespace recall::app

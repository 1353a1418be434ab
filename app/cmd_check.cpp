// recall check: verify the collection without changing it.

#include <fmt/format.h>

#include <cstdio>
#include <memory>

#include <nlohmann/json.hpp>

#include "context.h"
#include "recall/check.h"
#include "recall/time.h"

namespace recall::app {
namespace {

void RunCheck(bool repair, Context& ctx) {
  if (repair) {
    if (const auto reset = ctx.existing_store().ResetDayGuard()) {
      std::fprintf(stderr,
                   "recall: repaired: the study-day guard (last_day) was %s, ahead of the clock's %s (a run with a "
                   "wrong clock?); set back to %s\n",
                   FormatDay(reset->first).c_str(), FormatDay(reset->second).c_str(),
                   FormatDay(reset->second).c_str());
    }
  }
  const CheckReport report = CheckCollection(ctx.existing_store());
  if (ctx.global.json) {
    nlohmann::json j{{"ok", report.problems.empty()},
                     {"notes", report.notes},
                     {"cards", report.cards},
                     {"revlog_rows", report.revlog_rows},
                     {"problems", report.problems},
                     {"missing_media", report.missing_media},
                     {"unused_media", report.unused_media}};
    fmt::print("{}\n", j.dump(2));
  } else {
    for (const auto& p : report.problems) fmt::print("{}\n", p);
    for (const auto& m : report.missing_media) fmt::print("missing media: {}\n", m);
    for (const auto& m : report.unused_media) fmt::print("unused media: {}\n", m);
    fmt::print("{}: {}, {}, {}, {}\n", report.problems.empty() ? "ok" : "problems found",
               Plural(report.notes, "note", "notes"), Plural(report.cards, "card", "cards"),
               Plural(report.revlog_rows, "review log row", "review log rows"),
               Plural(static_cast<int64_t>(report.problems.size()), "problem", "problems"));
  }
  if (!report.problems.empty()) throw ExitStatus{1};
}

const CommandRegistrar kRegistrar(90, [](CLI::App& app, Context& ctx) {
  auto* sub = app.add_subcommand("check",
                                 "Check the collection file and the card invariants; changes nothing. "
                                 "Exit code 1 when a problem is found");
  auto repair = std::make_shared<bool>(false);
  sub->add_flag("--repair", *repair,
                "First repair what is safe to repair: a study-day guard (last_day) ahead of the clock is set "
                "back to today, with the reason printed");
  sub->callback([repair, &ctx] { RunCheck(*repair, ctx); });
});

}  // namespace
}  // namespace recall::app

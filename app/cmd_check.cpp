// recall check: verify the collection without changing it.

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "context.h"
#include "recall/check.h"

namespace recall::app {
namespace {

void RunCheck(Context& ctx) {
  const CheckReport report = CheckCollection(ctx.existing_store());
  if (ctx.global.json) {
    nlohmann::json j{{"ok", report.problems.empty()},
                     {"notes", report.notes},
                     {"cards", report.cards},
                     {"revlog_rows", report.revlog_rows},
                     {"problems", report.problems}};
    fmt::print("{}\n", j.dump(2));
  } else {
    for (const auto& p : report.problems) fmt::print("{}\n", p);
    fmt::print("{}: {} notes, {} cards, {} review log rows, {} problem{}\n",
               report.problems.empty() ? "ok" : "problems found", report.notes, report.cards,
               report.revlog_rows, report.problems.size(), report.problems.size() == 1 ? "" : "s");
  }
  if (!report.problems.empty()) throw ExitStatus{1};
}

const CommandRegistrar kRegistrar(90, [](CLI::App& app, Context& ctx) {
  auto* sub = app.add_subcommand("check",
                                 "Check the collection file and the card invariants; changes nothing. "
                                 "Exit code 1 when a problem is found");
  sub->callback([&ctx] { RunCheck(ctx); });
});

}  // namespace
}  // namespace recall::app

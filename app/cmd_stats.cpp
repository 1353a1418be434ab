// recall stats: retention and workload figures (docs/stats.md).

#include <fmt/format.h>

#include "context.h"
#include "recall/error.h"
#include "recall/stats.h"
#include "render_card.h"

namespace recall::app {
namespace {

struct StatsOptions {
  std::string deck;
  std::string tag;
  std::string period = "1m";
  std::string html;
};

void RunStats(const StatsOptions& opts, Context& ctx) {
  StatsFilter filter;
  const auto period = ParseStatsPeriod(opts.period);
  if (!period) {
    throw Error(ErrorCode::kUsage, "--period must be 1m, 3m, 1y or all (\"" + opts.period + "\")");
  }
  filter.period = *period;
  Store& store = ctx.existing_store();
  if (!opts.deck.empty()) filter.deck_id = RequireDeck(store, opts.deck).id;
  if (!opts.tag.empty()) filter.tag = opts.tag;
  const StatsReport report = ComputeStats(store, filter);
  if (!opts.html.empty()) {
    WriteStatsHtml(report, opts.html);
    if (!ctx.global.json) fmt::print("Wrote {}\n", opts.html);
    if (!ctx.global.json) return;
  }
  if (ctx.global.json) {
    fmt::print("{}", StatsToJson(report));
  } else {
    fmt::print("{}", RenderStatsText(report, std::max(40, TerminalWidth()), ctx.color()));
  }
}

const CommandRegistrar kRegistrar(60, [](CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<StatsOptions>();
  auto* sub = app.add_subcommand("stats", "Retention and workload statistics: today, true retention, weak tags, "
                                          "forecast, calendar");
  sub->add_option("--deck", opts->deck, "Only this deck and its sub-decks (name or id)");
  sub->add_option("--tag", opts->tag, "Only notes with this tag or a tag under it (a covers a::b)");
  sub->add_option("--period", opts->period, "History charts span: 1m, 3m, 1y or all (default 1m)");
  sub->add_option("--html", opts->html, "Also write a self-contained HTML report to FILE")->type_name("FILE");
  sub->footer("Example: recall stats --deck 面试 --period 3m --html report.html");
  sub->callback([opts, &ctx] { RunStats(*opts, ctx); });
});

}  // namespace
}  // namespace recall::app

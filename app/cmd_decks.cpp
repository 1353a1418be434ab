// recall decks: list decks with their due counts.

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "context.h"

namespace recall::app {
namespace {

void RunDecks(Context& ctx) {
  Store& store = ctx.store();
  const auto decks = store.ListDecks();
  nlohmann::json json = nlohmann::json::array();
  if (!ctx.global.json && decks.empty()) {
    fmt::print("No decks yet. Create one with `recall deck create NAME` or import a file with `recall import`.\n");
    return;
  }
  if (!ctx.global.json) fmt::print("{:<40} {:>6} {:>6} {:>6} {:>7}\n", "Deck", "New", "Learn", "Due", "Cards");
  for (const auto& d : decks) {
    const DayTiming t = store.Today(d.options.rollover_hour);
    const DueCounts c = store.CountDue(d.id, ctx.clock().Now(), t.today);
    if (ctx.global.json) {
      json.push_back({{"id", d.id},
                      {"name", d.name},
                      {"algorithm", AlgorithmName(d.options.algorithm)},
                      {"new", c.new_cards},
                      {"learning", c.learning},
                      {"due", c.review},
                      {"cards", c.total_cards},
                      {"suspended", c.suspended}});
    } else {
      fmt::print("{:<40} {:>6} {:>6} {:>6} {:>7}\n", d.name, c.new_cards, c.learning, c.review, c.total_cards);
    }
  }
  if (ctx.global.json) fmt::print("{}\n", json.dump(2));
}

const CommandRegistrar kRegistrar(10, [](CLI::App& app, Context& ctx) {
  auto* sub = app.add_subcommand("decks", "List decks with new, learning and due counts (sub-decks included)");
  sub->callback([&ctx] { RunDecks(ctx); });
});

}  // namespace
}  // namespace recall::app

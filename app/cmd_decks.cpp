// recall decks: list decks with their due counts.

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "context.h"
#include "recall/text.h"

namespace recall::app {
namespace {

void RunDecks(Context& ctx) {
  Store& store = ctx.existing_store();
  const auto decks = store.ListDecks();
  const Timestamp now = ctx.clock().Now();
  std::vector<DueCounts> counts;
  for (const auto& d : decks) {
    const DayTiming t = store.Today(d.options.rollover_hour);
    counts.push_back(store.CountDue(d.id, now, t.today));
  }
  if (ctx.global.json) {
    nlohmann::json json = nlohmann::json::array();
    for (size_t i = 0; i < decks.size(); ++i) {
      const auto& d = decks[i];
      const auto& c = counts[i];
      json.push_back({{"id", d.id},
                      {"name", d.name},
                      {"algorithm", AlgorithmName(d.options.algorithm)},
                      {"new", c.new_cards},
                      {"learning", c.learning},
                      {"due", c.review},
                      {"cards", c.total_cards},
                      {"suspended", c.suspended}});
    }
    fmt::print("{}\n", json.dump(2));
    return;
  }
  if (decks.empty()) {
    fmt::print("No decks yet. Create one with `recall deck create NAME` or import a file with `recall import`.\n");
    return;
  }
  // The deck column is as wide as the widest name, measured in terminal
  // columns (a Chinese character takes two).
  int width = DisplayWidth("Deck");
  for (const auto& d : decks) width = std::max(width, DisplayWidth(EscapeControls(d.name, false)));
  fmt::print("{} {:>6} {:>6} {:>6} {:>7}\n", PadToWidth("Deck", width), "New", "Learn", "Due", "Cards");
  for (size_t i = 0; i < decks.size(); ++i) {
    const auto& c = counts[i];
    fmt::print("{} {:>6} {:>6} {:>6} {:>7}\n", PadToWidth(EscapeControls(decks[i].name, false), width), c.new_cards, c.learning, c.review,
               c.total_cards);
  }
}

const CommandRegistrar kRegistrar(10, [](CLI::App& app, Context& ctx) {
  auto* sub = app.add_subcommand("decks", "List decks with new, learning and due counts (sub-decks included)");
  sub->footer(
      "Counts are before daily limits: New = new cards, Learn = learning cards due now,\n"
      "Due = reviews due today, Cards = all cards. Sub-decks are counted in their parents.");
  sub->callback([&ctx] { RunDecks(ctx); });
});

}  // namespace
}  // namespace recall::app

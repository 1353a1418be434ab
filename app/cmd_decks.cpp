// recall decks: list decks with their due counts.

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "context.h"
#include "recall/text.h"
#include "recall/today_counts.h"

namespace recall::app {
namespace {

void RunDecks(Context& ctx) {
  Store& store = ctx.existing_store();
  const auto decks = store.ListDecks();
  // Every deck's counts (its sub-decks included) in one pass.
  const std::map<int64_t, TodayCounts> of_deck = CountTodayOfEveryDeck(store);
  std::vector<DueCounts> counts;
  std::vector<TodayCounts> today;
  for (const auto& d : decks) {
    today.push_back(of_deck.at(d.id));
    counts.push_back(today.back().due);
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
                      {"suspended", c.suspended},
                      {"today",
                       {{"new", today[i].counts.new_cards},
                        {"learning", today[i].counts.learning},
                        {"due", today[i].counts.review},
                        {"new_limit_reached", today[i].new_limited},
                        {"review_limit_reached", today[i].reviews_limited}}}});
    }
    fmt::print("{}\n", json.dump(2));
    return;
  }
  if (decks.empty()) {
    fmt::print("No decks yet. Create one with `recall deck create NAME` or import a file with `recall import`.\n");
    return;
  }
  // The deck column is as wide as the widest name, measured in terminal
  // columns (a Chinese character takes two). New, Learn and Due are today's,
  // after the daily limits; a limit that holds cards back is named after the row.
  int width = DisplayWidth("Deck");
  for (const auto& d : decks) width = std::max(width, DisplayWidth(EscapeControls(d.name, false)));
  fmt::print("{} {:>6} {:>6} {:>6} {:>7}\n", PadToWidth("Deck", width), "New", "Learn", "Due", "Cards");
  for (size_t i = 0; i < decks.size(); ++i) {
    const TodayCounts& t = today[i];
    std::string limits;
    if (t.new_limited) limits += fmt::format("  new limit {} reached", t.new_per_day);
    if (t.reviews_limited) limits += fmt::format("{} review limit {} reached", limits.empty() ? " " : ",",
                                                 t.reviews_per_day);
    fmt::print("{} {:>6} {:>6} {:>6} {:>7}{}\n", PadToWidth(EscapeControls(decks[i].name, false), width),
               t.counts.new_cards, t.counts.learning, t.counts.review, counts[i].total_cards, limits);
  }
}

const CommandRegistrar kRegistrar(10, [](CLI::App& app, Context& ctx) {
  auto* sub = app.add_subcommand("decks", "List decks with new, learning and due counts (sub-decks included)");
  sub->footer(
      "Counts are today's, after the daily limits (what `recall review` shows): New = new cards,\n"
      "Learn = learning cards due now, Due = reviews due today, Cards = all cards; \"new limit N\n"
      "reached\" when the limit holds cards back (`recall deck options DECK --new-per-day N` raises it,\n"
      "--reviews-per-day for reviews). Sub-decks are counted in their parents.");
  sub->callback([&ctx] { RunDecks(ctx); });
});

}  // namespace
}  // namespace recall::app

// recall cards: list cards with their scheduling state.

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "context.h"
#include "usage_error.h"
#include "recall/text.h"
#include "render_card.h"

namespace recall::app {
namespace {

struct CardsArgs {
  std::string deck;
  std::string tag;
  bool due = false;
  int64_t limit = -1;
};

constexpr int kDefaultRolloverHour = 4;
constexpr int kMinFrontWidth = 10;

void RunCards(const CardsArgs& a, Context& ctx) {
  Store& store = ctx.existing_store();
  CardQuery q;
  int rollover = kDefaultRolloverHour;
  if (!a.deck.empty()) {
    const Deck d = RequireDeck(store, a.deck);
    q.deck_id = d.id;
    rollover = d.options.rollover_hour;
  }
  if (!a.tag.empty()) q.tag = a.tag;
  q.due_only = a.due;
  q.now = ctx.clock().Now();
  if (a.due) q.today = store.Today(rollover).today;
  q.limit = a.limit;
  const auto cards = store.ListCards(q);
  if (ctx.global.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& v : cards) out.push_back(CardViewJson(v));
    fmt::print("{}\n", out.dump(2));
    return;
  }
  if (cards.empty()) {
    fmt::print("No cards.\n");
    return;
  }
  int deck_width = DisplayWidth("Deck");
  for (const auto& v : cards) deck_width = std::max(deck_width, DisplayWidth(EscapeControls(v.deck_name, false)));
  constexpr int kIdWidth = 13, kStateWidth = 10, kDueWidth = 16, kIvlWidth = 6, kEaseWidth = 6;
  const int used = kIdWidth + 1 + deck_width + 1 + kStateWidth + 1 + kDueWidth + 1 + kIvlWidth + 1 + kEaseWidth + 1;
  const int front_width = std::max(kMinFrontWidth, TerminalWidth() - used);
  auto row = [&](const std::string& id, const std::string& deck, const std::string& state, const std::string& due,
                 const std::string& ivl, const std::string& ease, const std::string& front) {
    std::string line = fmt::format("{:<{}} {} {:<{}} {:<{}} {:>{}} {:>{}} {}", id, kIdWidth, PadToWidth(deck, deck_width),
                                   state, kStateWidth, due, kDueWidth, ivl, kIvlWidth, ease, kEaseWidth,
                                   TruncateToWidth(front, front_width));
    while (!line.empty() && line.back() == ' ') line.pop_back();
    fmt::print("{}\n", line);
  };
  row("ID", "Deck", "State", "Due", "Ivl", "Ease", "Front");
  for (const auto& v : cards) {
    const CardState& s = v.card.state;
    row(std::to_string(v.card.id), EscapeControls(v.deck_name, false), StateName(s), FormatDue(s), FormatInterval(s), FormatEase(s.ease),
        EscapeControls(OneLine(v.note.front), false));
  }
}

const CommandRegistrar kRegistrar(30, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<CardsArgs>();
  auto* sub = app.add_subcommand("cards", "List cards: id, deck, state, due, interval, ease and front");
  sub->add_option("-d,--deck", args->deck, "Only this deck and its sub-decks (name or id)");
  sub->add_option("-t,--tag", args->tag, "Only notes with this tag or one of its children (\"a\" covers \"a::b\")");
  sub->add_flag("--due", args->due, "Only cards due now (learning due by now, reviews due today)");
  sub->add_option("-n,--limit", args->limit, "At most N cards")->check(WholeNumber());
  sub->footer(
      "The front is cut to the terminal width ($COLUMNS, else the terminal, else 80 columns).\n"
      "Example: recall cards --deck 面试 --due --limit 20");
  sub->callback([args, &ctx] { RunCards(*args, ctx); });
});

}  // namespace
}  // namespace recall::app

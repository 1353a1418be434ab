// recall cards: list cards with their scheduling state.

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "context.h"
#include "recall/card_list.h"
#include "usage_error.h"
#include "recall/text.h"
#include "cards_table.h"
#include "render_card.h"

namespace recall::app {
namespace {

struct CardsArgs {
  std::string deck;
  std::string tag;
  std::string search;
  std::string state;
  std::string sort = "deck";
  bool due = false;
  int64_t limit = -1;
};

const std::map<std::string, CardListState> kStates = {
    {"new", CardListState::kNew},           {"learning", CardListState::kLearning},
    {"review", CardListState::kReview},     {"suspended", CardListState::kSuspended},
    {"buried", CardListState::kBuried},     {"leech", CardListState::kLeech}};
const std::map<std::string, CardSort> kSorts = {{"deck", CardSort::kDeck},
                                                {"due", CardSort::kDue},
                                                {"added", CardSort::kAdded},
                                                {"lapses", CardSort::kLapses},
                                                {"ease", CardSort::kEase}};


// The cards as a JSON array, one card at a time: the bytes nlohmann's
// dump(2) gives for the whole array (each card one level deeper).
void PrintCardsJson(const Store& store, const CardQuery& q, const CardListFilter& f) {
  bool first = true;
  ForEachCard(store, q, f, [&first](CardView& v) {
    std::string item = CardViewJson(v).dump(2);
    std::string nested;
    nested.reserve(item.size() + item.size() / 8);
    for (const char c : item) {
      nested += c;
      if (c == '\n') nested += "  ";
    }
    fmt::print("{}  {}", first ? "[\n" : ",\n", nested);
    first = false;
  });
  fmt::print("{}\n", first ? "[]" : "\n]");
}

// The table streamed. Its Deck column is as wide as the widest deck name of
// its rows: the first kBufferedRows rows are held until that is known; a
// longer listing asks the store for the deck names instead and prints the
// rest as they are read.
void PrintCardsTable(const Store& store, const CardQuery& q, const CardListFilter& f) {
  constexpr size_t kBufferedRows = 1000;
  const int width = TerminalWidth();
  std::vector<CardView> held;
  std::optional<CardsTableLayout> layout;
  ForEachCard(store, q, f, [&](CardView& v) {
    if (layout) {
      fmt::print("{}", layout->Row(v));
      return;
    }
    held.push_back(std::move(v));
    if (held.size() < kBufferedRows) return;
    layout.emplace(ListCardDeckNames(store, q, f), width);
    std::string out = layout->Heading();
    for (const auto& h : held) out += layout->Row(h);
    fmt::print("{}", out);
    held = {};
  });
  if (layout) return;
  if (held.empty()) {
    fmt::print("No cards.\n");
    return;
  }
  fmt::print("{}", CardsTable(held, width));
}

void RunCards(const CardsArgs& a, Context& ctx) {
  Store& store = ctx.existing_store();
  CardQuery q;
  if (!a.deck.empty()) q.deck_id = RequireDeck(store, a.deck).id;
  if (!a.tag.empty()) q.tag = a.tag;
  CardListFilter f;
  if (!a.search.empty()) f.search = a.search;
  if (!a.state.empty()) f.state = kStates.at(a.state);
  f.sort = kSorts.at(a.sort);
  q.due_only = a.due;
  q.now = ctx.clock().Now();
  if (a.due) q.today = store.Today().today;
  q.limit = a.limit;
  if (ctx.global.json) {
    PrintCardsJson(store, q, f);
    return;
  }
  PrintCardsTable(store, q, f);
}

const CommandRegistrar kRegistrar(30, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<CardsArgs>();
  auto* sub = app.add_subcommand("cards", "List cards: id, deck, state, due, interval, ease and front");
  sub->add_option("-d,--deck", args->deck, "Only this deck and its sub-decks (name or id)");
  sub->add_option("-t,--tag", args->tag, "Only notes with this tag or one of its children (\"a\" covers \"a::b\")");
  sub->add_option("-s,--search", args->search,
                  "Only cards whose front or back contains TEXT (ignoring case and full-width forms)");
  sub->add_option("--state", args->state, "Only cards in this state: new, learning, review, suspended, buried, leech")
      ->check(CLI::IsMember({"new", "learning", "review", "suspended", "buried", "leech"}));
  sub->add_option("--sort", args->sort,
                  "Order: deck (default: deck, then queue and due), due (soonest first), added (oldest first), "
                  "lapses (most first), ease (lowest first)")
      ->check(CLI::IsMember({"deck", "due", "added", "lapses", "ease"}));
  sub->add_flag("--due", args->due, "Only cards due now (learning due by now, reviews due today)");
  sub->add_option("-n,--limit", args->limit, "At most N cards")->check(WholeNumber());
  sub->footer(
      "The table fits the width ($COLUMNS, else the terminal, else 80 columns; at least 40): the front\n"
      "gets most of it, and Ease, Ivl, Deck, Due and State are left out in that order when it is narrow.\n"
      "Example: recall cards --deck 面试 --search 缓存 --sort lapses --limit 20");
  sub->callback([args, &ctx] { RunCards(*args, ctx); });
});

}  // namespace
}  // namespace recall::app

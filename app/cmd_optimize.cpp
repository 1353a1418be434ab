// recall optimize --evaluate: how well the collection's FSRS parameters
// predict the review log.

#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "context.h"
#include "recall/memory.h"

namespace recall::app {
namespace {

struct OptimizeArgs {
  std::string deck;
  bool evaluate = false;
};

void RunEvaluate(const OptimizeArgs& a, Context& ctx) {
  Store& store = ctx.store();
  std::vector<Deck> decks;
  if (a.deck.empty()) {
    decks = store.ListDecks();
  } else {
    const Deck root = RequireDeck(store, a.deck);
    for (int64_t id : store.DeckAndDescendants(root.id)) decks.push_back(*store.GetDeck(id));
  }
  std::vector<CardHistory> histories;
  for (const Deck& d : decks) {
    CardQuery q;
    q.deck_id = d.id;
    for (const CardView& v : store.ListCards(q)) {
      if (v.card.deck_id != d.id) continue;  // sub-decks come with their own options
      histories.push_back(CardHistory{d.options.algorithm, store.RevlogOfCard(v.card.id)});
    }
  }
  const FsrsParams params = store.FsrsParameters();
  const FsrsEvaluation e = EvaluateFsrs(histories, params);
  if (ctx.global.json) {
    fmt::print("{}\n", nlohmann::json{{"reviews", e.reviews},
                                      {"log_loss", e.log_loss},
                                      {"rmse_bins", e.rmse_bins},
                                      {"parameters", std::vector<double>(params.begin(), params.end())}}
                           .dump(2));
    return;
  }
  if (e.reviews == 0) {
    fmt::print("No reviews to evaluate: a card needs an answer at least one day after an earlier one.\n");
    return;
  }
  fmt::print("Current FSRS parameters on {} reviews: log loss {:.4f}, RMSE (bins) {:.4f}\n", e.reviews,
             e.log_loss, e.rmse_bins);
}

const CommandRegistrar kRegistrar(70, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<OptimizeArgs>();
  auto* sub = app.add_subcommand("optimize", "FSRS parameters and the review log (see docs/scheduling.md)");
  sub->add_option("--deck", args->deck, "Only deck D (name or id) and its sub-decks");
  sub->add_flag("--evaluate", args->evaluate,
                "Print how well the current parameters predict the review log: log loss and RMSE (bins)")
      ->required();
  sub->callback([args, &ctx] { RunEvaluate(*args, ctx); });
});

}  // namespace
}  // namespace recall::app

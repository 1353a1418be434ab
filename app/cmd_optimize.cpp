// recall optimize: fit the FSRS parameters to the review log, compare them
// with the current ones, adopt them with --apply; --evaluate scores the
// current parameters only.

#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "context.h"
#include "recall/error.h"
#include "recall/memory.h"
#include "recall/optimizer.h"

namespace recall::app {
namespace {

struct OptimizeArgs {
  std::string deck;
  bool all = false;
  bool evaluate = false;
  bool apply = false;
};

std::vector<CardHistory> Histories(const OptimizeArgs& a, Store& store) {
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
  return histories;
}

nlohmann::json MetricsJson(const FsrsEvaluation& e, const FsrsParams& w) {
  return nlohmann::json{{"log_loss", e.log_loss},
                        {"rmse_bins", e.rmse_bins},
                        {"parameters", std::vector<double>(w.begin(), w.end())}};
}

void RunEvaluate(const OptimizeArgs& a, Context& ctx) {
  Store& store = ctx.store();
  const FsrsParams params = store.FsrsParameters();
  const FsrsEvaluation e = EvaluateFsrs(Histories(a, store), params);
  if (ctx.global.json) {
    nlohmann::json out = MetricsJson(e, params);
    out["reviews"] = e.reviews;
    fmt::print("{}\n", out.dump(2));
    return;
  }
  if (e.reviews == 0) {
    fmt::print("No reviews to evaluate: a card needs an answer at least one day after an earlier one.\n");
    return;
  }
  fmt::print("Current FSRS parameters on {}: log loss {:.4f}, RMSE (bins) {:.4f}\n",
             Plural(e.reviews, "review", "reviews"), e.log_loss, e.rmse_bins);
}

void RunOptimize(const OptimizeArgs& a, Context& ctx) {
  Store& store = ctx.store();
  const std::vector<CardHistory> histories = Histories(a, store);
  const FsrsTrainingSet set = PrepareFsrsTrainingSet(histories);
  if (set.reviews < kFsrsMinTrainingReviews) {
    throw recall::Error(
        ErrorCode::kConflict,
        fmt::format(
            "too few reviews to optimise: {} usable, at least {} needed (an answer counts when it "
            "comes a study day or more after the card's previous one; cards with a rare first delay are left "
            "out)",
            set.reviews, kFsrsMinTrainingReviews));
  }
  const FsrsParams current = store.FsrsParameters();
  const FsrsParams fitted = OptimizeFsrs(set, DefaultFsrsParams());  // as fsrs-rs, whatever is current
  const FsrsEvaluation before = EvaluateFsrs(histories, current);
  const FsrsEvaluation after = EvaluateFsrs(histories, fitted);
  const bool better = after.log_loss < before.log_loss;
  const bool applied = a.apply && better;
  if (applied) store.SetFsrsParameters(fitted);  // and replays every memory state
  if (ctx.global.json) {
    fmt::print("{}\n", nlohmann::json{{"reviews", before.reviews},
                                      {"training_reviews", set.reviews},
                                      {"current", MetricsJson(before, current)},
                                      {"fitted", MetricsJson(after, fitted)},
                                      {"better", better},
                                      {"applied", applied}}
                           .dump(2));
    return;
  }
  fmt::print("Fitted FSRS parameters on {} ({} scored):\n", Plural(set.reviews, "review", "reviews"),
             before.reviews);
  fmt::print("  current  log loss {:.4f}  RMSE (bins) {:.4f}\n", before.log_loss, before.rmse_bins);
  fmt::print("  fitted   log loss {:.4f}  RMSE (bins) {:.4f}\n", after.log_loss, after.rmse_bins);
  fmt::print("  parameters {}\n", FormatFsrsParams(fitted));
  if (applied) {
    fmt::print("Applied: memory states recomputed with the fitted parameters.\n");
  } else if (!better) {
    fmt::print("Kept the current parameters: the fitted ones predict no better.\n");
  } else {
    fmt::print("Not applied (use --apply to adopt them).\n");
  }
}

const CommandRegistrar kRegistrar(70, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<OptimizeArgs>();
  auto* sub = app.add_subcommand(
      "optimize", "Fit the FSRS parameters to the review log and compare them with the current ones");
  auto* deck = sub->add_option("--deck", args->deck, "Train on deck D (name or id) and its sub-decks only");
  auto* all = sub->add_flag("--all", args->all, "Train on every deck (the default)");
  deck->excludes(all);
  auto* evaluate = sub->add_flag(
      "--evaluate", args->evaluate,
      "Only print how well the current parameters predict the review log: log loss and RMSE (bins)");
  sub->add_flag("--apply", args->apply,
                "Adopt the fitted parameters when they predict better, and recompute memory states")
      ->excludes(evaluate);
  sub->footer("Example: recall optimize --deck 面试 --apply");
  sub->callback([args, &ctx] {
    if (args->evaluate) {
      RunEvaluate(*args, ctx);
    } else {
      RunOptimize(*args, ctx);
    }
  });
});

}  // namespace
}  // namespace recall::app

// recall answer ID RATING: answer one card now; recall undo: take the last
// action back.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <string>

#include "context.h"
#include "usage_error.h"
#include "recall/error.h"
#include "recall/review.h"
#include "recall/scheduler.h"
#include "render_card.h"

namespace recall::app {
namespace {

struct AnswerArgs {
  int64_t id = 0;
  std::string rating;
  int64_t duration_ms = 0;
};

constexpr const char* kAnkiRatingNames[] = {"again", "hard", "good", "easy"};

// "3" or "good" -> 3 for anki decks; "0".."5" for sm2 decks.
int ParseRating(const std::string& text, Algorithm algorithm, int64_t card_id) {
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  const int min = MinRating(algorithm), max = MaxRating(algorithm);
  if (algorithm == Algorithm::kAnki) {
    for (int i = 0; i < 4; ++i) {
      if (lower == kAnkiRatingNames[i]) return i + 1;
    }
  }
  if (lower.size() == 1 && std::isdigit(static_cast<unsigned char>(lower[0]))) {
    const int r = lower[0] - '0';
    if (r >= min && r <= max) return r;
  }
  const std::string accepted = algorithm == Algorithm::kAnki ? "1-4 or again/hard/good/easy" : "0-5";
  throw Error(ErrorCode::kUsage, fmt::format("invalid rating \"{}\": an {} deck takes {} (card {})", text,
                                             AlgorithmName(algorithm), accepted, card_id));
}

std::string RatingLabel(int rating, Algorithm algorithm) {
  if (algorithm == Algorithm::kAnki && rating >= 1 && rating <= 4) return kAnkiRatingNames[rating - 1];
  return std::to_string(rating);
}

void RunAnswer(const AnswerArgs& a, Context& ctx) {
  Store& store = ctx.store();
  const Card card = RequireCard(store, a.id);
  const Deck deck = *store.GetDeck(card.deck_id);
  const Algorithm algorithm = deck.options.algorithm;
  const int rating = ParseRating(a.rating, algorithm, a.id);
  const AnswerResult r = AnswerCard(store, a.id, rating, ctx.clock().Now(), a.duration_ms);
  const CardView after = *store.GetCardView(a.id);
  if (ctx.global.json) {
    nlohmann::json j = {{"card_id", a.id},
                        {"rating", rating},
                        {"revlog_id", r.revlog_id},
                        {"before", CardStateJson(r.before)},
                        {"after", CardStateJson(after.card.state)},
                        {"delay", {{"seconds", r.outcome.delay.seconds}, {"days", r.outcome.delay.days}}},
                        {"next", FormatDelay(r.outcome.delay)},
                        {"leech", r.outcome.leech}};
    fmt::print("{}\n", j.dump(2));
    return;
  }
  const CardState& s = after.card.state;
  fmt::print("Card {}: {} -> {}, due {} (in {}), interval {}, ease {}{}\n", a.id, RatingLabel(rating, algorithm),
             StateName(s), FormatDue(s), FormatDelay(r.outcome.delay), FormatInterval(s), FormatEase(s.ease),
             r.outcome.leech ? " (leech)" : "");
}

void RunUndo(Context& ctx) {
  Store& store = ctx.store();
  const auto undone = store.Undo();
  if (ctx.global.json) {
    nlohmann::json j = undone ? nlohmann::json{{"undone", undone->action}, {"card_id", undone->card_id}}
                              : nlohmann::json{{"undone", nullptr}, {"card_id", nullptr}};
    fmt::print("{}\n", j.dump(2));
    return;
  }
  if (!undone) {
    fmt::print("Nothing to undo.\n");
    return;
  }
  fmt::print("Undid {} (card {})\n", undone->action, undone->card_id);
}

const CommandRegistrar kRegistrar(40, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<AnswerArgs>();
  auto* answer = app.add_subcommand("answer", "Answer one card now and print its new state");
  answer->add_option("ID", args->id, "Card id")->required();
  answer->add_option("RATING", args->rating,
                     "anki decks: 1-4 or again, hard, good, easy; sm2 decks: grade 0-5")
      ->required();
  answer->add_option("--duration-ms", args->duration_ms, "Time spent answering, ms (capped by the deck's "
                                                         "max-answer-seconds; default 0)")
      ->check(WholeNumber());
  answer->footer("The answer is taken at the current time (RECALL_NOW when set).\n"
                 "Example: recall answer 1704099600000 good");
  answer->callback([args, &ctx] { RunAnswer(*args, ctx); });

  auto* undo = app.add_subcommand("undo", "Undo the last answer, edit, suspend, unsuspend or bury");
  undo->footer("Undo works across sessions: the history is kept in the collection.");
  undo->callback([&ctx] { RunUndo(ctx); });
});

}  // namespace
}  // namespace recall::app

// recall answer ID RATING: answer one card now; recall undo: take the last
// action back.

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>

#include "context.h"
#include "usage_error.h"
#include "recall/error.h"
#include "recall/review.h"
#include "recall/scheduler.h"
#include "recall/session.h"
#include "render_card.h"

namespace recall::app {
namespace {

struct AnswerArgs {
  int64_t id = 0;
  std::string rating;
  int64_t duration_ms = 0;
  std::optional<int32_t> expect_reps;  // refuse unless the card has this many answers
  std::optional<int64_t> expect_due;   // refuse unless the card's due is this
};

constexpr const char* kAnkiRatingNames[] = {"again", "hard", "good", "easy"};

// "3" or "good" -> 3 for anki decks; "0".."5" for sm2 decks.
int ParseRating(const std::string& text, Algorithm algorithm, int64_t card_id) {
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  const int min = MinRating(algorithm), max = MaxRating(algorithm);
  if (algorithm != Algorithm::kSm2) {
    for (int i = 0; i < 4; ++i) {
      if (lower == kAnkiRatingNames[i]) return i + 1;
    }
  }
  if (lower.size() == 1 && std::isdigit(static_cast<unsigned char>(lower[0]))) {
    const int r = lower[0] - '0';
    if (r >= min && r <= max) return r;
  }
  const std::string accepted = algorithm != Algorithm::kSm2 ? "1-4 or again/hard/good/easy" : "0-5";
  throw Error(ErrorCode::kUsage, fmt::format("invalid rating \"{}\": an {} deck takes {} (card {})", text,
                                             AlgorithmName(algorithm), accepted, card_id));
}

std::string RatingLabel(int rating, Algorithm algorithm) {
  if (algorithm != Algorithm::kSm2 && rating >= 1 && rating <= 4) return kAnkiRatingNames[rating - 1];
  return std::to_string(rating);
}

// With --expect-*, the caller saw the card: if it is gone, another process
// deleted it since (exit 5, as for any other change), not "no such card".
[[noreturn]] void DeletedSinceShown(int64_t card_id) {
  throw Error(ErrorCode::kConflict,
              "card " + std::to_string(card_id) + " was deleted elsewhere since it was shown; answer not applied");
}

void RunAnswer(const AnswerArgs& a, Context& ctx) {
  Store& store = ctx.store();
  const bool expects = a.expect_reps || a.expect_due;
  const std::optional<Card> found = store.GetCard(a.id);
  if (!found && expects) DeletedSinceShown(a.id);
  const Card card = found ? *found : RequireCard(store, a.id);
  const Deck deck = *store.GetDeck(card.deck_id);
  const Algorithm algorithm = deck.options.algorithm;
  const int rating = ParseRating(a.rating, algorithm, a.id);
  // --expect-*: the state the caller saw. Checked again inside the answer's
  // transaction (AnswerCard with `shown`), so a concurrent answer elsewhere
  // cannot slip in between.
  std::optional<CardState> shown;
  if (expects) {
    if ((a.expect_reps && *a.expect_reps != card.state.reps) || (a.expect_due && *a.expect_due != card.state.due)) {
      throw Error(ErrorCode::kConflict, StaleAnswerMessage(a.id));
    }
    shown = card.state;
  }
  AnswerResult r;
  try {
    r = AnswerCard(store, a.id, rating, ctx.clock().Now(), a.duration_ms, shown ? &*shown : nullptr);
  } catch (const Error& e) {
    if (e.code() == ErrorCode::kNotFound && expects) DeletedSinceShown(a.id);
    throw;
  }
  const auto viewed = store.GetCardView(a.id);
  if (!viewed) {  // deleted by another process right after the answer
    throw Error(ErrorCode::kNotFound, "card " + std::to_string(a.id) + " was deleted elsewhere after the answer");
  }
  const CardView& after = *viewed;
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

void RunUndo(bool force, Context& ctx) {
  Store& store = ctx.store();
  const auto entry = store.LastUndo();
  if (entry && ReviewSessionRunning(*entry) && !force) {
    throw Error(ErrorCode::kConflict,
                fmt::format("the last action ({} of card {} at {}) belongs to review session {} (pid {}), "
                            "which is still running: undo it there with u, or use recall undo --force",
                            entry->action, entry->card_id, fmt::format("{:%Y-%m-%d %H:%M:%S}", fmt::localtime(static_cast<std::time_t>(entry->created_ms / 1000))),
                            *entry->session_id, entry->session_pid));
  }
  const auto undone = entry ? UndoAction(store, *entry) : std::nullopt;
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
  std::string from;
  if (entry->session_id) from = fmt::format(" of review session {}", *entry->session_id);
  fmt::print("Undid {} (card {}){}\n", undone->action, undone->card_id, from);
}

const CommandRegistrar kRegistrar(40, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<AnswerArgs>();
  auto* answer = app.add_subcommand("answer", "Answer one card now and print its new state");
  answer->add_option("ID", args->id, "Card id")->required()->check(WholeNumber());
  answer->add_option("RATING", args->rating,
                     "anki decks: 1-4 or again, hard, good, easy; sm2 decks: grade 0-5")
      ->required();
  answer->add_option("--duration-ms", args->duration_ms, "Time spent answering, ms (capped by the deck's "
                                                         "max-answer-seconds; default 0)")
      ->check(WholeNumber());
  answer->add_option("--expect-reps", args->expect_reps,
                     "Refuse (exit 5, nothing written) unless the card has this many answers: the reps you saw "
                     "(a card deleted since is refused too)")
      ->check(WholeNumber());
  answer
      ->add_option("--expect-due", args->expect_due,
                   "Refuse (exit 5, nothing written) unless the card's due is this (as in cards --json)")
      ->check(WholeNumber());
  ;
  answer->footer("The answer is taken at the current time (RECALL_NOW when set).\n"
                 "Example: recall answer 1704099600000 good --expect-reps 3");
  answer->callback([args, &ctx] { RunAnswer(*args, ctx); });

  auto force = std::make_shared<bool>(false);
  auto* undo = app.add_subcommand("undo", "Undo the last answer, edit, suspend, unsuspend or bury");
  undo->add_flag("--force", *force, "Also undo an action of a review session that is still running");
  undo->footer("Undo works across sessions: the history is kept in the collection. An action of a review\n"
               "session still running is refused (exit 5) without --force: undo it in the session with u.");
  undo->callback([force, &ctx] { RunUndo(*force, ctx); });
});

}  // namespace
}  // namespace recall::app

#ifndef RECALL_APP_RENDER_CARD_H_
#define RECALL_APP_RENDER_CARD_H_

// Shared rendering of a card and its scheduling state, as text and as JSON.
// The JSON field names are part of the CLI interface (docs/cli.md, "Card
// JSON"): `card show`, `cards`, `answer` and other commands reuse them.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/deck.h"
#include "recall/memory.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall::app {

// "new", "learning", "review", "relearning", "suspended" or "buried".
std::string StateName(const CardState& s);

// How `due` is to be read: "position" (new cards: order of introduction),
// "time" (Unix seconds: intraday learning) or "day" (a recall Day).
std::string DueKind(const CardState& s);

// Human form of the due: "new #3", "2024-01-01 09:10" (local time) or
// "2024-01-02" (the study day's calendar date).
std::string FormatDue(const CardState& s);

// "1d", "35d" or "-" for cards without an interval.
std::string FormatInterval(const CardState& s);

// Ease as a percentage, "250%", or "-" while the card has none.
std::string FormatEase(int32_t permille);

// Step list in the CLI's syntax: {1, 10, 1440} -> "1m 10m 1d".
std::string FormatSteps(const std::vector<double>& minutes);

// The scheduling fields of a card: state, type, queue, due, due_kind,
// due_human, interval, ease, reps, lapses, left, drill.
nlohmann::json CardStateJson(const CardState& s);

// A card with its note and deck (what `cards --json` prints per card).
nlohmann::json CardViewJson(const CardView& v);

// A card's memory state at an instant: stability, difficulty,
// retrievability, elapsed_days (null when the card was never answered).
nlohmann::json CardMemoryJson(const std::optional<CardMemory>& memory);

// One review log row.
nlohmann::json RevlogJson(const RevlogEntry& e);

// `card show` as text: scheduling state, note fields, tags, review log.
std::string RenderCardDetails(const CardView& v, const std::vector<RevlogEntry>& revlog,
                              const std::optional<CardMemory>& memory = std::nullopt);

// Columns of the terminal on standard output: $COLUMNS when set, else the
// terminal's width, else 80.
int TerminalWidth();

// The two sides of a card as the review screen shows them, as terminal text.
// recall Basic notes: front and back through the Markdown renderer. Notes of
// other types: the card's face (card_face.h: its template rendered and the
// HTML through the HTML renderer); the answer is what follows <hr id=answer>
// when the template has it (the question is shown above it already), else
// the whole answer side. Unknown template filters are in `unknown_filters`.
// A card whose question has a {{type:Field}} box sets `asks_typed_answer`;
// its answer shows the comparison of `typed` with the expected text (the
// expected text alone when `typed` is empty).
struct CardSides {
  std::string question;
  std::string answer;
  std::vector<std::string> unknown_filters;
  bool asks_typed_answer = false;
};
CardSides RenderCardSides(const Store& store, const CardView& v, int width, bool color,
                          const std::string& typed = std::string());

}  // namespace recall::app

#endif  // RECALL_APP_RENDER_CARD_H_

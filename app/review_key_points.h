#ifndef RECALL_APP_REVIEW_KEY_POINTS_H_
#define RECALL_APP_REVIEW_KEY_POINTS_H_

// The key-point check of `recall review` (key c; docs/review.md): the
// answer's key points numbered, the points the user covered, a suggested
// rating. The rules are recall/key_points.h; this is what the user sees.

#include <optional>
#include <string>
#include <vector>

#include "recall/session.h"
#include "terminal.h"

namespace recall::app {

// The key points of the card's answer: the Back field's Markdown (recall
// Basic), else the plain text of the note's second field.
std::vector<std::string> AnswerKeyPoints(const CardView& view);

// "Key points:" and one numbered, wrapped line group per point.
std::string KeyPointsText(const std::vector<std::string>& points, int width, bool color);

// "covered 2 of 3 key points: suggested 2 Hard".
std::string SuggestionText(size_t covered, size_t total, int rating, Algorithm algorithm);

// The check on the terminal, over `view`: the points, a line to type the
// covered ones in, then the suggestion. Returns the rating to answer with
// (enter accepts the suggestion, a rating key overrides it; an answer without
// points takes a rating key at once), or nullopt when the user went back
// (Esc), quit or input ended. `*covered` gets the number of points covered.
std::optional<int> RunKeyPointScreen(Terminal& term, const CardView& view, Algorithm algorithm, bool color,
                                     size_t* covered = nullptr);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_KEY_POINTS_H_

#ifndef RECALL_KEY_POINTS_H_
#define RECALL_KEY_POINTS_H_

// The key-point check (docs/review.md, "Key-point check"): an answer's key
// points are numbered on reveal, the user says which they covered, and a
// rating is suggested from the fraction covered. Pure: no I/O.

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "recall/deck.h"

namespace recall {

// The key points of an answer in Markdown: each item of a top-level list is
// one, and so is every other top-level block (paragraph, code block, table,
// quote, HTML); headings only label and are left out (an answer of headings
// alone has them as its points), and so are thematic breaks. Each point is
// its plain text (Markdown marks removed, the lines of a paragraph and the
// blocks inside an item joined by a space; a code block keeps its lines).
std::vector<std::string> SplitKeyPoints(std::string_view markdown);

// Which of `count` points the user covered, from what they typed: numbers
// separated by spaces or commas ("1 3 4", "1,3"), ranges ("2-4"), "a" or
// "all" for every point, "0" or "none" for none. On bad input: nullopt and
// `error` says why ("no point 7 (1-5)").
std::optional<std::set<int>> ParseCoveredPoints(std::string_view input, int count, std::string* error);

// The rating suggested for covering `covered` of `total` points:
//   under half                      -> Again (sm2: grade 2)
//   half or more, under three in 4  -> Hard  (sm2: grade 3)
//   three in four or more, or all   -> Good  (sm2: grade 4)
// Never Easy (sm2: 5): coverage says what was recalled, not how effortlessly;
// the user overrides with any rating. No points at all (total 0) gives Good.
// REQUIRES: 0 <= covered <= total.
int SuggestRating(int covered, int total, Algorithm algorithm);

}  // namespace recall

#endif  // RECALL_KEY_POINTS_H_

#include "review_key_points.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "recall/key_points.h"
#include "recall/text.h"
#include "review_format.h"

namespace recall::app {

std::vector<std::string> AnswerKeyPoints(const CardView& view) {
  if (view.note.notetype_id == kRecallBasicNotetypeId) return SplitKeyPoints(view.note.back);
  if (view.note.fields.size() < 2) return {};
  // Plain text lines: a blank line between them makes each one a paragraph.
  std::string text;
  for (char ch : HtmlToPlainText(view.note.fields[1])) {
    text += ch;
    if (ch == '\n') text += '\n';
  }
  return SplitKeyPoints(text);
}

std::string KeyPointsText(const std::vector<std::string>& points, int width, bool color) {
  std::string out = Style(color, "1", "Key points:") + "\n";
  for (size_t i = 0; i < points.size(); ++i) {
    const std::string number = fmt::format("{:>2}. ", i + 1);
    std::string text = EscapeControls(points[i], /*keep_newlines=*/false);
    for (const auto& line : WrapToWidth(number + text, width, DisplayWidth(number))) out += line + "\n";
  }
  return out;
}

std::string SuggestionText(size_t covered, size_t total, int rating, Algorithm algorithm) {
  return fmt::format("covered {} of {}: suggested {} {}", covered,
                     Plural(static_cast<int64_t>(total), "key point", "key points"), rating,
                     RatingLabel(algorithm, rating));
}

std::optional<int> RunKeyPointScreen(Terminal& term, const CardView& view, Algorithm algorithm, bool color,
                                     size_t* covered_count) {
  const auto points = AnswerKeyPoints(view);
  std::string typed, message;
  std::optional<int> suggested;
  if (points.empty()) {
    // Nothing to check: everything (none of none) counts as covered.
    suggested = SuggestRating(0, 0, algorithm);
    message = "the answer has no key points to check";
  }
  while (true) {
    const TermSize size = term.Size();
    const int width = std::max(1, size.cols);
    std::string screen = "\x1b[H\x1b[2J" + KeyPointsText(points, width, color) + "\n";
    if (suggested) {
      screen += message + "\n" +
                Style(color, "2",
                      fmt::format("enter answers {}, {}-{} another rating, esc back", *suggested,
                                  MinRating(algorithm), MaxRating(algorithm)));
    } else {
      screen += "Covered (1 3 4, 2-4, a all, 0 none; enter, esc back): " + typed;
      if (!message.empty()) screen += "\n" + message;
    }
    term.Write(screen);
    const Terminal::Event ev = term.Read(-1);
    if (ev.type == Terminal::EventType::kEof || ev.type == Terminal::EventType::kInterrupt)
      return std::nullopt;
    if (ev.type != Terminal::EventType::kKey) continue;
    const std::string& k = ev.key;
    if (k == "\x1b") return std::nullopt;
    if (suggested) {
      if (k == "\r" || k == "\n" || k == " ") return suggested;
      if (k.size() == 1 && k[0] >= '0' && k[0] <= '9' && k[0] - '0' >= MinRating(algorithm) &&
          k[0] - '0' <= MaxRating(algorithm)) {
        return k[0] - '0';
      }
      continue;
    }
    // Typed text may come in one read ("1 3\r" pasted): each byte in turn.
    if (k[0] == '\x1b') continue;  // arrows and other keys: nothing to type
    for (char ch : k) {
      if (ch == '\r' || ch == '\n') {
        std::string error;
        const auto covered = ParseCoveredPoints(typed, static_cast<int>(points.size()), &error);
        if (!covered) {
          message = error;
          typed.clear();
          break;
        }
        if (covered_count) *covered_count = covered->size();
        suggested =
            SuggestRating(static_cast<int>(covered->size()), static_cast<int>(points.size()), algorithm);
        message = SuggestionText(covered->size(), points.size(), *suggested, algorithm);
        break;
      }
      if (ch == '\x7f' || ch == '\b') {
        if (!typed.empty()) typed.pop_back();
      } else if (std::isalnum(static_cast<unsigned char>(ch)) || ch == ' ' || ch == ',' || ch == '-') {
        typed += ch;
      }
    }
  }
}

}  // namespace recall::app

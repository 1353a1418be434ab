#include "review_layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "recall/scheduler.h"
#include "recall/session.h"
#include "recall/text.h"
#include "review_format.h"

namespace recall::app {
namespace {

// Key column of the help screen when the window is at least kHelpColumnsFrom
// wide; narrower, each explanation follows its key after two spaces.
constexpr int kHelpKeyColumn = 15;
constexpr int kHelpColumnsFrom = 40;

// The help screen for a deck of `algorithm`, wrapped to `width` columns.
std::vector<std::string> HelpLines(Algorithm algorithm, int width, bool color) {
  static const char* const kAnkiWhat[] = {
      "forgotten: the card comes back in a few minutes", "recalled with serious effort: a shorter interval",
      "recalled: the usual next interval", "recalled without effort: a longer interval"};
  static const char* const kSm2What[] = {"complete blackout: the card starts over",
                                         "wrong; the answer was familiar once shown: starts over",
                                         "wrong, but the answer seemed easy once shown: starts over",
                                         "right, with serious difficulty",
                                         "right, after some hesitation",
                                         "right at once"};
  std::vector<std::pair<std::string, std::string>> entries = {
      {"space, enter", "show the answer (space first pages through a card taller than the window)"}};
  for (int r = MinRating(algorithm); r <= MaxRating(algorithm); ++r) {
    const char* what = algorithm == Algorithm::kSm2 ? kSm2What[r] : kAnkiWhat[r - 1];
    entries.emplace_back(fmt::format("{} {}", r, RatingLabel(algorithm, r)), what);
  }
  entries.insert(entries.end(),
                 {{"↑ ↓ PgUp PgDn", "scroll a card taller than the window (also j, k)"},
                  {"u",
                   "undo the last answer, suspend, bury or edit; again to go further back, also into earlier "
                   "sessions (the undo history is kept in the collection)"},
                  {"s", "suspend the card (undoable)"},
                  {"b", "bury the card until the next study day (undoable)"},
                  {"e", "edit the note in $VISUAL, else $EDITOR, else vi (undoable)"},
                  {"c", "after the reveal: check which key points you covered; suggests a rating"},
                  {"o", "open the card's image or sound with xdg-open (again: the next file)"},
                  {"q", "quit; every answer is already saved"},
                  {"Ctrl-C", "quit like q, with exit code 130"},
                  {"Ctrl-Z", "stop recall and go back to the shell; fg resumes"},
                  {"?", "this help"}});
  std::vector<std::string> lines;
  auto add = [&](const std::string& text, int indent) {
    for (auto& l : WrapToWidth(text, width, indent)) lines.push_back(std::move(l));
  };
  add(Style(color, "1", fmt::format("recall review: keys ({} deck)", AlgorithmName(algorithm))), 0);
  lines.emplace_back();
  const bool columns = width >= kHelpColumnsFrom;
  for (const auto& [key, what] : entries) {
    const std::string styled = Style(color, "1", key);
    if (columns) {
      add(styled + std::string(static_cast<size_t>(kHelpKeyColumn - DisplayWidth(key)), ' ') + what,
          kHelpKeyColumn);
    } else {
      add(styled + "  " + what, 2);
    }
  }
  lines.emplace_back();
  add("Any key goes back to the card.", 0);
  return lines;
}

}  // namespace

int TextWidth(int window) { return std::min(window, kMaxTextWidth); }
int Margin(int window) { return (window - TextWidth(window)) / 2; }

void Indent(std::vector<std::string>* lines, int margin) {
  if (margin <= 0) return;
  for (auto& l : *lines) {
    if (!l.empty()) l.insert(0, static_cast<size_t>(margin), ' ');
  }
}

std::vector<std::string> HelpScreenLines(Algorithm algorithm, int width, int rows, bool color) {
  std::vector<std::string> lines = HelpLines(algorithm, width, color);
  if (static_cast<int>(lines.size()) > rows) {
    const size_t more = lines.size() - static_cast<size_t>(rows - 1);
    lines.resize(static_cast<size_t>(rows - 1));
    std::string cut = fmt::format("… {} more (a taller window shows them)",
                                  Plural(static_cast<int64_t>(more), "line", "lines"));
    if (DisplayWidth(cut) > width) cut = fmt::format("… {} more", more);
    lines.push_back(cut);
  }
  for (auto& l : lines) l = TruncateToWidth(l, width);
  return lines;
}

std::vector<std::string> LayoutCard(std::vector<std::string> header, const std::vector<std::string>& body,
                                    std::vector<std::string> keys, std::vector<std::string> hints,
                                    std::string message, int width, int rows, bool color, int* offset,
                                    int* page, bool* at_end) {
  const int total = static_cast<int>(body.size());
  std::vector<std::string> lines;
  auto count = [](const std::vector<std::string>& v) { return static_cast<int>(v.size()); };
  const int footer = count(keys) + count(hints) + (message.empty() ? 0 : 1);
  if (count(header) + 1 + total + 1 + footer <= rows) {
    *offset = 0;
    *page = total;
    *at_end = true;
    lines = header;
    lines.emplace_back();
    lines.insert(lines.end(), body.begin(), body.end());
    lines.emplace_back();
  } else {
    bool marker = total > rows - count(header) - footer;
    auto room = [&] {
      return rows - count(header) - (marker ? 1 : 0) - count(keys) - count(hints) - (message.empty() ? 0 : 1);
    };
    while (room() < 3 && !hints.empty()) hints.pop_back();
    while (room() < 3 && header.size() > 1) header.pop_back();
    if (room() < 1) message.clear();
    if (room() < 1) header.clear();
    while (room() < 1 && !keys.empty()) keys.pop_back();
    if (room() < 1) marker = false;
    *page = std::max(1, room());
    *offset = std::clamp(*offset, 0, std::max(0, total - *page));
    const int end = std::min(total, *offset + *page);
    *at_end = end == total;
    lines = header;
    lines.insert(lines.end(), body.begin() + *offset, body.begin() + end);
    if (marker) {
      std::string m = fmt::format("lines {}-{} of {}", *offset + 1, end, total);
      if (end < total) m += " · space/↓ more";
      if (*offset > 0) m += " · ↑ back";
      if (DisplayWidth(m) > width) {  // compact: "3-5/9 ↓ ↑"
        m = fmt::format("{}-{}/{}{}{}", *offset + 1, end, total, end < total ? " ↓" : "",
                        *offset > 0 ? " ↑" : "");
      }
      lines.push_back(Style(color, "2", TruncateToWidth(m, width)));
    }
  }
  lines.insert(lines.end(), keys.begin(), keys.end());
  lines.insert(lines.end(), hints.begin(), hints.end());
  if (!message.empty()) lines.push_back(message);
  for (auto& l : lines) l = TruncateToWidth(l, width);
  return lines;
}

std::string ScreenText(const std::vector<std::string>& lines, int rows) {
  std::string out = "\x1b[H\x1b[2J";
  for (size_t i = 0; i < lines.size(); ++i) {
    out += lines[i];
    if (static_cast<int>(i) + 1 < rows) out += '\n';
  }
  return out;
}

std::vector<std::string> WaitingLines(int64_t learning_later, const std::string& next_due_hhmm,
                                      int64_t wait_ms) {
  return {"Everything else is done for now.",
          fmt::format("{} due later today, the next at {}.",
                      Plural(learning_later, "learning card", "learning cards"), next_due_hhmm),
          fmt::format("Next card in {} — waiting; press q to quit", FormatDuration(wait_ms))};
}

}  // namespace recall::app

#include "cards_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "recall/text.h"
#include "render_card.h"

namespace recall::app {
namespace {

enum Column { kId, kDeck, kState, kDue, kIvl, kEase, kColumns };

constexpr std::array<const char*, kColumns> kHeadings = {"ID", "Deck", "State", "Due", "Ivl", "Ease"};
// Fixed widths (kDeck is the widest name, at most kMaxDeckWidth).
constexpr std::array<int, kColumns> kWidths = {13, 0, 10, 16, 6, 6};
constexpr int kMaxDeckWidth = 20;
constexpr int kMinFrontWidth = 20;
// Left out first to last when the front needs the room.
constexpr std::array<Column, 5> kDropOrder = {kEase, kIvl, kDeck, kDue, kState};

}  // namespace

std::string CardsTable(const std::vector<CardView>& cards, int width) {
  width = std::max(width, kMinCardsTableWidth);
  std::array<int, kColumns> widths = kWidths;
  widths[kDeck] = DisplayWidth("Deck");
  for (const auto& v : cards) {
    widths[kDeck] = std::max(widths[kDeck], DisplayWidth(EscapeControls(v.deck_name, false)));
  }
  widths[kDeck] = std::min(widths[kDeck], kMaxDeckWidth);
  std::array<bool, kColumns> shown;
  shown.fill(true);
  auto front_width = [&] {
    int used = 0;
    for (int c = 0; c < kColumns; ++c) used += shown[c] ? widths[c] + 1 : 0;
    return width - used;
  };
  const int wanted = std::max(kMinFrontWidth, width * 2 / 5);
  for (const Column c : kDropOrder) {
    if (front_width() >= wanted) break;
    shown[c] = false;
  }
  const int front = front_width();
  auto line = [&](const std::array<std::string, kColumns>& cells, const std::string& text) {
    std::string out;
    for (int c = 0; c < kColumns; ++c) {
      if (!shown[c]) continue;
      const std::string cell = TruncateToWidth(cells[c], widths[c]);
      const std::string pad(static_cast<size_t>(widths[c] - DisplayWidth(cell)), ' ');
      out += (c == kIvl || c == kEase) ? pad + cell : cell + pad;  // numbers to the right
      out += ' ';
    }
    out += TruncateToWidth(text, front);
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };
  std::array<std::string, kColumns> heading;
  for (int c = 0; c < kColumns; ++c) heading[c] = kHeadings[c];
  std::string out = line(heading, "Front");
  for (const auto& v : cards) {
    const CardState& s = v.card.state;
    out += line({std::to_string(v.card.id), EscapeControls(v.deck_name, false), StateName(s), FormatDue(s),
                 FormatInterval(s), FormatEase(s.ease)},
                EscapeControls(OneLine(v.note.front), false));
  }
  return out;
}

}  // namespace recall::app

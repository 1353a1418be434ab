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

CardsTableLayout::CardsTableLayout(const std::vector<std::string>& deck_names, int width)
    : widths_(kWidths.begin(), kWidths.end()), shown_(kColumns, true) {
  width = std::max(width, kMinCardsTableWidth);
  widths_[kDeck] = DisplayWidth("Deck");
  for (const auto& name : deck_names) {
    widths_[kDeck] = std::max(widths_[kDeck], DisplayWidth(EscapeControls(name, false)));
  }
  widths_[kDeck] = std::min(widths_[kDeck], kMaxDeckWidth);
  auto front_width = [&] {
    int used = 0;
    for (int c = 0; c < kColumns; ++c) used += shown_[c] ? widths_[c] + 1 : 0;
    return width - used;
  };
  const int wanted = std::max(kMinFrontWidth, width * 2 / 5);
  for (const Column c : kDropOrder) {
    if (front_width() >= wanted) break;
    shown_[c] = false;
  }
  front_ = front_width();
}

std::string CardsTableLayout::Line(const std::vector<std::string>& cells, const std::string& text) const {
  std::string out;
  for (int c = 0; c < kColumns; ++c) {
    if (!shown_[c]) continue;
    const std::string cell = TruncateToWidth(cells[c], widths_[c]);
    const std::string pad(static_cast<size_t>(widths_[c] - DisplayWidth(cell)), ' ');
    out += (c == kIvl || c == kEase) ? pad + cell : cell + pad;  // numbers to the right
    out += ' ';
  }
  out += TruncateToWidth(text, front_);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out + "\n";
}

std::string CardsTableLayout::Heading() const { return Line({kHeadings.begin(), kHeadings.end()}, "Front"); }

std::string CardsTableLayout::Row(const CardView& v) const {
  const CardState& s = v.card.state;
  return Line({std::to_string(v.card.id), EscapeControls(v.deck_name, false), StateName(s), FormatDue(s),
               FormatInterval(s), FormatEase(s.ease)},
              OneLine(v.note.front));
}

std::string CardsTable(const std::vector<CardView>& cards, int width) {
  std::vector<std::string> deck_names;
  for (const auto& v : cards) deck_names.push_back(v.deck_name);
  const CardsTableLayout layout(deck_names, width);
  std::string out = layout.Heading();
  for (const auto& v : cards) out += layout.Row(v);
  return out;
}

}  // namespace recall::app

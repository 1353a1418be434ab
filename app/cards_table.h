#ifndef RECALL_APP_CARDS_TABLE_H_
#define RECALL_APP_CARDS_TABLE_H_

// The table `recall cards` prints, fitted to the terminal's width.

#include <string>
#include <vector>

#include "recall/store.h"

namespace recall::app {

// The narrowest width the table is laid out for; narrower is cut.
inline constexpr int kMinCardsTableWidth = 40;

// One line per card (plus the heading) of at most `width` columns (at least
// kMinCardsTableWidth). ID and Front always show; the front gets at least
// max(20, 2/5 of the width): to make room the Ease, Ivl, Deck, Due and State
// columns are left out, in that order. Deck names and fronts are cut by
// display width (a Chinese character takes two columns).
std::string CardsTable(const std::vector<CardView>& cards, int width);

// The same table a line at a time, for a listing streamed from the store:
// laid out from the deck names of all its rows (ListCardDeckNames) before
// the first row, so its lines are those CardsTable gives.
class CardsTableLayout {
 public:
  CardsTableLayout(const std::vector<std::string>& deck_names, int width);
  std::string Heading() const;
  std::string Row(const CardView& v) const;

 private:
  std::string Line(const std::vector<std::string>& cells, const std::string& text) const;
  std::vector<int> widths_;
  std::vector<bool> shown_;
  int front_ = 0;
};

}  // namespace recall::app

#endif  // RECALL_APP_CARDS_TABLE_H_

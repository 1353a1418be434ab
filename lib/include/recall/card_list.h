#ifndef RECALL_CARD_LIST_H_
#define RECALL_CARD_LIST_H_

// `recall cards`: the card listing with search, state and sort on top of
// CardQuery (SQL in lib/src/store/card_list_filters.cpp).

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "recall/store.h"

namespace recall {

// --state: new, learning (and relearning), review, suspended, buried (by the
// user or as a sibling), leech (tagged "leech").
enum class CardListState { kNew, kLearning, kReview, kSuspended, kBuried, kLeech };
// --sort: deck (deck name, queue, due: the default), due (soonest first:
// learning, then reviews, new cards last), added (oldest first), lapses
// (most first), ease (lowest first, new cards last).
enum class CardSort { kDeck, kDue, kAdded, kLapses, kEase };

struct CardListFilter {
  // Front or back contains this text, ignoring case and width (both sides
  // NFKC case-folded: "kv" finds "KV" and "ＫＶ"; Chinese matches as written).
  std::optional<std::string> search;
  std::optional<CardListState> state;
  CardSort sort = CardSort::kDeck;
};

// The cards of `query` (deck, tag, due, limit) that pass `filter`, in its order.
std::vector<CardView> ListCards(const Store& store, const CardQuery& query, const CardListFilter& filter);

// The same cards, each passed to `row` as it is read from the store, so the
// caller's memory stays flat however many there are (`recall cards` streams
// its table and JSON through this). `row` may move from the view.
void ForEachCard(const Store& store, const CardQuery& query, const CardListFilter& filter,
                 const std::function<void(CardView&)>& row);

// The names of the decks holding the cards ListCards returns, by name: one
// aggregate query (what the table's Deck column needs before its first row).
std::vector<std::string> ListCardDeckNames(const Store& store, const CardQuery& query,
                                           const CardListFilter& filter);

}  // namespace recall

#endif  // RECALL_CARD_LIST_H_

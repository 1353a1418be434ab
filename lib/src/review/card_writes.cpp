// Writes to one card other than an answer (recall::UndoAction,
// recall::MoveCardToDeck): the store's write, with the data derived from the
// cards kept up to date as an answer keeps it (review/derived_updates.h).

#include <string>

#include "recall/error.h"
#include "recall/review.h"
#include "review/derived_updates.h"

namespace recall {

std::optional<UndoResult> UndoAction(Store& store, const UndoEntry& entry) {
  std::optional<UndoResult> result;
  store.Transaction([&] {
    // An edit's undo writes the note's text and tags, and may delete cards:
    // what it changes is left to the next report's pass.
    const auto card = entry.action == "edit" ? std::nullopt : store.GetCard(entry.card_id);
    if (!card) {
      result = store.Undo(entry);
      return;
    }
    const detail::DerivedBeforeAnswer derived(store, *card, store.Today().today, /*other_write=*/true);
    result = store.Undo(entry);
    const auto restored = store.GetCard(entry.card_id);
    if (result && restored) derived.After(store, restored->state, false);
  });
  return result;
}

void MoveCardToDeck(Store& store, int64_t card_id, int64_t deck_id) {
  store.Transaction([&] {
    const auto card = store.GetCard(card_id);
    if (!card) throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(card_id) + ")");
    const detail::DerivedBeforeAnswer derived(store, *card, store.Today().today, /*other_write=*/true);
    store.MoveCard(card_id, deck_id);
    derived.After(store, card->state, false);
  });
}

}  // namespace recall

// Undoing an action (recall::UndoAction): the store's undo, with the data
// derived from the cards kept up to date as an answer keeps it.

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
    const detail::DerivedBeforeAnswer derived(store, *card, store.Today().today, /*undo=*/true);
    result = store.Undo(entry);
    const auto restored = store.GetCard(entry.card_id);
    if (result && restored) derived.After(store, restored->state, false);
  });
  return result;
}

}  // namespace recall

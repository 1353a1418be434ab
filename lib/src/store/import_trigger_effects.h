#ifndef RECALL_STORE_IMPORT_TRIGGER_EFFECTS_H_
#define RECALL_STORE_IMPORT_TRIGGER_EFFECTS_H_

// Private to lib/src/store: what the triggers of kImportWriterTriggers
// (import_writer.h) would have done for the rows an ImportWriter wrote with
// them off, applied once with a few statements over all the rows.

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <vector>

namespace recall::detail {

// The rows the writer wrote: the cards with an id from `first_new_card` on
// are the ones it inserted (ids only grow, NextMsId), the notes with an id
// from `first_new_note` on the ones it added, and `updated_notes` those whose
// tags it rewrote. Applies, for those rows:
//  - deck_card_counts (schema/0009): each new card in its deck and queue;
//  - card_state_totals, card_due_totals, card_added_totals (schema/0014):
//    each new card by state, by due day (review and day-learning queues) and
//    by the quarter hour of its id;
//  - the tag sets (schema/0014): each note whose tags were written leaves the
//    set recorded for it, with the cards it had and their answers, and joins
//    the set of the tags it has now with every card it has and their answers
//    (a new card's id may have answers logged already, as the card insert
//    trigger counts them). The sets a note passed through tag by tag are not
//    made (the triggers leave them behind with nothing in them).
//  - collection.generation (schema/0010): bumped once when `rows_written`;
//  - collection.memory_generation (schema/0019): bumped once when a new card,
//    or a card of a note whose tags were written, may have a memory (not
//    new, a state, or answers logged for its id), as its triggers would.
// REQUIRES: inside the writer's transaction, after the writer's last row and
// with every index back.
void ApplyImportTriggerEffects(SQLite::Database& db, int64_t first_new_card, int64_t first_new_note,
                               const std::vector<int64_t>& updated_notes, bool rows_written);

}  // namespace recall::detail

#endif  // RECALL_STORE_IMPORT_TRIGGER_EFFECTS_H_

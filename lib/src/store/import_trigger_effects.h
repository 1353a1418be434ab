#ifndef RECALL_STORE_IMPORT_TRIGGER_EFFECTS_H_
#define RECALL_STORE_IMPORT_TRIGGER_EFFECTS_H_

// Private to lib/src/store: what the triggers of kImportWriterTriggers
// (import_writer.h) would have done for the rows an ImportWriter wrote with
// them off, applied once with a few statements over all the rows.

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace recall::detail {

// The tag sets of the notes an ImportWriter adds, gathered as it writes
// them, so that the notes added with no answers logged for their cards'
// ids (every import but a rare one) join their sets without a statement over
// their tags: each set with its new cards, in the order of its first note,
// and each note's set.
class AddedTagsets {
 public:
  // A note added with `cards` new cards and `tags` as stored (any order,
  // repeats allowed); a note without tags has no set.
  void Add(int64_t note_id, std::vector<std::string> tags, int64_t cards);

  struct Set {
    std::string tags;  // sorted, space-separated, as tagsets.tags
    int64_t cards = 0;
  };
  const std::vector<Set>& sets() const { return sets_; }
  const std::vector<std::pair<int64_t, size_t>>& notes() const { return notes_; }  // note id, index in sets

 private:
  std::vector<Set> sets_;
  std::vector<std::pair<int64_t, size_t>> notes_;
  std::unordered_map<std::string, size_t> index_;
};

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
// `added`: the added notes' sets, as the writer gathered them (the notes
// from `first_new_note` on are read again when their cards' ids have
// answers logged).
// REQUIRES: inside the writer's transaction, after the writer's last row and
// with every index back.
void ApplyImportTriggerEffects(SQLite::Database& db, int64_t first_new_card, int64_t first_new_note,
                               const AddedTagsets& added, const std::vector<int64_t>& updated_notes,
                               bool rows_written);

}  // namespace recall::detail

#endif  // RECALL_STORE_IMPORT_TRIGGER_EFFECTS_H_

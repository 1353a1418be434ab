#ifndef RECALL_STORE_IMPORT_WRITER_H_
#define RECALL_STORE_IMPORT_WRITER_H_

// Private: the bulk SQL behind recall::ImportFiles (lib/src/import). Applies
// an import plan with prepared statements kept across rows, in the caller's
// Store::Transaction (what the plan reads first: store/import_index.h).

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "recall/card.h"
#include "recall/notetype.h"
#include "recall/store.h"
#include "store/import_index.h"

namespace recall::detail {

struct NoteToAdd {
  std::string key;
  std::string guid;
  std::string front;
  std::string back;
  std::string source;
  std::vector<std::string> tags;
  int64_t deck_id = 0;
  // Another type than recall Basic: its fields (HTML) and the ordinals of
  // its cards (front is then ignored: the sort field is stored).
  int64_t notetype_id = kRecallBasicNotetypeId;
  std::vector<std::string> fields;
  std::vector<int> ords;
};

struct NoteToUpdate {
  int64_t id = 0;
  std::string key;
  std::string front;
  std::string back;
  std::string source;
  std::vector<std::string> tags;
  // false: the note has these tags already, as stored; they are not written
  // again (no row of note_tags, so neither its tag set nor the generations
  // move).
  bool tags_changed = true;
  // typed: the note is (or becomes) of `notetype_id`, not recall Basic, or
  // changes from another type to recall Basic: `fields` are then every field
  // of that type (empty for recall Basic, whose fields are front and back),
  // and cards its fields now make are added.
  bool typed = false;
  int64_t notetype_id = kRecallBasicNotetypeId;
  std::vector<std::string> fields;
};

// The document's text for a note, recorded as its import baseline.
struct NoteBaseline {
  int64_t id = 0;
  std::string front;
  std::string back;
  std::vector<std::string> fields;  // a note of another type: every field (front, back '')
};

struct ImportPlan {
  std::vector<NoteToAdd> adds;  // each gets its front and back (or fields) as baseline
  std::vector<NoteToUpdate> updates;
  std::vector<NoteBaseline> baselines;
  std::vector<int64_t> suspend_note_ids;
  std::map<int64_t, Notetype> notetypes;  // every type other than recall Basic the adds and updates use
};

// The triggers on the tables the adds and updates write (notes, note_tags,
// import_baselines, cards), whose effects the ImportWriter applies itself,
// once, with the connection's triggers off while it writes the rows (see
// lib/src/store/import_trigger_effects.h for each): every card inserted
// counts in its deck's new cards (schema/0009), in the stats totals by state,
// due day and quarter hour added, and in its note's tag set (schema/0014); a
// note whose tags are written moves, with its cards and their answers, to
// the tag set it has now (schema/0014); any row of cards or note_tags
// written bumps collection.generation (schema/0010), and
// collection.memory_generation (schema/0019) when a new card, or a card of
// a note whose tags were written, may have a memory. The UPDATE and DELETE
// triggers of cards have nothing to do: the writer neither updates nor
// deletes cards. A trigger on those tables not in this list (a later
// migration's) keeps every row on the trigger path;
// tests/import_rows_test.cpp checks the list against the schema (by name,
// sorted).
inline constexpr std::array<std::string_view, 28> kImportWriterTriggers = {
    "card_added_totals_update",
    "card_due_totals_update",
    "card_state_totals_update",
    "card_totals_delete",
    "card_totals_insert",
    "deck_card_counts_delete",
    "deck_card_counts_insert",
    "deck_card_counts_update",
    "deck_due_totals_delete",
    "deck_due_totals_insert",
    "deck_due_totals_update",
    "memory_generation_cards_delete",
    "memory_generation_cards_insert",
    "memory_generation_cards_update",
    "memory_generation_note_tags_delete",
    "memory_generation_note_tags_insert",
    "memory_generation_note_tags_update",
    "status_generation_cards_delete",
    "status_generation_cards_insert",
    "status_generation_cards_update",
    "status_generation_note_tags_delete",
    "status_generation_note_tags_insert",
    "status_generation_note_tags_update",
    "tagset_totals_card_delete",
    "tagset_totals_card_insert",
    "tagset_totals_card_update",
    "tagset_totals_tag_delete",
    "tagset_totals_tag_insert"};

// Writes an import's rows as they are decided, in the caller's transaction:
// new notes (each with one new card, a typed note one per ordinal, at the
// end of the new-card order, in the order added), then updates (which keep
// scheduling and history, and bump modified_s as Store::UpdateNote does) and
// baselines. While it is alive the connection's triggers are off (unless a
// trigger it does not know is there, see kImportWriterTriggers); Finish
// applies their effect, turns them on and then adds the cards that typed
// updates now make (AddMissingCards, on the trigger path). Nothing is kept
// in memory per note but the ids of updated notes (and a typed update's
// fields and tags). Throws recall::Error.
// REQUIRES: inside store.Transaction(), with no other writes to the store
// while it is alive but through DeckId.
class ImportWriter {
 public:
  // `max_cards`: at most this many cards from Add calls (their new-card
  // positions are reserved; Finish gives back the ones not used).
  // `text_bytes`: about the text the rows hold (ImportTextBytes), which sizes
  // the page cache. `notetypes`: the types of the typed notes added or
  // updated, by id (read when each is written; may grow meanwhile).
  ImportWriter(Store& store, int64_t max_cards, int64_t text_bytes,
               const std::map<int64_t, Notetype>* notetypes);
  ~ImportWriter();  // triggers on and cache back also when Finish was not reached
  ImportWriter(const ImportWriter&) = delete;
  ImportWriter& operator=(const ImportWriter&) = delete;

  // What Add wrote of a note's cards: `cards` ids from `first_card_id` on,
  // and the note's tags as stored.
  struct AddedCards {
    int64_t first_card_id = 0;
    int64_t cards = 0;
    std::vector<std::string> tags;
  };
  // Returns the new note's id; fills *added when given.
  int64_t Add(const NoteToAdd& note, AddedCards* added = nullptr);
  void Update(const NoteToUpdate& note);
  void Baseline(const NoteBaseline& baseline);
  // Store::GetOrCreateDeck, with the triggers on.
  int64_t DeckId(const std::string& name);
  void Finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The page-cache weight of a note's text: front and back (or every field)
// twice (the note and its baseline) and the key.
inline int64_t ImportTextBytes(const std::string& front, const std::string& back, const std::string& key) {
  return 2 * static_cast<int64_t>(front.size() + back.size()) + static_cast<int64_t>(key.size());
}
inline int64_t ImportTextBytes(const std::vector<std::string>& fields, const std::string& key) {
  int64_t bytes = static_cast<int64_t>(key.size());
  for (const auto& f : fields) bytes += 2 * static_cast<int64_t>(f.size());
  return bytes;
}

// Suspends every card of the notes that is not suspended yet; notes and
// history stay. REQUIRES: inside store.Transaction().
void SuspendNotes(Store& store, const std::vector<int64_t>& note_ids);

// Applies the plan through an ImportWriter, then suspends. Returns the ids
// of the added notes, in order. REQUIRES: called inside store.Transaction().
std::vector<int64_t> ApplyImportPlan(Store& store, const ImportPlan& plan);

}  // namespace recall::detail

#endif  // RECALL_STORE_IMPORT_WRITER_H_

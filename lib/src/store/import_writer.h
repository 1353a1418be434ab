#ifndef RECALL_STORE_IMPORT_WRITER_H_
#define RECALL_STORE_IMPORT_WRITER_H_

// Private: the bulk SQL behind recall::ImportFiles (lib/src/import). Reads
// every keyed note once into memory and applies an import plan with prepared
// statements kept across rows. Callers run both inside one Store::Transaction.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "recall/store.h"

namespace recall::detail {

struct ExistingImportNote {
  int64_t id = 0;
  std::string key;
  std::string guid;
  std::string front;
  std::string back;
  std::string source;
  std::vector<std::string> tags;  // sorted
  bool suspended = false;         // every card of the note is suspended
  bool has_baseline = false;      // what the document gave at the last import:
  std::string base_front;         // (import_baselines)
  std::string base_back;
};

struct ImportIndex {
  std::vector<ExistingImportNote> notes;               // every note
  std::unordered_map<std::string, size_t> by_key;      // key -> index in notes
  std::unordered_map<std::string, size_t> by_guid;     // guid -> index in notes
};

// Every note of the collection (key empty for notes without one). Throws
// recall::Error.
ImportIndex LoadImportIndex(const Store& store);

struct NoteToAdd {
  std::string key;
  std::string guid;
  std::string front;
  std::string back;
  std::string source;
  std::vector<std::string> tags;
  int64_t deck_id = 0;
};

struct NoteToUpdate {
  int64_t id = 0;
  std::string key;
  std::string front;
  std::string back;
  std::string source;
  std::vector<std::string> tags;
};

// The document's text for a note, recorded as its import baseline.
struct NoteBaseline {
  int64_t id = 0;
  std::string front;
  std::string back;
};

struct ImportPlan {
  std::vector<NoteToAdd> adds;  // each gets its front and back as baseline
  std::vector<NoteToUpdate> updates;
  std::vector<NoteBaseline> baselines;
  std::vector<int64_t> suspend_note_ids;
};

// The triggers on the tables the adds and updates write (notes, note_tags,
// import_baselines, cards), whose effects ApplyImportPlan applies itself,
// once, with the connection's triggers off while it writes the rows: each
// card inserted adds one to its deck's count of new cards (schema/0009), and
// any row of cards or note_tags written bumps collection.generation
// (schema/0010). A trigger on those tables not in this list (a later
// migration's) keeps every row on the trigger path;
// tests/import_rows_test.cpp checks the list against the schema.
inline constexpr std::array<std::string_view, 9> kImportWriterTriggers = {
    "deck_card_counts_delete",           "deck_card_counts_insert",
    "deck_card_counts_update",           "status_generation_cards_delete",
    "status_generation_cards_insert",    "status_generation_cards_update",
    "status_generation_note_tags_delete", "status_generation_note_tags_insert",
    "status_generation_note_tags_update"};

// Applies the plan: new notes each with one new card at the end of the
// new-card order, in plan order; updates keep scheduling and history (and
// bump modified_s as Store::UpdateNote does); suspensions leave notes and
// history in place. Returns the ids of the added notes, in order.
// REQUIRES: called inside store.Transaction().
std::vector<int64_t> ApplyImportPlan(Store& store, const ImportPlan& plan);

}  // namespace recall::detail

#endif  // RECALL_STORE_IMPORT_WRITER_H_

#ifndef RECALL_STORE_IMPORT_WRITER_H_
#define RECALL_STORE_IMPORT_WRITER_H_

// Private: the bulk SQL behind recall::ImportFiles (lib/src/import). Reads
// every keyed note once into memory and applies an import plan with prepared
// statements kept across rows. Callers run both inside one Store::Transaction.

#include <array>
#include <cstdint>
#include <memory>
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

// Writes an import's rows as they are decided, in the caller's transaction:
// new notes (each with one new card at the end of the new-card order, in
// the order added), then updates (which keep scheduling and history, and
// bump modified_s as Store::UpdateNote does) and baselines. While it is
// alive the connection's triggers are off (unless a trigger it does not
// know is there, see kImportWriterTriggers); Finish applies their effect and
// turns them on. Nothing is kept in memory per note. Throws recall::Error.
// REQUIRES: inside store.Transaction(), with no other writes to the store
// while it is alive but through DeckId.
class ImportWriter {
 public:
  // `max_adds`: at most this many Add calls (their new-card positions are
  // reserved; Finish gives back the ones not used). `text_bytes`: about the
  // text the rows hold (ImportTextBytes), which sizes the page cache.
  ImportWriter(Store& store, int64_t max_adds, int64_t text_bytes);
  ~ImportWriter();  // triggers on and cache back also when Finish was not reached
  ImportWriter(const ImportWriter&) = delete;
  ImportWriter& operator=(const ImportWriter&) = delete;

  // Returns the new note's id.
  int64_t Add(const NoteToAdd& note);
  void Update(const NoteToUpdate& note);
  void Baseline(const NoteBaseline& baseline);
  // Store::GetOrCreateDeck, with the triggers on.
  int64_t DeckId(const std::string& name);
  void Finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The page-cache weight of a note's text: front and back twice (the note and
// its baseline) and the key.
inline int64_t ImportTextBytes(const std::string& front, const std::string& back, const std::string& key) {
  return 2 * static_cast<int64_t>(front.size() + back.size()) + static_cast<int64_t>(key.size());
}

// Suspends every card of the notes that is not suspended yet; notes and
// history stay. REQUIRES: inside store.Transaction().
void SuspendNotes(Store& store, const std::vector<int64_t>& note_ids);

// Applies the plan through an ImportWriter, then suspends. Returns the ids
// of the added notes, in order. REQUIRES: called inside store.Transaction().
std::vector<int64_t> ApplyImportPlan(Store& store, const ImportPlan& plan);

}  // namespace recall::detail

#endif  // RECALL_STORE_IMPORT_WRITER_H_

#ifndef RECALL_STORE_IMPORT_WRITER_H_
#define RECALL_STORE_IMPORT_WRITER_H_

// Private: the bulk SQL behind recall::ImportFiles (lib/src/import). Reads
// every keyed note once into memory and applies an import plan with prepared
// statements kept across rows. Callers run both inside one Store::Transaction.

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "recall/card.h"
#include "recall/notetype.h"
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
  // Notes of another type than recall Basic (their front is the sort field,
  // back ''): the type and, for notes with a key, every field and the
  // baseline's fields.
  int64_t notetype_id = kRecallBasicNotetypeId;
  std::vector<std::string> fields;
  std::vector<std::string> base_fields;
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

// Applies the plan: new notes each with one new card (a typed note: one per
// ordinal) at the end of the new-card order, in plan order; updates keep scheduling and history (and
// bump modified_s as Store::UpdateNote does); suspensions leave notes and
// history in place. Returns the ids of the added notes, in order.
// REQUIRES: called inside store.Transaction().
std::vector<int64_t> ApplyImportPlan(Store& store, const ImportPlan& plan);

}  // namespace recall::detail

#endif  // RECALL_STORE_IMPORT_WRITER_H_

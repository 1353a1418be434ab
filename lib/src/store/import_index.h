#ifndef RECALL_STORE_IMPORT_INDEX_H_
#define RECALL_STORE_IMPORT_INDEX_H_

// Private: the collection's notes as recall::ImportFiles (lib/src/import)
// plans with them, read before anything is written. A run whose documents
// hold about as many notes as the collection reads every note in one pass;
// otherwise only the notes of its files and those its notes name by key or
// guid (each a seek), so that adding a few questions to a large collection
// reads a few notes.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

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

// What a run's documents ask of the collection.
struct ImportIndexQuery {
  std::vector<std::string> sources;  // the documents' file names (notes.source): every note of them
  std::vector<std::string> keys;     // the notes with these keys
  std::vector<std::string> guids;    // and with these guids
};

// Notes of the collection in id order, with their keys and guids. Either
// every note, or those a query asked for: every note of its sources and
// each note with one of its keys or guids (a note once). A note of the
// collection that matches none of them is not here.
struct ImportIndex {
  std::vector<ExistingImportNote> notes;
  std::unordered_map<std::string, size_t> by_key;   // key -> index in notes (notes with a key)
  std::unordered_map<std::string, size_t> by_guid;  // guid -> index in notes

  // Whether a note of the collection has `guid`, read or not (a look-up for
  // a guid that was not asked for). Throws recall::Error.
  bool GuidTaken(const std::string& guid) const;

  const Store* store = nullptr;                 // set when only a query's notes were read
  std::unordered_set<std::string> asked_guids;  // the query's guids (their answer is by_guid)
};

// Whether an import of `document_notes` notes reads every note rather than
// looking its notes up: when the collection has at most
// kWholeIndexNotesPerDocumentNote times as many cards (docs/performance.md,
// "Import into a large collection"). Reads the per-deck card counts, not
// the cards.
bool ImportReadsEveryNote(const Store& store, size_t document_notes);
inline constexpr int64_t kWholeIndexNotesPerDocumentNote = 1;

// Every note of the collection (key empty for notes without one). Throws
// recall::Error.
ImportIndex LoadImportIndex(const Store& store);

// The notes `query` asks for, in one statement (notes_source, notes_key and
// the guid index). Throws recall::Error.
ImportIndex LoadImportIndex(const Store& store, const ImportIndexQuery& query);

}  // namespace recall::detail

#endif  // RECALL_STORE_IMPORT_INDEX_H_

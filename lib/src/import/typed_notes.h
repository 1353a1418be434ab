#ifndef RECALL_IMPORT_TYPED_NOTES_H_
#define RECALL_IMPORT_TYPED_NOTES_H_

// Private to lib/src/import: notes of a recall Markdown deck that declare a
// note type ("notetype:", docs/formats.md "Note types in a Markdown deck").
// Their type is resolved against the collection (else a stock type), their
// fields are checked against it and converted from Markdown to HTML, and
// re-import plans their update as for recall Basic notes, on every field.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "recall/import.h"
#include "recall/notetype.h"
#include "recall/store.h"
#include "store/import_writer.h"

namespace recall::import_internal {

// A note of a declared type as this import would store it.
struct DocumentNote {
  const Notetype* type = nullptr;   // in the DocumentTypes it was resolved with
  std::vector<std::string> fields;  // in the type's order: HTML (recall Basic: front, back as Markdown)
  std::vector<int> ords;            // the cards it makes
  int64_t notetype_id() const { return type->id; }
};

// The types a run's documents name, by lower-case name (id 0: a stock type
// not yet in the collection).
using DocumentTypes = std::map<std::string, Notetype>;

// The DocumentNote of each note of `doc`, by index (nullopt for recall
// Basic notes). Types are looked up in the collection, then among the stock
// types, and added to `types`. A note that names recall Basic itself becomes
// an undeclared one (its front and back set from its fields). Throws
// Error(kInvalidInput, "<problem> (<file>, line <n>)") for an unknown type,
// an unknown field name, an answer with no field to go to, or a note that
// makes no card; nothing is written.
std::vector<std::optional<DocumentNote>> ResolveDocumentNotes(const Store& store, ParsedDocument* doc,
                                                              std::string_view file, DocumentTypes* types);

// Saves the stock types of `types` that are not in the collection yet and
// gives them their ids. REQUIRES: inside store.Transaction().
void SaveNewNotetypes(Store& store, DocumentTypes* types);

// Re-import of an existing note when the document's note has a declared
// type (`doc` set) or the existing note is of another type than recall
// Basic: the baseline rules of recall Basic notes (docs/formats.md,
// "Identity and re-import") on every field, adding to `plan` what changes.
// A note whose type changes keeps its cards when every one of them has a
// template in the new type; otherwise it is an error naming the file and
// line.
struct TypedUpdate {
  bool conflict = false;  // edited in recall and changed in the document: the edit stays
  bool same = false;      // nothing to write
};
TypedUpdate PlanTypedUpdate(const Store& store, const ImportedNote& n, const DocumentNote* doc,
                            const detail::ExistingImportNote& ex, const std::string& source,
                            const std::vector<std::string>& tags, bool theirs, std::string_view file,
                            detail::ImportPlan* plan);

// The key under which a note that left its file is found again by its
// answer when its question was edited: recall Basic notes their back; a
// typed note its type and every field but the first ("" when those are all
// empty: not matched).
std::string AnswerKey(const detail::ExistingImportNote& ex);
std::string AnswerKey(const DocumentNote& doc);

// Fills the typed part of a note to add (and puts its type in the plan).
void SetTypedAdd(const DocumentNote& doc, detail::NoteToAdd* add, detail::ImportPlan* plan);

}  // namespace recall::import_internal

#endif  // RECALL_IMPORT_TYPED_NOTES_H_

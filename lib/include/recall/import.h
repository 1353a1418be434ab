#ifndef RECALL_IMPORT_H_
#define RECALL_IMPORT_H_

// Importing documents as notes: interview documents (both layouts the user
// writes), recall's Markdown deck format, Anki's "notes in plain text" files
// and .apkg packages. Parsing is pure (text in, notes out); ImportFiles
// applies the result to a Store in one transaction. docs/formats.md
// describes every format, the rules and how a note's identity is derived.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "recall/anki.h"
#include "recall/store.h"

namespace recall {

enum class ImportFormat { kAuto, kInterview, kMarkdown, kTsv, kApkg };

const char* ImportFormatName(ImportFormat format);  // "auto", "interview", ...
std::optional<ImportFormat> ParseImportFormat(std::string_view name);

// A field a recall Markdown deck gives by name (a "%%% Name" section of a
// note of a declared note type; docs/formats.md).
struct ImportedField {
  std::string name;  // as written
  std::string text;  // Markdown, as written
  int line = 0;      // 1-based line of its "%%% Name" line
};

// A note as a document describes it, before it meets the collection.
struct ImportedNote {
  std::string key;    // identity for re-import (see docs/formats.md, "Identity")
  std::string guid;   // empty: derived from the key
  std::string front;  // Markdown
  std::string back;   // Markdown
  std::vector<std::string> tags;  // no whitespace; "::" separates levels
  std::vector<std::string> sections;  // heading path, outermost first (--subdecks)
  std::string deck;   // per-note deck from the file (Anki "#deck column"), else empty
  int line = 0;       // 1-based line where the note starts
  int end_line = 0;   // 1-based last line of its answer (0: not known)
  std::string rule;   // the rule that made it ("heading", "numbered", ...; docs/formats.md)
  // recall Markdown decks only: the note type the file or the note declares
  // ("notetype:"), empty for recall's own Basic type. With a type, `front`
  // is the type's first field and `back` its second (both Markdown, `back`
  // may be empty), and `fields` holds the fields given by name.
  std::string notetype;
  int notetype_line = 0;  // the line of its "notetype:" declaration
  std::vector<ImportedField> fields;
};

// A line that looked like a question but gave no card, and why.
struct SkippedQuestion {
  int line = 0;
  std::string text;
  std::string reason;
};

// Something worth telling the user that did not stop the import.
struct ImportWarning {
  int line = 0;
  std::string message;
};

struct ParsedDocument {
  ImportFormat format = ImportFormat::kInterview;
  std::string title;  // the document's own title, or empty
  std::string deck;   // a deck named by the file itself (Anki "#deck:"), or empty
  std::vector<ImportedNote> notes;
  std::vector<ImportWarning> warnings;
  std::vector<SkippedQuestion> skipped;  // question-like lines that gave no card
};

// "41 questions: 30 heading, 11 numbered" (rules in order of first use);
// "0 questions" for none.
std::string RuleCountsText(const std::vector<ImportedNote>& notes);

// The format `--format auto` picks for a file, from its name and contents
// (`text` may be a prefix of the file).
ImportFormat DetectImportFormat(std::string_view path, std::string_view text);

// Parses a document. `display_name` names the file in error messages; the
// key prefix is its base name. `text` must be the raw file bytes: a UTF-8
// BOM and CRLF line ends are accepted. Throws Error(kInvalidInput) naming
// the file and line for invalid UTF-8 or a malformed line. REQUIRES: format
// is not kAuto or kApkg.
ParsedDocument ParseDocument(std::string_view text, std::string_view display_name, ImportFormat format);

// The identity-relevant form of a question: Unicode NFKC, case-folded,
// whitespace removed, trailing punctuation dropped.
std::string NormalizeQuestion(std::string_view question);

// A tag from a heading: numbering ("2.1", "2.") dropped, "::" and runs of
// whitespace replaced by "_", trimmed.
std::string HeadingToTag(std::string_view heading);

struct ImportOptions {
  std::string deck;                 // target deck; empty: the document's (see docs)
  ImportFormat format = ImportFormat::kAuto;
  bool dry_run = false;             // compute and report, write nothing
  bool prune = false;               // suspend notes that vanished from their file
  bool subdecks = false;            // section headings become sub-decks of the deck
  bool theirs = false;              // a conflict takes the document's text (see kConflict)
};

// kConflict: the note was edited in recall and its text changed in the
// document too; the edit is kept (unless ImportOptions::theirs).
enum class ChangeKind { kAdded, kUpdated, kUnchanged, kMissing, kConflict };

struct NoteChange {
  ChangeKind kind = ChangeKind::kAdded;
  std::string front;
  int line = 0;          // in the document; 0 for missing notes
  int64_t note_id = 0;   // 0 for notes not yet added
};

struct FileImportSummary {
  std::string path;    // as given
  ImportFormat format = ImportFormat::kInterview;
  std::string deck;    // deck new notes went (or would go) to
  int64_t added = 0;
  int64_t updated = 0;
  int64_t unchanged = 0;
  int64_t missing = 0;    // notes from this file that the file no longer has
  int64_t suspended = 0;  // of those, suspended by --prune in this run
  int64_t conflicts = 0;  // edited in recall and in the document (kConflict)
  std::vector<NoteChange> changes;  // added, updated, conflicting and missing ones (not unchanged)
  std::vector<ImportWarning> warnings;
  std::string questions;  // RuleCountsText of the document's notes ("" for .apkg)
  std::vector<SkippedQuestion> skipped;  // question-like lines that gave no card
  std::optional<ApkgImportSummary> apkg;  // for .apkg files (counts above stay 0)
};

// Reads and parses one file as ImportFiles would (format kAuto: detected),
// for `recall import --explain`. Throws as ImportFiles does; REQUIRES: not
// an .apkg file.
ParsedDocument ParseImportFile(const std::string& path, ImportFormat format);

// Imports `paths` in one transaction: all of them or nothing. Throws
// recall::Error: kNotFound for a missing file, kIo for an unreadable one,
// kInvalidInput for invalid UTF-8 or a malformed line (naming file and line).
std::vector<FileImportSummary> ImportFiles(Store& store, const std::vector<std::string>& paths,
                                           const ImportOptions& options);

}  // namespace recall

#endif  // RECALL_IMPORT_H_

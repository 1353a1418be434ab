#ifndef RECALL_ANKI_H_
#define RECALL_ANKI_H_

// Anki packages (.apkg): export of decks with or without scheduling, and
// import of packages written by recall or by Anki. See docs/apkg.md.

#include <cstdint>
#include <string>
#include <vector>

#include "recall/store.h"

namespace recall {

struct ExportOptions {
  std::vector<std::string> decks;  // deck names (sub-decks included); empty: all decks
  std::vector<std::string> tags;   // only notes with one of these tags; empty: all
  bool with_scheduling = false;    // card states and the review log
};

struct ExportSummary {
  int64_t notes = 0;
  int64_t cards = 0;
  int64_t revlog_rows = 0;
  int64_t decks = 0;
  // Media files put into the package (from the collection's media folder),
  // and the names the notes refer to that are not there (left out).
  int64_t media_files = 0;
  std::vector<std::string> missing_media;
};

// Writes `path` (via a temporary file renamed into place once the finished
// package has passed validation). Throws recall::Error.
ExportSummary ExportApkg(Store& store, const std::string& path, const ExportOptions& options);

// Bounds on the work one package may cost (docs/apkg.md "Limits of a
// package"). Past any of them the import stops with one line naming the
// package and what was too large (exit 4) and writes nothing.
struct ApkgLimits {
  int list_depth = 64;                  // <ul>/<ol> nested in one field
  int64_t growth = 8;                   // HTML -> Markdown: output <= growth x input + growth_floor
  int64_t growth_floor = 64 << 10;      // bytes
  int64_t value_bytes = 64 << 20;       // one value of the package's database (a field, col.models)
  int64_t notes = 1000000;              // rows of the package
  int64_t cards = 5000000;
  int64_t revlog = 20000000;
  int64_t milliseconds = 300000;        // the whole import, from opening the package
};

struct ApkgImportOptions {
  bool dry_run = false;
  ApkgLimits limits;
};

struct ApkgImportSummary {
  int64_t notes_added = 0;
  int64_t notes_updated = 0;
  int64_t notes_unchanged = 0;
  int64_t cards_added = 0;
  int64_t cards_updated = 0;  // scheduling taken from the package
  int64_t revlog_added = 0;
  int64_t decks_added = 0;
  int64_t notetypes_added = 0;
  int64_t media_added = 0;  // files written into the media folder
  int64_t notes_without_cards = 0;  // not imported: nothing to study
  // What the package had that recall could not keep, one line each
  // (docs/apkg.md "Kept, converted, dropped").
  std::vector<std::string> not_kept;
  // Out-of-range card states repaired on the way in, one line per kind with
  // its count (docs/apkg.md "Repaired on import").
  std::vector<std::string> repaired;
  // FSRS read back from the package (docs/apkg.md "FSRS").
  int64_t memory_states_imported = 0;  // cards' memory states stored as the package has them
  int64_t memory_states_computed = 0;  // computed from the card's review log instead
  int64_t fsrs_params_adopted = 0;     // parameter sets adopted as the collection's (0 or 1)
  int64_t fsrs_decks_added = 0;        // decks created as fsrs decks
};

// The media folder of a collection: its path with the extension replaced by
// ".media" (collection.db -> collection.media, as Anki's collection.media).
// "" for an in-memory collection.
std::string MediaFolderOf(const std::string& collection_path);

// The media files a note refers to (<img src>, [sound:...], Markdown ![](...)),
// looked up in the collection's media folder as export does: `paths` of
// those that exist, in the order the note names them, and `missing` names.
struct NoteMedia {
  std::vector<std::string> paths;
  std::vector<std::string> missing;
};
NoteMedia MediaOfNote(const Store& store, const Note& note);

// Imports a .apkg (collection.anki2 / .anki21 / .anki21b) in one transaction:
// all or nothing. Throws recall::Error naming the file and the problem.
ApkgImportSummary ImportApkg(Store& store, const std::string& path, const ApkgImportOptions& options);

}  // namespace recall

#endif  // RECALL_ANKI_H_

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

struct ApkgImportOptions {
  bool dry_run = false;
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

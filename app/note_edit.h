#ifndef RECALL_APP_NOTE_EDIT_H_
#define RECALL_APP_NOTE_EDIT_H_

// Editing a note in $VISUAL / $EDITOR: `recall card edit ID` and `e` in
// review use this one file format (docs/cli.md, "The edit file"):
//
//   %%% front
//   <front, exactly>
//   %%% back
//   <back, exactly>
//   %%% tags (space-separated)
//   <tags>
//
// A line of the note that starts with "%%%" after any number of backslashes
// is written with one more backslash, and read back with one less, so note
// text can never be taken for a marker and an edit that changes nothing
// gives back the note byte for byte.

#include <optional>
#include <string>

#include "recall/card.h"

namespace recall::app {

std::string NoteToEditText(const Note& n);

// Reads the edited text back into `note`; nullopt when the marker lines are
// missing, out of order or repeated, or an unknown "%%%" line is found.
std::optional<Note> ParseEditText(const std::string& text, Note note);

struct EditOutcome {
  enum class Kind { kChanged, kUnchanged, kFailed } kind = Kind::kFailed;
  Note note;                   // the edited note (kChanged)
  std::string message;         // why nothing changed (kFailed)
  bool editor_failed = false;  // kFailed because the editor did not exit with 0
};

// Runs $VISUAL, else $EDITOR, else vi on the note in a temporary file
// ($TMPDIR, else /tmp) and reads it back. With `stdin_to_null` the editor's
// standard input is /dev/null (the line protocol owns stdin).
EditOutcome EditInEditor(const Note& note, bool stdin_to_null);

}  // namespace recall::app

#endif  // RECALL_APP_NOTE_EDIT_H_

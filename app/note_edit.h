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
// A note of any other type (an Anki type, a stock type) has one section per
// field, named as the field, in the type's order, then the tags:
//
//   %%% Text
//   <field Text, exactly (Anki's HTML)>
//   %%% Back Extra
//   <field Back Extra>
//   %%% tags (space-separated)
//   <tags>
//
// A line of the note that starts with "%%%" after any number of backslashes
// is written with one more backslash, and read back with one less, so note
// text can never be taken for a marker and an edit that changes nothing
// gives back the note byte for byte.

#include <optional>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/notetype.h"

namespace recall::app {

// `type` is the note's type; nullptr (or recall's Markdown Basic type) gives
// the front/back sections.
std::string NoteToEditText(const Note& n, const Notetype* type = nullptr);

// Reads the edited text back into `note` (its front/back, or for a typed
// note its fields); nullopt when the marker lines are missing, out of order
// or repeated, or an unknown "%%%" line is found.
std::optional<Note> ParseEditText(const std::string& text, Note note, const Notetype* type = nullptr);

struct EditOutcome {
  enum class Kind { kChanged, kUnchanged, kFailed } kind = Kind::kFailed;
  Note note;                   // the edited note (kChanged)
  std::string message;         // why nothing changed (kFailed)
  bool editor_failed = false;  // kFailed because the editor did not exit with 0
};

// Runs $VISUAL, else $EDITOR, else vi on the note in a temporary file
// ($TMPDIR, else /tmp) and reads it back. With `stdin_to_null` the editor's
// standard input is /dev/null (the line protocol owns stdin).
// A typed note whose every field is left empty is refused, as an empty front is.
EditOutcome EditInEditor(const Note& note, bool stdin_to_null, const Notetype* type = nullptr);

// What an edit of a typed note did to its cards (the store makes a card for
// each template whose question became non-empty and keeps the cards whose
// question became empty, as Anki does), for the message after "edited":
// "; 1 new card (card 2)" and "; card 1 kept though its question is now
// empty (as Anki keeps it)"; "" when neither. `before` and `after` are the
// note's cards around the edit; `edited` the note as saved.
std::string CardChangesText(const Notetype& type, const Note& edited, const std::vector<Card>& before,
                            const std::vector<Card>& after);

}  // namespace recall::app

#endif  // RECALL_APP_NOTE_EDIT_H_

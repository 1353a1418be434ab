#ifndef RECALL_APP_NOTE_EDIT_H_
#define RECALL_APP_NOTE_EDIT_H_

// Editing the note under review in $VISUAL / $EDITOR (`e` in review).

#include <optional>
#include <string>

#include "recall/session.h"

namespace recall::app {

// The text handed to the editor, and reading it back into `note` (nullopt
// when a marker is missing).
std::string NoteToEditText(const Note& n);
std::optional<Note> ParseEditText(const std::string& text, Note note);

// Runs $VISUAL / $EDITOR (else vi) on the note; returns a message for the user.
std::string EditNote(ReviewSession& session, bool stdin_to_null);

}  // namespace recall::app

#endif  // RECALL_APP_NOTE_EDIT_H_
